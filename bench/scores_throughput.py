"""Throughput of ``POST /v1/scores`` against a parse-and-echo Flask endpoint, side by side.

The table: round 3, six players, each sending a whole legal Alhambra of 26 catalog tiles grown
by the rules core (``tables.py``). Both apps run under gunicorn with the same settings (2 sync
workers); ``wrk`` sends the same body to each, alternating, several rounds in one run, so the
noise of a shared machine falls on both. The scores app is sent the body
once per content type (``application/json`` and ``application/json; charset=utf-8`` unless
``--content-type`` names one): each must be answered alike, by the one path. Prints every
round, the medians and each ratio to the echo (target: scores / echo >= 0.8), and the median of
the rounds' own ratios.

Throughput on a machine shared with other work moves with their load; so each run also reads
the CPU time the gunicorn workers spent (``/proc``), per request. That figure barely moves
with other load, and its ratio (echo's CPU per request over the scores app's) is what the
throughput ratio tends to when the two apps have the machine to themselves.

    .venv/bin/python bench/scores_throughput.py [--rounds 5] [--seconds 8] [--connections 4]
        [--port 8101] [--strict-echo] [--content-type TYPE ...]

``--strict-echo`` adds a third app, an echo that reads the body with this app's own strict
reader (``calculator.web.http.json_body``): a second, clearly labelled yardstick. The target is
against the plain echo.
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
from dataclasses import dataclass
from pathlib import Path

import psutil

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from tables import scores_table  # noqa: E402

PORT = 8101
"""The scores app's port; the echo listens on the next (the strict echo on the one after);
``--port`` moves them all, e.g. when helpers bench side by side."""
APPS = {
    "scores": "calculator:create_app()",
    "echo": "echo_app:app",
    "strict echo": "strict_echo_app:app",
}
GUNICORN = ["--workers", "2", "--worker-class", "sync", "--log-level", "warning"]
"""The same settings for both apps; both start in bench/, so neither reads ../gunicorn.conf.py
(its access log would tax one of them)."""

WRK_SCRIPT = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "{content_type}"
local file = io.open("{body}", "rb")
wrk.body = file:read("*a")
file:close()
"""


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]

    def workers_cpu_seconds(self) -> float:
        """User plus system CPU time of the gunicorn workers (the master's children) so far."""
        workers = psutil.Process(self.process.pid).children()
        return sum(sum(worker.cpu_times()[:2]) for worker in workers)  # user + system


@contextmanager
def serve(name: str, port: int) -> Iterator[Server]:
    """One app under gunicorn on its port; stopped (by its own pid) on the way out."""
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            raise SystemExit(f"port {port} is taken; stop whatever listens there first")
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    process = subprocess.Popen(
        [gunicorn, *GUNICORN, "--bind", f"127.0.0.1:{port}", APPS[name]],
        cwd=BENCH,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url, process)
        yield Server(url, process)
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


CONTENT_TYPES = ("application/json", "application/json; charset=utf-8")


