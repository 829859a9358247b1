"""The Vizier's Favour, bonus cards (V3): what the module adds to the base game
(:mod:`.rules` holds the rules)."""

from __future__ import annotations

from typing import Final

from calculator.core.text import Text
from calculator.engine.core import Module, Records
from calculator.modules.bonus.records import ASIDE, CARDS, EVENTS, NAME
from calculator.modules.bonus.rules import (
    COMPONENT,
    DECK,
    PROVISIONAL_BONUS_CARDS,
    at_table,
    deal_unseen,
    face_up,
    inconsistencies,
    information,
    lay_and_take_back,
    next_deal,
    shuffle,
)
from calculator.modules.bonus.scoring import SCORING

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
    draw_sources=(DECK,),
    inconsistencies=inconsistencies,
    stand_ins={COMPONENT: PROVISIONAL_BONUS_CARDS},
    scoring=SCORING,
    stood_in_for=Text("api.V3.stood_in_for"),
    counted=face_up,
    listed_items=("bonus_aside", "bonus_cards", "bonus_hand"),
    information=information,
    at_table=at_table,
    deal_unseen=deal_unseen,
)

__all__ = ["MODULE", "PROVISIONAL_BONUS_CARDS"]
