"""How a module adds to a scoring round: its term gives each player a :class:`Part`.

A module that changes a round's points brings a :data:`Term` over the whole table
(:class:`RoundTable`), since some parts rank the players against each other (K1, G3). A player
given by an Alhambra carries its pieces (``furnished``) and the term computes from them; a
player given by counts carries what the table counted instead (X1). S1 changes the points per
place of the majorities themselves (``RoundTable.points``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from msgspec import Struct

from calculator.core.pieces import Furnished, Piece
from calculator.core.scoring import POINTS, Counts, Points
from calculator.core.tiles import Building, Side

NO_RESIDENTS: Final[Mapping[Building, int]] = MappingProxyType({})
M2: Final[Points] = MappingProxyType(POINTS)


class SeatRound(Struct, frozen=True):
    """One player at a scoring round, as the modules' terms see them."""

    counts: Counts
    wall: int
    furnished: Furnished | None = None
    chests: int = 0
    residents: Mapping[Building, int] = NO_RESIDENTS
    exposed: tuple[int, int] = (0, 0)
    """K3, by counts: the exposed sides facing the attack, and beside it (round 3)."""
    camp_points: int = 0
    bazaar_points: int = 0
    culture_points: int = 0
    wise_man: Building | None = None
    city_watch: bool = False


class RoundTable(Struct, frozen=True):
    """A scoring round as the modules' terms see it: the players, the dummy's counts (D3), this
    scoring's attack (K3) and the points per place the majorities are paid (M2, or S1's)."""

    scoring_round: int
    seats: tuple[SeatRound, ...]
    dummy: Counts | None = None
    attack: Side | None = None
    points: Points = M2


class Part(Struct, frozen=True):
    """A module's part of one player's round: its points and what they come from, as the wire
    shows it (JSON values)."""

    points: int
    detail: Mapping[str, Any]


Term = Callable[[RoundTable], list[Part]]
"""A module's parts of a round, one per player in the table's order."""


class ScoringModule(Struct, frozen=True):
    """What a module brings to scoring: its wire name and rule id, its term (``None``: it
    changes no round's points, or only the points per place, S1), and the request members
    that belong to it: of a round, of a player, and of a tile or piece of an Alhambra. A
    module whose member makes an item of an Alhambra a piece of its own reads it
    (``read_piece``); one whose member puts a token on a building names the token."""

    name: str
    rule: str
    term: Term | None = None
    round_fields: tuple[str, ...] = ()
    player_fields: tuple[str, ...] = ()
    piece_fields: tuple[str, ...] = ()
    read_piece: Callable[[Any], Piece] | None = None
    token: str | None = None


__all__ = ["Part", "RoundTable", "ScoringModule", "SeatRound", "Term"]
