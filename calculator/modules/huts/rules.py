"""The Vizier's Favour, worker huts (V4): six stacks, the top hut taken as one of the turn's
actions, placed at the end of the turn like bought tiles; at most 3 per player, reserve included.

The 24 huts lie in six stacks by colour (pavilion 3, seraglio 3, arcades 4, chambers 4, garden
5, tower 5), the top hut face up (index 0 of a stack). Taking it is an action (T2) that costs
no money and, unlike an exact payment (T4), earns no further one: it ends the turn's actions,
as the turn's action or as the further action an exact payment earned. The hut waits with the
tiles bought this turn (``turn.bought``) and is placed or reserved at the end of the turn (T6),
never given to the dummy (D4 is about bought tiles). The building rules treat a hut as any
tile; :func:`calculator.modules.huts.scoring.hut_counts` counts what it adds.

In table mode a stack is known only by its top: the rest is kept in the game's order. The top
is revealed by the table at setup and again after each take (``hidden_tops``, a draw like any,
from the stack whose top is hidden, :data:`STACK`), before anything else happens.

The huts' wall layouts are not in our sources. A game may give them (``options.components.huts``);
otherwise :data:`PROVISIONAL_HUTS` stands in, published as provisional (``GET /v1/catalog``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from msgspec.structs import replace

from calculator.core.text import Text
from calculator.core.tiles import BUILDINGS, Building, Tile
from calculator.engine.actions import Action
from calculator.engine.codes import HUT, TILE_CODE, TILES
from calculator.engine.components import DisplayCard
from calculator.engine.core import Draw, Game, Kind, Move, Problems, Seat, Source
from calculator.engine.errors import IllegalAction, Path
from calculator.engine.turn import actions_done
from calculator.engine.turn.draws import shuffle, shuffler, tile_order
from calculator.modules.huts.records import (
    NAME,
    STACKS,
    HutRevealed,
    HutTaken,
    RevealHut,
    Stacks,
    TakeHut,
)
from calculator.modules.huts.scoring import (
    HUTS_BY_COLOUR,
    HUTS_PER_PLAYER,
    huts_beyond_limit,
    too_many_huts_message,
)

_STAND_IN_WALLS: Final[tuple[str, ...]] = ("N", "E", "S", "W", "NE")

PROVISIONAL_HUTS: Final[tuple[Tile, ...]] = tuple(
    Tile(building, _STAND_IN_WALLS[index % len(_STAND_IN_WALLS)], hut=True)
    for building in BUILDINGS
    for index in range(HUTS_BY_COLOUR[building])
)
"""Not the printed huts (unknown to us): each colour's huts walled N, E, S, W, NE in turn."""


COMPONENT: Final[str] = "huts"
"""V4: the member of ``options.components`` that gives the huts' walls."""


def given_huts(components: Mapping[str, Any]) -> list[tuple[str, Text]]:
    """V4: the caller's 24 huts, if given (``options.components.huts``, as sent), are as many of
    each colour as the game has."""
    huts = components.get(COMPONENT, [])
    counted = Counter(hut["hut"] for hut in huts)
    wrong = [b.value for b in BUILDINGS if counted[b.value] != HUTS_BY_COLOUR[b]]
    if not huts or not wrong:
        return []
    expected = [
        Text("api.V4.colour_count", building=Text(f"building.{b.value}"), n=HUTS_BY_COLOUR[b])
        for b in BUILDINGS
    ]
    wrongly = [Text(f"building.{building}") for building in wrong]
    return [(COMPONENT, Text("api.V4.given_huts", expected=expected, wrong=wrongly))]


def huts_in_play(game: Game) -> tuple[Tile, ...]:
    return game.options.component(COMPONENT) or PROVISIONAL_HUTS


def stacks_of(parts: Mapping[str, Any]) -> Stacks:
    """V4: the hut stacks, and (table mode) the stacks whose top the table has yet to reveal
    (given the game's parts)."""
    return STACKS.get(parts)


def stack_up(game: Game) -> None:
    """V4, setup: the huts of each colour shuffled into a stack; at a table, in the game's
    order, every top to be revealed."""
    stacks = [
        [hut for hut in huts_in_play(game) if hut.building == building] for building in BUILDINGS
    ]
    if not game.digital:
        STACKS.set(
            game.parts,
            Stacks(
                hut_stacks=tuple(tuple(stack) for stack in stacks),
                hidden_tops=tuple(index for index, stack in enumerate(stacks) if stack),
            ),
        )
        return
    rng = shuffler(game.seed, game.shuffles)
    for stack in stacks:
        shuffle(rng, stack)
    STACKS.set(game.parts, Stacks(hut_stacks=tuple(tuple(stack) for stack in stacks)))
    game.shuffles += 1


