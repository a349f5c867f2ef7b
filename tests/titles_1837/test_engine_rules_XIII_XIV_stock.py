"""Rules XIII and XIV: the engine's stock round on a 1837 position. BK was started at 91K
(B 30% with the director's certificate, C 20%), floated with 8 x 91K = 728K, withheld in its
first operating turn (87K) and bought a 2 train: the second stock round, A to act."""

from __future__ import annotations

from railyard.framework.eighteen.actions import BuyShares, Par, Pass, SellShares
from railyard.framework.eighteen.state import BANK, IPO, POOL
from railyard.framework.eighteen.stock_round import certificate_count

from .positions import first_edition_stock_round, players_cash, second_stock_round
from .rules_helpers import (
    finish_round,
    new_game,
    no_problems,
    pass_packet,
    play_until,
    refusal,
    sell,
)


def _game():
    return second_stock_round({"B": 30, "C": 20})


def test_XIII_new_shares_at_the_par_price_old_shares_at_the_market_price():
    game = _game()
    state = game.state
    assert players_cash(state) == {"A": 465, "B": 282, "C": 373, "D": 555}
    bank = state.bank
    game.process(BuyShares("A", "BK", "ipo"))  # a new share: the par price 91K
    game.process(SellShares("B", "BK", 10))  # an old share: 87K, the price before the sale
    game.process(Pass("B"))
    game.process(BuyShares("C", "BK", "pool"))  # down-left after the sale: 82K
    assert players_cash(state) == {"A": 465 - 91, "B": 282 + 87, "C": 373 - 82, "D": 555}
    assert state.bank == bank + 91 - 87 + 82  # every transaction is with the bank
    assert state.companies["BK"].cash == 638  # fully capitalised: later sales pay the bank
    assert state.percent_held("C", "BK") == 30 and state.percent_held(POOL, "BK") == 0
    no_problems(game)


def test_XIII_the_priority_holder_starts_and_turns_go_clockwise():
    game = _game()
    game.state.priority = 2
    finish_round(game)
    play_until(game, "stock")
    assert game.state.priority_player == "C" and game.active_entities() == ("C",)
    game.process(Pass("C"))
    assert game.active_entities() == ("D",)
    game.process(Pass("D"))
    assert game.active_entities() == ("A",)


def test_XIII_no_shares_bought_the_priority_deal_stays():
    game = _game()
    game.state.priority = 2  # C holds the card
    finish_round(game)  # operating rounds follow: C still starts the next stock round
    assert game.state.round.kind == "operating" and game.state.priority_player == "C"


def test_XIII_XIV_a_buy_guarantees_another_turn_and_the_priority_goes_left_of_the_last_buyer():
    game = _game()
    game.process(BuyShares("A", "BK", "ipo"))
    for player in ("B", "C", "D"):
        game.process(Pass(player))
    assert game.state.round.kind == "stock" and game.active_entities() == ("A",)
    game.process(Pass("A"))
    assert game.state.round.kind == "operating"
    assert game.state.priority_player == "B"


def test_XIII_priority_goes_left_of_the_last_to_sell():
    game = _game()
    game.process(BuyShares("A", "BK", "ipo"))
    game.process(SellShares("B", "BK", 10))
    game.process(Pass("B"))  # B ends its turn
    for player in ("C", "D", "A", "B"):
        game.process(Pass(player))
    assert game.state.round.kind == "operating"
    assert game.state.priority_player == "C"  # left of B, who sold after A bought


def test_XIII_only_shares_of_major_corporations_may_be_sold():
    game = _game()
    sells = {a.company for a in game.legal_actions("A") if isinstance(a, SellShares)}
    assert sells == set()  # A holds Sd #1 and the Semmering Railway only
    assert refusal(game, SellShares("A", "SD1", 100)).rule == "rule:stock_round.not_a_corporation"
    assert refusal(game, SellShares("A", "Semmering", 100)).rule == "rule:stock_round.not_a_corporation"


