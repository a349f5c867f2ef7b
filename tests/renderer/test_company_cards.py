"""Company cards: a new player reads each company's name, value, revenue and ability, as on
18xx.games, instead of an abbreviation."""

from __future__ import annotations

import functools

import pygame

from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Bid, Pass
from railyard.framework.loader import load_title
from railyard.renderer.app import App
from railyard.renderer.ui import card_view
from railyard.renderer.ui.cards import card
from tests.renderer.helpers import SEATED, start_pygame, title_1837


@functools.lru_cache(maxsize=2)
def _title(title_id: str):
    return load_title(title_id, None, SEATED)


def _game(title_id: str = "1837") -> Game:
    title = title_1837() if title_id == "1837" else _title(title_id)
    return Game(title, ["Ann", "Bob", "Cid"], seed=1, overrides=SEATED)


def test_a_private_card_shows_its_name_face_value_revenue_and_ability_in_words():
    shown = card(_game("1830"), "DH")
    assert shown.name == "Delaware & Hudson" and shown.kind == "private company"
    assert "Face value 70$" in shown.facts and "Revenue 15$" in shown.facts
    assert any("F16 (Scranton)" in a and "tile 57" in a and "station" in a for a in shown.abilities)
    assert any(a.startswith("Blocks F16 (Scranton)") for a in shown.abilities)


def test_a_private_whose_revenue_changes_says_so_and_that_it_stays_open():
    shown = card(_game("1889"), "UTF")
    assert "Revenue 30¥" in shown.facts
    assert "Its revenue becomes 50 from phase 5." in shown.abilities
    assert any("Does not close" in a for a in shown.abilities)


def test_a_mountain_railway_card_says_its_revenue_and_its_free_tile_lay():
    shown = card(_game(), "Semmering")
    assert shown.name == "Semmering Railway" and "mountain" in shown.kind
    assert "Revenue 5K" in shown.facts and "Minimum bid 100K" in shown.facts
    assert shown.abilities == ("The owner's companies lay a tile on H16 (Semmering) free.",)


def test_a_coal_company_card_names_its_owner_capital_and_what_it_becomes():
    game = _game()
    game.process(Bid("Ann", "EPP", 45))
    game.process(Pass("Bob"))
    game.process(Pass("Cid"))
    shown = card(game, "EPP")
    assert shown.name == "Pilsen-Priesen Railway" and shown.kind == "coal (minor company)"
    assert shown.facts[0] == "Owner Ann"
    assert "Capital 100K" in shown.facts and "Exchanged for a share of BK" in shown.facts
    assert "Minimum bid 40K" in shown.facts and "Home E11" in shown.facts


def test_a_minor_card_says_which_national_it_merges_into():
    shown = card(_game(), "SD1")
    assert shown.name == "Vienna-Gloggnitzer Railway" and "minor company" in shown.kind
    assert "Merges into SD" in shown.facts and "Home G17 (Vienna)" in shown.facts


def test_a_major_and_a_national_card_show_cash_stations_and_who_holds_the_shares():
    game = _game()
    major, national = card(game, "BK"), card(game, "SD")
    assert major.name == "Bohemian Commerce Railway" and major.kind == "major (corporation)"
    assert "Stations left 3" in major.facts and "Cash 0K" in major.facts
    assert "IPO 80%" in major.holders and "reserved 20%" in major.holders
    assert national.kind == "national (corporation)"
    assert any(f.startswith("Share price") and "par 142K" in f for f in national.facts)


def test_a_card_draws_its_trains_as_separate_chips_inside_the_window():
    start_pygame()
    surface = pygame.Surface((400, 300))
    shown = card(_game(), "BK")
    import attrs

    shown = attrs.evolve(shown, trains=("1G", "1G", "2"))
    box = card_view.draw(surface, (200, 200), shown, (200, 0, 0), (255, 255, 255))
    assert surface.get_rect().contains(box)
    end = card_view.train_chips(surface, 0, 0, ("1G", "1G", "2"), 400)
    assert end > card_view.train_chips(surface, 0, 0, ("1G1G2",), 400)  # gaps between chips


def test_hovering_a_packet_item_or_a_bid_button_shows_that_company_card():
    start_pygame()
    app = App(_game(), surface=pygame.Surface((1280, 720)))
    app.draw()
    lay = app.layout
    first = app.cards_at((lay.companies.x + 20, lay.companies.y + 50))
    assert first and first[0] in app.game.title.companies
    button = next(b for b in app.menu.buttons if b.action is not None and getattr(b.action, "item", None) == "EPP")
    assert app.cards_at(button.rect.center) == ["EPP"]
    app.draw_hover_at(app.surface, button.rect.center)  # the card under the tooltip, no error


def test_the_companies_panel_scrolls_the_acting_company_into_view_at_1280x720():
    import random

    from railyard.framework.core.actions import tag_of
    from railyard.renderer import view
    from railyard.renderer.panels import companies as companies_panel

    start_pygame()
    game = _game()
    app = App(game, surface=pygame.Surface((1280, 720)))
    room = max(1, (app.layout.companies.height - 30) // 17 - 1)
    rng = random.Random(0)
    for _ in range(400):
        rows = view.companies(game)
        acting = [i for i, r in enumerate(rows) if r.active]
        if acting and acting[0] >= room:
            break
        legal = game.legal_actions()
        game.process(rng.choice([a for a in legal if tag_of(a) != "pass"] or legal))
    else:
        raise AssertionError("no company acted below the panel's first rows")
    app.draw()
    first = app.scroll["companies"]
    assert first <= acting[0] < first + room
    lay = app.layout
    y = lay.companies.y + 6 + 24 + 17 * (1 + acting[0] - first) + 4
    assert companies_panel.company_at(lay.companies, game, first, (lay.companies.x + 20, y)) \
        == rows[acting[0]].id


def test_a_click_on_a_packet_row_keeps_its_card_up_until_esc():
    start_pygame()
    app = App(_game(), surface=pygame.Surface((1280, 720)))
    app.draw()
    lay = app.layout
    pos = (lay.companies.x + 20, lay.companies.y + 50)
    wanted = app.cards_at(pos)[0]
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert app.pinned == wanted
    app.draw()  # the card over the map's top left corner, its band in the company's colour
    from railyard.renderer import colors

    fill, _ = colors.company_colors(app.game.title.companies[wanted])
    corner = app.surface.get_at((lay.board.x + 8 + 200, lay.board.y + 8 + 3))
    assert (corner.r, corner.g, corner.b) == fill
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.pinned is None


def test_hovering_a_holding_in_the_players_panel_shows_that_company_card():
    from railyard.renderer.fonts import font
    from railyard.renderer.panels import players as players_panel
    from railyard.renderer.panels.base import ROW, content_area

    start_pygame()
    game = _game()
    game.process(Bid("Ann", "EPP", 45))
    game.process(Pass("Bob"))
    game.process(Pass("Cid"))
    app = App(game, surface=pygame.Surface((1280, 720)))
    app.draw()
    area = content_area(app.layout.players)
    indent = font(players_panel.HOLDING_SIZE).size("    ")[0]
    under_ann = (area.x + indent + 8, area.y + 2 * ROW + 4)  # Ann's row, then her holdings
    assert app.cards_at(under_ann) == ["EPP"]
    assert app.cards_at((area.right - 4, area.y + 2 * ROW + 4)) == []