class Stack(Source):
    """V4, table mode: the stack whose top hut the table reveals next; a hut turned up stays in
    its stack (the draw's step puts it on top)."""

    rule = "V4"
    drawn = Text("api.V4.drawn")
    holder = Text("api.V4.holder")
    reveals: ClassVar[tuple[type, ...]] = (RevealHut,)

    def held(self, game: Game) -> Sequence[Tile]:
        held = stacks_of(game.parts)
        return held.hut_stacks[held.hidden_tops[0]]

    def top(self, game: Game) -> Tile:
        return self.held(game)[0]

    def take(self, game: Game, item: Any) -> None:
        """The hut stays in its stack until :func:`turn_up` puts it on top."""

    def item(self, game: Game, reveal: Action) -> Any:
        assert isinstance(reveal, RevealHut)
        return reveal.tile

    def reveal(self, game: Game, item: Any) -> Action:
        return RevealHut(item)


STACK: Final[Stack] = Stack()


def at_table(game: Game) -> None:
    """V4, a game built from what lies on a table: each stack holds the top the table shows
    (the first hut given for it, if any) and below it the huts of its colour nobody sees (in no
    Alhambra, reserve or other top), every top known."""
    given = stacks_of(game.parts).hut_stacks
    tops = [given[index][:1] if index < len(given) else () for index in range(len(BUILDINGS))]
    seen = Counter(top for stack in tops for top in stack)
    for player in game.seats:
        owned = (*player.alhambra.tiles.values(), *player.reserve)
        seen.update(TILES[tile] for tile in owned if HUT[tile])
    stacks = []
    for building, top in zip(BUILDINGS, tops, strict=True):
        below = []
        for hut in huts_in_play(game):
            if hut.building != building:
                continue
            if seen[hut]:
                seen[hut] -= 1
            else:
                below.append(hut)
        stacks.append((*top, *below))
    STACKS.set(game.parts, Stacks(tuple(stacks)))


def turn_up(game: Game, hut: Tile) -> None:
    """V4, table mode: the hut the table revealed lies on top of its stack."""
    held = stacks_of(game.parts)
    index, *hidden = held.hidden_tops
    rest = list(held.hut_stacks[index])
    rest.remove(hut)
    stacks = held.hut_stacks
    STACKS.set(
        game.parts,
        Stacks((*stacks[:index], (hut, *rest), *stacks[index + 1 :]), tuple(hidden)),
    )
    if game.log is not None:
        game.log.append(HutRevealed(hut))


TURNING_UP: Final[Draw] = Draw(STACK, turn_up)


def turning_up(game: Game) -> Draw | None:
    """V4, table mode: a hut was taken, or the setup began; the table reveals the next top."""
    return TURNING_UP if stacks_of(game.parts).hidden_tops else None


def owned(game: Game, seat: int) -> int:
    """V4: the huts a player owns: in the Alhambra, in the reserve, waiting to be placed."""
    player = game.seats[seat]
    count = player.alhambra.hut_tiles + sum(HUT[tile] for tile in player.reserve)
    if game.player == seat:
        count += sum(HUT[tile] for tile in game.bought)
    return count


def legal_takes(game: Game) -> list[Move]:
    seat = game.player
    assert seat is not None
    if owned(game, seat) >= HUTS_PER_PLAYER:
        return []
    return [
        (TAKE, seat, index) for index, stack in enumerate(stacks_of(game.parts).hut_stacks) if stack
    ]


def check_take(game: Game, action: TakeHut) -> Move:
    """V4: the top hut of a stack, if the game is played with the huts and the player may own
    one more."""
    if NAME not in game.rules.names:
        raise IllegalAction("V4", Text("api.V4.without"))
    index = BUILDINGS.index(action.building)
    if not stacks_of(game.parts).hut_stacks[index]:
        taken = Text("api.V4.all_taken", building=Text(f"building.{action.building.value}"))
        raise IllegalAction("V4", taken)
    if owned(game, action.player) >= HUTS_PER_PLAYER:
        raise IllegalAction("V4", Text("api.V4.at_most", most=HUTS_PER_PLAYER))
    return (TAKE, action.player, index)


def _take(game: Game, move: Move) -> None:
    """V4: the top hut of a stack joins the tiles waiting for the end of the turn, and the
    turn's actions are over."""
    _, seat, index = move
    held = stacks_of(game.parts)
    stacks, hidden = held.hut_stacks, held.hidden_tops
    stack = stacks[index]
    if stack[1:] and not game.digital:
        hidden = (*hidden, index)  # the table reveals the next one
    STACKS.set(game.parts, Stacks((*stacks[:index], stack[1:], *stacks[index + 1 :]), hidden))
    game.bought.append(TILE_CODE[stack[0]])
    if game.log is not None:
        game.log.append(HutTaken(seat, stack[0]))
    actions_done(game)


TAKE: Final[Kind] = Kind("take_hut", _take, lambda game, move: TakeHut(move[1], BUILDINGS[move[2]]))
"""V4: ``(TAKE, seat, stack)``, the stack by its index in ``BUILDINGS``."""


