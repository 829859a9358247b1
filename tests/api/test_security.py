"""The HTTP envelope: request ids, security headers, CORS, no debug and no stack traces."""

from __future__ import annotations

import json
import logging

import pytest
from flask import Flask
from jsonschema import Draft202012Validator

from calculator import create_app
from calculator.api.contract import schema_documents
from calculator.web.security import (
    API_CONTENT_SECURITY_POLICY,
    HTML_CONTENT_SECURITY_POLICY,
    RequestIdFilter,
    cors_origins,
)

COMPANION = "https://companion.example"
EVIL = "https://evil.example"


def problem_validator() -> Draft202012Validator:
    return Draft202012Validator(schema_documents()["problem.json"])


def with_test_routes(app: Flask) -> Flask:
    """Routes that exist only here: an HTML page and a view with a bug in it."""

    @app.get("/test-page")
    def page() -> str:
        return "<!doctype html><title>t</title>"

    @app.get("/test-bug")
    def bug() -> str:
        raise ZeroDivisionError("secret internals: /srv/app/calculator/core/walls.py line 42")

    return app


# --- request ids -------------------------------------------------------------------------------


def test_a_request_id_is_generated_and_echoed(client):
    response = client.get("/livez")
    rid = response.headers["X-Request-Id"]
    assert len(rid) == 32 and all(c in "0123456789abcdef" for c in rid)
    assert client.get("/livez").headers["X-Request-Id"] != rid


@pytest.mark.parametrize(
    "incoming", ["3f2a9c0d1e8b4a7f9c2d1e0f3a4b5c6d", "01HZX3Q9V6J8K2M4N5P7R8S9T0", "req-42.lb:7"]
)
def test_a_sane_incoming_request_id_is_kept(client, incoming):
    response = client.get("/livez", headers={"X-Request-Id": incoming})
    assert response.headers["X-Request-Id"] == incoming


@pytest.mark.parametrize(
    "incoming", ["", "has space", 'quote"', "x" * 129, "semi;colon", "new\tline", "émoji"]
)
def test_an_insane_incoming_request_id_is_replaced(client, incoming):
    response = client.get("/livez", headers={"X-Request-Id": incoming.encode().decode("latin-1")})
    rid = response.headers["X-Request-Id"]
    assert rid != incoming and len(rid) == 32


def test_every_problem_carries_the_request_id(client):
    response = client.get("/no/such/page", headers={"X-Request-Id": "trace-me-1"})
    body = response.get_json()
    assert response.status_code == 404
    assert body["request_id"] == "trace-me-1" == response.headers["X-Request-Id"]
    assert not list(problem_validator().iter_errors(body))


def test_405_problem_has_request_id_and_allow(client):
    response = client.post("/livez", headers={"X-Request-Id": "m-1"})
    assert response.status_code == 405
    assert response.get_json()["request_id"] == "m-1"
    assert "GET" in response.headers["Allow"]


def test_log_records_carry_the_request_id(app):
    record = logging.LogRecord("calculator", logging.INFO, __file__, 1, "m", None, None)
    assert RequestIdFilter().filter(record) and record.request_id == "-"  # outside a request
    with app.test_request_context(headers={"X-Request-Id": "log-7"}):
        RequestIdFilter().filter(record)
    assert record.request_id == "log-7"


# --- no debug, no stack traces -----------------------------------------------------------------


def test_the_app_is_not_in_debug_mode():
    assert create_app().debug is False


@pytest.mark.parametrize("testing", [True, False])
def test_a_bug_is_a_500_problem_without_internals(testing, caplog):
    app = with_test_routes(create_app({"TESTING": testing}))
    with caplog.at_level(logging.ERROR):
        response = app.test_client().get("/test-bug", headers={"X-Request-Id": "bug-1"})
    assert response.status_code == 500
    assert response.mimetype == "application/problem+json"
    text = response.get_data(as_text=True)
    assert "Traceback" not in text and "secret internals" not in text and "walls.py" not in text
    body = json.loads(text)
    assert body["request_id"] == "bug-1"
    assert not list(problem_validator().iter_errors(body))
    # ...while the log has the whole story for whoever holds the request id.
    assert any(r.exc_info and "secret internals" in str(r.exc_info[1]) for r in caplog.records)


# --- security headers --------------------------------------------------------------------------


