"""The Big Box modules (G, H, K, S) in ``POST /v1/scores``: what they add to a request, read
after its JSON Schema said yes, and what they add to the answer. Each module's own checks and
parts come through the registry's modules with a part in scoring (``calculator.modules.
SCORING``); this module names none.

* an Alhambra with pieces is read by :func:`calculator.api.wire.furnished_of`;
* every member of a Big Box module given without the module in ``modules`` is refused, naming
  the module to add; a module's required members (K3's attack, S1's card) are required;
* each module named adds its refusals (each pointed at and citing its rule), its warnings,
  the violations of its pieces, and its part of each player's points.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from msgspec import structs

from calculator.api import wire
from calculator.api.problems import InvalidDocument, Problem, pointer
from calculator.api.wire import ScoresQuery
from calculator.core import building
from calculator.core.building import HoleRule, Violation
from calculator.core.pieces import Furnished, furnished_violations
from calculator.core.plausibility import Implausibility
from calculator.core.scoring import POINTS, Counts, Points
from calculator.core.tiles import Side
from calculator.modules import SCORING, SCORING_BY_NAME, SCORING_MEMBERS, Scoring
from calculator.modules.scoring import RoundTable, ScoringRequest, seat_of


@dataclass(frozen=True, slots=True)
class Expansions:
    """What the Big Box modules add to a scoring round: the request as their checks read it,
    the modules named (in the request's order), the attack (K3) and the points per place (M2,
    or S1's card)."""

    request: ScoringRequest | None
    """``None`` when no Big Box module is named: there is nothing more to read."""
    modules: tuple[Scoring, ...]
    attack: Side | None
    points: Points


def load_scores(request: Mapping[str, Any]) -> tuple[ScoresQuery, Expansions]:
    """A schema-valid ``POST /v1/scores`` body: the round as :func:`calculator.api.wire.
    load_scores` reads it, and the Big Box's part; every problem of both."""
    named = frozenset(request.get("modules", ()))
    try:
        query = wire.load_scores(request)
    except InvalidDocument as error:
        raise InvalidDocument([*error.problems, *_without_module(request, named)]) from None
    modules = tuple(
        SCORING_BY_NAME[name] for name in request.get("modules", ()) if name in SCORING_BY_NAME
    )
    furnished = [seat.furnished for seat in query.seats if seat.furnished is not None]
    pieces = any(not f.is_bare() or f.tokens for f in furnished)
    problems = list(_without_module(request, named, pieces))
    for module, hooks in modules:
        problems += [
            Problem(pointer(member), f"the module {module.name} needs {member} ({module.rule})")
            for member in hooks.required
            if member not in request
        ]
    read = None
    if modules:  # the common case has none: nothing more to read
        read = ScoringRequest(
            request,
            query.scoring_round,
            tuple(
                seat_of(player, seat.furnished)
                for player, seat in zip(request["players"], query.seats, strict=True)
            ),
            tuple(seat.counts for seat in query.seats),
            named,
        )
        for _, hooks in modules:
            if hooks.refusals is not None:
                problems += [
                    Problem(pointer(*refusal.where), refusal.message)
                    for refusal in hooks.refusals(read)
                ]
    if problems:
        raise InvalidDocument(problems)
    points: Points = POINTS
    for _, hooks in modules:
        if hooks.points is not None:
            points = hooks.points(request)
    return query, Expansions(read, modules, request.get("attack"), points)


@dataclass(frozen=True, slots=True)
class AlhambraWithPieces:
    """``POST /v1/alhambra/check`` and ``POST /v1/walls``: an Alhambra with the pieces of the
    modules named, and the reading of B5."""

    furnished: Furnished
    hole_rule: HoleRule
    modules: tuple[Scoring, ...]


def load_alhambra(body: Mapping[str, Any]) -> AlhambraWithPieces:
    """A schema-valid check or walls body. Its Alhambra is read as a player's of a scoring
    round is, and refused by the same checks of the modules named (G1, H3, H4, K1, the
    supply), each pointed at the body's own member."""
    named = frozenset(body.get("modules", ()))
    seat = {"name": "", "alhambra": body["alhambra"]}
    if "gates" in body:
        seat["gates"] = body["gates"]
    as_round = {"round": 1, "modules": body.get("modules", []), "players": [seat]}
    problems = [_unseated(problem) for problem in _without_module(as_round, named)]
    try:
        furnished = wire.furnished_of(body["alhambra"], body.get("gates", ()))
    except InvalidDocument as error:
        raise InvalidDocument([*error.problems, *problems]) from None
    modules = tuple(scoring for scoring in SCORING if scoring.module.name in named)
    read = ScoringRequest(as_round, 1, (seat_of(seat, furnished),), (None,), named)
    for _, hooks in modules:
        if hooks.refusals is not None:
            problems += [
                _unseated(Problem(pointer(*refusal.where), refusal.message))
                for refusal in hooks.refusals(read)
            ]
    if problems:
        raise InvalidDocument(problems)
    return AlhambraWithPieces(furnished, wire.hole_rule_of(body), modules)


def _unseated(problem: Problem) -> Problem:
    """A problem of the lone player of :func:`load_alhambra` pointed at the body itself."""
    return Problem(problem.pointer.removeprefix("/players/0"), problem.message)


def alhambra_violations(
    furnished: Furnished, hole_rule: HoleRule, modules: Sequence[Scoring]
) -> list[Violation]:
    """B2-B5 on an Alhambra with pieces, and what the modules' pieces make illegal (G4)."""
    if furnished.is_bare():
        return building.alhambra_violations(furnished.alhambra, hole_rule)
    found = furnished_violations(furnished, hole_rule)
    for _, hooks in modules:
        if hooks.violations is not None:
            found += hooks.violations(furnished)
    return found


def _without_module(
    request: Mapping[str, Any], named: frozenset[str], pieces: bool = True
) -> Iterator[Problem]:
    """Every member of a Big Box module the request does not name, pointing at it; the items
    of its Alhambras only if they may hold ``pieces`` (the loaded Alhambras tell)."""
    dummy = request.get("dummy") or {}
    players = request["players"]
    present = set(request).union(dummy, *players)
    if pieces:
        present.update(*(item for player in players for item in player.get("alhambra", ())))
    for (module, hooks), members in SCORING_MEMBERS:
        if module.name in named or present.isdisjoint(members):
            continue
        add = (
            f"it belongs to the module {module.name} ({module.rule}): "
            f'add "{module.name}" to modules'
        )
        for member in hooks.round_fields:
            if member in request:
                yield Problem(pointer(member), add)
        for index, player in enumerate(request["players"]):
            for member in hooks.player_fields:
                if member in player:
                    yield Problem(pointer("players", index, member), add)
            for item_index, item in enumerate(player.get("alhambra", ())):
                for member in hooks.piece_fields:
                    if item.get(member):
                        where = pointer("players", index, "alhambra", item_index, member)
                        yield Problem(where, add)
        for member in hooks.dummy_fields:
            if member in dummy:
                yield Problem(pointer("dummy", member), add)


def implausibilities(big_box: Expansions) -> list[Implausibility]:
    """The named modules' warnings: what only a table described by hand can show."""
    found: list[Implausibility] = []
    for _, hooks in big_box.modules:
        if hooks.warnings is not None and big_box.request is not None:
            found += hooks.warnings(big_box.request)
    return found


def parts(
    big_box: Expansions,
    counts: Sequence[Counts],
    walls: Sequence[int],
    dummy: Counts | None,
) -> list[dict[str, dict[str, Any]]]:
    """Each player's parts, by module in the request's order, each citing its rule."""
    request = big_box.request
    assert request is not None  # read whenever a module is named
    table = RoundTable(
        request.scoring_round,
        tuple(
            structs.replace(seat, counts=seat_counts, wall=wall)
            for seat, seat_counts, wall in zip(request.seats, counts, walls, strict=True)
        ),
        dummy,
        big_box.attack,
        big_box.points,
    )
    by_player: list[dict[str, dict[str, Any]]] = [{} for _ in request.seats]
    for module, hooks in big_box.modules:
        if hooks.term is None:
            continue
        for player, part in zip(by_player, hooks.term(table), strict=True):
            player[module.name] = {"rule": module.rule, "points": part.points, **part.detail}
    return by_player


__all__ = [
    "AlhambraWithPieces",
    "Expansions",
    "alhambra_violations",
    "implausibilities",
    "load_alhambra",
    "load_scores",
    "parts",
]
