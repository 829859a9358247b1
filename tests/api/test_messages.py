"""Every refusal speaks the game's language (docs/api.md, "Errors"): a 422 names the field as a
player would, says what is allowed and cites the rule where one applies; no validator's or
parser's own text ever reaches a client, and neither does a 400's or a 415's.

The sweep sends invalid bodies to every operation that takes one (from the served spec's
examples): bodies that are no object, empty ones, every member replaced by values of every
kind, an unknown member in every object, lists too long; and reads every message it gets.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bench.spec import JSON_BODY, Operation, at, body_operations, replaced
from tests.helpers.hostile import check_answer, distinct_pointers, objects, send

RAW = re.compile(
    "|".join(
        re.escape(phrase)
        for phrase in [
            # jsonschema's own wording (jsonschema/_keywords.py, validators.py)
            "is too short",
            "is too long",
            "should be non-empty",
            "is expected to be empty",
            "is not of type",
            "is less than the minimum",
            "is greater than the maximum",
            "or equal to the minimum",
            "or equal to the maximum",
            "is not a multiple of",
            "is not one of",
            "is a required property",
            "was expected",
            "does not match",
            "should not be valid under",
            "is not valid under any of the given schemas",
            "is valid under each of",
            "has non-unique elements",
            "is a dependency of",
            "Additional properties are not allowed",
            "Unevaluated properties are not allowed",
            "does not have enough properties",
            "has too many properties",
            "False schema does not allow",
            "is not a member of this object",
            # json's own wording (json/decoder.py)
            "Expecting",
            "Extra data",
            "Unterminated string",
            "Invalid control character",
            "Invalid \\",
            # a 415 without a Content-Type
            "no media type",
        ]
    )
)

OPERATIONS = body_operations()
KINDS: list[Any] = [None, True, "castle", "", -1, 1.5, 10**20, [], [{}], {}, {"colour": 1}]
"""A value of every JSON kind, and the bounds and forms a schema refuses."""
IN_A_STATE: list[Any] = [None, "castle", -1, 10**20, [], {"colour": 1}]
"""Fewer for the members of a game state, the largest body: each kind still comes up."""


def said(document: dict[str, Any] | None) -> list[str]:
    """Every text of a refusal a client reads: its detail and every problem's message."""
    assert document is not None
    return [document["detail"], *(error["message"] for error in document.get("errors", []))]


def raw_phrases(texts: list[str]) -> list[str]:
    return [text for text in texts if RAW.search(text)]


def invalid_bodies(operation: Operation) -> list[Any]:
    """The sweep's bodies for one operation. A game state is swept once, at legal-actions:
    the other game operations take the same state schema."""
    example = operation.example
    bodies: list[Any] = [[], "state", 1, None, {}]
    for where in distinct_pointers(example):
        if where.startswith("/state/") and not operation.path.endswith("/legal-actions"):
            continue
        kinds = IN_A_STATE if where.startswith("/state/") else KINDS
        bodies += [replaced(example, where, value) for value in kinds]
        value = at(example, where)
        if isinstance(value, list) and value:
            bodies.append(replaced(example, where, value * 200))
    for where in objects(example):
        if where.startswith("/state/") and not operation.path.endswith("/legal-actions"):
            continue
        member = {**at(example, where), "colour": "red"}
        bodies.append(replaced(example, where, member) if where else member)
    return bodies


@pytest.mark.slow
@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_no_refusal_of_an_invalid_body_quotes_the_validator(client, operation):
    texts: list[str] = []
    for body in invalid_bodies(operation):
        document = check_answer(operation, send(client, operation, body))
        if document is not None:
            texts += said(document)
    assert len(texts) > 20, operation.id  # the sweep was refused, and read
    assert raw_phrases(texts) == []


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_a_body_of_the_wrong_kinds_is_refused_in_words(client, operation):
    """The fast loop's share of the sweep: the body itself and its first member."""
    example = operation.example
    first = next(iter(example))
    texts: list[str] = []
    for body in [[], {}, *(replaced(example, "/" + first, value) for value in KINDS)]:
        document = check_answer(operation, send(client, operation, body))
        if document is not None:  # some values are valid there: [] is an empty Alhambra
            texts += said(document)
    assert len(texts) > 10 and raw_phrases(texts) == []


@pytest.mark.parametrize(
    "raw, says",
    [
        (b'{"round": 1,', "at line 1 column 13: it ends before its value does"),
        (b"", "the body is not valid JSON: it is empty"),
        (b"{round: 1}", "a member's name must be text in double quotes"),
        (b'{"round" 1}', "a member's name must be followed by ':'"),
        (b"[1 2]", "separated by ','"),
        (b"{} {}", "there is more after the JSON value"),
        (b'{"round": NaN}', "NaN is not a number JSON can hold"),
        (b'{"a": "\\q"}', "a backslash escape JSON does not have"),
        (b'{"a": "\x01"}', "a control character"),
    ],
)
def test_400_says_what_is_wrong_with_the_json(client, raw, says):
    response = client.post("/v1/scores", data=raw, content_type=JSON_BODY)
    assert response.status_code == 400
    detail = response.get_json()["detail"]
    assert says in detail and raw_phrases([detail]) == []


