"""First-edition rules (variant ``first_edition``) that are generic engine options: tile
promotion (VI.1), the price of a train between companies (XI.3), a bankrupt player's shares
(XI.11), and the share price chart (not printed in the translation; Rails' first-edition
chart)."""

from __future__ import annotations

from railyard.framework.eighteen.actions import SellShares
from railyard.framework.eighteen.or_actions import BuyTrain, DeclareBankruptcy, LayTile
from railyard.framework.eighteen.phases import scrap
from railyard.framework.eighteen.shares import market_price
from railyard.framework.eighteen.state import BANK, IPO, POOL
from railyard.framework.loader import load_title

from .positions import (
    BK_LINE_TO_G13,
    build,
    first_edition_stock_round,
    kk_with_green_vienna,
    major_in_operating_round,
    major_to_act,
)
from .rules_helpers import (
    SEATED_AS_GIVEN,
    add_train,
    finish_round,
    first_purchase,
    new_game,
    no_problems,
    pass_packet,
    play_until,
    quiet_action,
    refusal,
    sell,
)


def _bk_promotes_g13(game):
    """BK's line runs to G13's second city (edges W and NE), which MS's token fills; phase 3;
    BK at its tile step. Tile 408 fits in rotation 0 (that city keeps one slot, new track to
    the north-west) and rotation 3 (that city gets two slots and the new track)."""
    build(game, BK_LINE_TO_G13)
    game.state.board.place_token("G13", 1, "MS")
    game.state.companies["MS"].tokens_left -= 1
    major_to_act(game, "BK")
    first_purchase(game, "3")
    assert game.state.round.step == "tile"
    return game


def _g13_lays(game) -> list[LayTile]:
    return [a for a in game.legal_actions() if isinstance(a, LayTile) and a.hex == "G13"]


def test_FE_VI_1_a_promotion_needs_new_track_the_company_could_run_on():
    second = _bk_promotes_g13(major_in_operating_round())
    # second edition: the city BK reaches goes from 20 to 30, so both rotations qualify
    assert _g13_lays(second) == [LayTile("BK", "G13", "408", 0), LayTile("BK", "G13", "408", 3)]
    first = first_edition_stock_round({"B": 30, "C": 20})
    play_until(first, "operating")
    _bk_promotes_g13(first)
    # first edition: in rotation 0 the new track leaves a city still full of MS, which BK's
    # trains cannot pass; rotation 3 frees a slot there, so BK could run on over the new track
    assert _g13_lays(first) == [LayTile("BK", "G13", "408", 3)]
    refused = refusal(first, LayTile("BK", "G13", "408", 0))
    assert refused.rule == "rule:tile_lay.upgrade_track"
    first.process(LayTile("BK", "G13", "408", 3))
    assert first.state.board.placed("G13").tile.id == "408"
    no_problems(first)


def test_FE_VI_1_VII_9_brown_vienna_merging_kks_stations_is_new_track_kk_runs_on():
    # 436 keeps 427's track and adds no path; but the three stations kk holds become one it
    # runs through, joining three separate lines (FE VII.9 expects Vienna to go brown)
    from railyard.framework.core.game import Game
    from railyard.framework.eighteen import tile_lay

    # the kk minors as the second edition's packet sells them, promotion as the first edition reads it
    first_edition_promotion = (*SEATED_AS_GIVEN, "setup.operating_round={upgrade_needs: new_track}")
    game = Game(load_title("1837", None, first_edition_promotion), ("A", "B", "C", "D"), 1, None,
                first_edition_promotion)
    state = kk_with_green_vienna(game).state
    assert state.board.new_track("G17", state.board.tile_def("436"), 5) == frozenset()
    reach = tile_lay.company_reach(game.ruleset, state, "KK")
    verdicts = {
        upgrade.rotation: tile_lay.refusal(game.ruleset, state, "KK", "G17", tile, upgrade, reach)
        for tile, upgrade in state.board.lay_choices("G17")
    }
    assert verdicts[5] is None
    assert all(verdicts[r] is not None for r in range(5))
    tile_lay.apply(game.ruleset, state, LayTile("KK", "G17", "436", 5), 0)
    game.ruleset.hooks.on_operating_turn_start(state, "KK")
    assert state.board.tokens_of("KK") == [("G17", 2)]
    no_problems(game)


