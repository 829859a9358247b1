"""Several faults in one request: every one reported with its pointer, never a 5xx.

For every endpoint that reads a body (the v1 rules, scores and render endpoints, the game
endpoints and the described table), a valid body and faults to inject into it, at different
depths: the top level, inside a player, inside a tile of an Alhambra, inside the dummy, inside
a game state or an action. Each fault alone gives a 422 pointing at it
(:func:`test_each_fault_alone_is_a_422_at_its_pointer`), so the faults are independent; the
property test (:func:`test_every_fault_of_a_request_is_reported`) injects several at once and
wants a 422 problem+json listing the pointer of each.

A request is checked in stages, each needing what the one before built, so the faults drawn
together are of one stage: the contract (its JSON Schema, ``schemas/``), the loading (tiles of
the catalog C1, cells B6, names, the dummy D1, huts V4, the components of a game), and for a
game state or a described table the consistency of what was loaded (a state a game can reach,
a table that can exist), and for ``/v1/scores`` the refusals of the Big Box modules, which
read the loaded pieces. A body the contract refuses is not loaded: its contract problems are
the answer.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from calculator import create_app
from calculator.api import service
from calculator.api.game_document import dump_action, dump_state, load_state
from calculator.api.wire import CATALOG_BY_KEY
from calculator.engine import Options, apply, legal_actions, new_game
from calculator.engine.players.random_play import random_action
from tests.helpers.contract_check import ContractClient

PROBLEM = "application/problem+json"

app = create_app({"TESTING": True})
app.test_client_class = ContractClient  # every answer checked against the served spec
client = app.test_client()

Body = dict[str, Any]


@dataclass(frozen=True)
class Fault:
    """One fault: ``bend`` puts it into a body and gives the pointer the 422 must name."""

    name: str
    stages: frozenset[str]
    bend: Callable[[Body], str]

    def __repr__(self) -> str:
        return self.name


def fault(name: str, *stages: str) -> Callable[[Callable[[Body], str]], Fault]:
    def make(bend: Callable[[Body], str]) -> Fault:
        return Fault(name, frozenset(stages), bend)

    return make


CONTRACT, LOADING, CONSISTENCY = "contract", "loading", "consistency"
MODULES = "modules"
"""The Big Box modules' refusals of ``/v1/scores`` (G, H, K, S): they read the loaded pieces."""


def off_catalog(tile: dict[str, Any]) -> None:
    """C1: give a tile a price no tile of the catalog has with its building and walls."""
    tile["price"] = next(
        price
        for price in range(2, 14)
        if (tile["building"], tile["walls"], price) not in CATALOG_BY_KEY
    )


def placed(building: str, walls: str, price: int, x: int, y: int) -> dict[str, Any]:
    assert (building, walls, price) in CATALOG_BY_KEY
    return {"building": building, "walls": walls, "price": price, "x": x, "y": y}


ALHAMBRA = [
    placed("pavilion", "NW", 5, 0, -1),
    placed("tower", "S", 11, 0, 1),
    placed("garden", "", 10, 1, 0),
    placed("seraglio", "", 9, -1, 0),
]
"""A legal Alhambra of four catalog tiles around the fountain (B2-B6)."""
CATALOG_TILE = {"building": "chambers", "walls": "SW", "price": 7}


# --- faults of an Alhambra, at the pointer ``at`` of a body ------------------------------


def alhambra_faults(at: tuple[str | int, ...]) -> list[Fault]:
    def alhambra(body: Body) -> list[dict[str, Any]]:
        node: Any = body
        for part in at:
            node = node[part]
        return node  # type: ignore[no-any-return]

    where = "".join(f"/{part}" for part in at)

    @fault(f"{where}: a tile's price out of the catalog (C1)", LOADING)
    def price(body: Body) -> str:
        off_catalog(alhambra(body)[1])
        return f"{where}/1/price"

    @fault(f"{where}: a tile on the fountain (B6)", LOADING)
    def fountain(body: Body) -> str:
        alhambra(body)[2].update(x=0, y=0)
        return f"{where}/2"

    @fault(f"{where}: a fourth worker hut (V4)", LOADING)
    def huts(body: Body) -> str:
        tiles = alhambra(body)
        tiles += [{"hut": "tower", "walls": "N", "x": 5 + i, "y": 5} for i in range(4)]
        return f"{where}/{len(tiles) - 1}/hut"

    @fault(f"{where}: a coordinate beyond the board", CONTRACT)
    def far(body: Body) -> str:
        alhambra(body)[3]["x"] = 10**6
        return f"{where}/3/x"

    return [price, fountain, huts, far]


