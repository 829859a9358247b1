"""Greedy against greedy with other weights: how the evaluation's weights were set.

    PYTHONPATH=. .venv/bin/python bench/greedy_weights.py --games 60 --players 2 \
        '{"denial": 0.3}' '{"money": 0.4}'

Each variant (a JSON object of :class:`~calculator.engine.players.evaluation.Weights` fields)
plays the default weights in seeded 2-6-player games, seats rotating (every deal once with the
variant in each seat); prints the variant's win rate with its 95% Wilson interval. A game
stopped unfinished (see :mod:`calculator.engine.players.arena`) is a win for nobody.
"""

from __future__ import annotations

import argparse
import json
import random

from msgspec.structs import replace

from calculator.engine.game import apply, new_game, to_act
from calculator.engine.players.advice import Budget
from calculator.engine.players.arena import MAX_DECISIONS, wilson
from calculator.engine.players.evaluation import WEIGHTS, Weights
from calculator.engine.players.greedy import advise
from calculator.engine.simulate import NAMES

BUDGET = Budget(milliseconds=1000)


def play(variant: Weights, players: int, deal: int, seat_of_variant: int) -> float:
    state = new_game(list(NAMES[:players]), seed=deal)
    decisions = 0
    while not state.over and decisions < MAX_DECISIONS:
        seat = to_act(state)
        assert seat is not None
        weights = variant if seat == seat_of_variant else WEIGHTS
        advice = advise(state, seat, budget=BUDGET, seed=decisions, weights=weights)
        state, _ = apply(state, advice.best)
        decisions += 1
    winners = state.winners
    return 1 / len(winners) if seat_of_variant in winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=2)
    arguments = parser.parse_args()
    for text in arguments.variants:
        variant = replace(WEIGHTS, **json.loads(text))
        deals = random.Random(0)
        wins = 0.0
        games = 0
        while games < arguments.games:
            deal = deals.randrange(2**31)
            for seat in range(arguments.players):
                wins += play(variant, arguments.players, deal, seat)
                games += 1
        low, high = wilson(wins, games)
        print(
            json.dumps(
                {
                    "variant": json.loads(text),
                    "players": arguments.players,
                    "games": games,
                    "win_rate": round(wins / games, 3),
                    "win_rate_95": [round(low, 3), round(high, 3)],
                }
            )
        )


if __name__ == "__main__":
    main()
