"""Save files: written so that a crash never costs the previous save, read so that nothing in
one is guessed at.

Writing: the text goes to a temporary file in the same folder, is flushed to the disk, and
then renamed over the old save (a rename within one folder is atomic), so a reader sees the old
save or the new one, whole, never a mix or an empty file; the old save is kept beside it as
``NAME.bak``. Reading: a save is a file a user may have been handed, so it is read within
bounds (size, nesting), structured with no coercion (``"135"`` is not 135, ``true`` is not 1),
and every refusal names the field (``actions[3].price: expected an integer, got 160.7``).
A save names its title by id only: which code runs is never the save's choice.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import sys
import tempfile
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from railyard.framework.core.actions import registered_type
from railyard.framework.limits import overrides_problem
from railyard.framework.records import Record
from railyard.framework.safefiles import FileRefused, read_bounded

SAVE_FORMAT = "railyard-save"
SAVE_VERSION = 1
BACKUP_SUFFIX = ".bak"

#: a title or variant id: what a save may name (never a path)
ID_PATTERN = re.compile(r"[a-z0-9_]+")
MAX_SAVE_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 64
MAX_ACTIONS = 1_000_000
MAX_SEED = 2**63


class SaveError(ValueError):
    """A save file that cannot be read as one: names the field and what is wrong with it."""


# ---------------------------------------------------------------------------- writing
def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _keep_previous(target: Path, backup: Path) -> None:
    """``backup`` becomes the current ``target`` (replaced atomically, so a crash here leaves
    the old backup or the new one, whole)."""
    temp = backup.with_name(f".{backup.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        temp.unlink()
    try:
        os.link(target, temp)  # the same bytes under a second name, no copy
    except OSError:
        data = target.read_bytes()
        with open(temp, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
    os.replace(temp, backup)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, keep_previous: bool = False) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that ``path`` holds either its old content or all of
    ``text``, whenever the process dies. With ``keep_previous`` the old content stays beside it
    as ``path + ".bak"``."""
    target = Path(path)
    folder = target.parent
    _clean_stale_temps(folder, target.name)
    fd, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        # the mode the file has (or a new file would get), not mkstemp's private 0600
        with contextlib.suppress(OSError):
            os.fchmod(fd, _mode_for(target))
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if keep_previous and target.is_file():
            _keep_previous(target, target.with_name(target.name + BACKUP_SUFFIX))
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_dir(folder)


def _mode_for(target: Path) -> int:
    """The permission bits ``target`` has, or those ``open()`` would give a new file (0666
    less the umask)."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask, read without changing it where the system says it (Linux); else
    set and set back at once."""
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: a temporary file of a save older than this belongs to no write in progress (a write takes
#: well under a second): a process killed mid-write left it
STALE_TEMP_SECONDS = 600


def _clean_stale_temps(folder: Path, name: str) -> None:
    """Remove the temporary files earlier writes of ``name`` left when killed (``.NAME.*.tmp``
    older than :data:`STALE_TEMP_SECONDS`); a fresh one may be another writer's, and stays."""
    import time

    prefix = f".{name}."
    try:
        entries = [e for e in os.scandir(folder) if e.name.startswith(prefix) and e.name.endswith(".tmp")]
    except OSError:
        return
    now = time.time()
    for entry in entries[:1000]:
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP_SECONDS:
                os.unlink(entry.path)


# ---------------------------------------------------------------------------- reading
def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):  # a key came twice: name the first one repeated
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise SaveError(f"duplicate key {key!r}")
            seen.add(key)
    return out


def _no_constant(name: str) -> Any:
    raise SaveError(f"{name} is not a number a save holds")


