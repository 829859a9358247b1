"""bench/ stands alone: the benchmarks and the long runs (``make soak``, ``make fuzz``) import
the package and each other, never the test suite, so they run with the project's runtime and
bench dependencies only (the tests import from bench/, not the other way round).

And ``make fuzz`` sends what the in-process schemathesis tests send: its hooks bring a
schema-valid body within the rules no schema states, for the game endpoints as for v1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench.spec import body_operations, replaced
from calculator.api.contract import request_contract
from tests.helpers.imports import imported, top_level

BENCH = Path(__file__).resolve().parents[2] / "bench"
SCRIPTS = sorted(BENCH.glob("*.py"))


def test_the_imports_are_read_from_the_files():
    assert {"bench", "json", "psutil"} <= top_level(imported(BENCH / "soak.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_bench_script_imports_nothing_from_the_tests(script):
    assert "tests" not in top_level(imported(script))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_bench_script_needs_no_test_runner(script):
    assert not {"pytest", "hypothesis"} & top_level(imported(script))


def as_make_fuzz_sends(path: str, body: dict[str, Any]) -> dict[str, Any]:
    """``body`` after the ``map_case`` hooks ``make fuzz`` gives ``schemathesis run``
    (SCHEMATHESIS_HOOKS=bench.schemathesis_hooks), in a fresh interpreter: they register
    globally, for every schema of the process."""
    script = (
        "import json, sys, types\n"
        "import bench.schemathesis_hooks\n"
        "from schemathesis import hooks\n"
        "case = types.SimpleNamespace(operation=types.SimpleNamespace(path=sys.argv[1]),"
        " body=json.loads(sys.argv[2]))\n"
        "for hook in hooks.get_all_by_name('map_case'):\n"
        "    case = hook(None, case)\n"
        "print(json.dumps(case.body))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, path, json.dumps(body)],
        cwd=BENCH.parent,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def _a_state_with_winners_before_the_end() -> dict[str, Any]:
    legal_actions = next(op for op in body_operations() if op.path == "/v1/games/legal-actions")
    return replaced(legal_actions.example, "/state/winners", [4])


BEYOND_THE_SCHEMA = [
    # T1: the start player is a seat at the table (the schema allows seats 0-5)
    (
        "/v1/games",
        "new-game-request.json",
        {"players": ["Anna", "Ben", "Carla"], "seed": 42, "start_player": 5},
    ),
    # T9: winners only once the game is over
    (
        "/v1/games/legal-actions",
        "legal-actions-request.json",
        _a_state_with_winners_before_the_end(),
    ),
    # C1: the game has 11 towers
    (
        "/v1/table",
        "table-request.json",
        {
            "round": 1,
            "players": [
                {
                    "name": "Anna",
                    "alhambra": [],
                    "hand": [],
                    "reserve": [{"building": "tower", "walls": ""}] * 12,
                }
            ],
        },
    ),
    # a name used twice at the table
    (
        "/v1/scores",
        "scores-request.json",
        {
            "round": 1,
            "players": [
                {"name": "Anna", "counts": {"tower": 1}},
                {"name": "Anna", "counts": {"garden": 1}},
            ],
        },
    ),
]


@pytest.mark.parametrize(
    ("path", "schema", "body"), BEYOND_THE_SCHEMA, ids=[path for path, _, _ in BEYOND_THE_SCHEMA]
)
def test_make_fuzz_brings_a_schema_valid_body_within_the_rules(client, path, schema, body):
    assert request_contract(schema).is_valid(body)
    assert client.post(path, json=body).status_code == 422
    assert client.post(path, json=as_make_fuzz_sends(path, body)).status_code == 200
