"""Regenerate the golden game transcripts in ``tests/golden/`` (``tests/engine/test_golden.py``).

    .venv/bin/python scripts/regenerate_golden.py

Each transcript is a whole seeded game between random players (the base game with 2, 4 and 6
players; 3 players with every module of the Vizier's Favour, V1-V4): the setup request, the
state after setup, every action with the events it caused, and the final state. The test
replays the actions and compares every event and both states exactly, so a change to the
engine's behaviour shows as a diff here: regenerate only when it is meant.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from calculator.api.game_document import dump_action, dump_event, dump_state  # noqa: E402
from calculator.engine import Options, apply, new_game  # noqa: E402
from calculator.engine.players.random_play import random_action  # noqa: E402
from calculator.engine.simulate import NAMES  # noqa: E402
from calculator.modules import NAMES as MODULES  # noqa: E402
from calculator.modules import ruleset  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
GAMES: dict[str, tuple[int, int, tuple[str, ...]]] = {
    "game-2-players": (2, 2024, ()),
    "game-4-players": (4, 1492, ()),
    "game-6-players": (6, 1238, ()),
    "game-3-players-vizier-favour": (3, 9, MODULES),
}
"""File name -> players, seed of the game (and of the random players), and modules played."""


def transcript(players: int, seed: int, modules: tuple[str, ...] = ()) -> dict[str, Any]:
    names = list(NAMES[:players])
    state = new_game(names, seed, None, Options(rules=ruleset(modules)))
    options: dict[str, Any] = {"mode": "digital", "holes": "region"}
    if modules:
        options["modules"] = sorted(modules)
    record: dict[str, Any] = {
        "players": names,
        "seed": seed,
        "options": options,
        "initial": dump_state(state),
        "steps": [],
    }
    rng = random.Random(f"golden/{seed}")
    while not state.over:
        action = random_action(state, rng)
        state, events = apply(state, action)
        record["steps"].append(
            {"action": dump_action(action), "events": [dump_event(event) for event in events]}
        )
    record["final"] = dump_state(state)
    return record


def write(record: dict[str, Any], path: Path) -> None:
    """One step per line, so that a change reads as a small diff."""
    compact = {"separators": (",", ":"), "ensure_ascii": False}
    head = {key: record[key] for key in ("players", "seed", "options")}
    lines = ["{", *(f"{json.dumps(k)}:{json.dumps(v, **compact)}," for k, v in head.items())]
    lines.append(f'"initial":{json.dumps(record["initial"], **compact)},')
    lines.append('"steps":[')
    steps = [json.dumps(step, **compact) for step in record["steps"]]
    lines.append(",\n".join(steps))
    lines.append("],")
    lines.append(f'"final":{json.dumps(record["final"], **compact)}')
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, (players, seed, modules) in GAMES.items():
        path = GOLDEN / f"{name}.json"
        record = transcript(players, seed, modules)
        write(record, path)
        assert json.loads(path.read_text("utf-8")) == record
        print(
            f"{path.relative_to(ROOT)}: {len(record['steps'])} actions, "
            f"winners {record['final']['winners']}"
        )


if __name__ == "__main__":
    main()
