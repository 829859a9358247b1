"""The game core against the public face, action by action (T1-T9, D1-D4, V1-V4).

The golden games' records (``tests/golden/``) are replayed twice at once: through ``apply``,
a frozen state made into a game and back at every action, and through one game core advanced
from the first action to the last. After every action both give the record's events and the
same state; the last state is the record's. Seeded random games (2 to 6 players, digital and
table mode, module combinations) are played the same way, and a third time by their moves
alone (``play``: listed, so carried out unchecked, no events recorded): the three games agree
after every action.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from calculator.api.game_document import dump_event, dump_state, load_action
from calculator.engine import Options, advance, apply, new_game, play
from calculator.engine.players.random_play import random_move
from calculator.engine.state import to_game, to_state
from calculator.modules import ruleset
from scripts.regenerate_golden import GAMES

GOLDEN = Path(__file__).parents[1] / "golden"


@pytest.mark.parametrize("name", GAMES)
def test_a_golden_game_on_one_core_and_frozen_at_every_action_is_the_record(name):
    record = json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))
    options = Options(
        mode=record["options"]["mode"],
        hole_rule=record["options"]["holes"],
        rules=ruleset(record["options"].get("modules", ())),
    )
    state = new_game(record["players"], record["seed"], None, options)
    game = to_game(state)
    for number, step in enumerate(record["steps"]):
        action = load_action(step["action"])
        state, events = apply(state, action)
        assert advance(game, action) == events, f"step {number}"
        assert [dump_event(event) for event in events] == step["events"], f"step {number}"
        assert to_state(game) == state, f"step {number}"
    assert game.over and dump_state(to_state(game)) == record["final"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "seed", "modules", "mode"),
    [
        (2, 31, (), "digital"),
        (5, 32, (), "digital"),
        (3, 33, ("vizier", "exchange", "bonus", "huts"), "digital"),
        (6, 34, ("exchange", "huts"), "digital"),
        (4, 35, ("vizier", "bonus"), "table"),
        (2, 36, ("vizier", "exchange", "bonus", "huts"), "table"),
    ],
)
def test_a_seeded_game_by_its_moves_checked_actions_and_frozen_states_agree(
    players, seed, modules, mode
):
    options = Options(mode=mode, rules=ruleset(modules))
    state = new_game(["Anna", "Ben", "Carla", "Dev", "Emre", "Fatima"][:players], seed, 0, options)
    by_moves, checked = to_game(state), to_game(state)
    rng = random.Random(f"differential/{seed}")
    actions = 0
    while not state.over:
        move = random_move(by_moves, rng)
        action = move[0].record(by_moves, move)
        play(by_moves, move)
        events = advance(checked, action)
        state, applied = apply(state, action)
        assert events == applied
        assert to_state(by_moves) == to_state(checked) == state, f"action {actions}"
        actions += 1
    assert actions > 100 and by_moves.over and checked.over