@fault("an unknown member at the top", CONTRACT)
def unknown_member(body: Body) -> str:
    body["colour"] = "red"
    return "/colour"


@fault("a hole rule that does not exist", CONTRACT)
def unknown_hole_rule(body: Body) -> str:
    body["rules"] = {"holes": "some"}
    return "/rules/holes"


def tile_faults(*at: str) -> list[Fault]:
    """Faults of the single tile at ``at`` (a tile to place, a highlighted one)."""
    where = "".join(f"/{part}" for part in at)

    def tile(body: Body) -> dict[str, Any]:
        node: Any = body
        for part in at:
            node = node[part]
        return node  # type: ignore[no-any-return]

    @fault(f"{where}: a price out of the catalog (C1)", LOADING)
    def price(body: Body) -> str:
        off_catalog(tile(body))
        return f"{where}/price"

    @fault(f"{where}: a building that does not exist", CONTRACT)
    def building(body: Body) -> str:
        tile(body)["building"] = "stable"
        return f"{where}/building"

    @fault(f"{where}: a camp to place without its module (G4)", MODULES)
    def camp(body: Body) -> str:
        node = tile(body)
        node.clear()
        node["camp"] = {"bastions": "E", "arrows": "W"}
        body["modules"].remove("camps")
        return f"{where}/camp"

    return [price, building, camp]


# --- the v1 endpoints ------------------------------------------------------------------------


PIECES = [
    {"camp": {"bastions": "N", "arrows": "S"}, "x": 0, "y": 2},
    {"bazaar": ["tower", "garden", "arcades"], "x": -1, "y": 1},
]
"""The Big Box pieces of the rules endpoints' Alhambra (items 4 and 5): a camp under the tower's
south wall (G4), a bazaar beside the seraglio and the tower (K4); and a chest on the garden
(K1)."""


def alhambra_body(**extra: Any) -> Body:
    alhambra = [*copy.deepcopy(ALHAMBRA), *copy.deepcopy(PIECES)]
    alhambra[2]["chest"] = True
    return {"alhambra": alhambra, "modules": ["camps", "bazaars", "treasure", "gates"], **extra}


@fault("/alhambra/2/chest: a chest without its module (K1)", MODULES)
def v1_chest_without_treasure(body: Body) -> str:
    body["modules"].remove("treasure")
    return "/alhambra/2/chest"


@fault("/gates/0: a gate on no double wall (G1)", MODULES)
def v1_gate_on_no_double_wall(body: Body) -> str:
    body["gates"] = [{"x": 1, "y": 0, "side": "N"}]
    return "/gates/0"


@fault("/alhambra/1/added_walls: a wall added on a printed wall (H4)", MODULES)
def v1_added_on_printed(body: Body) -> str:
    body["modules"].append("city_walls")
    body["alhambra"][1]["added_walls"] = "S"
    return "/alhambra/1/added_walls"


@fault("/alhambra/5: a bazaar on a taken cell (B6)", LOADING)
def v1_bazaar_on_a_tile(body: Body) -> str:
    body["alhambra"][5].update(x=0, y=-1)
    return "/alhambra/5"


@fault("/alhambra/4/camp/arrows: a camp of three arrows (G4)", CONTRACT)
def v1_three_arrows(body: Body) -> str:
    body["alhambra"][4]["camp"]["arrows"] = "NES"
    return "/alhambra/4/camp/arrows"


V1_ALHAMBRA = [
    *alhambra_faults(("alhambra",)),
    unknown_member,
    unknown_hole_rule,
    v1_chest_without_treasure,
    v1_gate_on_no_double_wall,
    v1_added_on_printed,
    v1_bazaar_on_a_tile,
    v1_three_arrows,
]


