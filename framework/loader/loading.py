"""Loading a title folder into typed, validated objects (see :mod:`framework.loader`).

``load_title("tinyrail")`` reads ``title.yaml``, every concern file it lists, the chosen
variant's overlay and any ``--set`` overrides, then checks in stages: each file against its
JSON Schema, then structuring into model classes, then cross-file references. Every error of a
stage is collected and raised together as one :class:`TitleErrors`; later stages run only on
data that passed the earlier ones.
"""

from __future__ import annotations

import copy
import os
import pickle
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from railyard.framework.limits import overrides_problem
from railyard.framework.loader import cache as title_cache
from railyard.framework.loader.errors import ErrorList, TitleErrors, format_path
from railyard.framework.loader.families import GenericTitle, Parts, family
from railyard.framework.loader.finding import MANIFEST, find_title
from railyard.framework.model.title import TitleManifest
from railyard.framework.resources import schemas_folder
from railyard.framework.safefiles import confined

if TYPE_CHECKING:  # YAML, overlays and the title-code stage: only when a title is read
    from railyard.framework.loader.yamlio import Located, SourceMap


def _normalise_files(raw: Any, family_name: str) -> Any:
    """Short form ``map: map.yaml`` -> ``{path, schema}`` with the family's default schema."""
    if not isinstance(raw, Mapping):
        return raw
    out = {}
    for concern, ref in raw.items():
        if isinstance(ref, str):
            out[concern] = {"path": ref, "schema": f"{family_name}/{concern}.schema.json"}
        elif isinstance(ref, Mapping):
            out[concern] = {"schema": f"{family_name}/{concern}.schema.json", **ref}
        else:
            out[concern] = ref
    return out


def load_manifest(folder: Path) -> tuple[TitleManifest, Located]:
    """Read and check ``title.yaml`` (raises TitleErrors)."""
    from railyard.framework.loader.yamlio import load_yaml

    file = folder / MANIFEST
    located = load_yaml(file)
    errors = ErrorList()
    from railyard.framework.loader import schema as schema_check  # jsonschema only on a failure

    schema_check.validate(located.data, schemas_folder() / "title.schema.json", located.source, errors)
    errors.raise_if_any()
    raw = dict(located.data)
    fam = family(str(raw["family"]))
    files = dict(raw.get("files") or {})
    for concern in fam.required if fam else ():
        files.setdefault(concern, f"{concern}.yaml")
    raw["files"] = _normalise_files(files, str(raw["family"]))
    manifest = _structure_into(raw, TitleManifest, (), located.source, errors)
    if manifest is not None and manifest.players.min > manifest.players.max:
        errors.add(file, located.source.line(("players",)), "players",
                   f"min {manifest.players.min} is more than max {manifest.players.max}")
    errors.raise_if_any()
    return manifest, located


def _structure_into(
    raw: Any, cls: Any, prefix: tuple[Any, ...], source: SourceMap, errors: ErrorList
) -> Any:
    from railyard.framework.loader.structure import structure, structure_failures  # cattrs

    try:
        return structure(raw, cls)
    except Exception as exc:  # every cattrs failure becomes a located message
        for path, message in structure_failures(exc):
            errors.add(*source.place((*prefix, *path), len(prefix)), message)
        return None


_CACHE: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
_CACHE_SIZE = 16


def load_title(
    name_or_path: str | os.PathLike[str],
    variant: str | None = None,
    overrides: Iterable[str] = (),
    *,
    check_code: bool = True,
    shared: bool = False,
) -> Any:
    """Load and check a title; raise one TitleErrors listing every problem found.

    Returns a :class:`~framework.model.loaded.LoadedTitle` for an 18xx-family title (or what
    another registered family builds; a :class:`GenericTitle` for an unregistered family).
    Loading the same unchanged files again returns an equal title at once (games and tests
    load titles often); its ``documents`` are a fresh copy each time, so a caller may change
    them without touching the next load.

    ``check_code=False`` leaves out the last stage, the title's own code (its hooks import,
    their events and ``check_title``), for a caller that only reads the title's data (``railyard
    info``): importing the hooks imports the whole engine. Such a title is never stored in the
    disk cache (a fully checked one found there is used).

    ``shared=True`` returns the one title object kept for these files (its ``documents`` are
    not copied and must not be changed): what a game loaded by name uses, so that loading the
    same save again and again in one process makes no new title each time (the rules' caches
    keyed by title would keep every one).
    """
    folder = find_title(name_or_path)
    overrides = tuple(overrides)
    problem = overrides_problem(overrides)
    if problem is not None:  # before any is applied: each walks the title's line table
        from railyard.framework.loader.errors import TitleError

        raise TitleErrors([TitleError("--set", 0, "(overrides)", problem)])
    # every file of the folder (hooks too), read once for both caches' keys
    fingerprint = title_cache.title_fingerprint(folder)
    key = (folder.resolve(), variant, overrides, fingerprint, check_code)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key] if shared else _fresh(_CACHE[key])
    entry = title_cache.entry_key(folder, variant, overrides, fingerprint)
    if check_code:
        title = title_cache.cached(entry, lambda: _load(folder, variant, overrides),
                                   lambda found: hasattr(found, "documents"))
    else:
        title = title_cache.lookup(entry, lambda found: hasattr(found, "documents"))
        if title is None:
            title = _load(folder, variant, overrides, check_code=False)
    if attrs.has(type(title)) and hasattr(title, "documents"):
        _CACHE[key] = title
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
        return title if shared else _fresh(title)
    return title


