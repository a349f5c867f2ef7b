"""The defects of issue 16 (an independent clause-by-clause check of both rulebooks), each a
scenario on a real 1837 position played through ``game.process``."""

from __future__ import annotations

from railyard.framework.eighteen.actions import Par, Pass

from .positions import second_stock_round
from .rules_helpers import first_purchase, fund_player, new_game, no_problems, refusal, start_major


def _turn_of(game, player: str) -> None:
    while game.active_entities() != (player,):
        game.process(Pass(game.active_entities()[0]))


# ---------------------------------------------------------------------- 3. XII phase 2
def test_XII_phase_2_the_bosnia_herzegovina_railway_is_closed_until_phase_3():
    """XII, phase 2: "The Bosnia-Herzigovinia Railway is closed". companies.yaml gives BH
    ``opens_on_phase: "3"``: no par (so no float, no turn) before the first 3 train."""
    game = second_stock_round({"B": 30, "C": 20})
    state = game.state
    _turn_of(game, "A")
    assert not [a for a in game.legal_actions() if isinstance(a, Par) and a.company == "BH"]
    refused = refusal(game, Par("A", "BH", 91))
    assert refused.rule == "rule:company.opens_on_phase"
    assert "3" in str(refused)
    first_purchase(game, "3")
    cash = state.player("A").cash
    game.process(Par("A", "BH", 91))
    assert state.player("A").cash == cash - 182
    assert state.percent_held("A", "BH") == 20
    no_problems(game)


# ---------------------------------------------------------------------- 8. XII phase 5, XIII
def test_XIII_XII_closed_mountain_railways_leave_the_certificate_limit():
    """"The mountain railways close at the start of Phase 5"; a closed company's certificate
    is out of play, so it no longer counts toward the limit (4 players: 21). A holds Sd #1 and
    Sd #2 with their two passes, Tauern, Wocheiner and 60% of BK, MS and GT (15
    certificates): 21, at the limit, until the first 5 closes the four railways."""
    game = second_stock_round(
        {"A": 60, "B": 20}, items={"SD2": "A", "Tauern": "A", "Wocheiner": "A"}
    )
    state = game.state
    fund_player(state, "A", 2000)
    start_major(game, "MS", 85, {"A": 60})
    start_major(game, "GT", 80, {"A": 60})
    _turn_of(game, "A")
    refused = refusal(game, Par("A", "CL", 91))
    assert refused.rule == "rule:stock_round.certificate_limit"
    assert "21" in str(refused)
    first_purchase(game, "5")
    for railway in ("Semmering", "Karawanken", "Tauern", "Wocheiner"):
        assert state.companies[railway].closed
    cash = state.player("A").cash
    game.process(Par("A", "CL", 91))
    assert state.player("A").cash == cash - 182
    assert state.percent_held("A", "CL") == 20
    no_problems(game)


# ---------------------------------------------------------------------- 2. VII
def test_VII_the_southern_nationals_first_extra_station_costs_20_per_hex():
    """VII: "The Southern National Railway wishes to place a station marker in Krakow. It is
    its first extra station. Krakow is five hexes from Vienna and so the cost is 100K." The
    four stations Sd took over from its minors are not extra stations: its first extra one
    costs 20K a hex. Graz (I15) is two hexes from Vienna over H16: 40K (not 2 x 40K)."""
    from railyard.framework.eighteen.or_actions import LayTile, PlaceToken

    from .positions import lay, major_to_act
    from .rules_helpers import finish_round, pass_packet, sell

    game = new_game()
    for item, player in {"SD1": "A", "SD2": "B", "SD3": "C", "SD4": "D"}.items():
        sell(game, item, player)
    pass_packet(game)
    first_purchase(game, "3")
    first_purchase(game, "4")  # Sd forms with Vienna, Marburg, Innsbruck and Bozen
    state = game.state
    assert len(state.board.tokens_of("SD")) == 4 and state.companies["SD"].tokens_left == 1
    finish_round(game)  # operating round (Sd formed in it: it waits)
    finish_round(game)  # stock round
    lay(game, "H16", {3, 0})  # Vienna's south-west track on to Graz
    lay(game, "I15", {3})
    major_to_act(game, "SD")
    game.process(next(a for a in game.legal_actions() if not isinstance(a, LayTile)))
    assert PlaceToken("SD", "I15", 0) in game.legal_actions()
    sd_cash, bank = state.companies["SD"].cash, state.bank
    game.process(PlaceToken("SD", "I15", 0))
    assert state.companies["SD"].cash == sd_cash - 40
    assert state.bank == bank + 40
    no_problems(game)


