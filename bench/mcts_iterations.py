"""The mcts player's search iterations per CPU-second, at a fixed iteration count.

Run: .venv/bin/python bench/mcts_iterations.py [iterations] [rounds] [--players N]
[--against CHECKOUT [--also CHECKOUT ...]]

Each round advises the seat to act in the same few positions (reached by the random player
from seeded deals, each with at least two legal actions), ``iterations`` search iterations
each, after a warm-up advice of another position; it prints the iterations per second of this
process's CPU time, the time the prior (greedy's judgement of the root's actions) takes
included. The box is shared: the summary gives the median and the best round.

With ``--against`` another checkout's engine advises in the same positions, round by round
alternately, each round in a fresh process, and the ratio of each pair of rounds is printed
(the random player makes the same choices in both engines, so the positions are the same).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(os.environ.get("BENCH_ENGINE_ROOT") or Path(__file__).resolve().parents[1])
"""The checkout whose engine searches: this one, or with ``--against`` the other's."""
sys.path.insert(0, str(ROOT))

from calculator.engine import GameState, apply, legal_actions, new_game, to_act  # noqa: E402
from calculator.engine.players import Budget, advise  # noqa: E402
from calculator.engine.players.random_play import random_action  # noqa: E402
from calculator.engine.simulate import NAMES  # noqa: E402

POSITIONS = 4
"""Positions per round: actions 40, 50, 60 and 70 of their games (and on to a decision)."""


def positions(players: int) -> list[GameState]:
    found = []
    for seed in range(POSITIONS):
        rng = random.Random(f"bench/{seed}")
        state = new_game(list(NAMES[:players]), seed)
        for _ in range(40 + 10 * seed):
            state, _ = apply(state, random_action(state, rng))
        while to_act(state) is None or len(legal_actions(state)) < 2:
            state, _ = apply(state, random_action(state, rng))
        found.append(state)
    return found


def per_cpu_second(states: list[GameState], iterations: int) -> float:
    """Iterations per second of CPU time, advising the seat to act in each of ``states``."""
    done = 0
    started = time.process_time()
    for index, state in enumerate(states):
        seat = to_act(state)
        assert seat is not None
        budget = Budget(iterations=iterations)
        done += advise("mcts", state, seat, budget=budget, seed=index).iterations
    return done / (time.process_time() - started)


def one_round(players: int, iterations: int) -> float:
    states = positions(players)
    warm_up = positions(players)[-1]
    seat = to_act(warm_up)
    assert seat is not None
    advise("mcts", warm_up, seat, budget=Budget(iterations=iterations // 4), seed=99)
    return per_cpu_second(states, iterations)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("iterations", nargs="?", type=int, default=400, help="per advice")
    parser.add_argument("rounds", nargs="?", type=int, default=5)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7), metavar="N")
    parser.add_argument(
        "--against",
        metavar="CHECKOUT",
        type=Path,
        help="another checkout of this project: its engine and this one advise in the same "
        "positions, round by round alternately, each in its own process",
    )
    parser.add_argument(
        "--also",
        nargs="*",
        default=[],
        metavar="CHECKOUT",
        type=Path,
        help="more checkouts searching in the same rounds (the compiled build's copy, "
        "build/compiled), each compared with --against's",
    )
    parser.add_argument("--one-round", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_round:
        print(one_round(args.players, args.iterations))
        return
    roots = {"this": ROOT, **{str(path): path.resolve() for path in args.also}}
    roots |= {"other": args.against.resolve()} if args.against else {}
    figures: dict[str, list[float]] = {name: [] for name in roots}
    print(
        f"mcts, {args.players} players, {args.iterations} iterations per advice, "
        f"{POSITIONS} positions per round, Python {sys.version.split()[0]}"
    )
    for number in range(1, args.rounds + 1):
        order = list(roots) if number % 2 else list(reversed(roots))
        for name in order:
            done = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    str(args.iterations),
                    "--players",
                    str(args.players),
                    "--one-round",
                ],
                env={**os.environ, "BENCH_ENGINE_ROOT": str(roots[name])},
                check=True,
                capture_output=True,
                text=True,
            )
            figures[name].append(float(done.stdout))
        shown = ", ".join(f"{name} {figures[name][-1]:6.0f}" for name in roots)
        print(f"round {number}: {shown} iterations/s CPU")
    summary = ", ".join(
        f"{name} median {statistics.median(figures[name]):.0f} (best {max(figures[name]):.0f})"
        for name in roots
    )
    print(f"{summary} iterations/s CPU")
    for name in roots if args.against else ():
        if name != "other":
            ratios = [a / b for a, b in zip(figures[name], figures["other"], strict=True)]
            print(
                f"{name}: median ratio {statistics.median(ratios):.2f} "
                f"(best {max(ratios):.2f}) against other ({args.against})"
            )


if __name__ == "__main__":
    main()
