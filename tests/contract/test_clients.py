"""The contract as companion apps meet it: their own tools, pinned, on the document the server
serves (docs/clients.md has the same commands).

* **openapi-python-client** generates a Python client from ``/openapi.yaml`` as a real
  gunicorn serves it, without a warning; the client then plays a whole game against that
  server over HTTP (T1-T9): a new game, the legal actions, an advance, advice, bot turns to the
  end, the table described from the final state, a scoring round (M1-M5) and a refusal (422).
  Every answer is parsed into the generated model, and the model's ``to_dict()`` gives back
  exactly the JSON the server sent.
* **openapi-typescript** turns the same document into TypeScript types, and ``tsc --strict``
  accepts ordinary requests written against them without a cast (``clients/requests.ts``).
* **Ajv** (draft 2020-12, strict) compiles every component schema, and **Redocly** lints the
  document with the committed ``redocly.yaml``: no error.

The npm tools come from package.json / package-lock.json (``make npm`` runs ``npm ci``), the
Python generator from the test extra.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.servers import ROOT, Server, gunicorn

pytestmark = pytest.mark.slow  # a gunicorn, a code generator and node: out of make check

CLIENTS = Path(__file__).resolve().parent / "clients"
NODE_MODULES = ROOT / "node_modules"
PACKAGE = "alhambra_client"
SEATS = ("Anna", "Ben")


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with gunicorn(workers=2) as running:
        yield running


@pytest.fixture(scope="module")
def served_spec(server: Server, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The document exactly as the server sends it, saved where the tools can read it."""
    spec = tmp_path_factory.mktemp("spec") / "openapi.yaml"
    with urllib.request.urlopen(server.url + "/openapi.yaml", timeout=30) as response:
        spec.write_bytes(response.read())
    return spec


def installed(name: str) -> Path:
    """A package of package.json, or its command, as ``make npm`` installs them (``make test``
    runs it first)."""
    path = NODE_MODULES / name
    if not path.exists():
        pytest.fail(f"{path} is missing: `make npm` installs the pinned npm tools (npm ci)")
    return path


