"""The greedy player's CPU time per decision, in whole seeded games of greedy against itself.

Run: .venv/bin/python bench/greedy_time.py [games] [--players N ...] [--against CHECKOUT]

Every seat is greedy; each game is dealt from its seed (0, 1, ... games - 1) and played to the
end, every decision advised with an iteration budget alone (no time limit: greedy does all its
work), after a warm-up game of another seed. It prints, per number of players, the decisions,
the CPU time per decision of this process (mean, median, 90th percentile, max) and the mean
final points. With ``--against`` another checkout's greedy plays the same deals in a fresh
process (``BENCH_ENGINE_ROOT``), the two in turn, and the ratio of the means is printed: the
box is shared, so the ratio is the figure to keep, not either time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(os.environ.get("BENCH_ENGINE_ROOT") or Path(__file__).resolve().parents[1])
"""The checkout whose greedy plays: this one, or with ``--against`` the other's."""
sys.path.insert(0, str(ROOT))

from calculator.engine import apply, new_game, to_act  # noqa: E402
from calculator.engine.players import Budget, advise  # noqa: E402
from calculator.engine.simulate import NAMES  # noqa: E402

BUDGET = Budget(iterations=1)
"""Greedy judges every action whatever the iteration budget, and no clock cuts it short."""
WARM_UP_SEED = 10**6


def game(players: int, seed: int) -> tuple[list[float], list[int]]:
    """The CPU seconds of each decision of one greedy game, and the final points."""
    state = new_game(list(NAMES[:players]), seed=seed)
    times = []
    decision = 0
    while not state.over:
        seat = to_act(state)
        assert seat is not None
        started = time.process_time()
        best = advise("greedy", state, seat, budget=BUDGET, seed=decision).best
        times.append(time.process_time() - started)
        state, _ = apply(state, best)
        decision += 1
    return times, [player.score for player in state.players]


def measured(players: int, games: int) -> dict[str, object]:
    game(players, WARM_UP_SEED)
    times: list[float] = []
    points: list[int] = []
    for seed in range(games):
        taken, scores = game(players, seed)
        times += taken
        points += scores
    times.sort()
    return {
        "players": players,
        "games": games,
        "decisions": len(times),
        "ms_per_decision": {
            "mean": round(1000 * statistics.fmean(times), 3),
            "median": round(1000 * statistics.median(times), 3),
            "p90": round(1000 * times[int(0.9 * len(times))], 3),
            "max": round(1000 * times[-1], 3),
        },
        "mean_points": round(statistics.fmean(points), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", type=int, nargs="?", default=4)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    arguments = parser.parse_args()
    if arguments.against is None:
        for players in arguments.players:
            print(json.dumps(measured(players, arguments.games)), flush=True)
        return
    roots = {"this": Path(__file__).resolve().parents[1], "against": arguments.against.resolve()}
    for players in arguments.players:
        means = {}
        for name, root in roots.items():
            done = subprocess.run(
                [sys.executable, __file__, str(arguments.games), "--players", str(players)],
                env={**os.environ, "BENCH_ENGINE_ROOT": str(root)},
                capture_output=True,
                text=True,
                check=True,
            )
            figures = json.loads(done.stdout)
            means[name] = figures["ms_per_decision"]["mean"]
            print(json.dumps({"checkout": str(root), **figures}), flush=True)
        print(
            json.dumps(
                {
                    "players": players,
                    "mean_ratio_this_to_against": round(means["this"] / means["against"], 3),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
