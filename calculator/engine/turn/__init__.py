"""The base game's turn, from the setup to the end, one module per rule: :mod:`.setup` (T1, D1,
D2), :mod:`.money` (T3), :mod:`.purchase` (T4), :mod:`.redesign` (T5), :mod:`.placement` (T6,
D4), :mod:`.refill` (T7, T8), :mod:`.rounds` (T8), :mod:`.end` (T9), :mod:`.dummy` (D2, D3),
:mod:`.draws` (digital draws and table reveals), :mod:`.cells` (legal cells remembered).

Here, the shape of a turn (T2): one action, more after exact payments (T4), then the end of the
turn. A turn runs: actions (phase ``action``) -> placing the tiles bought (``placement``, T6)
-> refill and scoring (``refill``, T7-T8) -> the next player's turn.
"""

from __future__ import annotations

from msgspec.structs import replace

from calculator.engine.events import Event, TurnEnded, TurnStarted
from calculator.engine.state import ACTION, PLACEMENT, REFILL, Draft, Turn


def actions_done(draft: Draft) -> list[Event]:
    """The player's actions are over: place what was bought (T6), or end the turn."""
    turn = draft.turn
    if turn.bought:
        draft.turn = replace(turn, phase=PLACEMENT, extra_action=False)
        return []
    return end_turn(draft)


def end_turn(draft: Draft) -> list[Event]:
    """Everything bought is placed: the refill follows (T7)."""
    turn = draft.turn
    assert turn.player is not None
    draft.turn = replace(turn, phase=REFILL, extra_action=False)
    return [TurnEnded(turn.player)]


def start_turn(draft: Draft, player: int) -> list[Event]:
    number = draft.turn.number + 1
    draft.turn = Turn(player, ACTION, number)
    return [TurnStarted(player, number)]


def next_turn(draft: Draft) -> list[Event]:
    """T2: play passes on in seat order."""
    assert draft.turn.player is not None
    return start_turn(draft, (draft.turn.player + 1) % len(draft.players))