def test_html_gets_a_strict_content_security_policy():
    response = with_test_routes(create_app()).test_client().get("/test-page")
    csp = response.headers["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert csp == HTML_CONTENT_SECURITY_POLICY
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "camera=()" in response.headers["Permissions-Policy"]


@pytest.mark.parametrize("path", ["/livez", "/no/such/thing"])
def test_api_responses_get_nosniff_and_a_deny_all_policy(client, path):
    response = client.get(path)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Content-Security-Policy"] == API_CONTENT_SECURITY_POLICY
    assert "default-src 'none'" in API_CONTENT_SECURITY_POLICY


# --- CORS --------------------------------------------------------------------------------------


def cors_client(origins):
    app = create_app({"CORS_ORIGINS": origins})

    @app.post("/v1/test-echo")
    def echo() -> dict[str, str]:
        return {"ok": "yes"}

    return app.test_client()


def preflight(client, origin, path="/v1/test-echo"):
    return client.options(
        path,
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )


def test_cors_is_off_by_default(client):
    app = create_app()
    assert app.config["CORS_ORIGINS"] == []
    response = client.get("/livez", headers={"Origin": COMPANION})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_is_off_by_default_for_v1_preflights():
    client = cors_client([])
    response = preflight(client, COMPANION)
    assert "Access-Control-Allow-Origin" not in response.headers


def test_an_allowed_origin_passes_preflight():
    client = cors_client([COMPANION])
    response = preflight(client, COMPANION)
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == COMPANION
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    assert "content-type" in response.headers["Access-Control-Allow-Headers"].lower()
    assert "Origin" in response.headers["Vary"]
    assert "Access-Control-Allow-Credentials" not in response.headers


def test_an_allowed_origin_sees_the_response_and_the_request_id():
    client = cors_client([COMPANION])
    response = client.post("/v1/test-echo", json={}, headers={"Origin": COMPANION})
    assert response.headers["Access-Control-Allow-Origin"] == COMPANION
    assert "X-Request-Id" in response.headers["Access-Control-Expose-Headers"]
    assert "Origin" in response.headers["Vary"]


@pytest.mark.parametrize(
    "origin",
    ["https://evil.example", "https://companion.example.evil", "http://companion.example", "null"],
)
def test_other_origins_get_no_cors_headers(origin):
    client = cors_client([COMPANION])
    assert "Access-Control-Allow-Origin" not in preflight(client, origin).headers
    response = client.post("/v1/test-echo", json={}, headers={"Origin": origin})
    assert "Access-Control-Allow-Origin" not in response.headers
    assert "Origin" in response.headers["Vary"]  # caches must not reuse it for the allowed origin


@pytest.mark.parametrize("path", ["/livez", "/", "/docs", "/static/docs/docs.js"])
def test_cors_applies_to_the_api_and_the_contract_only(path):
    client = cors_client([COMPANION])
    with client.get(path, headers={"Origin": COMPANION}) as response:
        assert "Access-Control-Allow-Origin" not in response.headers


CONTRACT_DOCUMENTS = ["/openapi.yaml", "/openapi.json", "/schemas/tile.json"]


@pytest.mark.parametrize("path", CONTRACT_DOCUMENTS)
def test_a_companion_tool_on_an_allowed_origin_may_fetch_the_contract(path):
    client = cors_client([COMPANION])
    response = client.get(path, headers={"Origin": COMPANION})
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == COMPANION
    assert "Origin" in response.headers["Vary"]
    assert "Access-Control-Allow-Origin" not in client.get(path, headers={"Origin": EVIL}).headers


@pytest.mark.parametrize("path", CONTRACT_DOCUMENTS)
def test_the_contract_gets_no_cors_headers_by_default(path):
    response = cors_client([]).get(path, headers={"Origin": COMPANION})
    assert response.status_code == 200
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_errors_are_readable_by_the_companion_app():
    client = cors_client([COMPANION])
    response = client.get("/v1/test-echo", headers={"Origin": COMPANION})
    assert response.status_code == 405
    assert response.headers["Access-Control-Allow-Origin"] == COMPANION


def test_cors_origins_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("ALHAMBRA_CORS_ORIGINS", "https://a.example, https://b.example:8443/")
    app = create_app()
    assert app.config["CORS_ORIGINS"] == ["https://a.example", "https://b.example:8443"]


@pytest.mark.parametrize(
    "bad",
    [
        "*",
        "https://*.example",
        "companion.example",
        "https://companion.example/path",
        "ftp://x.example",
    ],
)
def test_a_bad_cors_origin_stops_start_up(bad):
    with pytest.raises(ValueError, match="CORS_ORIGINS"):
        cors_origins([COMPANION, bad])
    with pytest.raises(ValueError, match="CORS_ORIGINS"):
        create_app({"CORS_ORIGINS": bad})
