"""The one-pass reader of a clean ``POST /v1/scores`` body (``clean_scores.py``) may be stricter
than the contract, never looser: whatever it accepts, the general path (strict JSON, the JSON
Schema, the loading checks C1, B6 and unique names) accepts too and loads into the same query;
whatever it leaves, the general path answers, so the answer never depends on which path read
the body. And it does read the common case (else it would only cost time)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from bench.tables import scores_table
from calculator import create_app
from calculator.web import clean_scores, wire
from calculator.web.body import parse_json
from calculator.web.clean_scores import clean_scores_query
from calculator.web.contract import request_contract, schema_documents
from calculator.web.errors import MalformedBody
from calculator.web.problems import InvalidDocument
from tests.api_helpers import placed, tile
from tests.test_api_fast_path import both_ways, same_answer

CONTRACT = request_contract("scores-request.json")


def raw(body: Any) -> bytes:
    return json.dumps(body).encode()


def general_query(data: bytes) -> wire.ScoresQuery | None:
    """The general path's reading: strict JSON, the JSON Schema, the loading checks; ``None``
    if any of them refuses the body."""
    try:
        document = parse_json(data)
    except MalformedBody:
        return None
    if not CONTRACT.is_valid(document):
        assert CONTRACT.problems(document)
        return None
    try:
        return wire.load_scores(document)
    except InvalidDocument:
        return None


SMALL = {
    "round": 2,
    "players": [
        {"name": "Ana", "alhambra": [placed(1, 0, "tower", "NE", price=9)]},
        {"name": "Ben", "alhambra": [placed(-1, 0, "pavilion", "NEW", price=2)],
         "bonus_cards": [tile("garden", "S", price=12)]},
    ],
    "rules": {"holes": "cell"},
}


# --- it reads the common case ---------------------------------------------------------------


@pytest.mark.parametrize("body", [
    SMALL,
    scores_table(),
    scores_table(players=2, size=40, seed=7),
    {"round": 1, "players": [{"name": "Solo: one ", "alhambra": []}]},
    {"round": 3, "players": [{"name": "Ana", "alhambra": [], "bonus_cards": []}], "rules": {}},
], ids=["small", "benchmark table", "two players, 40 tiles", "empty alhambra", "empty members"])
def test_m1_m5_a_clean_table_is_read_in_one_pass_into_the_general_paths_query(body):
    data = raw(body)
    query = clean_scores_query(data)
    assert query is not None
    assert query == general_query(data)


# --- it leaves everything else, and the general path answers the same -----------------------


def _set(body: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(body)
    node = changed
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return changed


TILE = ("players", 0, "alhambra", 0)
LEFT: dict[str, bytes] = {
    # the contract refuses these (422)
    "unknown member": raw(_set(SMALL, ("extra",), 1)),
    "unknown tile member": raw(_set(SMALL, (*TILE, "colour"), "red")),
    "round 4 (T8)": raw(_set(SMALL, ("round",), 4)),
    "round true": raw(_set(SMALL, ("round",), True)),
    "coordinate past the bound": raw(_set(SMALL, (*TILE, "x"), 61)),
    "price 14": raw(_set(SMALL, (*TILE, "price"), 14)),
    "walls out of order": raw(_set(SMALL, (*TILE, "walls"), "EN")),
    "walls with a newline": raw(_set(SMALL, (*TILE, "walls"), "N\n")),
    "name ending in a newline": raw(_set(SMALL, ("players", 0, "name"), "Ana\n")),
    "name with a control character": raw(_set(SMALL, ("players", 0, "name"), "A\u0007na")),
    "name of 41 characters": raw(_set(SMALL, ("players", 0, "name"), "x" * 41)),
    "empty name": raw(_set(SMALL, ("players", 0, "name"), "")),
    "seven players": raw({"round": 1, "players": [
        {"name": f"p{n}", "alhambra": []} for n in range(7)]}),
    "no players": raw({"round": 1, "players": []}),
    "an alhambra and a wall": raw(_set(SMALL, ("players", 0, "wall"), 0)),
    # the loading checks refuse these (422)
    "a priced tile not of the catalog (C1)": raw(_set(SMALL, (*TILE, "price"), 3)),
    "a tile on the fountain (B6)": raw(_set(SMALL, (*TILE, "x"), 0)),
    "two tiles on one cell (B6)": raw(_set(SMALL, ("players", 0, "alhambra"), [
        placed(1, 0, "tower", "NE", price=9), placed(1, 0, "pavilion", "NEW", price=2)])),
    "a name given twice": raw(_set(SMALL, ("players", 1, "name"), "Ana")),
    # the strict reader refuses these (400)
    "a key given twice": raw(SMALL).replace(b'"round": 2', b'"round": 2, "round": 3'),
    "NaN": raw(SMALL).replace(b'"round": 2', b'"round": NaN'),
    "a lone surrogate": raw(SMALL).replace(b'"Ana"', b'"\\ud800"'),
    "not UTF-8": raw(SMALL).replace(b'"Ana"', b'"\xff"'),
    "trailing text": raw(SMALL) + b" x",
    # other shapes the general path reads and answers (200)
    "a float coordinate": raw(_set(SMALL, (*TILE, "x"), 1.0)),
    "an escaped name": raw(SMALL).replace(b'"Ana"', b'"\\u0041na"'),
    "an unpriced tile": raw(_set(SMALL, TILE, placed(1, 0, "tower", "NE"))),
    "a worker hut (V4)": raw(_set(SMALL, ("players", 0, "alhambra"), [
        placed(1, 0, "tower", "NE", price=9), {"hut": "garden", "walls": "W", "x": 2, "y": 0}])),
    "counts": raw(_set(SMALL, ("players", 0), {"name": "Ana", "counts": {"tower": 2}})),
    "a dummy (D1)": raw(SMALL | {"dummy": {"counts": {"tower": 1}}}),
}


@pytest.mark.parametrize("case", list(LEFT))
def test_c1_b6_t8_anything_but_a_clean_common_body_is_left_to_the_general_path(case):
    data = LEFT[case]
    assert clean_scores_query(data) is None
    same_answer(*both_ways(create_app({"TESTING": True}), data))


def test_the_answer_read_in_one_pass_is_the_answer_flask_gives():
    for body in (SMALL, scores_table()):
        fast, flask = both_ways(create_app({"TESTING": True}), raw(body))
        assert fast.status_code == 200
        same_answer(fast, flask)


# --- the rules it reads from the contract agree with the contract's ----------------------------


def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(schema_documents()[name])


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=45) | st.sampled_from(["Ana\n", "\n", "a\r\nb", "\x7f", "é" * 40]))
def test_a_name_is_read_exactly_as_the_contract_says(name):
    accepted = True
    try:
        msgspec.convert(name, clean_scores.Name)
    except msgspec.ValidationError:
        accepted = False
    assert accepted == _validator("player-name.json").is_valid(name)


@settings(max_examples=200, deadline=None)
@given(st.integers(-100, 100) | st.booleans() | st.floats(-100, 100) | st.text(max_size=3))
def test_a_coordinate_and_a_price_are_read_no_looser_than_the_contract(value):
    for type_, schema in ((clean_scores.Coordinate, "coordinate.json"),
                          (clean_scores.Price, None)):
        try:
            msgspec.convert(value, type_, strict=True)
        except msgspec.ValidationError:
            continue
        validator = (_validator(schema) if schema else Draft202012Validator(
            schema_documents()["tile.json"]["properties"]["price"]))
        assert validator.is_valid(value)


# --- any change to a clean body: never looser ----------------------------------------------


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        return [path] + [p for key, value in node.items() for p in _leaves(value, (*path, key))]
    if isinstance(node, list):
        return [path] + [p for i, value in enumerate(node) for p in _leaves(value, (*path, i))]
    return [path]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-70, 70) | st.floats(allow_nan=False)
    | st.sampled_from(["", "N", "NESW", "garden", "tower", "cell", "Ana", "player 1"])
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["x", "y", "price", "walls", "building", "hut", "name", "counts"]),
        inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), value=JSON_VALUES, action=st.sampled_from(
    ["replace", "delete", "add", "duplicate key", "swap players' names"]))
def test_any_change_to_a_clean_body_is_read_no_looser_than_the_general_path(seed, value, action):
    rng = random.Random(seed)
    body = scores_table(players=rng.randint(1, 3), size=rng.randint(1, 6), seed=seed % 50)
    if rng.random() < 0.5:
        body["rules"] = {"holes": rng.choice(["region", "cell"])}
    path = rng.choice(_leaves(body)[1:])
    if action == "replace":
        body = _set(body, path, value)
    elif action == "delete":
        parent = body
        for part in path[:-1]:
            parent = parent[part]
        del parent[path[-1]]
    elif action == "add":
        body = _set(body, (*path[:-1], "extra") if isinstance(path[-1], str) else path, value)
    elif action == "swap players' names":
        body["players"][0]["name"] = body["players"][-1]["name"]
    data = raw(body)
    if action == "duplicate key":
        key = path[-1]
        assume(isinstance(key, str))
        data = data.replace(f'"{key}": '.encode(), f'"{key}": {json.dumps(value)}, "{key}": '
                            .encode(), 1)
    query = clean_scores_query(data)
    assert query is None or query == general_query(data)
