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
