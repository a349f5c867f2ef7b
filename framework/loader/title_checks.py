"""The last loading stage: the title's own code. Its hooks must import, its ``view:`` module
must exist, and a title's (or family's) own cross-checks run, so that validate finds what a
game would otherwise trip on (a hooks file with a syntax error, a dangling reference only the
title's code understands).

A title's hooks module may define ``check_title(documents) -> [(path, message)]``: paths are
document paths (``("setup", "fixed", "growth", "green")``) reported at their file and line.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

from railyard.framework.loader.errors import ErrorList, format_path
from railyard.framework.loader.families import Parts
from railyard.framework.loader.yamlio import SourceMap


def _hooks_path(parts: Parts) -> Path | None:
    if not parts.manifest.hooks:
        return None
    base = parts.path / parts.manifest.hooks
    return base if base.is_dir() else base.with_suffix(".py")


def _where(error: BaseException, folder: Path) -> str:
    """``hooks/data.py:12`` for the innermost frame of the title's own files, or ''."""
    if isinstance(error, SyntaxError) and error.filename:
        return f"{_short(error.filename, folder)}:{error.lineno}: "
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename.startswith(str(folder))]
    return f"{_short(frames[-1].filename, folder)}:{frames[-1].lineno}: " if frames else ""


def _short(file: str, folder: Path) -> str:
    try:
        return str(Path(file).resolve().relative_to(folder.resolve()))
    except ValueError:
        return file


def _message(error: BaseException) -> str:
    text = error.msg if isinstance(error, SyntaxError) else str(error)
    return f"{type(error).__name__}: {text}"


def import_hooks(parts: Parts) -> tuple[ModuleType | None, str | None]:
    """The title's hooks module, or why it cannot be imported."""
    from railyard.framework.core.ruleset import title_hooks_module

    path = _hooks_path(parts)
    if path is None:
        return None, None
    try:
        return title_hooks_module(SimpleNamespace(hooks_path=path)), None
    except Exception as error:  # noqa: BLE001 - SyntaxError, ImportError, anything it raises
        return None, f"cannot import: {_where(error, parts.path)}{_message(error)}"


def check(parts: Parts, errors: ErrorList, manifest_file: str, manifest_source: SourceMap,
          source: SourceMap) -> None:
    """Add every problem of the title's code to ``errors``."""
    module, problem = import_hooks(parts)
    if problem is not None:
        errors.add(manifest_file, manifest_source.line(("hooks",)), "hooks", problem)
    own: Any = getattr(module, "check_title", None) if module is not None else None
    if not callable(own):
        return
    try:
        found = list(own(parts.documents))
    except Exception as error:  # noqa: BLE001 - a check that crashes is a title error too
        errors.add(manifest_file, manifest_source.line(("hooks",)), "hooks",
                   f"check_title failed: {_where(error, parts.path)}{_message(error)}")
        return
    for path, message in found:
        file, line, shown = source.place(tuple(path))
        errors.add(file, line, shown or format_path(tuple(path)), message)