def test_415_without_a_content_type_says_so(client):
    response = client.post("/v1/scores", data=b"{}")
    assert response.status_code == 415
    assert response.get_json()["detail"] == (
        "send the body as application/json: the request has no Content-Type header"
    )


def test_415_names_the_media_type_sent(client):
    response = client.post("/v1/scores", data=b"{}", content_type="text/plain")
    assert response.get_json()["detail"] == "send the body as application/json, not text/plain"


SCORES = {"round": 1, "players": [{"name": "Anna", "counts": {}}, {"name": "Ben", "counts": {}}]}
NEW_GAME = {"players": ["Anna", "Ben"]}


@pytest.mark.parametrize(
    "path, body, where, message",
    [
        # required: the member, and what it is missing from
        ("/v1/scores", {"players": []}, "/round", "'round' is required in a scores request"),
        # an unknown member: the fields there are (issue 18's example)
        (
            "/v1/scores",
            {**SCORES, "players": [{"name": "Anna", "counts": {}, "colour": "red"}]},
            "/players/0/colour",
            "'colour' is not a field of a player; the fields are name, alhambra, gates, counts, "
            "bonus_cards, wall, chests, residents, exposed, camp_points, bazaar_points, "
            "culture_points, characters",
        ),
        # a list too short, with its own wording and rule (C2)
        (
            "/v1/games",
            {"players": ["Anna"]},
            "/players",
            "the players are a list of 2 to 6 names: a table has 2 to 6 players (C2)",
        ),
        # a list too long, worded from the schema
        (
            "/v1/walls",
            {"alhambra": [{"building": "tower", "walls": "", "x": 1, "y": 0}] * 81},
            "/alhambra",
            "the Alhambra must hold at most 80 tiles",
        ),
        # the wrong kind of value: what is allowed, and what was sent
        ("/v1/scores", [], "", "a scores request must be an object, not a list"),
        (
            "/v1/games",
            {**NEW_GAME, "seed": "1"},
            "/seed",
            "the seed must be a whole number, not text",
        ),
        # a bound, with what was sent
        (
            "/v1/games",
            {**NEW_GAME, "seed": -1},
            "/seed",
            "the seed must be from 0 to 9007199254740991, not -1",
        ),
        (
            "/v1/scores",
            {**SCORES, "round": 0},
            "/round",
            "the round is the scoring round: 1, 2 or 3 (T8)",
        ),
        # an enum: every value allowed
        (
            "/v1/placement/options",
            {"alhambra": [], "tile": {"building": "castle", "walls": ""}},
            "/tile/building",
            "the building must be one of pavilion, seraglio, arcades, chambers, garden, tower, "
            'not "castle"',
        ),
        (
            "/v1/games",
            {**NEW_GAME, "options": {"modules": ["vizier", "vizier"]}},
            "/options/modules",
            "the modules must not hold the same module twice",
        ),
        # a choice of kinds (oneOf) none of which fits
        (
            "/v1/placement/options",
            {"alhambra": [], "tile": []},
            "/tile",
            "the tile must be a tile, a hut, a camp or a bazaar, not a list",
        ),
        # a map's key and a map's entry
        (
            "/v1/games/bot-turns",
            {"state": {}, "bots": {"seat": "greedy"}},
            "/bots",
            "'seat' cannot be a key of the bots: a key is one of 0, 1, 2, 3, 4, 5",
        ),
        (
            "/v1/games/bot-turns",
            {"state": {}, "bots": {"1": "expert"}},
            "/bots/1",
            "the entry '1' of the bots must be one of random, greedy, mcts, not \"expert\"",
        ),
        # a rule cited where one applies
        (
            "/v1/games/advance",
            {"state": {}, "actions": [{"type": "buy", "player": 0, "slot": 5, "payment": []}]},
            "/actions/0/slot",
            "a market slot is 1 to 4 (C4)",
        ),
        (
            "/v1/games/advance",
            {"state": {}, "actions": [{"type": "pass", "player": 6}]},
            "/actions/0/player",
            "a seat is 0 to 5: a table has at most 6 players (C2)",
        ),
    ],
)
def test_a_422_names_the_field_and_says_what_is_allowed(client, path, body, where, message):
    response = client.post(path, json=body)
    assert response.status_code == 422, response.get_json()
    errors = response.get_json()["errors"]
    assert {"pointer": where, "message": message} in errors, errors
