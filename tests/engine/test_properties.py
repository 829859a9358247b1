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
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.api.game_document import dump_state, load_state
from calculator.core.alhambra import neighbours
from calculator.engine import GameState, Options, apply, legal_actions, new_game
from calculator.engine.consistency import inconsistencies
from calculator.engine.players.random_play import random_action
from calculator.engine.simulate import play_random_game
from calculator.modules import NAMES as MODULES
from calculator.modules import ruleset
from tests.helpers.listing import check_listing

pytestmark = pytest.mark.slow  # whole random games, every module combination: out of make check

NAMES = ["Anna", "Ben", "Carla", "Dev", "Emre", "Fatima"]
SAMPLED_EVERY = 9
MAX_ACTIONS = 3000


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
