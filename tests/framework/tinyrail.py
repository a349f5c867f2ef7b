"""The example title (docs/examples/tinyrail) as a test fixture, and a way to break a copy."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from railyard.framework.loader import TitleErrors, load_title

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "tinyrail"


def broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the example at ``tmp_path/tinyrail`` with ``old`` replaced once in ``file``."""
    folder = tmp_path / "tinyrail"
    if not folder.exists():
        shutil.copytree(EXAMPLE, folder)
    target = folder / file
    text = target.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def errors_of(folder: Path, **kwargs: object) -> list[str]:
    """The printed errors of loading ``folder`` (which must fail)."""
    with pytest.raises(TitleErrors) as caught:
        load_title(folder, **kwargs)  # type: ignore[arg-type]
    return [str(e) for e in caught.value]
