"""Game end and final scoring, step by step, and ties sharing the victory."""

from __future__ import annotations

from railyard.titles.imperial_steam.hooks import scoring
from railyard.titles.imperial_steam.hooks.influence import silver_value
from railyard.titles.imperial_steam.hooks.state import Factory, Train

from .helpers import in_round_one

PATH = ["WIE-WNS", "WNS-NEU", "NEU-GLO", "GLO-MUR", "MUR-KIN", "KIN-BRU", "BRU-GRA", "GRA-MAR",
        "MAR-CIL", "CIL-STB", "STB-LAI", "LAI-ADE", "ADE-TRI"]


def _position():
    rules, state = in_round_one(4)
    for p in state.players.values():
        for good, n in p.goods.items():
            state.supply[good] += n
            p.goods[good] = 0
        p.cash = 100
    state.bank = state.money_total - 400
    for colour, step in (("bronze", 5), ("white", 6), ("green", 6), ("blue", 8)):
        state.hubs[colour].influence = step
    a, b, c, d = (state.players[p] for p in "ABCD")
    a.influence, b.influence, c.influence, d.influence = 7, 3, 9, 0
    a.semmering = True
    a.trains = [Train("IS-3", 1, 2, 0)]
    a.warehouse = 1
    a.goods = {"wood": 1, "stone": 0, "iron": 1, "coal": 1}
    for good in ("wood", "iron", "coal"):
        state.supply[good] -= 1
    a.keys = ["bronze:gold", "white:silver"]
    d.keys = ["white:gold"]
    state.hubs["bronze"].gold, state.hubs["white"].gold, state.hubs["white"].silver = "A", "D", "A"
    state.sites["WNS"].demands[3] = "A"
    state.sites["GRA"].demands[3:5] = ["D", "A"]
    state.hubs["bronze"].delivered, state.hubs["white"].delivered = 1, 2
    state.supply["coal"] -= 3  # the three delivered coal sit on the demand spaces
    a.stations.append("BAD")
    a.stations_left -= 1
    state.unbuilt_discarded += 1  # the Unbuilt Train Station tile from beneath it
    state.sites["BAD"].stations.append("A")
    a.contracts = ["K05", "K06"]  # wood 60 (filled), stone 40 (not)
    a.factories = [Factory("BAD#0", "BAD", "wood", 1, 0)]
    a.tracks = list(PATH)
    a.trieste = True
    state.trieste_by = ["A"]
    a.shareholders = 2
    state.investor_supply -= 2
    b.tracks = PATH[:11]  # reaches Laibach
    b.contracts = ["K03"]  # wood 40, not filled
    c.tracks = ["LAI-ADE"]
    state.factories_bought["wood"] = 1
    for card in ("K03", "K05", "K06"):  # the cards move from the table to the players
        for deck in state.display.values():
            if card in deck:
                deck.remove(card)
        if card in state.contracts_out:
            state.contracts_out.remove(card)
    return rules, state


def test_final_scoring_six_steps():
    rules, state = _position()
    scoring.final_scoring(rules.data, state)
    assert state.scoring["A"] == {
        "income": 60,  # (2 passenger cars + 1 warehouse) x 10, doubled by the Semmering token
        "goods": 30,  # 3 goods x 10
        "keys": 65,  # gold: 45 below the bronze marker (step 5); silver: flag nearest step 6
        "hubs": 60,  # 3 hubs at or below influence 7
        "contracts": 20,  # +60 filled, -40 not
        "track_usage": 0,
        "shareholders": -71,  # 2 x 10% of 355 (including 20 track usage from B)
    }
    assert state.scoring["B"] == {"income": 0, "goods": 0, "keys": 0, "hubs": 0, "contracts": -40,
                                  "track_usage": -40, "shareholders": 0}
    # B's shortest path Laibach-Adelsberg-Trieste: 20 to C (higher influence than A), 20 to A
    assert state.scoring["D"]["keys"] == 50  # gold below the white marker (step 6)
    assert state.final == {"A": 284, "B": 20, "C": 220, "D": 150}
    assert rules.standings(state) == [("A", 284), ("C", 220), ("D", 150), ("B", 20)]
    assert rules.invariants(state) == []


def test_contracts_are_void_when_nobody_connected_trieste():
    rules, state = _position()
    state.trieste_by = []
    state.players["A"].trieste = False
    scoring.final_scoring(rules.data, state)
    assert state.scoring["A"]["contracts"] == 0 and state.scoring["B"]["contracts"] == 0
    assert state.scoring["B"]["track_usage"] == 0


def test_silver_key_reads_the_nearest_green_flag():
    rules, _ = in_round_one(2)
    # flags at steps 4 (20) and 8 (30): step 7 is nearer 8; step 6 is a tie (the lower flag)
    assert (silver_value(rules.data, 7), silver_value(rules.data, 6), silver_value(rules.data, 4)) == (30, 20, 20)


def test_ten_shareholders_leave_nothing():
    rules, state = _position()
    state.players["D"].shareholders = 10
    scoring.final_scoring(rules.data, state)
    assert state.final["D"] == 0


def test_ties_share_the_victory():
    rules, state = in_round_one(3)
    state.final = {"A": 200, "B": 200, "C": 150}
    assert scoring.winners(state) == ["A", "B"]
    assert rules.standings(state) == [("A", 200), ("B", 200), ("C", 150)]


def test_connecting_trieste_ends_the_game_at_the_end_of_that_round_and_scores_contracts():
    from railyard.titles.imperial_steam.hooks.actions import (
        BuildTracks,
        EndTurn,
        Fundraise,
        Pass,
        SecureContract,
    )

    rules, state = in_round_one(2)
    a = state.players["A"]
    a.tracks = PATH[:-1]  # reaches Adelsberg
    a.training = {1: 0, 2: 2, 3: 0}
    card = state.display["I"][0]
    value = rules.data.contracts[card].value
    rules.apply(state, SecureContract("A", card, ("wood",)))  # reserve one car: wood goes back
    rules.apply(state, EndTurn("A"))
    rules.apply(state, Fundraise("B"))
    rules.apply(state, EndTurn("B"))
    a.goods["wood"] += 1
    state.supply["wood"] -= 1
    rules.apply(state, BuildTracks("A", ("ADE-TRI",), (2, 2)))
    assert a.cash == 120 + 130 and not rules.is_over(state)
    rules.apply(state, EndTurn("A"))
    rules.apply(state, Pass("B"))
    rules.apply(state, EndTurn("B"))
    assert rules.is_over(state) and state.round == 1
    assert state.scoring["A"]["contracts"] == -value  # no factories: the contract costs its value
    assert rules.invariants(state) == []
