"""Drawing from the bag (tiles) and the money pile (money, scoring cards and the modules'
cards); T7's reshuffle. A module's own sources (V3, V4) are declared in its package, as
:class:`~calculator.engine.core.Source` objects like these two.

Every draw of the game goes through a source. In digital mode the engine takes the item on top
(the game keeps each source in draw order); in table mode it stops, and the table reveals what
was drawn: any item the source can still hold. A scoring card can be revealed only once it is
in the pile (T1 puts them there after dealing), and card 1 before card 2 (pile 2 lies above
pile 4). A module's card (V2) can be revealed whenever it is in the pile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from calculator.core.text import Text
from calculator.core.tiles import Tile
from calculator.engine.actions import Action, RevealMoney, RevealScoringCard, RevealTile
from calculator.engine.codes import MONEY, SCORING_CARD_CODES, TILE_CODE, TILES
from calculator.engine.core import Game, Source, card_of
from calculator.engine.events import DiscardReshuffled
from calculator.engine.memo import Memo


class Bag(Source):
    """The bag of building tiles (T1, T7, D2)."""

    drawn = Text("api.draw.bag_item")
    holder = Text("api.draw.bag")
    reveals: ClassVar[tuple[type, ...]] = (RevealTile,)

    def held(self, game: Game) -> Sequence[int]:
        return game.bag

    def top(self, game: Game) -> int:
        return game.bag.pop(0)

    def take(self, game: Game, item: Any) -> None:
        game.bag.remove(item)

    def item(self, game: Game, reveal: Action) -> Any:
        assert isinstance(reveal, RevealTile)
        return TILE_CODE.get(reveal.tile)

    def reveal(self, game: Game, item: Any) -> Action:
        return RevealTile(TILES[item])


class Pile(Source):
    """The money pile: money, the scoring cards (T1, T8) and the modules' cards (V2)."""

    drawn = Text("api.draw.pile_item")
    holder = Text("api.draw.pile")
    reveals: ClassVar[tuple[type, ...]] = (RevealMoney, RevealScoringCard)

    def held(self, game: Game) -> Sequence[int]:
        return game.pile

    def top(self, game: Game) -> int:
        return game.pile.pop(0)

    def take(self, game: Game, item: Any) -> None:
        game.pile.remove(item)

    def drawable(self, game: Game) -> list[Any]:
        """Each card once, in the pile's order; of the scoring cards, the first round's only."""
        scoring = [card for card in game.pile if card in SCORING_CARD_CODES]
        cards = list(dict.fromkeys(card for card in game.pile if card not in SCORING_CARD_CODES))
        if scoring:
            cards.append(min(scoring))
        return cards

    def item(self, game: Game, reveal: Action) -> Any:
        if isinstance(reveal, RevealScoringCard):
            return SCORING_CARD_CODES[reveal.round - 1] if reveal.round in (1, 2) else None
        assert isinstance(reveal, RevealMoney)
        return game.rules.card_code.get(reveal.card)

    def reveal(self, game: Game, item: Any) -> Action:
        if item in SCORING_CARD_CODES:
            return RevealScoringCard(SCORING_CARD_CODES.index(item) + 1)
        return RevealMoney(card_of(game.rules, item))


BAG: Final[Bag] = Bag()
PILE: Final[Pile] = Pile()


def tile_order(tile: Tile) -> tuple[str, str, int, bool]:
    """A total order on tiles, to write a hidden set of tiles in one way."""
    return (tile.building or "", tile.walls, tile.price or 0, tile.hut)


def shuffler(seed: int | None, shuffles: int) -> random.Random:
    """The generator of a digital game's next shuffle: a function of the seed and the count of
    shuffles made. Seeding from a string uses SHA-512 (CPython's version-2 seeding), so a game
    replays the same on every platform."""
    return random.Random(f"alhambra/{seed}/{shuffles}")


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` (the index ``rng.choice`` takes of ``n`` items), drawn as CPython
    draws it (``Random._randbelow_with_getrandbits``; a test holds the two equal) without its
    layers of calls: the engine's games and searches draw at nearly every step."""
    getrandbits = rng.getrandbits
    bits = n.bit_length()
    drawn = getrandbits(bits)
    while drawn >= n:
        drawn = getrandbits(bits)
    return drawn


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``, drawn as CPython draws it (Fisher-Yates from the last item, each
    index by :func:`below`; a test holds the two equal). The steps of a length (each index
    and the bits its draw takes) are worked out once: a search shuffles the same piles at
    every determinisation."""
    steps = _STEPS.get(len(items))
    if steps is None:
        steps = _STEPS.keep(len(items), _shuffle_steps(len(items)))
    getrandbits = rng.getrandbits
    for last, bits in steps:
        drawn = getrandbits(bits)
        while drawn > last:
            drawn = getrandbits(bits)
        items[last], items[drawn] = items[drawn], items[last]


def _shuffle_steps(length: int) -> tuple[tuple[int, int], ...]:
    """The steps of a shuffle of ``length`` items: each index from the last down to 1, with the
    bits that draw an index from 0 to it take."""
    return tuple((last, (last + 1).bit_length()) for last in range(length - 1, 0, -1))


SHUFFLES_MEMO: Final[int] = 1024
"""How many lengths the steps of a shuffle are kept for (a game's piles hold fewer items)."""

_STEPS: Final[Memo[int, tuple[tuple[int, int], ...]]] = Memo(SHUFFLES_MEMO)


def reshuffle_discard(game: Game) -> None:
    """T7: the money pile is empty; the discard pile is shuffled into a new one."""
    cards = game.discard
    if game.digital:
        shuffle(shuffler(game.seed, game.shuffles), cards)
        game.shuffles += 1
    else:  # only the set is known at a real table: money first, then a module's cards (V2)
        known = game.rules.cards
        money = sorted(card for card in cards if card < MONEY)
        others = sorted((card for card in cards if card >= MONEY), key=known.__getitem__)  # type: ignore[arg-type]
        cards = money + others
    game.pile = cards
    game.discard = []
    if game.log is not None:
        game.log.append(DiscardReshuffled(len(cards)))
