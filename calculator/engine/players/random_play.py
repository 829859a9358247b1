"""The ``random`` player: what ``alhambra simulate`` plays (:func:`simulate.random_action`).

It has no judgement: the action it picks comes first, the others follow in the engine's
order, and every action is rated with the seat's projected points now.
"""

from __future__ import annotations

import random

from calculator.engine.game import legal_actions
from calculator.engine.players.advice import Advice, Budget, RatedAction, check_seat
from calculator.engine.players.evaluation import projections
from calculator.engine.players.information import information_set
from calculator.engine.simulate import random_action
from calculator.engine.state import GameState


def advise(state: GameState, seat: int, *, budget: Budget, seed: int = 0) -> Advice:
    """The random player's pick first (the budget is not needed: one pick is one iteration)."""
    check_seat(state, seat)
    information = information_set(state, seat)
    picked = random_action(information, random.Random(f"random/{seed}"))
    now = projections(information)[seat]
    others = [action for action in legal_actions(information) if action != picked]
    return Advice(
        seat,
        "random",
        1,
        tuple(RatedAction(action, now) for action in [picked, *others]),
    )
