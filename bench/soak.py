"""Soak test: sustained concurrent load on gunicorn (gunicorn.conf.py) with a mix of requests.

Run:  .venv/bin/python bench/soak.py [--seconds 60] [--clients 16] [--max-requests N] [--nginx]

gunicorn runs as in production (``gunicorn.conf.py``), with ``--nginx`` behind
deploy/nginx.conf as in production; the load comes from separate processes (so the client's
GIL is not the server's), each with threads holding keep-alive connections.
The mix is every operation of the served spec with its example body, worst-case positions at
the size limits, a full 6-player table, and refusals (400, 413, 415, 422) - each request with
the status it must get. Any other status, or a connection error, counts as an error.

Worker memory (RSS, and USS: the pages a worker does not share with the master) is sampled
every second. The verdict compares each worker's memory after its own warm-up (counted from
its first sample: a worker that replaces a recycled one starts cold) with the end of its life:
recycling (max_requests) hides a leak, so ``--max-requests 0`` runs the workers for the whole
soak without it.

Prints per-endpoint counts and latency percentiles, throughput, errors and the memory table.
Exit status 1 if there was any error or memory kept growing.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import re
import statistics
import sys
import threading
import time
from collections import defaultdict
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: bench/ is imported as a package

from bench.positions import POSITIONS, alhambra_members, worst_case_status  # noqa: E402
from bench.servers import NGINX, gunicorn, nginx  # noqa: E402
from bench.spec import body_operations, operations, replaced  # noqa: E402

Request = tuple[str, str, str, bytes, str | None, int]
"""(label, method, path, body, content type, the status it must get)"""

Sample = tuple[float, float, float]
"""A worker's memory: (seconds since the start of the run, RSS MiB, USS MiB)"""


def request_mix() -> list[Request]:
    mix: list[Request] = []
    for op in operations():
        if op.example is None and op.method == "GET":
            mix.append((f"GET {op.path}", "GET", op.path, b"", None, 200))
    for op in body_operations():
        body = json.dumps(op.example).encode()
        mix += [(f"{op.method} {op.path}", op.method, op.path, body, "application/json", 200)] * 3
        for name in ("checkerboard NES", "checkerboard NESW", "far corners"):
            for where in alhambra_members(op.example):
                worst = json.dumps(replaced(op.example, where, POSITIONS[name])).encode()
                mix.append(
                    (
                        f"{op.method} {op.path} [80 tiles]",
                        op.method,
                        op.path,
                        worst,
                        "application/json",
                        worst_case_status(op),
                    )
                )
    scores = next((op for op in body_operations() if op.path == "/v1/scores"), None)
    if scores:
        table = {
            "round": 3,
            "players": [{"name": n[:40], "alhambra": POSITIONS[n]} for n in list(POSITIONS)[:6]],
        }
        mix.append(
            (
                "POST /v1/scores [6 x 80 tiles]",
                "POST",
                "/v1/scores",
                json.dumps(table).encode(),
                "application/json",
                200,
            )
        )
    walls = next(op for op in body_operations() if op.path == "/v1/walls")
    refusals = [
        ("refused: malformed JSON", b'{"alhambra": [', "application/json", 400),
        ("refused: deep nesting", b"[" * 100_000, "application/json", 400),
        ("refused: over the limit", b" " * (300 * 1024), "application/json", 413),
        ("refused: not JSON", b"alhambra", "text/plain", 415),
        ("refused: invalid request", b'{"alhambra": [{"x": 99}]}', "application/json", 422),
    ]
    for label, body, content_type, status in refusals:
        mix.append((label, "POST", walls.path, body, content_type, status))
    mix.append(("GET unknown path", "GET", "/no/such/path", b"", None, 404))
    return mix


