"""Plausibility warnings (``calculator/core/plausibility.py``): what a real table cannot produce
is scored all the same and named, with a pointer to the entry (W1-W3, V4, D2, C2, D1, T9).

Each check is shown on a real case through the API, and shown never to fire on a position a
game reaches: seeded random games with every module combination, each scoring round entered
as a referee would type it (counts and wall) and as described (Alhambras, a whole table).
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.api import service
from calculator.api.contract import schema_documents
from calculator.api.game_document import dump_state
from calculator.api.game_service import table as table_report
from calculator.api.wire import dump_tile
from calculator.core import building, walls
from calculator.core.alhambra import Alhambra
from calculator.core.plausibility import most_wall
from calculator.core.scoring import building_counts
from calculator.core.tiles import BUILDINGS, CATALOG, OFFSET, Tile
from calculator.engine.events import RoundScored
from calculator.engine.game import advance, start
from calculator.engine.players.random_play import random_move
from calculator.engine.simulate import NAMES
from calculator.engine.state import GameState, Options, to_state
from calculator.modules import NAMES as MODULES
from calculator.modules import ruleset
from tests.helpers.api import placed, pointers, post, valid

MODULE_SETS = [
    frozenset(chosen) for size in range(len(MODULES) + 1) for chosen in combinations(MODULES, size)
]


def scores(client, body: dict[str, Any]) -> dict[str, Any]:
    return valid(post(client, "/v1/scores", body), "scores-response.json")


def table(client, body: dict[str, Any]) -> dict[str, Any]:
    return valid(post(client, "/v1/table", body), "table-report.json")


def codes(answer: dict[str, Any]) -> list[tuple[str, str]]:
    return [(warning["code"], warning["pointer"]) for warning in answer["warnings"]]


def counts_player(name: str, wall: int = 0, **counts: int) -> dict[str, Any]:
    return {"name": name, "counts": counts, "wall": wall}


# --- W1-W3: the longest wall n tiles can carry ---------------------------------------------


def arms(tiles: int) -> Alhambra:
    """The fountain with ``tiles`` tiles east, south, west, north of it, then on along the
    east arm, every side facing an empty cell walled: the longest wall :func:`most_wall`
    allows."""
    cells = [(1, 0), (0, 1), (-1, 0), (0, -1)][:tiles] + [(x, 0) for x in range(2, tiles - 2)]
    taken = {(0, 0), *cells}
    placed_tiles = []
    for x, y in cells:
        sides = "".join(side for side, (dx, dy) in OFFSET.items() if (x + dx, y + dy) not in taken)
        placed_tiles.append(((x, y), Tile(BUILDINGS[0], "".join(s for s in "NESW" if s in sides))))
    return Alhambra.of(placed_tiles)


@pytest.mark.parametrize("tiles", range(0, 12))
def test_w3_most_wall_is_reached_by_a_legal_alhambra(tiles):
    alhambra = arms(tiles)
    assert building.alhambra_violations(alhambra) == []
    assert walls.longest_wall(alhambra).length == most_wall(tiles)


def test_w3_most_wall_is_three_per_tile_up_to_four_then_two_plus_four():
    assert [most_wall(n) for n in range(8)] == [0, 3, 6, 9, 12, 14, 16, 18]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.sampled_from(CATALOG), min_size=1, max_size=20),
    st.randoms(),
    st.sampled_from(["region", "cell"]),
)
def test_w3_no_legal_alhambra_has_a_wall_longer_than_most_wall(tiles, rng, holes):
    """Grow an Alhambra by legal placements (B2-B6, either reading of B5) of catalog tiles at
    random cells."""
    alhambra = Alhambra.of([])
    for tile in tiles:
        options = building.legal_cells(alhambra, tile, holes)
        if options:
            alhambra = alhambra.placed(rng.choice(options), tile)
    built = sum(1 for _ in alhambra.buildings())
    assert walls.longest_wall(alhambra).length <= most_wall(built)


def test_w_wall_longer_than_tiles_can_carry_warns(client):
    """One tower and a wall of 40: one tile carries at most 3 segments (W1-W3)."""
    answer = scores(
        client,
        {
            "round": 1,
            "players": [counts_player("Anna", 40, tower=1), counts_player("Ben", 3, garden=1)],
        },
    )
    assert codes(answer) == [("wall-longer-than-tiles-carry", "/players/0/wall")]
    assert answer["warnings"][0]["message"] == (
        "a wall of 40 is longer than 1 building can carry: at most 3 segments (W1-W3)"
    )
    assert answer["players"][0]["points"] == 6 + 40  # M5: the round is scored all the same


def test_v4_with_worker_huts_a_wall_may_stand_on_three_huts_more(client):
    """In a game played with worker huts, one tower and 3 huts carry at most 12 segments."""
    body = {
        "round": 1,
        "modules": ["huts"],
        "players": [counts_player("Anna", 12, tower=1), counts_player("Ben", 3, garden=1)],
    }
    assert scores(client, body)["warnings"] == []
    body["players"][0]["wall"] = 13
    answer = scores(client, body)
    assert codes(answer) == [("wall-longer-than-tiles-carry", "/players/0/wall")]
    assert answer["warnings"][0]["message"] == (
        "a wall of 13 is longer than 1 building and at most 3 worker huts (V4) can carry: "
        "at most 12 segments (W1-W3)"
    )


def test_w1_wall_with_no_buildings_warns(client):
    """The issue's case: a wall of 5 for a player with no buildings at all."""
    answer = scores(
        client,
        {"round": 2, "players": [counts_player("Anna", 5), counts_player("Ben", 2, garden=2)]},
    )
    assert codes(answer) == [("wall-without-buildings", "/players/0/wall")]
    assert answer["warnings"][0]["message"] == (
        "a wall of 5 beside no building: walls stand on tiles (W1), and every building tile "
        "counts (M1)"
    )
    assert answer["players"][0]["points"] == 5


