"""The Vizier's Favour, bonus cards (V3): what the module adds to the base game
(:mod:`.rules` holds the rules)."""

from __future__ import annotations

from typing import Final

from calculator.core.tiles import Tile
from calculator.engine.actions import RevealBonusCard
from calculator.engine.draws import without
from calculator.engine.hooks import DrawSource, Module
from calculator.engine.state import Draft, Game
from calculator.modules.bonus.rules import (
    PROVISIONAL_BONUS_CARDS,
    inconsistencies,
    lay_and_take_back,
    next_deal,
    shuffle,
)
from calculator.modules.bonus.scoring import SCORING


def _not_dealt(game: Game) -> tuple[Tile, ...]:
    return game.bonus_aside


def _deal(draft: Draft, card: Tile) -> None:
    draft.bonus_aside = without(draft.bonus_aside, card)


MODULE: Final[Module] = Module(
    name="bonus",
    rule="V3",
    set_up=shuffle,
    setup_draw=next_deal,
    # a card is laid as soon as its tile is in the Alhambra (so before any scoring round) and
    # taken back as soon as the tile leaves; only a player's action changes an Alhambra, never
    # an automatic step, so once after each action is enough
    after_action=lay_and_take_back,
    draw_sources={
        "bonus": DrawSource(
            held=_not_dealt,
            reveal=RevealBonusCard,
            reveal_kind=RevealBonusCard,
            drawn="bonus card (V3)",
            holder="the bonus cards not dealt (V3)",
            take=_deal,
        )
    },
    inconsistencies=inconsistencies,
    stand_ins={"bonus_cards": PROVISIONAL_BONUS_CARDS},
    scoring=SCORING,
)

__all__ = ["MODULE", "PROVISIONAL_BONUS_CARDS"]
