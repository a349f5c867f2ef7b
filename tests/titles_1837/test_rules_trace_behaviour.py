"""Behaviour tests for rows of titles/1837/RULES.md that were traced only to a test reading
the data back (issue 16): each plays the rule on a game position and checks the money moved
or the phase reached."""

from __future__ import annotations

from railyard.framework.core.game import Game
from railyard.framework.eighteen import dividends
from railyard.framework.eighteen.actions import BuyShares, Pass
from railyard.framework.eighteen.or_actions import BuyTrain, Dividend, RunRoutes, TrainRoute
from railyard.framework.eighteen.shares import market_price

from .positions import (
    bk_at_run_step,
    build,
    first_edition_stock_round,
    lay,
    major_in_operating_round,
    major_to_act,
)
from .rules_helpers import (
    add_train,
    cash,
    first_purchase,
    fund,
    fund_player,
    new_game,
    no_problems,
    pass_packet,
    play_until,
    quiet_action,
    refusal,
    sell,
    start_major,
)


def _minor_runs(game: Game, minor: str, owner: str) -> tuple[list[str], int, int, int]:
    """Play quietly to ``minor``'s turn, lay no tile, run the best route the engine offers:
    (the log lines of the run, treasury gain, owner's gain, paid out of the bank)."""
    while game.active_entities() != (minor,):
        game.process(quiet_action(game))
    game.process(Pass(minor))  # no tile
    state = game.state
    assert state.round.step == "run"
    before, treasury, bank = cash(state)[owner], state.companies[minor].cash, state.bank
    start = len(game.log)
    game.process(game.legal_actions()[0])
    no_problems(game)
    return (game.log[start:], state.companies[minor].cash - treasury,
            cash(state)[owner] - before, bank - state.bank)


def _sd1_beside_the_rgte_mine() -> Game:
    """A owns Sd #1, whose station stands (in this position) in Prague, C11, not Vienna: the
    RGTE mine A13 (30K) - B12 - C13 - Prague (20K) is built; Sd #1 owns a 1G."""
    game = new_game()
    sell(game, "SD1", "A")
    pass_packet(game)
    board = game.state.board
    board.remove_token("G17", 0, "SD1")
    board.place_token("C11", 0, "SD1")
    build(game, (("B12", {3, 5}), ("C13", {2, 1})))
    add_train(game, "SD1", "1G")
    return game


def test_II_a_minor_runs_a_goods_train_from_a_mine_to_only_one_city():
    lines, *_ = _minor_runs(_sd1_beside_the_rgte_mine(), "SD1", "A")
    assert "SD1 runs 1G#1: A13.0 - C11.0 for 20" in lines  # the mine and Prague only


def test_II_a_minor_s_mine_value_goes_to_its_treasury_the_city_is_split_as_usual():
    lines, kept, paid, from_bank = _minor_runs(_sd1_beside_the_rgte_mine(), "SD1", "A")
    assert "SD1 receives 30 into its treasury" in lines
    assert kept == 30 + 10 and paid == 10 and from_bank == 50


def _split(item: str, player: str, revenue: int) -> tuple[int, int, int]:
    """``item`` (a minor) bought by ``player``, the start packet over, then ``revenue`` paid
    by its own dividend rule: (to the treasury, to the owner, out of the bank)."""
    game = new_game()
    sell(game, item, player)
    pass_packet(game)
    state = game.state
    before, bank, treasury = cash(state)[player], state.bank, state.companies[item].cash
    dividends.distribute(game.ruleset, state, item, revenue, "split")
    no_problems(game)
    return state.companies[item].cash - treasury, cash(state)[player] - before, bank - state.bank


