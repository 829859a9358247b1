"""The v1 operations as plain functions, request dict in, response dict out (a picture: SVG).

Shared by the HTTP views (``v1.py``) and the console script (``calculator.cli``), so a referee
offline gets exactly the JSON the API returns. Each operation: check the body against its
contract (``schemas/``), load it into core types (``wire.py``), ask the rules core, dump the
answer. A refusal is raised as an :class:`~calculator.api.problems.ApiProblem`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import Any, TypeVar

from calculator.api import expansions, wire
from calculator.api.contract import request_contract
from calculator.api.problems import InvalidDocument, InvalidRequest, load
from calculator.core import building, walls
from calculator.core.plausibility import EnteredSeat, round_implausibilities
from calculator.core.scoring import POINTS, ROUNDS, Holding, score_round, tally
from calculator.core.tiles import BUILDINGS, CATALOG, CURRENCIES, MARKET_SLOTS
from calculator.i18n import picture_labels
from calculator.modules import CATALOG_SECTION, REGISTRY
from calculator.modules import NAMES as MODULES
from calculator.pictures import render_alhambra

Query = TypeVar("Query")


def _load(body: Any, contract: str, loader: Callable[[Any], Query]) -> Query:
    """The body as core types: first its JSON Schema, then the checks only code can make."""
    request_contract(contract).check(body)
    try:
        return loader(body)
    except InvalidDocument as error:
        raise InvalidRequest(error.problems) from None


_PLACEMENT = partial(load, wire.PlacementRequest())
_OPTIONS = partial(load, wire.OptionsRequest())
_REMOVAL = partial(load, wire.RemovalRequest())
_RENDER = partial(load, wire.RenderRequest())


def placement(body: Any) -> dict[str, Any]:
    """``POST /v1/placement``: is placing the tile at (x, y) legal (B2-B6)?"""
    query: wire.PlacementQuery = _load(body, "placement-request.json", _PLACEMENT)
    return wire.verdict(
        building.placement_violations(query.alhambra, query.tile, query.cell, query.hole_rule)
    )


def placement_options(body: Any) -> dict[str, Any]:
    """``POST /v1/placement/options``: every cell where the tile may be placed."""
    query: wire.OptionsQuery = _load(body, "placement-options-request.json", _OPTIONS)
    return wire.legal_cells(building.legal_cells(query.alhambra, query.tile, query.hole_rule))


def removal(body: Any) -> dict[str, Any]:
    """``POST /v1/removal``: may the tile at (x, y) go to the reserve (T5)?"""
    query: wire.RemovalQuery = _load(body, "removal-request.json", _REMOVAL)
    return wire.verdict(building.removal_violations(query.alhambra, query.cell, query.hole_rule))


def alhambra_check(body: Any) -> dict[str, Any]:
    """``POST /v1/alhambra/check``: the whole Alhambra against B2-B5, with its pieces (G1, G4,
    H4, K4)."""
    query = _load(body, "alhambra-check-request.json", expansions.load_alhambra)
    return wire.verdict(
        expansions.alhambra_violations(query.furnished, query.hole_rule, query.modules)
    )


def longest_wall(body: Any) -> dict[str, Any]:
    """``POST /v1/walls``: the longest wall (W1-W3), and whether the Alhambra is legal; camps
    (G4) and added walls (H4) change it."""
    query = _load(body, "walls-request.json", expansions.load_alhambra)
    furnished = query.furnished
    measured = furnished.alhambra if furnished.is_bare() else furnished.for_walls()
    return wire.longest_wall(
        walls.longest_wall(measured),
        expansions.alhambra_violations(furnished, query.hole_rule, query.modules),
    )


def scores(body: Any) -> dict[str, Any]:
    """``POST /v1/scores``: a scoring round (M1-M5, W4, D3), worker huts (V4) and bonus cards
    (V3) counted, and each Big Box module's part (G, H, K, S)."""
    return _scores(*_load(body, "scores-request.json", expansions.load_scores))


