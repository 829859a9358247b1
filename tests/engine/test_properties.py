"""Properties over many seeded random games (T1-T9, D1-D4, C1, C3, B2-B5; V1-V4).

At every step of every game: each component is in the state exactly once and every Alhambra
is legal (the consistency check a client-sent state passes). At sampled steps: every listed
action is accepted, sampled unlisted actions are refused, and the state survives a JSON round
trip unchanged. Every game ends; the same seed and actions give the same game. The base game
and every combination of the Vizier's Favour modules are played, in digital and table mode.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import chain, combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.api.game_document import dump_state, load_state
from calculator.core.alhambra import neighbours
from calculator.core.tiles import BUILDINGS, CATALOG
from calculator.engine import ActionRefused, GameState, Options, apply, legal_actions, new_game
from calculator.engine.actions import (
    Action,
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToDummy,
    MoveToReserve,
    Pass,
    PlaceTile,
    ReserveTile,
    RevealMoney,
    RevealScoringCard,
    RevealTile,
    Swap,
    TakeMoney,
)
from calculator.engine.components import CARD, MoneyCard
from calculator.engine.consistency import inconsistencies
from calculator.engine.game import to_act
from calculator.engine.players.random_play import random_action
from calculator.engine.simulate import play_random_game
from calculator.modules import NAMES as MODULES
from calculator.modules import ruleset
from calculator.modules.huts.records import TakeHut
from calculator.modules.vizier.records import ActivateVizier, DeclineVizier, VizierBuy

pytestmark = pytest.mark.slow  # whole random games, every module combination: out of make check

NAMES = ["Anna", "Ben", "Carla", "Dev", "Emre", "Fatima"]
SAMPLED_EVERY = 9
MAX_ACTIONS = 3000


def sampled(pool: list, count: int, rng: random.Random) -> list:
    return pool if len(pool) <= count else rng.sample(pool, count)


def candidates(state: GameState, rng: random.Random) -> Iterator[Action]:
    """Plausible actions, legal or not: right and wrong seats, cards, slots, tiles, cells."""
    seats = list(range(len(state.players)))
    actor = to_act(state)
    seat = actor if actor is not None and rng.random() < 0.8 else rng.choice(seats)
    player = state.players[seat]
    every_card = list(CARD.values())
    yield RevealTile(rng.choice(CATALOG))
    yield RevealMoney(rng.choice(every_card))
    yield RevealScoringCard(rng.choice((1, 2)))
    for _ in range(4):
        face_up = [card for card in state.face_up if isinstance(card, MoneyCard)]  # V2 apart
        pool = [*face_up, rng.choice(every_card)]
        yield TakeMoney(seat, tuple(sorted(rng.sample(pool, rng.randint(1, min(4, len(pool)))))))
    for slot in range(1, 5):
        if player.hand:
            payment = rng.sample(player.hand, rng.randint(1, min(4, len(player.hand))))
            yield Buy(seat, slot, tuple(sorted(payment)))
    yield EndTurn(seat)
    yield Pass(seat)
    if "huts" in state.options.modules:  # V4: a turn's action, at most 3 per player
        yield TakeHut(seat, rng.choice(BUILDINGS))
    if "vizier" in state.options.modules:  # V1: offered or not, paid exactly or not
        yield DeclineVizier(seat)
        yield ActivateVizier(seat)
        for slot in range(1, 5):
            if player.hand:
                payment = rng.sample(player.hand, rng.randint(1, min(3, len(player.hand))))
                yield VizierBuy(seat, slot, tuple(sorted(payment)))
    alhambra = player.alhambra
    frontier = sorted(alhambra.frontier())
    cells = [*sampled(frontier, 4, rng), (rng.randint(-6, 6), rng.randint(-6, 6))]
    built = sorted(alhambra.tiles)
    for cell in [*sampled(built, 3, rng), (9, 9)]:
        yield MoveToReserve(seat, cell)
    waiting = list(state.turn.bought) + [a.tile for a in state.turn.awarded]
    for tile in [*sampled(list(player.reserve), 2, rng), rng.choice(CATALOG)]:
        for cell in cells:
            yield BuildFromReserve(seat, tile, cell)
        for cell in sampled(built, 2, rng):
            yield Swap(seat, tile, cell)
    for tile in [*waiting, rng.choice(CATALOG)]:
        for cell in cells:
            yield PlaceTile(seat, tile, cell)
        yield ReserveTile(seat, tile)
        yield GiveToDummy(seat, tile)


def contains(payment: tuple[MoneyCard, ...], part: tuple[MoneyCard, ...]) -> bool:
    return not Counter(part) - Counter(payment)


def check_listing(state: GameState, rng: random.Random, more: Iterable[Action] = ()) -> None:
    """Listed actions are accepted; an unlisted one (of :func:`candidates`, and ``more``) is
    refused, unless it is a buy paying more than a listed (canonical) payment contained in it
    (T4: legal, never listed)."""
    listed = legal_actions(state)
    assert len(set(listed)) == len(listed), "an action is listed twice"
    for action in sampled(listed, 40, rng):
        apply(state, action)  # raises if refused
    listed_set = set(listed)
    for action in chain(candidates(state, rng), more):
        if action in listed_set:
            continue
        try:
            apply(state, action)
        except ActionRefused:
            continue
        assert isinstance(action, Buy), f"accepted but not listed: {action}"
        assert any(
            isinstance(other, Buy)
            and other.slot == action.slot
            and contains(action.payment, other.payment)
            for other in listed
        ), f"accepted but no listed payment within it: {action}"


def play_checked(
    players: int, seed: int, mode: str, modules: frozenset[str] = frozenset()
) -> GameState:
    rng = random.Random(seed)
    options = Options(mode=mode, rules=ruleset(modules))  # type: ignore[arg-type]
    state = new_game(NAMES[:players], seed, None, options)
    for step in range(MAX_ACTIONS):
        assert not inconsistencies(state), (step, inconsistencies(state))
        if state.over:
            break
        if step % SAMPLED_EVERY == 0:
            check_listing(state, rng)
            document = dump_state(state)
            assert load_state(json.loads(json.dumps(document))) == state
        action = random_action(state, rng)
        state, _ = apply(state, action)
    assert state.over, "the game did not end"
    assert load_state(json.loads(json.dumps(dump_state(state)))) == state
    return state


@settings(max_examples=8, deadline=None, derandomize=True)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31 - 1))
def test_random_digital_games_keep_every_rule(players, seed):
    play_checked(players, seed, "digital")


@settings(max_examples=4, deadline=None, derandomize=True)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31 - 1))
def test_random_table_games_keep_every_rule(players, seed):
    play_checked(players, seed, "table")


MODULE_SETS: list[frozenset[str]] = [
    frozenset(chosen) for size in range(len(MODULES) + 1) for chosen in combinations(MODULES, size)
]
"""The base game and every combination of the Vizier's Favour modules: 16 sets."""


