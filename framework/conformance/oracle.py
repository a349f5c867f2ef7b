"""Where the reference engine is: the oracle folder (its ``load_title.rb``) and ``ruby``.

The oracle is not part of the project (it is the reference's own code), so it is found, never
shipped: ``--oracle DIR``, else ``RAILYARD_ORACLE``, else ``shared/oracle`` beside the checkout,
else ``/work/shared/oracle``. A missing piece is one clear error naming what to install.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

#: our own driver of the reference engine (package data beside this module)
DRIVER = Path(__file__).with_name("referee.rb")
ENV_VAR = "RAILYARD_ORACLE"


class OracleMissing(RuntimeError):
    """The reference engine cannot run here: no ruby, or no oracle folder."""


def candidates(explicit: str | Path | None = None) -> list[Path]:
    """The folders tried in order: the caller's, the environment's, beside the checkout, /work."""
    found: list[Path] = []
    if explicit:
        return [Path(explicit)]
    if os.environ.get(ENV_VAR):
        found.append(Path(os.environ[ENV_VAR]))
    checkout = Path(__file__).resolve().parents[2]
    found += [checkout.parent / "shared" / "oracle", Path("/work/shared/oracle")]
    return found


def find_oracle(explicit: str | Path | None = None) -> Path:
    """The oracle folder holding ``load_title.rb`` (OracleMissing lists where it looked)."""
    tried = candidates(explicit)
    for folder in tried:
        if (folder / "load_title.rb").is_file():
            return folder.resolve()
    where = ", ".join(str(p) for p in tried)
    raise OracleMissing(f"no reference engine (load_title.rb) in {where}: pass --oracle DIR or set {ENV_VAR}")


def find_ruby() -> str:
    """The ``ruby`` executable (OracleMissing says how to install it)."""
    ruby = shutil.which("ruby")
    if ruby is None:
        raise OracleMissing("ruby is not installed (apt-get install -y ruby): the referee needs it")
    return ruby


def available(explicit: str | Path | None = None) -> str | None:
    """None when the referee can run here, else why not (for a test's skip reason)."""
    try:
        find_ruby()
        find_oracle(explicit)
    except OracleMissing as missing:
        return str(missing)
    return None
