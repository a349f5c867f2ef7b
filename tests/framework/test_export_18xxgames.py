"""Our games written as 18xx.games records (``framework/exporters``), the mirror of the import.

The Python tests check the export against the site's own recordings (imported, then exported,
the moves must be the recorded ones) and the site's bookkeeping the export mirrors (which
certificate a presidency change swaps, which tile copy comes next). The slow tests hand the
export to the reference engine itself (``replay.rb``), skipped without Ruby or the oracle.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from railyard.framework.core.game import Game
from railyard.framework.eighteen.state import IPO, POOL
from railyard.framework.exporters import ExportError, SiteExporter, export_game
from railyard.framework.exporters.site_ids import ShareLedger, TileLedger
from tests.framework.site_games import recorded, replayed, require

ORACLE = Path("/work/shared/oracle")
#: the fields of a site action that say what the move was (the rest is the site's own)
MOVE_FIELDS = ("type", "entity", "shares", "tile", "hex", "rotation", "train", "price", "city",
               "corporation", "company", "kind", "share_price")


def _move(action: dict[str, Any]) -> str:
    return json.dumps([(k, action[k]) for k in MOVE_FIELDS if k in action])


def _moves(actions: Any) -> Counter[str]:
    """Every move but the runs (older recordings give only their track) and a hand-made end."""
    return Counter(_move(a) for a in actions if a["type"] not in ("run_routes", "end_game"))


# ---------------------------------------------------------------- the record's head
def test_players_get_integer_ids_in_seat_order() -> None:
    game = Game("1889", ["ann", "bob", "cy"], 7)
    head = SiteExporter(game).setup()
    assert head == {"title": "1889", "seed": 7, "optional_rules": [],
                    "players": [{"id": 1, "name": "ann"}, {"id": 2, "name": "bob"}, {"id": 3, "name": "cy"}]}


def test_players_imported_from_the_site_keep_their_ids() -> None:
    game = Game("1889", ["1230", "545", "253"], 962)
    assert [p["id"] for p in SiteExporter(game).setup()["players"]] == [1230, 545, 253]


def test_a_variant_the_site_plays_as_an_optional_rule_is_named() -> None:
    game = Game("1830", ["a", "b", "c"], 1, "multiple_brown_from_ipo")
    assert SiteExporter(game).setup()["optional_rules"] == ["multiple_brown_from_ipo"]


def test_a_title_without_an_import_map_cannot_be_exported() -> None:
    game = Game("imperial_steam", ["a", "b", "c"], 1)
    with pytest.raises(ExportError, match="import_18xxgames.yaml"):
        SiteExporter(game)


# ---------------------------------------------------------------- the site's bookkeeping
def _ko() -> ShareLedger:
    return ShareLedger({"KO": [("KO_0", 20, True)] + [(f"KO_{i}", 10, False) for i in range(1, 9)]})


def test_a_new_president_swaps_his_first_two_shares_for_the_presidents_certificate() -> None:
    ledger = _ko()
    ledger.gain("KO", "A", ["KO_0"], "A")
    ledger.gain("KO", "A", ledger.pick_buy("KO", "ipo"), "A")  # KO_1
    for _ in range(3):
        ledger.gain("KO", "B", ledger.pick_buy("KO", "ipo"), "A")  # KO_2..KO_4: 30%, a tie
    ledger.gain("KO", "B", ledger.pick_buy("KO", "ipo"), "B")  # KO_5: 40%, president
    assert ledger.held["KO"]["B"] == ["KO_4", "KO_5", "KO_0"]
    assert ledger.held["KO"]["A"] == ["KO_1", "KO_2", "KO_3"]


def test_a_sale_that_needs_the_presidents_certificate_names_it_and_gets_a_share_back() -> None:
    ledger = _ko()
    ledger.gain("KO", "A", ["KO_0"], "A")
    ledger.gain("KO", "A", ["KO_1"], "A")
    ledger.gain("KO", "B", ["KO_2"], "A")
    ledger.gain("KO", "B", ["KO_3"], "A")
    shares = ledger.pick_sale("KO", "A", 20)
    assert shares == ["KO_1", "KO_0"]  # 30% named for a 20% sale: the site's partial bundle
    ledger.sell("KO", "A", shares, 20, "B")
    assert ledger.held["KO"]["A"] == ["KO_1"]
    assert ledger.held["KO"]["B"] == ["KO_0"]
    assert ledger.held["KO"][POOL] == ["KO_2", "KO_3"]
    assert ledger.held["KO"][IPO] == [f"KO_{i}" for i in range(4, 9)]


def test_a_tile_taken_up_by_an_upgrade_goes_back_behind_the_unused_copies() -> None:
    tiles = TileLedger({"57": 4, "15": 2})
    assert tiles.lay("57", "X1") == "57-0"
    assert tiles.lay("57", "Y1") == "57-1"
    assert tiles.lay("15", "X1") == "15-0"
    assert [tiles.lay("57", h) for h in ("A1", "B1", "C1")] == ["57-2", "57-3", "57-0"]


def test_an_unlimited_tile_gets_the_next_copy_number_at_each_lay() -> None:
    """The site starts an unlimited name with one copy and adds the next number whenever one
    is laid (18Chesapeake's 7, 8, 9: fixture ids such as 9-4); a copy an upgrade takes up
    goes back behind the one just added."""
    tiles = TileLedger({"15": 2}, unlimited=["9"])
    assert [tiles.lay("9", h) for h in ("A1", "B1", "C1")] == ["9-0", "9-1", "9-2"]
    assert tiles.lay("15", "A1") == "15-0"
    assert [tiles.lay("9", h) for h in ("D1", "E1")] == ["9-3", "9-0"]


# ---------------------------------------------------------------- recorded games, both ways
ROUND_TRIP = {
    "reference/1889/games/962.json": False,
    "reference/1889/games/hs_jmmljkbw_17502.json": True,  # ended by hand
    "reference/1889/games/hs_lhglbbiz_17502.json": True,
    "reference/1830/games/26855.json": False,
    "reference/1830/games/1830_game_end_bank.json": False,
}
#: 1837's own actions (coal exchanges, nationals forming, its home choice) have no site
#: translation yet
NOT_YET = {"reference/1837/games/18xxgames_202234_game_end_bank.json": "1837's hook actions are not exported yet"}


def _exported(relative: str) -> dict[str, Any]:
    require(relative)
    result = replayed(relative)
    assert result.complete
    return export_game(result.game, end=ROUND_TRIP.get(relative, False))


@pytest.mark.parametrize("relative", ["reference/1889/games/962.json", "reference/1830/games/1830_game_end_bank.json"])
def test_an_imported_game_exports_every_recorded_move_with_the_sites_ids(relative: str) -> None:
    """Same moves, same certificates, tile copies and trains; only the order of a
    corporation's purchases within its turn may differ (ours buys privates at any moment)."""
    data = _exported(relative)
    assert _moves(data["actions"]) == _moves(recorded(relative).actions)
    assert data["result"] == recorded(relative).result


def test_a_game_ended_by_hand_ends_with_the_sites_end_game() -> None:
    data = _exported("reference/1889/games/hs_jmmljkbw_17502.json")
    assert data["actions"][-1]["type"] == "end_game"
    assert data["result"] == recorded("reference/1889/games/hs_jmmljkbw_17502.json").result


def test_runs_are_written_as_the_legs_between_their_stops() -> None:
    data = _exported("reference/1889/games/962.json")
    run = next(a for a in data["actions"] if a["type"] == "run_routes" and a["entity"] == "UR"
               and len(a["routes"][0]["nodes"]) == 3)
    route = run["routes"][0]
    assert route["hexes"] == [n.rsplit("-", 1)[0] for n in route["nodes"]]
    assert [leg[0] for leg in route["connections"]] == route["hexes"][:-1]
    assert [leg[-1] for leg in route["connections"]] == route["hexes"][1:]


# ---------------------------------------------------------------- the reference engine
def _replay(path: Path) -> dict[str, Any]:
    if shutil.which("ruby") is None or not (ORACLE / "replay.rb").is_file():
        pytest.skip("the reference engine needs ruby and the oracle folder")
    out = subprocess.run(["ruby", str(ORACLE / "replay.rb"), str(path)], capture_output=True, text=True,
                         timeout=600, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.parametrize("relative", sorted(ROUND_TRIP) + sorted(NOT_YET))
def test_an_imported_game_exported_replays_on_the_reference_to_its_recorded_result(
    relative: str, tmp_path: Path
) -> None:
    if relative in NOT_YET:
        require(relative)
        with pytest.raises(ExportError):
            export_game(replayed(relative).game)
        pytest.xfail(NOT_YET[relative])
    data = _exported(relative)
    data["result"] = recorded(relative).result
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    answer = _replay(path)
    assert answer["exception"] is None
    assert answer["finished"] and answer["match"], answer


def test_a_company_without_trains_at_an_empty_token_step_stands_behind_the_site() -> None:
    """The site skips a token step with nothing to place, then the run and the dividend of a
    company without trains (it withholds 0 and its price moves left), while our engine waits
    for the company's pass: a private bought there must not be compared with the site's
    state. IR at par 100 (row 0): ahead only once its tile step is over; its pass then moves
    it to 90."""
    from railyard.framework.eighteen.actions import Pass
    from railyard.framework.eighteen.or_actions import LayTile
    from tests.titles_1889.positions import operating

    game = operating("1889", "IR", 100, {"A": 20, "B": 10, "C": 10, "D": 10})
    exporter = SiteExporter(game)
    assert game.state.round.step == "tile"
    assert not exporter.site_ahead(game, "IR")
    lay = next(a for a in game.legal_actions("IR") if isinstance(a, LayTile))
    game.process(lay)
    assert game.state.round.step == "token"
    assert game.legal_actions("IR") == [Pass("IR")]
    assert exporter.site_ahead(game, "IR")
    game.process(Pass("IR"))
    assert game.ruleset.spec.cell(game.state.companies["IR"].market).price == 90


def test_a_company_whose_trains_have_no_route_stands_behind_the_site_at_its_run() -> None:
    """The site skips the run of trains that have no route, then withholds 0 (price left);
    our engine waits for the empty run. IR with a 2-train and only its home city: ahead at
    the run step; its empty run then moves it from 100 to 90."""
    from railyard.framework.eighteen.actions import Pass
    from railyard.framework.eighteen.or_actions import LayTile, RunRoutes
    from tests.titles_1889.positions import give_train, operating

    game = operating("1889", "IR", 100, {"A": 20, "B": 10, "C": 10, "D": 10})
    give_train(game, "IR", "2")
    exporter = SiteExporter(game)
    game.process(next(a for a in game.legal_actions("IR") if isinstance(a, LayTile)))
    if game.state.round.step == "token":
        game.process(Pass("IR"))
    assert game.state.round.step == "run"
    assert game.legal_actions("IR") == [RunRoutes("IR", ())]
    assert exporter.site_ahead(game, "IR")
    game.process(RunRoutes("IR", ()))
    assert game.ruleset.spec.cell(game.state.companies["IR"].market).price == 90


def test_camden_amboy_bought_from_a_player_brings_the_sites_prr_1_back_from_the_pool() -> None:
    """The site hands the buyer of CA the very share PRR_1 again, wherever it is; a ledger
    that gave him the pool's first-come share instead (PRR_2, sold earlier by A) later names
    a share he does not hold ("Cannot sell shares of PRR", 1830 bot games). A sells PRR_2,
    D sells PRR_1 (CA's), then A buys CA from D: A holds PRR_1, PRR_2 stays in the pool."""
    from railyard.framework.eighteen.actions import Pass, SellShares
    from railyard.framework.eighteen.private_actions import BuyPrivate
    from tests.titles_1830.test_privates_1830 import _second_stock_round_a_to_act

    game = _second_stock_round_a_to_act({"CA": "D"})
    exporter = SiteExporter(game)
    # the site's ids as a game played from its start has them: CA gave D PRR_1
    exporter.shares.move("PRR", "PRR_1", "D")
    exporter.shares.move("PRR", "PRR_2", "A")

    def play(action: Any) -> None:
        exporter.translate(game, action)
        game.process(action)
        exporter.follow(game, action)

    play(SellShares("A", "PRR", 10))
    play(Pass("A"))
    while game.active_entities() != ("D",):
        play(Pass(game.active_entities()[0]))
    play(SellShares("D", "PRR", 10))
    play(Pass("D"))
    assert exporter.shares.held["PRR"][POOL] == ["PRR_2", "PRR_1"]
    play(BuyPrivate("A", "CA", 100))
    assert exporter.shares.holder_of("PRR", "PRR_1") == "A"
    assert exporter.shares.holder_of("PRR", "PRR_2") == POOL


def test_a_player_the_site_offers_another_players_private_passes_on_the_site() -> None:
    """The site keeps a player's share step open while it lists another player's private
    for him (buy_company: the phase allows it, from the second stock round, he has cash and
    bought nothing this turn), even one our engine refuses (CA while D holds its PRR.1): his
    pass is sent. A sells 10% PRR (101 in hand) and has nothing else: the pass is written."""
    from railyard.framework.eighteen.actions import Pass, SellShares
    from tests.titles_1830.test_privates_1830 import _second_stock_round_a_to_act

    game = _second_stock_round_a_to_act({"CA": "D"})
    game.state.pay("A", "C", game.state.player("A").cash - 1)
    exporter = SiteExporter(game)
    game.process(SellShares("A", "PRR", 10))
    assert game.legal_actions("A") == [Pass("A")]
    assert exporter.translate(game, Pass("A")) == [{"type": "pass", "entity": 1, "entity_type": "player"}]
    assert not exporter.site_ahead(game, "A")


def _exported_moves(game: Game, upto: int) -> list[list[dict[str, Any]]]:
    """The site actions each of the game's first ``upto`` actions is written as."""
    fresh = Game(game.title, game.players, game.seed, game.variant, game.overrides)
    exporter = SiteExporter(fresh)
    out = []
    for action in game.actions[:upto]:
        sent = exporter.translate(fresh, action)
        fresh.process(action)
        out.append(sent + exporter.follow(fresh, action))
    return out


def test_an_accepted_train_offer_that_ends_the_buyers_turn_passes_the_sites_buy_trains_step() -> None:
    """1889, 3 players, random bots, seed 6: IR (69 after paying 1 for KO's 2-train, 3 trains
    of 4) may not offer again for the trains whose sale Player 1 declined, so its turn ends
    with us; the site still offers it those trains (any price from 1), so IR passes there."""
    from railyard.framework import autoplay

    game = Game("1889", ["Player 1", "Player 2", "Player 3"], seed=6)
    autoplay.play(game, "random", max_actions=275, fallback="random", stop_on_error=True, record=False)
    assert [type(a).__name__ for a in game.actions[265:271]] == [
        "BuyTrain", "AnswerTrainOffer", "BuyTrain", "AnswerTrainOffer", "BuyTrain", "AnswerTrainOffer"]
    moves = _exported_moves(game, 271)
    assert [m["type"] for m in moves[266]] == []  # declined, IR's turn goes on
    assert [(m["type"], m["entity"], m.get("price")) for m in moves[270]] == [
        ("buy_train", "IR", 1), ("pass", "IR", None)]


def test_a_company_that_buys_the_last_private_for_sale_leaves_no_buy_companies_step_open() -> None:
    """1889: AR (650, four 2-trains: no room) buys Uno-Takamatsu, the one private for sale, at
    the end of its turn; the site's buy-companies step has nothing left to offer and closes by
    itself, so no pass of AR's is written (the cheapest price of UTF, 75, is no longer asked)."""
    from tests.titles_1889.positions import give_train, operating, settle

    game = operating("1889", "AR", 65, {"A": 30, "B": 30}, owners={"UTF": "A"})
    game.state.phase = "3"
    for _ in range(4):
        give_train(game, "AR", "2")
    settle(game)
    exporter = SiteExporter(game)
    while game.state.round.step != "trains":
        legal = [a for a in game.legal_actions("AR") if type(a).__name__ not in ("BuyPrivate", "LayTile")]
        game.process(next((a for a in legal if type(a).__name__ == "Pass"), legal[0]))
    buy = next(a for a in game.legal_actions("AR") if type(a).__name__ == "BuyPrivate" and a.price == 300)
    sent = exporter.translate(game, buy)
    game.process(buy)
    sent += exporter.follow(game, buy)
    assert game.active_entities() != ("AR",) and game.state.companies["AR"].cash == 350
    assert [(m["type"], m["entity"]) for m in sent] == [("buy_company", "AR")]


def test_an_accepted_train_offer_that_spends_the_buyers_last_yen_passes_nothing_on_the_site() -> None:
    """1889, phase 3 (two ORs a set): AR, the only company to operate, buys one of IR's two
    2-trains for all its 650 with A's consent. With 0 left the site offers AR nothing (not
    even IR's other train from 1) and goes on by itself; no pass of AR's is written, though
    the next OR has begun with us and Takamatsu has paid AR 5 by then."""


def test_a_company_holding_an_unused_turn_ability_passes_the_sites_buy_companies_step() -> None:
    """The site's closing Buy Companies step (step/buy_company.rb) waits for a pass while the
    company holds a private with an ability usable in its turn (``owning_corp_or_turn``, as
    CS's lay), even with too little cash for another private. NYNH at its train step with 45
    buys CS from A for 40 (5 left, the cheapest private 20): the pass is written."""
    from railyard.framework.eighteen.private_actions import BuyPrivate
    from railyard.framework.eighteen.state import BANK
    from tests.titles_1889.positions import give_train, operating, settle

    game = operating("1830", "NYNH", 100, {"A": 30, "B": 10, "C": 10, "D": 10}, owners={"CS": "A"})
    game.state.phase = "3"
    give_train(game, "NYNH", "3")
    settle(game)
    exporter = SiteExporter(game)

    def play(action: Any) -> list[dict[str, Any]]:
        out = exporter.translate(game, action)
        game.process(action)
        return out + exporter.follow(game, action)

    while game.state.round.step != "trains":
        play(next(a for a in game.legal_actions("NYNH") if type(a).__name__ in ("Pass", "RunRoutes")))
    game.state.pay("NYNH", BANK, game.state.cash_of("NYNH") - 45)
    settle(game)
    assert min(a.price for a in game.legal_actions("NYNH") if isinstance(a, BuyPrivate)) == 20
    out = play(BuyPrivate("NYNH", "CS", 40))
    assert game.active_entities() != ("NYNH",)
    assert out[-1] == {"type": "pass", "entity": "NYNH", "entity_type": "corporation"}


def test_a_declined_teleport_token_is_the_privates_pass_on_the_site() -> None:
    """The site's Place teleport token step acts for the private (step/special_token.rb):
    NYNH declining DH's token after the teleport lay on F16 is a pass by DH."""
    from railyard.framework.eighteen.actions import Pass
    from railyard.framework.eighteen.private_actions import AbilityLay, BuyPrivate
    from tests.titles_1889.positions import operating, settle

    game = operating("1830", "NYNH", 100, {"A": 30, "B": 10, "C": 10, "D": 10}, owners={"DH": "A"})
    game.state.phase = "3"
    settle(game)
    exporter = SiteExporter(game)
    game.process(BuyPrivate("NYNH", "DH", 70))
    game.process(next(a for a in game.legal_actions("NYNH") if isinstance(a, AbilityLay)))
    assert exporter.translate(game, Pass("NYNH")) == [{"type": "pass", "entity": "DH", "entity_type": "company"}]


def test_a_trains_pass_with_an_unused_turn_ability_also_passes_the_buy_companies_step() -> None:
    """A company holding CS (its lay unused) with no train or private left to buy: the site's
    train step ended by itself, its closing Buy Companies step waits (step/buy_company.rb,
    an active ability): our trains pass is that step's pass."""
    from railyard.framework.eighteen.actions import Pass
    from railyard.framework.eighteen.state import BANK
    from tests.titles_1889.positions import give_train, operating, settle

    game = operating("1830", "NYNH", 100, {"A": 30, "B": 10, "C": 10, "D": 10}, owners={"CS": "A"})
    game.state.phase = "3"
    game.state.companies["CS"].certificates[0].owner = "NYNH"
    give_train(game, "NYNH", "3")
    settle(game)
    exporter = SiteExporter(game)
    while game.state.round.step != "trains":
        action = next(a for a in game.legal_actions("NYNH") if type(a).__name__ in ("Pass", "RunRoutes"))
        exporter.translate(game, action)
        game.process(action)
        exporter.follow(game, action)
    game.state.pay("NYNH", BANK, game.state.cash_of("NYNH"))
    settle(game)
    assert exporter.translate(game, Pass("NYNH")) == [{"type": "pass", "entity": "NYNH", "entity_type": "corporation"}]


def test_an_accepted_train_offer_that_ends_the_turn_passes_the_buy_companies_step() -> None:
    """The turn of a company holding CS (its lay unused) ends when the seller's director
    accepts its offer (PRR buys NYC's 2-train for 1, reaching phase 3's limit of 4): the
    site's closing Buy Companies step waits (step/buy_company.rb), so the pass follows the
    purchase."""
    from railyard.framework.eighteen.or_actions import AnswerTrainOffer, BuyTrain
    from tests.titles_1889.positions import (
        finish_stock_round,
        float_corporation,
        give_train,
        settle,
        stock_round,
        to_act,
    )

    game = stock_round("1889")
    float_corporation(game, "IR", 100, {"A": 20, "B": 10, "C": 10})  # 40%: IR does not float
    float_corporation(game, "AR", 65, {"B": 20, "C": 10, "D": 10, "A": 10})
    finish_stock_round(game)
    state = game.state
    train = give_train(game, "IR", "2")
    give_train(game, "IR", "2")
    state.phase, state.operating_rounds_in_set = "3", 2
    next(c for c in state.companies["TER"].certificates if c.director).owner = "AR"
    settle(game)
    to_act(game, "AR")
    while state.round.step != "trains":
        game.process(next(a for a in game.legal_actions("AR") if type(a).__name__ == "Pass"))
    exporter = SiteExporter(game)
    assert state.cash_of("AR") == 650
    for action in (BuyTrain("AR", train, 650), AnswerTrainOffer("A", True)):
        sent = exporter.translate(game, action)
        game.process(action)
        sent += exporter.follow(game, action)
    assert state.round.kind == "operating" and state.operating_round_in_set == 2
    assert state.cash_of("AR") == 5
    assert [(m["type"], m["entity"], m.get("price")) for m in sent] == [("buy_train", "AR", 650)]


    game = stock_round("1830", {"CS": "C"})
    float_corporation(game, "PRR", 67, {"A": 60})
    float_corporation(game, "NYC", 67, {"B": 60})
    finish_stock_round(game)
    state = game.state
    state.phase = "3"
    state.companies["CS"].certificates[0].owner = "PRR"
    for _ in range(3):
        give_train(game, "PRR", "2")
    train = give_train(game, "NYC", "2")
    settle(game)
    to_act(game, "PRR")
    exporter = SiteExporter(game)

    def play(action: Any) -> list[dict[str, Any]]:
        out = exporter.translate(game, action)
        game.process(action)
        return out + exporter.follow(game, action)

    while state.round.step != "trains":
        play(next(a for a in game.legal_actions("PRR") if type(a).__name__ in ("Pass", "RunRoutes", "Dividend")))
    play(BuyTrain("PRR", train, 1))
    out = play(AnswerTrainOffer("B", True))
    assert state.round.current != "PRR"
    assert out[-1] == {"type": "pass", "entity": "PRR", "entity_type": "corporation"}


def test_a_home_chosen_on_a_hex_with_a_tile_is_tokened_on_the_site_at_once() -> None:
    """The site's Place Home Token step blocks at once when the home hex already has a tile
    showing its cities (ERIE on E11 with the green 59): the choice is the token, sent before
    the turn's lay (without a tile the site waits for the lay on the hex)."""
    from railyard.framework.eighteen.or_actions import ChooseHome
    from tests.titles_1889.positions import (
        finish_stock_round,
        float_corporation,
        settle,
        stock_round,
        to_act,
    )

    game = stock_round("1830")
    float_corporation(game, "ERIE", 67, {"A": 60})
    game.state.board.lay("E11", "59", 4)
    settle(game)
    finish_stock_round(game)
    to_act(game, "ERIE")
    exporter = SiteExporter(game)
    exporter.tiles.lay("59", "E11")
    out = exporter.translate(game, ChooseHome("ERIE", "E11.1"))
    assert [a["type"] for a in out] == ["place_token"]
    assert out[0]["entity"] == "ERIE"