def _scores(query: wire.ScoresQuery, big_box: expansions.Expansions) -> dict[str, Any]:
    """The answer of ``POST /v1/scores``: the round and its warnings."""
    holdings: list[Holding] = []
    extras: list[dict[str, Any]] = []
    for seat in query.seats:
        if seat.alhambra is None:
            assert seat.counts is not None  # a seat holds an Alhambra or counts (the schema)
            holdings.append(Holding(seat.counts, seat.wall))
            extras.append({})
            continue
        furnished = seat.furnished
        assert furnished is not None  # read with the Alhambra
        # W4 needs the length alone; the wall and the building rules share the grid
        wall = walls.wall_length(seat.alhambra if furnished.is_bare() else furnished.for_walls())
        found = expansions.alhambra_violations(furnished, query.hole_rule, big_box.modules)
        counted = tally(seat.alhambra.tiles, seat.bonus_cards)  # M1 with V3, V4
        holdings.append(Holding(counted.counts, wall.length))
        extras.append(
            {"wall_exact": wall.exact, **wire.verdict(found), **wire.vizier_counts(counted)}
        )
    result = score_round(query.scoring_round, holdings, query.dummy, big_box.points)
    answer = wire.round_score(result, [seat.name for seat in query.seats], extras)
    if big_box.modules:
        parts = expansions.parts(
            big_box,
            [holding.counts for holding in holdings],
            [holding.wall for holding in holdings],
            query.dummy,
        )
        for player, player_parts in zip(answer["players"], parts, strict=True):
            if player_parts:  # modules with no effect on points add no part
                player["points"] += sum(part["points"] for part in player_parts.values())
                player["modules"] = player_parts
    entered = [
        EnteredSeat(None, None)
        if seat.alhambra is not None
        else EnteredSeat(seat.counts, seat.wall)
        for seat in query.seats
    ]
    answer["warnings"] = wire.warnings(
        round_implausibilities(query.scoring_round, entered, query.dummy, query.huts)
        + expansions.implausibilities(big_box)
    )
    return answer


def render(body: Any, language: str) -> str:
    """``POST /v1/render``: the picture of an Alhambra (SVG), its longest wall highlighted and
    the proposed placement's violations (or the Alhambra's own) marked; in the request's
    ``lang``, else ``language``."""
    query: wire.RenderQuery = _load(body, "render-request.json", _RENDER)
    return render_alhambra(
        query.alhambra,
        proposal=query.proposal,
        hole_rule=query.hole_rule,
        labels=picture_labels(query.language or language),
        title=query.title,
    ).svg


@cache
def catalog() -> dict[str, Any]:
    """``GET /v1/catalog``: the components a client needs to describe a table (C1, C4, M2), and
    the modules' (V1-V4), their stand-ins marked provisional."""
    stood_in = [module for module in REGISTRY if module.stand_ins]
    members = [member for module in stood_in for member in module.stand_ins]
    return {
        "buildings": [b.value for b in BUILDINGS],
        "tiles": wire.catalog_tiles(CATALOG),
        "points": {b.value: {str(r): list(POINTS[b][r]) for r in ROUNDS} for b in BUILDINGS},
        "currencies": [c.value for c in CURRENCIES],
        "market_slots": [
            {"slot": slot, "currency": currency.value}
            for slot, currency in enumerate(MARKET_SLOTS, start=1)
        ],
        CATALOG_SECTION: {
            "provisional": True,
            "note": (
                "Not the printed components: "
                + " and ".join(module.stood_in_for for module in stood_in)
                + " are not in our sources. A game played with the "
                + " or ".join(f'"{module.name}"' for module in stood_in)
                + " module and no options.components."
                + " or .".join(members)
                + " uses these stand-ins, chosen by us."
            ),
            "modules": list(MODULES),
            **{
                name: value
                for module in REGISTRY
                for name, value in (
                    *(
                        (name, wire.catalog_tiles(tiles))
                        for name, tiles in module.stand_ins.items()
                    ),
                    *module.catalog.items(),
                )
            },
        },
    }
