"""Rules VIII and IX: running trains and paying the revenue, on 1837 positions. BK (Prague,
C11; started at 91K, B 30% with the director's certificate, C 20%, 30% in the initial offering
and two 10% exchange shares set aside; 728K in the treasury) runs in the second operating
round over its line C11 (20K) - C13 - D14 - the town E15 (tile 58, 10K) - F14 - G13 (tile
404, two cities of 20K)."""

from __future__ import annotations

import copy

from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.or_actions import Dividend, RunRoutes, TrainRoute
from railyard.framework.eighteen.state import POOL

from .positions import BK_LINE_TO_G13, bk_at_run_step, lay, players_cash
from .rules_helpers import (
    add_train,
    first_purchase,
    new_game,
    no_problems,
    pass_packet,
    refusal,
    sell,
)

PRAGUE_E15 = ("C11.0", "C11|C13", "C13|D14", "D14|E15", "E15.0")
E15_G13 = ("E15.0", "E15|F14", "F14|G13", "G13.1")
G13_G11 = ("G13.1", "G11|G13", "G11.0")
WITH_G11 = (*BK_LINE_TO_G13, ("G11", {4, 0}))


def _run(game, *routes: tuple[str, tuple[str, ...]]):
    return RunRoutes("BK", tuple(TrainRoute(t, nodes) for t, nodes in routes))


def _best_nodes(game) -> list[tuple[str, ...]]:
    """The routes of the best run the engine offers first."""
    return [r.nodes for r in game.legal_actions()[0].runs]


def _revenue(game) -> int:
    line = next(x for x in reversed(game.log) if x.startswith("BK earns"))
    return int(line.split()[2])


def test_VIII_IX_a_2_train_from_prague_to_the_town_e15_earns_30():
    game = bk_at_run_step(("2",))
    assert _best_nodes(game) == [PRAGUE_E15]
    game.process(_run(game, ("2#1", PRAGUE_E15)))
    assert _revenue(game) == 30
    assert set(game.legal_actions()) == {Dividend("BK", "payout"), Dividend("BK", "half"),
                                         Dividend("BK", "withhold")}


def test_VIII_a_town_counts_toward_the_range_a_2_train_cannot_pass_e15_to_g13():
    game = bk_at_run_step(("2",))
    too_long = _run(game, ("2#1", (*PRAGUE_E15, "E15|F14", "F14|G13", "G13.1")))
    assert refusal(game, too_long).rule == "rule:running.route"
    game = bk_at_run_step(("3",))
    game.process(_run(game, ("3#1", (*PRAGUE_E15, "E15|F14", "F14|G13", "G13.1"))))
    assert _revenue(game) == 20 + 10 + 20


def test_VIII_IX_two_trains_on_separate_track_meeting_at_a_town_earn_the_sum():
    game = bk_at_run_step(("2", "2"), token_g13=True)  # the second route starts at the town
    best = game.legal_actions()[0]
    assert {frozenset(r.nodes) for r in best.runs} == {frozenset(PRAGUE_E15), frozenset(E15_G13)}
    game.process(best)
    assert _revenue(game) == 30 + 30


def test_VIII_every_route_needs_a_station_of_the_company():
    game = bk_at_run_step(("2", "2"))  # no token on G13
    assert refusal(game, _run(game, ("2#1", PRAGUE_E15), ("2#2", E15_G13))).rule == "rule:running.route"
    assert _best_nodes(game) == [PRAGUE_E15]


def test_VIII_two_trains_may_not_share_a_stretch_of_track():
    game = bk_at_run_step(("2", "2"))
    twice = _run(game, ("2#1", PRAGUE_E15), ("2#2", PRAGUE_E15))
    assert refusal(game, twice).rule == "rule:running.route"


def test_VIII_a_route_runs_through_a_city_with_an_open_station():
    game = bk_at_run_step(("4",), line=WITH_G11)
    game.process(_run(game, ("4#1", (*PRAGUE_E15, "E15|F14", "F14|G13", *G13_G11))))
    assert _revenue(game) == 20 + 10 + 20 + 10


def test_VIII_a_full_city_ends_a_route_but_may_not_be_run_through():
    game = bk_at_run_step(("4",), line=WITH_G11)
    game.state.board.place_token("G13", 1, "MS")  # G13's second city is full
    game.state.companies["MS"].tokens_left -= 1
    through = _run(game, ("4#1", (*PRAGUE_E15, "E15|F14", "F14|G13", *G13_G11)))
    assert refusal(game, through).rule == "rule:running.route"
    assert _best_nodes(game) == [(*PRAGUE_E15, "E15|F14", "F14|G13", "G13.1")]
    game.process(game.legal_actions()[0])
    assert _revenue(game) == 50