def test_IX_a_kk_minor_s_run_kept_half_and_paid_half_no_dividend_choice():
    # kk #1's Vienna station leaves north-east to the gray double town F18 (10K): 40 + 10
    game = new_game()
    sell(game, "KK1", "A")
    sell(game, "SD1", "B")
    pass_packet(game)
    add_train(game, "KK1", "2")
    lines, kept, paid, from_bank = _minor_runs(game, "KK1", "A")
    assert "KK1 runs 2#1: G17.3 - F18.0 for 50" in lines
    assert "KK1 splits 50: 25 to the treasury" in lines  # the run itself pays: no choice
    assert (kept, paid, from_bank) == (25, 25, 50)


def test_IX_an_sd_minor_s_run_kept_half_and_paid_half():
    # Sd #2's Marburg (J16, 30K) - J14 - Graz (I15, a yellow city of 20K)
    game = new_game()
    sell(game, "SD2", "B")
    sell(game, "SD1", "A")
    pass_packet(game)
    lay(game, "J14", {4, 3})
    lay(game, "I15", {0})
    add_train(game, "SD2", "2")
    lines, kept, paid, from_bank = _minor_runs(game, "SD2", "B")
    assert "SD2 runs 2#1: J16.0 - I15.0 for 50" in lines
    assert (kept, paid, from_bank) == (25, 25, 50)


def test_IX_sd_and_kk_minors_keep_half_and_pay_half_to_their_owner_no_other_division():
    assert _split("SD1", "A", 60) == (30, 30, 60)
    assert _split("KK2", "B", 60) == (30, 30, 60)
    assert _split("SD2", "C", 35) == (17, 17, 34)  # 17.5 each: the fraction stays with the bank


def _first_edition_bk_runs_to_e15() -> Game:
    """First edition: BK (B 30%, C 20%) runs its 2 train Prague (20K) - the town E15 (10K)
    for 30K at its turn in the next operating round; the dividend is to be chosen."""
    game = first_edition_stock_round({"B": 30, "C": 20})
    build(game, PRAGUE_TO_E15_LINE)
    while game.active_entities() != ("BK",):
        game.process(quiet_action(game))
    while game.state.round.step != "run":
        game.process(Pass("BK"))
    game.process(RunRoutes("BK", (TrainRoute("2#1", PRAGUE_E15),)))
    assert game.log[-2:] == ["BK runs 2#1: C11.0 - E15.0 for 30", "BK earns 30"]
    return game


def _first_edition_bk_pays(kind: str) -> tuple[dict[str, int], int, int]:
    game = _first_edition_bk_runs_to_e15()
    state = game.state
    before, bank, treasury = cash(state), state.bank, state.companies["BK"].cash
    game.process(Dividend("BK", kind))
    no_problems(game)
    after = cash(state)
    gains = {p: after[p] - before[p] for p in after}
    return gains, state.companies["BK"].cash - treasury, bank - state.bank


def test_FE_IX_payouts_round_in_favour_of_the_bank():
    gains, kept, from_bank = _first_edition_bk_pays("half")
    assert kept == 15
    assert gains == {"A": 0, "B": 4, "C": 3, "D": 0}  # 4.5K -> 4K: the half K stays
    assert from_bank == 15 + 4 + 3


def test_FE_IV_3_4_a_major_may_still_pay_half_as_in_the_second_edition():
    game = _first_edition_bk_runs_to_e15()
    assert set(game.legal_actions()) == {Dividend("BK", "payout"), Dividend("BK", "half"),
                                         Dividend("BK", "withhold")}
    gains, kept, from_bank = _first_edition_bk_pays("payout")
    assert kept == 0 and gains == {"A": 0, "B": 9, "C": 6, "D": 0} and from_bank == 15


