"""Variant ``18xx_games``: the rules as the 18xx.games site plays them (RULES.md, "Variant
18xx_games"), used to replay games recorded there; the default rules stay the rulebook's."""

from __future__ import annotations

from tests.titles_1837.test_data_loading import title


def site():
    return title("18xx_games")


def test_site_scraps_1g_with_the_first_3g_where_the_second_edition_never_does_XII():
    assert site().trains["1G"].rusts_on == "3G"
    assert title().trains["1G"].rusts_on is None


def test_site_goes_on_with_a_stock_round_after_a_sold_out_packet_I():
    assert site().setup.start_packet.then == "stock"
    assert title().setup.start_packet.then is None


def test_site_variant_changes_nothing_else():
    base, other = title(), site()
    assert base.trains.keys() == other.trains.keys()
    for name in base.trains:
        if name != "1G":
            assert base.trains[name] == other.trains[name], name
    assert base.setup.start_packet.items == other.setup.start_packet.items
    assert base.map == other.map and base.phases == other.phases


def _game(variant):
    from railyard.framework.core.game import Game

    return Game(title(variant), ["a", "b", "c", "d"], 1, variant)


def test_site_counts_token_distance_straight_across_the_map_VII():
    """BH (home Sarajevo N20) to Agram (K17): 3 hexes on the map, 20K each for the second
    token, whatever track BH has; the default rules count over the hexes BH reaches. The
    variant says so in data (the engine's ``token_cost`` ``distance`` and ``steps_with``):
    tests/titles_1837/test_engine_rules_VII_tokens.py plays both readings."""
    site_game, base_game = _game("18xx_games"), _game(None)
    for cid in ("BH", "KK"):  # a major and a national
        site = site_game.ruleset.spec.type_of(cid).token_cost
        base = base_game.ruleset.spec.type_of(cid).token_cost
        assert (site.per_hex, site.distance, site.steps_with) == ((20, 40), "map", "on_map")
        assert (base.per_hex, base.distance, base.steps_with) == ((20, 40), "reach", "bought")
    assert site_game.state.board.distances_from("N20")["K17"] == 3


def test_site_leaves_mountain_railways_out_of_the_certificate_limit_XIII():
    site_game, base_game = _game("18xx_games"), _game(None)
    for game, counts in ((site_game, False), (base_game, True)):
        cert = game.state.companies["Semmering"].certificates[0]
        assert game.ruleset.hooks.counts_toward_certificate_limit(game.state, cert) is counts
        major = game.state.companies["BK"].certificates[0]
        assert game.ruleset.hooks.counts_toward_certificate_limit(game.state, major) is True


def test_site_does_not_force_a_sale_down_to_60_percent_XIII():
    assert _game("18xx_games").ruleset.hooks.must_sell_down(_game("18xx_games").state, "a") is False
    assert _game(None).ruleset.hooks.must_sell_down(_game(None).state, "a") is True
