"""The v1 operations as plain functions, request dict in, response dict out (a picture: SVG).

Shared by the HTTP views (``v1.py``) and the console script (``calculator.cli``), so a referee
offline gets exactly the JSON the API returns. Each operation: check the body against its
contract (``schemas/``), load it into core types (``requests.py``), ask the rules core, dump the
answer. A refusal is raised as an :class:`~calculator.api.problems.ApiProblem`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from calculator.api import expansions, requests, responses
from calculator.api.contract import schema_documents
from calculator.api.module_catalog import big_box_catalog
from calculator.core import building, pieces, walls
from calculator.core.plausibility import EnteredSeat, round_implausibilities
from calculator.core.scoring import POINTS, ROUNDS, Holding, score_round
from calculator.core.text import Text, listed
from calculator.core.tiles import BUILDINGS, CATALOG, CURRENCIES, MARKET_SLOTS, Cell
from calculator.i18n import picture_labels
from calculator.modules import CATALOG_SECTION, REGISTRY, tally
from calculator.modules import NAMES as MODULES
from calculator.pictures import render_alhambra


def placement(body: Any) -> dict[str, Any]:
    """``POST /v1/placement``: is placing the tile or piece at (x, y) legal (B2-B6; G4, K4)?"""
    query: requests.PlacementQuery = requests.read(
        body, "placement-request.json", requests.PLACEMENT
    )
    position = query.position
    return responses.verdict(
        pieces.placement_violations(
            position.furnished, query.placing, query.cell, position.hole_rule, position.pieces_rules
        )
    )


def placement_options(body: Any) -> dict[str, Any]:
    """``POST /v1/placement/options``: every cell where the tile or piece may be placed."""
    query: requests.OptionsQuery = requests.read(
        body, "placement-options-request.json", requests.OPTIONS
    )
    position = query.position
    found = pieces.legal_cells(
        position.furnished, query.placing, position.hole_rule, position.pieces_rules
    )
    # a cell past the contract's coordinates could not be named in a placement request
    return responses.legal_cells([cell for cell in found if _named_on_the_wire(cell)])


@cache
def _coordinates() -> range:
    bounds = schema_documents()["coordinate.json"]
    return range(bounds["minimum"], bounds["maximum"] + 1)


def _named_on_the_wire(cell: Cell) -> bool:
    return cell[0] in _coordinates() and cell[1] in _coordinates()


def removal(body: Any) -> dict[str, Any]:
    """``POST /v1/removal``: may the tile or piece at (x, y) leave the Alhambra (T5)?"""
    query: requests.RemovalQuery = requests.read(body, "removal-request.json", requests.REMOVAL)
    position = query.position
    return responses.verdict(
        pieces.removal_violations(
            position.furnished, query.cell, position.hole_rule, position.pieces_rules
        )
    )


def alhambra_check(body: Any) -> dict[str, Any]:
    """``POST /v1/alhambra/check``: the whole Alhambra against B2-B5, with its pieces (G1, G4,
    H4, K4)."""
    query: expansions.AlhambraWithPieces = requests.read(
        body, "alhambra-check-request.json", requests.CHECK
    )
    return responses.verdict(
        pieces.furnished_violations(query.furnished, query.hole_rule, query.pieces_rules)
    )


def longest_wall(body: Any) -> dict[str, Any]:
    """``POST /v1/walls``: the longest wall (W1-W3), and whether the Alhambra is legal; camps
    (G4) and added walls (H4) change it."""
    query: expansions.AlhambraWithPieces = requests.read(body, "walls-request.json", requests.CHECK)
    furnished = query.furnished
    return responses.longest_wall(
        walls.longest_wall(furnished.for_walls()),
        pieces.furnished_violations(furnished, query.hole_rule, query.pieces_rules),
    )


def scores(body: Any) -> dict[str, Any]:
    """``POST /v1/scores``: a scoring round (M1-M5, W4, D3), worker huts (V4) and bonus cards
    (V3) counted, and each Big Box module's part (G, H, K, S)."""
    query: requests.ScoresQuery = requests.read(body, "scores-request.json", requests.load_scores)
    return scored(query)