def _places(game: Game) -> list[tuple[Path, Tile]]:
    places: list[tuple[Path, Tile]] = []
    for seat, player in enumerate(game.seats):
        places += [
            (("players", seat, "alhambra", cell), TILES[tile])
            for cell, tile in player.alhambra.tiles.items()
            if HUT[tile]
        ]
        places += [
            (("players", seat, "reserve", i), TILES[tile])
            for i, tile in enumerate(player.reserve)
            if HUT[tile]
        ]
    places += [(("turn", "bought", i), TILES[t]) for i, t in enumerate(game.bought) if HUT[t]]
    for index, stack in enumerate(stacks_of(game.parts).hut_stacks):
        places += [(("hut_stacks", index, i), t) for i, t in enumerate(stack)]
    return places


def inconsistencies(game: Game) -> Problems:
    """V4: each hut of the game once (stacks by colour, Alhambras, reserves, waiting), at most
    3 per player; none at all without the module."""
    places = _places(game)
    held = stacks_of(game.parts)
    if NAME not in game.rules.names:
        if places or held.hut_stacks or held.hidden_tops:
            member = "hut_stacks" if held.hut_stacks else "hidden_tops"
            where = places[0][0] if places else (member,)
            only = Text(
                "api.module.only_with", pieces=Text("api.V4.pieces"), module="huts", rule="V4"
            )
            return [(where, only)]
        return []
    found: Problems = []
    if len(held.hut_stacks) != len(BUILDINGS):
        return [(("hut_stacks",), Text("api.V4.six_stacks", n=len(BUILDINGS)))]
    found += _hidden_tops(game)
    for index, (building, stack) in enumerate(zip(BUILDINGS, held.hut_stacks, strict=True)):
        for i, hut in enumerate(stack):
            if hut.building != building:
                holds = Text(
                    "api.V4.stack_holds", stack=index, building=Text(f"building.{building}")
                )
                found.append((("hut_stacks", index, i), holds))
    left = Counter(huts_in_play(game))
    for where, hut in places:
        if left[hut] == 0:
            found.append((where, Text("api.V4.no_more_such", hut=hut.named(), walls=hut.walls)))
        left[hut] -= 1
    if +left:
        found.append((("hut_stacks",), Text("api.V4.missing", n=sum((+left).values()))))
    for seat in range(len(game.seats)):
        count = owned(game, seat)
        if count > HUTS_PER_PLAYER:
            found.append((("players", seat), too_many_huts_message(count)))
    return found


def _hidden_tops(game: Game) -> Problems:
    """V4: only a table waits for a top hut, of a stack that holds one, each stack once."""
    held = stacks_of(game.parts)
    if not held.hidden_tops:
        return []
    if game.digital:
        return [(("hidden_tops",), Text("api.V4.digital_tops"))]
    if any(not 0 <= index < len(BUILDINGS) for index in held.hidden_tops):
        return [(("hidden_tops",), Text("api.V4.stacks", n=len(BUILDINGS)))]
    if len(set(held.hidden_tops)) < len(held.hidden_tops):
        return [(("hidden_tops",), Text("api.V4.one_top"))]
    return [
        (("hidden_tops", i), Text("api.V4.empty_stack"))
        for i, index in enumerate(held.hidden_tops)
        if not held.hut_stacks[index]
    ]


def table_inconsistencies(players: Sequence[Seat], face_up: Sequence[DisplayCard]) -> Problems:
    """V4, a described table: no more huts of a colour than the 24 hold, at most 3 per player
    (reserve included)."""
    found: Problems = []
    per_colour: Counter[Building] = Counter()
    for seat, player in enumerate(players):
        places: list[tuple[Path, Tile]] = [
            (("players", seat, "alhambra", cell), TILES[tile])
            for cell, tile in player.alhambra.tiles.items()
        ]
        places += [
            (("players", seat, "reserve", i), TILES[tile]) for i, tile in enumerate(player.reserve)
        ]
        places = [(where, tile) for where, tile in places if tile.hut]
        for count, index in enumerate(huts_beyond_limit(tile for _, tile in places), start=4):
            found.append((places[index][0], too_many_huts_message(count)))
        for where, hut in places:
            assert hut.building is not None
            per_colour[hut.building] += 1
            if per_colour[hut.building] == HUTS_BY_COLOUR[hut.building] + 1:
                found.append(
                    (
                        where,
                        Text(
                            "api.V4.one_too_many",
                            building=Text(f"building.{hut.building.value}"),
                            most=HUTS_BY_COLOUR[hut.building],
                        ),
                    )
                )
    return found


# --- what a seat knows (the computer players) ------------------------------------------------


def information(game: Game, seat: int) -> None:
    """V4: each stack below its face-up top is known as a set."""
    held = stacks_of(game.parts)
    stacks = tuple(
        stack[:1] + tuple(sorted(stack[1:], key=tile_order)) for stack in held.hut_stacks
    )
    STACKS.set(game.parts, replace(held, hut_stacks=stacks))


def shuffle_unseen(game: Game, seat: int, rng: random.Random) -> None:
    """V4: each stack shuffled below its top, every top known (a digital game)."""
    stacks = []
    for stack in stacks_of(game.parts).hut_stacks:
        below = list(stack[1:])
        rng.shuffle(below)
        stacks.append(stack[:1] + tuple(below))
    STACKS.set(game.parts, Stacks(hut_stacks=tuple(stacks)))