def test_XIII_no_sale_of_a_corporation_that_has_not_operated():
    game = _game()
    game.process(Par("A", "MS", 97))
    game.process(Pass("B"))
    game.process(Pass("C"))
    game.process(Pass("D"))
    assert refusal(game, SellShares("A", "MS", 10)).rule == "rule:stock_round.sell_before_operating"
    assert not [a for a in game.legal_actions("A") if isinstance(a, SellShares)]


def test_XIII_the_directors_certificate_may_not_be_sold_to_the_bank():
    game = second_stock_round({"B": 40, "C": 10})
    game.process(Pass("A"))
    # B would keep 10%, as much as C: no change of director, and the 20% certificate stays
    assert refusal(game, SellShares("B", "BK", 30)).rule == "rule:stock_round.director_certificate"
    game.process(SellShares("B", "BK", 20))
    assert game.state.director("BK") == "B" and game.state.percent_held(POOL, "BK") == 20


def test_XIV_no_buying_a_corporation_sold_in_the_same_round():
    game = _game()
    game.process(Pass("A"))
    game.process(SellShares("B", "BK", 10))
    refused = refusal(game, BuyShares("B", "BK", "pool"))
    assert refused.rule == "rule:stock_round.sold_this_round"
    game.process(Pass("B"))
    for player in ("C", "D", "A"):
        game.process(Pass(player))
    assert refusal(game, BuyShares("B", "BK", "ipo")).rule == "rule:stock_round.sold_this_round"
    finish_round(game)
    play_until(game, "stock")  # the next stock round: B may buy BK again
    while game.active_entities() != ("B",):
        game.process(Pass(game.active_entities()[0]))
    assert BuyShares("B", "BK", "ipo") in game.legal_actions()


def test_XIV_pool_shares_are_an_alternative_to_new_shares():
    game = _game()
    game.process(Pass("A"))
    game.process(SellShares("B", "BK", 10))
    game.process(Pass("B"))
    buys = {(a.company, a.source) for a in game.legal_actions("C") if isinstance(a, BuyShares)}
    assert {("BK", "ipo"), ("BK", "pool")} <= buys
    assert state_percent(game, IPO) == 30 and state_percent(game, POOL) == 10


def state_percent(game, holder: str) -> int:
    return game.state.percent_held(holder, "BK")


def test_XIV_two_majors_at_one_par_fill_its_two_slots_markers_wait_for_flotation():
    # XIV: "only two companies may use each price ... Place a token on the pink starting hex
    # on the share price chart when the company floats" (the stacking at flotation:
    # rules_fidelity::test_XIII_IV_markers_at_one_par_stack_in_flotation_order_...)
    game = new_game()
    sell(game, "SD1", "A")
    pass_packet(game)
    game.state.packet_remaining.clear()
    game.state.offers.clear()
    play_until(game, "stock")
    game.process(Par("A", "MS", 91))
    game.process(Par("B", "BK", 91))
    assert game.state.companies["BK"].par_price == game.state.companies["MS"].par_price == 91
    assert game.state.companies["BK"].market is None and game.state.stack_at((2, 2)) == []
    assert refusal(game, Par("C", "CL", 91)).rule == "rule:stock_round.par_slots"


def test_FE_XIII_2_priority_goes_left_of_the_last_buyer_not_seller():
    game = first_edition_stock_round({"B": 30, "C": 20})
    for player in ("A", "B", "C"):
        game.process(Pass(player))
    game.process(BuyShares("D", "BK", "ipo"))
    game.process(Pass("D"))  # ends D's turn (buying and selling in any order)
    game.process(Pass("A"))
    game.process(SellShares("B", "BK", 10))
    game.process(Pass("B"))
    for player in ("C", "D", "A", "B"):
        game.process(Pass(player))
    assert game.state.round.kind != "stock"
    assert game.state.priority_player == "A"  # left of D, the last to buy


def test_FE_XIV_6_3_a_sale_may_take_the_pool_past_50_percent_if_it_held_less():
    game = first_edition_stock_round({"B": 40, "C": 10})
    state = game.state
    for cert in state.certs_held("C", "BK") + state.certs_held(IPO, "BK"):
        cert.owner = POOL  # 40% of BK lies in the bank pool
    game.process(Pass("A"))
    game.process(SellShares("B", "BK", 20))  # 40% -> 60% in the pool
    assert state.percent_held(POOL, "BK") == 60


