"""POST /v1/scores answered past Flask's dispatch (``fast_path.py``) is the same answer Flask
gives: status, headers and body, for scores (M1-M5, W4), refusals (400, 422) and everything the
fast path leaves to Flask (415, 413, other paths, CORS, an unexpected error)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from werkzeug.test import Client, TestResponse

from calculator import create_app
from calculator.web import security, service, wire
from tests.api_helpers import placed

TABLE = {
    "round": 3,
    "players": [
        {"name": "Ana", "alhambra": [placed(1, 0, "tower", "NE"), placed(0, 1, "garden", "SW")]},
        {"name": "Ben", "alhambra": [placed(-1, 0, "pavilion", "NEW", price=2)]},
        {"name": "Cy", "counts": {"tower": 3}, "wall": 4},
    ],
}


def both_ways(app: Flask, body: bytes | str, content_type: str = "application/json",
              **headers: str) -> tuple[TestResponse, TestResponse]:
    """The same request through the app as served (fast path first) and through Flask alone."""
    fast, flask = Client(app), Client(app.wsgi_app.flask)  # type: ignore[attr-defined]
    return tuple(  # type: ignore[return-value]
        client.post("/v1/scores", data=body, content_type=content_type, headers=headers)
        for client in (fast, flask)
    )


def same_answer(fast: TestResponse, flask: TestResponse) -> None:
    """Equal but for a request id each made up (none was sent): a fresh one per request."""
    assert fast.status == flask.status
    assert [name for name, _ in fast.headers] == [name for name, _ in flask.headers]
    fresh = {fast.headers["X-Request-Id"]: "id", flask.headers["X-Request-Id"]: "id"}
    assert _without(fast, fresh) == _without(flask, fresh)


def _without(response: TestResponse, fresh: dict[str, str]) -> tuple[Any, ...]:
    headers = [(name, fresh.get(value, value)) for name, value in response.headers]
    body = response.get_data()
    for request_id in fresh:
        body = body.replace(request_id.encode(), b"id")
    return headers, body


@pytest.fixture
def app() -> Flask:
    return create_app({"TESTING": True})


def test_m5_w4_scores_of_a_table_are_the_same_answer(app):
    fast, flask = both_ways(app, json.dumps(TABLE))
    same_answer(fast, flask)
    assert fast.status_code == 200
    assert [player["name"] for player in fast.get_json()["players"]] == ["Ana", "Ben", "Cy"]


@pytest.mark.parametrize("body", [
    {"round": 1,
     "players": [{"name": "Ana", "alhambra": [placed(-1, 0, "pavilion", "NEW", price=2)]}]},
    {"round": 2,
     "players": [{"name": "Ana", "counts": {"tower": 1}, "wall": 40},
                 {"name": "Ben", "counts": {}}],
     "dummy": {"counts": {"tower": 3}}},
], ids=["one player, the clean shape", "a wall and a dummy beyond belief"])
def test_warnings_are_the_same_answer(app, body):
    """C2, W1-W3, D2: the warnings come from the one function both ways end in."""
    fast, flask = both_ways(app, json.dumps(body))
    same_answer(fast, flask)
    assert fast.status_code == 200 and fast.get_json()["warnings"]


def test_the_fast_path_answers_without_the_flask_view(app):
    def view() -> None:
        raise AssertionError("the Flask view was called")

    app.view_functions["v1.scores"] = view
    response = Client(app).post("/v1/scores", json=TABLE)
    assert response.status_code == 200
    assert response.get_json() == service.scores(TABLE)


def test_a_sane_request_id_is_kept_both_ways(app):
    fast, flask = both_ways(app, json.dumps(TABLE), **{"X-Request-Id": "abc-123"})
    assert fast.headers["X-Request-Id"] == flask.headers["X-Request-Id"] == "abc-123"
    same_answer(fast, flask)


def test_log_lines_of_a_fast_path_request_carry_its_id(app, monkeypatch):
    seen = []
    round_score = wire.round_score

    def watched(*args: Any) -> dict[str, Any]:
        seen.append(security.request_id())  # what RequestIdFilter stamps on a log record
        return round_score(*args)

    monkeypatch.setattr(wire, "round_score", watched)
    response = Client(app).post("/v1/scores", json=TABLE, headers={"X-Request-Id": "log-1"})
    assert response.status_code == 200
    assert seen == ["log-1"]
    assert security.request_id() == "-"  # and no longer once it is answered


def test_an_insane_request_id_is_replaced_both_ways(app):
    fast, flask = both_ways(app, json.dumps(TABLE), **{"X-Request-Id": "a b"})
    assert "a b" not in (fast.headers["X-Request-Id"], flask.headers["X-Request-Id"])
    same_answer(fast, flask)


@pytest.mark.parametrize("body", [
    pytest.param({"round": 4, "players": []}, id="422-contract"),
    pytest.param({**TABLE, "players": [TABLE["players"][0], TABLE["players"][0]]},
                 id="422-names-unique"),
    pytest.param({"round": 1, "players": [{"name": "A", "alhambra": [placed(0, 0)]}]},
                 id="422-b6-fountain-cell"),
    pytest.param({"round": 1, "players": [
        {"name": "A", "alhambra": [placed(1, 0, "tower", "", price=13)]}]}, id="422-c1-catalog"),
    pytest.param({"round": 1, "players": [{"name": "A", "counts": {"tower": 1}}],
                  "dummy": {"tiles": [{"building": "pavilion", "walls": "NES", "price": 12}]}},
                 id="422-d1-dummy-and-c1-its-tile"),
])
def test_a_refused_table_is_the_same_problem(app, body):
    fast, flask = both_ways(app, json.dumps(body))
    same_answer(fast, flask)
    assert fast.status_code == 422
    assert fast.mimetype == "application/problem+json"
    assert fast.get_json()["errors"]


@pytest.mark.parametrize("body", [
    pytest.param(b'{"round": 1, "round": 2}', id="duplicate-key"),
    pytest.param(b'{"round": NaN}', id="nan"),
    pytest.param(b'{"name": "\\ud800"}', id="lone-surrogate"),
    pytest.param(b"\xff", id="not-utf-8"),
    pytest.param(b"", id="empty"),
])
def test_a_malformed_body_is_the_same_problem(app, body):
    fast, flask = both_ways(app, body)
    same_answer(fast, flask)
    assert fast.status_code == 400


@pytest.mark.parametrize("content_type", ["text/plain", "application/json; charset=utf-8",
                                          "application/vnd.table+json"])
def test_other_media_types_are_flasks_to_answer(app, content_type):
    fast, flask = both_ways(app, json.dumps(TABLE), content_type=content_type)
    same_answer(fast, flask)


def test_a_body_over_the_limit_is_flasks_413():
    app = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 100})
    fast, flask = both_ways(app, json.dumps(TABLE))
    same_answer(fast, flask)
    assert fast.status_code == 413


def test_other_methods_and_paths_are_flasks_to_answer(app):
    fast, flask = (Client(wsgi) for wsgi in (app, app.wsgi_app.flask))  # type: ignore[attr-defined]
    for method, path in (("GET", "/v1/scores"), ("POST", "/v1/scores/"), ("POST", "/v1/walls")):
        same_answer(fast.open(path, method=method, json=TABLE),
                    flask.open(path, method=method, json=TABLE))


def test_with_cors_on_flask_answers_with_its_headers():
    app = create_app({"TESTING": True, "CORS_ORIGINS": "https://companion.example"})
    fast, flask = both_ways(app, json.dumps(TABLE), Origin="https://companion.example")
    same_answer(fast, flask)
    assert fast.headers["Access-Control-Allow-Origin"] == "https://companion.example"


def test_an_unexpected_error_is_flasks_500(app, monkeypatch):
    def broken(*args: Any) -> dict[str, Any]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(wire, "round_score", broken)  # service.scores fails on both ways
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = Client(app).post("/v1/scores", json=TABLE)
    assert response.status_code == 500
    assert response.mimetype == "application/problem+json"
    assert "a bug" not in response.get_data(as_text=True)