BIG_BOX = ["treasure", "camps", "bazaars", "characters", "score_cards", "gates", "art_of_the_moors"]


def scores_body() -> Body:
    return {
        "round": 2,
        "modules": list(BIG_BOX),
        "score_card": ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"],
        "players": [
            {
                "name": "Anna",
                "alhambra": copy.deepcopy(ALHAMBRA),
                "characters": {"city_watch": True},
                "culture_points": 400,
            },
            {
                "name": "Ben",
                "alhambra": [
                    {**placed("tower", "N", 11, 0, -1), "chest": True},
                    {"bazaar": ["tower", "garden", "arcades"], "x": -1, "y": -1},
                    {"camp": {"bastions": "S", "arrows": "N"}, "x": 0, "y": 1},
                ],
                "bonus_cards": [{"building": "garden", "walls": "S", "price": 12}],
            },
        ],
        "dummy": {
            "tiles": [
                {"building": "arcades", "walls": "", "price": 9},
                {"building": "garden", "walls": "NE", "price": 8},
            ]
        },
    }


@fault("/dummy: a dummy at a table not of two (D1)", LOADING)
def dummy_at_three(body: Body) -> str:
    body["players"].append({"name": "Cem", "counts": {"tower": 1}})
    return "/dummy"


@fault("/dummy/tiles/1/price: a dummy's tile out of the catalog (C1)", LOADING)
def dummy_tile(body: Body) -> str:
    off_catalog(body["dummy"]["tiles"][1])
    return "/dummy/tiles/1/price"


@fault("/players/1/name: a name taken twice", LOADING)
def name_twice(body: Body) -> str:
    body["players"][1]["name"] = body["players"][0]["name"]
    return "/players/1/name"


@fault("/players/1/bonus_cards/0/price: a bonus card out of the catalog (C1, V3)", LOADING)
def bonus_card(body: Body) -> str:
    off_catalog(body["players"][1]["bonus_cards"][0])
    return "/players/1/bonus_cards/0/price"


@fault("/round: a fourth scoring round", CONTRACT)
def fourth_round(body: Body) -> str:
    body["round"] = 4
    return "/round"


@fault("/players/1/name: an empty name", CONTRACT)
def empty_name(body: Body) -> str:
    body["players"][1]["name"] = ""
    return "/players/1/name"


@fault("/players/1/alhambra/0/chest: a chest without its module (K1)", MODULES)
def chest_without_treasure(body: Body) -> str:
    body["modules"].remove("treasure")
    return "/players/1/alhambra/0/chest"


@fault("/score_card: a score card that is no order of the six types (S1)", MODULES)
def score_card_twice(body: Body) -> str:
    body["score_card"][0] = "tower"
    return "/score_card"


@fault("/players/1/characters/city_watch: a second owner of a character (G3)", MODULES)
def second_city_watch(body: Body) -> str:
    body["players"][1]["characters"] = {"city_watch": True}
    return "/players/1/characters/city_watch"


@fault("/players/1/gates/0: a gate on no double wall (G1)", MODULES)
def gate_on_no_double_wall(body: Body) -> str:
    body["players"][1]["gates"] = [{"x": 0, "y": -1, "side": "N"}]
    return "/players/1/gates/0"


@fault("/players/1/culture_points: more than 20 counters show (S4)", MODULES)
def culture_beyond_counters(body: Body) -> str:
    body["players"][1]["culture_points"] = 21
    return "/players/1/culture_points"


@fault("/players/1/alhambra/1: a bazaar on a taken cell (B6)", LOADING)
def bazaar_on_a_tile(body: Body) -> str:
    body["players"][1]["alhambra"][1].update(x=0, y=-1)
    return "/players/1/alhambra/1"


@fault("/attack: an attack from no direction (K3)", CONTRACT)
def attack_from_nowhere(body: Body) -> str:
    body["attack"] = "up"
    return "/attack"


@fault("/players/1/alhambra/2/camp/bastions: a camp of three bastions (G4)", CONTRACT)
def three_bastions(body: Body) -> str:
    body["players"][1]["alhambra"][2]["camp"]["bastions"] = "NES"
    return "/players/1/alhambra/2/camp/bastions"


