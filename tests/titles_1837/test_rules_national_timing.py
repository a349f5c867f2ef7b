"""Rule XII: when kk and Ug may open. The owner of kk #1 "may now declare" kk open with the
first "4" (the director of Ug #1 with the first "4E"): in the operating round of the purchase,
right after it; "If the ... k.k. National Railway, or Hungarian National Railway forms during
an operating round (i.e. because the critical train was purchased), they will not run during
that round." Declined, the chance comes back at the start of each later round."""

from __future__ import annotations

from railyard.framework.eighteen.actions import Pass
from railyard.framework.eighteen.operating_round import operating_order
from railyard.framework.eighteen.or_actions import BuyTrain
from railyard.framework.eighteen.phases import scrap
from railyard.framework.eighteen.shares import give_certificate
from railyard.framework.eighteen.state import BANK, CLOSED

from .positions import major_to_act
from .rules_helpers import (
    finish_round,
    first_purchase,
    fund,
    hooks,
    ipo_percent,
    new_game,
    no_problems,
    pass_packet,
    play_until,
    sell,
    start_major,
)


def _second_operating_round(owners: dict[str, str], variant: str | None = None):
    """``owners`` bought their packet items; BK started at 91K (B 30% director, C 20%; 728K);
    the second operating round is under way in phase "3+1", the depot's next train a "4"."""
    game = new_game(variant)
    for item, player in owners.items():
        sell(game, item, player)
    pass_packet(game)
    start_major(game, "BK", 91, {"B": 30, "C": 20})
    finish_round(game)  # operating round 1
    finish_round(game)  # stock round 1
    state = game.state
    assert state.round.kind == "operating"
    first_purchase(game, "3")
    first_purchase(game, "3+1")
    for stack in state.depot.stacks.values():
        for train_id in [t for t in stack if state.trains[t].name in ("2", "3", "3+1")]:
            scrap(state, train_id)
    return game


def _buy_first(game, company: str, name: str) -> list[str]:
    """``company`` plays to its trains step (passing tiles, no run) and buys the depot's first
    ``name`` train."""
    state = game.state
    major_to_act(game, company)
    while state.round.step != "trains":
        game.process(Pass(company))
    buy = next(
        a for a in game.legal_actions() if isinstance(a, BuyTrain) and state.trains[a.train].name == name
    )
    return game.process(buy)


KK_OWNERS = {"SD1": "D", "KK1": "A", "KK2": "B", "KK3": "C"}


def test_XII_kk1_owner_may_open_kk_right_after_the_first_4_is_bought_in_the_operating_round():
    game = _second_operating_round(KK_OWNERS)
    state = game.state
    actions = hooks(game, "actions")
    _buy_first(game, "BK", "4")
    assert state.companies["SD"].floated  # Sd forms with the same purchase, compulsorily
    # BK's turn waits: kk #1's owner decides now
    assert state.round.current == "BK" and state.round.step == "trains"
    assert game.active_entities() == ("A",)
    assert game.legal_actions() == [actions.OpenNational("A", "KK", True), actions.OpenNational("A", "KK", False)]
    game.process(actions.OpenNational("A", "KK", True))
    kk = state.companies["KK"]
    assert kk.cash == 840 + 90 and state.companies["KK1"].closed
    assert state.director("KK") == "A" and state.percent_held("A", "KK") == 10
    assert state.cert("KK1.0").owner == CLOSED
    # "then asks the owner of kk #2 and kk #3": from the kk director clockwise, B then C
    assert game.active_entities() == ("B",)
    game.process(actions.FoldIn("B", "KK2", True))
    assert game.active_entities() == ("C",)
    game.process(actions.FoldIn("C", "KK3", False))
    assert kk.cash == 840 + 90 + 140 and kk.trains == []
    assert [state.percent_held(p, "KK") for p in "ABCD"] == [10, 10, 0, 0]
    assert ipo_percent(state, "KK") == 70
    assert sorted(state.board.tokens_of("KK")) == [("G17", 1), ("G17", 3)]
    assert state.board.tokens_of("KK3") == [("G17", 2)] and kk.tokens_left == 0
    # BK goes on with its trains step; kk, formed during the round, does not run in it
    assert game.active_entities() == ("BK",) and state.round.step == "trains"
    assert "KK" not in operating_order(game.ruleset, state)
    no_problems(game)