def _first_edition_bk_buys_the_first(name: str, first_trains: tuple[str, ...],
                                     sold_out: tuple[str, ...]) -> tuple[str, str, list[str]]:
    """First edition: the first trains of ``first_trains`` were bought elsewhere and the
    depot's trains of ``sold_out`` are gone; BK (600K more) buys the first ``name`` at its
    trains step: (phase before, phase after, the purchase's log lines)."""
    from railyard.framework.eighteen.phases import scrap

    game = first_edition_stock_round({"B": 30, "C": 20})
    state = game.state
    for train in first_trains:
        first_purchase(game, train)
    for stack in state.depot.stacks.values():
        for train_id in [t for t in stack if state.trains[t].name in sold_out]:
            scrap(state, train_id)
    fund(state, "BK", 600)
    while game.active_entities() != ("BK",):
        game.process(quiet_action(game))
    while state.round.step != "trains":
        game.process(game.legal_actions()[-1] if state.round.step == "run" else Pass("BK"))
    before, start = state.phase, len(game.log)
    buy = next(a for a in game.legal_actions()
               if isinstance(a, BuyTrain) and state.trains[a.train].name == name)
    game.process(buy)
    no_problems(game)
    return before, state.phase, game.log[start:]


def test_FE_I_9_the_game_begins_in_phase_one_our_2_and_the_3_5_start_two_and_three():
    assert new_game("first_edition").state.phase == "2"  # "phase one"
    before, after, lines = _first_edition_bk_buys_the_first("3", (), ("2",))
    assert (before, after) == ("2", "3")  # "phase two"
    assert "BK buys a 3 train from the depot for 180" in lines
    assert "-- phase 3 begins --" in lines
    passenger = ("2", "3", "3+1", "4", "4E", "4+1")
    before, after, lines = _first_edition_bk_buys_the_first("5", ("3", "3+1", "4"), passenger)
    assert (before, after) == ("4", "5")  # "phase three"
    assert "BK buys a 5 train from the depot for 800" in lines


def _first_edition_bk_goods_run(first_trains: tuple[str, ...]) -> tuple[str, list[str], int]:
    """First edition: BK (Prague) with a 1G, the RGTE mine A13 (30K; 50K from phase 5) -
    B12 - C13 - Prague built, the first trains of ``first_trains`` bought elsewhere: BK's
    run at its next turn (phase, log lines, treasury gain)."""
    game = first_edition_stock_round({"B": 30, "C": 20})
    build(game, (("B12", {3, 5}), ("C13", {2, 1})))
    for name in first_trains:
        first_purchase(game, name)
    add_train(game, "BK", "1G")
    while game.active_entities() != ("BK",):
        game.process(quiet_action(game))
    state = game.state
    while state.round.step != "run":
        game.process(Pass("BK"))  # no tile, no token
    treasury, start = state.companies["BK"].cash, len(game.log)
    game.process(game.legal_actions()[0])
    no_problems(game)
    return state.phase, game.log[start:], state.companies["BK"].cash - treasury


def test_FE_IX_10_the_mine_pays_the_treasury_its_first_value_until_phase_three():
    for first_trains, phase in (((), "2"), (("3", "3+1", "4"), "4")):
        got_phase, lines, kept = _first_edition_bk_goods_run(first_trains)
        assert got_phase == phase
        assert lines == ["BK runs 1G#1: A13.0 - C11.0 for 20", "BK receives 30 into its treasury",
                         "BK earns 20"]  # the mine is not revenue: 20K for Prague alone
        assert kept == 30


def test_FE_IX_10_in_phase_three_our_5_the_mine_pays_its_second_value():
    phase, lines, kept = _first_edition_bk_goods_run(("3", "3+1", "4", "5"))
    assert phase == "5"
    assert "BK receives 50 into its treasury" in lines and "BK earns 20" in lines
    assert kept == 50


def _first_edition_trains_step(company: str, train: str, first_trains: tuple[str, ...]) -> Game:
    """First edition (A owns every coal company and Sd minor): ``company`` owns a ``train``
    and 200K more, the first trains of ``first_trains`` were bought elsewhere; it is at its
    trains step."""
    game = first_edition_stock_round({"B": 30, "C": 20})
    for name in first_trains:
        first_purchase(game, name)
    add_train(game, company, train)
    fund(game.state, company, 200)
    while game.active_entities() != (company,):
        game.process(quiet_action(game))
    while game.state.round.step != "trains":
        run = game.state.round.step == "run"
        game.process(game.legal_actions()[-1] if run else Pass(company))
    return game


