"""Rules XII, XIII, V on 1837 positions: what the phases' data does in play (scrapping, the
number of operating rounds, tile colours, train limits) and the bank pool's limit."""

from __future__ import annotations

import pytest

from railyard.framework.eighteen.actions import Pass, SellShares
from railyard.framework.eighteen.or_actions import BuyTrain, DiscardTrain, LayTile
from railyard.framework.eighteen.state import POOL, SCRAPPED

from .positions import bk_at_trains_step, major_in_operating_round, major_to_act, second_stock_round
from .rules_helpers import (
    add_train,
    finish_round,
    first_purchase,
    fund,
    new_game,
    no_problems,
    pass_packet,
    refusal,
    sell,
)


@pytest.mark.parametrize(
    ("variant", "new", "old"),
    [(None, "5", "3"), (None, "4G", "2G"), (None, "5+2", "3+1"), ("first_edition", "3G", "1G")],
)
def test_XII_the_first_train_of_a_type_scraps_the_older_type(variant, new, old):
    """XII "5": "All '3' trains are scrapped"; "4G": "The 2G trains are scrapped"; "5+2": the
    "3+1" are scrapped; FE XII.3: "With the sale of the first 3G train, the 1G trains are
    scrapped". A company's train of the old type leaves the game without compensation."""
    game = new_game(variant)
    owner = "EPP" if old.endswith("G") else "SD1"
    sell(game, owner, "A")
    if variant == "first_edition":
        game.state.packet_remaining.clear()
    train = add_train(game, owner, old)
    cash = game.state.companies[owner].cash
    first_purchase(game, new)
    assert game.state.trains[train].owner == SCRAPPED
    assert game.state.companies[owner].trains == [] and game.state.companies[owner].cash == cash
    assert all(t.owner == SCRAPPED for t in game.state.trains.values() if t.name == old)


def test_XIII_XII_one_operating_round_in_phase_2_two_from_phase_3_three_from_phase_5():
    """XIII / XII: one operating round between stock rounds in phase 2; with the first "3"
    two (from the next set); with the first "5", "After the next stock round there will be
    three operating rounds"."""
    game = new_game()
    sell(game, "SD1", "A")
    pass_packet(game)
    kinds = []

    def play_set() -> None:
        finish_round(game)  # the stock round
        while game.state.round.kind != "stock":
            kinds.append(game.state.round.kind)
            finish_round(game)
        kinds.append("|")

    finish_round(game)  # the first operating round (phase 2)
    assert game.state.round.kind == "stock"
    play_set()  # phase 2: one
    first_purchase(game, "3")
    play_set()  # phase 3: two
    first_purchase(game, "5")
    play_set()  # phase 5: three
    ors = "".join("o" if k == "operating" else k for k in kinds if k in ("operating", "|"))
    assert ors.split("|")[:3] == ["o", "oo", "ooo"]


def test_V_XII_during_phase_2_only_yellow_tiles_are_available():
    """V: "during Phase 2, only yellow tiles are available"; XII "3": green tiles. BK may not
    promote Prague (C11) to green in phase 2; the same lay is no longer refused for its colour
    once the first 3 is bought."""
    game = major_in_operating_round()
    major_to_act(game, "BK")
    board = game.state.board
    green = next((t, u) for t, u in board.lay_choices("C11") if t.color == "green")
    lay = LayTile("BK", "C11", green[0].id, green[1].rotation)
    refused = refusal(game, lay)
    assert refused.rule == "rule:tile_lay.phase" and "phase 2" in str(refused)
    first_purchase(game, "3")
    again = [a for a in game.legal_actions() if isinstance(a, LayTile) and a.hex == "C11"]
    assert any(board.tile_def(a.tile).color == "green" for a in again)


def test_XII_phase_5_majors_keep_two_trains_the_rest_goes_to_the_pool():
    """XII "5": "Train limit for the national railways: 3; for all other corporations: 2".
    BK with two 4 and the 4+1 (and 200K earned) buys the first 5 for 800K: it discards down
    to two, of its choice."""
    game = bk_at_trains_step(("4", "4", "4+1"), sell_out=("2", "3", "3+1", "4", "4E", "4+1", "4+2"))
    state = game.state
    bk = state.companies["BK"]
    fund(state, "BK", 200)
    five = next(a for a in game.legal_actions() if isinstance(a, BuyTrain)
                and state.trains[a.train].name == "5")
    game.process(five)
    assert state.phase == "5" and len(bk.trains) == 4 and bk.cash == 728 + 200 - 800
    discards = [a for a in game.legal_actions() if isinstance(a, DiscardTrain)]
    assert {state.trains[a.train].name for a in discards} == {"4", "4+1", "5"}
    for name in ("4", "4"):
        game.process(next(a for a in game.legal_actions()
                          if isinstance(a, DiscardTrain) and state.trains[a.train].name == name))
    assert sorted(state.trains[t].name for t in bk.trains) == ["4+1", "5"]
    assert all(state.trains[t].owner == "@pool" for t in state.depot.pool)
    assert not [a for a in game.legal_actions() if isinstance(a, DiscardTrain)]
    no_problems(game)