def _depth(value: Any, limit: int) -> bool:
    """Whether ``value`` nests no deeper than ``limit`` (the top value at depth 0, what a list
    or object holds one deeper), walked level by level without recursion: only the containers
    of a level are kept for the next."""
    level = [value]
    for depth in range(limit + 1):
        inner: list[Any] = []
        for item in level:
            if type(item) is dict:
                values: Any = item.values()
            elif type(item) is list:
                values = item
            else:
                continue
            if depth == limit and values:  # holds something one level too deep
                return False
            inner += [v for v in values if type(v) is dict or type(v) is list]
        if not inner:
            return True
        level = inner
    return True


def parse_json(text: str) -> Any:
    """Strict JSON: no NaN or Infinity, no duplicate keys, bounded nesting; SaveError else."""
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecursionError:
        raise SaveError(f"nested too deeply (more than {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as error:
        raise SaveError(f"not JSON: {error.msg} at line {error.lineno} column {error.colno}") from None
    except ValueError as error:  # an integer of more digits than Python converts
        raise SaveError(f"not a save: {error}") from None
    if not _depth(data, MAX_DEPTH):
        raise SaveError(f"nested too deeply (more than {MAX_DEPTH} levels)")
    return data


def read_json_file(path: str | os.PathLike[str], max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """A JSON file a user handed us: bounded in size, UTF-8, strict (see :func:`parse_json`);
    OSError and SaveError are the only failures."""
    try:
        raw = read_bounded(path, max_bytes)
    except FileRefused as refused:  # a pipe or a device never hangs the read
        if "too large" in refused.reason:
            raise SaveError(f"{refused.reason.partition(' (limit')[0]} (a save is at most {max_bytes})") from None
        raise SaveError(refused.reason) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SaveError(f"not UTF-8 text (byte {error.start})") from None
    return parse_json(text)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _path(parts: tuple[str | int, ...]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


class _Wrong(Exception):
    def __init__(self, where: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.where = where
        self.message = message


def _strict(value: Any, kind: Any, where: tuple[str | int, ...]) -> Any:
    """``value`` as ``kind`` (the types an action field may have), exactly: no conversion."""
    return _reader(kind)(value, where)


_Reader = Callable[[Any, tuple[str | int, ...]], Any]
# type -> its reader: what the type asks is worked out once per type, not once per value
_READERS: dict[Any, _Reader] = {}


def _reader(kind: Any) -> _Reader:
    try:
        found = _READERS.get(kind)
    except TypeError:  # an unhashable type hint: read without remembering
        return _make_reader(kind)
    if found is None:
        found = _READERS[kind] = _make_reader(kind)
    return found


def _make_reader(kind: Any) -> _Reader:
    origin = typing.get_origin(kind)
    if kind is Any:
        return lambda value, where: value
    if kind is bool:
        def read_bool(value: Any, where: tuple[str | int, ...]) -> Any:
            if not isinstance(value, bool):
                raise _Wrong(where, f"expected true or false, got {_kind(value)}")
            return value
        return read_bool
    if kind is int:
        def read_int(value: Any, where: tuple[str | int, ...]) -> Any:
            if not isinstance(value, int) or isinstance(value, bool):
                raise _Wrong(where, f"expected an integer, got {_kind(value)}")
            return value
        return read_int
    if kind is float:
        def read_float(value: Any, where: tuple[str | int, ...]) -> Any:
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise _Wrong(where, f"expected a number, got {_kind(value)}")
            return value
        return read_float
    if kind is str:
        def read_str(value: Any, where: tuple[str | int, ...]) -> Any:
            if not isinstance(value, str):
                raise _Wrong(where, f"expected a string, got {_kind(value)}")
            return value
        return read_str
    if kind is type(None):
        def read_none(value: Any, where: tuple[str | int, ...]) -> Any:
            if value is not None:
                raise _Wrong(where, f"expected null, got {_kind(value)}")
            return None
        return read_none
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        nullable = type(None) in options
        readers = [_reader(option) for option in options if option is not type(None)]

        def read_union(value: Any, where: tuple[str | int, ...]) -> Any:
            if value is None and nullable:
                return None
            last: _Wrong | None = None
            for read in readers:
                try:
                    return read(value, where)
                except _Wrong as wrong:
                    last = wrong
            assert last is not None
            if nullable:
                raise _Wrong(where, f"{last.message.removesuffix(f', got {_kind(value)}')} or "
                                    f"null, got {_kind(value)}")
            raise last
        return read_union
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _reader(args[0])
            exact = _exact(args[0])

            def read_tuple(value: Any, where: tuple[str | int, ...]) -> Any:
                if not isinstance(value, list | tuple):
                    raise _Wrong(where, f"expected a list, got {_kind(value)}")
                if exact is not None:  # items of exactly a plain type: their reader's values
                    for v in value:
                        if type(v) is not exact:
                            break
                    else:
                        return tuple(value)
                return tuple(item(v, (*where, i)) for i, v in enumerate(value))
            return read_tuple
        items = [_reader(a) for a in args]

        def read_fixed(value: Any, where: tuple[str | int, ...]) -> Any:
            if not isinstance(value, list | tuple):
                raise _Wrong(where, f"expected a list, got {_kind(value)}")
            if len(items) != len(value):
                raise _Wrong(where, f"expected {len(items)} items, got {len(value)}")
            return tuple(read(v, (*where, i))
                         for i, (v, read) in enumerate(zip(value, items, strict=True)))
        return read_fixed
    if origin is list:
        (arg,) = typing.get_args(kind)
        item = _reader(arg)

        def read_list(value: Any, where: tuple[str | int, ...]) -> Any:
            if not isinstance(value, list):
                raise _Wrong(where, f"expected a list, got {_kind(value)}")
            return [item(v, (*where, i)) for i, v in enumerate(value)]
        return read_list
    if isinstance(kind, type) and attrs.has(kind):
        def read_record(value: Any, where: tuple[str | int, ...]) -> Any:
            if isinstance(value, kind):  # a record already (an action object's field): checked
                _check_instance(value, where)
                return value
            return _record(value, kind, where)
        return read_record

    def read_unknown(value: Any, where: tuple[str | int, ...]) -> Any:
        raise _Wrong(where, f"cannot read a value of type {kind!r}")
    return read_unknown


_SHAPES: dict[type, tuple[dict[str, Any], dict[str, Any],
                          tuple[tuple[str, bool, _Reader, type | None], ...]]] = {}
#: field types whose reader hands back a value of exactly that type unchanged (the readers
#: of ``str``, ``int`` and ``bool``): such a value is taken as it is, without the call
_EXACT = (str, int, bool)


def _shape(cls: type) -> tuple[dict[str, Any], dict[str, Any],
                               tuple[tuple[str, bool, _Reader, type | None], ...]]:
    """A record class's type hints, init fields, and per field (name, whether it must be
    given, its reader, the type taken as it is, if any), once per class: resolving the hints
    (forward references compiled and evaluated) cost more than reading a whole save."""
    found = _SHAPES.get(cls)
    if found is None:
        fields = {f.name: f for f in attrs.fields(cls) if f.init}
        hints = _plain_hints(cls, fields.values())
        if hints is None:
            hints = typing.get_type_hints(cls)
        readers = tuple((name, field.default is attrs.NOTHING, _reader(hints.get(name, Any)),
                         _exact(hints.get(name, Any)))
                        for name, field in fields.items())
        found = _SHAPES[cls] = (hints, fields, readers)
    return found


#: annotations made of builtins alone, and the types they name: most action fields are one
#: of these, and resolving them through ``typing.get_type_hints`` (a compiled forward reference
#: per field, the class dicts copied per base) was most of reading the first save of a process
_PLAIN_HINTS: dict[str, Any] = {
    "str": str, "int": int, "bool": bool, "float": float,
    "tuple[str, ...]": tuple[str, ...], "tuple[int, ...]": tuple[int, ...],
    "str | None": str | None, "int | None": int | None,
}
_PLAIN_NAMES = {"str": str, "int": int, "bool": bool, "float": float, "tuple": tuple, "None": None}


def _plain_hints(cls: type, fields: Iterable[Any]) -> dict[str, Any] | None:
    """What ``typing.get_type_hints`` gives for ``fields`` when each is annotated with one of
    :data:`_PLAIN_HINTS` and neither a class of ``cls``'s bases nor its module binds a name
    those annotations use to anything but the builtin; None otherwise (then
    ``get_type_hints`` is asked)."""
    for base in cls.__mro__:
        module = sys.modules.get(base.__module__)
        spaces = (vars(base), vars(module) if module is not None else {})
        if any(space.get(name, builtin) is not builtin
               for space in spaces for name, builtin in _PLAIN_NAMES.items()):
            return None
    hints: dict[str, Any] = {}
    for field in fields:
        given = field.type
        if isinstance(given, str):
            kind = _PLAIN_HINTS.get(given)
        else:  # resolved already (attrs.resolve_types): what get_type_hints gives, kept as is
            kind = given if any(given == plain for plain in _PLAIN_HINTS.values()) else None
        if kind is None:
            return None
        hints[field.name] = kind
    return hints


def _exact(kind: Any) -> type | None:
    for plain in _EXACT:
        if kind is plain:
            return plain
    return None


def _record(value: Any, cls: type, where: tuple[str | int, ...], skip: tuple[str, ...] = ()) -> Any:
    if not isinstance(value, dict):
        raise _Wrong(where, f"expected an object, got {_kind(value)}")
    _hints, fields, readers = _shape(cls)
    for key in value:
        if key not in fields and key not in skip:
            raise _Wrong((*where, key), f"unknown field (allowed: {', '.join(sorted(fields))})")
    args: dict[str, Any] = {}
    for name, required, read, exact in readers:
        if name not in value:
            if required:
                raise _Wrong((*where, name), "missing")
            continue
        given = value[name]
        # a str, int or bool field given a value of exactly its type: what its reader returns
        args[name] = given if type(given) is exact else read(given, (*where, name))
    try:
        return cls(**args)
    except (TypeError, ValueError) as error:  # an attrs validator refused it
        raise _Wrong(where, str(error)) from None


def action_from_json(raw: Any, where: tuple[str | int, ...] = ()) -> Any:
    """A saved action, structured strictly from the global tag registry; SaveError names the
    field (``actions[3].price: expected an integer, got 160.7``)."""
    try:
        if not isinstance(raw, dict):
            raise _Wrong(where, f"expected an action object, got {_kind(raw)}")
        tag = raw.get("type")
        cls = registered_type(tag)
        if cls is None:
            raise _Wrong((*where, "type"), f"unknown action type {_kind(tag)}")
        return _record(raw, cls, where, skip=("type",))
    except _Wrong as wrong:
        raise SaveError(f"{_path(wrong.where)}: {wrong.message}") from None


def action_problem(action: Any) -> str | None:
    """What is wrong with the types of an action object's fields, by the same rules a save's
    actions are read by (``price: expected an integer, got 35.0``), or None. An action the
    API plays is one its save can hold: no field is coerced, none is of a type the reader
    refuses."""
    if not attrs.has(type(action)):
        return f"expected an action record, got {_kind(action)}"
    try:
        _check_instance(action, ())
    except _Wrong as wrong:
        return f"{_path(wrong.where)}: {wrong.message}"
    return None


def _check_instance(record: Any, where: tuple[str | int, ...]) -> None:
    """Each field of a record object read as its type says (raises _Wrong)."""
    for name, _required, read, exact in _shape(type(record))[2]:
        value = getattr(record, name)
        if type(value) is not exact:
            read(value, (*where, name))


@attrs.frozen(repr=False)
class SaveData(Record):
    """A save's header, checked; its actions stay raw until the title's rules are loaded
    (their classes are registered by the title's code)."""

    title: str | None  # None only for a game of a ruleset with no title (tests' toy rules)
    players: tuple[str, ...]
    seed: int
    actions: tuple[dict[str, Any], ...]
    variant: str | None = None
    overrides: tuple[str, ...] = ()
    table: Mapping[str, Any] | None = None


def _field(data: Mapping[str, Any], name: str, check: Callable[[Any], str | None],
           default: Any = attrs.NOTHING) -> Any:
    if name not in data:
        if default is attrs.NOTHING:
            raise SaveError(f"{name}: missing")
        return default
    value = data[name]
    problem = check(value)
    if problem is not None:
        raise SaveError(f"{name}: {problem}, got {_kind(value)}")
    return value


def _an_id(value: Any) -> str | None:
    if isinstance(value, str) and ID_PATTERN.fullmatch(value):
        return None
    return "expected an id of a-z, 0-9 and _"


def _strings(value: Any) -> str | None:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return None
    return "expected a list of strings"


#: what a player name may not hold: control characters (NUL, newlines) and lone surrogates,
#: which no file, log line or screen can show and UTF-8 cannot encode
_NOT_IN_A_NAME = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def player_name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a player's name (a save, a replay and a screen must all show
    it), or None."""
    if not isinstance(name, str) or not name or len(name) > 200:
        return "expected a player name of 1-200 characters"
    if _NOT_IN_A_NAME.search(name):
        return "expected a player name without control characters or lone surrogates"
    return None


def _players(value: Any) -> str | None:
    if _strings(value) is not None or not value:
        return "expected a list of player names"
    if len(set(value)) != len(value) or len(value) > 64 or any(not v or len(v) > 200 for v in value):
        return "expected distinct player names of 1-200 characters"
    for name in value:
        problem = player_name_problem(name)
        if problem is not None:
            return problem
    return None


def _seed(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and -MAX_SEED < value < MAX_SEED:
        return None
    return "expected an integer seed"


def _actions(value: Any) -> str | None:
    if not isinstance(value, list):
        return "expected a list of actions"
    if len(value) > MAX_ACTIONS:
        return f"expected at most {MAX_ACTIONS} actions"
    return None


def _table(value: Any) -> str | None:
    return None if isinstance(value, dict) else "expected an object"


_FIELDS = ("format", "version", "title", "variant", "overrides", "players", "seed", "actions",
           "table", "title_path")


def read_save(data: Any) -> SaveData:
    """A save's parsed JSON checked field by field; SaveError names the first wrong one.

    ``title_path`` (written by version 1 saves before titles were named by id only) is
    accepted and ignored: a save never chooses which folder's code runs.
    """
    if not isinstance(data, dict):
        raise SaveError(f"not a railyard save: expected an object, got {_kind(data)}")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"not a railyard save: format {_kind(data.get('format'))} (expected {SAVE_FORMAT!r})")
    version = data.get("version")
    if version != SAVE_VERSION or isinstance(version, bool):
        raise SaveError(f"version {_kind(version)}: this railyard reads save version {SAVE_VERSION}")
    for key in data:
        if key not in _FIELDS:
            raise SaveError(f"{key}: unknown field (allowed: {', '.join(_FIELDS[:-1])})")
    title_path = data.get("title_path")
    if title_path is not None and not isinstance(title_path, str):
        raise SaveError(f"title_path: expected a string, got {_kind(title_path)}")
    # checked in the order a save is written, so the first wrong field is the one named
    title = _field(data, "title", lambda v: None if v is None else _an_id(v))
    variant = _field(data, "variant", lambda v: None if v is None else _an_id(v), None)
    overrides = _field(data, "overrides", overrides_problem, [])
    players = _field(data, "players", _players)
    seed = _field(data, "seed", _seed)
    actions = _field(data, "actions", _actions)
    for i, action in enumerate(actions):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise SaveError(f"actions[{i}]: expected an action object with a type, got {_kind(action)}")
    table = _field(data, "table", _table, None)
    return SaveData(title=title, players=tuple(players), seed=seed, actions=tuple(actions),
                    variant=variant, overrides=tuple(overrides), table=table)
