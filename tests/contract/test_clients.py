"""The contract as companion apps meet it: their own tools, pinned, on the document the server
serves (docs/clients.md has the same commands).

* **openapi-python-client** generates a Python client from ``/openapi.yaml`` as a real
  gunicorn serves it, without a warning; the client then plays a whole game against that
  server over HTTP (T1-T9): a new game, the legal actions, an advance, advice, bot turns to the
  end, the table described from the final state, a scoring round (M1-M5) and a refusal (422).
  Every answer is parsed into the generated model, and the model's ``to_dict()`` gives back
  exactly the JSON the server sent.
* **datamodel-code-generator** writes Pydantic v2 models of every component, each class named
  after its schema (no numbered names); the same game's requests are built as models and its
  answers parsed into them, and ``model_dump(exclude_unset=True)`` gives back exactly the JSON.
* **@hey-api/openapi-ts** (fetch client, zod, an SDK that validates) and **orval** (fetch
  client and zod) each generate a TypeScript client; ``tsc --strict`` compiles a whole game
  written against each (``clients/hey-api-game.ts``, ``clients/orval-game.ts``: narrowing an
  event on ``type`` gives its members, required), and node plays it against the server, each
  answer parsed by its zod schema exactly.
* **openapi-typescript** turns the same document into TypeScript types, and ``tsc --strict``
  accepts ordinary requests written against them without a cast (``clients/requests.ts``).
* **Ajv** (draft 2020-12, strict) compiles every component schema, **Redocly** lints the
  document with the committed ``redocly.yaml`` and **Spectral** with its own ``spectral:oas``
  rules: no error, no warning.

The npm tools come from package.json / package-lock.json (``make npm`` runs ``npm ci``), the
Python generators from the test extra.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
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


def run(
    command: list[str | Path], cwd: Path = ROOT, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env=None if env is None else {**os.environ, **env},
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


# --- Python: datamodel-code-generator (Pydantic v2) ------------------------------------------

DATAMODEL_OPTIONS = [
    "--input-file-type",
    "openapi",
    "--output-model-type",
    "pydantic_v2.BaseModel",
    "--target-python-version",
    "3.11",
    "--naming-strategy",
    "full-path",
    "--use-title-as-name",
    "--enum-field-as-literal",
    "all",
    "--extra-fields",
    "ignore",
    "--formatters",
    "builtin",
]
"""docs/clients.md's command: classes named by their schemas' paths and titles, enums as
literals, members a later release adds ignored."""


@pytest.fixture(scope="module")
def pydantic_models(served_spec: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The generated models, imported as ``alhambra_models``; the generator's output beside."""
    out = tmp_path_factory.mktemp("pydantic")
    generator = Path(sys.executable).parent / "datamodel-codegen"
    models = out / "alhambra_models.py"
    done = run([generator, "--input", served_spec, "--output", models, *DATAMODEL_OPTIONS])
    assert done.stdout + done.stderr == ""  # no warning
    sys.path.insert(0, str(out))
    yield importlib.import_module("alhambra_models")
    sys.path.remove(str(out))
    del sys.modules["alhambra_models"]


def test_the_pydantic_models_have_no_numbered_names(pydantic_models):
    """Every class is named after its schema: none is a name already taken with a number added
    (no component or title of the contract ends in a digit)."""
    classes = [
        name
        for name, value in vars(pydantic_models).items()
        if isinstance(value, type) and value.__module__ == pydantic_models.__name__
    ]
    assert len(classes) > 100
    assert [name for name in classes if name[-1].isdigit()] == []


