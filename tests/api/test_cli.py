"""The console script: ``alhambra score`` and ``alhambra walls`` print exactly the API's JSON
(a referee without network can still rule), and its problem+json for invalid input; every
subcommand treats bad input one way, ``--help`` lists them all, and no Flask is loaded."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from calculator.cli import main, parser
from tests.helpers.api import SCORES_BODY as TABLE
from tests.helpers.api import placed

ALHAMBRA = [placed(1, 0, "tower", "NE"), placed(1, 1, "garden", "ES")]


def write(tmp_path: Path, document) -> str:
    path = tmp_path / "input.json"
    path.write_text(json.dumps(document), "utf-8")
    return str(path)


def run(capsys, *arguments: str) -> tuple[int, str]:
    status = main(list(arguments))
    return status, capsys.readouterr().out


def test_score_prints_exactly_what_the_api_sends(client, capsys, tmp_path):
    status, out = run(capsys, "score", write(tmp_path, TABLE))
    assert status == 0
    assert out == client.post("/v1/scores", json=TABLE).get_data(as_text=True)


def test_walls_prints_exactly_what_the_api_sends(client, capsys, tmp_path):
    status, out = run(capsys, "walls", write(tmp_path, {"alhambra": ALHAMBRA}))
    assert status == 0
    assert out == client.post("/v1/walls", json={"alhambra": ALHAMBRA}).get_data(as_text=True)


def test_walls_takes_the_bare_alhambra_too(client, capsys, tmp_path):
    status, out = run(capsys, "walls", write(tmp_path, ALHAMBRA))
    assert status == 0
    assert json.loads(out)["length"] == 4


def test_a_dash_reads_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(TABLE).encode())))
    status, out = run(capsys, "score", "-")
    assert status == 0
    assert [player["name"] for player in json.loads(out)["players"]] == ["Anna", "Ben"]


def test_invalid_input_prints_the_api_problem_and_exits_1(client, capsys, tmp_path):
    bad = {"round": 4, "players": [{"name": "Anna", "counts": {"tower": 12}}]}
    status, out = run(capsys, "score", write(tmp_path, bad))
    assert status == 1
    over_http = client.post("/v1/scores", json=bad).get_json()
    del over_http["request_id"]  # an HTTP request's id; the command has no request to name
    assert json.loads(out) == over_http
    assert [e["pointer"] for e in json.loads(out)["errors"]] == [
        "/players/0/counts/tower",
        "/round",
    ]


def test_malformed_json_is_a_400_problem(capsys, tmp_path):
    path = tmp_path / "broken.json"
    path.write_bytes(b'{"alhambra": [')
    status, out = run(capsys, "walls", str(path))
    assert status == 1
    assert json.loads(out)["status"] == 400


def test_a_file_over_the_api_limit_is_a_413_problem(capsys, tmp_path):
    path = tmp_path / "huge.json"
    path.write_bytes(b'{"alhambra": [' + b" " * 300_000 + b"]}")
    status, out = run(capsys, "walls", str(path))
    assert status == 1
    assert json.loads(out)["status"] == 413


def test_an_unreadable_file_exits_2_with_a_message(capsys, tmp_path):
    status = main(["score", str(tmp_path / "missing.json")])
    assert status == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_command_is_required(capsys):
    with pytest.raises(SystemExit) as stop:
        main([])
    assert stop.value.code == 2


def test_the_installed_console_script(tmp_path):
    script = Path(sys.executable).with_name("alhambra")
    done = subprocess.run(
        [str(script), "walls", "-"],
        input=json.dumps(ALHAMBRA).encode(),
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["length"] == 4
    listing = subprocess.run(
        [str(script), "--help"], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    assert "score" in listing and "walls" in listing


SUBCOMMANDS = ("score", "walls", "simulate", "play")
FILE_COMMANDS = (("score",), ("walls",), ("play", "{ok}"))
"""Each subcommand that reads files, with the arguments after the bad one (play: an action)."""


@pytest.mark.parametrize("command", FILE_COMMANDS, ids=lambda c: c[0])
def test_every_command_answers_bad_json_with_a_400_problem_and_exit_1(command, capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"round": 1,')
    good = write(tmp_path, {"type": "end_turn", "player": 0})
    arguments = [command[0], str(bad), *(good for _ in command[1:])]
    status, out = run(capsys, *arguments)
    assert status == 1
    problem = json.loads(out)
    assert problem["status"] == 400 and problem["type"] == "urn:alhambra:problem:malformed-json"


@pytest.mark.parametrize("command", FILE_COMMANDS, ids=lambda c: c[0])
def test_every_command_exits_2_on_a_file_it_cannot_read(command, capsys, tmp_path):
    missing = str(tmp_path / "missing.json")
    status = main([command[0], missing, *(missing for _ in command[1:])])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert f"cannot read {missing}" in captured.err


def test_help_lists_every_subcommand_with_a_line_each(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps help text to the terminal's width
    registered = set(
        next(
            action.choices
            for action in parser()._actions
            if isinstance(action, argparse._SubParsersAction)
        )
    )
    assert set(SUBCOMMANDS) <= registered
    listing = main_help().split("positional arguments:\n")[1].split("\n\n")[0]
    lines = listing.splitlines()[1:]  # after the "command" heading
    assert sorted(line.split()[0] for line in lines) == sorted(registered)
    assert all(len(line.split()) > 1 for line in lines)  # each with its help on that line


def main_help() -> str:
    out = io.StringIO()
    with pytest.raises(SystemExit) as stop, _stdout(out):
        main(["--help"])
    assert stop.value.code == 0
    return out.getvalue()


def _stdout(out: io.StringIO) -> contextlib.redirect_stdout[io.StringIO]:
    return contextlib.redirect_stdout(out)


@pytest.mark.parametrize(
    "code",
    [
        "import calculator.cli",
        "import calculator.cli as cli; cli.parser().format_help()",
        "import calculator.api.service, calculator.api.game_service",
    ],
)
def test_the_console_script_loads_no_flask_or_werkzeug(code):
    probe = (
        f"{code}\nimport sys\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'werkzeug')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"