def test_XII_kk_formed_during_an_operating_round_runs_from_the_next_operating_round():
    game = _second_operating_round(KK_OWNERS)
    state = game.state
    actions = hooks(game, "actions")
    _buy_first(game, "BK", "4")
    game.process(actions.OpenNational("A", "KK", True))
    game.process(actions.FoldIn("B", "KK2", False))
    game.process(actions.FoldIn("C", "KK3", False))
    finish_round(game)
    assert not state.companies["KK"].operated
    # the next round starts with kk #2 and kk #3 asked again ("at the start of any round")
    assert state.round.kind == "1837_start_of_round"
    assert game.active_entities() == ("B",)
    assert game.legal_actions() == [actions.FoldIn("B", "KK2", True), actions.FoldIn("B", "KK2", False)]
    play_until(game, "operating")
    assert "KK" in operating_order(game.ruleset, state)


def test_XII_kk1_owner_declining_at_the_purchase_is_asked_again_at_the_start_of_the_next_round():
    game = _second_operating_round(KK_OWNERS)
    state = game.state
    actions = hooks(game, "actions")
    _buy_first(game, "BK", "4")
    game.process(actions.OpenNational("A", "KK", False))
    # nobody else is asked: kk #2 and #3 may fold in only once kk is open
    assert game.active_entities() == ("BK",) and not state.companies["KK"].floated
    assert not state.companies["KK1"].closed and state.companies["KK1"].cash == 90
    finish_round(game)
    assert state.round.kind == "1837_start_of_round"
    assert game.legal_actions() == [actions.OpenNational("A", "KK", True), actions.OpenNational("A", "KK", False)]


def test_XII_kk1_buying_the_first_4_itself_may_open_kk_which_takes_the_new_train():
    game = _second_operating_round(KK_OWNERS)
    state = game.state
    actions = hooks(game, "actions")
    fund(state, "KK1", 400)  # 490K: enough for the 470K "4"
    _buy_first(game, "KK1", "4")
    train = state.companies["KK1"].trains[0]
    # asked right after the purchase, in kk #1's own turn
    assert state.round.current == "KK1" and game.active_entities() == ("A",)
    game.process(actions.OpenNational("A", "KK", True))
    kk = state.companies["KK"]
    assert kk.trains == [train] and kk.cash == 840 + 20
    game.process(actions.FoldIn("B", "KK2", False))
    game.process(actions.FoldIn("C", "KK3", False))
    # kk #1 closed in its turn: the turn is over; kk does not run in this round
    assert "KK1" in state.round.done and state.companies["KK1"].closed
    assert "KK" not in operating_order(game.ruleset, state)
    assert game.active_entities() == ("KK2",)  # the round goes on with kk #2's turn
    no_problems(game)


def test_XII_a_kk_minor_folded_in_before_its_turn_does_not_operate_in_the_round():
    game = _second_operating_round(KK_OWNERS)
    state = game.state
    actions = hooks(game, "actions")
    fund(state, "KK1", 400)
    _buy_first(game, "KK1", "4")
    game.process(actions.OpenNational("A", "KK", True))
    game.process(actions.FoldIn("B", "KK2", True))
    game.process(actions.FoldIn("C", "KK3", False))
    assert state.companies["KK2"].closed and "KK2" not in operating_order(game.ruleset, state)
    assert game.active_entities() == ("KK3",)  # kk #2's turn never comes
    assert state.percent_held("B", "KK") == 10 and state.companies["KK"].cash == 840 + 20 + 140
    no_problems(game)


