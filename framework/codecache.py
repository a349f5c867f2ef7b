"""A disk cache of the code attrs compiles for the engine's classes.

attrs writes the methods of every class it builds (``__init__``, ``__eq__``, ``__hash__``...)
as Python source and compiles it when the class is created: for the engine's two hundred-odd
classes that is about a third of importing the rules (a tenth of replaying a recorded game in
a fresh process). Python keeps the byte code of modules in ``.pyc`` files, but not of this
generated source; this module keeps it in the title cache's folder
(:mod:`framework.loader.cache`, ``$RAILYARD_CACHE_DIR``), so a later process loads it with
``marshal`` instead of compiling.

An entry is keyed by a digest of the exact source and file name attrs compiles, in a file per
Python version, optimisation level and attrs version, so the code loaded is the code the
compiler would give. One part of the source differs from process to process: attrs writes
``hash(<the class's generated file name>)`` into ``__hash__`` as a number, and string hashes are
salted per process; that number is keyed as a placeholder and put back into the loaded code's
constants. Only attrs's own ``compile`` calls are served (the name in its module); anything
else compiles as usual.

The cache is an accelerator only: a missing, unreadable or corrupt file means compiling, an
unwritable folder is not an error, and with the cache switched off (``RAILYARD_CACHE_DIR=off``)
nothing is read or written. It is installed when attrs is first imported (a command that does
not use attrs, such as a warm ``railyard info``, does not import it for this).
"""

from __future__ import annotations

import builtins
import contextlib
import hashlib
import marshal
import os
import sys
import types
from pathlib import Path
from typing import Any

_LOADED: dict[bytes, bytes] | None = None
_NEW: dict[bytes, bytes] = {}
_FILE: Path | None = None
_real_compile = builtins.compile
_METHODS = "<attrs generated methods "
_PLACEHOLDER = "__railyard_type_hash__"


def _file(make: Any) -> Path | None:
    """The cache file for this Python and this attrs (told by its ``_make`` module's file:
    attrs is still being imported here, so its version is not known yet)."""
    from railyard.framework.loader.cache import cache_dir

    where = cache_dir()
    if where is None:
        return None
    source = os.stat(make.__file__)
    attrs_tag = hashlib.blake2b(f"{make.__file__}:{source.st_size}:{source.st_mtime_ns}".encode(),
                                digest_size=6).hexdigest()
    tag = f"{sys.implementation.cache_tag}-o{sys.flags.optimize}-attrs-{attrs_tag}"
    return where / "code" / f"attrs-{tag}.marshal"


def _read(file: Path) -> dict[bytes, bytes]:
    try:
        with open(file, "rb") as handle:
            found = marshal.load(handle)
    except Exception:  # noqa: BLE001 - missing or corrupt: compile
        return {}
    return found if isinstance(found, dict) else {}


def _with_constant(code: types.CodeType, old: int, new: int) -> types.CodeType:
    """``code`` with the integer constant ``old`` replaced by ``new``, in nested code too."""
    consts = tuple(
        new if type(c) is int and c == old
        else _with_constant(c, old, new) if isinstance(c, types.CodeType) else c
        for c in code.co_consts
    )
    return code.replace(co_consts=consts)


def _compile(source: Any, filename: Any, mode: str, *args: Any, **kwargs: Any) -> Any:
    """``compile`` for attrs: generated methods come from the cache when compiled before."""
    global _LOADED
    if args or kwargs or mode != "exec" or not isinstance(source, str) \
            or not isinstance(filename, str) or not filename.startswith(_METHODS):
        return _real_compile(source, filename, mode, *args, **kwargs)
    # the number attrs writes into __hash__ for this class (see the module's docstring)
    type_hash = hash("<attrs generated hash " + filename[len(_METHODS):])
    literal = f"        {type_hash},\n"
    salted = literal in source
    keyed = source.replace(literal, f"        {_PLACEHOLDER},\n") if salted else source
    if _LOADED is None:
        _LOADED = _read(_FILE) if _FILE is not None else {}
    key = hashlib.blake2b(f"{filename}\0{keyed}".encode(), digest_size=16).digest()
    raw = _LOADED.get(key)
    if raw is not None:
        try:
            stored, code = marshal.loads(raw)
            if salted and stored != type_hash:
                code = _with_constant(code, stored, type_hash)
            return code
        except Exception:  # noqa: BLE001 - a corrupt entry: compile it again
            pass
    code = _real_compile(source, filename, mode)
    _NEW[key] = marshal.dumps((type_hash, code))
    return code


def _save() -> None:
    """Adds the code compiled in this process to the file (written whole, then renamed)."""
    if not _NEW or _FILE is None:
        return
    import tempfile

    try:
        merged = _read(_FILE)
        merged.update(_NEW)
        _FILE.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, temp = tempfile.mkstemp(dir=_FILE.parent, prefix=".tmp-", suffix=".marshal")
        try:
            with os.fdopen(fd, "wb") as handle:
                marshal.dump(merged, handle)
            os.replace(temp, _FILE)
        except BaseException:
            os.unlink(temp)
            raise
        _NEW.clear()
    except Exception:  # noqa: BLE001 - an unwritable cache: compile next time
        pass


def _patch(make: Any) -> None:
    global _FILE
    if getattr(make, "compile", None) is _compile:
        return
    _FILE = _file(make)
    if _FILE is None:
        return
    import atexit

    make.compile = _compile
    atexit.register(_save)


class _WhenAttrsLoads:
    """A finder that asks nothing of other imports: when ``attr._make`` is imported, it lets
    the normal finders find it and patches the module once it has run."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "attr._make":
            return None
        import importlib.machinery

        _remove_finder()
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        loader = spec.loader
        run = loader.exec_module

        def exec_module(module: Any) -> None:
            run(module)
            with contextlib.suppress(Exception):  # an accelerator, never a failure
                _patch(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


_FINDER = _WhenAttrsLoads()


def _remove_finder() -> None:
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)


def install() -> None:
    """Serve attrs's compiles from the cache: now if attrs is already imported, else when it
    is (without importing it here)."""
    make = sys.modules.get("attr._make")
    if make is not None:
        with contextlib.suppress(Exception):  # an accelerator, never a failure
            _patch(make)
    elif _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
