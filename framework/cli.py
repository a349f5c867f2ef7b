"""The ``railyard`` command line.

Each command is a module of :mod:`framework.commands` exposing ``register(subparsers)``, which
adds its sub-parser and sets ``func`` (``func(args) -> exit code``). Adding a command means
adding a module and one name to ``COMMANDS``; nothing else here changes.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMANDS: tuple[str, ...] = (
    "railyard.framework.commands.validate",
    "railyard.framework.commands.info",
    "railyard.framework.commands.play",
    "railyard.framework.commands.render",
    "railyard.framework.commands.routes",
    "railyard.framework.commands.replay",
    "railyard.framework.commands.simulate",
    "railyard.framework.commands.report",
    "railyard.framework.commands.import_18xxgames",
    "railyard.framework.commands.compare_human",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="railyard", description="A data-driven engine for 18xx railway board games."
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for name in COMMANDS:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = args.func(args)
    except (KeyboardInterrupt, BrokenPipeError):
        return 130
    except Exception as error:  # noqa: BLE001 - a user sees one line; RAILYARD_DEBUG=1 the trace
        import os

        if os.environ.get("RAILYARD_DEBUG"):
            raise
        from railyard.framework.commands.common import one_line

        print(f"railyard {args.command}: {type(error).__name__}: {one_line(error)}", file=sys.stderr)
        return 1
    return int(code or 0)


if __name__ == "__main__":
    sys.exit(main())