def test_v4_wall_with_no_buildings_beyond_what_huts_carry_warns(client):
    answer = scores(
        client,
        {
            "round": 2,
            "modules": ["huts"],
            "players": [counts_player("Anna", 10), counts_player("Ben", 2, garden=2)],
        },
    )
    assert codes(answer) == [("wall-longer-than-tiles-carry", "/players/0/wall")]
    assert answer["warnings"][0]["message"].startswith("a wall of 10 is longer than no building")


def test_v4_three_huts_and_no_building_carry_a_wall_of_9_without_a_warning(client):
    """Why, with worker huts, a wall without buildings is not doubted below 10: three huts
    around the fountain, each next to no building of its colour, count nothing (V4) and wall
    9 sides."""
    huts = [
        {"hut": "tower", "walls": "NES", "x": 1, "y": 0},
        {"hut": "garden", "walls": "ESW", "x": 0, "y": 1},
        {"hut": "pavilion", "walls": "NSW", "x": -1, "y": 0},
    ]
    described = scores(
        client,
        {
            "round": 1,
            "players": [{"name": "Anna", "alhambra": huts}, counts_player("Ben", 0, tower=1)],
        },
    )
    anna = described["players"][0]
    assert anna["legal"] and anna["wall"] == 9
    assert all(majority["count"] == 0 for majority in anna["majorities"].values())
    typed = scores(
        client,
        {
            "round": 1,
            "modules": ["huts"],
            "players": [counts_player("Anna", 9), counts_player("Ben", 0, tower=1)],
        },
    )
    assert typed["warnings"] == []


def test_w_a_wall_within_the_bound_and_a_described_alhambra_raise_nothing(client):
    answer = scores(
        client,
        {
            "round": 3,
            "players": [
                counts_player("Anna", 14, tower=3, garden=2),
                counts_player("Ben", 3, pavilion=1),
                {"name": "Cy", "alhambra": [placed(1, 0, "tower", "NES")]},
            ],
        },
    )
    assert answer["warnings"] == []


# --- D2: the dummy's tiles by the round; D1: his table ---------------------------------------


@pytest.mark.parametrize(("scoring_round", "held", "least"), [(1, 5, 6), (2, 11, 12), (3, 7, 12)])
def test_d2_dummy_fewer_tiles_than_dealt_warns(client, scoring_round, held, least):
    answer = scores(
        client,
        {
            "round": scoring_round,
            "players": [counts_player("Anna", 0, tower=2), counts_player("Ben", 0, garden=2)],
            "dummy": {"counts": {"chambers": min(held, 5), "arcades": held - min(held, 5)}},
        },
    )
    assert codes(answer) == [("dummy-fewer-tiles-than-dealt", "/dummy")]
    assert answer["warnings"][0]["message"] == (
        f"the dummy holds {held} tiles; by scoring round {scoring_round} he has been dealt "
        f"{least} (D2)"
    )


@pytest.mark.parametrize(("scoring_round", "held"), [(1, 6), (2, 12), (3, 12)])
def test_d2_dummy_holding_what_he_was_dealt_raises_nothing(client, scoring_round, held):
    tiles = [{"building": "chambers", "walls": ""}] * 5 + [{"building": "arcades", "walls": ""}] * (
        held - 5
    )
    answer = scores(
        client,
        {
            "round": scoring_round,
            "players": [counts_player("Anna", 0, tower=2), counts_player("Ben", 0, garden=2)],
            "dummy": {"tiles": tiles},
        },
    )
    assert answer["warnings"] == []


