import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[3] / "schemas" / "imperial_steam"
GOOD = {"type": "string", "enum": ["wood", "stone", "iron", "coal"], "description": "A good type."}
HUB = {"type": "string", "enum": ["bronze", "white", "green", "blue"], "description": "A hub city colour."}
ID = "^[A-Za-z0-9_-]+$"


def i(desc, minimum=0, maximum=None):
    d = {"type": "integer", "minimum": minimum, "description": desc}
    if maximum is not None:
        d["maximum"] = maximum
    return d


def s(desc, **kw):
    return {"type": "string", "description": desc, **kw}


def b(desc):
    return {"type": "boolean", "description": desc}


def arr(items, desc, **kw):
    return {"type": "array", "items": items, "description": desc, **kw}


def obj(props, required, desc, additional=False):
    return {"type": "object", "description": desc, "properties": props,
            "required": required, "additionalProperties": additional}


def mapof(value, desc, pattern=ID):
    return {"type": "object", "description": desc, "propertyNames": {"pattern": pattern},
            "additionalProperties": value}


def by_players(value, desc):
    return {"type": "object", "description": desc, "propertyNames": {"enum": ["2", "3", "4"]},
            "additionalProperties": value}


def write(name, title, root):
    root = {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title, **root}
    (OUT / f"{name}.schema.json").write_text(json.dumps(root, indent=2, ensure_ascii=False) + "\n")


factory_site = obj({
    "good": {**GOOD, "description": "The good type of a factory built here."},
    "cost": {"description": "A custom build cost printed on the site, or \"station\" for the "
             "train-station symbol (pay the city's station cost); absent: the Factory board cost.",
             "oneOf": [{"type": "integer", "minimum": 0}, {"const": "station"}]},
    "min_players": i("The site is valid only at this player count or more.", 2, 4),
}, ["good"], "A factory construction site.")

content = {
    "effort": i("Effort: worker levels needed to connect this city.", 0),
    "station_cost": i("Guldens to build a train station here.", 0),
    "station_sites": i("Number of train station sites.", 0),
    "factory_sites": arr(factory_site, "Factory construction sites."),
    "demands": arr(GOOD, "Demand spaces, one good each."),
    "business": b("Whether connecting the city takes a Business token."),
    "influence": i("The influence hexagon: steps gained on connecting (0: none).", 0),
}
printed = obj(content, ["effort", "station_cost", "station_sites"],
              "The city printed on the board (sites without a City tile).")

write("map", "Imperial Steam board: regions, city sites and connections", obj({
    "regions": mapof(obj({"name": s("Display name of the region.")}, ["name"], "A map region."),
                     "Map regions (the Random setup places one hub and two City tiles in each)."),
    "sites": mapof(obj({
        "name": s("The place name."),
        "region": s("The region id the site lies in."),
        "x": {"type": "number", "description": "Layout position west to east (0-100)."},
        "y": {"type": "number", "description": "Layout position north to south (0-100)."},
        "start": b("Every player starts with a station here (Wien)."),
        "end": b("The destination city (Trieste): its bonus and the game end trigger."),
        "printed": printed,
    }, ["name", "region", "x", "y"], "A city site."), "City sites by id."),
    "connections": mapof(obj({
        "a": s("One end (a site id)."),
        "b": s("The other end (a site id)."),
        "kind": s("plain, bridge (gray) or tunnel (orange).", enum=["plain", "bridge", "tunnel"]),
        "state_railway": b("A State Railway card may crown this connection."),
        "semmering": b("The first player to build it takes the Semmering token."),
    }, ["a", "b"], "A connection between two sites."), "Connections by id."),
}, ["regions", "sites", "connections"], "The board."))

tile = obj({**content,
            "players": i("The player count this tile belongs to.", 2, 4),
            "fixed_site": s("The site the Fixed setup places this tile on.")},
           ["players", "fixed_site", "effort", "station_cost", "station_sites", "factory_sites",
            "demands", "business", "influence"], "A City tile.")