def test_FE_XIV_6_3_no_sale_once_the_pool_holds_50_percent():
    game = first_edition_stock_round({"B": 40, "C": 10})
    state = game.state
    for cert in state.certs_held("C", "BK") + state.certs_held(IPO, "BK"):
        cert.owner = POOL  # 40% of BK lies in the bank pool
    game.process(Pass("A"))
    game.process(SellShares("B", "BK", 10))  # 40% -> 50%: allowed
    assert state.percent_held(POOL, "BK") == 50
    refused = refusal(game, SellShares("B", "BK", 10))
    assert refused.rule == "rule:stock_round.pool_limit"
    assert state.percent_held("B", "BK") == 30


COAL = ("EPP", "RGTE", "EOD", "EKT", "MLB", "ZKB", "SPB", "LRB", "BB", "EHS")


def test_XIII_over_the_certificate_limit_by_a_change_of_director_sell_at_the_first_opportunity():
    # B holds 19 certificates besides BK's director's certificate and a share: 21, the limit
    items = dict.fromkeys((*COAL, "SD2", "SD3", "SD4", "SD5", "Tauern"), "B")
    game = second_stock_round({"B": 30, "C": 20}, items=items)
    state = game.state
    assert certificate_count(game.ruleset, state, "B") == 21
    game.process(Pass("A"))
    game.process(Pass("B"))
    game.process(BuyShares("C", "BK", "ipo"))
    for player in ("D", "A", "B"):
        game.process(Pass(player))
    game.process(BuyShares("C", "BK", "ipo"))  # C 40% > B 30%: B gets two shares for one
    assert state.director("BK") == "C" and certificate_count(game.ruleset, state, "B") == 22
    game.process(Pass("D"))
    game.process(Pass("A"))
    assert refusal(game, Pass("B")).rule == "rule:stock_round.sell_down"
    assert {a for a in game.legal_actions() if not isinstance(a, SellShares)} == set()
    game.process(SellShares("B", "BK", 10))
    assert certificate_count(game.ruleset, state, "B") == 21
    game.process(Pass("B"))


def test_XIII_each_sale_moves_the_price_down_left_once_whatever_the_number_of_shares():
    game = second_stock_round({"B": 40, "C": 20})  # BK at 87K (row 2, column 1)
    state = game.state
    game.process(Pass("A"))
    game.process(SellShares("B", "BK", 20))  # one sale of two shares: one move
    assert state.companies["BK"].market == (3, 1)  # 82K
    assert state.player("B").cash == 191 + 2 * 87  # at the price before the sale
    game.process(Pass("B"))
    game.process(SellShares("C", "BK", 10))  # another player's sale: down-left again
    assert state.companies["BK"].market == (4, 1) and state.player("C").cash == 373 + 82  # 77K
    game.process(Pass("C"))
    for player in ("D", "A", "B"):
        game.process(Pass(player))
    game.process(SellShares("C", "BK", 10))  # C sells on a second occasion: again
    assert state.companies["BK"].market == (5, 1) and state.player("C").cash == 373 + 82 + 77


def test_XIII_a_sale_in_two_steps_is_paid_at_the_price_before_the_sale():
    game = second_stock_round({"B": 40, "C": 20})
    state = game.state
    game.process(Pass("A"))
    game.process(SellShares("B", "BK", 10))
    game.process(SellShares("B", "BK", 10))  # the same sale, in two steps: one move
    assert state.companies["BK"].market == (3, 1)
    assert state.player("B").cash == 191 + 2 * 87


def test_XV_bank_broken_in_a_stock_round_ends_the_game_after_the_next_operating_round():
    game = second_stock_round({"B": 30, "C": 20})
    state = game.state
    state.pay(BANK, "D", state.bank - 50)  # the bank holds 50K
    game.process(Pass("A"))
    game.process(SellShares("B", "BK", 10))  # 87K: the bank is broken
    assert state.bank_broken and state.bank == 50 - 87
    finish_round(game)
    assert state.round.kind != "stock" and not game.is_over()
    play_until(game, "operating")
    finish_round(game)  # the next operating round
    assert game.is_over()
