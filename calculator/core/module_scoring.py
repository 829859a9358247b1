"""How a module adds to a scoring round: its :class:`ScoringModule`, the ``scoring`` of its
record (:class:`calculator.engine.core.Module`), declared in the module's package.

A module that changes a round's points brings a :data:`Term` over the whole table
(:class:`RoundTable`), since some parts rank the players against each other (K1, G3). A player
given by an Alhambra carries its pieces (``furnished``) and the term computes from them; a
player given by counts carries what the table counted instead (X1). S1 changes the points per
place of the majorities themselves (``RoundTable.points``). A module may also add to a
player's majority counts, from the Alhambra's tiles (V4) or from the cards beside it (V3),
and bring tiles that carry walls but are no building (V4), which bound a typed wall;
:func:`tally` adds what the modules of a scoring or a game add to the counts (M1, V3, V4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from msgspec import Struct

from calculator.core.building import Violation
from calculator.core.pieces import Furnished, Piece
from calculator.core.plausibility import Implausibility, WallCarriers, Where
from calculator.core.scoring import POINTS, Added, Counts, Points, Tally, building_counts
from calculator.core.text import Text
from calculator.core.tiles import BUILDINGS, Building, Cell, Side, Tile

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
DummyTerm = Callable[[RoundTable], Part | None]
"""A module's part of the dummy's round (D3), when it moves his points; ``None``: it does not."""


class Refusal(Struct, frozen=True):
    """What a real table cannot hold (a 422): ``where`` names the request's member in its own
    terms (``("players", 0, "chests")``), ``message`` gives the reason and cites its rule."""

    where: Where
    message: Text


class ScoringRequest(Struct, frozen=True):
    """A schema-valid ``POST /v1/scores`` body as the modules' checks read it: the body itself
    (for its members and where they are), each player as the terms see them (counts and walls
    not yet added), the counts typed by hand (``None`` for an Alhambra), the modules named and
    the most tiles or pieces those modules let one Alhambra hold besides its buildings and its
    fountain (their :attr:`ScoringModule.most_held` together: V4, G4, K4)."""

    body: Mapping[str, Any]
    scoring_round: int
    seats: tuple[SeatRound, ...]
    typed: tuple[Counts | None, ...]
    named: frozenset[str]
    most_held: int = 0


Refusals = Callable[[ScoringRequest], list[Refusal]]
Warnings = Callable[[ScoringRequest], list[Implausibility]]


AlhambraAdds = Callable[[Mapping[Cell, Tile]], Added | None]
"""What a module's tiles in an Alhambra add to its majority counts (V4); ``None``: nothing."""
CardsAdd = Callable[[Mapping[Cell, Tile], Sequence[Tile]], Added | None]
"""What a player's face-up cards (the tiles they depict) add to the majority counts of the
Alhambra beside them (V3); ``None``: nothing."""
BeyondLimit = Callable[[Sequence[Tile]], list[tuple[int, str, Text]]]
"""The tiles of one player (reserve included) beyond what the module lets one player own
(V4): each tile's position, the member of the tile to point at and the message."""


class ScoringModule(Struct, frozen=True):
    """What a module brings to scoring (its name and rule id are its record's): its term
    (``None``: it changes no round's points, or only the points per place, S1), and the
    request members that belong to it: of a round, of a player, and of a tile or piece of an
    Alhambra. A module whose member makes an item of an Alhambra a piece of its own reads it
    (``read_piece``); one whose member puts a token on a building names the token."""

    term: Term | None = None
    dummy_term: DummyTerm | None = None
    """What it moves of the dummy's points, for a module whose term ranks the dummy with the
    players (G3: he takes part in the Wise Man's majority, D3)."""
    round_fields: tuple[str, ...] = ()
    player_fields: tuple[str, ...] = ()
    piece_fields: tuple[str, ...] = ()
    read_piece: Callable[[Any], Piece] | None = None
    token: str | None = None
    dummy_fields: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    """Round members the module cannot score without."""
    refusals: Refusals | None = None
    warnings: Warnings | None = None
    violations: Callable[[Furnished], list[Violation]] | None = None
    """What the module's pieces make illegal, given beside the building rules' violations."""
    points: Callable[[Mapping[str, Any]], Points] | None = None
    """The points per place of the majorities, read off the request (S1)."""
    alhambra_adds: AlhambraAdds | None = None
    cards_add: CardsAdd | None = None
    cards_member: str | None = None
    """The member of a ``POST /v1/scores`` player that lists the cards ``cards_add`` reads
    (V3: the face-up bonus cards, as tiles)."""
    beyond_limit: BeyondLimit | None = None
    wall_carriers: WallCarriers | None = None
    """Its tiles that carry walls but are no building, which bound a typed wall (V4)."""
    most_held: int = 0
    """The most tiles or pieces of its own one Alhambra holds besides its buildings and its
    fountain (V4: 3 huts; G4, K4: the 8 camps, the 8 bazaars), which bound its sides (K3)."""

    @property
    def reads_request(self) -> bool:
        """Does the module, when a request names it, read that request: its own members,
        refusals, warnings, pieces' violations, part or points per place? (What it adds to
        the counts, its wall carriers and its pieces held the base reads.)"""
        return any(
            (
                self.term,
                self.round_fields,
                self.player_fields,
                self.piece_fields,
                self.dummy_fields,
                self.required,
                self.refusals,
                self.warnings,
                self.violations,
                self.points,
            )
        )


