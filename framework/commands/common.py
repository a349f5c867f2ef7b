"""Arguments and loading shared by the commands that take a title."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from railyard.framework.loader import TitleErrors, load_title


def add_title_arguments(parser: argparse.ArgumentParser) -> None:
    """TITLE, --variant and --set, the same for every command that loads a title."""
    parser.add_argument("title", metavar="TITLE", help="a title name (under titles/) or a folder")
    parser.add_argument("--variant", metavar="V", help="a variant named in title.yaml")
    parser.add_argument(
        "--set",
        dest="overrides",
        metavar="PATH=VALUE",
        action="append",
        default=[],
        help="override one value, e.g. --set trains.2.price=100 (repeatable; VALUE is YAML)",
    )


def load_or_report(args: argparse.Namespace) -> Any | None:
    """The loaded title, or None after printing every error to stderr."""
    try:
        return load_title(args.title, variant=args.variant, overrides=args.overrides)
    except TitleErrors as errors:
        for error in errors:
            print(error, file=sys.stderr)
        return None
