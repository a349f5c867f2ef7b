"""Where the package's own data lives: the shipped titles and the JSON Schemas.

Found with ``importlib.resources`` from the installed package ``railyard`` (a wheel, a plain
``pip install .`` or an editable checkout alike), never from paths built out of a module's
``__file__``. A designer's title outside the package loads by its path instead.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path


@cache
def package_folder(package: str = "railyard") -> Path:
    """The folder of a package of railyard on disk (the loader reads titles as files)."""
    found = files(package)
    if not isinstance(found, Path):
        raise RuntimeError(f"{package} is not installed as plain files ({found!r}): "
                           "railyard reads its titles and schemas from a folder")
    return found


def titles_folder() -> Path:
    """The folder of the titles shipped with railyard (``railyard.titles``)."""
    return package_folder("railyard.titles")


def title_folder(name: str) -> Path:
    """The folder of one shipped title."""
    return titles_folder() / name


def schemas_folder() -> Path:
    """The folder of the JSON Schemas of every title file (``railyard.schemas``)."""
    return package_folder("railyard.schemas")