def _ug_second_operating_round():
    game = _second_operating_round({"SD1": "D", "UG1": "A", "UG2": "D", "UG3": "C"})
    state = game.state
    cert = state.cert("UG3.1")  # B holds Ug #3's second half
    give_certificate(game.ruleset, state, cert, "B", 90, BANK)
    del state.offers["UG3_share"]
    return game


def test_XII_ug1_director_may_open_ug_right_after_the_first_4E_and_ug3_halves_fold_in_together():
    game = _ug_second_operating_round()
    state = game.state
    actions = hooks(game, "actions")
    first_purchase(game, "4")  # kk #1 was never bought: nobody may open kk
    assert game.active_entities() == (state.round.current,)
    for train_id in [t for t in state.depot.stacks["passenger"] if state.trains[t].name == "4"]:
        scrap(state, train_id)
    ug_cash = {m: state.companies[m].cash for m in ("UG1", "UG2", "UG3")}
    _buy_first(game, "BK", "4E")
    assert game.active_entities() == ("A",)
    game.process(actions.OpenNational("A", "UG", True))
    ug = state.companies["UG"]
    assert ug.cash == 875 + ug_cash["UG1"] and state.director("UG") == "A"
    # from the Ug director clockwise: C (Ug #3, with B's half), then D (Ug #2)
    assert game.active_entities() == ("C",)
    game.process(actions.FoldIn("C", "UG3", True))
    assert state.percent_held("B", "UG") == 10 and state.percent_held("C", "UG") == 10
    assert ug.cash == 875 + ug_cash["UG1"] + ug_cash["UG3"]
    game.process(actions.FoldIn("D", "UG2", False))
    assert not state.companies["UG2"].closed
    assert game.active_entities() == ("BK",)
    assert "UG" not in operating_order(game.ruleset, state)
    no_problems(game)


def test_XII_first_edition_kk1_owner_may_open_kk_at_the_first_4_too():
    """First edition XII.3: "The owner of the Kaiser Ferdinand Nordbahn ... may now declare the
    k.k. National Railway open"."""
    from railyard.framework.eighteen.actions import BuyItem
    from railyard.framework.eighteen.rounds import advance

    game = new_game("first_edition")
    state = game.state
    actions = hooks(game, "actions")
    for item in list(state.packet_remaining):
        sell(game, item, "D", 0)  # D takes the whole packet
    advance(game.ruleset, state)
    game.process(actions.ChooseHome("D", "SD5", "L2"))
    wanted = {"A": "KK1", "B": "KK2", "C": "KK3"}
    while any(k in state.offers for k in wanted.values()):  # the kk minors, at printed prices
        (player,) = game.active_entities()
        item = wanted.get(player)
        if item in state.offers:
            game.process(BuyItem(player, item, state.offers[item].price))
        else:
            game.process(Pass(player))
    play_until(game, "operating")
    first_purchase(game, "4")
    assert game.active_entities() == ("A",)
    game.process(actions.OpenNational("A", "KK", True))
    assert state.director("KK") == "A" and state.companies["KK"].cash == 840 + 90
    assert game.active_entities() == ("B",)  # kk #2's owner is asked next, then kk #3's
    assert "KK" not in operating_order(game.ruleset, state)


def test_site_offers_kk_only_from_the_start_of_the_next_round_XII():
    """Variant 18xx_games: the site asks kk #1's owner only at the start of the next round
    (site id 820: "form" comes after the operating round of the first 4)."""
    game = new_game("18xx_games")
    state = game.state
    actions = hooks(game, "actions")
    for item, player in KK_OWNERS.items():
        sell(game, item, player)
    pass_packet(game)
    play_until(game, "operating")
    first_purchase(game, "4")
    assert game.active_entities() == (state.round.current,) and state.round.current != "A"
    assert not state.companies["KK"].floated
    finish_round(game)
    assert state.round.kind == "1837_start_of_round"
    assert game.legal_actions() == [actions.OpenNational("A", "KK", True), actions.OpenNational("A", "KK", False)]