def scored(query: requests.ScoresQuery) -> dict[str, Any]:
    """The answer of ``POST /v1/scores`` to a request read (also drawn as a ruling's round)."""
    big_box = query.big_box
    holdings: list[Holding] = []
    extras: list[dict[str, Any]] = []
    for seat in query.seats:
        if seat.alhambra is None:
            assert seat.counts is not None  # a seat holds an Alhambra or counts (the schema)
            holdings.append(Holding(seat.counts, seat.wall))
            extras.append({})
            continue
        # W4 needs the length alone; the wall and the building rules share the grid
        if seat.furnished is None:  # tiles alone: nothing of the pieces to look at
            wall = walls.wall_length(seat.alhambra)
            found = building.alhambra_violations(seat.alhambra, query.hole_rule)
        else:
            wall = walls.wall_length(seat.furnished.for_walls())
            found = expansions.alhambra_violations(seat.furnished, query.hole_rule, big_box.modules)
        counted = tally(seat.alhambra.tiles, seat.cards)  # M1 with V3, V4
        holdings.append(Holding(counted.counts, wall.length))
        extras.append(
            {
                "wall_exact": wall.exact,
                **responses.verdict(found),
                **responses.added_counts(counted),
            }
        )
    result = score_round(query.scoring_round, holdings, query.dummy, big_box.points)
    names = [seat.name for seat in query.seats]
    answer = responses.round_score(result, names, extras, big_box.points)
    if big_box.modules:
        parts = expansions.parts(
            big_box,
            [holding.counts for holding in holdings],
            [holding.wall for holding in holdings],
            query.dummy,
        )
        scorers = [*zip(answer["players"], parts.players, strict=True)]
        if "dummy" in answer:  # D3: the dummy's part where a module ranks him (G3)
            scorers.append((answer["dummy"], parts.dummy))
        for scorer, scorer_parts in scorers:
            if scorer_parts:  # modules with no effect on points add no part
                scorer["points"] += sum(part["points"] for part in scorer_parts.values())
                scorer["modules"] = scorer_parts
    entered = [
        EnteredSeat(None, None)
        if seat.alhambra is not None
        else EnteredSeat(seat.counts, seat.wall)
        for seat in query.seats
    ]
    answer["warnings"] = responses.warnings(
        round_implausibilities(query.scoring_round, entered, query.dummy, query.carriers)
        + expansions.implausibilities(big_box)
    )
    return answer


def render(body: Any, language: str) -> str:
    """``POST /v1/render``: the picture of an Alhambra (SVG), its longest wall highlighted and
    the proposed placement's violations (or the Alhambra's own) marked; in the request's
    ``lang``, else ``language``."""
    query: requests.RenderQuery = requests.read(body, "render-request.json", requests.RENDER)
    position = query.position
    return render_alhambra(
        position.furnished,
        proposal=query.proposal,
        hole_rule=position.hole_rule,
        pieces_rules=position.pieces_rules,
        labels=picture_labels(query.language or language),
        title=query.title,
    ).svg


@cache
def catalog() -> dict[str, Any]:
    """``GET /v1/catalog``: the components a client needs to describe a table (C1, C4, M2), the
    modules the engine plays (V1-V4), their stand-ins marked provisional, and the Big Box's
    modules (G1-S4) with their names in every language."""
    stood_in = [module for module in REGISTRY if module.stand_ins]
    members = [member for module in stood_in for member in module.stand_ins]
    return {
        "buildings": [b.value for b in BUILDINGS],
        "tiles": responses.catalog_tiles(CATALOG),
        "points": {b.value: {str(r): list(POINTS[b][r]) for r in ROUNDS} for b in BUILDINGS},
        "currencies": [c.value for c in CURRENCIES],
        "market_slots": [
            {"slot": slot, "currency": currency.value}
            for slot, currency in enumerate(MARKET_SLOTS, start=1)
        ],
        "big_box": big_box_catalog(),
        CATALOG_SECTION: {
            "provisional": True,
            "note": Text(
                "api.catalog.stand_ins",
                stood_in=listed([module.stood_in_for or module.name for module in stood_in]),
                modules=listed([f'"{module.name}"' for module in stood_in], "or"),
                components=listed([f"options.components.{member}" for member in members], "or"),
            ),
            "modules": list(MODULES),
            **{
                name: value
                for module in REGISTRY
                for name, value in (
                    *(
                        (name, responses.catalog_tiles(tiles))
                        for name, tiles in module.stand_ins.items()
                    ),
                    *module.catalog.items(),
                )
            },
        },
    }
