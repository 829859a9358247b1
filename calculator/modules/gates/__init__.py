"""G1 City gates [``gates``]: a gate stands on a double wall and lets people walk through it.

For B3 a gated side counts as having no wall (:meth:`calculator.core.pieces.Furnished.on_foot`
opens it); for W1 it is still an inner wall, as every double wall is. A player has at most 6.
"""

from __future__ import annotations

from typing import Final

from calculator.core.alhambra import neighbour
from calculator.core.building import Violation
from calculator.core.module_scoring import Refusal, ScoringModule, ScoringRequest
from calculator.core.pieces import Furnished
from calculator.core.plausibility import Where
from calculator.core.text import Text
from calculator.engine.core import Module

NAME: Final[str] = "gates"
RULE: Final[str] = "G1"

GATES_PER_PLAYER: Final[int] = 6
"""G1: one gate per gate card, six cards."""


def gate_violations(furnished: Furnished) -> list[Violation]:
    """G1: each gate on a double wall, each double wall gated once, at most 6 gates."""
    found = []
    seen: set[frozenset[tuple[int, int]]] = set()
    for cell, side in furnished.gates:
        across = neighbour(cell, side)
        at = Text("api.G1.side", side=Text(f"side.{side}"), cell=f"({cell[0]},{cell[1]})")
        if not furnished.is_double_wall((cell, side)):
            found.append(
                Violation(
                    "G1",
                    Text("api.G1.no_double_wall", at=at, across=f"({across[0]},{across[1]})"),
                    (cell, across),
                    ((cell, side),),
                )
            )
        wall = frozenset((cell, across))
        if wall in seen:
            found.append(Violation("G1", Text("api.G1.second_gate", at=at), (cell, across)))
        seen.add(wall)
    if len(furnished.gates) > GATES_PER_PLAYER:
        found.append(
            Violation(
                "G1",
                Text("api.G1.too_many", n=len(furnished.gates), most=GATES_PER_PLAYER),
                (),
            )
        )
    return found


def refusals(request: ScoringRequest) -> list[Refusal]:
    """G1: each gate on a double wall, once, at most 6, pointed at the gate."""
    refused = []
    for index, (player, seat) in enumerate(
        zip(request.body["players"], request.seats, strict=True)
    ):
        if seat.furnished is None:
            continue
        by_side = {
            ((int(g["x"]), int(g["y"])), g["side"]): n
            for n, g in enumerate(player.get("gates", ()))
        }
        for violation in gate_violations(seat.furnished):
            where: Where = ("players", index, "gates")
            if violation.sides:
                where = (*where, by_side[violation.sides[0]])
            refused.append(
                Refusal(where, Text("api.with_rule", what=violation.message, rule=violation.rule))
            )
    return refused


SCORING: Final[ScoringModule] = ScoringModule(player_fields=("gates",), refusals=refusals)

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = ["GATES_PER_PLAYER", "MODULE", "NAME", "RULE", "SCORING", "gate_violations"]
