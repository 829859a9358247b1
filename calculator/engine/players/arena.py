"""Seeded games between computer players, and their summary (``alhambra arena``).

Seats rotate: game ``i`` deals deal ``i // n`` (``n`` the seats) and seats the kinds rotated
by ``i % n``, so every deal is played once with each kind in each seat and no kind gains from
its seat or from its cards. A win shared by ``k`` players counts ``1/k`` to each (M6).
Win rates carry a 95% Wilson interval. A game still running after :data:`MAX_DECISIONS`
decisions (players undoing each other's redesigns forever) is stopped: nobody wins it, and the
summary counts it as unfinished.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any, Final

from msgspec import Struct

from calculator.engine.core import BASE_GAME, Ruleset
from calculator.engine.game import apply, new_game, to_act
from calculator.engine.players import advise
from calculator.engine.players.advice import Budget, Clock, Level
from calculator.engine.simulate import NAMES
from calculator.engine.state import Options

MAX_DECISIONS: Final[int] = 5000
"""Far beyond any real game (a 6-player game takes a few hundred decisions)."""
Z_95: Final[float] = 1.959964
"""The normal quantile of a two-sided 95% interval."""


class SeatResult(Struct, frozen=True):
    level: Level
    points: int
    win: float
    """1 for a win, 1/k for a win shared by k players, else 0 (M6)."""
    decisions: int
    seconds: float
    slowest: float
    iterations: int


class GameResult(Struct, frozen=True):
    game: int
    seats: tuple[SeatResult, ...]
    finished: bool


def seating(levels: Sequence[Level], game: int) -> list[Level]:
    """The level at each seat in game ``game``: the list rotated by the game's index."""
    shift = game % len(levels)
    return [levels[(seat + shift) % len(levels)] for seat in range(len(levels))]


def deal_seed(seed: int, game: int, seats: int) -> int:
    """The deal of game ``game``: one per round of rotations."""
    return random.Random(f"arena/{seed}/{game // seats}").randrange(2**31)


def play(
    levels: Sequence[Level],
    game: int,
    seed: int,
    budget: Budget,
    rules: Ruleset = BASE_GAME,
    cpu_time: bool = False,
) -> GameResult:
    """Play game ``game`` of an arena to the end (digital, seeded, with the modules of
    ``rules``). ``cpu_time``: the players' clock (:class:`Clock`) and the time per decision
    read this process's CPU time instead of the wall clock, for this game."""
    reading = vars(Clock)["now"]
    if cpu_time:
        Clock.now = staticmethod(time.process_time)
    try:
        return _played(levels, game, seed, budget, rules)
    finally:
        Clock.now = reading


def _played(
    levels: Sequence[Level], game: int, seed: int, budget: Budget, rules: Ruleset
) -> GameResult:
    seated = seating(levels, game)
    state = new_game(
        list(NAMES[: len(seated)]),
        seed=deal_seed(seed, game, len(seated)),
        options=Options(rules=rules),
    )
    decisions = [0] * len(seated)
    seconds = [0.0] * len(seated)
    slowest = [0.0] * len(seated)
    iterations = [0] * len(seated)
    seeds = random.Random(f"arena/{seed}/{game}/decisions")
    while not state.over and sum(decisions) < MAX_DECISIONS:
        seat = to_act(state)
        assert seat is not None  # a digital game: nothing to reveal
        started = Clock.now()
        advice = advise(seated[seat], state, seat, budget=budget, seed=seeds.randrange(2**31))
        took = Clock.now() - started
        decisions[seat] += 1
        seconds[seat] += took
        slowest[seat] = max(slowest[seat], took)
        iterations[seat] += advice.iterations
        state, _ = apply(state, advice.best)
    winners = state.winners
    return GameResult(
        game,
        tuple(
            SeatResult(
                seated[seat],
                player.score,
                1 / len(winners) if seat in winners else 0.0,  # none before the end
                decisions[seat],
                seconds[seat],
                slowest[seat],
                iterations[seat],
            )
            for seat, player in enumerate(state.players)
        ),
        state.over,
    )


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if not trials:
        return (0.0, 1.0)
    share = successes / trials
    spread = Z_95**2 / trials
    centre = (share + spread / 2) / (1 + spread)
    half = Z_95 * math.sqrt(share * (1 - share) / trials + spread / (4 * trials)) / (1 + spread)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(levels: Sequence[Level], results: Sequence[GameResult]) -> dict[str, Any]:
    """Per level: games seated, wins, win rate and its interval, mean points, time per
    decision (mean and max), and iterations per second; and the seating per level and seat."""
    kinds: dict[str, Any] = {}
    for level in dict.fromkeys(levels):
        seats = [s for result in results for s in result.seats if s.level == level]
        wins = sum(s.win for s in seats)
        decisions = sum(s.decisions for s in seats)
        seconds = sum(s.seconds for s in seats)
        low, high = wilson(wins, len(seats))
        kinds[level] = {
            "seats": len(seats),
            "wins": round(wins, 3),
            "win_rate": round(wins / len(seats), 4) if seats else None,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "mean_points": round(statistics.fmean(s.points for s in seats), 2) if seats else None,
            "decisions": decisions,
            "seconds_per_decision": {
                "mean": round(seconds / decisions, 5) if decisions else None,
                "max": round(max((s.slowest for s in seats), default=0.0), 5),
            },
            "iterations_per_second": round(sum(s.iterations for s in seats) / seconds, 1)
            if seconds
            else None,
        }
    return {
        "games": len(results),
        "unfinished": sum(1 for result in results if not result.finished),
        "levels": kinds,
        "seating": {
            level: [
                sum(1 for result in results if result.seats[seat].level == level)
                for seat in range(len(levels))
            ]
            for level in dict.fromkeys(levels)
        },
    }
