"""K3 Invaders [``invaders``]: at each scoring the attack card's direction costs points for
every exposed side of the Alhambra.

An exposed side is a side of a tile or piece (the fountain, huts, camps and bazaars included)
that faces the attack's direction, has no wall (printed or added; a camp's bastion is no wall)
and has no tile across it. In round r each exposed side facing the attack costs r points; in
round 3 each one facing a direction at right angles to it costs 1 more. The dummy is never
attacked; a running total never goes below 0 (:func:`running_total`).
"""

from __future__ import annotations

from typing import Final

from msgspec import Struct

from calculator.core.alhambra import neighbour
from calculator.core.module_scoring import (
    Part,
    Refusal,
    RoundTable,
    ScoringModule,
    ScoringRequest,
    typed_seats,
)
from calculator.core.pieces import Furnished
from calculator.core.plausibility import Implausibility
from calculator.core.text import Text
from calculator.core.tiles import Side
from calculator.engine.core import Module

NAME: Final[str] = "invaders"
RULE: Final[str] = "K3"

BESIDE: Final[dict[Side, tuple[Side, Side]]] = {
    "N": ("E", "W"),
    "E": ("N", "S"),
    "S": ("E", "W"),
    "W": ("N", "S"),
}
"""K3: the two directions at right angles to each attack's."""

BESIDE_ROUND: Final[int] = 3
"""K3: the round in which the sides at right angles count too."""


class Exposure(Struct, frozen=True):
    """Exposed sides facing the attack, and facing the two directions at right angles to it."""

    facing: int
    beside: int


def exposed(furnished: Furnished, direction: Side) -> int:
    """K3: the exposed sides facing ``direction``."""
    tiles = furnished.walled()
    occupied = furnished.occupied()
    return sum(
        1
        for cell in occupied
        if neighbour(cell, direction) not in occupied
        and ((tile := tiles.get(cell)) is None or not tile.has_wall(direction))
    )


def exposure(furnished: Furnished, attack: Side) -> Exposure:
    """K3: the exposed sides that count against an attack from ``attack``."""
    return Exposure(
        exposed(furnished, attack), sum(exposed(furnished, side) for side in BESIDE[attack])
    )


def invasion_points(scoring_round: int, sides: Exposure) -> int:
    """K3: the points lost (a number at most 0): r per side facing the attack, and in round 3
    one per side at right angles to it."""
    lost = scoring_round * sides.facing
    if scoring_round == BESIDE_ROUND:
        lost += sides.beside
    return -lost


def running_total(before: int, round_points: int) -> int:
    """K3, a decision: the score track stops at 0, so a running total never goes below it."""
    return max(0, before + round_points)


def term(table: RoundTable) -> list[Part]:
    """K3: the points each player loses to this scoring's attack."""
    attack = table.attack
    assert attack is not None  # the request names the attack with the module
    parts = []
    for seat in table.seats:
        sides = (
            exposure(seat.furnished, attack)
            if seat.furnished is not None
            else Exposure(*seat.exposed)
        )
        detail = {"attack": attack, "facing": sides.facing}
        if table.scoring_round == BESIDE_ROUND:
            detail["beside"] = sides.beside
        parts.append(Part(invasion_points(table.scoring_round, sides), detail))
    return parts


def exposed_beyond_tiles(
    player: int, sides: Exposure, tiles: int, scoring_round: int
) -> Implausibility | None:
    """K3: each tile or piece has one side facing each direction, so at most ``tiles`` sides
    face the attack and ``2 * tiles`` the two directions beside it (``tiles``: the most the
    request allows, the fountain included)."""
    if sides.facing > tiles:
        counted, most = Text("api.K3.facing", n=sides.facing), tiles
    elif scoring_round == BESIDE_ROUND and sides.beside > 2 * tiles:
        counted, most = Text("api.K3.beside", n=sides.beside), 2 * tiles
    else:
        return None
    return Implausibility(
        "exposed-beyond-tiles",
        ("players", player, "exposed"),
        Text("api.K3.exposed_beyond", counted=counted, most=most),
    )


def refusals(request: ScoringRequest) -> list[Refusal]:
    """K3: the sides beside the attack count in round 3 only."""
    return [
        Refusal(
            ("players", index, "exposed", "beside"),
            Text("api.K3.beside_round_3", round=request.scoring_round),
        )
        for index, player in enumerate(request.body["players"])
        if "beside" in player.get("exposed", {}) and request.scoring_round != BESIDE_ROUND
    ]


def warnings(request: ScoringRequest) -> list[Implausibility]:
    """K3: exposed sides typed beside counts, beyond the tiles and pieces the request allows:
    the buildings, the fountain, and what the modules named put beside them (V4: 3 huts; G4,
    K4: 8 camps, 8 bazaars)."""
    found = []
    for index, seat, typed in typed_seats(request):
        tiles = sum(typed.values()) + 1
        tiles += request.most_held
        found.append(
            exposed_beyond_tiles(index, Exposure(*seat.exposed), tiles, request.scoring_round)
        )
    return [warning for warning in found if warning is not None]


SCORING: Final[ScoringModule] = ScoringModule(
    term,
    round_fields=("attack",),
    player_fields=("exposed",),
    required=("attack",),
    refusals=refusals,
    warnings=warnings,
)

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = [
    "BESIDE",
    "MODULE",
    "NAME",
    "RULE",
    "SCORING",
    "Exposure",
    "exposed",
    "exposed_beyond_tiles",
    "exposure",
    "invasion_points",
    "running_total",
    "term",
]