@pytest.mark.parametrize("mode", ["digital", "table"])
@pytest.mark.parametrize(
    ("players", "seed", "modules"),
    [(2 + index % 5, 40 + index, modules) for index, modules in enumerate(MODULE_SETS)],
    ids=lambda value: "+".join(sorted(value)) or "base" if isinstance(value, frozenset) else None,
)
def test_random_games_with_every_module_combination_keep_every_rule(players, seed, modules, mode):
    """V1-V4 as ruled (a hut is one of the turn's actions, the vizier is offered from the next
    player on) in every combination of the modules: every game ends, every state on the way is
    consistent, listed actions are accepted and unlisted ones refused."""
    play_checked(players, seed, mode, modules)


def test_every_game_ends():
    for players in range(2, 7):
        for seed in range(4):
            assert play_random_game(players, seed).state.over


def test_the_same_seed_and_actions_give_the_same_game():
    rng = random.Random(5)
    state = new_game(NAMES[:4], 99)
    actions, events = [], []
    while not state.over:
        action = random_action(state, rng)
        actions.append(action)
        state, happened = apply(state, action)
        events.append(happened)
    again = new_game(NAMES[:4], 99)
    for action, happened in zip(actions, events, strict=True):
        again, happened_again = apply(again, action)
        assert happened_again == happened
    assert again == state


def test_the_random_player_plays_only_listed_actions():
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(NAMES[:3], seed)
        while not state.over:
            action = random_action(state, rng)
            assert action in legal_actions(state)
            state, _ = apply(state, action)


def test_every_alhambra_tile_is_walkable_in_finished_games():
    """B3 at the end of real games, shown directly (the consistency check also covers it)."""
    state = play_random_game(4, 12).state
    for player in state.players:
        tiles = player.alhambra.tiles
        seen, stack = {(0, 0)}, [(0, 0)]
        while stack:
            cell = stack.pop()
            for side, other in neighbours(cell):
                opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}[side]
                if (
                    other in tiles
                    and other not in seen
                    and not tiles[cell].has_wall(side)
                    and not tiles[other].has_wall(opposite)
                ):
                    seen.add(other)
                    stack.append(other)
        assert seen == set(tiles)
