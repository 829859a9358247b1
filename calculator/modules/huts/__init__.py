"""The Vizier's Favour, worker huts (V4): what the module adds to the base game
(:mod:`.rules` holds the rules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from calculator.core.tiles import BUILDINGS, Tile
from calculator.engine.components import DisplayCard
from calculator.engine.errors import Path
from calculator.engine.hooks import Claim, DrawSource, Module, Records
from calculator.engine.state import Game, Player
from calculator.engine.turn.draws import Draw
from calculator.modules.huts.records import ACTIONS, EVENTS, NAME, STACKS, RevealHut, TakeHut
from calculator.modules.huts.rules import (
    COMPONENT,
    PROVISIONAL_HUTS,
    TURNING_UP,
    at_table,
    given_huts,
    inconsistencies,
    information,
    legal_takes,
    shuffle_unseen,
    stack_up,
    stacks_of,
    table_inconsistencies,
    take_hut,
)
from calculator.modules.huts.scoring import HUTS_BY_COLOUR, HUTS_PER_PLAYER, SCORING


def _turning_up(game: Game) -> Draw | None:
    """V4, table mode: a hut was taken, or the setup began; the table reveals the next top."""
    return TURNING_UP if STACKS.of(game).hidden_tops else None


def _hidden_stack(game: Game) -> tuple[Tile, ...]:
    held = stacks_of(game)
    return held.hut_stacks[held.hidden_tops[0]]


def _table_inconsistencies(
    players: Sequence[Player], face_up: Sequence[DisplayCard]
) -> list[tuple[Path, str]]:
    return table_inconsistencies(players)


MODULE: Final[Module] = Module(
    name=NAME,
    rule="V4",
    records=Records(actions=ACTIONS, events=EVENTS, game=STACKS),
    set_up=stack_up,
    first_step=_turning_up,
    turn_actions=legal_takes,
    claims=(Claim(TakeHut, take_hut),),
    draw_sources={
        # a hut turned up stays in its stack: the draw's step puts it on top
        NAME: DrawSource(
            held=_hidden_stack,
            reveal_kind=RevealHut,
            drawn="top hut of a stack (V4)",
            holder="the stack whose top is turned up (V4)",
        )
    },
    random_kinds=(("take a hut", 1, (legal_takes,)),),
    inconsistencies=inconsistencies,
    table_inconsistencies=_table_inconsistencies,
    stand_ins={COMPONENT: PROVISIONAL_HUTS},
    scoring=SCORING,
    stood_in_for="the walls of the worker huts (V4)",
    given_components=given_huts,
    member_words={"hut": "the hut's colour"},
    item_words={
        "hidden_tops": ("a hut stack", "hut stacks"),
        "hut_stacks": ("a hut stack", "hut stacks"),
        "huts": ("a worker hut", "worker huts"),
    },
    catalog={
        "huts_by_colour": {b.value: HUTS_BY_COLOUR[b] for b in BUILDINGS},
        "huts_per_player": HUTS_PER_PLAYER,
    },
    information=information,
    at_table=at_table,
    shuffle_unseen=shuffle_unseen,
)

__all__ = ["MODULE", "PROVISIONAL_HUTS"]