def test_FE_XI_3_a_train_between_companies_may_change_hands_for_0K():
    first = first_edition_stock_round({"B": 30, "C": 20})  # A owns every Sd minor
    play_until(first, "operating")
    first_purchase(first, "3")
    train = add_train(first, "SD2", "2")
    while not (first.active_entities() == ("SD1",) and first.state.round.step == "trains"):
        first.process(quiet_action(first))
    state = first.state
    assert BuyTrain("SD1", train, 0) in first.legal_actions()
    first.process(BuyTrain("SD1", train, 0))
    assert state.companies["SD1"].trains == [train]
    assert (state.companies["SD1"].cash, state.companies["SD2"].cash) == (90, 90)
    no_problems(first)

    second = new_game()
    sell(second, "SD1", "A")
    sell(second, "SD2", "A")
    pass_packet(second)
    first_purchase(second, "3")
    train = add_train(second, "SD2", "2")
    while not (second.active_entities() == ("SD1",) and second.state.round.step == "trains"):
        second.process(quiet_action(second))
    assert BuyTrain("SD1", train, 1) in second.legal_actions()  # second edition: at least 1K
    refused = refusal(second, BuyTrain("SD1", train, 0))
    assert (refused.rule, refused.message) == ("rule:trains.price", "a train costs at least 1")


def test_FE_XI_11_a_bankrupt_player_s_shares_go_to_the_pool_only_up_to_50_percent():
    game = first_edition_stock_round({"B": 40, "D": 40})  # A holds 20% from coal exchanges
    state, rules = game.state, game.ruleset
    bk = state.companies["BK"]
    while game.active_entities() != ("D",):
        game.process(quiet_action(game))  # A, over the certificate limit, sells 10% of BK
    game.process(SellShares("D", "BK", 30))
    assert state.percent_held(POOL, "BK") == 40
    finish_round(game)
    play_until(game, "operating")
    (old,) = bk.trains
    scrap(state, old)  # BK has no train and no money; its director B none either
    state.pay("BK", BANK, bk.cash)
    state.pay("B", BANK, state.player("B").cash)
    major_to_act(game, "BK")
    while not any(isinstance(a, (SellShares, DeclareBankruptcy)) for a in game.legal_actions()):
        game.process(quiet_action(game))
    assert market_price(rules, state, "BK") == 79
    game.process(SellShares("B", "BK", 10))  # the pool now holds 50%: no more sales
    assert state.player("B").cash == 79
    assert game.legal_actions() == [DeclareBankruptcy("B")]
    game.process(DeclareBankruptcy("B"))
    # B's director's certificate goes to the pool, 20% + 50% = 70%; its other 10% would take
    # the pool past 50%, so the bank keeps it in the initial offering
    assert (state.percent_held(POOL, "BK"), state.percent_held(IPO, "BK")) == (70, 10)
    assert state.percent_held("B", "BK") == 0 and state.player("B").bankrupt
    assert bk.extra["bank_debt"] == 90 - 79  # a new 2 train: B's 79K, the bank the rest
    assert bk.extra["controller"] == "A"  # A and D hold 10% each; A holds the priority deal
    assert state.priority_player == "A"
    no_problems(game)


FIRST = load_title("1837", "first_edition", SEATED_AS_GIVEN)
SECOND = load_title("1837", None, SEATED_AS_GIVEN)


def _prices(title, row: int) -> list[int]:
    return [c.price for c in title.market.rows[row]]


def test_FE_share_price_chart_is_rails_first_edition_chart():
    # the top right and the bottom left differ from the second edition
    assert _prices(FIRST, 0)[11:] == [280, 320, 360, 400, 450]
    assert _prices(SECOND, 0)[11:] == [280, 350, 400, 460]
    assert _prices(FIRST, 1)[-3:] == [300, 340, 380]
    assert _prices(FIRST, 2)[-2:] == [280, 320]
    assert [_prices(FIRST, r)[0] for r in (6, 7, 8)] == [63, 57, 51]
    assert _prices(FIRST, 8)[:4] == [51, 55, 59, 63]
    assert [len(r) for r in FIRST.market.rows] == [16, 16, 16, 13, 11, 10, 8, 7, 7]
    # the middle, the par cells, the national start cells and the yellow cells are the same
    assert _prices(FIRST, 3) == _prices(SECOND, 3)
    assert [c.price for c in FIRST.market.par_cells()] == [104, 97, 91, 85, 80, 75, 70]
    assert [c.price for c in FIRST.market.cells() if c.has("n")] == [120, 142, 175]
    yellow = [(c.row, c.column) for c in FIRST.market.cells() if c.has("y")]
    assert yellow == [(c.row, c.column) for c in SECOND.market.cells() if c.has("y")]
    top_right = FIRST.market.cell(0, 15)
    assert FIRST.market.move(top_right, "right") == top_right  # rule X: it stays at 450
