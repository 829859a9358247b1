"""What one seat knows of a game, and games that agree with it (determinisation).

An advisor must answer the same whatever it cannot see (no peeking). So it never looks at a
state itself: :func:`information_set` first maps the state to a canonical form of what the
seat knows, a game core in which every hidden order is sorted and every hidden holding pooled:

* the bag (T1, T7) and the money pile, scoring cards included (T1, T8): their order;
* the other players' money (their hands keep their sizes: the unseen money is pooled with the
  pile and dealt back in seat order);
* a digital game's seed (it decides every later shuffle);
* what each module hides (its ``information`` hook: V1, V3, V4).

:func:`determinise` then deals the hidden parts at random from that canonical form, with the
caller's seeded generator, into a digital game the engine can play to the end (in table mode
too: what the table has not revealed is dealt like a digital game's draws): a copy of the
canonical game, so a search makes one canonical form per decision and one cheap copy per
searched game. The seat's own hand, the Alhambras, reserves, market, face-up money, discards,
the dummy's tiles and the modules' cards taken face up (V2) are seen by everybody.
"""

from __future__ import annotations

import random
from typing import Final

from msgspec.structs import replace

from calculator.engine.codes import FIRST_MODULE_CARD, MONEY, SCORING_CARD_CODES, TILES
from calculator.engine.components import money_cards
from calculator.engine.core import Game
from calculator.engine.hand import Hand
from calculator.engine.state import FACE_UP_MONEY, GameState, to_game
from calculator.engine.turn.draws import tile_order
from calculator.engine.turn.setup import SCORING_PILE, pile_sizes

SETUP_CARDS_PER_PLAYER: Final[float] = 4.5
"""T1: the cards a player draws on average to reach 20, by which the pile's first size is
estimated (nobody records it)."""


def _card_order(game: Game) -> dict[int, tuple[int, str, int]]:
    """A total order on the cards of the money pile (by code): money, the modules' cards (V2),
    scoring cards."""
    order: dict[int, tuple[int, str, int]] = {}
    for code, card in enumerate(game.rules.cards):
        if code < MONEY:
            order[code] = (0, "", code)
        elif code >= FIRST_MODULE_CARD:
            order[code] = (1, card.describe(), 0)  # type: ignore[union-attr]
        else:
            order[code] = (2, "", SCORING_CARD_CODES.index(code) + 1)
    return order


def information_set(state: GameState, seat: int) -> Game:
    """The canonical form of what ``seat`` knows of ``state``, as a game core: equal (as a
    state) for every state that differs from it only in what the seat cannot see."""
    game = to_game(state)
    others = [index for index in range(len(game.seats)) if index != seat]
    money = [card for index in others for card in game.seats[index].hand.cards]
    money = sorted(money + [card for card in game.pile if card < MONEY])
    game.seats[seat].hand = Hand(sorted(game.seats[seat].hand.cards))
    for index in others:
        size = len(game.seats[index].hand.cards)
        game.seats[index].hand = Hand(money[:size])
        money = money[size:]
    order = _card_order(game)
    rest = sorted((card for card in game.pile if card >= MONEY), key=order.__getitem__)
    game.seed = None if game.seed is None else 0
    game.pile = money + rest
    game.discard = sorted(game.discard, key=order.__getitem__)
    game.bag = sorted(game.bag, key=lambda tile: tile_order(TILES[tile]))
    for information in game.rules.information:
        information(game, seat)
    return game


def determinise(information: Game, seat: int, rng: random.Random) -> Game:
    """A digital game agreeing with ``information`` (a canonical form, see
    :func:`information_set`), its hidden parts dealt at random by ``rng``."""
    game = information.copy()
    others = [index for index in range(len(game.seats)) if index != seat]
    money = [card for index in others for card in game.seats[index].hand.cards]
    money += [card for card in information.pile if card < MONEY]
    rng.shuffle(money)
    for index in others:
        size = len(game.seats[index].hand.cards)
        game.seats[index].hand = Hand(money[:size])
        money = money[size:]
    for deal_unseen in game.rules.deal_unseen:  # the hands first, then the piles
        deal_unseen(game, seat, rng)
    bag = list(information.bag)
    rng.shuffle(bag)
    game.seed = rng.randrange(2**31)
    if not game.digital:
        game.digital = True
        game.options = replace(information.options, mode="digital")
    game.pile = _pile(information, money, rng)
    game.bag = bag
    for shuffle_unseen in game.rules.shuffle_unseen:
        shuffle_unseen(game, seat, rng)
    return game


def _pile(information: Game, money: list[int], rng: random.Random) -> list[int]:
    """The money pile in a random order: the unseen money, the modules' cards (V2) among it,
    and each scoring card still in it at a depth the pile it went into allows (T1)."""
    pile = [*money, *(card for card in information.pile if card >= FIRST_MODULE_CARD)]
    rng.shuffle(pile)
    scoring = sorted(card for card in information.pile if card in SCORING_CARD_CODES)
    depths = sorted(_depth(information, card, len(pile), rng) for card in scoring)
    for depth, card in reversed(list(zip(depths, scoring, strict=True))):
        pile.insert(depth, card)
    return pile


def _depth(information: Game, card: int, money: int, rng: random.Random) -> int:
    """T1: how many money cards lie above ``card``: it went into pile 2 (card 1) or 4 (card 2)
    of a pile whose first size is estimated, less the cards drawn since."""
    players = len(information.seats)
    dealt = len(money_cards(players)) - FACE_UP_MONEY - round(SETUP_CARDS_PER_PLAYER * players)
    sizes = pile_sizes(dealt)
    first = dealt
    for added in information.rules.pile_cards:  # V2
        for index in added.piles:
            sizes[index - 1] += added.per_pile
            first += added.per_pile
    pile = SCORING_PILE[SCORING_CARD_CODES.index(card) + 1]
    start = sum(sizes[: pile - 1])
    end = start + sizes[pile - 1]
    drawn = first - money
    low, high = max(0, start - drawn), max(0, end - drawn)
    return min(money, rng.randrange(low, high) if high > low else low)