def test_XIII_a_sale_may_not_take_the_bank_pool_beyond_50_percent():
    """XIII: "The Bank Pool may never hold more than 50 percent of a corporation's shares"
    (second edition: a sale that would take it beyond 50% is refused)."""
    game = second_stock_round({"B": 30, "C": 30, "D": 20})
    state = game.state
    game.process(Pass("A"))
    game.process(Pass("B"))
    game.process(SellShares("C", "BK", 30))
    game.process(Pass("C"))
    game.process(SellShares("D", "BK", 20))
    assert state.percent_held(POOL, "BK") == 50
    game.process(Pass("D"))
    game.process(Pass("A"))
    refused = refusal(game, SellShares("B", "BK", 10))
    assert refused.rule == "rule:stock_round.pool_limit" and "60" in str(refused)
    no_problems(game)


def test_V_terrain_is_paid_from_the_treasury_on_the_first_tile():
    """V: "Building on hexes containing mountains or rivers entails costs, which must be paid
    when the first tile is laid on that hex ... from the treasury". kk #2 (140K, Vienna's west
    station) builds on the river hex G15 (50K)."""
    game = new_game()
    sell(game, "KK2", "A")
    pass_packet(game)
    major_to_act(game, "KK2")
    state = game.state
    lays = [a for a in game.legal_actions() if isinstance(a, LayTile) and a.hex == "G15"]
    assert lays
    bank = state.bank
    game.process(lays[0])
    assert state.companies["KK2"].cash == 140 - 50 and state.bank == bank + 50
    no_problems(game)


def test_V_VI_lettered_cities_double_cities_and_branch_towns_keep_their_kind():
    """V: "city hexes that contain one of the letters X, T, or Y" take tiles of that letter;
    VI: "Tiles with two separate cities may only be replaced by a tile that also has two
    separate cities"; "the promotion of tile #58 to tile #420 is legal, but the promotion of
    tile #58 to tile #410 is not". MS lays on its home Brünn (X); in phase 3 BK promotes the
    two-city Linz & Wels (G13) and the town E15 (a 58)."""
    from .positions import BK_LINE_TO_G13, build

    game = major_in_operating_round(major="MS", holdings={"B": 30, "C": 20})
    major_to_act(game, "MS")
    board = game.state.board
    brunn = {a.tile for a in game.legal_actions() if isinstance(a, LayTile) and a.hex == "E17"}
    assert brunn and all("X" in board.tile_def(t).labels for t in brunn)

    game = major_in_operating_round()
    build(game, BK_LINE_TO_G13)
    board = game.state.board
    assert board.tile("E15").id == "58"
    first_purchase(game, "3")
    major_to_act(game, "BK")
    lays = [a for a in game.legal_actions() if isinstance(a, LayTile)]
    linz = {a.tile for a in lays if a.hex == "G13"}
    assert linz and all(len(board.tile_def(t).stops) == 2 for t in linz)
    town = {a.tile for a in lays if a.hex == "E15"}
    assert town and town <= {"412", "413", "418", "419", "420", "421", "424"}  # never 410


def test_X_XIII_a_marker_in_the_bottom_left_corner_stays_on_a_withhold_and_on_a_sale():
    """X: withheld revenue moves the marker left, else diagonally down-left; "the bottom left
    corner" stays. XIII: a sale moves it down-left; at the bottom or left edge it stays."""
    from railyard.framework.eighteen.or_actions import Dividend

    from .positions import bk_at_run_step

    game = bk_at_run_step(("2",))
    state = game.state
    corner = (len(game.ruleset.spec.market.rows) - 1, 0)
    state.place_marker("BK", corner)
    game.process(game.legal_actions()[0])
    game.process(Dividend("BK", "withhold"))
    assert state.companies["BK"].market == corner

    game = second_stock_round({"B": 30, "C": 20})
    state = game.state
    state.place_marker("BK", corner)
    game.process(Pass("A"))
    game.process(Pass("B"))
    game.process(SellShares("C", "BK", 10))
    assert state.companies["BK"].market == corner
    no_problems(game)


