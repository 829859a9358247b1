"""``alhambra simulate`` and ``alhambra play`` (calculator/cli/games.py)."""

from __future__ import annotations

import argparse
import io
import json

from calculator.api import game_service
from calculator.cli import games


def run(*argv: str) -> tuple[int, str]:
    top = argparse.ArgumentParser(prog="alhambra")
    games.register(top.add_subparsers(dest="command", required=True))
    arguments = top.parse_args(argv)
    out = io.StringIO()
    return arguments.run(arguments, out), out.getvalue()


def test_simulate_prints_a_json_summary():
    status, printed = run("simulate", "--games", "3", "--players", "3", "--seed", "5")
    summary = json.loads(printed)
    assert status == 0 and summary["games"] == 3 and summary["players"] == 3
    assert summary["games_per_second"] > 0
    assert {"mean", "min", "max"} <= set(summary["turns"]) and summary["scores"]["max"] > 0
    again = json.loads(run("simulate", "--games", "3", "--players", "3", "--seed", "5")[1])
    timing = {"seconds", "games_per_second", "games_per_cpu_second"}
    assert {k: v for k, v in again.items() if k not in timing} == {
        k: v for k, v in summary.items() if k not in timing
    }  # the same games again


def test_play_advances_a_state_like_the_api(tmp_path):
    state = game_service.new_game({"players": ["Anna", "Ben"], "seed": 3})
    listing = game_service.legal_actions(state)
    (tmp_path / "state.json").write_text(json.dumps(state))  # a saved response
    (tmp_path / "action.json").write_text(json.dumps(listing["actions"][0]))
    status, printed = run("play", str(tmp_path / "state.json"), str(tmp_path / "action.json"))
    assert status == 0
    expected = game_service.advance({"state": state["state"], "actions": listing["actions"][:1]})
    assert json.loads(printed) == expected


def test_play_prints_the_problem_of_a_refused_action(tmp_path):
    state = game_service.new_game({"players": ["Anna", "Ben"], "seed": 3})["state"]
    (tmp_path / "state.json").write_text(json.dumps(state))
    (tmp_path / "action.json").write_text(json.dumps([{"type": "end_turn", "player": 0}] * 1))
    status, printed = run("play", str(tmp_path / "state.json"), str(tmp_path / "action.json"))
    problem = json.loads(printed)
    assert status == 1 and problem["status"] == 409 and problem["rule"] in ("T2", "T4")


def test_play_exits_2_on_a_file_it_cannot_read(tmp_path):
    status, _ = run("play", str(tmp_path / "missing.json"), str(tmp_path / "missing.json"))
    assert status == 2


def test_simulate_plays_the_vizier_modules():
    status, printed = run(
        "simulate", "--games", "2", "--players", "4", "--seed", "3", "--modules", "bonus", "huts"
    )
    summary = json.loads(printed)
    assert status == 0 and summary["modules"] == ["bonus", "huts"] and summary["games"] == 2


def test_simulate_plays_the_exchange_cards():
    """V2 with the other modules: every game ends."""
    status, printed = run(
        "simulate",
        "--games",
        "2",
        "--players",
        "3",
        "--seed",
        "5",
        "--modules",
        "exchange",
        "bonus",
        "huts",
    )
    summary = json.loads(printed)
    assert status == 0 and summary["modules"] == ["bonus", "exchange", "huts"]
    assert summary["games"] == 2 and summary["scoring_rounds"]["min"] == 3


def test_the_alhambra_command_finds_the_game_commands(capsys):
    from calculator.cli import main

    assert main(["simulate", "--games", "1", "--players", "2", "--seed", "4"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1
