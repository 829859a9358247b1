"""The Big Box modules (G, H, K, S) in ``POST /v1/scores``: reading what they add to a request,
the refusals only code can make, the plausibility warnings, and each player's parts.

A request body reaches this module after its JSON Schema said yes. Reading it:

* an Alhambra with pieces is read by :func:`calculator.api.wire.furnished_of`: its tiles, the
  chests (K1), residents (H3) and added walls (H4) on them, the camps (G4) and bazaars (K4) on
  cells of their own, and the player's gates (G1);
* every member of a module given without the module in ``modules`` is refused, naming it; the
  attack (K3) and the score card (S1) are required with theirs;
* the refusals of :func:`table_problems`: the supply, tokens on no building, more chests or
  residents than buildings, bazaar points outside round 3, two owners of a character, a score
  card that is no order of the six types, a gate on no double wall, an added wall on a
  printed wall, the dummy with chests or characters. Each message cites its rule.

Scoring goes through each module's term (``calculator.modules.scoring``); this module only
gathers the table and writes the parts.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from msgspec import structs

from calculator.api import wire
from calculator.api.problems import InvalidDocument, Problem, pointer
from calculator.api.wire import ScoresQuery, gate_of
from calculator.core.building import Violation
from calculator.core.huts import HUTS_PER_PLAYER
from calculator.core.pieces import Furnished
from calculator.core.plausibility import EnteredSeat, Implausibility
from calculator.core.scoring import POINTS, Counts, Points
from calculator.core.tiles import BUILDINGS, Building, Cell, Side
from calculator.modules import SCORING, SCORING_BY_NAME
from calculator.modules.art_of_the_moors import MOST_POINTS, culture_beyond_counters
from calculator.modules.bazaars import BAZAARS, bazaar_points_beyond_tiles, bazaars_of
from calculator.modules.camps import CAMPS, camp_points_beyond_tiles, camp_violations, camps_of
from calculator.modules.characters import CITY_WATCH, WISE_MAN
from calculator.modules.city_walls import ADDED_WALLS, added_wall_violations, added_walls_count
from calculator.modules.gates import gate_violations
from calculator.modules.invaders import BESIDE_ROUND, Exposure, exposed_beyond_tiles
from calculator.modules.score_cards import card_points, is_score_card
from calculator.modules.scoring import Part, RoundTable, ScoringModule, SeatRound
from calculator.modules.street_traders import (
    RESIDENTS_PER_COLOUR,
    resident_violations,
    residents_in,
)
from calculator.modules.treasure import (
    CHESTS,
    CHESTS_BY_COLOUR,
    chest_violations,
    chests_by_colour,
)


@dataclass(frozen=True, slots=True)
class Expansions:
    """What the Big Box modules add to a scoring round: the modules named (in the request's
    order), the attack (K3), the points per place (M2, or S1's card) and per player what the
    table entered (``SeatRound`` without counts and wall: the service adds them)."""

    modules: tuple[ScoringModule, ...]
    attack: Side | None
    points: Points
    seats: tuple[SeatRound, ...]


def violations(furnished: Furnished) -> list[Violation]:
    """What a player's pieces make illegal beyond the building rules: the camps' bastions
    (G4). The refusals (G1, H4, K1, H3 and the supply) are :func:`table_problems`'."""
    return camp_violations(furnished) if furnished.pieces else []


# --- reading the modules' members ------------------------------------------------------------


def load_scores(request: Mapping[str, Any]) -> tuple[ScoresQuery, Expansions]:
    """A schema-valid ``POST /v1/scores`` body: the round as :func:`calculator.api.wire.
    load_scores` reads it, and the Big Box's part; every problem of both, or the two."""
    try:
        query = wire.load_scores(request)
    except InvalidDocument as error:
        named = set(request.get("modules", ()))
        raise InvalidDocument([*error.problems, *_without_module(request, named)]) from None
    expansions, problems = load(
        request, [seat.furnished for seat in query.seats], [seat.counts for seat in query.seats]
    )
    if problems:
        raise InvalidDocument(problems)
    return query, expansions


def load(
    request: Mapping[str, Any],
    furnished: Sequence[Furnished | None],
    counts: Sequence[Counts | None],
) -> tuple[Expansions, list[Problem]]:
    """The Big Box's part of a schema-valid ``POST /v1/scores`` body, and its problems."""
    named = set(request.get("modules", ()))
    problems = list(_without_module(request, named))
    modules = tuple(SCORING_BY_NAME[n] for n in request.get("modules", ()) if n in SCORING_BY_NAME)
    attack = request.get("attack")
    if "invaders" in named and attack is None:
        problems.append(Problem("/attack", "the module invaders needs this scoring's attack (K3)"))
    card = request.get("score_card")
    points: Points = POINTS
    if "score_cards" in named:
        if card is None:
            problems.append(
                Problem("/score_card", "the module score_cards needs this scoring's card (S1)")
            )
        elif not is_score_card(card):
            problems.append(
                Problem(
                    "/score_card",
                    "a score card lists each of the six building types once, least valuable "
                    "first (S1)",
                )
            )
        else:
            points = card_points([Building(b) for b in card])
    seats = tuple(
        _entered(player, seat_furnished)
        for player, seat_furnished in zip(request["players"], furnished, strict=True)
    )
    problems += table_problems(request, seats, counts)
    return Expansions(modules, attack, points, seats), problems


def _entered(player: Mapping[str, Any], furnished: Furnished | None) -> SeatRound:
    residents = player.get("residents", {})
    exposed = player.get("exposed", {})
    characters = player.get("characters", {})
    wise_man = characters.get(WISE_MAN)
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
        city_watch=bool(characters.get(CITY_WATCH, False)),
    )


