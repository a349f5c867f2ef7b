"""1837 positions for the engine rule tests (tests/titles_1837/test_engine_rules_*.py).

Built on ``rules_helpers`` (a real game, then the engine's own functions) so money,
certificates and trains stay conserved; these add the positions the engine's rules need: a
major in its operating turn, tiles laid by the board's own placement.
"""

from __future__ import annotations

from railyard.framework.core.game import Game
from railyard.framework.eighteen.state import G18State

from .rules_helpers import finish_round, new_game, pass_packet, quiet_action, sell, start_major


def major_in_operating_round(
    major: str = "BK", par: int = 91, holdings: dict[str, int] | None = None, seed: int = 1
) -> Game:
    """A 4-player game after a one-item start packet (A buys Sd #1), ``major`` started at
    ``par`` with ``holdings`` (default B 30%, C 20%: floated), the first operating round
    played and the first stock round passed: the second operating round is under way."""
    game = new_game(seed=seed)
    sell(game, "SD1", "A")
    pass_packet(game)
    start_major(game, major, par, holdings or {"B": 30, "C": 20})
    finish_round(game)  # operating round 1
    finish_round(game)  # stock round 1
    assert game.state.round.kind == "operating"
    return game


def major_to_act(game: Game, major: str) -> None:
    """Play quietly until ``major`` is the company to act."""
    for _ in range(200):
        if game.active_entities() == (major,):
            return
        game.process(quiet_action(game))
    raise AssertionError(f"{major} never gets its turn")


def players_cash(state: G18State) -> dict[str, int]:
    return {p.id: p.cash for p in state.players}



def second_stock_round(
    holdings: dict[str, int], major: str = "BK", par: int = 91, items: dict[str, str] | None = None
) -> Game:
    """A 4-player game (A bought Sd #1 in the packet; A holds the priority deal); ``major``
    started at ``par`` with ``holdings`` (the first listed player is its director) during the
    first operating round, passed in the first stock round, operated (without revenue: price
    one step left, 91K -> 87K for BK; a 2 train bought for 90K) in the second operating round.
    The rest of the start packet (but ``items``: item -> the player given it for nothing) is
    taken out, so that the majors' shares are on sale: the second stock round is under way, A
    to act."""
    game = new_game()
    sell(game, "SD1", "A")
    for item, player in (items or {}).items():
        sell(game, item, player, 0)
    pass_packet(game)
    game.state.packet_remaining.clear()  # the rest of the packet is out of the game: the
    game.state.offers.clear()  # majors' shares are on sale (rule I)
    start_major(game, major, par, holdings)
    finish_round(game)  # operating round 1: the major floated during it, it waits
    finish_round(game)  # stock round 1
    finish_round(game)  # operating round 2: the major operates
    assert game.state.round.kind == "stock" and game.state.companies[major].operated
    return game


def lay(game: Game, coord: str, exits: set[int], tile: str | None = None) -> tuple[str, int]:
    """Lay a tile on ``coord`` whose track leaves by ``exits`` (and as few other edges as a tile allows) (edges 0-5: SW, W, NW,
    NE, E, SE), as the board's own tile rule allows (or ``tile``); no money moves. Returns (tile, rotation)."""
    from railyard.framework.tiles import Placed

    board = game.state.board
    fits = [
        (len(Placed(tdef, u.rotation).exits), tdef.id, u.rotation)
        for tdef, u in board.lay_choices(coord)
        if (tile is None or tdef.id == tile) and Placed(tdef, u.rotation).exits >= frozenset(exits)
    ]
    if not fits:
        raise AssertionError(f"no tile fits {coord} with exits {sorted(exits)}")
    _, tile_id, rotation = min(fits, key=lambda f: f[0])
    board.lay(coord, tile_id, rotation)
    return tile_id, rotation


# BK's line from Prague (C11) east and south: C13, D14, E15 (a town), F14, to the double city
# G13 (five hexes over the line; four straight across the map).
BK_LINE_TO_G13 = (("C13", {1, 5}), ("D14", {2, 5}), ("E15", {2, 0}), ("F14", {3, 0}), ("G13", {3}))


