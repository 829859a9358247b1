"""The shape of a turn (T2): one action, more after exact payments (T4), then the end of the turn.

A turn runs: actions (phase ``action``) -> placing the tiles bought (``placement``, T6) ->
refill and scoring (``refill``, T7-T8) -> the next player's turn.
"""

from __future__ import annotations

from calculator.engine.events import Event, TurnEnded, TurnStarted
from calculator.engine.state import GameState, Turn, evolve


def actions_done(turn: Turn) -> tuple[Turn, list[Event]]:
    """The player's actions are over: place what was bought (T6), or end the turn."""
    if turn.bought:
        return evolve(turn, phase="placement", extra_action=False), []
    return end_turn(turn)


def end_turn(turn: Turn) -> tuple[Turn, list[Event]]:
    """Everything bought is placed: the refill follows (T7)."""
    assert turn.player is not None
    return evolve(turn, phase="refill", extra_action=False), [TurnEnded(turn.player)]


def start_turn(state: GameState, player: int) -> tuple[GameState, list[Event]]:
    number = state.turn.number + 1
    return (
        evolve(state, turn=Turn(player=player, phase="action", number=number)),
        [TurnStarted(player, number)],
    )


def next_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """T2: play passes on in seat order."""
    assert state.turn.player is not None
    return start_turn(state, (state.turn.player + 1) % len(state.players))