def _paid(kind: str, pool_share: bool = False):
    game = bk_at_run_step(("2",))
    if pool_share:  # one of C's shares lies in the bank pool
        next(c for c in game.state.certs_held("C", "BK")).owner = POOL
    before, bank = players_cash(game.state), game.state.bank
    game.process(_run(game, ("2#1", PRAGUE_E15)))
    game.process(Dividend("BK", kind))
    after = players_cash(game.state)
    gains = {p: after[p] - before[p] for p in after}
    bk = game.state.companies["BK"]
    return game, gains, bk, bank - game.state.bank


def test_IX_III_full_payout_pays_each_holder_its_percentage_offering_and_exchange_shares_lost():
    game, gains, bk, from_bank = _paid("payout")
    assert gains == {"A": 0, "B": 9, "C": 6, "D": 0}  # 30%, 20% of 30K
    assert bk.cash == 728 and from_bank == 15  # the 50% unsold or set aside earns nothing
    no_problems(game)


def test_IX_half_dividend_keeps_half_and_rounds_for_the_bank():
    game, gains, bk, from_bank = _paid("half")
    assert bk.cash == 728 + 15
    assert gains == {"A": 0, "B": 4, "C": 3, "D": 0}  # 4.5K -> 4K
    assert from_bank == 15 + 4 + 3


def test_IX_III_withholding_puts_the_whole_revenue_in_the_treasury():
    game, gains, bk, from_bank = _paid("withhold")
    assert bk.cash == 728 + 30 and set(gains.values()) == {0} and from_bank == 30


def test_IX_pool_shares_pay_the_corporations_treasury():
    game, gains, bk, from_bank = _paid("payout", pool_share=True)
    assert gains == {"A": 0, "B": 9, "C": 3, "D": 0}
    assert bk.cash == 728 + 3 and from_bank == 15


# G13's two cities joined outside the tile: city 1 - the town G11 (tile 3) - H12 (tile 7) -
# city 0
LOOP = (*BK_LINE_TO_G13, ("G11", {4, 5}), ("H12", {2, 3}))
AROUND = ("G13.1", "G11|G13", "G11.0", "G11|H12", "G13|H12", "G13.0")


def test_VIII_both_cities_of_one_tile_count_when_track_outside_links_them():
    game = bk_at_run_step(("3",), line=LOOP, token_g13=True)
    game.process(_run(game, ("3#1", AROUND)))
    assert _revenue(game) == 20 + 10 + 20


def test_VIII_no_stretch_of_track_twice_in_a_route():
    game = bk_at_run_step(("4",), line=LOOP, token_g13=True)
    back_again = ("E15.0", "E15|F14", "F14|G13", "G13.1", "G11|G13", "G11.0", "G11|G13", "G13.1")
    refused = refusal(game, _run(game, ("4#1", back_again)))
    assert refused.rule == "rule:running.route" and "uses the same track twice" in refused.message


def test_VIII_a_route_into_a_city_leaves_by_another_track():
    # from the gray town B8 (10K) over B10 into Prague and out east to E15: 10 + 20 + 10
    game = bk_at_run_step(("3",), line=(("B10", {1, 5}), *BK_LINE_TO_G13))
    through = ("B8.0", "B10|B8", "B10|C11", "C11.0", *PRAGUE_E15[1:])
    game.process(_run(game, ("3#1", through)))
    assert _revenue(game) == 40


def test_II_IX_a_coal_company_runs_one_goods_train_mine_to_its_treasury_town_split():
    # EPP (A's coal company, 100K) with two 1G trains; its mine E11 (20K) has one track, to
    # the town D10 (10K): one train runs, the other finds no track of its own
    game = new_game()
    sell(game, "EPP", "A")
    pass_packet(game)
    lay(game, "D10", {5, 3})
    first, second = add_train(game, "EPP", "1G"), add_train(game, "EPP", "1G")
    game.process(Pass("EPP"))  # no tile
    mine_to_town = ("E11.0", "D10|E11", "D10.0")
    assert [(r.train, r.nodes) for r in game.legal_actions()[0].runs] == [(first, mine_to_town)]
    both = RunRoutes("EPP", (TrainRoute(first, mine_to_town), TrainRoute(second, mine_to_town)))
    assert refusal(game, both).rule == "rule:running.route"
    a = game.state.player("A").cash
    game.process(game.legal_actions()[0])
    assert game.state.companies["EPP"].cash == 100 + 20 + 5  # the mine, and half of the town
    assert game.state.player("A").cash == a + 5


