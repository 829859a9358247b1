"""POST /v1/scores takes one path, Flask's app with its hooks and error handlers, whatever the
spelling of its JSON media type: ``application/json`` and ``application/json; charset=utf-8``
(Android's usual client) get the same status, headers and body, for scores (M1-M5, W4),
warnings, refusals (400, 413, 422), CORS and an unexpected error (500)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from werkzeug.test import Client, TestResponse

from calculator import create_app
from calculator.api import responses, service
from calculator.api.json_text import to_json
from calculator.web import security
from tests.helpers.api import placed

CONTENT_TYPES = ("application/json", "application/json; charset=utf-8")

TABLE = {
    "round": 3,
    "players": [
        {"name": "Ana", "alhambra": [placed(1, 0, "tower", "NE"), placed(0, 1, "garden", "SW")]},
        {"name": "Ben", "alhambra": [placed(-1, 0, "pavilion", "NEW", price=2)]},
        {"name": "Cy", "counts": {"tower": 3}, "wall": 4},
    ],
}


def both_ways(app: Flask, body: bytes | str, **headers: str) -> tuple[TestResponse, TestResponse]:
    """The same request sent as ``application/json`` and as ``application/json;
    charset=utf-8``."""
    client = Client(app)
    return tuple(  # type: ignore[return-value]
        client.post("/v1/scores", data=body, content_type=content_type, headers=headers)
        for content_type in CONTENT_TYPES
    )


def same_answer(plain: TestResponse, charset: TestResponse) -> None:
    """Equal but for a request id each made up (none was sent): a fresh one per request."""
    assert plain.status == charset.status
    assert [name for name, _ in plain.headers] == [name for name, _ in charset.headers]
    fresh = {plain.headers["X-Request-Id"]: "id", charset.headers["X-Request-Id"]: "id"}
    assert _without(plain, fresh) == _without(charset, fresh)


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
    plain, charset = both_ways(app, json.dumps(TABLE))
    same_answer(plain, charset)
    assert plain.status_code == 200
    assert [player["name"] for player in plain.get_json()["players"]] == ["Ana", "Ben", "Cy"]


@pytest.mark.parametrize(
    "body",
    [
        {
            "round": 1,
            "players": [{"name": "Ana", "alhambra": [placed(-1, 0, "pavilion", "NEW", price=2)]}],
        },
        {
            "round": 2,
            "players": [
                {"name": "Ana", "counts": {"tower": 1}, "wall": 40},
                {"name": "Ben", "counts": {}},
            ],
            "dummy": {"counts": {"tower": 3}},
        },
    ],
    ids=["one player, the clean shape", "a wall and a dummy beyond belief"],
)
def test_warnings_are_the_same_answer(app, body):
    """C2, W1-W3, D2: the warnings of one path, whatever the media type's spelling."""
    plain, charset = both_ways(app, json.dumps(body))
    same_answer(plain, charset)
    assert plain.status_code == 200 and plain.get_json()["warnings"]


@pytest.mark.parametrize("content_type", CONTENT_TYPES)
def test_the_flask_view_answers_every_scores_request(app, content_type):
    answered = []
    view = app.view_functions["v1.scores"]

    def watched() -> Any:
        answered.append(content_type)
        return view()

    app.view_functions["v1.scores"] = watched
    response = Client(app).post("/v1/scores", data=json.dumps(TABLE), content_type=content_type)
    assert response.status_code == 200 and answered == [content_type]
    assert response.get_json() == json.loads(to_json(service.scores(TABLE)))  # its words said


def test_a_sane_request_id_is_kept_both_ways(app):
    plain, charset = both_ways(app, json.dumps(TABLE), **{"X-Request-Id": "abc-123"})
    assert plain.headers["X-Request-Id"] == charset.headers["X-Request-Id"] == "abc-123"
    same_answer(plain, charset)


def test_log_lines_of_a_scores_request_carry_its_id(app, monkeypatch):
    seen = []
    round_score = responses.round_score

    def watched(*args: Any) -> dict[str, Any]:
        seen.append(security.request_id())  # what RequestIdFilter stamps on a log record
        return round_score(*args)

    monkeypatch.setattr(responses, "round_score", watched)
    response = Client(app).post("/v1/scores", json=TABLE, headers={"X-Request-Id": "log-1"})
    assert response.status_code == 200
    assert seen == ["log-1"]
    assert security.request_id() == "-"  # and no longer once it is answered


