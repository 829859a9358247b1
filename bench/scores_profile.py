"""Where the time of one ``POST /v1/scores`` goes, stage by stage, in process.

The same table as ``scores_throughput.py`` (round 3, six players, 26-tile legal Alhambras).
Each stage is timed alone in CPU time of this thread (best of several repeats, microseconds
per request), so other load on a shared machine barely moves the figures; next to it, what the
parse-and-echo endpoint does with the same body. Then both apps are called whole through WSGI
(no server, no sockets: Flask's own per-request work included) and their ratio printed; last,
cProfile lists the top functions of the scores request.

    .venv/bin/python bench/scores_profile.py [--top 15]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from echo_app import app as echo_app
from tables import scores_table

from calculator import create_app
from calculator.api import requests, responses, service
from calculator.api.contract import request_contract
from calculator.api.json_text import parse_json, to_json
from calculator.core import building, walls
from calculator.core.alhambra import Alhambra
from calculator.core.scoring import Holding, score_round
from calculator.modules import tally


def cpu_us(stage: Callable[[], object], number: int = 200, repeat: int = 9) -> float:
    """Microseconds of this thread's CPU time per call, best of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.thread_time_ns()
        for _ in range(number):
            stage()
        best = min(best, (time.thread_time_ns() - start) / number / 1e3)
    return best


def wsgi_call(app: Any, raw: bytes) -> Callable[[], bytes]:
    """One ``POST /v1/scores`` through the app's WSGI interface, the answer read whole."""

    def call() -> bytes:
        environ = {
            "REQUEST_METHOD": "POST",
            "PATH_INFO": "/v1/scores",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_HOST": "127.0.0.1",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(raw),
            "wsgi.errors": sys.stderr,
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(raw)),
        }
        answer: Iterable[bytes] = app(environ, lambda status, headers, exc_info=None: None)
        return b"".join(answer)

    return call


def fresh(alhambras: list[Alhambra]) -> list[Alhambra]:
    """The same Alhambras made again, their grids worked out anew: each request loads its own."""
    return [Alhambra(a.tiles) for a in alhambras]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()

    table = scores_table()
    raw = json.dumps(table).encode()
    contract = request_contract("scores-request.json")
    query = requests.load_scores(table)
    alhambras = [seat.alhambra for seat in query.seats if seat.alhambra is not None]
    holdings = [Holding(tally(a.tiles).counts, walls.wall_length(a).length) for a in alhambras]
    result = score_round(3, holdings)
    names = [seat.name for seat in query.seats]
    extras = [{"wall_exact": True, **responses.verdict([])} for _ in names]
    answer = service.scores(table)
    scores_app, echo = create_app(), echo_app

    stages = {
        "echo: json.loads (Flask get_json)": lambda: json.loads(raw),
        "echo: Flask's JSON response of the body": lambda: echo.json.response(table),
        "strict parse (duplicate keys, NaN)": lambda: parse_json(raw),
        "contract: compiled yes/no": lambda: contract.is_valid(table),
        "load into core types (C1, B6, D1)": lambda: requests.load_scores(table),
        "core: grid x6": lambda: [a.grid for a in fresh(alhambras)],
        "core: legality B2-B5 x6 (with grid)": lambda: [
            building.alhambra_violations(a) for a in fresh(alhambras)
        ],
        "core: wall length x6 (with grid)": lambda: [
            walls.wall_length(a) for a in fresh(alhambras)
        ],
        "tally M1, V3, V4 x6 (the registry)": lambda: [tally(a.tiles) for a in alhambras],
        "core: round score": lambda: score_round(3, holdings),
        "dump the answer": lambda: responses.round_score(result, names, extras),
        "serialize the answer": lambda: to_json(answer),
        "service.scores (all but parse)": lambda: service.scores(table),
    }
    print(
        f"body {len(raw)} bytes, {sum(len(p['alhambra']) for p in table['players'])} tiles;"
        " CPU time per request, best of 9"
    )
    with echo.app_context():
        for name, stage in stages.items():
            print(f"{name:40s} {cpu_us(stage):8.1f} us")
    whole = {name: wsgi_call(app, raw) for name, app in (("scores", scores_app), ("echo", echo))}
    figures = {name: cpu_us(call, number=50, repeat=15) for name, call in whole.items()}
    for name, figure in figures.items():
        print(f"{'whole request via WSGI: ' + name:40s} {figure:8.1f} us")
    print(
        f"in-process ratio echo/scores = {figures['echo'] / figures['scores']:.2f}"
        " (no server, no sockets)"
    )

    profile = cProfile.Profile()
    profile.runcall(lambda: [whole["scores"]() for _ in range(200)])
    print(f"\ncProfile of 200 x POST /v1/scores (WSGI), top {args.top} by own time:")
    pstats.Stats(profile).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