hub = obj({**content,
           "fixed_site": s("The site the Fixed setup places this hub on."),
           "start_influence": i("The Influence track step the hub's marker starts on.", 0)},
          ["fixed_site", "effort", "station_cost", "station_sites", "factory_sites", "demands",
           "business", "influence", "start_influence"], "A Hub City tile.")
write("cities", "Imperial Steam City tiles and Hub City tiles", obj({
    "tiles": mapof(tile, "City tiles by id."),
    "hubs": {**mapof(hub, "Hub City tiles by colour."), "propertyNames": HUB},
}, ["tiles", "hubs"], "City and hub tiles."))

write("influence", "Imperial Steam Influence track", obj({
    "bid_per_step": i("Guldens of the opening bid per step of influence.", 1),
    "stack": i("Markers one step (column) can hold.", 1),
    "steps": arr(obj({
        "gold": i("Guldens printed below the step (a gold City Key's value)."),
        "silver": i("A small green flag's value (silver City Keys read the nearest flag)."),
    }, ["gold"], "One step of the track."), "Steps from 0 up.", minItems=2),
}, ["bid_per_step", "stack", "steps"], "The Influence track."))

write("shares", "Imperial Steam Share board", obj({
    "start_row": i("Row index of the Share Value marker at setup."),
    "start_investors": i("Investors on the start row at setup."),
    "shareholder_penalty_percent": i("Percent of final money each shareholder costs.", 0, 100),
    "rows": arr(obj({
        "value": i("Share value of the row (guldens)."),
        "influence": i("Influence steps paid to move up into this row."),
        "investor_spaces": i("Investor spaces in this row."),
    }, ["value", "influence", "investor_spaces"], "A row."), "Rows from the bottom up.", minItems=1),
}, ["start_row", "start_investors", "shareholder_penalty_percent", "rows"], "The Share board."))

write("workers", "Imperial Steam Worker board", obj({
    "price_rows": arr(i("Price of a worker at this row."), "Hiring prices, bottom row first.", minItems=1),
    "engineer_cost": i("Guldens per engineer."),
    "max_workers": i("Most workers a player may have.", 1),
    "start_workers": i("Workers in Training Level 1 at setup."),
    "production": {"type": "object", "description": "Goods a worker of each level takes to a new factory.",
                   "propertyNames": {"enum": ["1", "2", "3"]}, "additionalProperties": i("Goods.", 1)},
    "engineer_columns": obj({
        "bridge": arr(HUB, "Hub columns holding Bridge Engineers, first used first."),
        "tunnel": arr(HUB, "Hub columns holding Tunnel Engineers, first used first."),
    }, ["bridge", "tunnel"], "Where engineers wait to be hired."),
}, ["price_rows", "engineer_cost", "max_workers", "start_workers", "production", "engineer_columns"],
    "The Worker board."))

write("factories", "Imperial Steam Factory board", obj({
    "rows": {**mapof(obj({
        "costs": arr(i("Build cost."), "costs[b]: build cost with b factories of the row bought.", minItems=1),
        "deliveries": arr(i("Delivery pay."), "deliveries[b]: pay for a delivery with b bought.", minItems=2),
    }, ["costs", "deliveries"], "One good's row."), "Rows by good."), "propertyNames": GOOD},
}, ["rows"], "The Factory board."))

write("market", "Imperial Steam Shipment market", obj({
    "columns": {**mapof(arr(i("Price of the row."), "Prices, bottom row first.", minItems=1),
                        "Columns by good."), "propertyNames": GOOD},
    "empty_price": i("Price of a good from the supply when its column is empty."),
    "start_cubes": by_players(i("Cubes."), "Cubes per column at setup, by player count."),
}, ["columns", "empty_price", "start_cubes"], "The Shipment market."))

