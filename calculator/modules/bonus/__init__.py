"""The Vizier's Favour, bonus cards (V3): what the module adds to the base game
(:mod:`.rules` holds the rules)."""

from __future__ import annotations

from typing import Final

from calculator.core.tiles import Tile
from calculator.engine.hooks import DrawSource, Module, Records
from calculator.engine.state import Draft, Player
from calculator.engine.turn.draws import without
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
    at_table,
    deal_unseen,
    inconsistencies,
    information,
    lay_and_take_back,
    next_deal,
    shuffle,
)
from calculator.modules.bonus.scoring import SCORING


def _deal(draft: Draft, card: Tile) -> None:
    ASIDE.store(draft, Aside(without(aside(draft), card)))


def _face_up(player: Player) -> tuple[Tile, ...]:
    """V3: a face-up card counts as one more building of its tile's type."""
    return CARDS.of(player).bonus_cards


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
    scoring=SCORING,
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
    information=information,
    at_table=at_table,
    deal_unseen=deal_unseen,
)

__all__ = ["MODULE", "PROVISIONAL_BONUS_CARDS"]
