"""Hotseat games of the 18xx.games site: players without ids and an empty seed, read as the
site reads them (a player's name is its id; an empty seed is the first number in the game's
id), so the site's draws repeat here."""

from __future__ import annotations

from railyard.framework.importers.recorded import recorded_from_dict


def _game(players: list[dict[str, object]], settings: dict[str, object]) -> dict[str, object]:
    return {"id": "hs_vhfqskhy_1595777670", "title": "1846", "players": players,
            "settings": settings, "actions": []}


def test_a_hotseat_player_without_an_id_is_known_by_its_name() -> None:
    game = recorded_from_dict(_game([{"name": "Player 1"}, {"name": "Player 2"}], {}))
    assert game.players == ("Player 1", "Player 2")


def test_an_empty_or_missing_seed_is_the_first_number_of_the_game_id() -> None:
    for settings in ({}, {"seed": ""}):
        game = recorded_from_dict(_game([{"name": "A", "id": 0}, {"name": "B", "id": 1}], settings))
        assert game.seed == 1_595_777_670
    assert recorded_from_dict(_game([{"id": 7}], {"seed": 12})).seed == 12