# ---------------------------------------------------------------------- 4. XII
def _coal_at_trains_step(sold_out: tuple[str, ...]):
    """EPP (A's coal company, 100K and 200K earned before) at its trains step in the first
    operating round, the depot's unsold trains of ``sold_out`` bought elsewhere before, one of
    them in the bank pool."""
    from railyard.framework.eighteen.phases import scrap
    from railyard.framework.eighteen.state import TRAIN_POOL

    from .positions import major_to_act
    from .rules_helpers import fund, pass_packet, sell

    game = new_game()
    sell(game, "EPP", "A")
    pass_packet(game)
    state = game.state
    for stack in state.depot.stacks.values():
        for train_id in [t for t in stack if state.trains[t].name in sold_out]:
            scrap(state, train_id)
    # one of them came back to the bank pool (a surrender): EPP has something to decide
    back = state.depot.scrapped.pop()
    state.trains[back].owner = TRAIN_POOL
    state.depot.pool.append(back)
    fund(state, "EPP", 200)
    major_to_act(game, "EPP")
    for _ in range(6):
        if state.round.step == "trains":
            return game
        game.process(Pass("EPP"))
    raise AssertionError("EPP does not reach its trains step")


def test_XII_the_2G_goes_on_sale_with_the_first_3_not_when_the_1G_sell_out():
    """XII: 2G trains become available with the first "3" (phase 3), 3G with the first "4",
    4G with the first "5" (trains.yaml ``available_on``). All ten 1G sold in phase 2 leave the
    goods depot with nothing on sale until the first 3 (only the pool's 1G for 100K)."""
    from railyard.framework.eighteen.or_actions import BuyTrain

    game = _coal_at_trains_step(("1G",))
    state = game.state
    pool_1g = state.depot.pool[0]
    assert [a for a in game.legal_actions() if isinstance(a, BuyTrain)] == [BuyTrain("EPP", pool_1g, 100)]
    two_g = next(t for t in state.depot.stacks["goods"] if state.trains[t].name == "2G")
    refused = refusal(game, BuyTrain("EPP", two_g, 230))
    assert refused.rule == "rule:trains.available_on"
    assert "3" in str(refused)
    first_purchase(game, "3")
    assert BuyTrain("EPP", two_g, 230) in game.legal_actions()
    game.process(BuyTrain("EPP", two_g, 230))
    assert state.companies["EPP"].cash == 300 - 230
    assert [state.trains[t].name for t in state.companies["EPP"].trains] == ["2G"]
    no_problems(game)


# ---------------------------------------------------------------------- 5, 6. XIII
def _gt_parred_first_ms_floated_first():
    """The first stock round (the packet out of the way, A to act): A starts GT at 91K, B
    starts MS at 91K, then MS is bought to 50% (floats) before GT (floats last)."""
    from railyard.framework.eighteen.actions import BuyShares

    from .rules_helpers import finish_round, pass_packet, sell

    game = new_game()
    sell(game, "SD1", "A")
    pass_packet(game)
    game.state.packet_remaining.clear()
    game.state.offers.clear()
    finish_round(game)  # the first operating round
    assert game.state.round.kind == "stock" and game.active_entities() == ("A",)
    script = [
        Par("A", "GT", 91), Par("B", "MS", 91), BuyShares("C", "MS"), BuyShares("D", "MS"),
        BuyShares("A", "GT"), BuyShares("B", "MS"),  # MS: 50% bought, it floats
        BuyShares("C", "GT"), BuyShares("D", "GT"),  # GT: 50%, it floats
    ]
    for action in script:
        assert game.active_entities() == (action.entity,)
        game.process(action)
        if action == BuyShares("B", "MS"):
            floated_ms = (game.state.companies["MS"].floated, game.state.companies["GT"].floated)
            ms_tokens = list(game.state.board.tokens_of("MS"))
            gt_market = game.state.companies["GT"].market
    assert floated_ms == (True, False)
    return game, ms_tokens, gt_market


