"""The Vizier's Favour, bonus cards (V3): what the module adds to the base game
(:mod:`.rules` holds the rules)."""

from __future__ import annotations

import random
from typing import Final

from msgspec.structs import replace

from calculator.core.scoring import depicts
from calculator.core.tiles import Tile
from calculator.engine.hooks import DrawSource, Module, Records
from calculator.engine.state import Draft, GameState, Player
from calculator.engine.turn.draws import tile_order, without
from calculator.modules.bonus.records import (
    ASIDE,
    CARDS,
    EVENTS,
    NAME,
    Aside,
    RevealBonusCard,
)
from calculator.modules.bonus.rules import (
    COMPONENT,
    PROVISIONAL_BONUS_CARDS,
    aside,
    inconsistencies,
    lay_and_take_back,
    next_deal,
    shuffle,
)


def _deal(draft: Draft, card: Tile) -> None:
    ASIDE.store(draft, Aside(without(aside(draft), card)))


def _face_up(player: Player) -> tuple[Tile, ...]:
    """V3: a face-up card counts as one more building of its tile's type."""
    return CARDS.of(player).bonus_cards


def _redealt(
    state: GameState, seat: int, pool: list[Tile], deal: random.Random | None
) -> GameState:
    """The other players' hidden hands dealt from ``pool`` (their cards in hand and the cards
    set aside) in seat order, each its size, the rest set aside: in the pool's order, or (with
    ``deal``) preferring cards whose tile is not in the player's Alhambra, which would have
    been laid face up."""
    players = list(state.players)
    for index, player in enumerate(players):
        if index == seat:
            continue
        cards = CARDS.of(player)
        size = len(cards.bonus_hand)
        if deal is not None:
            tiles = list(player.alhambra.tiles.values())
            fitting = [card for card in pool if not any(depicts(card, tile) for tile in tiles)]
            hand = (fitting + [card for card in pool if card not in fitting])[:size]
        else:
            hand = pool[:size]
        for card in hand:
            pool.remove(card)
        players[index] = CARDS.put(player, replace(cards, bonus_hand=tuple(hand)))
    return ASIDE.put(replace(state, players=tuple(players)), Aside(tuple(pool)))


def _pool(state: GameState, seat: int) -> list[Tile]:
    hands = [
        card
        for index, player in enumerate(state.players)
        if index != seat
        for card in CARDS.of(player).bonus_hand
    ]
    return hands + list(aside(state))


def _information(state: GameState, seat: int) -> GameState:
    """V3: the other players' bonus cards in hand are pooled with the cards set aside."""
    return _redealt(state, seat, sorted(_pool(state, seat), key=tile_order), None)


def _determinise(state: GameState, seat: int, rng: random.Random) -> GameState:
    pool = _pool(state, seat)
    rng.shuffle(pool)
    return _redealt(state, seat, pool, rng)


MODULE: Final[Module] = Module(
    name=NAME,
    rule="V3",
    records=Records(events=EVENTS, player=CARDS, game=ASIDE),
    set_up=shuffle,
    setup_draw=next_deal,
    # a card is laid as soon as its tile is in the Alhambra (so before any scoring round) and
    # taken back as soon as the tile leaves; only a player's action changes an Alhambra, never
    # an automatic step, so once after each action is enough
    after_action=lay_and_take_back,
    draw_sources={
        NAME: DrawSource(
            held=aside,
            reveal_kind=RevealBonusCard,
            drawn="bonus card (V3)",
            holder="the bonus cards not dealt (V3)",
            take=_deal,
        )
    },
    inconsistencies=inconsistencies,
    stand_ins={COMPONENT: PROVISIONAL_BONUS_CARDS},
    stood_in_for="the tiles shown on the bonus cards (V3)",
    counted=_face_up,
    member_words={
        "bonus_aside": "the bonus cards set aside",
        "bonus_hand": "the bonus cards in hand",
    },
    item_words={
        "bonus_aside": ("a bonus card", "bonus cards"),
        "bonus_cards": ("a bonus card", "bonus cards"),
        "bonus_hand": ("a bonus card", "bonus cards"),
    },
    information=_information,
    determinise=_determinise,
)

__all__ = ["MODULE", "PROVISIONAL_BONUS_CARDS"]
