"""Computer players on the engine: ``random``, ``greedy`` and ``mcts``, one interface for all.

``advise(level, state, seat, budget=Budget(...), seed=...)`` answers an :class:`Advice`:
every legal action of ``seat`` exactly once, best first, each with the points the player
expects of it (and for ``mcts`` its visits and chance of winning). :func:`choose` is the first
of them. Only the seat that decides now can be advised (:func:`advice.check_seat`: the engine's
:class:`~calculator.engine.errors.NotYourTurn` or :class:`~calculator.engine.errors.GameOver`
otherwise). No answer depends on what the seat cannot see: every player looks at the seat's
information set only (:mod:`information`). Pure: no I/O; the clock is read for time budgets.

Modules: :mod:`information` (what a seat knows, and determinisation), :mod:`evaluation`
(the heuristic terms), :mod:`random_play`, :mod:`greedy`, :mod:`mcts`, :mod:`arena` (seeded
games between players, and their summary).
"""

from __future__ import annotations

from typing import Final, Protocol

from calculator.engine.actions import Action
from calculator.engine.players import greedy, mcts, random_play
from calculator.engine.players.advice import LEVELS, Advice, Budget, Level, RatedAction
from calculator.engine.state import GameState


class Advisor(Protocol):
    """A player's ``advise``: every legal action of ``seat``, best first."""

    def __call__(self, state: GameState, seat: int, *, budget: Budget, seed: int = 0) -> Advice: ...


PLAYERS: Final[dict[Level, Advisor]] = {
    "random": random_play.advise,
    "greedy": greedy.advise,
    "mcts": mcts.advise,
}


def advise(level: Level, state: GameState, seat: int, *, budget: Budget, seed: int = 0) -> Advice:
    """The advice of the ``level`` player for ``seat``, which must decide now."""
    return PLAYERS[level](state, seat, budget=budget, seed=seed)


def choose(level: Level, state: GameState, seat: int, *, budget: Budget, seed: int = 0) -> Action:
    """The action the ``level`` player plays: the first of its advice."""
    return advise(level, state, seat, budget=budget, seed=seed).best


__all__ = ["LEVELS", "PLAYERS", "Advice", "Budget", "Level", "RatedAction", "advise", "choose"]
