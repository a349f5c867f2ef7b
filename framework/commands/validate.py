"""``railyard validate TITLE``: check every file of a title; list every problem found."""

from __future__ import annotations

import argparse
import sys

from railyard.framework.commands.common import add_title_arguments
from railyard.framework.loader import TitleErrors, load_title


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check a title's files (schemas, types, cross-references)",
        description="Check a title; exit 0 if clean, else 1 with one error per line.",
    )
    add_title_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        title = load_title(args.title, variant=args.variant, overrides=args.overrides)
    except TitleErrors as errors:
        for error in errors:
            print(error)
        print(f"{len(errors)} error(s)", file=sys.stderr)
        return 1
    for warning in getattr(title, "warnings", ()):
        print(warning)
    variant = f" (variant {args.variant})" if args.variant else ""
    print(f"{title.manifest.id}{variant}: ok")
    return 0