def test_FE_XII_2_with_the_first_3plus1_a_coal_company_and_a_minor_own_one_train():
    for company, owned, second in (("EPP", "1G", "1G#2"), ("SD2", "2", "2#3")):
        game = _first_edition_trains_step(company, owned, ("3",))
        price = 100 if owned == "1G" else 90
        assert BuyTrain(company, second, price) in game.legal_actions()  # two until then
        game = _first_edition_trains_step(company, owned, ("3", "3+1"))
        assert not any(isinstance(a, BuyTrain) for a in game.legal_actions())
        refused = refusal(game, BuyTrain(company, second, price))
        assert refused.rule == "rule:trains.limit"
        assert f"{company} is at its train limit" in str(refused)


def test_FE_XIV_2_12_never_above_60_percent_during_a_share_buying_round():
    # first edition: B directs BK with 50% (and 300K more), 10% + 10% + 10% in the initial
    # offering, A (over its certificate limit with the whole start packet) passes
    game = first_edition_stock_round({"B": 50})
    state = game.state
    fund_player(state, "B", 300)
    game.process(Pass("A"))
    b = state.player("B").cash
    game.process(BuyShares("B", "BK"))  # 50% -> 60%: accepted
    assert state.percent_held("B", "BK") == 60 and state.player("B").cash == b - 91
    game.process(Pass("B"))
    game.process(BuyShares("C", "BK"))
    for player in ("C", "D", "A"):
        game.process(Pass(player))
    assert game.active_entities() == ("B",)
    assert BuyShares("B", "BK") not in game.legal_actions()
    refused = refusal(game, BuyShares("B", "BK"))
    assert refused.rule == "rule:stock_round.player_share_limit"
    assert "B would hold 70% of BK (limit 60%)" in str(refused)


# Prague (C11, 20K) - C13 - D14 - the town E15 (10K): one city and a town
PRAGUE_TO_E15_LINE = (("C13", {1, 5}), ("D14", {2, 5}), ("E15", {2, 0}))
PRAGUE_E15 = ("C11.0", "C11|C13", "C13|D14", "D14|E15", "E15.0")


def test_FE_VIII_4_an_express_train_runs_to_one_city_the_town_passed_over():
    game = first_edition_stock_round({"B": 30, "C": 20})
    build(game, PRAGUE_TO_E15_LINE)
    add_train(game, "BK", "4E")
    while game.active_entities() != ("BK",):
        game.process(quiet_action(game))
    while game.state.round.step != "run":
        game.process(Pass("BK"))
    start = len(game.log)
    game.process(RunRoutes("BK", (TrainRoute("4E#1", PRAGUE_E15),)))
    assert game.log[start:start + 2] == ["BK runs 4E#1: C11.0 - E15.0 for 20", "BK earns 20"]
    no_problems(game)


def test_VIII_the_second_edition_s_express_train_needs_two_cities():
    game = bk_at_run_step(("4E",), line=PRAGUE_TO_E15_LINE)
    refused = refusal(game, RunRoutes("BK", (TrainRoute("4E#1", PRAGUE_E15),)))
    assert refused.rule == "rule:running.route"
    assert "needs at least 2 stops of kind city, this one has 1" in str(refused)
    assert game.legal_actions()[0].runs == ()


def _first_edition_three_majors() -> Game:
    """First edition: BK (B 30%, C 20%) operated once; MS started at 97K (D 50%) and CL at
    91K (C 60%) in the second stock round; the next operating round has begun."""
    game = first_edition_stock_round({"B": 30, "C": 20})
    start_major(game, "MS", 97, {"D": 50})
    start_major(game, "CL", 91, {"C": 60})
    play_until(game, "operating")
    return game


