"""The Big Box modules (G, H, K, S) in ``POST /v1/scores``: what they add to a request, read
after its JSON Schema said yes, and what they add to the answer. Each module's own checks and
parts come through the registry's modules with a part in scoring (``calculator.modules.
SCORING``); this module names none.

* an Alhambra with pieces is read by :func:`calculator.api.wire.read_alhambra`, and a body of
  one Alhambra (the rules endpoints) checked as a player's by :func:`one_alhambra`;
* a scores body's refusals are :func:`scores_problems`, its modules' part of the round
  :func:`expansions_of` (both called by ``calculator.api.requests``);
* every member of a Big Box module given without the module in ``modules`` is refused, naming
  the module to add; a module's required members (K3's attack, S1's card) are required;
* each module named adds its refusals (each pointed at and citing its rule), its warnings,
  the violations of its pieces, and its part of each player's points.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from msgspec import structs

from calculator.api import wire
from calculator.api.problems import InvalidDocument, Problem, pointer
from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule, Violation
from calculator.core.module_scoring import Part, RoundTable, ScoringRequest, seat_of
from calculator.core.pieces import Furnished, PieceRules, furnish, furnished_violations
from calculator.core.plausibility import Implausibility
from calculator.core.scoring import POINTS, Counts, Points
from calculator.core.text import Text
from calculator.core.tiles import Side
from calculator.engine.core import Module
from calculator.modules import SCORING, SCORING_BY_NAME, SCORING_MEMBERS, Scoring, most_held


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


_NONE = Expansions(None, (), None, POINTS)
"""A round without Big Box modules."""

Position = Alhambra | Furnished | None
"""A player's Alhambra as read (with pieces, or tiles alone), or ``None`` for counts."""


def named_modules(body: Mapping[str, Any]) -> tuple[Scoring, ...]:
    """The Big Box modules a body names, in its order."""
    return tuple(
        SCORING_BY_NAME[name] for name in body.get("modules", ()) if name in SCORING_BY_NAME
    )


def scores_problems(
    body: Mapping[str, Any],
    scoring_round: int,
    positions: Sequence[Position] | None,
    typed: Sequence[Counts | None],
) -> list[Problem]:
    """The Big Box's refusals of a ``POST /v1/scores`` body: each member whose module is not
    named (in the Alhambras only if they may hold pieces: any read with one, or unread,
    ``positions`` None), each module's required members, and, once the players are read, each
    named module's refusals."""
    named = frozenset(body.get("modules", ()))
    pieces = positions is None or any(isinstance(p, Furnished) for p in positions)
    problems = list(_without_module(body, named, pieces))
    modules = named_modules(body)
    for module, hooks in modules:
        problems += [
            Problem(
                pointer(member),
                Text("api.module.needs", module=module.name, member=member, rule=module.rule),
            )
            for member in hooks.required
            if member not in body
        ]
    if modules and positions is not None:
        problems += _refused(modules, _scoring_request(body, scoring_round, positions, typed))
    return problems


def _refused(modules: Sequence[Scoring], read: ScoringRequest) -> list[Problem]:
    """Each module's refusals of what the request holds, pointed at and citing its rule."""
    return [
        Problem(pointer(*refusal.where), refusal.message)
        for _, hooks in modules
        if hooks.refusals is not None
        for refusal in hooks.refusals(read)
    ]


def expansions_of(
    body: Mapping[str, Any],
    scoring_round: int,
    positions: Sequence[Position],
    typed: Sequence[Counts | None],
) -> Expansions:
    """What the Big Box modules named add to a round :func:`scores_problems` let through."""
    modules = named_modules(body)
    if not modules:  # the common case: nothing more to read (an attack needs its module)
        return _NONE
    points: Points = POINTS
    for _, hooks in modules:
        if hooks.points is not None:
            points = hooks.points(body)
    read = _scoring_request(body, scoring_round, positions, typed)
    return Expansions(read, modules, body.get("attack"), points)


def _scoring_request(
    body: Mapping[str, Any],
    scoring_round: int,
    positions: Sequence[Position],
    typed: Sequence[Counts | None],
) -> ScoringRequest:
    """The body as the modules' checks and terms read it: each player given by an Alhambra
    with its pieces (none, if it has none)."""
    named = frozenset(body.get("modules", ()))
    return ScoringRequest(
        body,
        scoring_round,
        tuple(
            seat_of(player, None if position is None else furnish(position))
            for player, position in zip(body["players"], positions, strict=True)
        ),
        tuple(typed),
        named,
        most_held(named),
    )


