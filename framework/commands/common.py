"""Arguments and loading shared by the commands that take a title."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_title_arguments(parser: argparse.ArgumentParser, *, optional: bool = False,
                        title_help: str = "a title name (under titles/) or a folder") -> None:
    """TITLE, --variant and --set, the same for every command that loads a title; an
    ``optional`` TITLE is for a command that can take its title from a save instead."""
    parser.add_argument("title", metavar="TITLE", nargs="?" if optional else None, help=title_help)
    parser.add_argument("--variant", metavar="V", help="a variant named in title.yaml")
    parser.add_argument(
        "--set",
        dest="overrides",
        metavar="PATH=VALUE",
        action="append",
        default=[],
        help="override one value, e.g. --set trains.2.price=100 (repeatable; VALUE is YAML)",
    )


def load_or_report(args: argparse.Namespace, *, check_code: bool = True) -> Any | None:
    """The loaded title, or None after printing every error to stderr (``check_code``: see
    :func:`~framework.loader.loading.load_title`)."""
    from railyard.framework.loader import TitleErrors, load_title

    try:
        return load_title(args.title, variant=args.variant, overrides=args.overrides,
                          check_code=check_code)
    except TitleErrors as errors:
        report_title_errors(args.title, errors)
        return None


def report_title_errors(name: str, errors: Any) -> None:
    """A title's errors on stderr; a name that is no title at all gets the titles there are
    and the nearest ones instead of a folder path (a title number one digit off)."""
    unknown = unknown_title(str(name))
    if unknown is not None:
        print(unknown, file=sys.stderr)
        return
    for error in errors:
        print(error, file=sys.stderr)


def unknown_title(name: str) -> str | None:
    """What to say about ``name`` when it is neither a packaged title nor a title's folder
    (None when it is one of them, whose own errors are then the thing to show)."""
    import difflib
    from pathlib import Path

    from railyard.framework.resources import titles_folder

    folder = titles_folder()
    ids = sorted(p.name for p in folder.iterdir() if (p / "title.yaml").is_file())
    given = Path(name)
    if name in ids or (given / "title.yaml").is_file() or (given.name == "title.yaml" and given.is_file()):
        return None
    near = nearest(name, ids) or difflib.get_close_matches(name, ids, n=2, cutoff=0.6)
    hint = f" Did you mean {' or '.join(near)}?" if near else ""
    return f"no title {name!r}. The titles are: {', '.join(ids)}.{hint}"


def add_save_title_argument(parser: argparse.ArgumentParser) -> None:
    """``--title PATH``: the one way a save's title comes from a folder of the user's choosing
    (a save names its title by id, found under titles/ only)."""
    parser.add_argument(
        "--title", dest="title_path", metavar="PATH", default=None,
        help="the title's folder, for a save of a title not under titles/ "
             "(a save names its title by id and never a path)",
    )


def one_line(error: BaseException) -> str:
    """An error as one line: the first of a TitleErrors list (with a count), else its text."""
    from railyard.framework.loader import TitleErrors

    if isinstance(error, TitleErrors):
        first = str(error.errors[0]) if error.errors else "title errors"
        more = f" (and {len(error) - 1} more)" if len(error) > 1 else ""
        return first + more
    if isinstance(error, RecursionError):
        return "nested too deeply"
    if isinstance(error, OSError):
        return error.strerror or str(error)
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 500 else text[:497] + "..."


def load_save(path: str, title_path: str | None = None, **kwargs: Any) -> Any:
    """The saved game at ``path``, or None after one line on stderr saying why not.

    Whatever a save file holds ends here as a clear message, never a traceback: a file that
    is not a save, a wrong field, a title that will not load, an action the rules refuse."""
    from railyard.framework.core.game import Game
    from railyard.framework.loader import find_title

    try:
        # a folder, so that the title loads with the save's own variant and overrides
        title = find_title(title_path) if title_path else None
        return Game.load(path, title=title, **kwargs)
    except Exception as error:  # noqa: BLE001 - every failure of a file's content is reported
        print(f"{path}: cannot load the save: {one_line(error)}", file=sys.stderr)
        return None


def nearest(word: str, names: list[str], most: int = 2) -> list[str]:
    """The names fewest single-character edits away from ``word`` (at most ``most`` edits):
    a mistyped title number is one digit off, and the names one edit away are what was meant,
    not those that merely share digits."""
    def edits(a: str, b: str) -> int:
        row = list(range(len(b) + 1))
        for i, ca in enumerate(a, 1):
            prev, row[0] = row[0], i
            for j, cb in enumerate(b, 1):
                prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
        return row[-1]

    scored = {n: edits(word.lower(), n.lower()) for n in names}
    best = min(scored.values(), default=most + 1)
    return [n for n, d in scored.items() if d == best and d <= most]
