"""The ``railyard`` command line.

Each command is a module of :mod:`framework.commands` exposing ``register(subparsers)``, which
adds its sub-parser and sets ``func`` (``func(args) -> exit code``). Adding a command means
adding a module and one name to ``COMMANDS``; nothing else here changes.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import signal
import sys
from collections.abc import Sequence

COMMANDS: tuple[str, ...] = (
    "railyard.framework.commands.validate",
    "railyard.framework.commands.info",
    "railyard.framework.commands.play",
    "railyard.framework.commands.render",
    "railyard.framework.commands.routes",
    "railyard.framework.commands.replay",
    "railyard.framework.commands.simulate",
    "railyard.framework.commands.report",
    "railyard.framework.commands.import_18xxgames",
    "railyard.framework.commands.export_18xxgames",
    "railyard.framework.commands.transcribe_18xxgames",
    "railyard.framework.commands.compare_human",
    "railyard.framework.commands.conformance",
)


def command_name(module: str) -> str:
    """The command a module registers: its last name with dashes (``import-18xxgames``)."""
    return module.rsplit(".", 1)[-1].replace("_", "-")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of the command ``only`` alone: each command's module is
    imported only to run it, so a command does not pay for the others' imports."""
    parser = argparse.ArgumentParser(
        prog="railyard", description="A data-driven engine for 18xx railway board games."
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for name in COMMANDS:
        if only is None or command_name(name) == only:
            importlib.import_module(name).register(subparsers)
    return parser


def _chosen(argv: Sequence[str]) -> str | None:
    """The command named first on the line, if it is one (help and errors need every one)."""
    first = next((a for a in argv if not a.startswith("-")), None)
    if first is None or argv[0].startswith("-"):
        return None
    return first if first in {command_name(n) for n in COMMANDS} else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: the process's own, as the ``railyard`` script
    does)."""
    if argv is None:  # the process's own command line: the process ends with it
        try:
            code, quick = _main(sys.argv[1:])
        finally:
            # nothing the command made is worth collecting now: keep it out of the collection
            # that Python's shutdown runs over the whole heap (a few milliseconds after a replay)
            gc.freeze()
        if quick:
            exit_now(code)
        return code
    return _main(argv)[0]


def exit_now(code: int) -> None:
    """End the process at once, its output flushed: a command that only read and printed
    leaves nothing to tidy, and taking a replay's heap apart object by object is a few per cent
    of the whole process (mypy ends the same way). Commands say so with ``quick_exit=True``;
    one that writes files, starts workers or opens a window does not."""
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    os._exit(code)


def _main(argv: Sequence[str]) -> tuple[int, bool]:
    """The command's exit code, and whether the process may end without tearing down."""
    if hasattr(signal, "SIGPIPE"):  # `railyard info TITLE | head -3` ends quietly, as Unix tools do
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    argv = list(argv)
    parser = build_parser(_chosen(argv))
    args = parser.parse_args(argv)
    quick = bool(getattr(args, "quick_exit", False))
    try:
        code = args.func(args)
    except (KeyboardInterrupt, BrokenPipeError):
        return 130, False
    except Exception as error:  # noqa: BLE001 - a user sees one line; RAILYARD_DEBUG=1 the trace
        if os.environ.get("RAILYARD_DEBUG"):
            raise
        from railyard.framework.commands.common import one_line

        print(f"railyard {args.command}: {type(error).__name__}: {one_line(error)}", file=sys.stderr)
        return 1, quick
    return int(code or 0), quick


if __name__ == "__main__":
    sys.exit(main())