def test_d1_dummy_at_a_table_of_three_stays_an_error(client):
    problem = post(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [
                counts_player("Anna", 0, tower=1),
                counts_player("Ben"),
                counts_player("Cy"),
            ],
            "dummy": {"counts": {"tower": 6}},
        },
        status=422,
    )
    assert pointers(problem) == ["/dummy"]


def test_d2_dummy_short_at_a_described_table_warns(client):
    answer = table(
        client,
        {
            "players": [{"name": "Anna", "alhambra": []}, {"name": "Ben", "alhambra": []}],
            "dummy": {"tiles": [{"building": "tower", "walls": ""}] * 8},
            "round": 2,
        },
    )
    assert codes(answer) == [("dummy-fewer-tiles-than-dealt", "/dummy")]


# --- C2, D1: a table of one ------------------------------------------------------------------


def test_c2_one_player_table_warns(client):
    answer = scores(client, {"round": 1, "players": [counts_player("Anna", 2, tower=1)]})
    assert codes(answer) == [("one-player-table", "/players")]
    assert "(C2)" in answer["warnings"][0]["message"]
    assert answer["players"][0]["points"] == 6 + 2


def test_c2_one_player_described_table_warns(client):
    answer = table(client, {"players": [{"name": "Anna", "alhambra": []}]})
    assert codes(answer) == [("one-player-table", "/players")]


# --- T9: the third scoring round comes with an empty bag -------------------------------------


def whole_table(market: int) -> dict[str, Any]:
    """Round 3 at a table of two holding every tile in their reserves (T5 allows it) but the
    last ``market`` tiles of the catalog, which lie in the market."""
    tiles = [dump_tile(tile) for tile in CATALOG]
    anna, ben, slots = tiles[:27], tiles[27 : len(tiles) - market], tiles[len(tiles) - market :]
    return {
        "players": [
            {"name": "Anna", "alhambra": [], "reserve": anna},
            {"name": "Ben", "alhambra": [], "reserve": ben},
        ],
        "market": [{"slot": slot, "tile": tile} for slot, tile in enumerate(slots, start=1)],
        "round": 3,
    }


def test_t9_round_3_table_holding_every_tile_raises_nothing(client):
    assert table(client, whole_table(market=3))["warnings"] == []


def test_t9_round_3_table_missing_tiles_warns(client):
    body = whole_table(market=2)
    del body["players"][1]["reserve"][:5]
    answer = table(client, body)
    assert codes(answer) == [("tiles-missing-at-game-end", "/round")]
    assert answer["warnings"][0]["message"].endswith("this table shows 49")


def test_t9_round_3_full_market_warns(client):
    answer = table(client, whole_table(market=4))
    assert codes(answer) == [("full-market-at-game-end", "/market")]


def test_t9_tiles_are_only_counted_at_the_third_round(client):
    body = whole_table(market=4)
    del body["players"][1]["reserve"][:5]
    body["round"] = 2
    assert table(client, body)["warnings"] == []


# --- the contract: every code documented, always present -------------------------------------

BIG_BOX_BEYOND_TILES: dict[str, Any] = {
    "round": 3,
    "modules": ["invaders", "camps", "bazaars", "art_of_the_moors"],
    "attack": "N",
    "players": [
        {
            "name": "A",
            "counts": {"tower": 1},
            "exposed": {"facing": 30},
            "camp_points": 9,
            "bazaar_points": 9,
            "culture_points": 400,
        },
        {"name": "B", "counts": {"tower": 1}, "culture_points": 20},
    ],
}
"""Each Big Box warning once (``tests/api/test_big_box_scores.py`` has each one's case)."""


def test_every_warning_code_is_documented_and_none_is_left_unused(client):
    documented = set(schema_documents()["warning.json"]["properties"]["code"]["enum"])
    seen = {
        code
        for answer in (
            scores(client, {"round": 1, "players": [counts_player("Anna", 40, tower=1)]}),
            scores(client, {"round": 1, "players": [counts_player("A", 5), counts_player("B")]}),
            scores(
                client,
                {
                    "round": 2,
                    "players": [counts_player("A"), counts_player("B")],
                    "dummy": {"counts": {"tower": 1}},
                },
            ),
            table(client, {**whole_table(market=4), "players": [{"name": "Anna", "alhambra": []}]}),
            scores(client, BIG_BOX_BEYOND_TILES),
        )
        for code, _ in codes(answer)
    }
    assert seen == documented


