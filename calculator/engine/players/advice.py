"""What every computer player answers: every legal action of the seat, best first, rated.

One interface for every player kind (:data:`calculator.engine.players.PLAYERS`):
``advise(state, seat, budget=..., seed=...) -> Advice``. A budget is a time (milliseconds), a
count of iterations, or both (whichever runs out first); the time always caps the call.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import ClassVar, Final, Literal

from msgspec import Struct

from calculator.core.text import Text
from calculator.engine.actions import Action
from calculator.engine.errors import GameOver, NotYourTurn
from calculator.engine.game import to_act
from calculator.engine.state import GameState

Level = Literal["random", "greedy", "mcts"]
LEVELS: Final[tuple[Level, ...]] = ("random", "greedy", "mcts")


class RatedAction(Struct, frozen=True):
    """One legal action and what the player expects of it.

    ``expected_points``: the seat's projected final points after it; for ``mcts`` also
    ``visits`` (how often the search tried it) and ``win_probability`` (0..1, the seat's
    results in the searched games through it, averaged with the greedy judgement the search
    started from; ``None`` when never tried)."""

    action: Action
    expected_points: float
    visits: int | None = None
    win_probability: float | None = None


class Advice(Struct, frozen=True):
    """Every legal action of ``player`` exactly once, best first; ``iterations`` says how
    much work the answer rests on (evaluations for greedy, searched games for mcts)."""

    player: int
    level: Level
    iterations: int
    actions: tuple[RatedAction, ...]

    @property
    def best(self) -> Action:
        return self.actions[0].action


class Budget(Struct, frozen=True):
    """How long a player may think: ``milliseconds`` of wall clock, ``iterations``, or both
    (whichever ends first). With an iteration budget alone the answer is a function of the
    state, the seat and the seed."""

    milliseconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.milliseconds is None and self.iterations is None:
            raise ValueError("a budget needs milliseconds or iterations")
        if self.milliseconds is not None and self.milliseconds <= 0:
            raise ValueError("a time budget is positive")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("an iteration budget is at least 1")


class Clock:
    """The deadline of one answer: read inside every loop of a player."""

    __slots__ = ("_deadline",)

    now: ClassVar[Callable[[], float]] = staticmethod(time.perf_counter)
    """The time in seconds that every clock reads."""

    def __init__(self, deadline: float | None) -> None:
        self._deadline = deadline
        """``now()`` at the end, ``None`` for no time limit."""

    @classmethod
    def of(cls, budget: Budget) -> Clock:
        milliseconds = budget.milliseconds
        return cls(None if milliseconds is None else cls.now() + milliseconds / 1000)

    def part(self, share: float) -> Clock:
        """A clock ending when ``share`` of the time left has run."""
        if self._deadline is None:
            return self
        now = Clock.now()
        return Clock(now + share * max(0.0, self._deadline - now))

    def expired(self) -> bool:
        return self._deadline is not None and Clock.now() >= self._deadline

    def left_ms(self) -> float:
        """The milliseconds left (infinite without a time limit)."""
        return math.inf if self._deadline is None else (self._deadline - Clock.now()) * 1000


def check_seat(state: GameState, seat: int) -> None:
    """Only the seat that must decide now can be advised (T2; in a module's phase the seat it
    names, V1; in table mode a reveal is the table's, not a player's)."""
    if state.over:
        raise GameOver("T9", Text("api.T9.game_over"))
    acting = to_act(state)
    if acting is None:
        raise NotYourTurn("T7", Text("api.T7.reveal_before_deciding"))
    if acting != seat:
        raise NotYourTurn("T2", Text("api.T2.other_seat_decides", acting=acting, seat=seat))
