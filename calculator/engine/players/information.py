"""What one seat knows of a game, and games that agree with it (determinisation).

An advisor must answer the same whatever it cannot see (no peeking). So it never looks at a
state itself: :func:`information_set` first maps the state to a canonical form of what the
seat knows, in which every hidden order is sorted and every hidden holding pooled:

* the bag (T1, T7) and the money pile, scoring cards included (T1, T8): their order;
* the other players' money (their hands keep their sizes: the unseen money is pooled with the
  pile and dealt back in seat order);
* V3: the other players' bonus cards in hand, pooled with the cards set aside;
* V4: each hut stack below its face-up top;
* a digital game's seed (it decides every later shuffle).

One thing the seat learns from the others' hidden money is kept: when the vizier is offered
to it (V1), the seats the offer passed over could not pay exactly; they count as asked.

:func:`determinise` then deals the hidden parts at random from that canonical form, with the
caller's seeded generator, into a digital game the engine can play to the end (in table mode
too: what the table has not revealed is dealt like a digital game's draws). The seat's own
hand, the Alhambras, reserves, market, face-up money, discards, the dummy's tiles and the
exchange cards taken (V2, taken face up) are seen by everybody.
"""

from __future__ import annotations

import random
from typing import Final

from msgspec.structs import replace

from calculator import modules as registry
from calculator.core.tiles import Tile
from calculator.engine.components import (
    DisplayCard,
    ExchangeCard,
    MoneyCard,
    ScoringCard,
    money_cards,
)
from calculator.engine.setup import SCORING_PILE, pile_sizes
from calculator.engine.state import FACE_UP_MONEY, GameState, Phase, Player, Turn

SETUP_CARDS_PER_PLAYER: Final[float] = 4.5
"""T1: the cards a player draws on average to reach 20, by which the pile's first size is
estimated (nobody records it)."""

PileCard = DisplayCard | ScoringCard


def tile_order(tile: Tile) -> tuple[str, str, int, bool]:
    """A total order on tiles, to write a hidden set of tiles in one way."""
    return (tile.building or "", tile.walls, tile.price or 0, tile.hut)


def card_order(card: PileCard) -> tuple[int, str, int]:
    """A total order on the cards of the money pile: money, exchange cards (V2), scoring cards."""
    if isinstance(card, MoneyCard):
        return (0, card.currency, card.value)
    if isinstance(card, ExchangeCard):
        return (1, "/".join(card.currencies), 0)
    return (2, "", card.round)


def information_set(state: GameState, seat: int) -> GameState:
    """The canonical form of what ``seat`` knows of ``state``: equal for every state that
    differs from it only in what the seat cannot see."""
    others = [index for index in range(len(state.players)) if index != seat]
    money = [card for index in others for card in state.players[index].hand]
    money = sorted(money + [card for card in state.pile if isinstance(card, MoneyCard)])
    bonus = [card for index in others for card in state.players[index].bonus_hand]
    bonus = sorted(bonus + list(state.bonus_aside), key=tile_order)
    players = list(state.players)
    players[seat] = replace(players[seat], hand=tuple(sorted(players[seat].hand)))
    for index in others:
        player = players[index]
        hand, money = money[: len(player.hand)], money[len(player.hand) :]
        dealt, bonus = bonus[: len(player.bonus_hand)], bonus[len(player.bonus_hand) :]
        players[index] = replace(player, hand=tuple(hand), bonus_hand=tuple(dealt))
    rest = sorted((card for card in state.pile if not isinstance(card, MoneyCard)), key=card_order)
    return replace(
        state,
        turn=_passed_over(state, seat),
        seed=None if state.seed is None else 0,
        players=tuple(players),
        pile=(*money, *rest),
        discard=tuple(sorted(state.discard, key=card_order)),
        bag=tuple(sorted(state.bag, key=tile_order)),
        bonus_aside=tuple(bonus),
        hut_stacks=tuple(
            stack[:1] + tuple(sorted(stack[1:], key=tile_order)) for stack in state.hut_stacks
        ),
    )


def _passed_over(state: GameState, seat: int) -> Turn:
    """V1: the vizier is offered to ``seat`` now, so the seats the offer passed over (in turn
    order from the next player) could not pay exactly: they count as asked, so that no
    determinisation dealing them other money offers them the vizier first."""
    turn = state.turn
    if turn.phase != Phase.VIZIER or turn.player is None:
        return turn
    seats = len(state.players)
    passed = []
    for step in range(1, seats + 1):
        asked = (turn.player + step) % seats
        if asked == seat:
            break
        if asked not in turn.vizier_asked:
            passed.append(asked)
    return replace(turn, vizier_asked=turn.vizier_asked + tuple(passed))


def determinise(information: GameState, seat: int, rng: random.Random) -> GameState:
    """A digital game agreeing with ``information`` (a canonical form, see
    :func:`information_set`), its hidden parts dealt at random by ``rng``."""
    others = [index for index in range(len(information.players)) if index != seat]
    players = list(information.players)
    money = [card for index in others for card in players[index].hand]
    money += [card for card in information.pile if isinstance(card, MoneyCard)]
    rng.shuffle(money)
    bonus = [card for index in others for card in players[index].bonus_hand]
    bonus += information.bonus_aside
    rng.shuffle(bonus)
    for index in others:
        player = players[index]
        hand, money = money[: len(player.hand)], money[len(player.hand) :]
        dealt, bonus = _deal_bonus(player, bonus)
        players[index] = replace(player, hand=tuple(hand), bonus_hand=tuple(dealt))
    bag = list(information.bag)
    rng.shuffle(bag)
    return replace(
        information,
        options=replace(information.options, mode="digital"),
        seed=rng.randrange(2**31),
        players=tuple(players),
        pile=tuple(_pile(information, money, rng)),
        bag=tuple(bag),
        bonus_aside=tuple(bonus),
        hut_stacks=tuple(_shuffled_below_top(stack, rng) for stack in information.hut_stacks),
        hidden_tops=(),
    )


def _deal_bonus(player: Player, pool: list[Tile]) -> tuple[list[Tile], list[Tile]]:
    """V3: a hidden bonus hand of the player's size, preferring cards whose tile is not in the
    player's Alhambra (such a card would have been laid face up)."""
    size = len(player.bonus_hand)
    tiles = list(player.alhambra.tiles.values())
    fitting = [card for card in pool if not any(registry.depicts(card, t) for t in tiles)]
    dealt = (fitting + [card for card in pool if card not in fitting])[:size]
    rest = list(pool)
    for card in dealt:
        rest.remove(card)
    return dealt, rest


def _shuffled_below_top(stack: tuple[Tile, ...], rng: random.Random) -> tuple[Tile, ...]:
    below = list(stack[1:])
    rng.shuffle(below)
    return stack[:1] + tuple(below)


def _pile(information: GameState, money: list[MoneyCard], rng: random.Random) -> list[PileCard]:
    """The money pile in a random order: the unseen money, the exchange cards (V2) among it,
    and each scoring card still in it at a depth the pile it went into allows (T1)."""
    pile: list[PileCard] = [*money]
    pile += [card for card in information.pile if isinstance(card, ExchangeCard)]
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
