"""A game's record: the new game it starts from and every move, in order (T1; the moves as the
engine takes them, the table's reveals among them in table mode).

A record is its moves, as a chess game is in python-chess's ``pgn``: the position at any move
is a replay (:mod:`calculator.records.replay`). Besides the game and the moves a record keeps
the tags a person gives it (the event, the place, the date, ...), which the text notation
writes in its header (:mod:`calculator.records.notation`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from msgspec import Struct

from calculator import modules as registry
from calculator.engine import Action, GameState, Options, new_game
from calculator.engine.state import DEFAULT_OPTIONS

MAX_MOVES: Final[int] = 900
"""The most moves a record holds, so that no replay or review runs without end (and, like every
array of a request, fewer than a thousand). The longest of 30 seeded random 6-player table
games with every module, whose players redesign far more than people do, took 520 moves,
reveals and the vizier's offers included."""

MAX_TAGS: Final[int] = 20
"""The most tags a person gives a record besides the game's own."""

FIRST_TAGS: Final[tuple[str, ...]] = ("Event", "Site", "Date", "Round", "Annotator")
"""The tags written first, in this order (PGN's roster); the others follow by name."""


class Setup(Struct, frozen=True):
    """The new game a record starts from, as ``POST /v1/games`` takes it (T1): the players'
    names in seat order, the seed of a digital game's draws, the start player (``None``: T1
    decides) and the options (mode, hole rule, modules, components)."""

    names: tuple[str, ...]
    seed: int | None = None
    start_player: int | None = None
    options: Options = DEFAULT_OPTIONS


class Record(Struct, frozen=True):
    """A whole game as the requests that made it: its setup and its moves, in order; and the
    tags a person gave it, in the order they are written (:func:`ordered_tags`)."""

    setup: Setup
    moves: tuple[Action, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()


def ordered_tags(tags: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The tags in the order they are written: PGN's roster first, then by name."""

    def order(tag: tuple[str, str]) -> tuple[int, str]:
        name = tag[0]
        return (FIRST_TAGS.index(name), "") if name in FIRST_TAGS else (len(FIRST_TAGS), name)

    return tuple(sorted(tags, key=order))


def modules_in_order(modules: Iterable[str]) -> list[str]:
    """The modules of a game in the order of their rules (V1-V4), as a record names them."""
    played = set(modules)
    return [name for name in registry.NAMES if name in played]


def start(setup: Setup) -> GameState:
    """The game a record starts from (T1). A digital game's draws follow from its seed, so a
    digital record without one cannot be replayed: the caller refuses it first."""
    if setup.options.mode == "digital" and setup.seed is None:
        raise ValueError("a digital game's record needs its seed")
    return new_game(list(setup.names), setup.seed or 0, setup.start_player, setup.options)
