"""Real servers for the long runs and the serving tests: gunicorn with gunicorn.conf.py, and nginx
with deploy/nginx.conf.

Both listen on ephemeral ports of 127.0.0.1 and are stopped when the ``with`` block ends.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT = 30.0  # seconds; a generous bound only to catch a server that never comes up


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def _wait_until(ready: callable, what: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}:\n{log.read_text()}")
        if ready():
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not start within {START_TIMEOUT} s:\n{log.read_text()}")


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/livez", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def _accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stop(process: subprocess.Popen[bytes], sig: int) -> None:
    if process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=START_TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def gunicorn(
    env: dict[str, str] | None = None,
    workers: int | None = 2,
    python: str = sys.executable,
    cwd: Path = ROOT,
) -> Iterator[Server]:
    """gunicorn as ``make serve`` runs it (the repository's gunicorn.conf.py), on a free port.

    ``workers=None`` leaves the number to gunicorn.conf.py (the CPU budget plus one).
    ``python`` and ``cwd`` choose the environment that serves the app and where it starts (an
    installed wheel's venv, outside the checkout).
    """
    with tempfile.TemporaryDirectory(prefix="gunicorn-") as scratch:
        log = Path(scratch) / "gunicorn.log"
        environment = {**os.environ, **(env or {})}
        environment.pop("WEB_CONCURRENCY", None)
        if workers is not None:
            environment["WEB_CONCURRENCY"] = str(workers)
        with log.open("wb") as out:
            process = subprocess.Popen(
                [
                    python,
                    "-m",
                    "gunicorn",
                    "--config",
                    str(ROOT / "gunicorn.conf.py"),
                    "--bind",
                    "127.0.0.1:0",
                    "calculator:create_app()",
                ],
                cwd=cwd,
                stdout=out,
                stderr=subprocess.STDOUT,
                env=environment,
            )
        try:
            found: list[str] = []

            def listening() -> bool:
                match = re.search(r"Listening at: (http://127\.0\.0\.1:\d+)", log.read_text())
                if match:
                    found.append(match.group(1))
                return bool(found) and _answers(found[-1])

            _wait_until(listening, "gunicorn", process, log)
            yield Server(found[-1], process, log)
        finally:
            _stop(process, signal.SIGTERM)


NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(p).exists()), None
)


def nginx_test_config(
    upstream_port: int, listen_port: int, scratch: Path, rate_limits: bool = True
) -> str:
    """deploy/nginx.conf with the DEPLOY values pointed at the test's ports and files.

    The TLS server becomes plain HTTP on ``listen_port`` (raw sockets can then play slow and
    hostile clients); everything else - buffering, limits, rate limits, problem pages - is
    the file as shipped. ``rate_limits=False`` lifts the per-client limits, for a load test
    whose every request comes from one address.
    """
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    replacements = [
        (r"pid /run/nginx\.pid;", f"pid {scratch}/nginx.pid;"),
        (r"server 127\.0\.0\.1:8000;", f"server 127.0.0.1:{upstream_port};"),
        (r"listen 443 ssl http2;", f"listen 127.0.0.1:{listen_port};"),
        (r"listen \[::\]:443 ssl http2;", ""),
        (r"listen 80;", f"listen 127.0.0.1:{free_port()};"),
        (r"listen \[::\]:80;", ""),
        (r"ssl_[a-z_]+ [^;]+;", ""),
        (
            r"http \{",
            "http {\n"
            + "\n".join(
                f"    {kind}_temp_path {scratch}/{kind};"
                for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
            ),
        ),
    ]
    if not rate_limits:
        replacements += [
            (r"rate=\d+r/s", "rate=1000000r/s"),
            (r"limit_conn per_client_conn \d+;", "limit_conn per_client_conn 60000;"),
        ]
    for pattern, replacement in replacements:
        text, count = re.subn(pattern, replacement, text)
        if not count:
            raise AssertionError(f"deploy/nginx.conf no longer has {pattern!r}")
    return text


@contextmanager
def nginx(upstream_port: int, rate_limits: bool = True) -> Iterator[Server]:
    """nginx with deploy/nginx.conf in front of ``upstream_port``."""
    assert NGINX, "nginx is not installed"
    with tempfile.TemporaryDirectory(prefix="nginx-") as scratch:
        os.chmod(scratch, 0o755)  # nginx workers drop to an unprivileged user when run as root
        port = free_port()
        config = Path(scratch) / "nginx.conf"
        config.write_text(nginx_test_config(upstream_port, port, Path(scratch), rate_limits))
        log = Path(scratch) / "nginx.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                [NGINX, "-p", scratch, "-c", str(config), "-e", "stderr", "-g", "daemon off;"],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_until(lambda: _accepts(port), "nginx", process, log)
            yield Server(url, process, log)
        finally:
            _stop(process, signal.SIGQUIT)  # graceful: finish what is in flight