def _fresh(title: Any) -> Any:
    # the documents are plain YAML data: a pickle round trip copies them 10x faster than deepcopy
    try:
        documents = pickle.loads(pickle.dumps(title.documents, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # noqa: BLE001 - something unpicklable: the slow general copy
        documents = copy.deepcopy(title.documents)
    return attrs.evolve(title, documents=documents)


def _load(folder: Path, variant: str | None, overrides: tuple[str, ...],
          check_code: bool = True) -> Any:
    from railyard.framework.loader import title_checks
    from railyard.framework.loader.overlay import apply_override
    from railyard.framework.loader.yamlio import SourceMap, load_yaml

    manifest, located_manifest = load_manifest(folder)
    manifest_file = os.fspath(folder / MANIFEST)
    msource = located_manifest.source
    fam = family(manifest.family)
    errors = ErrorList()

    # Stage 1: read every file (syntax errors, missing files, unknown variant).
    documents: dict[str, Any] = {}
    schemas: dict[str, Path] = {}
    source = SourceMap()
    for concern, ref in manifest.files.items():
        schema_path = schemas_folder() / ref.schema
        where: tuple[str, ...] = ("files", concern)
        if not schema_path.is_file():
            errors.add(manifest_file, msource.line(where), format_path(where),
                       f"schema not found: {ref.schema} (looked in {schemas_folder()})")
        file = _named(folder, ref.path, manifest_file, msource.line(where), format_path(where), errors)
        if file is None:
            continue
        try:
            located = load_yaml(file, prefix=(concern,))
        except TitleErrors as exc:
            errors.extend(exc.errors)
            continue
        documents[concern] = located.data
        schemas[concern] = schema_path
        source.absorb(located.source)
    if manifest.hooks and confined(folder, manifest.hooks) is None:
        errors.add(manifest_file, msource.line(("hooks",)), "hooks",
                   f"outside the title folder: {manifest.hooks}")
    elif manifest.hooks and not _hooks_exist(folder / manifest.hooks):
        errors.add(manifest_file, msource.line(("hooks",)), "hooks",
                   f"not found: {manifest.hooks} (expected {manifest.hooks}.py or a package)")
    overlay: Located | None = None
    if variant is not None:
        if variant not in manifest.variants:
            known = ", ".join(manifest.variants) or "none"
            where = ("variants",) if manifest.variants else ()
            errors.add(manifest_file, msource.line(where), "variants",
                       f"no variant {variant!r} (known: {known})")
        elif manifest.variants[variant].overlay:
            where = ("variants", variant, "overlay")
            overlay_file = _named(folder, str(manifest.variants[variant].overlay), manifest_file,
                                  msource.line(where), format_path(where), errors)
            if overlay_file is not None:
                try:
                    overlay = load_yaml(overlay_file)
                except TitleErrors as exc:
                    errors.extend(exc.errors)
    errors.raise_if_any()

    # Stage 2: apply the variant overlay and the overrides.
    if overlay is not None:
        _apply_overlay(documents, overlay, source, errors)
    for number, text in enumerate(overrides, 1):
        apply_override(documents, text, number, source, errors)
    errors.raise_if_any()

    # Stage 3: every document against its schema.
    from railyard.framework.loader import schema as schema_check

    for concern, data in documents.items():
        schema_check.validate(data, schemas[concern], source, errors, prefix=(concern,))
    errors.raise_if_any()

    # Stage 4: structure into the family's models.
    models: dict[str, Any] = {}
    if fam is not None:
        for concern, cls in fam.concerns.items():
            if concern in documents:
                models[concern] = _structure_into(documents[concern], cls, (concern,), source, errors)
    errors.raise_if_any()

    # Stage 5: cross-file references.
    parts = Parts(manifest, folder, variant, models, documents, source, check_code)
    if fam is not None and fam.check is not None:
        for path, message in fam.check(parts):
            errors.add(*source.place(path), message)
    errors.raise_if_any()

    # Stage 6: the title's own code imports, its view exists, its own checks pass.
    if check_code:
        title_checks.check(parts, errors, manifest_file, msource, source)
    errors.raise_if_any()
    if fam is None or fam.build is None:
        return GenericTitle(manifest, folder, variant, documents, models)
    return fam.build(parts)


def _named(folder: Path, relative: str, manifest_file: str, line: int, where: str,
           errors: ErrorList) -> Path | None:
    """The file title.yaml names at ``where``, if it is inside the title folder (links
    followed) and there; else an error at the naming line, and None. A file there that is not
    a regular one is refused when read (:func:`framework.safefiles.read_bounded`)."""
    inside = confined(folder, relative)
    if inside is None:
        errors.add(manifest_file, line, where, f"outside the title folder: {relative}")
        return None
    if not inside.exists():
        errors.add(manifest_file, line, where, f"file not found: {relative}")
        return None
    return folder / relative  # named as the user names it (errors show this path)


def _hooks_exist(path: Path) -> bool:
    """A hooks module may be ``name.py`` or a ``name/`` package."""
    return path.is_dir() or path.with_suffix(".py").is_file() or path.is_file()


def _apply_overlay(
    documents: dict[str, Any], overlay: Located, source: SourceMap, errors: ErrorList
) -> None:
    from railyard.framework.loader.overlay import merge

    data = overlay.data
    if data is None:
        return
    file = overlay.source.file(())
    if not isinstance(data, Mapping):
        errors.add(file, 1, "(root)", "an overlay is a map of file concern -> changes")
        return
    for concern, changes in data.items():
        if concern not in documents:
            known = ", ".join(documents)
            errors.add(file, overlay.source.line((concern,)), concern,
                       f"no such file concern (known: {known})")
            continue
        documents[concern] = merge(
            documents[concern], changes, (concern,), (concern,), source, overlay.source, errors
        )
