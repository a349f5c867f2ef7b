"""``railyard report DIR --out report.html``: plots of a simulation's records in one HTML page."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "report",
        help="an HTML report with plots of simulation records",
        description="Read every games.jsonl under DIR and write one self-contained HTML page.",
    )
    parser.add_argument("folder", metavar="DIR", help="a `railyard simulate` output folder")
    parser.add_argument("--out", metavar="FILE", help="the HTML file (default: DIR/report.html)")
    parser.add_argument("--pngs", metavar="DIR", help="also write each plot as a PNG file in DIR")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import importlib.util
    from pathlib import Path

    if importlib.util.find_spec("matplotlib") is None:  # imported only once a plot is drawn
        print("report: the plots need matplotlib: pip install 'railyard[report]'", file=sys.stderr)
        return 2
    try:
        from railyard.framework.simulate.report import write_report
    except ImportError as error:
        print(f"report: {error} (install the extra: pip install 'railyard[report]')", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else Path(args.folder) / "report.html"
    problems: list[str] = []
    try:
        count = write_report(args.folder, out, args.pngs, problems)
    except FileNotFoundError as error:
        print(f"report: {error}", file=sys.stderr)
        return 2
    for problem in problems[:20]:  # the rest of each file is read: say which lines were not
        print(f"report: skipped {problem}", file=sys.stderr)
    if len(problems) > 20:
        print(f"report: skipped {len(problems) - 20} more bad lines", file=sys.stderr)
    print(f"{out}: {count} games")
    return 0
