"""gunicorn with the repository's gunicorn.conf.py, over real sockets.

Socket timeouts here are generous bounds that only catch hangs, never speed assertions.
"""

from __future__ import annotations

import http.client
import json
import signal
import socket
import threading
import time

import pytest

from bench.servers import gunicorn

HANG = 10.0  # seconds: far beyond any answer; only a hang reaches it


@pytest.fixture(scope="module")
def server():
    with gunicorn() as running:
        yield running


def request(server, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=HANG)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def raw(server, data: bytes) -> bytes:
    """Send bytes as they are and read the answer until the server closes or goes quiet."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=HANG) as s:
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def test_the_access_log_names_each_request_by_its_id(server):
    status, headers, _ = request(server, "GET", "/livez", headers={"X-Request-Id": "soak-42"})
    assert status == 200 and headers["X-Request-Id"] == "soak-42"
    status, headers, _ = request(server, "GET", "/nowhere")
    generated = headers["X-Request-Id"]
    deadline = time.monotonic() + HANG
    while "request_id=" + generated not in server.log_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    log = server.log_text()
    assert '"GET /livez HTTP/1.1" 200' in log and "request_id=soak-42" in log
    assert '"GET /nowhere HTTP/1.1" 404' in log and "request_id=" + generated in log


def test_problems_over_the_wire_are_json_with_the_request_id(server):
    status, headers, body = request(server, "DELETE", "/livez", headers={"X-Request-Id": "w-1"})
    assert status == 405
    assert headers["Content-Type"] == "application/problem+json"
    assert json.loads(body)["request_id"] == "w-1"
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_recycling_workers_drop_no_request():
    """max_requests replaces workers under load without losing a request: the reason the
    workers are sync (gthread resets the connections a recycling worker has accepted)."""
    env = {"GUNICORN_MAX_REQUESTS": "25", "GUNICORN_MAX_REQUESTS_JITTER": "5"}
    failures: list[str] = []
    answered = []

    def client():
        for _ in range(60):
            try:
                status, _, _ = request(
                    running,
                    "POST",
                    "/v1/walls",
                    body=b'{"alhambra": []}',
                    headers={"Content-Type": "application/json"},
                )
                answered.append(status)
            except OSError as error:
                failures.append(repr(error))

    with gunicorn(env) as running:
        clients = [threading.Thread(target=client) for _ in range(4)]
        for thread in clients:
            thread.start()
        for thread in clients:
            thread.join()
        recycled = running.log_text().count("Autorestarting worker")
    assert recycled >= 5  # the test did what it says
    assert failures == [] and answered == [200] * 240


@pytest.mark.parametrize(
    ("attack", "refusal"),
    [
        (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", b"HTTP/1.1 400"),  # request line
        (
            b"GET /livez HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n",
            b"HTTP/1.1 431",
        ),  # one header
        (
            b"GET /livez HTTP/1.1\r\nHost: x\r\n"
            + b"".join(b"X-H%d: 1\r\n" % i for i in range(60))
            + b"\r\n",
            b"HTTP/1.1 431",
        ),  # 60 headers
        (b"GARBAGE\r\n\r\n", b"HTTP/1.1 400"),
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(64), b""),  # TLS hello: hang up
    ],
    ids=["request-line", "header-size", "header-count", "garbage", "tls-hello"],
)
def test_malformed_http_is_refused_by_gunicorn_and_the_worker_survives(server, attack, refusal):
    """gunicorn's own refusals (plain text; behind nginx, nginx refuses first as JSON)."""
    answer = raw(server, attack)
    assert answer.startswith(refusal) and (refusal or answer == b""), answer[:80]
    status, _, _ = request(server, "GET", "/livez")
    assert status == 200


def test_sigterm_shuts_down_gracefully():
    with gunicorn() as running:
        request(running, "GET", "/livez")
        running.process.send_signal(signal.SIGTERM)
        assert running.process.wait(timeout=HANG * 3) == 0
        log = running.log_text()
    assert "Handling signal: term" in log and "Shutting down: Master" in log


@pytest.mark.parametrize("chunked", [True, False], ids=["chunked", "declared"])
def test_a_body_a_little_over_the_limit_is_413_over_the_wire(server, chunked):
    """The client sends it all before it reads: the server reads the rest before it answers,
    or the close would reset the connection under the client's feet."""

    def chunks():
        yield b'{"alhambra": []'
        for _ in range(40):
            yield b" " * 8192  # valid JSON all along: only the size is wrong
        yield b"}"

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=HANG)
    try:
        connection.request(
            "POST",
            "/v1/walls",
            body=chunks() if chunked else b"".join(chunks()),
            encode_chunked=chunked,
            headers={"Content-Type": "application/json"},
        )
        response = connection.getresponse()
        assert response.status == 413
        assert response.getheader("Content-Type") == "application/problem+json"
        assert json.loads(response.read())["status"] == 413
    finally:
        connection.close()


def test_a_declared_length_over_the_limit_is_413_before_the_body_is_sent(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=HANG) as s:
        s.sendall(
            b"POST /v1/walls HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000000000\r\n\r\n{"
        )  # and no more: the answer comes anyway
        answer = s.recv(65536)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:80]
    assert b"application/problem+json" in answer