def tally(
    alhambra: Mapping[Cell, Tile], cards: Sequence[Tile], modules: Iterable[ScoringModule]
) -> Tally:
    """M1, V3, V4: a player's buildings as majority scoring sees them: the Alhambra's
    buildings, then what ``modules`` add from its tiles (V4's huts), then from the tiles the
    player's face-up cards depict (V3), in the order of ``modules``."""
    counts = building_counts(alhambra.values())
    found: list[Added] = []
    every = tuple(modules)
    for module in every:
        if module.alhambra_adds is not None:
            added = module.alhambra_adds(alhambra)
            if added is not None:
                found.append(added)
    for module in every:
        if module.cards_add is not None:
            added = module.cards_add(alhambra, cards)
            if added is not None:
                found.append(added)
    for added in found:
        for building, count in added.adds.items():
            counts[building] += count
    return Tally(counts, tuple(found))


def seat_of(player: Mapping[str, Any], furnished: Furnished | None) -> SeatRound:
    """One schema-valid player of the request as the terms see them (without counts and wall,
    which the service adds): what the table entered (X1, S4, G3) and the Alhambra's pieces."""
    residents = player.get("residents", {})
    exposed = player.get("exposed", {})
    characters = player.get("characters", {})
    wise_man = characters.get("wise_man")
    return SeatRound(
        counts=MappingProxyType({}),
        wall=0,
        furnished=furnished,
        chests=int(player.get("chests", 0)),
        residents=MappingProxyType({b: int(residents.get(b.value, 0)) for b in BUILDINGS}),
        exposed=(int(exposed.get("facing", 0)), int(exposed.get("beside", 0))),
        camp_points=int(player.get("camp_points", 0)),
        bazaar_points=int(player.get("bazaar_points", 0)),
        culture_points=int(player.get("culture_points", 0)),
        wise_man=Building(wise_man) if wise_man is not None else None,
        city_watch=bool(characters.get("city_watch", False)),
    )


def beyond_supply(held: Iterable[tuple[int, Where]], limit: int, what: Text) -> list[Refusal]:
    """The table's supply: ``held`` counted in the request's order; the refusal names the
    entry that takes the total past ``limit`` (``what`` says what, citing its rule)."""
    total = 0
    for count, where in held:
        total += count
        if total > limit:
            return [Refusal(where, Text("api.supply.makes", total=total, what=what))]
    return []


def held_in_alhambras(
    request: ScoringRequest, count: Callable[[Furnished], int]
) -> list[tuple[int, Where]]:
    """What each Alhambra given holds of a piece (``count``), for :func:`beyond_supply`."""
    return [
        (count(seat.furnished), ("players", index, "alhambra"))
        for index, seat in enumerate(request.seats)
        if seat.furnished is not None
    ]


def typed_seats(request: ScoringRequest) -> Iterator[tuple[int, SeatRound, Counts]]:
    """Each player given by counts: their index, what they entered and their counts."""
    for index, (seat, typed) in enumerate(zip(request.seats, request.typed, strict=True)):
        if typed is not None:
            yield index, seat, typed


def alhambra_refusals(
    request: ScoringRequest, found: Callable[[Furnished], list[Violation]], member: str
) -> list[Refusal]:
    """A module's refusals of the Alhambras given, each pointed at the item of its cell's
    ``member`` (or the whole Alhambra for a refusal of no one cell)."""
    refused = []
    for index, (player, seat) in enumerate(
        zip(request.body["players"], request.seats, strict=True)
    ):
        if seat.furnished is None:
            continue
        by_cell = {(int(i["x"]), int(i["y"])): n for n, i in enumerate(player["alhambra"])}
        for violation in found(seat.furnished):
            cell = violation.cells[0] if violation.cells else None
            where: Where = ("players", index, "alhambra")
            if cell is not None and cell in by_cell:
                where = (*where, by_cell[cell], member)
            refused.append(
                Refusal(where, Text("api.with_rule", what=violation.message, rule=violation.rule))
            )
    return refused


__all__ = [
    "AlhambraAdds",
    "CardsAdd",
    "DummyTerm",
    "Part",
    "Refusal",
    "RoundTable",
    "ScoringModule",
    "ScoringRequest",
    "SeatRound",
    "Term",
    "alhambra_refusals",
    "beyond_supply",
    "held_in_alhambras",
    "seat_of",
    "tally",
    "typed_seats",
]