def test_IV_coal_companies_then_sd_kk_ug_minors_operate_in_their_printed_order():
    """IV: the coal companies operate EPP, RGTE, EOD, EKT, MLB, ZKB, SPB, LRB, BB, EHS, then
    the minors Sd #1-#5, kk #1-#3, Ug #1-#3 (before the majors)."""
    game = new_game()
    order = ["EPP", "RGTE", "EOD", "EKT", "MLB", "ZKB", "SPB", "LRB", "BB", "EHS",
             "SD1", "SD2", "SD3", "SD4", "SD5", "KK1", "KK2", "KK3", "UG1", "UG2", "UG3"]
    for i, item in enumerate(reversed(order)):
        sell(game, item, "ABCD"[i % 4], 0)
    pass_packet(game)
    start = len(game.log)
    while game.state.round.kind != "stock":  # Sd #5's home, then the first operating round
        finish_round(game)
    operated = [line.split()[0] for line in game.log[start:] if line.endswith(" operates")]
    assert operated == order


@pytest.mark.parametrize(("variant", "supply"), [(None, None), ("first_edition", 3)])
def test_components_4G_trains_are_unlimited_in_the_second_edition_three_in_the_first(variant, supply):
    """Components: "one '5+4' train and three '4G' trains are provided" (the 4G unlimited);
    FE VIII.4 table: three 4G. From the first 5, one 4G is always on sale in the second
    edition; in the first edition the fourth never comes."""
    from railyard.framework.eighteen import trains

    game = new_game(variant)
    state, rules = game.state, game.ruleset
    first_purchase(game, "5")

    def on_sale() -> list[str]:
        return [t for t in trains.depot_offers(rules, state) if state.trains[t].name == "4G"]

    for _ in range(5):
        if not on_sale():
            break
        trains.transfer(rules, state, on_sale()[0], "BK")
    held = sum(1 for t in state.companies["BK"].trains if state.trains[t].name == "4G")
    if supply is None:
        assert held == 5 and on_sale()
    else:
        assert held == supply and not on_sale()


def test_VIII_an_express_train_needs_two_cities_towns_are_passed_over():
    """VIII: an express train "only includes cities and needs at least two cities"; towns
    are ignored for its range and revenue. BK's 4E may not run Prague - E15 (one city, a
    town); Prague - G13 (two cities, the town passed over) earns the two cities alone."""
    from railyard.framework.eighteen.or_actions import RunRoutes, TrainRoute

    from .positions import BK_LINE_TO_G13, bk_at_run_step

    game = bk_at_run_step(("4E",), line=BK_LINE_TO_G13)
    state = game.state
    board = state.board
    (train,) = state.companies["BK"].trains
    to_town = ("C11.0", "C11|C13", "C13|D14", "D14|E15", "E15.0")
    assert refusal(game, RunRoutes("BK", (TrainRoute(train, to_town),))).rule.startswith("rule:running")
    to_g13 = (*to_town, "E15|F14", "F14|G13", "G13.1")
    order = game.ruleset.spec.phase_order
    value = sum(board.placed(c).tile.stops[i].revenue.at(state.phase, order)
                for c, i in (("C11", 0), ("G13", 1)))
    assert value == 40  # Prague 20, the yellow Linz 20: the town E15 pays nothing
    game.process(RunRoutes("BK", (TrainRoute(train, to_g13),)))
    assert state.round.revenue == value
    no_problems(game)


@pytest.mark.parametrize(("variant", "offered"), [(None, []), ("first_edition", ["2G"])])
def test_FE_XII_1_the_2G_follows_the_sold_out_1G_only_in_the_first_edition(variant, offered):
    """FE XII.1 (our reading, RULES.md): no passenger train releases the 2G, it follows the
    1G in its stack; second edition XII: the 2G comes with the first 3 only. All ten 1G sold
    in phase 2: the first edition puts the 2G on sale, the second edition nothing."""
    from railyard.framework.eighteen import trains
    from railyard.framework.eighteen.phases import scrap

    game = new_game(variant)
    state = game.state
    for train_id in [t for t in state.depot.stacks["goods"] if state.trains[t].name == "1G"]:
        scrap(state, train_id)
    names = [state.trains[t].name for t in trains.depot_offers(game.ruleset, state)]
    assert [n for n in names if n.endswith("G")] == offered
