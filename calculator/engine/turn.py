"""The shape of a turn (T2): one action, more after exact payments (T4), then the end of the turn.

A turn runs: actions (phase ``action``) -> placing the tiles bought (``placement``, T6) ->
refill and scoring (``refill``, T7-T8) -> the next player's turn.
"""

from __future__ import annotations

from msgspec.structs import replace

from calculator.core.tiles import Tile
from calculator.engine.events import Event, TurnEnded, TurnStarted
from calculator.engine.state import Draft, Turn


def actions_done(
    draft: Draft, buys: int | None = None, bought: tuple[Tile, ...] | None = None
) -> list[Event]:
    """The player's actions are over: place what was bought (T6), or end the turn.

    ``buys`` and ``bought``, when given, are the last action's own changes to the turn (a
    buy's), made in the same new :class:`Turn`: one turn fewer built per action."""
    turn = draft.turn
    if bought is None:
        bought = turn.bought
    if bought:
        draft.turn = replace(
            turn,
            phase="placement",
            extra_action=False,
            buys=turn.buys if buys is None else buys,
            bought=bought,
        )
        return []
    return end_turn(draft)


def end_turn(draft: Draft, bought: tuple[Tile, ...] | None = None) -> list[Event]:
    """Everything bought is placed: the refill follows (T7). ``bought``, when given: the last
    placement's own change to the turn, made in the same new turn (see :func:`actions_done`)."""
    turn = draft.turn
    assert turn.player is not None
    draft.turn = replace(
        turn, phase="refill", extra_action=False, bought=turn.bought if bought is None else bought
    )
    return [TurnEnded(turn.player)]


def start_turn(draft: Draft, player: int) -> list[Event]:
    number = draft.turn.number + 1
    draft.turn = Turn(player, "action", number)
    return [TurnStarted(player, number)]


def next_turn(draft: Draft) -> list[Event]:
    """T2: play passes on in seat order."""
    assert draft.turn.player is not None
    return start_turn(draft, (draft.turn.player + 1) % len(draft.players))
