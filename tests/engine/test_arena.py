"""``alhambra arena`` (calculator/cli/arena.py): seeded games between computer players."""

from __future__ import annotations

import argparse
import io
import json
import re
import time

import pytest

from calculator.cli import arena as arena_cli
from calculator.engine.players.advice import Budget, Clock
from calculator.engine.players.arena import play, seating, wilson


def run(*argv: str) -> tuple[int, str]:
    top = argparse.ArgumentParser(prog="alhambra")
    arena_cli.register(top.add_subparsers(dest="command", required=True))
    arguments = top.parse_args(argv)
    out = io.StringIO()
    return arguments.run(arguments, out), out.getvalue()


TIMINGS = {"seconds", "workers"}


def _without_timings(report: dict) -> dict:
    levels = {
        level: {
            k: v
            for k, v in row.items()
            if k not in ("seconds_per_decision", "iterations_per_second")
        }
        for level, row in report["levels"].items()
    }
    return {k: v for k, v in report.items() if k not in TIMINGS} | {"levels": levels}


@pytest.mark.slow
def test_a_tiny_arena_prints_each_levels_results_seats_rotating():
    status, printed = run(
        "arena", "--players", "greedy", "random", "random",
        "--games", "6", "--seed", "3", "--iterations", "2000", "--workers", "1",
    )  # fmt: skip
    report = json.loads(printed)
    assert (
        status == 0 and report["games"] == 6 and report["players"] == ["greedy", "random", "random"]
    )
    greedy, random_ = report["levels"]["greedy"], report["levels"]["random"]
    assert greedy["seats"] == 6 and random_["seats"] == 12  # one greedy seat per game
    assert report["seating"] == {"greedy": [2, 2, 2], "random": [4, 4, 4]}  # no seat favoured
    assert greedy["wins"] + random_["wins"] == pytest.approx(6)  # shared wins split (M6)
    for row in (greedy, random_):
        low, high = row["win_rate_95"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
        assert row["mean_points"] > 0 and row["decisions"] > 0
        assert 0 < row["seconds_per_decision"]["mean"] <= row["seconds_per_decision"]["max"]
    assert greedy["win_rate"] > random_["win_rate"]


@pytest.mark.slow
def test_workers_play_the_same_games():
    argv = ["arena", "--players", "random", "greedy", "--games", "4", "--seed", "8",
            "--iterations", "2000"]  # fmt: skip
    alone = json.loads(run(*argv, "--workers", "1")[1])
    shared = json.loads(run(*argv, "--workers", "2")[1])
    assert _without_timings(alone) == _without_timings(shared)


def test_cpu_time_budgets_read_the_deciding_process_cpu_time(monkeypatch):
    readings = []

    def cpu_time() -> float:
        readings.append(len(readings))
        return len(readings) / 1000  # a millisecond per look

    monkeypatch.setattr(time, "process_time", cpu_time)
    wall = Clock.now
    result = play(["greedy", "random"], 0, seed=5, budget=Budget(milliseconds=50), cpu_time=True)
    assert result.finished and readings  # every decision's budget was read on the CPU clock
    assert Clock.now is wall  # the clock is the wall clock again after the game
    status, printed = run(
        "arena", "--players", "random", "random", "--games", "1", "--cpu-time", "--workers", "1"
    )
    assert status == 0 and json.loads(printed)["cpu_time"] is True


def test_an_arena_seats_two_to_six_players(capsys):
    assert run("arena", "--players", "greedy", "--games", "1") == (2, "")
    assert "2 to 6 players" in capsys.readouterr().err


def test_the_seats_rotate_through_every_kind():
    levels = ["mcts", "greedy", "greedy", "greedy"]
    rounds = [seating(levels, game) for game in range(4)]
    assert [seats.index("mcts") for seats in rounds] == [0, 3, 2, 1]


def test_wilson_interval_of_the_textbook_example():
    # 8 successes of 10: the 95% Wilson interval is 0.490 to 0.943
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == pytest.approx(1)


def test_the_help_says_what_every_option_is_for(capsys):
    top = argparse.ArgumentParser(prog="alhambra")
    arena_cli.register(top.add_subparsers(dest="command", required=True))
    with pytest.raises(SystemExit):
        top.parse_args(["arena", "--help"])
    shown = capsys.readouterr().out
    assert "95% Wilson" in shown and "%%" not in shown
    options = re.findall(r"^  (--[\w-]+)(.*)\n(?: {20,}(.*)\n)?", shown, re.M)
    assert {option for option, _, _ in options} >= {"--players", "--games", "--seed"}
    for option, same_line, next_line in options:
        words = re.sub(r"^ [A-Z]+( \[[A-Z]+ \.\.\.\])?", "", same_line).strip() or next_line
        assert words.strip(), f"{option} has no help text"
