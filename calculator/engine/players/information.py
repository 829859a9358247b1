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
from calculator.engine.components import copies_per_card
from calculator.engine.core import Game
from calculator.engine.hand import Hand
from calculator.engine.state import FACE_UP_MONEY, GameState, to_game
from calculator.engine.turn.draws import below, shuffle, tile_order
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


class Unseen:
    """What a seat cannot see of its information set (:func:`information_set`), worked out
    once per decision so that each determinisation is a copy and a few shuffles: the seats
    whose hands are hidden with their sizes, the money to deal them and the pile (T3, T7), the
    modules' cards in the pile (V2) and where each scoring card still in it may lie (T1)."""

    __slots__ = ("depths", "digital", "extras", "information", "money", "others", "seat")

    def __init__(self, information: Game, seat: int) -> None:
        self.information = information
        self.seat = seat
        self.others = [
            (index, len(player.hand.cards))
            for index, player in enumerate(information.seats)
            if index != seat
        ]
        self.money = [
            card for index, _ in self.others for card in information.seats[index].hand.cards
        ] + [card for card in information.pile if card < MONEY]
        self.extras = [card for card in information.pile if card >= FIRST_MODULE_CARD]
        size = len(self.money) - sum(size for _, size in self.others) + len(self.extras)
        self.depths = [
            (card, *_depths(information, card, size))
            for card in sorted(card for card in information.pile if card in SCORING_CARD_CODES)
        ]
        self.digital = replace(information.options, mode="digital")


def determinise(unseen: Unseen, rng: random.Random) -> Game:
    """A digital game agreeing with the information set ``unseen`` comes from (a canonical
    form, see :func:`information_set`), its hidden parts dealt at random by ``rng``."""
    information, seat = unseen.information, unseen.seat
    game = information.copy()
    money = list(unseen.money)
    shuffle(rng, money)
    dealt = 0
    for index, size in unseen.others:
        game.seats[index].hand = Hand(money[dealt : dealt + size])
        dealt += size
    for deal_unseen in game.rules.deal_unseen:  # the hands first, then the piles
        deal_unseen(game, seat, rng)
    bag = list(information.bag)
    shuffle(rng, bag)
    game.seed = below(rng, 2**31)
    if not game.digital:
        game.digital = True
        game.options = unseen.digital
    pile = money[dealt:] + unseen.extras
    shuffle(rng, pile)
    if unseen.depths:  # the scoring cards still in the pile, card 1 above card 2 (T1)
        depths = sorted(
            min(len(pile), low + below(rng, high - low) if high > low else low)
            for _, low, high in unseen.depths
        )
        for depth, (card, _, _) in reversed(list(zip(depths, unseen.depths, strict=True))):
            pile.insert(depth, card)
    game.pile = pile
    game.bag = bag
    for shuffle_unseen in game.rules.shuffle_unseen:
        shuffle_unseen(game, seat, rng)
    return game


def _depths(information: Game, card: int, money: int) -> tuple[int, int]:
    """T1: how many money cards may lie above ``card``, ``money`` of them in the pile: it went
    into pile 2 (card 1) or 4 (card 2) of a pile whose first size is estimated, less the cards
    drawn since (a range: low, high)."""
    players = len(information.seats)
    dealt = MONEY * copies_per_card(players) - FACE_UP_MONEY
    dealt -= round(SETUP_CARDS_PER_PLAYER * players)
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
    return max(0, start - drawn), max(0, end - drawn)
