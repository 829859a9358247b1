"""The Vizier's Favour, worker huts (V4): what the module adds to the base game
(:mod:`.rules` holds the rules)."""

from __future__ import annotations

from typing import Final

from calculator.core.text import Text
from calculator.core.tiles import BUILDINGS
from calculator.engine.core import Claim, Module, Records
from calculator.modules.huts.records import ACTIONS, EVENTS, NAME, STACKS, TakeHut
from calculator.modules.huts.rules import (
    COMPONENT,
    PROVISIONAL_HUTS,
    STACK,
    at_table,
    check_take,
    given_huts,
    inconsistencies,
    information,
    legal_takes,
    shuffle_unseen,
    stack_up,
    table_inconsistencies,
    turning_up,
)
from calculator.modules.huts.scoring import HUTS_BY_COLOUR, HUTS_PER_PLAYER, SCORING

MODULE: Final[Module] = Module(
    name=NAME,
    rule="V4",
    records=Records(actions=ACTIONS, events=EVENTS, game=STACKS),
    set_up=stack_up,
    first_step=turning_up,
    turn_actions=legal_takes,
    claims=(Claim(TakeHut, check_take),),
    draw_sources=(STACK,),
    random_kinds=(("take a hut", 1, (legal_takes,)),),
    inconsistencies=inconsistencies,
    table_inconsistencies=table_inconsistencies,
    stand_ins={COMPONENT: PROVISIONAL_HUTS},
    scoring=SCORING,
    stood_in_for=Text("api.V4.stood_in_for"),
    given_components=given_huts,
    listed_items=("hidden_tops", "hut_stacks", "huts"),
    catalog={
        "huts_by_colour": {b.value: HUTS_BY_COLOUR[b] for b in BUILDINGS},
        "huts_per_player": HUTS_PER_PLAYER,
    },
    information=information,
    at_table=at_table,
    shuffle_unseen=shuffle_unseen,
)

__all__ = ["MODULE", "PROVISIONAL_HUTS"]