def test_XIII_flotation_places_the_home_token_at_once():
    """XIII (flotation): "A token of the new corporation is placed on the corporation's home
    station", with the marker and the capital, not at its first turn: MS's token stands on
    Brünn (E17) from the purchase that floats it, in the stock round."""
    game, ms_tokens, _ = _gt_parred_first_ms_floated_first()
    assert ms_tokens == [("E17", 0)]
    state = game.state
    assert state.companies["MS"].tokens_left == 2 and state.companies["MS"].cash == 8 * 91
    assert state.board.tokens_of("GT") == [("D36", 0)]
    assert state.companies["GT"].tokens_left == 2
    no_problems(game)


def test_XIII_IV_markers_at_one_par_stack_in_flotation_order_the_first_floated_operates_first():
    """XIII: at flotation a marker goes on the pink start hex; "If the hex already has a
    marker(s) of another company on it, the new marker is placed under the old one(s)"; IV:
    the uppermost operates first. GT was parred first, MS floated first: MS is on top."""
    from railyard.framework.eighteen.operating_round import operating_order

    from .rules_helpers import finish_round

    game, _, gt_market = _gt_parred_first_ms_floated_first()
    state = game.state
    assert gt_market is None  # parred, not floated: no marker on the chart yet
    cell = state.companies["MS"].market
    assert state.companies["GT"].market == cell
    assert state.stack_at(cell) == ["MS", "GT"]
    finish_round(game)  # the stock round ends
    assert state.round.kind == "operating"
    order = operating_order(game.ruleset, state)
    assert order.index("MS") < order.index("GT")
    no_problems(game)


# ---------------------------------------------------------------------- 1. VI
import pytest  # noqa: E402


@pytest.mark.parametrize(
    ("coord", "old", "target", "minor"),
    [("F18", None, "87", "KK1"),  # preprinted, two towns
     ("H18", "1", "88", "SD1"), ("H18", "2", "87", "SD1"), ("H18", "55", "88", "SD1"),
     ("H18", "56", "87", "SD1"), ("H18", "69", "204", "SD1")],
)
def test_VI_two_separate_towns_promote_to_one_junction_town(coord, old, target, minor):
    """VI: "In order to promote a tile, either some of the newly-created track must be on a
    route available to the company/corporation or the value of a city on an available route
    changes." Two separate towns becoming one junction town join the two lines: from the
    company's town its trains may now run on along the other line's track, new track on a
    route available to it though no edge is new. kk #1 (Vienna's NE station) promotes the
    preprinted F18 to 87; Sd #1 (Vienna's SW station, on over H16) a double-town tile on
    H18."""
    from railyard.framework.eighteen.or_actions import LayTile

    from .positions import lay, major_to_act
    from .rules_helpers import pass_packet, sell

    game = new_game()
    sell(game, minor, "A")
    pass_packet(game)
    state = game.state
    if old is not None:
        lay(game, "H16", {3, 4})  # Vienna's SW track turns east
        lay(game, coord, {1}, tile=old)  # into one of the two towns
    first_purchase(game, "3")  # green tiles
    major_to_act(game, minor)
    lays = [a for a in game.legal_actions() if isinstance(a, LayTile) and a.hex == coord]
    assert {a.tile for a in lays} == {target}
    cash, left = state.companies[minor].cash, state.board.available(target)
    game.process(lays[0])
    assert state.board.tile(coord).id == target
    assert state.board.available(target) == left - 1
    assert state.companies[minor].cash == cash  # no terrain on a promotion
    no_problems(game)