SCORES = [
    chest_without_treasure,
    score_card_twice,
    second_city_watch,
    gate_on_no_double_wall,
    culture_beyond_counters,
    bazaar_on_a_tile,
    attack_from_nowhere,
    three_bastions,
    *alhambra_faults(("players", 0, "alhambra")),
    dummy_at_three,
    dummy_tile,
    name_twice,
    bonus_card,
    fourth_round,
    empty_name,
    unknown_member,
    unknown_hole_rule,
]


# --- the game endpoints ----------------------------------------------------------------------


@cache
def game_state() -> Body:
    """A 2-player game some turns in: tiles in the Alhambras and reserves, a dummy (D1, D2)."""
    state = new_game(["Anna", "Ben"], 5, None, Options())
    rng = random.Random(5)
    for _ in range(40):
        state, _ = apply(state, random_action(state, rng))
    document = dump_state(state)
    assert all(player["alhambra"] and player["reserve"] for player in document["players"])
    return document


def state_faults(at: str) -> list[Fault]:
    def state(body: Body) -> Body:
        return body[at]  # type: ignore[no-any-return]

    @fault(f"/{at}/players/0/alhambra/0/price: a placed tile out of the catalog (C1)", LOADING)
    def alhambra_tile(body: Body) -> str:
        off_catalog(state(body)["players"][0]["alhambra"][0])
        return f"/{at}/players/0/alhambra/0/price"

    @fault(f"/{at}/players/1/reserve/0/price: a reserve tile out of the catalog (C1)", LOADING)
    def reserve_tile(body: Body) -> str:
        off_catalog(state(body)["players"][1]["reserve"][0])
        return f"/{at}/players/1/reserve/0/price"

    @fault(f"/{at}/dummy/tiles/0/price: a dummy's tile out of the catalog (C1)", LOADING)
    def dummy_tile(body: Body) -> str:
        off_catalog(state(body)["dummy"]["tiles"][0])
        return f"/{at}/dummy/tiles/0/price"

    @fault(f"/{at}/market/1: a market slot of another currency (C4)", LOADING)
    def market_currency(body: Body) -> str:
        slot = state(body)["market"][1]
        slot["currency"] = "ducat" if slot["currency"] != "ducat" else "florin"
        return f"/{at}/market/1"

    @fault(f"/{at}/bag/N: a tile of the bag twice (C1)", CONSISTENCY)
    def bag_twice(body: Body) -> str:
        bag = state(body)["bag"]
        bag.append(bag[0])
        return f"/{at}/bag/{len(bag) - 1}"

    @fault(f"/{at}/turn/player: a seat nobody sits at", CONSISTENCY)
    def no_such_seat(body: Body) -> str:
        state(body)["turn"]["player"] = 5
        return f"/{at}/turn/player"

    @fault(f"/{at}/rounds_scored: a round scored out of order (T8)", CONSISTENCY)
    def rounds(body: Body) -> str:
        state(body)["rounds_scored"] = [2]
        return f"/{at}/rounds_scored"

    @fault(f"/{at}/players/0/score: a negative score", CONTRACT)
    def negative_score(body: Body) -> str:
        state(body)["players"][0]["score"] = -1
        return f"/{at}/players/0/score"

    return [
        alhambra_tile,
        reserve_tile,
        dummy_tile,
        market_currency,
        bag_twice,
        no_such_seat,
        rounds,
        negative_score,
    ]


def advance_body() -> Body:
    state = game_state()
    first = dump_action(legal_actions(load_state(state))[0])
    return {"state": copy.deepcopy(state), "actions": [first]}


@fault("/actions/N/tile/price: an action's tile out of the catalog (C1)", LOADING, CONSISTENCY)
def action_tile(body: Body) -> str:
    tile = dict(CATALOG_TILE)
    off_catalog(tile)
    body["actions"].append({"type": "reveal_tile", "tile": tile})
    return f"/actions/{len(body['actions']) - 1}/tile/price"


