"""The Vizier's Favour, worker huts (V4): what the module adds to the base game
(:mod:`.rules` holds the rules)."""

from __future__ import annotations

from typing import Final

from calculator.core.tiles import Tile
from calculator.engine.actions import RevealHut, TakeHut
from calculator.engine.draws import Draw
from calculator.engine.hooks import Claim, DrawSource, Module
from calculator.engine.state import Game
from calculator.modules.huts.rules import (
    PROVISIONAL_HUTS,
    TURNING_UP,
    inconsistencies,
    legal_takes,
    stack_up,
    take_hut,
)
from calculator.modules.huts.scoring import SCORING


def _turning_up(game: Game) -> Draw | None:
    """V4, table mode: a hut was taken, or the setup began; the table reveals the next top."""
    return TURNING_UP if game.hidden_tops else None


def _hidden_stack(game: Game) -> tuple[Tile, ...]:
    return game.hut_stacks[game.hidden_tops[0]]


MODULE: Final[Module] = Module(
    name="huts",
    rule="V4",
    set_up=stack_up,
    first_step=_turning_up,
    turn_actions=legal_takes,
    claims=(Claim(TakeHut, take_hut),),
    draw_sources={
        # a hut turned up stays in its stack: the draw's step puts it on top
        "huts": DrawSource(
            held=_hidden_stack,
            reveal=RevealHut,
            reveal_kind=RevealHut,
            drawn="top hut of a stack (V4)",
            holder="the stack whose top is turned up (V4)",
        )
    },
    random_kinds=(("take a hut", 1, (legal_takes,)),),
    inconsistencies=inconsistencies,
    stand_ins={"huts": PROVISIONAL_HUTS},
    scoring=SCORING,
)

__all__ = ["MODULE", "PROVISIONAL_HUTS"]