def test_pydantic_models_round_trip_a_whole_game(server, pydantic_models):
    """Requests built as models and sent as ``model_dump(mode="json", exclude_unset=True)``;
    each answer parsed into its model gives back exactly the JSON the server sent. The same
    request dumped without ``exclude_unset`` sends null for every member left out, and the
    server refuses them (docs/clients.md, "Pydantic")."""
    models = pydantic_models
    http = httpx.Client(base_url=server.url, timeout=60)

    def post(path: str, request: Any, answer: Any, status: int = 200) -> Any:
        response = http.post(path, json=request.model_dump(mode="json", exclude_unset=True))
        assert response.status_code == status, response.text[:500]
        parsed = answer.model_validate(response.json())
        assert parsed.model_dump(mode="json", exclude_unset=True) == response.json()
        return parsed

    created = post(
        "/v1/games",
        models.NewGameRequest(players=list(SEATS), seed=18, options={"modules": ["huts"]}),
        models.GameResponse,
    )
    state = created.state
    legal = post(
        "/v1/games/legal-actions", models.LegalActionsRequest(state=state), models.LegalActions
    )
    state = post(
        "/v1/games/advance",
        models.AdvanceRequest(state=state, actions=[legal.actions[0]]),
        models.GameResponse,
    ).state
    post(
        "/v1/games/advice",
        models.AdviceRequest(state=state, level="greedy", seed=1),
        models.Advice,
    )
    rounds = []
    for _ in range(60):
        turns = post(
            "/v1/games/bot-turns",
            models.BotTurnsRequest(
                state=state, bots={"0": "greedy", "1": "random"}, budget_ms=10, seed=1
            ),
            models.BotTurns,
        )
        # a scored round's members are there, typed: narrowing on the event's class
        rounds += [
            event.root.scores.round
            for event in turns.events
            if isinstance(event.root, models.GameEventRoundScored)
        ]
        state = turns.state
        if state.over:
            break
    assert state.over and rounds == [1, 2, 3]
    players = [
        {
            "name": player.name,
            "alhambra": player.model_dump(mode="json", exclude_unset=True)["alhambra"],
        }
        for player in state.players
    ]
    scores = models.ScoresRequest.model_validate({"round": 3, "players": players})
    post("/v1/scores", scores, models.ScoresResponse)
    refused = post(
        "/v1/scores",
        models.ScoresRequest.model_validate({"round": 3, "players": [players[0], players[0]]}),
        models.InvalidRequest,
        422,
    )
    assert [error.pointer for error in refused.errors] == ["/players/1/name"]
    # the trap: without exclude_unset, every member left out is sent as null
    nulls = http.post("/v1/scores", json=scores.model_dump(mode="json"))
    assert nulls.status_code == 422
    assert len(nulls.json()["errors"]) > 1


# --- TypeScript: openapi-typescript and tsc ----------------------------------------------------


def test_the_typescript_types_accept_ordinary_requests_without_casts(served_spec, tmp_path):
    """Scores with a player given as an Alhambra (no wall), a new game with modules and no
    defaults spelled out, an advance, a placement, bot turns: ``tsc --strict`` accepts them, and
    refuses the two mistakes the file marks (so the types are not ``any``)."""
    for name in ("requests.ts", "tsconfig.json"):
        (tmp_path / name).write_text((CLIENTS / name).read_text())
    run([installed(".bin/openapi-typescript"), served_spec, "--output", tmp_path / "alhambra.d.ts"])
    run([installed(".bin/tsc"), "--project", tmp_path / "tsconfig.json"], cwd=tmp_path)


# --- TypeScript: @hey-api/openapi-ts and orval, whole games -----------------------------------

TS_GAMES = ("hey-api-game", "orval-game")


@pytest.fixture(scope="module")
def typescript_games(
    server: Server, served_spec: Path, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """Both clients generated from the served document, and the two games compiled by one
    ``tsc --strict`` run (CommonJS: the generated files import each other without a file
    extension, which Node resolves in CommonJS only)."""
    out = tmp_path_factory.mktemp("typescript")
    (out / "openapi.yaml").write_bytes(served_spec.read_bytes())
    for name in (
        "openapi-ts.config.mjs",
        "orval.config.cjs",
        "tsconfig.game.json",
        "checks.ts",
        *(f"{game}.ts" for game in TS_GAMES),
    ):
        (out / name).write_text((CLIENTS / name).read_text())
    (out / "node_modules").symlink_to(installed(""))
    environment = {"ALHAMBRA_URL": server.url}
    run([installed(".bin/openapi-ts")], cwd=out)
    run([installed(".bin/orval"), "--config", "orval.config.cjs"], cwd=out, env=environment)
    run([installed(".bin/tsc"), "--project", "tsconfig.game.json"], cwd=out)
    return out


@pytest.mark.parametrize("game", TS_GAMES)
def test_a_generated_typescript_client_plays_a_whole_game(server, typescript_games, game):
    played = run(
        ["node", typescript_games / "out" / f"{game}.js"], env={"ALHAMBRA_URL": server.url}
    )
    summary = json.loads(played.stdout)
    assert summary["over"] and summary["winners"]
    assert [scored["round"] for scored in summary["rounds"]] == [1, 2, 3]
    assert all(len(scored["totals"]) == len(SEATS) for scored in summary["rounds"])
    assert summary["pointers"] == ["/players/1/name"]


# --- Ajv, Redocly and Spectral -----------------------------------------------------------------


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


def test_spectral_finds_nothing_in_the_served_document(served_spec):
    """Spectral's ``spectral:oas`` rules (``clients/spectral.yaml``): no error, no warning."""
    linted = run(
        [
            installed(".bin/spectral"),
            "lint",
            served_spec,
            "--ruleset",
            CLIENTS / "spectral.yaml",
            "--fail-severity",
            "hint",
        ]
    )
    assert "No results with a severity of 'hint' or higher found!" in linted.stdout
