"""Greedy against the one-ply greedy it grew from: is the turn played out worth its time?

    .venv/bin/python bench/greedy_strength.py --games 200 --players 2 --workers 2

The ``greedy`` player (:func:`calculator.engine.players.greedy.advise`) plays the one-ply
judgement it refines, kept here only as the baseline: every legal action judged by the
evaluation right after it on one determinisation (:func:`greedy.judge`), the best played.
Seeded digital games, seats rotating as in the arena (:func:`arena.seating`: every deal once
with greedy in each seat, the others one-ply). No clock: both decide with an iteration budget
alone, so a game is a function of its seed whatever the load. Prints greedy's win rate (a
shared win split, M6) with its 95% Wilson interval, both sides' mean points, and both sides'
CPU time per decision. With ``--against random`` greedy plays the random player instead.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Literal

from calculator.engine import apply, new_game, to_act
from calculator.engine.actions import Action
from calculator.engine.game import legal_moves
from calculator.engine.players import random_play
from calculator.engine.players.advice import Budget, Clock
from calculator.engine.players.arena import MAX_DECISIONS, deal_seed, wilson
from calculator.engine.players.greedy import advise, judge
from calculator.engine.players.information import Unseen, determinise, information_set
from calculator.engine.simulate import NAMES
from calculator.engine.state import GameState

BUDGET = Budget(iterations=1)
"""No time limit: greedy's work is bounded by its own settings, not by a clock."""
Opponent = Literal["one-ply", "random"]


def one_ply(state: GameState, seat: int, seed: int) -> Action:
    """The baseline: the best action by :func:`greedy.judge` on one determinisation."""
    information = information_set(state, seat)
    world = determinise(Unseen(information, seat), random.Random(f"greedy/{seed}"))
    moves = legal_moves(information)
    best = moves[judge(world, seat, moves, Clock(None))[0].position]
    action: Action = best[0].record(information, best)
    return action


def play(game: int, players: int, seed: int, opponent: Opponent) -> dict[str, object]:
    """One game: greedy at seat ``game % players``, the opponent at the others."""
    greedy_seat = game % players
    state = new_game(list(NAMES[:players]), seed=deal_seed(seed, game, players))
    seeds = random.Random(f"greedy-strength/{seed}/{game}")
    seconds = {"greedy": 0.0, opponent: 0.0}
    decisions = {"greedy": 0, opponent: 0}
    while not state.over and sum(decisions.values()) < MAX_DECISIONS:
        seat = to_act(state)
        assert seat is not None
        decision_seed = seeds.randrange(2**31)
        side = "greedy" if seat == greedy_seat else opponent
        started = time.process_time()
        if side == "greedy":
            action = advise(state, seat, budget=BUDGET, seed=decision_seed).best
        elif side == "one-ply":
            action = one_ply(state, seat, decision_seed)
        else:
            action = random_play.advise(state, seat, budget=BUDGET, seed=decision_seed).best
        seconds[side] += time.process_time() - started
        decisions[side] += 1
        state, _ = apply(state, action)
    winners = state.winners
    return {
        "win": 1 / len(winners) if greedy_seat in winners else 0.0,
        "points": state.players[greedy_seat].score,
        "rival_points": statistics.fmean(
            player.score for index, player in enumerate(state.players) if index != greedy_seat
        ),
        "finished": state.over,
        "seconds": seconds,
        "decisions": decisions,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--against", choices=("one-ply", "random"), default="one-ply")
    arguments = parser.parse_args()
    opponent: Opponent = arguments.against
    with ProcessPoolExecutor(arguments.workers) as pool:
        results = list(
            pool.map(
                play,
                range(arguments.games),
                [arguments.players] * arguments.games,
                [arguments.seed] * arguments.games,
                [opponent] * arguments.games,
            )
        )
    wins = sum(float(result["win"]) for result in results)  # type: ignore[arg-type]
    low, high = wilson(wins, len(results))

    def per_decision(side: str) -> float:
        seconds = sum(result["seconds"][side] for result in results)  # type: ignore[index]
        decisions = sum(result["decisions"][side] for result in results)  # type: ignore[index]
        return round(1000 * seconds / decisions, 3)

    print(
        json.dumps(
            {
                "players": arguments.players,
                "against": opponent,
                "games": len(results),
                "unfinished": sum(1 for result in results if not result["finished"]),
                "win_rate": round(wins / len(results), 4),
                "win_rate_95": [round(low, 4), round(high, 4)],
                "mean_points": round(statistics.fmean(r["points"] for r in results), 1),  # type: ignore[misc]
                "rival_mean_points": round(statistics.fmean(r["rival_points"] for r in results), 1),  # type: ignore[misc]
                "cpu_ms_per_decision": {
                    "greedy": per_decision("greedy"),
                    opponent: per_decision(opponent),
                },
            }
        )
    )


if __name__ == "__main__":
    main()
