"""What one seat knows of a game, and games that agree with it (determinisation).

An advisor must answer the same whatever it cannot see (no peeking). So it never looks at a
state itself: :func:`information_set` first maps the state to a canonical form of what the
seat knows, in which every hidden order is sorted and every hidden holding pooled:

* the bag (T1, T7) and the money pile, scoring cards included (T1, T8): their order;
* the other players' money (their hands keep their sizes: the unseen money is pooled with the
  pile and dealt back in seat order);
* a digital game's seed (it decides every later shuffle);
* what each module hides (its ``information`` hook: V1, V3, V4).

:func:`determinise` then deals the hidden parts at random from that canonical form, with the
caller's seeded generator, into a digital game the engine can play to the end (in table mode
too: what the table has not revealed is dealt like a digital game's draws). The seat's own
hand, the Alhambras, reserves, market, face-up money, discards, the dummy's tiles and the
modules' cards taken face up (V2) are seen by everybody.
"""

from __future__ import annotations

import random
from typing import Final

from msgspec.structs import replace

from calculator import modules as registry
from calculator.engine.components import (
    DisplayCard,
    ModuleCard,
    MoneyCard,
    ScoringCard,
    money_cards,
)
from calculator.engine.state import FACE_UP_MONEY, GameState
from calculator.engine.turn.draws import tile_order
from calculator.engine.turn.setup import SCORING_PILE, pile_sizes

SETUP_CARDS_PER_PLAYER: Final[float] = 4.5
"""T1: the cards a player draws on average to reach 20, by which the pile's first size is
estimated (nobody records it)."""

PileCard = DisplayCard | ScoringCard


def card_order(card: PileCard) -> tuple[int, str, int]:
    """A total order on the cards of the money pile: money, the modules' cards (V2), scoring
    cards."""
    if isinstance(card, MoneyCard):
        return (0, card.currency, card.value)
    if isinstance(card, ModuleCard):
        return (1, card.describe(), 0)
    return (2, "", card.round)


def information_set(state: GameState, seat: int) -> GameState:
    """The canonical form of what ``seat`` knows of ``state``: equal for every state that
    differs from it only in what the seat cannot see."""
    others = [index for index in range(len(state.players)) if index != seat]
    money = [card for index in others for card in state.players[index].hand]
    money = sorted(money + [card for card in state.pile if isinstance(card, MoneyCard)])
    players = list(state.players)
    players[seat] = replace(players[seat], hand=tuple(sorted(players[seat].hand)))
    for index in others:
        player = players[index]
        hand, money = money[: len(player.hand)], money[len(player.hand) :]
        players[index] = replace(player, hand=tuple(hand))
    rest = sorted((card for card in state.pile if not isinstance(card, MoneyCard)), key=card_order)
    known = replace(
        state,
        seed=None if state.seed is None else 0,
        players=tuple(players),
        pile=(*money, *rest),
        discard=tuple(sorted(state.discard, key=card_order)),
        bag=tuple(sorted(state.bag, key=tile_order)),
    )
    for information in registry.active(state.options.modules).information:
        known = information(known, seat)
    return known


def determinise(information: GameState, seat: int, rng: random.Random) -> GameState:
    """A digital game agreeing with ``information`` (a canonical form, see
    :func:`information_set`), its hidden parts dealt at random by ``rng``."""
    others = [index for index in range(len(information.players)) if index != seat]
    players = list(information.players)
    money = [card for index in others for card in players[index].hand]
    money += [card for card in information.pile if isinstance(card, MoneyCard)]
    rng.shuffle(money)
    for index in others:
        player = players[index]
        hand, money = money[: len(player.hand)], money[len(player.hand) :]
        players[index] = replace(player, hand=tuple(hand))
    game = replace(information, players=tuple(players))
    hooks = registry.active(information.options.modules)
    for deal_unseen in hooks.deal_unseen:  # the hands first, then the piles
        game = deal_unseen(game, seat, rng)
    bag = list(information.bag)
    rng.shuffle(bag)
    seed = rng.randrange(2**31)
    game = replace(
        game,
        options=replace(information.options, mode="digital"),
        seed=seed,
        pile=tuple(_pile(information, money, rng)),
        bag=tuple(bag),
    )
    for shuffle_unseen in hooks.shuffle_unseen:
        game = shuffle_unseen(game, seat, rng)
    return game


def _pile(information: GameState, money: list[MoneyCard], rng: random.Random) -> list[PileCard]:
    """The money pile in a random order: the unseen money, the modules' cards (V2) among it,
    and each scoring card still in it at a depth the pile it went into allows (T1)."""
    pile: list[PileCard] = [*money]
    pile += [card for card in information.pile if isinstance(card, ModuleCard)]
    rng.shuffle(pile)
    scoring = sorted(
        (card for card in information.pile if isinstance(card, ScoringCard)),
        key=lambda card: card.round,
    )
    depths = sorted(_depth(information, card, len(pile), rng) for card in scoring)
    for depth, card in reversed(list(zip(depths, scoring, strict=True))):
        pile.insert(depth, card)
    return pile


def _depth(information: GameState, card: ScoringCard, money: int, rng: random.Random) -> int:
    """T1: how many money cards lie above ``card``: it went into pile 2 (card 1) or 4 (card 2)
    of a pile whose first size is estimated, less the cards drawn since."""
    players = len(information.players)
    dealt = len(money_cards(players)) - FACE_UP_MONEY - round(SETUP_CARDS_PER_PLAYER * players)
    sizes = pile_sizes(dealt)
    first = dealt
    for added in registry.active(information.options.modules).pile_cards:  # V2
        for index in added.piles:
            sizes[index - 1] += added.per_pile
            first += added.per_pile
    pile = SCORING_PILE[card.round]
    start = sum(sizes[: pile - 1])
    end = start + sizes[pile - 1]
    drawn = first - money
    low, high = max(0, start - drawn), max(0, end - drawn)
    return min(money, rng.randrange(low, high) if high > low else low)
