"""Taking money (T3): one face-up card of any value, or several whose values total at most 5.

A module's face-up card is taken by the module's rule (V2)."""

from __future__ import annotations

from itertools import combinations
from typing import Final

from msgspec.structs import replace

from calculator.engine.actions import Choices, TakeMoney
from calculator.engine.components import MoneyCard, total, without
from calculator.engine.errors import IllegalAction
from calculator.engine.events import Event, MoneyTaken
from calculator.engine.state import Draft, Game
from calculator.engine.turn import actions_done

SMALL_CHANGE: Final[int] = 5
"""T3: several cards may be taken together when their values total at most 5."""


def legal_takes(state: Game) -> Choices:
    """Every distinct choice of face-up cards (copies of a card are alike): each card alone,
    then each set of two or more totalling at most 5 (so of cards worth at most 4)."""
    seat = state.turn.player
    assert seat is not None
    # a module's face-up card is taken by its own rule (V2)
    face_up = sorted(card for card in state.face_up if isinstance(card, MoneyCard))
    choices: dict[tuple[MoneyCard, ...], None] = {(card,): None for card in face_up}  # distinct
    small = [card for card in face_up if card.value < SMALL_CHANGE]
    for size in range(2, len(small) + 1):
        for cards in combinations(small, size):
            if total(cards) <= SMALL_CHANGE:
                choices[cards] = None
    return Choices([(TakeMoney, (seat, cards)) for cards in choices])


def take_money(draft: Draft, action: TakeMoney) -> list[Event]:
    if not action.cards:
        raise IllegalAction("T3", "take at least one face-up money card")
    left = without(draft.face_up, action.cards)
    if left is None:
        shown = ", ".join(card.describe() for card in draft.face_up) or "none"
        raise IllegalAction("T3", f"those cards are not all face up (face up: {shown})")
    if len(action.cards) > 1 and total(action.cards) > SMALL_CHANGE:
        raise IllegalAction(
            "T3",
            f"several cards may be taken only when they total at most {SMALL_CHANGE}; "
            f"these total {total(action.cards)}",
        )
    player = draft.players[action.player]
    draft.players[action.player] = replace(player, hand=player.hand + action.cards)
    draft.face_up = left
    return [MoneyTaken(action.player, action.cards), *actions_done(draft)]
