"""A disk cache of loaded titles, so that a second start does no JSON Schema validation and no
cattrs structuring (about half of a process's start-up).

An entry is keyed by a digest of the files the title names (:func:`named_files`), the variant, the overrides and
the code version (the size and modification time of every source file of the engine and every
schema), so an edited title, schema or loader is never served from the cache. The cache is only
an accelerator: an entry that cannot be read, does not unpickle or holds something else than a
title is ignored (and replaced); a cache directory that cannot be written is not an error.

Location: ``$RAILYARD_CACHE_DIR`` if set (empty or ``off``: no cache), else
``$XDG_CACHE_HOME/railyard`` or ``~/.cache/railyard``. Entries are pickles written by this user
only (the folder is made private); the cache holds nothing a title's own files do not.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from railyard.framework.gcpause import paused
from railyard.framework.safefiles import FileRefused, confined, read_bounded

#: bump when the meaning of a cached entry changes without any source file changing
FORMAT = 1
ENV = "RAILYARD_CACHE_DIR"

_PACKAGE_ROOT = Path(__file__).resolve().parent.parent.parent
_CODE_VERSION: str | None = None


def cache_dir() -> Path | None:
    """Where entries live, or None when the cache is switched off."""
    configured = os.environ.get(ENV)
    if configured is not None:
        if configured.strip() in ("", "off", "0", "none"):
            return None
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "railyard"


def code_version() -> str:
    """A digest of the engine's sources and schemas (name, size, modification time)."""
    global _CODE_VERSION
    if _CODE_VERSION is None:
        digest = hashlib.sha256(f"format {FORMAT}".encode())
        root = os.fspath(_PACKAGE_ROOT)
        for folder, suffix in (("framework", ".py"), ("schemas", ".json")):
            entries: list[str] = []
            for here, dirs, names in os.walk(os.path.join(root, folder)):
                dirs[:] = [d for d in dirs if d != "__pycache__"]
                entries.extend(os.path.join(here, n) for n in names if n.endswith(suffix))
            start = len(root) + 1  # os.walk's paths are the (resolved) root joined with more
            for path in sorted(entries):
                stat = os.stat(path)
                digest.update(f"{path[start:]}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
        _CODE_VERSION = digest.hexdigest()
    return _CODE_VERSION


def title_fingerprint(folder: Path) -> str:
    """A digest of the files the title names (names and bytes): title.yaml, its concerns'
    files, its variants' overlays and its hooks' sources.

    Only those: a stray file in the folder (a 300 MB log, a link to ``/dev/zero``, a named pipe)
    is never opened, and each named file is read within the loader's size limit, a regular
    file only; one that cannot be read so counts as a marker saying why (the load then reports
    it)."""
    digest = hashlib.sha256()
    base = folder.resolve()
    for relative in named_files(folder):
        digest.update(relative.encode("utf-8", "surrogatepass") + b"\0")
        inside = confined(base, relative, resolved=True)
        try:
            if inside is None:
                raise FileRefused("outside the title folder")
            digest.update(b"+" + read_bounded(inside, MAX_TITLE_FILE))
        except OSError as error:  # missing, refused: the load says so, with its line
            digest.update(b"-" + str(error).encode("utf-8", "replace"))
        digest.update(b"\0")
    return digest.hexdigest()


#: the loader's limit on one title file (yamlio.LIMITS.max_bytes, without importing YAML here)
MAX_TITLE_FILE = 4 * 1024 * 1024
#: source files of a hooks package taken into the fingerprint at most (more is not a title)
MAX_HOOK_FILES = 1000


def named_files(folder: Path) -> list[str]:
    """The files title.yaml names, relative to the folder, title.yaml first. A manifest that
    cannot be read names none besides itself (its load fails and nothing is cached).

    What a manifest names depends on its bytes alone, so it is remembered in the cache folder
    by their digest: a start whose title is cached reads title.yaml without parsing YAML."""
    from railyard.framework.loader.finding import MANIFEST

    try:
        raw = read_bounded(folder / MANIFEST, MAX_TITLE_FILE)
    except OSError:
        return [MANIFEST]
    listed, hooks = _listed(raw, folder / MANIFEST)
    return [MANIFEST, *listed, *(_hook_sources(folder, hooks) if hooks else ())]


def _listed(raw: bytes, file: Path) -> tuple[list[str], str | None]:
    """(the data files a manifest of these bytes names, its hooks module), remembered."""
    import json

    where = cache_dir()
    # the bytes and the engine (which concerns a family requires is code) decide the answer
    key = hashlib.sha256(raw + b"\0" + code_version().encode()).hexdigest()
    memo = None if where is None else where / "manifests" / f"{key}.json"
    if memo is not None:
        try:
            with open(memo, encoding="utf-8") as handle:
                found = json.load(handle)
            names, hooks = found["names"], found["hooks"]
            if isinstance(names, list) and all(isinstance(n, str) for n in names) and (
                    hooks is None or isinstance(hooks, str)):
                return names, hooks
        except Exception:  # noqa: BLE001 - missing or damaged: worked out again
            pass
    names, hooks = _parse_listed(file)
    if memo is not None:
        with contextlib.suppress(Exception):
            _store_bytes(memo, json.dumps({"names": names, "hooks": hooks}).encode())
            _prune(memo.parent, ".json")
    return names, hooks


def _parse_listed(file: Path) -> tuple[list[str], str | None]:
    from railyard.framework.loader.errors import TitleErrors
    from railyard.framework.loader.families import family
    from railyard.framework.loader.yamlio import parse_yaml, read_text

    try:
        manifest = parse_yaml(read_text(file), file).data
    except (TitleErrors, OSError):
        return [], None
    if not isinstance(manifest, dict):
        return [], None
    names: list[str] = []
    files = manifest.get("files")
    files = dict(files) if isinstance(files, dict) else {}
    fam = family(str(manifest.get("family")))
    for concern in fam.required if fam is not None else ():
        files.setdefault(concern, f"{concern}.yaml")
    for ref in files.values():
        path = ref.get("path") if isinstance(ref, dict) else ref
        if isinstance(path, str):
            names.append(path)
    variants = manifest.get("variants")
    for variant in variants.values() if isinstance(variants, dict) else ():
        overlay = variant.get("overlay") if isinstance(variant, dict) else None
        if isinstance(overlay, str):
            names.append(overlay)
    hooks = manifest.get("hooks")
    return names, hooks if isinstance(hooks, str) else None


def _hook_sources(folder: Path, hooks: str) -> list[str]:
    """``hooks.py``, or the Python sources of a ``hooks/`` package (inside the folder only)."""
    package = confined(folder, hooks)
    if package is None or not package.is_dir():
        return [f"{hooks}.py"]
    found: list[str] = []
    base = folder.resolve()
    for here, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        found += [os.path.relpath(os.path.join(here, n), base) for n in sorted(names) if n.endswith(".py")]
        if len(found) > MAX_HOOK_FILES:
            return found[:MAX_HOOK_FILES]
    return found


def entry_key(folder: Path, variant: str | None, overrides: Iterable[str],
              fingerprint: str | None = None) -> str:
    """``fingerprint``: the folder's :func:`title_fingerprint` when the caller has it."""
    parts = [code_version(), os.fspath(folder.resolve()),
             fingerprint if fingerprint is not None else title_fingerprint(folder),
             repr(variant), repr(tuple(overrides))]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def cached(key: str, build: Callable[[], Any], accept: Callable[[Any], bool]) -> Any:
    """The entry under ``key`` if there is a good one (``accept`` says so), else ``build()``'s
    result, stored for the next time. Errors of ``build`` pass through; cache trouble never."""
    where = cache_dir()
    if where is None:
        return build()
    file = where / "titles" / f"{key}.pickle"
    try:
        # a title is tens of thousands of objects and no garbage: no collections meanwhile
        with open(file, "rb") as handle, paused():
            found = pickle.load(handle)
        if accept(found):
            return found
    except Exception:  # noqa: BLE001 - a missing, corrupt or stale entry is just rebuilt
        pass
    value = build()
    _store(file, value)
    return value


def lookup(key: str, accept: Callable[[Any], bool]) -> Any | None:
    """The entry under ``key`` if there is a good one, else None (nothing is built or stored)."""
    where = cache_dir()
    if where is None:
        return None
    try:
        with open(where / "titles" / f"{key}.pickle", "rb") as handle, paused():
            found = pickle.load(handle)
    except Exception:  # noqa: BLE001 - missing, corrupt or stale: not there
        return None
    return found if accept(found) else None


def _store(file: Path, value: Any) -> None:
    try:
        _store_bytes(file, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        _prune(file.parent)
    except Exception:  # noqa: BLE001 - an unwritable cache or an unpicklable title: no cache
        pass


def _store_bytes(file: Path, data: bytes) -> None:
    """``data`` as ``file``, whole or not at all (a temporary file renamed over it)."""
    import tempfile  # only when an entry is written

    file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, temp = tempfile.mkstemp(dir=file.parent, prefix=".tmp-", suffix=file.suffix)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, file)
    except BaseException:
        os.unlink(temp)
        raise


#: entries kept; every edit of the engine makes new keys, so old entries are dropped, oldest first
MAX_ENTRIES = 64


def _prune(folder: Path, suffix: str = ".pickle") -> None:
    entries = [e for e in os.scandir(folder) if e.name.endswith(suffix)]
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort(key=lambda e: e.stat().st_mtime_ns)
    for entry in entries[: len(entries) - MAX_ENTRIES]:
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
