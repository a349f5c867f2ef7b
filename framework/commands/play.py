"""``railyard play TITLE``: placeholder until the pygame client lands.

It loads the title (so a broken title still reports its errors) and says what there is.
"""

from __future__ import annotations

import argparse

from framework.commands.common import add_title_arguments, load_or_report


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("play", help="play a title", description="Play a title.")
    add_title_arguments(parser)
    parser.add_argument("--players", type=int, metavar="N", help="number of players")
    parser.add_argument("--bots", metavar="SEATS", help="seats played by bots, e.g. 2,3")
    parser.add_argument("--load", metavar="SAVE", help="continue a saved game")
    parser.add_argument("--headless", action="store_true", help="no window")
    parser.add_argument("--seed", type=int, metavar="S", help="random seed")
    parser.add_argument("--save", metavar="PATH", help="save the game here")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    title = load_or_report(args)
    if title is None:
        return 1
    manifest = title.manifest
    players = manifest.players
    print(f"{manifest.name} [{manifest.id}]: {players.min}-{players.max} players")
    if hasattr(title, "map"):
        print(
            f"{len(title.map.hexes)} hexes, {len(title.tiles)} tile kinds, "
            f"{len(title.trains)} trains, {len(title.companies)} companies"
        )
    print("The game client is coming; nothing to play yet.")
    return 0
