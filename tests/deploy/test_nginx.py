"""deploy/nginx.conf in front of gunicorn, live: buffering shields the workers, limits and rate
limits answer as problem+json. Needs an nginx binary (apt-get install nginx-light); without
one these tests are skipped and tests/deploy/test_deploy.py still checks the file statically.

Socket timeouts are generous bounds that only catch hangs, never speed assertions.
"""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest
from jsonschema import Draft202012Validator

from bench.servers import NGINX, gunicorn, nginx, nginx_test_config
from calculator.api.contract import schema_documents

pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed")

HANG = 10.0
PROBLEM = Draft202012Validator(schema_documents()["problem.json"])


@pytest.fixture(scope="module")
def upstream():
    # One sync worker: any request that reached gunicorn unbuffered would block it.
    with gunicorn(workers=1) as running:
        yield running


@pytest.fixture
def proxy(upstream):
    with nginx(upstream.port) as running:  # a fresh nginx per test: fresh rate-limit counters
        yield running


def request(server, method, path, body=None, headers=None, chunked=False):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=HANG)
    try:
        connection.request(method, path, body=body, headers=headers or {}, encode_chunked=chunked)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def assert_problem(status, headers, body, expected):
    assert status == expected, body[:200]
    assert headers["Content-Type"].startswith("application/problem+json")
    document = json.loads(body)
    assert not list(PROBLEM.iter_errors(document))
    assert document["status"] == expected
    assert document["request_id"] == headers["X-Request-Id"]
    return document


def test_the_shipped_file_passes_nginx_t(tmp_path):
    config = tmp_path / "nginx.conf"
    config.write_text(nginx_test_config(8000, 8443, tmp_path))
    result = subprocess.run(
        [NGINX, "-t", "-p", str(tmp_path), "-c", str(config), "-e", "stderr"],
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert result.returncode == 0, result.stderr


def test_answers_pass_through_with_the_apps_headers_and_hsts(proxy):
    status, headers, body = request(proxy, "GET", "/livez", headers={"X-Request-Id": "edge-1"})
    assert status == 200 and json.loads(body) == {"status": "ok"}
    assert headers["X-Request-Id"] == "edge-1"  # the client's sane id reaches the app
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Strict-Transport-Security"].startswith("max-age=")
    assert headers["Server"] == "nginx"  # no version


def test_an_insane_request_id_is_replaced_by_nginx(proxy):
    status, headers, _ = request(proxy, "GET", "/livez", headers={"X-Request-Id": "a b"})
    assert status == 200 and len(headers["X-Request-Id"]) == 32


def test_an_oversized_body_is_413_problem_json(proxy):
    status, headers, body = request(
        proxy,
        "POST",
        "/v1/walls",
        body=b"[" * 300_000,
        headers={"Content-Type": "application/json"},
    )
    assert_problem(status, headers, body, 413)


def test_an_oversized_chunked_body_is_413_problem_json(proxy):
    def chunks():
        for _ in range(40):
            yield b"[" * 8192

    status, headers, body = request(
        proxy,
        "POST",
        "/v1/walls",
        body=chunks(),
        chunked=True,
        headers={"Content-Type": "application/json"},
    )
    assert_problem(status, headers, body, 413)


def test_a_long_url_is_414_problem_json(proxy):
    status, headers, body = request(proxy, "GET", "/" + "a" * 9000)
    assert_problem(status, headers, body, 414)


def test_a_huge_header_is_400_problem_json(proxy):
    status, headers, body = request(proxy, "GET", "/livez", headers={"X-Big": "b" * 9000})
    assert_problem(status, headers, body, 400)


def test_a_client_over_the_rate_is_429_problem_json_with_retry_after(proxy):
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: request(proxy, "GET", "/livez"), range(120)))
    statuses = [status for status, _, _ in answers]
    assert 200 in statuses and 429 in statuses
    status, headers, body = next(a for a in answers if a[0] == 429)
    assert_problem(status, headers, body, 429)
    assert headers["Retry-After"] == "1"


def test_slow_clients_do_not_reach_the_worker(proxy):
    """Slow uploads sit in nginx's buffers: the single gunicorn worker stays free."""
    slow = []
    try:
        for _ in range(5):
            s = socket.create_connection(("127.0.0.1", proxy.port), timeout=HANG)
            s.sendall(
                b"POST /v1/walls HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 1000\r\n\r\n["
            )  # and then nothing, for a while
            slow.append(s)
        status, _, body = request(proxy, "GET", "/livez")  # would wait behind them unbuffered
        assert status == 200 and json.loads(body) == {"status": "ok"}
    finally:
        for s in slow:
            s.close()


def test_slow_headers_do_not_reach_the_worker(proxy):
    slow = [socket.create_connection(("127.0.0.1", proxy.port), timeout=HANG) for _ in range(10)]
    try:
        for s in slow:
            s.sendall(b"GET /livez HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        status, _, _ = request(proxy, "GET", "/livez")
        assert status == 200
    finally:
        for s in slow:
            s.close()


def test_an_unreachable_app_is_503_problem_json(upstream):
    with gunicorn() as doomed:
        port = doomed.port
    with nginx(port) as proxy_to_nothing:  # the app is gone before nginx starts
        status, headers, body = request(proxy_to_nothing, "GET", "/v1/walls")
    assert_problem(status, headers, body, 503)
