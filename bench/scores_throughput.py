"""Throughput of ``POST /v1/scores`` against a parse-and-echo Flask endpoint, side by side.

The table: round 3, six players, each sending a whole legal Alhambra of 26 catalog tiles grown
by the rules core (``tables.py``). Both apps run under gunicorn with the same settings (2 sync
workers); ``wrk`` sends the same body to each, alternating, several rounds in one run, so the
noise of a shared machine falls on both. Prints every round, the medians and their ratio
(target: scores / echo >= 0.8).

    .venv/bin/python bench/scores_throughput.py [--rounds 5] [--seconds 8] [--connections 4]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from tables import scores_table  # noqa: E402

PORTS = {"scores": 8101, "echo": 8102}
"""The default ports (8101, 8102); ``--port`` moves both, e.g. when helpers bench side by side."""
APPS = {"scores": "calculator:create_app()", "echo": "echo_app:app"}
GUNICORN = ["--workers", "2", "--worker-class", "sync", "--log-level", "warning"]
"""The same settings for both apps; both start in bench/, so neither reads ../gunicorn.conf.py
(its access log would tax one of them)."""

WRK_SCRIPT = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = io.open("{body}", "rb")
wrk.body = file:read("*a")
file:close()
"""


@contextmanager
def serve(name: str) -> Iterator[str]:
    """One app under gunicorn on its port; stopped (by its own pid) on the way out."""
    target = APPS[name]
    port = PORTS[name]
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            raise SystemExit(f"port {port} is taken; stop whatever listens there first")
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    process = subprocess.Popen(
        [gunicorn, *GUNICORN, "--bind", f"127.0.0.1:{port}", target],
        cwd=BENCH,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url, process)
        yield url
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)


def _wait_until_up(url: str, process: subprocess.Popen[bytes]) -> None:
    for _ in range(200):
        if process.poll() is not None:
            raise SystemExit(f"gunicorn for {url} exited with {process.returncode}")
        try:
            urllib.request.urlopen(url + "/", timeout=1)
        except urllib.error.HTTPError:
            return  # any HTTP answer (404 here) means the workers are up
        except OSError:
            time.sleep(0.05)
        else:
            return
    raise SystemExit(f"{url} did not come up")


def check_answer(url: str, body: bytes) -> int:
    """The body is a valid request and gets a 200 from both apps; returns the response size."""
    request = urllib.request.Request(
        url + "/v1/scores", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        if response.status != 200:
            raise SystemExit(f"{url}: status {response.status}")
        return len(response.read())


def wrk(url: str, script: Path, seconds: int, connections: int) -> float:
    """Requests per second; refuses a run with any non-2xx answer or socket error."""
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "-s", str(script), url + "/v1/scores"],
        check=True, capture_output=True, text=True,
    ).stdout
    if "Non-2xx" in out or "Socket errors" in out:
        raise SystemExit(f"wrk saw errors against {url}:\n{out}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--port", type=int, default=PORTS["scores"],
                        help="the scores app's port; the echo listens on the next one")
    args = parser.parse_args()
    PORTS.update(scores=args.port, echo=args.port + 1)
    if shutil.which("wrk") is None:
        raise SystemExit("this benchmark needs wrk (apt-get install wrk)")

    table = scores_table()
    body = json.dumps(table).encode()
    tiles = sum(len(player["alhambra"]) for player in table["players"])
    with ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        (scratch / "body.json").write_bytes(body)
        script = scratch / "post.lua"
        script.write_text(WRK_SCRIPT.format(body=scratch / "body.json"))
        urls = {name: stack.enter_context(serve(name)) for name in PORTS}
        sizes = {name: check_answer(url, body) for name, url in urls.items()}
        print(f"body: {len(body)} bytes, {len(table['players'])} players, {tiles} tiles, round 3;"
              f" responses: scores {sizes['scores']} bytes, echo {sizes['echo']} bytes")
        print(f"gunicorn {' '.join(GUNICORN)}; wrk -t1 -c{args.connections} -d{args.seconds}s;"
              f" {os.cpu_count()} CPUs")
        figures: dict[str, list[float]] = {name: [] for name in PORTS}
        for round_ in range(1, args.rounds + 1):
            for name in PORTS:
                figures[name].append(wrk(urls[name], script, args.seconds, args.connections))
            print(f"round {round_}: scores {figures['scores'][-1]:8.1f} req/s   "
                  f"echo {figures['echo'][-1]:8.1f} req/s")
    scores, echo = (statistics.median(figures[name]) for name in ("scores", "echo"))
    print(f"median: scores {scores:.1f} req/s, echo {echo:.1f} req/s, "
          f"ratio scores/echo = {scores / echo:.2f} (target >= 0.80)")


if __name__ == "__main__":
    main()
