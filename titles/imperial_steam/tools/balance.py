"""Balance figures for Imperial Steam from seeded bot games (docs/experiments/imperial_steam_balance.md).

Plays games like ``railyard simulate`` (same seeds, bots rotating through the seats) but keeps
what the generic records cannot know: who connected Trieste and in which round, money per
round, and the final score sheets. Run:
    python3 titles/imperial_steam/tools/balance.py --games 200 --players 3 --bots greedy --out DIR
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
from pathlib import Path
from typing import Any

from railyard.framework import autoplay
from railyard.framework.core.game import Game
from railyard.framework.simulate.runner import SimConfig, derive_seed, loaded, player_ids, seat_bots


def play(job: tuple[SimConfig, int, int]) -> dict[str, Any]:
    config, index, base = job
    title, ruleset = loaded(config)
    seed = derive_seed(base, index)
    players = list(player_ids(config.players))
    bots_here = seat_bots(config, index)
    game = Game(title, players, seed, None, config.overrides, ruleset=ruleset, debug=config.check)
    # Everything below is by seat: the order drawn at setup (the blind bid's reveal order),
    # not the players' names, which the setup shuffles into the seats.
    by_name = dict(zip(players, bots_here, strict=True))
    players = list(ruleset.seating(game.state))
    money: list[list[int]] = []
    last_round = 0
    trieste_round: int | None = None
    fundraises = [0] * len(players)
    mover = players[0]  # who moves next; note_turn keeps it
    sales = [0] * len(players)

    def watch(game: Game, action: Any) -> None:
        nonlocal last_round, trieste_round
        seat = players.index(mover)
        kind = type(action).__name__
        fundraises[seat] += kind == "Fundraise"
        sales[seat] += kind == "SellShare"
        if trieste_round is None and game.state.trieste_by:
            trieste_round = game.state.round
        note_turn(game)

    def note_turn(game: Game) -> None:
        """Before each move: money at the start of a round, and who moves next."""
        nonlocal last_round, mover
        state = game.state
        if not game.is_over():
            if state.round != last_round and state.phase == 7:
                money.append([state.players[p].cash for p in players])
                last_round = state.round
            mover = game.active_entities()[0]

    note_turn(game)
    autoplay.play(game, list(bots_here), max_actions=10**9, stall_passes=10**9, on_action=watch)
    state = game.state
    final = [state.final[p] for p in players]
    best = max(final)
    return {
        "index": index,
        "seats": [by_name[p] for p in players],
        "final": final,
        "winners": [i for i, m in enumerate(final) if m == best],
        "rounds": state.round,
        "trieste_round": trieste_round,
        "trieste_by": [players.index(p) for p in state.trieste_by],
        "money": money,
        "fundraises": fundraises,
        "sales": sales,
        "tracks": [len(state.players[p].tracks) for p in players],
        "scoring": [state.scoring[p] for p in players],
    }


def run(config: SimConfig, games: int, base: int, workers: int) -> list[dict[str, Any]]:
    jobs = [(config, i, base) for i in range(games)]
    if workers <= 1:
        return [play(j) for j in jobs]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return list(pool.imap(play, jobs, chunksize=4))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (a shared win counts its share)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return (centre - half, centre + half)


def summary(records: list[dict[str, Any]], players: int) -> dict[str, Any]:
    n = len(records)
    reached = [r for r in records if r["trieste_round"] is not None]
    early = [r for r in reached if r["trieste_round"] < 8]
    wins_by_seat = [0.0] * players
    wins_by_bot: dict[str, list[float]] = {}
    for r in records:
        for i in range(players):
            share = 1 / len(r["winners"]) if i in r["winners"] else 0.0
            wins_by_seat[i] += share
            wins_by_bot.setdefault(r["seats"][i], []).append(share)
    r2 = [m for r in records if len(r["money"]) >= 2 for m in r["money"][1]]
    return {
        "games": n,
        "trieste_share": len(reached) / n,
        "trieste_before_round_8": len(early) / n,
        "mean_trieste_round": statistics.mean(r["trieste_round"] for r in reached) if reached else None,
        "mean_rounds": statistics.mean(r["rounds"] for r in records),
        "mean_final_money": statistics.mean(m for r in records for m in r["final"]),
        "mean_round2_cash": statistics.mean(r2) if r2 else None,
        "round2_cash_below_20": sum(1 for m in r2 if m < 20) / len(r2) if r2 else None,
        "win_rate_by_seat": [w / n for w in wins_by_seat],
        "win_interval_by_seat": [wilson(w, n) for w in wins_by_seat],
        "fair_share_inside_interval": [lo <= 1 / players <= hi for lo, hi in (wilson(w, n) for w in wins_by_seat)],
        "win_rate_by_bot": {b: sum(v) / len(v) for b, v in wins_by_bot.items()},
        "mean_tracks": statistics.mean(t for r in records for t in r["tracks"]),
        "mean_fundraises": statistics.mean(f for r in records for f in r["fundraises"]),
        "mean_share_sales": statistics.mean(f for r in records for f in r["sales"]),
    }


def plot(runs: dict[str, Path], out: Path, players: int) -> None:
    """Two figures comparing runs: the round Trieste was first connected, and cash by round."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    loaded_runs = {label: [json.loads(x) for x in (folder / "records.jsonl").read_text().splitlines() if x]
                   for label, folder in runs.items()}
    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.8 / len(loaded_runs)
    slots = list(range(1, 9)) + [9]
    for k, (label, records) in enumerate(loaded_runs.items()):
        counts = [sum(1 for r in records if (r["trieste_round"] or 9) == slot) / len(records) for slot in slots]
        ax.bar([x + k * width for x in slots], counts, width=width, label=label)
    ax.set_xticks([x + 0.4 - width / 2 for x in slots], [str(x) for x in slots[:-1]] + ["never"])
    ax.set_xlabel("round in which Wien-Trieste is first connected")
    ax.set_ylabel("share of games")
    ax.set_title(f"Imperial Steam, {players} players, greedy bots")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / f"imperial_steam_trieste_round_{players}p.png", dpi=100)
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(7, 4))
    for label, records in loaded_runs.items():
        means = []
        for rnd in range(8):
            cash = [m for r in records if len(r["money"]) > rnd for m in r["money"][rnd]]
            means.append(statistics.mean(cash) if cash else float("nan"))
        ax.plot(range(1, 9), means, marker="o", label=label)
    ax.set_xlabel("round (cash when its actions begin)")
    ax.set_ylabel("mean cash per player (G)")
    ax.set_title(f"Imperial Steam, {players} players, greedy bots")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / f"imperial_steam_cash_by_round_{players}p.png", dpi=100)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plot", nargs="+", metavar="LABEL=DIR", help="plot earlier runs instead of playing")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--set", dest="overrides", action="append", default=[], metavar="PATH=VALUE")
    parser.add_argument("--out")
    args = parser.parse_args()
    if args.plot:
        runs = {item.partition("=")[0]: Path(item.partition("=")[2]) for item in args.plot}
        plot(runs, Path(args.out or "."), args.players)
        return
    config = SimConfig("imperial_steam", args.players, tuple(args.bots.split(",")),
                       overrides=tuple(args.overrides), check=args.check)
    records = run(config, args.games, args.seed, args.workers)
    result = summary(records, args.players)
    print(json.dumps(result, indent=1))
    if args.out:
        folder = Path(args.out)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        (folder / "summary.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