@dataclass(frozen=True, slots=True)
class AlhambraWithPieces:
    """An Alhambra of the rules endpoints (check, walls, placement, options, removal, render)
    with the pieces of the modules named, the reading of B5, and the named modules' rules of
    their pieces (G4, K4)."""

    furnished: Furnished
    hole_rule: HoleRule
    pieces_rules: tuple[PieceRules, ...]


def one_alhambra(body: Mapping[str, Any], furnished: Furnished) -> AlhambraWithPieces:
    """The modules' stage of a body holding one Alhambra, loaded as ``furnished`` (its gates
    aside): the Alhambra is refused by the checks of a player's at a scoring round (each piece,
    token, added wall and gate needs its module; G1, H3, H4, K1, the supply), each pointed at
    the body's own member, and gets its gates (G1)."""
    named = frozenset(body.get("modules", ()))
    seat = {"name": "", "alhambra": body["alhambra"]}
    if "gates" in body:
        seat["gates"] = body["gates"]
        furnished = replace(furnished, gates=tuple(map(wire.gate_of, body["gates"])))
    as_round = {"round": 1, "modules": body.get("modules", []), "players": [seat]}
    problems = [_unseated(problem) for problem in _without_module(as_round, named)]
    modules = tuple(scoring for scoring in SCORING if scoring.module.name in named)
    read = ScoringRequest(
        as_round, 1, (seat_of(seat, furnished),), (None,), named, most_held(named)
    )
    problems += map(_unseated, _refused(modules, read))
    if problems:
        raise InvalidDocument(problems)
    return AlhambraWithPieces(
        furnished,
        wire.hole_rule_of(body),
        tuple(hooks.violations for _, hooks in modules if hooks.violations is not None),
    )


_ROUND_MEMBERS: Final[frozenset[str]] = frozenset(
    member
    for _, hooks in SCORING
    for member in (*hooks.round_fields, *hooks.player_fields, *hooks.dummy_fields)
)
"""Every member a module adds to a round, a player or the dummy (not to an Alhambra's items)."""


def _unseated(problem: Problem) -> Problem:
    """A problem of the lone player of :func:`one_alhambra` pointed at the body itself."""
    return Problem(problem.pointer.removeprefix("/players/0"), problem.message)


def piece_without_module(member: str, named: frozenset[str], *where: str) -> Problem | None:
    """A piece to place (``member``, a camp G4 or a bazaar K4) whose module is not named."""
    for (module, _), members in SCORING_MEMBERS:
        if member in members and module.name not in named:
            return Problem(pointer(*where, member), _add(module))
    return None


def _add(module: Module) -> Text:
    return Text("api.module.add", module=module.name, rule=module.rule)


def alhambra_violations(
    furnished: Furnished, hole_rule: HoleRule, modules: Sequence[Scoring]
) -> list[Violation]:
    """B2-B5 on an Alhambra with pieces, and what the modules' pieces make illegal (G4)."""
    return furnished_violations(
        furnished,
        hole_rule,
        tuple(hooks.violations for _, hooks in modules if hooks.violations is not None),
    )


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
    elif present.isdisjoint(_ROUND_MEMBERS):
        return  # the common case: no member of a module in the round, its players or dummy
    for (module, hooks), members in SCORING_MEMBERS:
        if module.name in named or present.isdisjoint(members):
            continue
        add = _add(module)
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


@dataclass(frozen=True, slots=True)
class RoundParts:
    """The Big Box modules' parts of a round: each player's, and the dummy's (D3), by module
    in the request's order, each citing its rule and giving its points."""

    players: list[dict[str, dict[str, Any]]]
    dummy: dict[str, dict[str, Any]]


def parts(
    big_box: Expansions,
    counts: Sequence[Counts],
    walls: Sequence[int],
    dummy: Counts | None,
) -> RoundParts:
    """Each player's parts and the dummy's, by module in the request's order, each citing its
    rule (the dummy's only where a module ranks him with the players: G3)."""
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
    found = RoundParts([{} for _ in request.seats], {})
    for module, hooks in big_box.modules:
        if hooks.term is not None:
            for player, part in zip(found.players, hooks.term(table), strict=True):
                player[module.name] = _part(module, part)
        if hooks.dummy_term is not None and (dummy_part := hooks.dummy_term(table)) is not None:
            found.dummy[module.name] = _part(module, dummy_part)
    return found


def _part(module: Module, part: Part) -> dict[str, Any]:
    return {"rule": module.rule, "points": part.points, **part.detail}


__all__ = [
    "AlhambraWithPieces",
    "Expansions",
    "RoundParts",
    "alhambra_violations",
    "expansions_of",
    "implausibilities",
    "named_modules",
    "one_alhambra",
    "parts",
    "piece_without_module",
    "scores_problems",
]