@fault("/actions/N/player: an action for a seat beyond the table", CONTRACT)
def action_seat(body: Body) -> str:
    body["actions"].append({"type": "end_turn", "player": 9})
    return f"/actions/{len(body['actions']) - 1}/player"


def new_game_body() -> Body:
    favour = service.catalog()["vizier_favour"]
    return {
        "players": ["Anna", "Ben", "Cem"],
        "seed": 3,
        "options": {
            "modules": ["bonus", "huts"],
            "components": {
                "bonus_cards": copy.deepcopy(favour["bonus_cards"]),
                "huts": copy.deepcopy(favour["huts"]),
            },
        },
    }


@fault("/start_player: a seat beyond the table", LOADING)
def start_player(body: Body) -> str:
    body["start_player"] = 4
    return "/start_player"


@fault("/options/components/bonus_cards/3/price: a bonus card out of the catalog (C1, V3)", LOADING)
def new_game_bonus_card(body: Body) -> str:
    off_catalog(body["options"]["components"]["bonus_cards"][3])
    return "/options/components/bonus_cards/3/price"


@fault("/options/components/huts: a hut of the wrong colour (V4)", LOADING)
def hut_colour(body: Body) -> str:
    huts = body["options"]["components"]["huts"]
    huts[0]["hut"] = "tower" if huts[0]["hut"] != "tower" else "garden"
    return "/options/components/huts"


@fault("/options/mode: a mode that does not exist", CONTRACT)
def unknown_mode(body: Body) -> str:
    body["options"]["mode"] = "paper"
    return "/options/mode"


@fault("/seed: a negative seed", CONTRACT)
def negative_seed(body: Body) -> str:
    body["seed"] = -1
    return "/seed"


# --- a described table -------------------------------------------------------------------


def table_body() -> Body:
    return {
        "players": [
            {
                "name": "Anna",
                "alhambra": copy.deepcopy(ALHAMBRA),
                "reserve": [{"building": "tower", "walls": "NE", "price": 9}],
                "hand": [{"currency": "florin", "value": 5}],
            },
            {"name": "Ben", "alhambra": [placed("tower", "N", 11, 0, -1)]},
        ],
        "market": [
            {"slot": 1, "tile": {"building": "pavilion", "walls": "E", "price": 7}},
            {"slot": 3, "tile": dict(CATALOG_TILE)},
        ],
        "dummy": {"tiles": [{"building": "arcades", "walls": "", "price": 9}]},
        "round": 1,
    }


@fault("/players/0/reserve/0/price: a reserve tile out of the catalog (C1)", LOADING)
def table_reserve(body: Body) -> str:
    off_catalog(body["players"][0]["reserve"][0])
    return "/players/0/reserve/0/price"


@fault("/market/1/slot: a market slot described twice (C4)", LOADING)
def slot_twice(body: Body) -> str:
    body["market"][1]["slot"] = body["market"][0]["slot"]
    return "/market/1/slot"


@fault("/market/0/tile/price: a market tile out of the catalog (C1)", LOADING)
def market_tile(body: Body) -> str:
    off_catalog(body["market"][0]["tile"])
    return "/market/0/tile/price"


@fault("/dummy/tiles/0/price: a dummy's tile out of the catalog (C1)", LOADING)
def table_dummy_tile(body: Body) -> str:
    off_catalog(body["dummy"]["tiles"][0])
    return "/dummy/tiles/0/price"


@fault("/players/1/alhambra/1: a tile of the market also in an Alhambra (C1)", CONSISTENCY)
def tile_twice(body: Body) -> str:
    body["players"][1]["alhambra"].append({**CATALOG_TILE, "x": 0, "y": 1})
    return "/players/1/alhambra/1"


@fault("/players/1/hand/2: more copies of a money card than the game has (C3)", CONSISTENCY)
def card_copies(body: Body) -> str:
    hand = body["players"][1].setdefault("hand", [])
    hand += [{"currency": "denar", "value": 2}] * 3  # a 2-player game has two of each (C3)
    return "/players/1/hand/2"


