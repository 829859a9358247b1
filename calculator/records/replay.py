"""A record replayed: the game after any number of its moves, and the first move that cannot
be played, with the rule it breaks.

Every state on the way is the one the engine's ``apply`` gives for the same move on the state
before it, as ``POST /v1/games/advance`` does, one move at a time: the game starts from the
record's setup (T1) and each move is applied with everything automatic after it (refills,
scoring rounds, the end; in table mode the engine waits for the reveals, which are moves of
the record). A move the engine refuses stops the replay: the state is the one before it.
"""

from __future__ import annotations

from collections.abc import Iterator

from msgspec import Struct

from calculator.core.text import Text
from calculator.engine import Action, ActionRefused, Event, GameState, apply
from calculator.records.record import Record, start


class Stop(Struct, frozen=True):
    """Move ``move`` (counted from 0) cannot be played: the rule it breaks and why."""

    move: int
    rule: str
    message: Text


class Step(Struct, frozen=True):
    """One move of a record played: the state before it, the state after it and its events."""

    move: int
    action: Action
    before: GameState
    after: GameState
    events: tuple[Event, ...]


class Replay(Struct, frozen=True):
    """The game after the first ``played`` moves of a record, the events of those moves in
    order, and where the replay stopped (``None``: every move asked for was played)."""

    state: GameState
    events: tuple[Event, ...]
    played: int
    stopped: Stop | None


def steps(record: Record, to: int | None = None) -> Iterator[Step | Stop]:
    """Each of the first ``to`` moves (every move by default) played in turn; a move that
    cannot be played ends the steps with its :class:`Stop`."""
    state = start(record.setup)
    moves = record.moves if to is None else record.moves[:to]
    for index, action in enumerate(moves):
        try:
            after, events = apply(state, action)
        except ActionRefused as refusal:
            yield Stop(index, refusal.rule, refusal.message)
            return
        yield Step(index, action, state, after, tuple(events))
        state = after


def replay(record: Record, to: int | None = None) -> Replay:
    """The game after the first ``to`` moves of ``record`` (every move by default), or before
    the first of them that cannot be played."""
    state = start(record.setup)
    events: list[Event] = []
    played = 0
    for step in steps(record, to):
        if isinstance(step, Stop):
            return Replay(state, tuple(events), played, step)
        state = step.after
        events += step.events
        played += 1
    return Replay(state, tuple(events), played, None)


def turn_numbers(record: Record) -> list[int]:
    """The number of the turn each move is made in (``turn.number`` before it: 0 during a
    table game's setup); past a move that cannot be played, the last turn reached."""
    numbers = []
    number = start(record.setup).turn.number
    for step in steps(record):
        if isinstance(step, Stop):
            break
        numbers.append(step.before.turn.number)
        number = step.after.turn.number
    return numbers + [number] * (len(record.moves) - len(numbers))
