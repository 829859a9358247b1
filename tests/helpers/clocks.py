"""A clock for the players' time budgets that does not depend on the machine."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from calculator.engine.players.advice import Clock


class Ticks:
    """A time that moves ``step_ms`` milliseconds at each reading: a player's time is its looks
    at the clock, so a budget in milliseconds is a budget of looks, on any machine at any
    load."""

    def __init__(self, step_ms: int = 1) -> None:
        self.step_ms = step_ms
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return self.readings * self.step_ms / 1000


def ticking(monkeypatch: pytest.MonkeyPatch, step_ms: int = 1) -> Ticks:
    """The players' clock is a new :class:`Ticks` for the rest of the test; its readings
    count the players' looks."""
    ticks = Ticks(step_ms)
    monkeypatch.setattr(Clock, "now", staticmethod(ticks))
    return ticks


@contextmanager
def standing_still() -> Iterator[None]:
    """The players' clock stands still within: no time budget runs out, so a player does all
    its work and decides as it would on an idle machine, whatever the load."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Clock, "now", staticmethod(lambda: 0.0))
        yield