TABLE = [
    *alhambra_faults(("players", 0, "alhambra")),
    table_reserve,
    slot_twice,
    market_tile,
    table_dummy_tile,
    tile_twice,
    card_copies,
    unknown_member,
    fourth_round,
]


ENDPOINTS: dict[str, tuple[Callable[[], Body], list[Fault]]] = {
    "/v1/placement": (
        lambda: alhambra_body(tile=dict(CATALOG_TILE), x=2, y=0),
        [*V1_ALHAMBRA, *tile_faults("tile")],
    ),
    "/v1/placement/options": (
        lambda: alhambra_body(tile=dict(CATALOG_TILE)),
        [*V1_ALHAMBRA, *tile_faults("tile")],
    ),
    "/v1/removal": (lambda: alhambra_body(x=1, y=0), V1_ALHAMBRA),
    "/v1/alhambra/check": (alhambra_body, V1_ALHAMBRA),
    "/v1/walls": (alhambra_body, V1_ALHAMBRA),
    "/v1/render": (
        lambda: alhambra_body(highlight={"tile": dict(CATALOG_TILE), "x": 2, "y": 0}),
        [*V1_ALHAMBRA, *tile_faults("highlight", "tile")],
    ),
    "/v1/scores": (scores_body, SCORES),
    "/v1/games": (
        new_game_body,
        [
            start_player,
            new_game_bonus_card,
            hut_colour,
            unknown_mode,
            negative_seed,
            unknown_member,
        ],
    ),
    "/v1/games/legal-actions": (
        lambda: {"state": copy.deepcopy(game_state())},
        [*state_faults("state"), unknown_member],
    ),
    "/v1/games/advance": (
        advance_body,
        [*state_faults("state"), action_tile, action_seat, unknown_member],
    ),
    "/v1/table": (table_body, TABLE),
}

EVERY_FAULT = [
    pytest.param(path, bad, id=f"{path} {bad.name}")
    for path, (_, faults) in ENDPOINTS.items()
    for bad in faults
]


def answer(path: str, body: Body) -> Any:
    return client.post(path, json=body)


@pytest.mark.parametrize("path", ENDPOINTS)
def test_the_body_without_faults_is_answered(path):
    make, _ = ENDPOINTS[path]
    assert answer(path, make()).status_code == 200


@pytest.mark.parametrize(("path", "bad"), EVERY_FAULT)
def test_each_fault_alone_is_a_422_at_its_pointer(path, bad):
    make, _ = ENDPOINTS[path]
    body = make()
    where = bad.bend(body)
    response = answer(path, body)
    assert response.status_code == 422 and response.mimetype == PROBLEM, response.get_data()
    assert where in [error["pointer"] for error in response.get_json()["errors"]]


def _stage_faults() -> list[tuple[str, str, list[Fault]]]:
    """(endpoint, stage, its faults) wherever a stage has two faults or more to combine."""
    found = []
    for path, (_, faults) in ENDPOINTS.items():
        for stage in (CONTRACT, LOADING, CONSISTENCY, MODULES):
            of_stage = [bad for bad in faults if stage in bad.stages]
            if len(of_stage) >= 2:
                found.append((path, stage, of_stage))
    return found


STAGES = _stage_faults()


@st.composite
def faulty_requests(draw: st.DrawFn) -> tuple[str, list[Fault]]:
    path, _, faults = draw(st.sampled_from(STAGES))
    chosen = draw(st.lists(st.sampled_from(faults), min_size=2, unique=True))
    return path, chosen


def test_every_endpoint_has_faults_to_combine_at_loading():
    assert {path for path, stage, _ in STAGES if stage == LOADING} == set(ENDPOINTS)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(faulty_requests())
def test_every_fault_of_a_request_is_reported(faulty):
    path, faults = faulty
    note(f"{path}: {', '.join(bad.name for bad in faults)}")
    make, _ = ENDPOINTS[path]
    body = make()
    expected = [bad.bend(body) for bad in faults]
    response = answer(path, body)
    assert response.status_code == 422, (response.status_code, response.get_data())
    assert response.mimetype == PROBLEM
    reported = [error["pointer"] for error in response.get_json()["errors"]]
    assert set(expected) <= set(reported), (expected, reported)