def build(game: Game, line: tuple[tuple[str, set[int]], ...]) -> None:
    for coord, exits in line:
        lay(game, coord, exits)


def kk_with_green_vienna(game: Game) -> Game:
    """kk formed from its three minors (A, B, C) with the first 4, 4+1 and 5 (brown tiles
    available); Vienna carries the green 427 with kk's tokens on stations 1, 2 and 3."""
    from .rules_helpers import first_purchase

    for item, player in {"KK1": "A", "KK2": "B", "KK3": "C"}.items():
        sell(game, item, player)
    for train in ("4", "4+1", "5"):
        first_purchase(game, train)
    game.state.board.lay("G17", "427", 0)
    return game


def bk_at_run_step(trains: tuple[str, ...] = ("2",), line=BK_LINE_TO_G13, token_g13: bool = False) -> Game:
    """BK (started at 91K: B 30% director, C 20%; 728K) in the second operating round with
    ``trains`` and its line to G13 built, about to run (it laid no tile, placed no token; with
    ``token_g13`` its second token stands on G13's second city)."""
    from railyard.framework.eighteen.or_actions import LayTile, PlaceToken

    from .rules_helpers import add_train

    game = major_in_operating_round()
    build(game, line)
    for name in trains:
        add_train(game, "BK", name)
    major_to_act(game, "BK")
    if token_g13:
        game.state.board.place_token("G13", 1, "BK")
        game.state.companies["BK"].tokens_left -= 1
    for _ in range(3):
        if game.state.round.step == "run":
            return game
        game.process(next(a for a in game.legal_actions() if not isinstance(a, LayTile | PlaceToken)))
    raise AssertionError("BK does not reach its run")


def bk_at_trains_step(trains: tuple[str, ...] = (), sell_out: tuple[str, ...] = ()) -> Game:
    """BK (728K; B 30% director with 282K, C 20%) in the second operating round at its
    trains step, owning ``trains``; the depot's unsold trains of the names in ``sell_out``
    are scrapped first (sold elsewhere earlier), so the next ones are on sale."""
    from railyard.framework.eighteen.actions import Pass
    from railyard.framework.eighteen.dividends import DEBT_KEY
    from railyard.framework.eighteen.phases import scrap

    from .rules_helpers import add_train

    game = major_in_operating_round()
    for name in trains:
        add_train(game, "BK", name)
    state = game.state
    for stack in state.depot.stacks.values():
        for train_id in [t for t in stack if state.trains[t].name in sell_out]:
            scrap(state, train_id)
    major_to_act(game, "BK")
    for _ in range(6):
        if state.round.step == "trains":
            assert not state.companies["BK"].extra.get(DEBT_KEY)
            return game
        game.process(Pass("BK") if state.round.step in ("tile", "token") else game.legal_actions()[0])
    raise AssertionError("BK does not reach its trains step")


def first_edition_stock_round(holdings: dict[str, int], major: str = "BK", par: int = 91) -> Game:
    """The ``first_edition`` variant, 4 players: A took the whole start packet (the coal
    companies are never exchanged), the kk and Ug minors are out of the game; ``major``
    started at ``par`` with ``holdings`` in the first stock round and operated once (no
    revenue, a 2 train): the second stock round is under way."""
    from railyard.framework.eighteen.rounds import advance

    from .rules_helpers import hooks, play_until

    game = new_game("first_edition")
    for item in list(game.state.packet_remaining):
        sell(game, item, "A", 0)
    advance(game.ruleset, game.state)
    game.process(hooks(game, "actions").ChooseHome("A", "SD5", "L2"))
    game.state.offers.clear()
    game.state.extra["packet_stage"] = 2  # past the kk and Ug stages: the majors are on sale
    start_major(game, major, par, holdings)
    finish_round(game)  # the first stock round
    play_until(game, "operating")
    finish_round(game)
    play_until(game, "stock")
    assert game.state.companies[major].operated
    return game