def _without_module(request: Mapping[str, Any], named: set[str]) -> Iterator[Problem]:
    """Every member of a Big Box module the request does not name, pointing at it."""
    for module in SCORING:
        if module.name in named:
            continue
        add = (
            f"it belongs to the module {module.name} ({module.rule}): "
            f'add "{module.name}" to modules'
        )
        for member in module.round_fields:
            if member in request:
                yield Problem(pointer(member), add)
        for index, player in enumerate(request["players"]):
            for member in module.player_fields:
                if member in player:
                    yield Problem(pointer("players", index, member), add)
            for item_index, item in enumerate(player.get("alhambra", ())):
                for member in module.piece_fields:
                    if item.get(member):
                        yield Problem(
                            pointer("players", index, "alhambra", item_index, member), add
                        )


# --- the refusals ----------------------------------------------------------------------------


def table_problems(
    request: Mapping[str, Any], seats: Sequence[SeatRound], counts: Sequence[Counts | None]
) -> list[Problem]:
    """What a real table cannot hold, each pointed at and citing its rule."""
    problems: list[Problem] = []
    scoring_round = int(request["round"])
    for index, (player, seat) in enumerate(zip(request["players"], seats, strict=True)):
        at = ("players", index)
        if seat.furnished is not None:
            problems += _alhambra_problems(at, player, seat.furnished)
        seat_counts = counts[index]
        if seat_counts is not None:
            problems += _beyond_buildings(at, seat, seat_counts)
        if "bazaar_points" in player and scoring_round != 3:
            problems.append(
                Problem(
                    pointer(*at, "bazaar_points"),
                    f"bazaars score at the final scoring only (K4); this is round {scoring_round}",
                )
            )
        if "beside" in player.get("exposed", {}) and scoring_round != BESIDE_ROUND:
            problems.append(
                Problem(
                    pointer(*at, "exposed", "beside"),
                    "sides at right angles to the attack count in round 3 only (K3); this is "
                    f"round {scoring_round}",
                )
            )
    problems += _supply(seats)
    problems += _owners(request)
    dummy = request.get("dummy") or {}
    if "chests" in dummy:
        problems.append(Problem("/dummy/chests", "the dummy holds no chests (K1)"))
    if "characters" in dummy:
        problems.append(Problem("/dummy/characters", "the dummy owns no character (G3)"))
    return problems