def test_warnings_are_always_given_on_both_endpoints(client):
    assert (
        scores(
            client,
            {"round": 1, "players": [counts_player("Anna", 3, tower=1), counts_player("Ben")]},
        )["warnings"]
        == []
    )
    assert (
        table(
            client, {"players": [{"name": "Anna", "alhambra": []}, {"name": "Ben", "alhambra": []}]}
        )["warnings"]
        == []
    )


# --- no warning on any position a game reaches -----------------------------------------------


def typed_round(event: RoundScored, state: GameState) -> dict[str, Any]:
    """The round as a referee types it: per player the buildings and the wall, the dummy's
    buildings as he held them when the round was scored. A player's counts are the building
    tiles alone (M1 without what huts and bonus cards add, V3, V4): the fewest a real player
    can type, so the bound on the wall is at its tightest."""
    players = [
        {
            "name": player.name,
            "wall": score.wall,
            "counts": {
                b.value: count
                for b, count in building_counts(player.alhambra.tiles.values()).items()
            },
        }
        for player, score in zip(state.players, event.result.players, strict=True)
    ]
    body: dict[str, Any] = {
        "round": event.round,
        "players": players,
        "modules": sorted(state.options.modules),
    }
    if event.result.dummy is not None:
        body["dummy"] = {
            "counts": {b.value: event.result.dummy.majorities[b].count for b in BUILDINGS}
        }
    return body


def described_round(state: GameState, scoring_round: int) -> dict[str, Any]:
    """The round as the Alhambras lie, with the face-up bonus cards (V3)."""
    document = dump_state(state)
    return {
        "round": scoring_round,
        "players": [
            {
                "name": player["name"],
                "alhambra": player["alhambra"],
                **({"bonus_cards": player["bonus_cards"]} if player.get("bonus_cards") else {}),
            }
            for player in document["players"]
        ],
    }


def described_table(state: GameState, scoring_round: int) -> dict[str, Any]:
    """The whole table as it lies: Alhambras, reserves, hands, market, face-up money, dummy."""
    document = dump_state(state)
    keep = ("name", "alhambra", "reserve", "hand", "score", "bonus_cards")
    body: dict[str, Any] = {
        "players": [
            {key: player[key] for key in keep if key in player} for player in document["players"]
        ],
        "market": [{"slot": slot["slot"], "tile": slot["tile"]} for slot in document["market"]],
        "face_up": document["money"]["face_up"],
        "round": scoring_round,
    }
    if document["dummy"] is not None:
        body["dummy"] = document["dummy"]
    return body


def rounds_of_a_random_game(players: int, seed: int, modules: frozenset[str]):
    """Each scoring round of a seeded random game, as typed, described and as a whole table.

    The Alhambras are those of the state after the action that scored the round (nothing
    is built after a scoring round within one action); the dummy may have drawn since, and
    only gains."""
    rng = random.Random(f"plausible/{seed}")
    game = start(list(NAMES[:players]), seed=seed, options=Options(rules=ruleset(modules)))
    while not game.over:
        move = random_move(game, rng)
        for event in advance(game, move[0].record(game, move)):
            if isinstance(event, RoundScored):
                state = to_state(game)
                yield (
                    typed_round(event, state),
                    described_round(state, event.round),
                    described_table(state, event.round),
                )


def no_warning(service_answer: dict[str, Any], body: dict[str, Any]) -> None:
    assert service_answer["warnings"] == [], (service_answer["warnings"], body)


@pytest.mark.slow
@pytest.mark.parametrize("modules", MODULE_SETS, ids=lambda m: "+".join(sorted(m)) or "base")
@pytest.mark.parametrize("players", [2, 3, 5])
def test_no_warning_fires_on_any_scoring_round_of_a_random_game(client, modules, players):
    """Every module combination (V1-V4): each round through the HTTP API, schema checked."""
    scored = 0
    for typed, described, whole in rounds_of_a_random_game(players, 2026 + players, modules):
        assert scores(client, typed)["warnings"] == [], typed
        assert scores(client, described)["warnings"] == []
        assert table(client, whole)["warnings"] == []
        scored += 1
    assert scored == 3  # T8, T9: rounds 1, 2 and 3


@pytest.mark.slow
def test_no_warning_fires_over_a_sweep_of_random_games():
    """Many seeded games, every table size and module combination, through the service."""
    sweep = random.Random("plausibility sweep")
    for _ in range(400):
        players, seed = sweep.randint(2, 6), sweep.randrange(2**31)
        modules = sweep.choice(MODULE_SETS)
        for typed, described, whole in rounds_of_a_random_game(players, seed, modules):
            no_warning(service.scores(typed), typed)
            no_warning(service.scores(described), described)
            no_warning(table_report(whole), whole)
