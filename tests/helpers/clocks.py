"""A clock for the players' time budgets that does not depend on the machine."""

from __future__ import annotations


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
