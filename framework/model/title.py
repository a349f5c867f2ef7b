"""The title manifest (``title.yaml``): identity, files, hooks and variants of a title."""

from __future__ import annotations

import attrs

from railyard.framework.model.keys import key_field
from railyard.framework.records import Record


@attrs.frozen(repr=False)
class PlayerRange(Record):
    min: int
    max: int

    def __contains__(self, count: object) -> bool:
        return isinstance(count, int) and self.min <= count <= self.max


@attrs.frozen(repr=False)
class FileRef(Record):
    """One concern's file and the schema it is checked against (relative to ``schemas/``)."""

    concern: str = key_field()
    path: str = ""
    schema: str = ""


@attrs.frozen(repr=False)
class Variant(Record):
    """A named rule variant: an overlay file deep-merged onto the base files."""

    name: str = key_field()
    description: str = ""
    overlay: str | None = None


@attrs.frozen(repr=False)
class TitleManifest(Record):
    """What ``title.yaml`` says: the family decides which concerns and models apply."""

    id: str = attrs.field(converter=str)
    name: str
    family: str
    players: PlayerRange
    currency: str = ""
    files: dict[str, FileRef] = attrs.field(factory=dict)
    hooks: str | None = None
    rules: str | None = None
    description: str = ""
    variants: dict[str, Variant] = attrs.field(factory=dict)