def test_an_insane_request_id_is_replaced_both_ways(app):
    plain, charset = both_ways(app, json.dumps(TABLE), **{"X-Request-Id": "a b"})
    assert "a b" not in (plain.headers["X-Request-Id"], charset.headers["X-Request-Id"])
    same_answer(plain, charset)


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({"round": 4, "players": []}, id="422-contract"),
        pytest.param(
            {**TABLE, "players": [TABLE["players"][0], TABLE["players"][0]]}, id="422-names-unique"
        ),
        pytest.param(
            {"round": 1, "players": [{"name": "A", "alhambra": [placed(0, 0)]}]},
            id="422-b6-fountain-cell",
        ),
        pytest.param(
            {
                "round": 1,
                "players": [{"name": "A", "alhambra": [placed(1, 0, "tower", "", price=13)]}],
            },
            id="422-c1-catalog",
        ),
        pytest.param(
            {
                "round": 1,
                "players": [{"name": "A", "counts": {"tower": 1}}],
                "dummy": {"tiles": [{"building": "pavilion", "walls": "NES", "price": 12}]},
            },
            id="422-d1-dummy-and-c1-its-tile",
        ),
    ],
)
def test_a_refused_table_is_the_same_problem(app, body):
    plain, charset = both_ways(app, json.dumps(body))
    same_answer(plain, charset)
    assert plain.status_code == 422
    assert plain.mimetype == "application/problem+json"
    assert plain.get_json()["errors"]


@pytest.mark.parametrize(
    "body",
    [
        pytest.param(b'{"round": 1, "round": 2}', id="duplicate-key"),
        pytest.param(b'{"round": NaN}', id="nan"),
        pytest.param(b'{"name": "\\ud800"}', id="lone-surrogate"),
        pytest.param(b"\xff", id="not-utf-8"),
        pytest.param(b"", id="empty"),
    ],
)
def test_a_malformed_body_is_the_same_problem(app, body):
    plain, charset = both_ways(app, body)
    same_answer(plain, charset)
    assert plain.status_code == 400


def test_the_charset_may_be_spelled_in_any_case_the_same_answer(app):
    plain, _ = both_ways(app, json.dumps(TABLE))
    for spelling in ("application/json; charset=UTF-8", "application/json;charset=utf8"):
        spelled = Client(app).post("/v1/scores", data=json.dumps(TABLE), content_type=spelling)
        same_answer(plain, spelled)


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "application/vnd.table+json",  # a +json type says more than JSON: not ours
        "application/merge-patch+json",
        "application/json; charset=latin-1",  # JSON between systems is UTF-8 (RFC 8259)
    ],
)
def test_another_media_type_is_a_415_problem(app, content_type):
    response = Client(app).post("/v1/scores", data=json.dumps(TABLE), content_type=content_type)
    assert response.status_code == 415
    assert response.mimetype == "application/problem+json"


def test_a_body_over_the_limit_is_the_same_413():
    app = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 100})
    plain, charset = both_ways(app, json.dumps(TABLE))
    same_answer(plain, charset)
    assert plain.status_code == 413


def test_with_cors_on_both_answers_carry_its_headers():
    app = create_app({"TESTING": True, "CORS_ORIGINS": "https://companion.example"})
    plain, charset = both_ways(app, json.dumps(TABLE), Origin="https://companion.example")
    same_answer(plain, charset)
    assert plain.headers["Access-Control-Allow-Origin"] == "https://companion.example"


def test_an_unexpected_error_is_a_500_problem(app, monkeypatch):
    def broken(*args: Any) -> dict[str, Any]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(responses, "round_score", broken)  # service.scores fails
    app.config["PROPAGATE_EXCEPTIONS"] = False
    plain, charset = both_ways(app, json.dumps(TABLE))
    same_answer(plain, charset)
    assert plain.status_code == 500
    assert plain.mimetype == "application/problem+json"
    assert "a bug" not in plain.get_data(as_text=True)