write("trains", "Imperial Steam steam engines", obj({
    "engines": mapof(obj({
        "level": i("Engine level.", 1),
        "price": i("Price in guldens."),
        "cars": i("Freight cars the engine pulls."),
        "influence": i("Influence steps gained on buying or upgrading to it."),
        "count": i("Tiles in the box."),
        "round": {"description": "Round-track space it lies on (null: starting engine only).",
                  "oneOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]},
    }, ["level", "price", "cars", "influence", "count", "round"], "A steam engine."), "Engines by id."),
    "start_engine": s("The engine every player starts with."),
    "max_trains": i("Most trains a player may own.", 1),
    "car_tiles": i("Train car tiles in the box."),
}, ["engines", "start_engine", "max_trains", "car_tiles"], "The steam engines."))

write("contracts", "Imperial Steam Contract cards", obj({
    "decks": arr(s("A deck id."), "Deck ids; each shows its own display.", minItems=1),
    "cards": mapof(obj({
        "deck": s("The deck the card belongs to."),
        "factories": arr(GOOD, "Required factory types (one Reserved token and Investor each).", minItems=1),
        "value": i("Gained if fully filled, paid if not (when somebody connected Trieste)."),
    }, ["deck", "factories", "value"], "A contract card."), "Cards by id."),
}, ["decks", "cards"], "Contract cards."))

write("components", "Imperial Steam setup cards", obj({
    "normal_setup_cards": mapof(obj({
        "hubs": {**mapof(s("A site id."), "Hub colour -> site."), "propertyNames": HUB},
        "tiles": mapof(i("City tile number within the player count's set.", 1),
                       "Site -> City tile number."),
    }, ["hubs", "tiles"], "A Normal Setup card."), "Normal Setup cards by id."),
    "state_railway_cards": mapof(obj({
        "connection": s("The connection this card crowns."),
        "count": i("Number of State Railways (read from the first card in the Random setup).", 1),
    }, ["connection", "count"], "A State Railway Setup card."), "State Railway Setup cards."),
}, ["normal_setup_cards", "state_railway_cards"], "Setup cards."))

count_row = obj({
    "cash": i("Starting guldens (at most 100000: every bid up to a player's cash is a legal action).", 0, 100000),
    "contract_display": i("Contract cards displayed per deck."),
    "engines_per_space": i("Engines per Round-track space."),
    "shipment_goods": i("Shipment goods above each of the delivery rounds (game help, \"Player count "
                        "differences\"): that many in all (shipment_mix drawn) or that many of each good (each)."),
    "factories_per_row": i("Factories per Factory board row."),
    "engineers": i("Engineers of each type."),
    "outside_demands": b("Whether cities other than hubs carry demands."),
}, ["cash", "contract_display", "engines_per_space", "shipment_goods", "factories_per_row",
    "engineers", "outside_demands"], "One player count's column.")
write("setup", "Imperial Steam setup", obj({
    "option": s("The setup option chosen by the table creator: fixed (first game), normal or "
                "random (experts).", enum=["fixed", "normal", "random"]),
    "players": by_players(count_row, "By player count."),
    "start": obj({
        "station": s("Site of every player's starting station."),
        "engine": s("Starting engine id."),
        "car_goods": arr(GOOD, "The goods on the starting freight cars."),
        "engine_coal": i("Coal on the starting engine."),
        "stations": i("Buildable stations on a player board, each on an Unbuilt Train Station tile "
                      "covering a warehouse space."),
    }, ["station", "engine", "car_goods", "engine_coal", "stations"], "Each player's start."),
    "bank": i("The bank's money (only balances the books).", 0, 100000000),
    "components": obj({
        "goods": {**mapof(i("Cubes."), "Cubes per good."), "propertyNames": GOOD},
        "business_tokens": mapof(i("Tokens."), "Business tokens by value.", pattern="^[0-9]+$"),
        "reserved_tokens": i("Reserved tokens."),
        "investors": i("Investors."),
        "engineers": obj({"bridge": i("Bridge Engineers."), "tunnel": i("Tunnel Engineers.")},
                         ["bridge", "tunnel"], "Engineers in the box."),
        "shipment_tiles": arr(i("Goods orderable.", 1), "Shipment tiles."),
        "unbuilt_station_tiles": i("Unbuilt Train Station tiles in the box (one beneath each buildable "
                                   "station on the player boards)."),
    }, ["goods", "business_tokens", "reserved_tokens", "investors", "engineers", "shipment_tiles",
        "unbuilt_station_tiles"],
        "Component counts."),
    "growth_tiles": mapof(arr(i("Steps.", 0), "Steps for the 1st, 2nd... delivery."), "Growth tiles."),
    "shipment_rounds": arr(i("Round.", 1), "Rounds with a Shipment tile above them."),
    "delivery_rounds": arr(i("Round.", 1), "Rounds whose shipment goods arrive in Phase 2."),
    "shipment_mix": s("Which shipment goods lie above each delivery round: drawn (that many goods, each "
                      "drawn blind from the supply at setup with the seeded RNG) or each (that many of each "
                      "of the four goods).", enum=["drawn", "each"]),
    "fixed": obj({
        "hubs": {**mapof(s("Site."), "Hub colour -> site."), "propertyNames": HUB},
        "shipment": arr(i("Tile value.", 1), "Shipment tile values for the shipment rounds."),
        "growth": {**mapof(s("Growth tile id."), "Hub colour -> growth tile."), "propertyNames": HUB},
        "state_railways": arr(s("Connection id."), "Crowned connections."),
    }, ["hubs", "shipment", "growth", "state_railways"], "The Fixed setup."),
    "normal": obj({"state_railways": i("State Railways drawn.", 0)}, ["state_railways"],
                  "The Normal setup."),
}, ["option", "players", "start", "bank", "components", "growth_tiles", "shipment_rounds",
    "delivery_rounds", "fixed", "normal", "shipment_mix"], "Setup."))

costmap = {"type": "object", "description": "Goods by type.", "propertyNames": GOOD,
           "additionalProperties": i("Cubes.")}
write("rules", "Imperial Steam rule numbers", obj({
    "rounds": i("Rounds in a game.", 1, 100),
    "first_round_phase": i("The phase Round 1 begins at.", 1, 8),
    "hands": mapof(i("Hands.", 1), "Hands by round.", pattern="^[0-9]+$"),
    "income": obj({"passenger_car": i("Per passenger car."), "warehouse": i("Per uncovered warehouse space.")},
                  ["passenger_car", "warehouse"], "Phase 4 income."),
    "track": obj({
        "per_action": i("Tracks per Build tracks action.", 1),
        "fee": i("Guldens to each player already on a connection."),
        "city_limit": i("Own tracks touching a city without an own station."),
        "materials": {**costmap, "description": "Materials per Build tracks action."},
        "bridge_extra": {**costmap, "description": "Extra materials per bridge."},
        "tunnel_extra": {**costmap, "description": "Extra materials per tunnel."},
    }, ["per_action", "fee", "city_limit", "materials", "bridge_extra", "tunnel_extra"], "Build tracks."),
    "trieste_bonus_per_track": i("Guldens per own track on connecting Trieste."),
    "philanthropy_per_step": i("Guldens per influence step."),
    "fundraise": i("Guldens taken by Fundraise."),
    "scoring": obj({
        "semmering_income_factor": i("Income multiplier with the Semmering token.", 1),
        "goods_value": i("Guldens per good sold."),
        "hub_influence": mapof(i("Guldens."), "Hubs at or below you -> guldens.", pattern="^[0-9]+$"),
        "track_usage_per_connection": i("Guldens per connection of track usage."),
    }, ["semmering_income_factor", "goods_value", "hub_influence", "track_usage_per_connection"],
        "Final scoring."),
}, ["rounds", "first_round_phase", "hands", "income", "track", "trieste_bonus_per_track",
    "philanthropy_per_step", "fundraise", "scoring"], "Rule numbers."))
