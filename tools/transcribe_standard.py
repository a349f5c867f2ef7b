"""Retired: use ``railyard transcribe-18xxgames BOARD.json --out DIR`` (framework/importers/
transcribe.py), which writes map.yaml and tiles.yaml for any title, gray, custom and unlimited
tiles included. This wrapper keeps the old call working:

    python3 tools/transcribe_standard.py 1889 [REFERENCE_DIR]

writes ``titles/<id>/map.yaml`` and ``tiles.yaml`` (1889 without the site's beginner tiles).
The hand-written comments of the shipped files are not reproduced.
"""

from __future__ import annotations

import sys
from pathlib import Path

from railyard.framework.cli import main as railyard

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    title = argv[1]
    ref = Path(argv[2]) if len(argv) > 2 else Path("/work/shared/reference") / title
    return railyard(["transcribe-18xxgames", str(ref / "board_18xxgames.json"),
                     "--out", str(ROOT / "titles" / title), "--title", title,
                     "--skip-tiles", "Beg6,Beg7,Beg8,Beg9,Beg23,Beg24"])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