def run(command: list[str | Path], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done


# --- Python: openapi-python-client -------------------------------------------------------------


@pytest.fixture(scope="module")
def generation(served_spec: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The generator's output; meanwhile the generated package is importable as
    ``alhambra_client``."""
    out = tmp_path_factory.mktemp("python-client")
    generator = Path(sys.executable).parent / "openapi-python-client"
    done = run(
        [
            generator,
            "generate",
            "--path",
            served_spec,
            "--meta",
            "none",
            "--output-path",
            out / PACKAGE,
            "--config",
            CLIENTS / "openapi-python-client.yaml",
        ]
    )
    sys.path.insert(0, str(out))
    yield done.stdout + done.stderr
    sys.path.remove(str(out))
    for module in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
        del sys.modules[module]


def test_the_python_client_is_generated_without_a_warning(generation):
    """Nothing left out: no operation, response or model dropped (the generator warns for each)."""
    assert "Warning" not in generation and "WARNING" not in generation, generation
    assert "Unable to" not in generation and "omitted" not in generation, generation


def generated(module: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.{module}")


def parsed(response: Any, status: int = 200) -> Any:
    """The generated model of an answer, after checking that it says what the server sent."""
    assert response.status_code == status, response.content[:500]
    assert response.parsed is not None, f"the client did not parse a {status} answer"
    assert response.parsed.to_dict() == json.loads(response.content)
    return response.parsed


def test_the_generated_python_client_plays_a_whole_game(server, generation):
    client = generated("client").Client(base_url=server.url, timeout=60)
    models = generated("models")
    games = {
        name: generated(f"api.games.{name}")
        for name in ("new_game", "legal_actions", "advance", "advice", "bot_turns")
    }

    # T1: a new game, seeded so that the run is repeatable
    new = parsed(
        games["new_game"].sync_detailed(
            client=client,
            body=models.NewGameRequest.from_dict(
                {"players": list(SEATS), "seed": 18, "options": {"modules": ["huts"]}}
            ),
        )
    )
    assert isinstance(new, models.GameResponse)
    state = new.state
    assert [player.name for player in state.players] == list(SEATS)

    # T2: who acts, and every legal action, in the form advance accepts
    legal = parsed(
        games["legal_actions"].sync_detailed(
            client=client, body=models.LegalActionsRequest.from_dict({"state": state.to_dict()})
        )
    )
    assert legal.actions, "a new game has legal actions"

    # T3-T6: the first of them, applied
    advanced = parsed(
        games["advance"].sync_detailed(
            client=client,
            body=models.AdvanceRequest.from_dict(
                {"state": state.to_dict(), "actions": [legal.actions[0].to_dict()]}
            ),
        )
    )
    assert advanced.events, "an action has consequences"
    state = advanced.state

    # the advisor: every legal action of the seat, best first
    advice = parsed(
        games["advice"].sync_detailed(
            client=client,
            body=models.AdviceRequest.from_dict(
                {"state": state.to_dict(), "level": "greedy", "seed": 1}
            ),
        )
    )
    assert advice.actions

    # T9: the computer plays both seats to the end
    stops = []
    for _ in range(60):
        turns = parsed(
            games["bot_turns"].sync_detailed(
                client=client,
                body=models.BotTurnsRequest.from_dict(
                    {
                        "state": state.to_dict(),
                        "bots": {"0": "greedy", "1": "random"},
                        "budget_ms": 10,
                        "seed": 1,
                    }
                ),
            )
        )
        state = turns.state
        stops.append(turns.stopped)
        if state.over:
            break
    assert state.over, stops
    assert stops[-1] == "over"
    assert state.winners

    # the table as it lies at the end, described, and its final round scored (M1-M5, T9)
    described = {
        "players": [
            {
                "name": player["name"],
                "alhambra": player["alhambra"],
                "reserve": player["reserve"],
                "hand": player["hand"],
                "score": player["score"],
            }
            for player in state.to_dict()["players"]
        ],
        "round": 3,
    }
    table = parsed(
        generated("api.games.table").sync_detailed(
            client=client, body=models.TableRequest.from_dict(described)
        )
    )
    assert [player.name for player in table.players] == list(SEATS)

    scores_request = {
        "round": 3,
        "players": [
            {"name": player["name"], "alhambra": player["alhambra"]}
            for player in state.to_dict()["players"]
        ],
    }
    scores = parsed(
        generated("api.scoring.scores").sync_detailed(
            client=client, body=models.ScoresRequest.from_dict(scores_request)
        )
    )
    assert [player.name for player in scores.players] == list(SEATS)

    # a refusal: there is no fourth scoring round (T8), said as a problem with a pointer
    problem = parsed(
        generated("api.scoring.scores").sync_detailed(
            client=client, body=models.ScoresRequest.from_dict({**scores_request, "round": 4})
        ),
        422,
    )
    assert isinstance(problem, models.InvalidRequest)
    assert problem.status == 422
    assert [error.pointer for error in problem.errors] == ["/round"]


# --- TypeScript: openapi-typescript and tsc ----------------------------------------------------


def test_the_typescript_types_accept_ordinary_requests_without_casts(served_spec, tmp_path):
    """Scores with a player given as an Alhambra (no wall), a new game with modules and no
    defaults spelled out, an advance, a placement, bot turns: ``tsc --strict`` accepts them, and
    refuses the two mistakes the file marks (so the types are not ``any``)."""
    for name in ("requests.ts", "tsconfig.json"):
        (tmp_path / name).write_text((CLIENTS / name).read_text())
    run([installed(".bin/openapi-typescript"), served_spec, "--output", tmp_path / "alhambra.d.ts"])
    run([installed(".bin/tsc"), "--project", tmp_path / "tsconfig.json"], cwd=tmp_path)


# --- Ajv and Redocly ---------------------------------------------------------------------------


def test_every_component_compiles_in_ajv_2020(server, tmp_path):
    spec = tmp_path / "openapi.json"
    with urllib.request.urlopen(server.url + "/openapi.json", timeout=30) as response:
        spec.write_bytes(response.read())
    installed("ajv")
    compiled = run(["node", CLIENTS / "ajv-compile.mjs", spec]).stdout.splitlines()
    components = json.loads(spec.read_text())["components"]["schemas"]
    assert [line for line in compiled if line.startswith("compiled ")] == [
        f"compiled {name}" for name in components
    ]


def test_redocly_lints_the_served_document_without_an_error(served_spec):
    """With the committed redocly.yaml: the recommended rules, each one turned off justified."""
    linted = run(
        [installed(".bin/redocly"), "lint", served_spec, "--config", ROOT / "redocly.yaml"]
    )
    assert "Your API description is valid" in linted.stdout + linted.stderr
