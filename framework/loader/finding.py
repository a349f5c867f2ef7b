"""Finding a title's folder: by the id of a packaged title, or by a path.

Kept apart from loading so that a command whose answer is already in the cache (``railyard
info``) finds the folder and the cache entry without importing the loader's machinery.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from railyard.framework.resources import titles_folder

MANIFEST = "title.yaml"

TITLE_ID = re.compile(r"[a-z0-9_]+")


def find_title(name_or_path: str | os.PathLike[str], *, by_id: bool = False) -> Path:
    """The folder of a title: a path to a folder (or its title.yaml), or a name under titles/.

    ``by_id`` (what a save file names) takes only an id (``[a-z0-9_]+``) of a packaged title,
    never a path: a save never decides which folder's code runs."""
    text = os.fspath(name_or_path)
    packaged = titles_folder() / text
    is_id = isinstance(name_or_path, str) and TITLE_ID.fullmatch(text) is not None
    if is_id and (packaged / MANIFEST).is_file():
        return packaged  # a bare id is the packaged title, whatever the cwd holds (./id is the folder)
    if by_id:
        raise _not_found(text, f"no title with id {text!r} under {titles_folder()}")
    given = Path(name_or_path)
    if given.name == MANIFEST and given.is_file():
        return given.parent
    if (given / MANIFEST).is_file():
        return given
    raise _not_found(
        text, f"no title here: neither a folder with {MANIFEST} nor a name under {titles_folder()}"
    )


def _not_found(text: str, message: str) -> Exception:
    from railyard.framework.loader.errors import TitleError, TitleErrors

    return TitleErrors([TitleError(text, 0, "(title)", message)])