def _alhambra_problems(
    at: tuple[str | int, ...], player: Mapping[str, Any], furnished: Furnished
) -> list[Problem]:
    """G1, H4, K1, H3 on one Alhambra, each pointed at the item or gate it concerns."""
    items = player["alhambra"]
    by_cell = {(int(i["x"]), int(i["y"])): index for index, i in enumerate(items)}
    problems = []
    for violation in added_wall_violations(furnished):
        problems.append(_pointed(at, violation, by_cell, "added_walls"))
    for violation in chest_violations(furnished):
        problems.append(_pointed(at, violation, by_cell, "chest"))
    for violation in resident_violations(furnished):
        problems.append(_pointed(at, violation, by_cell, "resident"))
    gate_index = {gate_of(gate): index for index, gate in enumerate(player.get("gates", ()))}
    for violation in gate_violations(furnished):
        where = (
            pointer(*at, "gates", gate_index[violation.sides[0]])
            if violation.sides
            else pointer(*at, "gates")
        )
        problems.append(Problem(where, f"{violation.message} ({violation.rule})"))
    return problems


def _pointed(
    at: tuple[str | int, ...], violation: Violation, by_cell: Mapping[Cell, int], member: str
) -> Problem:
    cell = violation.cells[0] if violation.cells else None
    if cell is not None and cell in by_cell:
        where = pointer(*at, "alhambra", by_cell[cell], member)
    else:
        where = pointer(*at, "alhambra")
    return Problem(where, f"{violation.message} ({violation.rule})")


def _beyond_buildings(
    at: tuple[str | int, ...], seat: SeatRound, counts: Counts
) -> Iterator[Problem]:
    """K1, H3: a chest or a resident needs a building to lie on, one per building."""
    buildings = sum(counts.values())
    if seat.chests > buildings:
        yield Problem(
            pointer(*at, "chests"),
            f"{seat.chests} chests on {buildings} buildings: a chest lies on a building, one "
            "per building (K1)",
        )
    for building, residents in seat.residents.items():
        if residents > counts.get(building, 0):
            yield Problem(
                pointer(*at, "residents", building.value),
                f"{residents} {building.value} residents on {counts.get(building, 0)} "
                f"{building.value} buildings: a resident lives on a building of its colour, "
                "one per building (H3)",
            )


def _supply(seats: Sequence[SeatRound]) -> Iterator[Problem]:
    """The table's supply, counted over the players in order; the problem points at the player
    whose pieces take a total past it: K1 42 chests in their colours, H3 7 residents of a
    colour, H4 12 added walls, K4 8 bazaars, G4 8 camps, S4 20 culture counters of at most 21
    points."""
    totals: dict[str, int] = {}
    limits: dict[str, tuple[int, str]] = {
        "chests": (CHESTS, "chests: the table has {} (K1)"),
        "added_walls": (ADDED_WALLS, "added walls: the table has {} (H4)"),
        "bazaars": (BAZAARS, "bazaars: the table has {} (K4)"),
        "camps": (CAMPS, "camps: the table has {} (G4)"),
        "culture_points": (MOST_POINTS, "culture points: 20 counters show at most {} (S4)"),
    }
    for building in BUILDINGS:
        limits[f"chests:{building.value}"] = (
            CHESTS_BY_COLOUR[building],
            f"{building.value} chests: the table has {{}} (K1)",
        )
        limits[f"residents:{building.value}"] = (
            RESIDENTS_PER_COLOUR,
            f"{building.value} residents: the table has {{}} (H3)",
        )
    over: set[str] = set()
    for index, seat in enumerate(seats):
        held: dict[str, tuple[int, tuple[str | int, ...]]] = {}
        at: tuple[str | int, ...] = ("players", index)
        if seat.furnished is not None:
            where = (*at, "alhambra")
            by_colour = chests_by_colour(seat.furnished)
            held["chests"] = (sum(by_colour.values()), where)
            for building, count in by_colour.items():
                held[f"chests:{building.value}"] = (count, where)
            for building, count in residents_in(seat.furnished).items():
                held[f"residents:{building.value}"] = (count, where)
            held["added_walls"] = (added_walls_count(seat.furnished), where)
            held["bazaars"] = (len(bazaars_of(seat.furnished)), where)
            held["camps"] = (len(camps_of(seat.furnished)), where)
        else:
            held["chests"] = (seat.chests, (*at, "chests"))
            for building, count in seat.residents.items():
                held[f"residents:{building.value}"] = (count, (*at, "residents", building.value))
        held["culture_points"] = (seat.culture_points, (*at, "culture_points"))
        for key, (count, where) in held.items():
            totals[key] = totals.get(key, 0) + count
            limit, what = limits[key]
            if totals[key] > limit and key not in over:
                over.add(key)
                yield Problem(pointer(*where), f"that makes {totals[key]} {what.format(limit)}")


