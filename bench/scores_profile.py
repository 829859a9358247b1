"""Where the time of one ``POST /v1/scores`` goes, stage by stage, in process.

The same table as ``scores_throughput.py`` (round 3, six players, 26-tile legal Alhambras).
Each stage is timed alone (best of several repeats, microseconds per request), next to what
the parse-and-echo endpoint does with the same body; then cProfile lists the top functions of
the whole service call.

    .venv/bin/python bench/scores_profile.py [--top 15]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import timeit
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tables import scores_table

from calculator.core import building, walls
from calculator.core.scoring import Holding, building_counts, score_round
from calculator.web import service, wire
from calculator.web.body import parse_json
from calculator.web.contract import request_contract


def best(stage: Callable[[], object], number: int = 200, repeat: int = 7) -> float:
    """Microseconds per call, best of ``repeat`` runs (the least disturbed by other load)."""
    return min(timeit.repeat(stage, number=number, repeat=repeat)) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()

    table = scores_table()
    raw = json.dumps(table).encode()
    contract = request_contract("scores-request.json")
    query = wire.load_scores(table)
    alhambras = [seat.alhambra for seat in query.seats if seat.alhambra is not None]
    holdings = [
        Holding(building_counts(t for _, t in a.buildings()), walls.longest_wall(a.tiles).length)
        for a in alhambras
    ]
    answer = service.scores(table)

    stages = {
        "echo: json.loads (Flask get_json)": lambda: json.loads(raw),
        "echo: json.dumps of the body": lambda: json.dumps(table, separators=(",", ":")),
        "strict parse (duplicate keys, NaN)": lambda: parse_json(raw),
        "contract: compiled yes/no": lambda: contract.is_valid(table),
        "load into core types (C1, B6, D1)": lambda: wire.load_scores(table),
        "core: longest wall x6": lambda: [walls.longest_wall(a.tiles) for a in alhambras],
        "core: legality B2-B5 x6": lambda: [building.alhambra_violations(a) for a in alhambras],
        "core: counts + round score": lambda: (
            [building_counts(t for _, t in a.buildings()) for a in alhambras],
            score_round(3, holdings),
        ),
        "dump + serialize the answer": lambda: service.to_json(answer),
        "service.scores (all but parse)": lambda: service.scores(table),
    }
    print(f"body {len(raw)} bytes, {sum(len(p['alhambra']) for p in table['players'])} tiles")
    for name, stage in stages.items():
        print(f"{name:38s} {best(stage):8.1f} us")

    profile = cProfile.Profile()
    profile.runcall(lambda: [service.scores(table) for _ in range(200)])
    print(f"\ncProfile of 200 x service.scores, top {args.top} by own time:")
    pstats.Stats(profile).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