def client_process(
    port: int, threads: int, seconds: float, seed: int, results: multiprocessing.Queue
) -> None:
    mix = request_mix()
    deadline = time.monotonic() + seconds
    lock = threading.Lock()
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []

    def run(offset: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        index = offset
        local: dict[str, list[float]] = defaultdict(list)
        local_errors = []
        while time.monotonic() < deadline:
            label, method, path, body, content_type, expected = mix[index % len(mix)]
            index += 7  # a stride coprime with most mix sizes: every thread walks the whole mix
            headers = {"Content-Type": content_type} if content_type else {}
            started = time.perf_counter()
            try:
                connection.request(method, path, body=body or None, headers=headers)
                response = connection.getresponse()
                response.read()
                status = response.status
                if response.getheader("Connection") == "close":
                    connection.close()
            except (OSError, http.client.HTTPException) as error:
                local_errors.append(f"{label}: {type(error).__name__}: {error}")
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                continue
            local[label].append(time.perf_counter() - started)
            if status != expected:
                local_errors.append(f"{label}: status {status}, expected {expected}")
        connection.close()
        with lock:
            for key, values in local.items():
                latencies[key].extend(values)
            errors.extend(local_errors)

    workers = [threading.Thread(target=run, args=(seed * 101 + i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    results.put((dict(latencies), errors))


def memory(pid: int) -> tuple[float, float]:
    info = psutil.Process(pid).memory_full_info()
    return info.rss / 2**20, info.uss / 2**20


def sample_workers(
    master: int, stop: threading.Event, start: float, samples: dict[int, list[Sample]]
) -> None:
    while not stop.wait(1.0):
        try:
            children = psutil.Process(master).children()
        except psutil.NoSuchProcess:
            return
        for child in children:
            try:
                rss, uss = memory(child.pid)
            except psutil.NoSuchProcess:
                continue
            samples[child.pid].append((time.monotonic() - start, rss, uss))


@dataclass(frozen=True)
class WorkerMemory:
    """A worker's memory just after its warm-up and at the end of its life (or of the run)."""

    start: float
    end: float
    rss: tuple[float, float]
    uss: tuple[float, float]

    @property
    def growing(self) -> bool:
        """More than 5 % and 3 MiB of RSS between the two."""
        return self.rss[1] - self.rss[0] > max(3.0, 0.05 * self.rss[0])


def worker_memory(series: list[Sample], warmup: float) -> WorkerMemory | None:
    """The medians of the first and last fifth (3 at least) of a worker's samples after its
    warm-up, which starts at its first sample: a worker that replaces a recycled one starts cold
    late in the run. None for a worker that did not live 5 samples past its warm-up."""
    settled = [s for s in series if s[0] >= series[0][0] + warmup]
    if len(settled) < 5:
        return None
    head = settled[: max(3, len(settled) // 5)]
    tail = settled[-max(3, len(settled) // 5) :]
    rss0, rss1 = (statistics.median(s[1] for s in part) for part in (head, tail))
    uss0, uss1 = (statistics.median(s[2] for s in part) for part in (head, tail))
    return WorkerMemory(settled[0][0], settled[-1][0], (rss0, rss1), (uss0, uss1))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=16, help="concurrent connections")
    parser.add_argument("--processes", type=int, default=2, help="load generator processes")
    parser.add_argument(
        "--max-requests",
        type=int,
        default=None,
        help="override gunicorn's max_requests (0: never recycle workers)",
    )
    parser.add_argument(
        "--nginx",
        action="store_true",
        help="send the load through deploy/nginx.conf (per-client limits lifted:"
        " all the load comes from one address)",
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=10.0,
        help="seconds of a worker's life before its memory baseline is taken",
    )
    args = parser.parse_args()

    env = {} if args.max_requests is None else {"GUNICORN_MAX_REQUESTS": str(args.max_requests)}
    with ExitStack() as running:
        server = running.enter_context(gunicorn(env, workers=None))
        target = server
        if args.nginx:
            if NGINX is None:
                raise SystemExit("--nginx: nginx is not installed")
            target = running.enter_context(nginx(server.port, rate_limits=False))
        mix = request_mix()
        time.sleep(1.0)  # let every worker finish booting before counting them
        print(
            f"gunicorn.conf.py, {len(psutil.Process(server.process.pid).children())} workers, "
            f"max_requests {'as configured' if args.max_requests is None else args.max_requests}"
            f"{', behind deploy/nginx.conf' if args.nginx else ''}; {args.clients} keep-alive "
            f"clients in {args.processes} processes, {args.seconds:.0f} s, a mix of {len(mix)} "
            f"requests ({len({m[0] for m in mix})} kinds)",
            flush=True,
        )
        samples: dict[int, list[Sample]] = defaultdict(list)
        stop = threading.Event()
        start = time.monotonic()
        sampler = threading.Thread(
            target=sample_workers, args=(server.process.pid, stop, start, samples)
        )
        sampler.start()
        queue: multiprocessing.Queue = multiprocessing.Queue()
        per_process = [
            args.clients // args.processes + (i < args.clients % args.processes)
            for i in range(args.processes)
        ]
        loaders = [
            multiprocessing.Process(
                target=client_process, args=(target.port, n, args.seconds, i, queue)
            )
            for i, n in enumerate(per_process)
        ]
        for loader in loaders:
            loader.start()
        gathered = [queue.get() for _ in loaders]
        for loader in loaders:
            loader.join()
        elapsed = time.monotonic() - start
        stop.set()
        sampler.join()
        recycled = len(re.findall(r"Autorestarting worker", server.log_text()))

    latencies: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []
    for found, failed in gathered:
        for key, values in found.items():
            latencies[key].extend(values)
        errors.extend(failed)
    total = sum(len(v) for v in latencies.values())

    print(f"\n{'request':44} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for label in sorted(latencies):
        values = latencies[label]
        print(
            f"{label:44} {len(values):7d} {1000 * statistics.median(values):8.1f} "
            f"{1000 * percentile(values, 0.95):8.1f} {1000 * percentile(values, 0.99):8.1f} "
            f"{1000 * max(values):8.1f}"
        )
    every = [v for values in latencies.values() for v in values]
    print(
        f"\nrequests {total} in {elapsed:.1f} s = {total / elapsed:.0f}/s; "
        f"p50 {1000 * statistics.median(every):.1f} ms, p99 {1000 * percentile(every, 0.99):.1f}"
        f" ms; errors {len(errors)}; workers recycled by max_requests: {recycled}"
    )
    for error in errors[:10]:
        print("  error:", error)

    print(
        f"\n{'worker':>8} {'from s':>7} {'to s':>6} {'RSS MiB start':>14} {'RSS end':>8} "
        f"{'USS MiB start':>14} {'USS end':>8} {'samples':>8}"
    )
    growing = []
    for pid, series in sorted(samples.items(), key=lambda item: item[1][0][0]):
        judged = worker_memory(series, args.warmup)
        if judged is None:
            continue
        print(
            f"{pid:8d} {judged.start:7.0f} {judged.end:6.0f} {judged.rss[0]:14.1f} "
            f"{judged.rss[1]:8.1f} {judged.uss[0]:14.1f} {judged.uss[1]:8.1f} {len(series):8d}"
        )
        if judged.growing:
            growing.append(pid)
    timeline = sorted((t, rss) for series in samples.values() for t, rss, _ in series)
    if timeline:
        print("\nRSS of all workers over time (MiB, median per 10 s):")
        for bucket in range(0, int(elapsed) + 1, 10):
            values = [rss for t, rss in timeline if bucket <= t < bucket + 10]
            if values:
                print(
                    f"  {bucket:3d}-{bucket + 10:<3d} s  {statistics.median(values):6.1f}"
                    f"  (min {min(values):.1f}, max {max(values):.1f})"
                )
    verdict = "OK" if not errors and not growing else "FAILED"
    print(
        f"\nverdict: {verdict} (errors: {len(errors)}, workers whose memory kept growing: "
        f"{len(growing)})"
    )
    return 0 if verdict == "OK" else 1


if __name__ == "__main__":
    sys.exit(main())