def _owners(request: Mapping[str, Any]) -> Iterator[Problem]:
    """G3: at most one player owns each character."""
    owner: dict[str, int] = {}
    for index, player in enumerate(request["players"]):
        characters = player.get("characters", {})
        for character in (WISE_MAN, CITY_WATCH):
            if characters.get(character) in (None, False):
                continue
            if character in owner:
                yield Problem(
                    pointer("players", index, "characters", character),
                    f"/players/{owner[character]} owns the {character.replace('_', ' ')}; "
                    "each character has one owner (G3)",
                )
            else:
                owner[character] = index


# --- the warnings ----------------------------------------------------------------------------


def implausibilities(
    big_box: Expansions, scoring_round: int, entered: Sequence[EnteredSeat], huts: bool
) -> list[Implausibility]:
    """What only a table described by hand can show, possible only in theory given the rest of
    the request: exposed sides (K3), camp (G4) or bazaar (K4) points beyond the tiles the
    counts allow, and culture points beyond the counters (S4)."""
    named = {module.name for module in big_box.modules}
    found: list[Implausibility | None] = []
    for player, (seat, typed) in enumerate(zip(big_box.seats, entered, strict=True)):
        if typed.counts is None:
            continue  # an Alhambra: the service counted, nothing typed to doubt
        buildings = sum(typed.counts.values())
        if "invaders" in named:
            tiles = buildings + 1  # the fountain's sides count too
            tiles += HUTS_PER_PLAYER if huts else 0
            tiles += CAMPS if "camps" in named else 0
            tiles += BAZAARS if "bazaars" in named else 0
            found.append(
                exposed_beyond_tiles(player, Exposure(*seat.exposed), tiles, scoring_round)
            )
        if "camps" in named:
            found.append(camp_points_beyond_tiles(player, seat.camp_points, buildings))
        if "bazaars" in named:
            types = sum(1 for count in typed.counts.values() if count)
            found.append(bazaar_points_beyond_tiles(player, seat.bazaar_points, buildings, types))
    if "art_of_the_moors" in named:
        found.append(culture_beyond_counters([seat.culture_points for seat in big_box.seats]))
    return [warning for warning in found if warning is not None]


# --- the parts -------------------------------------------------------------------------------


def parts(
    expansions: Expansions,
    scoring_round: int,
    counts: Sequence[Counts],
    walls: Sequence[int],
    dummy: Counts | None,
) -> list[dict[str, dict[str, Any]]]:
    """Each player's parts, by module in the request's order, each citing its rule."""
    table = RoundTable(
        scoring_round,
        tuple(
            structs.replace(seat, counts=seat_counts, wall=wall)
            for seat, seat_counts, wall in zip(expansions.seats, counts, walls, strict=True)
        ),
        dummy,
        expansions.attack,
        expansions.points,
    )
    by_player: list[dict[str, dict[str, Any]]] = [{} for _ in expansions.seats]
    for module in expansions.modules:
        if module.term is None:
            continue
        found: list[Part] = module.term(table)
        for player, part in zip(by_player, found, strict=True):
            player[module.name] = {"rule": module.rule, "points": part.points, **part.detail}
    return by_player


__all__ = [
    "Expansions",
    "implausibilities",
    "load",
    "load_scores",
    "parts",
    "table_problems",
    "violations",
]