def check_answer(url: str, body: bytes, content_type: str = CONTENT_TYPES[0]) -> int:
    """The body is a valid request and gets a 200 from both apps; returns the response size."""
    request = urllib.request.Request(
        url + "/v1/scores", data=body, headers={"Content-Type": content_type}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        if response.status != 200:
            raise SystemExit(f"{url}: status {response.status}")
        return len(response.read())


def wrk(url: str, script: Path, seconds: int, connections: int) -> tuple[float, int]:
    """Requests per second and requests in all; refuses a run with any non-2xx answer or
    socket error."""
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "-s", str(script), url + "/v1/scores"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    if "Non-2xx" in out or "Socket errors" in out:
        raise SystemExit(f"wrk saw errors against {url}:\n{out}")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    count = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    return rate, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument(
        "--port",
        type=int,
        default=PORT,
        help="the scores app's port; the echo apps listen on the next ones",
    )
    parser.add_argument(
        "--strict-echo",
        action="store_true",
        help="also time an echo that reads the body with the app's strict reader",
    )
    parser.add_argument(
        "--content-type",
        action="append",
        dest="content_types",
        metavar="TYPE",
        help="the scores app's request media type (repeatable); "
        "default: both of " + ", ".join(CONTENT_TYPES),
    )
    args = parser.parse_args()
    content_types = args.content_types or list(CONTENT_TYPES)
    if shutil.which("wrk") is None:
        raise SystemExit("this benchmark needs wrk (apt-get install wrk)")
    apps = ["scores", "echo", *(["strict echo"] if args.strict_echo else [])]
    runs = [(f"scores [{content_type}]", "scores", content_type) for content_type in content_types]
    runs += [(name, name, CONTENT_TYPES[0]) for name in apps[1:]]
    names = [label for label, _, _ in runs]

    table = scores_table()
    body = json.dumps(table).encode()
    tiles = sum(len(player["alhambra"]) for player in table["players"])
    with ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        (scratch / "body.json").write_bytes(body)
        scripts = {}
        for index, content_type in enumerate(CONTENT_TYPES + tuple(content_types)):
            scripts[content_type] = scratch / f"post{index}.lua"
            scripts[content_type].write_text(
                WRK_SCRIPT.format(body=scratch / "body.json", content_type=content_type)
            )
        servers = {
            name: stack.enter_context(serve(name, args.port + offset))
            for offset, name in enumerate(apps)
        }
        answers = {
            label: check_answer(servers[app].url, body, content_type)
            for label, app, content_type in runs
        }
        sizes = {app: answers[label] for label, app, _ in runs}
        print(
            f"body: {len(body)} bytes, {len(table['players'])} players, {tiles} tiles, round 3;"
            f" responses: scores {sizes['scores']} bytes, echo {sizes['echo']} bytes"
        )
        print(
            f"gunicorn {' '.join(GUNICORN)}; wrk -t1 -c{args.connections} -d{args.seconds}s;"
            f" {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}"
        )
        rates: dict[str, list[float]] = {name: [] for name in names}
        cpu: dict[str, list[float]] = {name: [] for name in names}  # worker CPU us per request
        for round_ in range(1, args.rounds + 1):
            for label, app, content_type in runs:
                server = servers[app]
                before = server.workers_cpu_seconds()
                rate, count = wrk(server.url, scripts[content_type], args.seconds, args.connections)
                rates[label].append(rate)
                cpu[label].append((server.workers_cpu_seconds() - before) / count * 1e6)
            print(
                f"round {round_}: "
                + "   ".join(
                    f"{name} {rates[name][-1]:7.1f} req/s {cpu[name][-1]:6.0f} us CPU/req"
                    for name in names
                )
            )
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    rate = {name: statistics.median(rates[name]) for name in names}
    per_request = {name: statistics.median(cpu[name]) for name in names}
    for label in names[: len(content_types)]:
        rounds_ratio = statistics.median(
            s / e for s, e in zip(rates[label], rates["echo"], strict=True)
        )
        print(
            f"{label}: median {rate[label]:.1f} req/s against echo {rate['echo']:.1f} req/s, "
            f"ratio {rate[label] / rate['echo']:.2f} (target >= 0.80); median of the "
            f"rounds' ratios {rounds_ratio:.2f}; worker CPU per request {per_request[label]:.0f}"
            f" us against {per_request['echo']:.0f} us, ratio echo/scores "
            f"{per_request['echo'] / per_request[label]:.2f}"
        )
    if args.strict_echo:
        first = names[0]
        print(
            f"second yardstick, an echo with the app's strict reader: "
            f"{rate['strict echo']:.1f} req/s, {per_request['strict echo']:.0f} us CPU/req; "
            f"{first}/strict echo = {rate[first] / rate['strict echo']:.2f} (throughput), "
            f"{per_request['strict echo'] / per_request[first]:.2f} (CPU)"
        )


if __name__ == "__main__":
    main()
