"""Drawing from the bag (tiles) and the money pile (money and scoring cards); T7's reshuffle.

Every draw of the game goes through here. In digital mode the engine takes the item on top
(the state keeps both in draw order); in table mode it stops, and the table reveals what was
drawn: any item the bag or the pile can still hold. A scoring card can be revealed only once
it is in the pile (T1 puts them there after dealing), and card 1 before card 2 (pile 2 lies
above pile 4).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from calculator.core.tiles import Tile
from calculator.engine.components import MoneyCard, ScoringCard
from calculator.engine.events import DiscardReshuffled, Event
from calculator.engine.state import GameState, evolve

Source = Literal["bag", "pile"]
Item = Tile | MoneyCard | ScoringCard
Outcome = tuple[GameState, list[Event]]
Step = Callable[[GameState], Outcome]
"""An automatic step that needs no draw (score a round, start the next turn...)."""
Receive = Callable[..., Outcome]
"""``receive(state, item, **drawn)`` puts a drawn item where it goes (a market slot, the
face-up money, a hand...); ``drawn`` is the source after the draw (``bag=...`` or
``pile=...``), to go into the same new state."""


@dataclass(frozen=True, slots=True)
class Draw:
    """An automatic step that needs one item from ``source``; ``receive`` puts it in place."""

    source: Source
    receive: Receive


def drawable(state: GameState, source: Source) -> list[Item]:
    """What the next draw from ``source`` can bring, each kind once, in the state's order."""
    if source == "bag":
        return list(dict.fromkeys(state.bag))
    cards: list[Item] = list(dict.fromkeys(c for c in state.pile if isinstance(c, MoneyCard)))
    scoring = [c for c in state.pile if isinstance(c, ScoringCard)]
    if scoring:
        cards.append(min(scoring, key=lambda card: card.round))
    return cards


def top(state: GameState, source: Source) -> Item:
    """Digital mode: the item drawn next."""
    return state.bag[0] if source == "bag" else state.pile[0]


def draw(state: GameState, step: Draw, item: Item) -> Outcome:
    """Draw ``item`` (in digital mode the top one) and let ``step`` put it in place."""
    if step.source == "bag":
        return step.receive(state, item, bag=_less(state.bag, item))
    return step.receive(state, item, pile=_less(state.pile, item))


def _less(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    if items[0] is item or items[0] == item:
        return items[1:]
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def shuffler(state: GameState) -> random.Random:
    """The generator of the state's next shuffle: a function of the seed and the shuffle count.

    Seeding from a string uses SHA-512 (CPython's version-2 seeding), so a game replays the
    same on every platform.
    """
    return random.Random(f"alhambra/{state.seed}/{state.shuffles}")


def reshuffle_discard(state: GameState) -> Outcome:
    """T7: the money pile is empty; the discard pile is shuffled into a new one."""
    cards = list(state.discard)
    if state.digital:
        shuffler(state).shuffle(cards)
        state = evolve(state, shuffles=state.shuffles + 1)
    else:
        cards.sort()  # only the set is known at a real table
    return (
        evolve(state, pile=tuple(cards), discard=()),
        [DiscardReshuffled(len(cards))],
    )
