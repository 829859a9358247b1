"""Golden transcripts: whole seeded games replayed, every event and state compared exactly.

The files in ``tests/golden/`` come from ``scripts/regenerate_golden.py``; a difference here
means the engine now plays differently. Regenerate them only when that is intended.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from calculator.engine import Options, apply, new_game
from calculator.web.game_document import dump_event, dump_state, load_action
from scripts.regenerate_golden import GAMES, transcript

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_golden_game_replays_exactly(players):
    record = json.loads((GOLDEN / f"game-{players}-players.json").read_text("utf-8"))
    options = Options(mode=record["options"]["mode"], hole_rule=record["options"]["holes"])
    state = new_game(record["players"], record["seed"], None, options)
    assert dump_state(state) == record["initial"]
    for number, step in enumerate(record["steps"]):
        state, events = apply(state, load_action(step["action"]))
        assert [dump_event(event) for event in events] == step["events"], f"step {number}"
    assert state.over
    assert dump_state(state) == record["final"]


def test_the_golden_games_cover_scoring_rounds_and_the_end():
    for players in (2, 4, 6):
        record = json.loads((GOLDEN / f"game-{players}-players.json").read_text("utf-8"))
        kinds = [event["type"] for step in record["steps"] for event in step["events"]]
        assert kinds.count("round_scored") == 3 and kinds[-1] == "game_ended"
        if players == 2:
            assert "dummy_drew" in kinds


def test_the_golden_files_are_what_the_script_writes():
    """``scripts/regenerate_golden.py`` reproduces the committed files: the random player and
    the engine of today write the very transcripts the replay test holds the engine to."""
    for players, seed in GAMES.items():
        record = json.loads((GOLDEN / f"game-{players}-players.json").read_text("utf-8"))
        assert transcript(players, seed) == record, f"{players} players"
