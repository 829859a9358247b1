"""The answers of the v1 operations on the wire: one writer per response type.

Violations, cells and wall segments are dumped by marshmallow schemas; the verdict of a legal
Alhambra, the round's scores (``schemas/round-score.json``, the busiest answer) and the
warnings by plain code, in one pass each. Tiles are written by the codec of
:mod:`calculator.api.wire`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from marshmallow import Schema, fields, post_dump

from calculator.api.problems import pointer
from calculator.api.wire import dump_tile
from calculator.core.building import Violation
from calculator.core.plausibility import Implausibility
from calculator.core.scoring import Majority, Points, RoundScore, Tally, arithmetic
from calculator.core.tiles import BUILDINGS, Building, Cell, Tile
from calculator.core.walls import Wall

_BUILDING_NAMES: Final[dict[Building, str]] = {b: b.value for b in BUILDINGS}
"""The wire names, read once (an enum's ``.value`` is a property lookup each time)."""


class CellSchema(Schema):
    x = fields.Function(lambda cell: cell[0])
    y = fields.Function(lambda cell: cell[1])


class SegmentSchema(Schema):
    """A wall segment or a B2 side: ``((x, y), side)`` as ``{"x", "y", "side"}``."""

    x = fields.Function(lambda segment: segment[0][0])
    y = fields.Function(lambda segment: segment[0][1])
    side = fields.Function(lambda segment: segment[1])


class ViolationSchema(Schema):
    rule = fields.String()
    message = fields.Raw()  # a Text: the web layer says it in the request's language
    cells = fields.List(fields.Nested(CellSchema))
    sides = fields.List(fields.Nested(SegmentSchema))

    @post_dump
    def only_b2_names_sides(self, wire: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        if not wire["sides"]:
            del wire["sides"]
        return wire


VIOLATIONS: Final = ViolationSchema(many=True)
CELLS: Final = CellSchema(many=True)
SEGMENTS: Final = SegmentSchema(many=True)


def verdict(violations: Sequence[Violation]) -> dict[str, Any]:
    """``schemas/verdict.json``."""
    if not violations:
        return {"legal": True, "violations": []}  # the common case, without a schema's dump
    return {"legal": False, "violations": VIOLATIONS.dump(violations)}


def legal_cells(cells: Sequence[Cell]) -> dict[str, Any]:
    """``schemas/legal-cells.json``."""
    return {"cells": CELLS.dump(cells)}


def wall(found: Wall) -> dict[str, Any]:
    """A longest wall (W1-W3): its length, segments and whether the search was exact."""
    return {"length": found.length, "segments": SEGMENTS.dump(found.segments), "exact": found.exact}


def longest_wall(found: Wall, violations: Sequence[Violation]) -> dict[str, Any]:
    """``schemas/longest-wall.json``."""
    return {**wall(found), **verdict(violations)}


def catalog_tiles(tiles: Iterable[Tile]) -> list[dict[str, Any]]:
    """Tiles (or worker huts) of the catalog, each as :func:`dump_tile` writes it."""
    return [dump_tile(tile) for tile in tiles]


def added_counts(counts: Tally) -> dict[str, Any]:
    """What the modules added to a player's majority counts, each under its member: per worker
    hut (V4) the buildings of its colour it joins and adds, per bonus card (V3) whether it
    counts (its tile is in the Alhambra), each as its module writes it, with :func:`dump_tile`.
    Empty when the player has neither."""
    return {
        added.member: [added.show(item, dump_tile) for item in added.items]
        for added in counts.added
    }


def _majorities(
    standing: Mapping[Building, Majority], paid: Mapping[Building, Sequence[int]] | None = None
) -> dict[str, Any]:
    """Each type's standing; with the points each place paid, the arithmetic behind the points
    and its rule (M1, M2, M4)."""
    found: dict[str, Any] = {}
    for building, name in _BUILDING_NAMES.items():
        majority = standing[building]
        written: dict[str, Any] = {
            "count": majority.count,
            "place": majority.place,
            "shared_with": majority.shared_with,
            "points": majority.points,
        }
        if paid is not None:
            why = arithmetic(paid[building], majority)
            written["rule"] = why.rule
            written["arithmetic"] = why.text
        found[name] = written
    return found


def warnings(found: Iterable[Implausibility]) -> list[dict[str, Any]]:
    """``schemas/warning.json``: each warning with a JSON Pointer to the request's entry."""
    return [
        {"code": warning.code, "pointer": pointer(*warning.where), "message": warning.message}
        for warning in found
    ]


def round_score(
    result: RoundScore,
    names: Sequence[str],
    extras: Sequence[Mapping[str, Any]],
    points: Points | None = None,
) -> dict[str, Any]:
    """``schemas/round-score.json``: each player's score under their name (with ``extras``,
    the legality of a given Alhambra), then the dummy's; with the round's point table
    (``points``: M2's, or a module's), each majority says why (M1, M2, M4)."""
    paid = (
        None
        if points is None
        else {building: points[building][result.scoring_round] for building in BUILDINGS}
    )
    wire: dict[str, Any] = {
        "round": result.scoring_round,
        "players": [
            {
                "name": name,
                "points": score.points,
                "wall": score.wall,
                "majorities": _majorities(score.majorities, paid),
                **extra,
            }
            for name, score, extra in zip(names, result.players, extras, strict=True)
        ],
    }
    if result.dummy is not None:
        wire["dummy"] = {
            "points": result.dummy.points,
            "majorities": _majorities(result.dummy.majorities, paid),
        }
    return wire
