"""What the panels show is read from the game: cash, certificates, priority, the depot, the
market's geometry, phase-dependent values."""

import pygame

from railyard.framework.core.game import Game
from railyard.framework.eighteen.actions import Bid, Pass
from railyard.renderer import view
from railyard.renderer.hexdraw import HexPainter
from railyard.renderer.layout import grid_of
from railyard.renderer.panels.market import cell_rects
from tests.renderer.helpers import SEATED, pixel, start_pygame, title_1837


def _game():
    return Game(title_1837(), ["Ann", "Bob", "Cid"], seed=1, overrides=SEATED)


def test_players_panel_shows_cash_certificates_and_priority_after_an_auction():
    game = _game()
    game.process(Bid("Ann", "EPP", 45))
    game.process(Pass("Bob"))
    game.process(Pass("Cid"))
    rows = {r.id: r for r in view.players(game)}
    assert rows["Ann"].cash == 730 - 45
    assert rows["Ann"].certificates == 1 and "EPP" in rows["Ann"].holdings
    assert rows["Bob"].priority  # the priority deal passes to the buyer's left
    assert not rows["Ann"].priority


def test_depot_shows_the_next_train_and_what_the_next_phase_brings():
    info = view.depot(_game())
    passenger = {r.name: r for r in info.stacks["passenger"]}
    assert passenger["2"].left == "14" and passenger["2"].available
    assert not passenger["3"].available
    assert info.phase == "2" and info.next_phase == "3" and info.next_trigger == "3"
    assert "bosnia opens" in info.next_effects


def test_companies_panel_lists_only_started_companies_corporations_first():
    game = _game()
    assert [r.id for r in view.companies(game)][:3] == ["SD", "KK", "UG"]  # priced at start
    game.process(Bid("Ann", "EPP", 45))
    game.process(Pass("Bob"))
    game.process(Pass("Cid"))
    epp = next(r for r in view.companies(game) if r.id == "EPP")
    assert (epp.owner, epp.type) == ("Ann", "coal")


def test_hex_market_rows_shift_half_a_cell_left_going_down():
    market = title_1837().market
    rects = cell_rects(market, pygame.Rect(0, 0, 600, 230))
    a, below = rects[(0, 2)], rects[(1, 2)]
    assert below.y > a.y
    assert abs((a.x - below.x) - (rects[(0, 3)].x - a.x) / 2) <= 1
    # "down_left" is (1, 0) in the title's moves: the cell below-left is the same column
    assert market.moves["down_left"] == (1, 0)


def test_mine_values_follow_the_phase():
    title = title_1837()
    painter = HexPainter(title, grid_of(title))
    mine = title.map.hexes["A13"].stops[0]
    assert painter.revenue(mine, "2") == 30
    assert painter.revenue(mine, "4") == 30
    assert painter.revenue(mine, "5") == 50


def test_goods_trains_wait_for_their_passenger_train_and_the_next_train_names_its_events():
    info = view.depot(_game())
    goods = {r.name: r for r in info.stacks["goods"]}
    assert goods["1G"].available and goods["1G"].locked_until is None
    assert goods["2G"].locked_until == "3" and not goods["2G"].available
    assert "open mountain passes" in info.next_effects  # the first "3" raises it


def test_token_and_tile_costs_read_from_the_engines_own_line():
    from railyard.renderer.ui.placement import cost_text

    assert cost_text(["BK lays tile 57 on F28 (rot 0), pays 70"]) == "pays 70"
    assert cost_text(["BK places a token on E17 for 40"]) == "costs 40"
    assert cost_text(["refused: rule:tokens.cost: BK has 10, the token costs 40"]).startswith("refused")


def test_every_zone_of_a_stock_market_has_its_colour_and_a_legend_line_saying_what_it_means():
    from railyard.framework.core.game import Game
    from railyard.framework.loader import load_title
    from railyard.renderer.panels import market as panel
    from railyard.renderer.panels.base import fit_text

    start_pygame()
    title = load_title("1830")
    game = Game(title, ["A", "B", "C", "D"], 0)
    rect = pygame.Rect(0, 0, 470, 180)
    surface = pygame.Surface(rect.size)
    panel.draw(surface, rect, game)
    rects, legend = panel.geometry(title.market, panel._content(rect))
    fills = {}
    for (r, c), box in rects.items():
        cell = title.market.cell(r, c)
        fills.setdefault(min(cell.flags - {"p"}, default=""), set()).add(pixel(surface, box.right - 3, box.centery))
    # yellow, orange and brown cells (1830's y, o, b) each drawn in one colour of its own
    zone = {f: next(iter(c)) for f, c in fills.items() if f}
    assert set(zone) == {"y", "o", "b"} and len(fills["y"]) == len(fills["o"]) == len(fills["b"]) == 1
    assert len({*zone.values(), next(iter(fills[""]))}) == 4
    said = {flag: text for flag, text, _ in legend}
    assert said["o"] == "outside the limit; over 60% may be held"  # whole at 1280x720, no "..."
    assert set(said) == {"p", "y", "o", "b"}
    for flag, _, row in legend:  # the legend lies clear of the chart, its swatch in the zone's colour
        assert row.collidelist(list(rects.values())) < 0 and row.width >= 150
        assert pixel(surface, row.x + 5, row.y + 6) == panel.flag_colors(title.market)[flag]
    for _, text, row in legend:  # every line whole, none cut with "..."
        assert fit_text(text, row.width - 14, 14)[0] == text
    cell = panel.cell_at(title.market, rect, rects[(7, 0)].center)
    assert cell.price == 10 and panel.describe_cell(title.market, cell)[1] == said["b"]


def test_a_shared_minor_shows_each_holder_percent_and_who_owns_it():
    import random

    from railyard.framework.core.actions import tag_of

    game = _game()
    rng = random.Random(0)
    for _ in range(400):
        legal = game.legal_actions()
        share = [a for a in legal if getattr(a, "item", None) == "UG1_share"]
        if share:
            game.process(share[0])
            break
        game.process(rng.choice([a for a in legal if tag_of(a) != "pass"] or legal))
    owner = game.state.director("UG1")
    buyer = game.actions[-1].entity
    rows = {r.id: r for r in view.players(game)}
    assert "UG1 25% owner" in rows[owner].holdings
    assert "UG1 25%" in rows[buyer].holdings and "UG1 25% owner" not in rows[buyer].holdings
    from railyard.renderer.ui.log_words import LogWords

    assert LogWords(game.title).line(game.log[-1]) == f"{buyer} buys UG1 share for 90"
