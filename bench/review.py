"""The review of a whole 4-player game (``POST /v1/records/review``), at each level, in one
process (no HTTP).

Run: .venv/bin/python bench/review.py [games] [--players P]

Each game is a seeded digital game: the random player at seat 0 and the greedy player at the
others (the random seat makes the longest games and the widest choices, greedy's keep it
realistic). For each level (greedy; mcts with 10 and 50 ms a decision) it prints, per game,
the decisions judged, the time the whole review takes when nothing cuts it short (the review
with an unbounded total), and the requests a client needs to review the whole game through
the endpoint, whose total is at most 5000 ms a request (it follows ``next`` from one request to
the next), with their summed time. The box is shared: read the times as upper bounds, and the
ratios between levels as the figures that hold.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calculator.api.advice import MAX_BUDGET_MS
from calculator.engine import apply, to_act
from calculator.engine.players import Budget, Level, choose
from calculator.engine.simulate import NAMES
from calculator.records.record import Record, Setup, start
from calculator.records.review import review

LEVELS: tuple[tuple[Level, int | None], ...] = (("greedy", None), ("mcts", 10), ("mcts", 50))
"""Each level reviewed, with its time per decision (greedy judges every action)."""
UNBOUNDED_MS = 10**9


def game(players: int, seed: int) -> Record:
    """A seeded digital game: the random player at seat 0, greedy players at the others."""
    levels: list[Level] = ["random", *(["greedy"] * (players - 1))]
    setup = Setup(NAMES[:players], seed)
    state = start(setup)
    moves = []
    decision = 0
    while not state.over:
        seat = to_act(state)
        assert seat is not None
        action = choose(levels[seat], state, seat, budget=Budget(milliseconds=5000), seed=decision)
        decision += 1
        state, _ = apply(state, action)
        moves.append(action)
    return Record(setup, tuple(moves))


def measure(record: Record, level: Level, budget_ms: int | None) -> dict[str, object]:
    began = time.perf_counter()
    whole = review(record, level, total_ms=UNBOUNDED_MS, budget_ms=budget_ms, seed=1)
    unbounded = time.perf_counter() - began
    requests, first, spent = 0, 0, 0.0
    while True:
        began = time.perf_counter()
        part = review(
            record, level, total_ms=MAX_BUDGET_MS, budget_ms=budget_ms, seed=1, first=first
        )
        spent += time.perf_counter() - began
        requests += 1
        if part.next is None:
            break
        first = part.next
    return {
        "level": level if budget_ms is None else f"{level} {budget_ms} ms",
        "moves": len(record.moves),
        "decisions": len(whole.judged),
        "whole_s": round(unbounded, 2),
        "per_decision_ms": round(1000 * unbounded / max(1, len(whole.judged)), 1),
        "requests": requests,
        "requests_s": round(spent, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=3)
    parser.add_argument("--players", type=int, default=4)
    arguments = parser.parse_args()
    records = [game(arguments.players, seed) for seed in range(arguments.games)]
    for level, budget_ms in LEVELS:
        rows = [measure(record, level, budget_ms) for record in records]
        for row in rows:
            print(json.dumps(row))
        wholes = [float(str(row["whole_s"])) for row in rows]
        print(
            json.dumps(
                {
                    "level": rows[0]["level"],
                    "median_whole_s": statistics.median(wholes),
                    "max_whole_s": max(wholes),
                    "max_requests": max(int(str(row["requests"])) for row in rows),
                }
            )
        )


if __name__ == "__main__":
    main()