def _majors_in_order(game: Game) -> list[str]:
    seen: list[str] = []
    start = game.state.round.number
    while game.state.round.kind == "operating" and game.state.round.number == start:
        (entity,) = game.active_entities()
        if entity in ("BK", "MS", "CL") and (not seen or seen[-1] != entity):
            seen.append(entity)
        game.process(quiet_action(game))
    return seen


def test_FE_IV_2_6_the_majors_operate_by_price_decided_dynamically_as_in_the_second_edition():
    game = _first_edition_three_majors()
    prices = {m: market_price(game.ruleset, game.state, m) for m in ("MS", "CL", "BK")}
    assert prices == {"MS": 97, "CL": 91, "BK": 87}
    assert _majors_in_order(game) == ["MS", "CL", "BK"]
    game = _first_edition_three_majors()
    major_to_act(game, "MS")
    game.state.place_marker("BK", (1, 4))  # BK's price rises above CL's while MS operates
    assert market_price(game.ruleset, game.state, "BK") > 91
    assert _majors_in_order(game) == ["MS", "BK", "CL"]


def test_VIII_buda_and_pest_count_separately_a_2_between_them_earns_100_on_green():
    # Ug #1 (Pest, H22's second city) with a 2 train; Budapest carries the green 425 (two
    # cities of 50K joined on the tile); the second 25% of Ug #1 is unsold
    game = new_game()
    sell(game, "UG1", "A")
    sell(game, "SD1", "B")
    pass_packet(game)
    first_purchase(game, "3")
    lay(game, "H22", {0, 1, 2, 3, 4, 5}, tile="425")
    add_train(game, "UG1", "2")
    lines, kept, paid, from_bank = _minor_runs(game, "UG1", "A")
    assert "UG1 runs 2#1: H22.1 - H22.0 for 100" in lines
    assert (kept, paid, from_bank) == (50, 25, 75)  # the unsold 25% earns nothing


# Brünn (E17, MS's home; tile 402) - the town E15 - the town F16 - F18's second town, and from
# Brünn to F18's first town: a loop through both towns of F18
F18_LOOP = ("F18.1", "F16|F18", "F16.0", "E15|F16", "E15.0", "E15|E17", "E17.0", "E17|F18")


def _ms_around_f18(promoted: bool) -> Game:
    """MS (started at 97K, B 30%, C 20%) with a 5 train at its run in phase 3, the loop
    built; with ``promoted`` the preprinted F18 (two towns) has become 87 (one town)."""
    from railyard.framework.eighteen.or_actions import LayTile, PlaceToken

    game = major_in_operating_round("MS", 97)
    build(game, (("E17", {1, 5}), ("E15", {4, 5}), ("F16", {2, 4})))
    first_purchase(game, "3")
    if promoted:
        assert lay(game, "F18", {0, 1, 2, 5}, tile="87")[0] == "87"
    add_train(game, "MS", "5")
    major_to_act(game, "MS")
    while game.state.round.step != "run":
        game.process(next(a for a in game.legal_actions()
                          if not isinstance(a, LayTile | PlaceToken)))
    return game


def test_VIII_the_two_towns_of_one_hex_count_separately_until_they_become_one():
    game = _ms_around_f18(promoted=False)
    start = len(game.log)
    game.process(RunRoutes("MS", (TrainRoute("5#1", (*F18_LOOP, "F18.0")),)))
    assert game.log[start] == "MS runs 5#1: F18.1 - F16.0 - E15.0 - E17.0 - F18.0 for 60"
    no_problems(game)
    game = _ms_around_f18(promoted=True)
    once = ("F18.0", *F18_LOOP[1:], "F18.0")
    refused = refusal(game, RunRoutes("MS", (TrainRoute("5#1", once),)))
    assert refused.rule == "rule:running.route" and "route visits F18.0 twice" in str(refused)
