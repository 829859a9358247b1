"""The worker huts' words (V4): the action, the reveal, the events and the game's part of the
state, each declared once, with its wire name. A hut is a tile (``Tile.hut``)."""

from __future__ import annotations

from typing import Final

from msgspec import Struct

from calculator.core.tiles import Building, Tile
from calculator.engine.actions import ModuleAction, ModuleReveal
from calculator.engine.events import ModuleEvent
from calculator.engine.parts import Part

NAME: Final[str] = "huts"


class Stacks(Struct, frozen=True, omit_defaults=True):
    """V4, the game's part: the six stacks of huts, one per colour in the order of BUILDINGS,
    top first (in table mode only the top hut is known: the rest of a stack is kept in the
    game's order); and, in table mode, the stacks whose top hut the table has yet to reveal,
    first to be revealed first (on the wire only while there is one: ``omit_defaults``; a game
    with the module always has its six stacks)."""

    hut_stacks: tuple[tuple[Tile, ...], ...] = ()
    hidden_tops: tuple[int, ...] = ()


STACKS: Final[Part[Stacks]] = Part(NAME, Stacks)


class TakeHut(ModuleAction, frozen=True, rename={"building": "hut"}):
    """V4: the top hut of the stack of that colour, one of the turn's actions (no money, no
    further action); on the wire the colour is ``hut``."""

    kind = "take_hut"
    building: Building


class RevealHut(ModuleReveal, frozen=True):
    """Table mode, V4: the hut turned face up on top of its stack (the stack of its colour)."""

    kind = "reveal_hut"
    tile: Tile


class HutRevealed(ModuleEvent, frozen=True):
    """V4, table mode: the top hut of its colour's stack is turned face up."""

    kind = "hut_revealed"
    tile: Tile


class HutTaken(ModuleEvent, frozen=True):
    """V4: a player took the top hut of a stack; it waits for the end of the turn."""

    kind = "hut_taken"
    player: int
    tile: Tile


ACTIONS: Final[tuple[type[ModuleAction], ...]] = (TakeHut,)
EVENTS: Final[tuple[type[ModuleEvent], ...]] = (HutRevealed, HutTaken)
