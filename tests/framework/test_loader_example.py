"""The example title loads into typed definitions with concrete values."""

from __future__ import annotations

import pytest

from railyard.framework.loader import load_title
from railyard.framework.loader.families import GenericTitle, register_family
from railyard.framework.loader.yamlio import parse_yaml
from railyard.framework.model import PhaseValue
from railyard.framework.model.companies import Home
from tests.framework.tinyrail import EXAMPLE


@pytest.fixture(scope="module")
def title():
    return load_title(EXAMPLE)


def test_manifest(title) -> None:
    assert title.id == "tinyrail"
    assert (title.manifest.players.min, title.manifest.players.max) == (2, 4)
    assert title.manifest.files["map"].schema == "18xx/map.schema.json"
    assert title.phase_order == ("2", "3", "4")


def test_tiles_and_preprinted_hex_tiles(title) -> None:
    assert title.tile("57").stops[0].revenue.at("2", title.phase_order) == 20
    assert title.tile("57").paths == ((0, "s0"), (3, "s0"))
    assert title.tile("3").count is None
    carrow = title.tile("@B4")
    assert (carrow.color, carrow.count, carrow.paths) == ("yellow", 1, ((1, "s0"), (4, "s0")))
    assert title.map.hex("B4").stops[0].reserved == {0: "CR"}


def test_towns_have_no_slots(title) -> None:
    assert title.map.hex("A7").stops[0].slots == 0


def test_offboard_revenue_by_phase(title) -> None:
    revenue = title.map.hex("A1").stops[0].revenue
    assert [revenue.at(p, title.phase_order) for p in title.phase_order] == [20, 20, 40]


def test_trains_in_order_of_sale(title) -> None:
    assert list(title.trains) == ["2", "3", "4", "5E"]
    express = title.train("5E")
    assert (express.kind, express.unlimited, express.card_count) == ("express", True, 2)
    assert title.train("2").rusts_on == "4"


def test_companies_and_types(title) -> None:
    assert title.company("CR").home == (Home("B4", 0),)
    assert title.company("AR").home == (Home("A3"),)
    major = title.company_type("AR")
    assert major.operates is True and major.token_cost.fixed == (40, 60)
    assert [c.percent for c in major.certificates] == [20, 10]
    assert len(title.companies_of("major")) == 3


def test_market_moves_are_lookups(title) -> None:
    market = title.market
    par70 = market.cell(0, 1)
    assert (par70.price, par70.par) == (70, True)
    assert market.move(par70, "right").price == 80
    assert market.move(par70, "down").price == 60
    top_right = market.cell(0, 6)
    assert market.move(top_right, "right") is top_right  # fallback "up" is off the chart too
    row1_end = market.cell(1, 5)
    assert market.move(row1_end, "right") == market.cell(0, 5)  # falls back to "up"
    assert market.move(market.cell(2, 0), "down") == market.cell(2, 0)
    assert [c.price for c in market.par_cells()] == [70, 80, 70]
    assert market.cell(2, 0).has("y")


def test_setup(title) -> None:
    assert title.setup.bank == 4000
    assert title.setup.players[3].cash == 400
    assert title.setup.stock_round.sold_out_move == "up"


def test_phase_value_forms() -> None:
    order = ("2", "3", "5", "6")
    value = PhaseValue.of({"2": 30, "5": 50})
    assert [value.at(p, order) for p in order] == [30, 30, 50, 50]
    assert PhaseValue.of(20).at("6", order) == 20
    assert value.to_raw() == {"2": 30, "5": 50}
    with pytest.raises(TypeError):
        PhaseValue.of("x")  # type: ignore[arg-type]


def test_yaml_keys_stay_text_and_lines_are_recorded() -> None:
    located = parse_yaml('57: {a: 1}\n"08":\n  - x\n  - y\n', "f.yaml")
    assert located.data == {"57": {"a": 1}, "08": ["x", "y"]}
    assert located.source.line(("08", 1)) == 4
    assert located.source.line(("57", "a", "deeper")) == 1


def test_an_unregistered_family_is_validated_and_returned_as_data(tmp_path) -> None:
    folder = tmp_path / "meeples"
    folder.mkdir()
    (folder / "title.yaml").write_text(
        "id: meeples\nname: Meeples\nfamily: test_family_x\nplayers: {min: 1, max: 2}\n"
        "files:\n  board: {path: board.yaml, schema: title.schema.json}\n"
    )
    (folder / "board.yaml").write_text(
        "id: b\nname: Board\nfamily: x\nplayers: {min: 1, max: 1}\n"
    )
    loaded = load_title(folder)
    assert isinstance(loaded, GenericTitle)
    assert loaded.documents["board"]["name"] == "Board"


def test_a_registered_family_structures_its_concerns(tmp_path) -> None:
    from railyard.framework.model.trains import TrainDef

    register_family("test_family_y", {"rolling": dict[str, TrainDef]}, build=lambda p: p.models)
    folder = tmp_path / "dice"
    folder.mkdir()
    (folder / "title.yaml").write_text(
        "id: dice\nname: Dice\nfamily: test_family_y\nplayers: {min: 1, max: 2}\n"
        "files:\n  rolling: {path: r.yaml, schema: 18xx/trains.schema.json}\n"
    )
    (folder / "r.yaml").write_text('"2": {distance: 2, price: 80, count: 1}\n')
    assert load_title(folder) == {"rolling": {"2": TrainDef("2", distance=2, price=80, count=1)}}


def test_reloading_sees_a_changed_file_and_gets_fresh_documents(tmp_path) -> None:
    import shutil

    folder = tmp_path / "tinyrail"
    shutil.copytree(EXAMPLE, folder)
    first = load_title(folder)
    first.documents["trains"]["2"]["price"] = 1
    again = load_title(folder)
    assert again == first and again.documents["trains"]["2"]["price"] == 80
    trains = folder / "trains.yaml"
    trains.write_text(trains.read_text().replace("price: 80", "price: 85"))
    assert load_title(folder).trains["2"].price == 85


def test_a_family_check_reports_at_file_and_line(tmp_path) -> None:
    from railyard.framework.loader import TitleErrors

    def check(parts):
        return [(("rolling", "2", "price"), "too cheap")] if parts.documents["rolling"]["2"]["price"] < 100 else []

    register_family("test_family_z", {}, check=check)
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "title.yaml").write_text(
        "id: cards\nname: Cards\nfamily: test_family_z\nplayers: {min: 1, max: 2}\n"
        "files:\n  rolling: {path: r.yaml, schema: 18xx/trains.schema.json}\n"
    )
    (folder / "r.yaml").write_text('# trains\n"2": {distance: 2,\n  price: 80, count: 1}\n')
    with pytest.raises(TitleErrors) as caught:
        load_title(folder)
    assert [e.line for e in caught.value] == [3]
    assert str(caught.value).endswith("cards/r.yaml:3: 2.price: too cheap")
