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
:mod:`draws`), before anything else happens.

The huts' wall layouts are not in our sources. A game may give them (``options.components.huts``);
otherwise :data:`PROVISIONAL_HUTS` stands in, published as provisional (``GET /v1/catalog``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from msgspec.structs import replace

from calculator.core.tiles import BUILDINGS, Building, Tile
from calculator.engine.errors import IllegalAction, Path
from calculator.engine.events import Event
from calculator.engine.state import Draft, Game, GameState, Player
from calculator.engine.turn import actions_done
from calculator.engine.turn.draws import Draw, shuffler, tile_order
from calculator.modules.huts.records import NAME, STACKS, HutRevealed, HutTaken, Stacks, TakeHut
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


def given_huts(components: Mapping[str, Any]) -> list[tuple[str, str]]:
    """V4: the caller's 24 huts, if given (``options.components.huts``, as sent), are as many of
    each colour as the game has."""
    huts = components.get(COMPONENT, [])
    counted = Counter(hut["hut"] for hut in huts)
    wrong = [b.value for b in BUILDINGS if counted[b.value] != HUTS_BY_COLOUR[b]]
    if not huts or not wrong:
        return []
    expected = ", ".join(f"{b.value} {HUTS_BY_COLOUR[b]}" for b in BUILDINGS)
    return [(COMPONENT, f"the huts are {expected} (V4); not so for: {', '.join(wrong)}")]


def huts_in_play(game: Game) -> tuple[Tile, ...]:
    return game.options.component(COMPONENT) or PROVISIONAL_HUTS


def stacks_of(game: Game) -> Stacks:
    """V4: the hut stacks, and (table mode) the stacks whose top the table has yet to reveal."""
    return STACKS.of(game)


def stack_up(state: GameState) -> GameState:
    """V4, setup: the huts of each colour shuffled into a stack; at a table, in the game's
    order, every top to be revealed."""
    stacks = [
        [hut for hut in huts_in_play(state) if hut.building == building] for building in BUILDINGS
    ]
    if not state.digital:
        return STACKS.put(
            state,
            Stacks(
                hut_stacks=tuple(tuple(stack) for stack in stacks),
                hidden_tops=tuple(index for index, stack in enumerate(stacks) if stack),
            ),
        )
    rng = shuffler(state.seed, state.shuffles)
    for stack in stacks:
        rng.shuffle(stack)
    state = STACKS.put(state, Stacks(hut_stacks=tuple(tuple(stack) for stack in stacks)))
    return replace(state, shuffles=state.shuffles + 1)


def at_table(state: GameState) -> GameState:
    """V4, a state built from what lies on a table: each stack holds the top the table shows
    (the first hut given for it, if any) and below it the huts of its colour nobody sees (in no
    Alhambra, reserve or other top), every top known."""
    given = stacks_of(state).hut_stacks
    tops = [given[index][:1] if index < len(given) else () for index in range(len(BUILDINGS))]
    seen = Counter(top for stack in tops for top in stack)
    for player in state.players:
        seen.update(tile for tile in (*player.alhambra.tiles.values(), *player.reserve) if tile.hut)
    stacks = []
    for building, top in zip(BUILDINGS, tops, strict=True):
        below = []
        for hut in huts_in_play(state):
            if hut.building != building:
                continue
            if seen[hut]:
                seen[hut] -= 1
            else:
                below.append(hut)
        stacks.append((*top, *below))
    return STACKS.put(state, Stacks(tuple(stacks)))


def turn_up(draft: Draft, hut: Tile) -> list[Event]:
    """V4, table mode: the hut the table revealed lies on top of its stack."""
    held = stacks_of(draft)
    index, *hidden = held.hidden_tops
    rest = list(held.hut_stacks[index])
    rest.remove(hut)
    stacks = held.hut_stacks
    STACKS.store(
        draft,
        Stacks((*stacks[:index], (hut, *rest), *stacks[index + 1 :]), tuple(hidden)),
    )
    return [HutRevealed(hut)]


TURNING_UP: Final[Draw] = Draw(NAME, turn_up)


def owned(state: Game, seat: int) -> int:
    """V4: the huts a player owns: in the Alhambra, in the reserve, waiting to be placed."""
    player = state.players[seat]
    count = sum(tile.hut for tile in player.alhambra.tiles.values())
    count += sum(tile.hut for tile in player.reserve)
    if state.turn.player == seat:
        count += sum(tile.hut for tile in state.turn.bought)
    return count


def legal_takes(state: Game) -> list[TakeHut]:
    seat = state.turn.player
    assert seat is not None
    if owned(state, seat) >= HUTS_PER_PLAYER:
        return []
    return [
        TakeHut(seat, building)
        for building, stack in zip(BUILDINGS, stacks_of(state).hut_stacks, strict=True)
        if stack
    ]


def take_hut(draft: Draft, action: TakeHut) -> list[Event]:
    """V4: the top hut of a stack joins the tiles waiting for the end of the turn, and the
    turn's actions are over."""
    if NAME not in draft.options.modules:
        raise IllegalAction("V4", "this game is played without the worker huts")
    index = BUILDINGS.index(action.building)
    held = stacks_of(draft)
    stack = held.hut_stacks[index]
    if not stack:
        raise IllegalAction("V4", f"the {action.building.value} huts are all taken")
    if owned(draft, action.player) >= HUTS_PER_PLAYER:
        raise IllegalAction("V4", f"a player owns at most {HUTS_PER_PLAYER} worker huts")
    stacks = held.hut_stacks
    hidden = held.hidden_tops
    if stack[1:] and not draft.digital:
        hidden = (*hidden, index)  # the table reveals the next one
    STACKS.store(draft, Stacks((*stacks[:index], stack[1:], *stacks[index + 1 :]), hidden))
    draft.turn = replace(draft.turn, bought=(*draft.turn.bought, stack[0]))
    return [HutTaken(action.player, stack[0]), *actions_done(draft)]


def _places(state: GameState) -> list[tuple[Path, Tile]]:
    places: list[tuple[Path, Tile]] = []
    for seat, player in enumerate(state.players):
        places += [
            (("players", seat, "alhambra", cell), t)
            for cell, t in player.alhambra.tiles.items()
            if t.hut
        ]
        places += [
            (("players", seat, "reserve", i), t) for i, t in enumerate(player.reserve) if t.hut
        ]
    places += [(("turn", "bought", i), t) for i, t in enumerate(state.turn.bought) if t.hut]
    for index, stack in enumerate(stacks_of(state).hut_stacks):
        places += [(("hut_stacks", index, i), t) for i, t in enumerate(stack)]
    return places


def inconsistencies(state: GameState) -> list[tuple[Path, str]]:
    """V4: each hut of the game once (stacks by colour, Alhambras, reserves, waiting), at most
    3 per player; none at all without the module."""
    places = _places(state)
    held = stacks_of(state)
    if NAME not in state.options.modules:
        if places or held.hut_stacks or held.hidden_tops:
            member = "hut_stacks" if held.hut_stacks else "hidden_tops"
            where = places[0][0] if places else (member,)
            return [(where, 'there are worker huts only with the "huts" module (V4)')]
        return []
    found: list[tuple[Path, str]] = []
    if len(held.hut_stacks) != len(BUILDINGS):
        return [(("hut_stacks",), "the huts lie in 6 stacks, one per colour (V4)")]
    found += _hidden_tops(state)
    for index, (building, stack) in enumerate(zip(BUILDINGS, held.hut_stacks, strict=True)):
        for i, hut in enumerate(stack):
            if hut.building != building:
                found.append((("hut_stacks", index, i), f"stack {index} holds {building} huts"))
    left = Counter(huts_in_play(state))
    for where, hut in places:
        if left[hut] == 0:
            found.append((where, f"{hut.describe()} walled {hut.walls}: no more such huts (V4)"))
        left[hut] -= 1
    if +left:
        found.append((("hut_stacks",), f"{sum((+left).values())} huts missing (V4)"))
    for seat in range(len(state.players)):
        count = owned(state, seat)
        if count > HUTS_PER_PLAYER:
            found.append((("players", seat), too_many_huts_message(count)))
    return found


def _hidden_tops(state: GameState) -> list[tuple[Path, str]]:
    """V4: only a table waits for a top hut, of a stack that holds one, each stack once."""
    held = stacks_of(state)
    if not held.hidden_tops:
        return []
    if state.digital:
        return [(("hidden_tops",), "a digital game knows every stack's top hut (V4)")]
    if any(not 0 <= index < len(BUILDINGS) for index in held.hidden_tops):
        return [(("hidden_tops",), f"there are {len(BUILDINGS)} stacks, numbered from 0 (V4)")]
    if len(set(held.hidden_tops)) < len(held.hidden_tops):
        return [(("hidden_tops",), "a stack has one top hut to reveal (V4)")]
    return [
        (("hidden_tops", i), "an empty stack has no top hut to reveal (V4)")
        for i, index in enumerate(held.hidden_tops)
        if not held.hut_stacks[index]
    ]


def table_inconsistencies(players: Sequence[Player]) -> list[tuple[Path, str]]:
    """V4, a described table: no more huts of a colour than the 24 hold, at most 3 per player
    (reserve included)."""
    found: list[tuple[Path, str]] = []
    per_colour: Counter[Building] = Counter()
    for seat, player in enumerate(players):
        places: list[tuple[Path, Tile]] = [
            (("players", seat, "alhambra", cell), tile)
            for cell, tile in player.alhambra.buildings()
        ]
        places += [(("players", seat, "reserve", i), tile) for i, tile in enumerate(player.reserve)]
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
                        f"one {hut.building.value} hut too many: there are "
                        f"{HUTS_BY_COLOUR[hut.building]} (V4)",
                    )
                )
    return found


# --- what a seat knows (the computer players) ------------------------------------------------


def information(state: GameState, seat: int) -> GameState:
    """V4: each stack below its face-up top is known as a set."""
    stacks = tuple(
        stack[:1] + tuple(sorted(stack[1:], key=tile_order))
        for stack in stacks_of(state).hut_stacks
    )
    return STACKS.change(state, hut_stacks=stacks)


def shuffle_unseen(state: GameState, seat: int, rng: random.Random) -> GameState:
    """V4: each stack shuffled below its top, every top known (a digital game)."""
    stacks = []
    for stack in stacks_of(state).hut_stacks:
        below = list(stack[1:])
        rng.shuffle(below)
        stacks.append(stack[:1] + tuple(below))
    return STACKS.change(state, hut_stacks=tuple(stacks), hidden_tops=())
