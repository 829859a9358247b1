"""A bounded memo for the answers the game core asks again and again (payments by hand, takes
by display, a majority's places by counts).

A plain dictionary, looked up in C, that forgets everything once it holds ``maxsize`` answers:
a game asks about few distinct keys, while a long-lived worker answering anyone's positions
keeps no more than the ceiling (``tests/engine/test_purity.py`` holds every memo to one).
"""

from __future__ import annotations

from typing import Generic, TypeVar

Key = TypeVar("Key")
Answer = TypeVar("Answer")


class Memo(dict[Key, Answer], Generic[Key, Answer]):
    """Answers by key, at most ``maxsize`` of them."""

    __slots__ = ("maxsize",)

    def __init__(self, maxsize: int) -> None:
        super().__init__()
        self.maxsize = maxsize

    def keep(self, key: Key, answer: Answer) -> Answer:
        """Remember ``answer`` for ``key`` (forgetting the others first when full)."""
        if len(self) >= self.maxsize:
            self.clear()
        self[key] = answer
        return answer
