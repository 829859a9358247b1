"""Drawing from the bag (tiles) and the money pile (money, scoring cards and the modules'
cards); T7's reshuffle; and drawing from a module's own source (V3, V4).

Every draw of the game goes through here. In digital mode the engine takes the item on top
(the state keeps each source in draw order); in table mode it stops, and the table reveals
what was drawn: any item the source can still hold. A scoring card can be revealed only once
it is in the pile (T1 puts them there after dealing), and card 1 before card 2 (pile 2 lies
above pile 4). A module's card (V2) can be revealed whenever it is in the pile; a module's
source says what its next draw can bring (V3, V4).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from msgspec import Struct

from calculator import modules as registry
from calculator.core.tiles import Tile
from calculator.engine.components import ModuleCard, MoneyCard, ScoringCard
from calculator.engine.events import DiscardReshuffled, Event
from calculator.engine.state import Draft, Game

Source = str
"""The bag (``"bag"``), the money pile (``"pile"``), or a source a module draws from
(:attr:`calculator.engine.hooks.Module.draw_sources`)."""
Item = Tile | MoneyCard | ModuleCard | ScoringCard
"""What a draw brings, and so what a table can reveal."""
Step = Callable[[Draft], list[Event]]
"""An automatic step that needs no draw (score a round, start the next turn...)."""
Receive = Callable[[Draft, Any], list[Event]]
"""Puts a drawn item where it goes (a market slot, the face-up money, a hand...)."""


class Draw(Struct, frozen=True):
    """An automatic step that needs one item from ``source``; ``receive`` puts it in place.

    In digital mode the item is the one on top, so a draw is a step like the others: called
    on a draft, it draws that item. In table mode the table reveals it (:func:`draw`)."""

    source: Source
    receive: Receive

    def __call__(self, draft: Draft) -> list[Event]:
        return draw(draft, self, top(draft, self.source))


def drawable(game: Game, source: Source) -> list[Item]:
    """What the next draw from ``source`` can bring, each kind once, in the state's order."""
    if source != "pile":
        return list(dict.fromkeys(_held(game, source)))
    cards: list[Item] = list(dict.fromkeys(c for c in game.pile if not isinstance(c, ScoringCard)))
    scoring = [c for c in game.pile if isinstance(c, ScoringCard)]
    if scoring:
        cards.append(min(scoring, key=lambda card: card.round))
    return cards


def _held(game: Game, source: Source) -> Sequence[Item]:
    if source == "bag":
        return game.bag
    if source == "pile":
        return game.pile
    return registry.SOURCES[source][1].held(game)


def top(game: Game, source: Source) -> Item:
    """Digital mode: the item drawn next."""
    return game.bag[0] if source == "bag" else _held(game, source)[0]


def draw(draft: Draft, step: Draw, item: Item) -> list[Event]:
    """Draw ``item`` (in digital mode the top one) and let ``step`` put it in place."""
    if step.source == "bag":
        draft.bag = without(draft.bag, item)
    elif step.source == "pile":
        draft.pile = without(draft.pile, item)
    else:
        take = registry.SOURCES[step.source][1].take
        if take is not None:
            take(draft, item)
    return step.receive(draft, item)


_Drawn = TypeVar("_Drawn")


def without(items: tuple[_Drawn, ...], item: object) -> tuple[_Drawn, ...]:
    """``items`` less the first copy of ``item`` (in digital mode the top: a slice)."""
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def tile_order(tile: Tile) -> tuple[str, str, int, bool]:
    """A total order on tiles, to write a hidden set of tiles in one way."""
    return (tile.building or "", tile.walls, tile.price or 0, tile.hut)


def shuffler(seed: int | None, shuffles: int) -> random.Random:
    """The generator of a digital game's next shuffle: a function of the seed and the count of
    shuffles made. Seeding from a string uses SHA-512 (CPython's version-2 seeding), so a game
    replays the same on every platform."""
    return random.Random(f"alhambra/{seed}/{shuffles}")


def reshuffle_discard(draft: Draft) -> list[Event]:
    """T7: the money pile is empty; the discard pile is shuffled into a new one."""
    cards = list(draft.discard)
    if draft.digital:
        shuffler(draft.seed, draft.shuffles).shuffle(cards)
        draft.shuffles += 1
    else:  # only the set is known at a real table: money first, then a module's cards (V2)
        cards.sort(key=lambda card: (isinstance(card, ModuleCard), card))
    draft.pile = tuple(cards)
    draft.discard = ()
    return [DiscardReshuffled(len(cards))]