def test_VIII_IX_a_major_s_goods_train_from_a_mine_to_its_token_mine_to_the_treasury():
    # the RGTE mine A13 (30K) - B12 - C13 - Prague (BK's token, 20K)
    game = bk_at_run_step(("1G",), line=(("B12", {3, 5}), ("C13", {2, 1})))
    goods = ("A13.0", "A13|B12", "B12|C13", "C11|C13", "C11.0")
    assert _best_nodes(game) == [goods]
    game.process(game.legal_actions()[0])
    assert _revenue(game) == 20
    game.process(Dividend("BK", "payout"))
    assert game.state.companies["BK"].cash == 728 + 30  # the mine's value
    assert players_cash(game.state)["B"] == 282 + 6


def test_VIII_a_goods_train_needs_a_token_of_the_company_on_its_route():
    # the RGTE mine A13 - B12 - the gray town A11: no token of BK on the way
    game = bk_at_run_step(("1G",), line=(("B12", {3, 2}),))
    goods = ("A13.0", "A13|B12", "A11|B12", "A11.0")
    refused = refusal(game, _run(game, ("1G#1", goods)))
    assert refused.rule == "rule:running.route" and "must include a station of BK" in refused.message
    assert game.legal_actions()[0].runs == ()


def test_VIII_one_route_per_train_and_a_train_that_ran_this_round_runs_no_more():
    game = bk_at_run_step(("2", "2"), token_g13=True)
    twice = _run(game, ("2#1", PRAGUE_E15), ("2#1", E15_G13))
    assert refusal(game, twice).rule == "rule:running.train"
    game.state.round.ran.append("2#2")  # as if it came from a company that already ran
    assert refusal(game, _run(game, ("2#2", E15_G13))).rule == "rule:running.train"
    assert [r.train for r in game.legal_actions()[0].runs] == ["2#1"]


def _green(game, coord: str, paths: tuple[tuple[int, int], ...]) -> str:
    """Promote ``coord`` (yellow track along the first path) to the green plain tile whose
    track is exactly ``paths``; returns the tile."""
    from railyard.framework.tiles import Placed

    board = game.state.board
    lay(game, coord, set(paths[0]))
    wanted = {frozenset(p) for p in paths}
    for tile, upgrade in board.lay_choices(coord):
        if {frozenset(p) for p in Placed(tile, upgrade.rotation).paths} == wanted and not tile.stops:
            board.lay(coord, tile.id, upgrade.rotation)
            return tile.id
    raise AssertionError(f"no green tile on {coord} with track {paths}")


def test_VIII_a_branch_tile_carries_one_train_the_two_lines_merge_on_it():
    # phase 3; two 2 trains. Prague's east track runs over C13 and D14 to the town E15; its
    # north-west track over B10 and B12 into C13 too. C13 (green) joins the two lines at its
    # south-east edge, and D14 (green) splits them again, to E15 and to the town E13: no
    # piece of track on a tile is common to the two routes, but both pass the bit where the
    # lines merge (C13's south-east edge), so only one train may run
    game = bk_at_run_step(("2", "2"), line=(("B10", {5, 4}), ("B12", {1, 5}), ("E15", {2, 0}), ("E13", {3, 0})))
    first_purchase(game, "3")
    assert _green(game, "C13", ((1, 5), (2, 5))) in ("23", "24")
    assert _green(game, "D14", ((2, 5), (2, 0))) in ("23", "24")
    east = PRAGUE_E15  # C11 - C13 - D14 - E15
    north_west = ("C11.0", "B10|C11", "B10|B12", "B12|C13", "C13|D14", "D14|E13", "E13.0")
    refused = refusal(game, _run(game, ("2#1", east), ("2#2", north_west)))
    assert refused.rule == "rule:running.route" and "already used by another train" in refused.message
    for alone in (east, north_west):  # each line alone is a route of 30
        game_alone = copy.deepcopy(game)
        game_alone.process(_run(game_alone, ("2#1", alone)))
        assert _revenue(game_alone) == 30
    (best,) = game.legal_actions()[0].runs  # one train runs
    game.process(game.legal_actions()[0])
    assert _revenue(game) == 30 and best.train == "2#1"