# ---------------------------------------------------------------------- 9. the appendix
def test_appendix_fixed_packet_columns_karst_sd5_at_120_then_kk_ug_then_majors():
    """Second edition, appendix "Start Packet Auction (First Edition)": "Optionally use the
    rules presented in this section instead of those in Section I" ... "Karst Railway + Sd 5
    | 120K" ... "Apply the standard rules from this point on." Variant ``fixed_packet``: the
    columns at fixed prices, Karst + Sd5 for 120K (the translation's first edition: 110K),
    then the kk minors, then the Ug certificates, then the majors; the rest is the second
    edition (its auction is gone, its 1G are never scrapped)."""
    from railyard.framework.eighteen.actions import BuyItem

    from .rules_helpers import sell

    game = new_game("fixed_packet")
    state = game.state
    assert state.round.kind == "fixed_price_columns"
    tops = [(a.item, a.price) for a in game.legal_actions() if isinstance(a, BuyItem)]
    assert tops == [("EKT", 100), ("EPP", 100), ("BB", 100)]
    for player, item in (("A", "EPP"), ("B", "RGTE"), ("C", "SD3"), ("D", "EHS"), ("A", "LRB")):
        game.process(BuyItem(player, item, game.ruleset.spec.item_price(
            game.ruleset.spec.setup.start_packet.items[item])))
    assert ("SD5", 120) in [(a.item, a.price) for a in game.legal_actions() if isinstance(a, BuyItem)]
    game.process(BuyItem("B", "SD5", 120))
    assert state.player("B").cash == 555 - 100 - 120
    assert state.director("SD5") == "B" and state.director("Karst") == "B"
    assert state.companies["SD5"].cash == 90  # its printed capital, as in the second edition
    for item in [i for i in state.packet_remaining if i != "Tauern"]:
        sell(game, item, "D", 0)
    game.process(BuyItem("C", "Tauern", 150))  # the packet is sold out
    assert game.active_entities() == ("B",)  # Sd #5's owner picks its home first (I)
    game.process(next(a for a in game.legal_actions() if getattr(a, "hex", None) == "L8"))
    assert state.companies["SD5"].home == "L8"
    assert state.round.kind == "stock"
    assert {k: o.price for k, o in state.offers.items()} == {"KK1": 90, "KK2": 140, "KK3": 90}
    (player,) = game.active_entities()
    assert refusal(game, Par(player, "BK", 91)).rule == "appendix"
    for item in ("KK1", "KK2", "KK3"):
        (player,) = game.active_entities()
        game.process(BuyItem(player, item, state.offers[item].price))
    assert {k: o.price for k, o in state.offers.items()} == {"UG1": 90, "UG2": 90, "UG3": 90}
    (player,) = game.active_entities()
    assert refusal(game, Par(player, "BK", 91)).rule == "appendix"
    first_purchase(game, "3G")  # second edition: no 1G scrapped (the first edition scraps them)
    assert all(t.owner != "@scrapped" for t in state.trains.values() if t.name == "1G")
    no_problems(game)


# ---------------------------------------------------------------------- 10. XI (silent)
def test_XI_a_bankrupt_players_minors_pass_on_and_cost_nobody_their_certificates():
    """XI says nothing of a bankrupt player's minors. Our reading (RULES.md, decision): Ug #1
    held by B (director, 25%) and C (25%) passes to C, B's certificate to the bank pool; kk #2
    of B, kk having formed, folds into kk (treasury and token too), B's exchange share going
    to the pool with B's other shares. Nothing C or kk owned is lost."""
    from railyard.framework.eighteen.or_actions import DeclareBankruptcy
    from railyard.framework.eighteen.shares import give_certificate
    from railyard.framework.eighteen.state import BANK, CLOSED, POOL

    from .rules_helpers import finish_round, hooks, pass_packet, quiet_action, sell

    game = new_game()
    state = game.state
    for item, player in {"SD1": "A", "KK1": "A", "KK2": "B", "UG1": "B"}.items():
        sell(game, item, player)
    pass_packet(game)
    state.offers.pop("UG1_share")  # C bought Ug #1's second 25% for 90K
    state.extra["sold_UG1_share"] = True
    give_certificate(game.ruleset, state, state.cert("UG1.1"), "C", 90, BANK)
    start_major(game, "BK", 91, {"B": 30, "D": 20})
    finish_round(game)  # operating round 1
    finish_round(game)  # stock round 1
    while game.active_entities() != ("BK",):
        game.process(quiet_action(game))
    hooks(game, "nationals").form(game.ruleset, state, "KK", ["KK1"])  # A opened kk earlier
    state.pay("BK", BANK, state.companies["BK"].cash)
    state.pay("B", BANK, state.player("B").cash - 10)
    ug1_cash, kk_cash, kk2_cash = (state.companies[c].cash for c in ("UG1", "KK", "KK2"))
    kk_pool = state.percent_held(POOL, "KK")
    while DeclareBankruptcy("B") not in game.legal_actions():
        game.process(quiet_action(game))
    game.process(DeclareBankruptcy("B"))
    assert state.player("B").bankrupt
    ug1 = state.companies["UG1"]
    assert not ug1.closed and state.director("UG1") == "C"
    assert state.cert("UG1.0").owner == "C" and state.cert("UG1.1").owner == POOL
    assert ug1.cash == ug1_cash and state.board.tokens_of("UG1") == [("H22", 1)]
    kk2 = state.companies["KK2"]
    assert kk2.closed and state.cert("KK2.0").owner == CLOSED
    assert state.companies["KK"].cash == kk_cash + kk2_cash
    assert state.percent_held(POOL, "KK") == kk_pool + 10
    assert ("G17", 1) in state.board.tokens_of("KK")
    no_problems(game)


