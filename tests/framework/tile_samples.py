"""Hand-written tile fixtures with the track layouts of real tiles (facts, in our edge numbering).

Standard tiles: the common 18xx tile numbers. 1837 tiles 401-436: that title's own tiles.
Revenues are the printed ones where known; they play no part in geometry or upgrades.
"""

from railyard.framework.tiles import Stop, TileDef


def city(revenue: int = 20, slots: int = 1, group: str | None = None) -> Stop:
    return Stop("city", revenue, slots, group)


def town(revenue: int = 10) -> Stop:
    return Stop("town", revenue)


def tile(id, color, paths, stops=(), labels=(), upgrades_to=None) -> TileDef:
    return TileDef(
        id=id, color=color, count=None, stops=stops, paths=paths, labels=labels,
        upgrades_to=upgrades_to,
    )


# yellow plain track
T7 = tile("7", "yellow", [[0, 1]])
T8 = tile("8", "yellow", [[0, 2]])
T9 = tile("9", "yellow", [[0, 3]])
# yellow towns and cities
T1 = tile("1", "yellow", [["s0", 3], ["s0", 1], ["s1", 4], ["s1", 0]], [town(), town()])
T3 = tile("3", "yellow", [["s0", 0], ["s0", 1]], [town()])
T4 = tile("4", "yellow", [["s0", 0], ["s0", 3]], [town()])
T57 = tile("57", "yellow", [["s0", 0], ["s0", 3]], [city()])
T58 = tile("58", "yellow", [["s0", 2], ["s0", 0]], [town()])
T402 = tile("402", "yellow", [[0, "s0"], [2, "s0"]], [city()], labels=["X"])
T404 = tile("404", "yellow", [[0, "s0"], [4, "s0"], [1, "s1"], [3, "s1"]], [city(), city()])

# green plain track
T16 = tile("16", "green", [[0, 2], [1, 3]])
T18 = tile("18", "green", [[0, 3], [1, 2]])
T23 = tile("23", "green", [[1, 3], [3, 0]])
T24 = tile("24", "green", [[0, 2], [0, 3]])
T25 = tile("25", "green", [[4, 0], [0, 2]])
T26 = tile("26", "green", [[2, 3], [3, 0]])
T27 = tile("27", "green", [[0, 1], [0, 3]])
T28 = tile("28", "green", [[0, 2], [1, 2]])
T29 = tile("29", "green", [[0, 1], [0, 2]])
# green cities and towns
T12 = tile("12", "green", [["s0", 4], ["s0", 5], ["s0", 0]], [city(30)])
T14 = tile("14", "green", [[0, "s0"], [1, "s0"], [3, "s0"], [4, "s0"]], [city(30, 2)])
T15 = tile("15", "green", [[0, "s0"], [1, "s0"], [2, "s0"], [3, "s0"]], [city(30, 2)])
T87 = tile("87", "green", [["s0", 5], ["s0", 0], ["s0", 1], ["s0", 2]], [town()])
T406 = tile(
    "406", "green", [[0, "s0"], [2, "s0"], [3, "s0"], [5, "s0"]], [city(40, 2)], labels=["X"]
)
T408 = tile(
    "408",
    "green",
    [[0, "s0"], [4, "s0"], [5, "s0"], [1, "s1"], [2, "s1"], [3, "s1"]],
    [city(30, 2), city(30)],
)
# green towns with a bypass (1837): the town must stay on the same stretch of track
T410 = tile("410", "green", [[0, 2], [0, "s0"], [3, "s0"]], [town()])
T411 = tile("411", "green", [[0, 4], [0, "s0"], [3, "s0"]], [town()])
T420 = tile("420", "green", [[0, 5], [0, "s0"], [4, "s0"]], [town()])
T424 = tile("424", "green", [[1, 3], [0, "s0"], [4, "s0"]], [town()])
T425 = tile(
    "425",
    "green",
    [[0, "s0"], [4, "s0"], [5, "s0"], [1, "s1"], [2, "s1"], [3, "s1"], ["s0", "s1"]],
    [city(50), city(50)],
    labels=["Bu"],
)

# brown
T63 = tile("63", "brown", [["s0", e] for e in range(6)], [city(40, 2)])
T432 = tile(
    "432",
    "brown",
    [[0, "s0"], [4, "s0"], [5, "s0"], [1, "s1"], [2, "s1"], [3, "s1"], ["s0", "s1"]],
    [city(40, 2), city(40, 2)],
)
T432_NO_LINK = tile(
    "432x",
    "brown",
    [[0, "s0"], [4, "s0"], [5, "s0"], [1, "s1"], [2, "s1"], [3, "s1"]],
    [city(40, 2), city(40, 2)],
    labels=["Bu"],
)
T432_BU = tile(
    "432b",
    "brown",
    [[0, "s0"], [4, "s0"], [5, "s0"], [1, "s1"], [2, "s1"], [3, "s1"], ["s0", "s1"]],
    [city(40, 2), city(40, 2)],
    labels=["Bu"],
)

# a four-city hex whose cities count as one stop, with its own upgrade list
VIENNA_GROUP = "capital"
T427 = tile(
    "427",
    "green",
    [[e, f"s{e}"] for e in range(6)],
    [city(60, 1, VIENNA_GROUP) for _ in range(6)],
    labels=["W"],
    upgrades_to=["436"],
)
T436 = tile(
    "436",
    "brown",
    [[0, "s0"], [1, "s1"], [2, "s2"], [3, "s2"], [4, "s2"], [5, "s3"]],
    [city(80, 1, VIENNA_GROUP) for _ in range(4)],
    labels=["W"],
)
