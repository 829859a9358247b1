"""Whole games as records, for the tests of records, notation, replay and review: seeded games
played by the random player (or the computer players), in digital or table mode, with any
modules, kept as the record of their moves."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from calculator.api.game_document import load_action
from calculator.engine import Options, apply, to_act
from calculator.engine.players import Budget, Level, choose
from calculator.engine.players.random_play import random_action
from calculator.modules import NAMES as MODULES
from calculator.modules import ruleset
from calculator.records.record import Record, Setup, start

NAMES = ("Anna", "Ben", "Carla", "Dev", "Emre", "Fatima")
GOLDEN = Path(__file__).parents[1] / "golden"
GOLDEN_GAMES = sorted(path.stem for path in GOLDEN.glob("*.json"))
CONFIGURATIONS: list[tuple[int, str, tuple[str, ...]]] = [
    (2, "digital", ()),
    (3, "table", MODULES),
    (4, "digital", ("vizier", "exchange")),
    (5, "table", ()),
    (6, "digital", MODULES),
    (2, "table", ("bonus", "huts")),
]
"""Seeded random games of 2 to 6 players, in each mode, with modules or none: players, mode,
modules."""


@cache
def played(players: int, seed: int, mode: str = "digital", modules: tuple[str, ...] = ()) -> Record:
    """A whole seeded game between random players, as its record (in table mode the random
    reveals are moves)."""
    setup = Setup(
        NAMES[:players],
        seed if mode == "digital" else None,
        None,
        Options(mode=mode, rules=ruleset(modules)),  # type: ignore[arg-type]
    )
    state = start(setup)
    rng = random.Random(f"record/{seed}")
    moves = []
    while not state.over:
        action = random_action(state, rng)
        state, _ = apply(state, action)
        moves.append(action)
    return Record(setup, tuple(moves))


def seated(levels: Sequence[Level], seed: int, budget: Budget) -> Record:
    """A whole seeded digital game with the computer player of ``levels[seat]`` at each seat."""
    setup = Setup(NAMES[: len(levels)], seed)
    state = start(setup)
    moves = []
    decision = 0
    while not state.over:
        seat = to_act(state)
        assert seat is not None  # a digital game draws by itself
        action = choose(levels[seat], state, seat, budget=budget, seed=seed + decision)
        decision += 1
        state, _ = apply(state, action)
        moves.append(action)
    return Record(setup, tuple(moves))


@cache
def golden(name: str) -> tuple[Record, dict]:  # type: ignore[type-arg]
    """A golden game (``tests/golden``) as its record, with its transcript."""
    document = json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))
    options = document["options"]
    setup = Setup(
        tuple(document["players"]),
        document["seed"],
        None,
        Options(
            mode=options["mode"],
            hole_rule=options["holes"],
            rules=ruleset(options.get("modules", ())),
        ),
    )
    moves = tuple(load_action(step["action"]) for step in document["steps"])
    return Record(setup, moves), document