# ---------------------------------------------------------------------- 7. XI
@pytest.mark.parametrize("at_round_start", [False, True])
def test_XI_XII_a_national_over_its_limit_at_a_fold_in_lets_its_director_choose_the_surrender(at_round_start):
    """XI: a company over its train limit surrenders trains of its choice (as after a phase
    change). kk (A, opened by kk #1 right after the first 4; given four trains: 3, 3, 4, 4;
    limit 4) takes kk #2's 3 train when B folds it in, in that operating round (the round's
    discard step asks kk) or at the start of the next round (a choice put to A): a 4 goes to
    the pool, not the cheapest train."""
    from railyard.framework.eighteen.or_actions import DiscardTrain

    from .rules_helpers import add_train, hooks, pass_packet, quiet_action, sell

    game = new_game()
    state = game.state
    sell(game, "KK1", "A")
    sell(game, "KK2", "B")
    pass_packet(game)
    first_purchase(game, "3")
    first_purchase(game, "4")
    actions = hooks(game, "actions")
    for _ in range(50):  # kk #1's owner is offered kk at once: A opens it
        if actions.OpenNational("A", "KK", True) in game.legal_actions():
            break
        game.process(quiet_action(game))
    game.process(actions.OpenNational("A", "KK", True))
    kk = state.companies["KK"]
    for name in ("3", "3", "4", "4"):
        add_train(game, "KK", name)
    add_train(game, "KK2", "3")
    if at_round_start:
        game.process(actions.FoldIn("B", "KK2", False))  # not now
    for _ in range(100):
        if actions.FoldIn("B", "KK2", True) in game.legal_actions():
            break
        game.process(quiet_action(game))
    assert state.round.kind == ("1837_start_of_round" if at_round_start else "operating")
    game.process(actions.FoldIn("B", "KK2", True))
    assert len(kk.trains) == 5
    offered = game.legal_actions()
    if at_round_start:
        assert game.active_entities() == ("A",)
        assert all(isinstance(a, actions.SurrenderNationalTrain) for a in offered)
    else:
        assert game.active_entities() == ("KK",)  # its director acts for it
        assert all(isinstance(a, DiscardTrain) for a in offered)
    assert sorted({state.trains[a.train].name for a in offered}) == ["3", "4"]
    four = next(a for a in offered if state.trains[a.train].name == "4")
    pool = len(state.depot.pool)
    game.process(four)
    assert sorted(state.trains[t].name for t in kk.trains) == ["3", "3", "3", "4"]
    assert len(state.depot.pool) == pool + 1 and state.trains[four.train].owner == "@pool"
    no_problems(game)


# ---------------------------------------------------------------------- readings
def test_XI_no_bankruptcy_while_the_director_can_pay_for_the_cheapest_train_on_offer():
    """XI: the director "is free to decide which to buy, even if it has enough money to buy
    one of the cheaper choices, but not the more expensive choice"; "If a director cannot
    raise the necessary capital ... he or she is declared bankrupt". Our reading (RULES.md,
    decision): the necessary capital is what the duty to own a train needs, the cheapest
    train on offer; the free choice is among purchases the director can make. BK (0K) must
    buy; B has 100K: the pool's 2 (90K) is bought with help, the 3 (180K) and a bankruptcy
    are refused."""
    from railyard.framework.eighteen import trains
    from railyard.framework.eighteen.or_actions import BuyTrain, DeclareBankruptcy
    from railyard.framework.eighteen.state import BANK

    from .positions import bk_at_trains_step

    game = bk_at_trains_step(("2",), sell_out=("2",))
    state = game.state
    bk = state.companies["BK"]
    trains.to_pool(state, bk.trains[0])
    state.pay("BK", BANK, bk.cash)
    state.pay("B", BANK, state.player("B").cash - 100)
    pool_two = state.depot.pool[0]
    three = next(t for t in state.depot.stacks["passenger"] if state.trains[t].name == "3")
    assert refusal(game, DeclareBankruptcy("B")).rule == "rule:bankruptcy.can_pay"
    assert BuyTrain("BK", three, 180) not in game.legal_actions()
    game.process(BuyTrain("BK", pool_two, 90))
    assert state.player("B").cash == 10 and bk.cash == 0
    assert bk.trains == [pool_two] and not state.player("B").bankrupt
    no_problems(game)
