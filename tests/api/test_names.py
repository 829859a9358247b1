"""One rule for names: player names are unique in every request that takes them (docs/api.md,
"Limits"), scores, new games, described tables and every game state, with one wording and a
pointer to the name given again."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.api import legal, new_game, post, table


def refused_names(problem: dict[str, Any]) -> list[tuple[str, str]]:
    assert problem["type"] == "urn:alhambra:problem:invalid-request"
    return [(error["pointer"], error["message"]) for error in problem["errors"]]


def scores_says(client) -> str:
    """The refusal of /v1/scores when player 2 takes player 0's name "Anna"."""
    body = {"round": 1, "players": [{"name": n, "counts": {}} for n in ("Anna", "Ben", "Anna")]}
    [(where, message)] = refused_names(post(client, "/v1/scores", body, 422))
    assert where == "/players/2/name"
    return message


def test_the_scores_refusal_names_the_first_holder(client):
    assert scores_says(client) == "the name 'Anna' is taken by /players/0; names are unique"


def test_a_new_game_with_a_name_given_twice_is_refused_as_scores_are(client):
    body = {"players": ["Anna", "Ben", "Anna"], "seed": 1}
    problem = post(client, "/v1/games", body, 422)
    assert refused_names(problem) == [("/players/2", scores_says(client))]


def test_names_differing_in_case_are_two_names(client):
    post(client, "/v1/games", {"players": ["Anna", "anna"], "seed": 1})


def test_a_new_game_lists_a_taken_name_beside_its_other_problems(client):
    body = {"players": ["Anna", "Anna"], "start_player": 2}
    problem = post(client, "/v1/games", body, 422)
    assert [where for where, _ in refused_names(problem)] == ["/start_player", "/players/1"]


def test_a_described_table_with_a_name_given_twice_is_refused_as_scores_are(client):
    body = table()
    body["players"].append({**body["players"][1], "name": "Anna"})
    problem = post(client, "/v1/table", body, 422)
    assert refused_names(problem) == [("/players/2/name", scores_says(client))]


@pytest.mark.parametrize(
    "path, extra",
    [
        ("/v1/games/legal-actions", {}),
        ("/v1/games/advance", {"actions": []}),
        ("/v1/games/advice", {"level": "greedy"}),
        ("/v1/games/bot-turns", {"bots": {"1": "random"}}),
    ],
)
def test_a_game_state_with_a_name_given_twice_is_refused_as_scores_are(client, path, extra):
    state = new_game(client)
    state["players"][2]["name"] = "Anna"
    if path == "/v1/games/advance":
        extra = {"actions": [legal(client, new_game(client))["actions"][0]]}
    problem = post(client, path, {"state": state, **extra}, 422)
    assert refused_names(problem) == [("/state/players/2/name", scores_says(client))]
