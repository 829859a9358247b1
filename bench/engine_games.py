"""Whole random 4-player games per second, in one process (the engine, no HTTP).

Run: .venv/bin/python bench/engine_games.py [games per round] [rounds] [--against CHECKOUT
[--also CHECKOUT ...]] [--modules NAME ...]

The random player of ``alhambra simulate`` (it lists only the kind of action it chose and
builds only the action it plays) plays new seeded games in every round (round 1 seeds 0 to
games - 1, round 2 the next ones...), after a warm-up round of as many games of other seeds:
no round replays games whose answers the engine's memos hold, and the memos are as warm as in
a long simulation (the warm-up round's own figure is printed too: the first games of a
process, memos empty). Each round prints games per second by the wall clock and by this
process's CPU time. The box is shared:
the wall clock counts time other work took from us, CPU time does not (it still suffers from a
busy neighbour core), so the summary gives the median and the best round of each.

For comparison, one round of the same games with each action through ``apply`` (a state
frozen per action, as ``/v1/games/advance`` does; the random games advance one working copy),
and one with every legal action listed and built at every step (as
``/v1/games/legal-actions`` does) and chosen uniformly: the slow way to play.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(os.environ.get("BENCH_ENGINE_ROOT") or Path(__file__).resolve().parents[1])
"""The checkout whose engine plays: this one, or with ``--against`` the other's."""
sys.path.insert(0, str(ROOT))

from calculator.engine import Options, apply, legal_actions, new_game  # noqa: E402
from calculator.engine.players.random_play import random_action  # noqa: E402
from calculator.engine.simulate import NAMES, play_random_game  # noqa: E402

PLAYERS = 4

OPTIONS = Options()
"""The games' options: the base game, or with ``--modules`` the modules named (V1-V4)."""


def options_with(modules: list[str]) -> Options:
    """The options of a game with ``modules``, as the engine of the checkout takes them: its
    ruleset built by the registry, or (an engine before the ruleset was passed in, such as
    d91e5af's) the modules' names."""
    try:
        from calculator.modules import ruleset
    except ImportError:
        return Options(modules=frozenset(modules))  # type: ignore[call-arg]
    return Options(rules=ruleset(modules))


WARM_UP_SEEDS = 10**6
"""The first seed of the warm-up round (far from the timed rounds' seeds)."""


def timed(
    play: Callable[[int], tuple[int, int]], games: int, first: int = 0
) -> tuple[float, float, int, int]:
    """(wall seconds, CPU seconds, actions, turns) for the games of seeds ``first`` onwards."""
    wall, cpu = time.perf_counter(), time.process_time()
    actions = turns = 0
    for seed in range(first, first + games):
        played_actions, played_turns = play(seed)
        actions += played_actions
        turns += played_turns
    return time.perf_counter() - wall, time.process_time() - cpu, actions, turns


def the_random_player(seed: int) -> tuple[int, int]:
    game = play_random_game(PLAYERS, seed, OPTIONS)
    return game.actions, game.state.turn.number


def through_apply(seed: int) -> tuple[int, int]:
    """The random player's game, each action through ``apply`` (a state frozen per action, as
    the API's ``advance`` does) instead of advancing one working copy."""
    rng = random.Random(f"player/{seed}")
    state = new_game(list(NAMES[:PLAYERS]), seed, options=OPTIONS)
    actions = 0
    while not state.over:
        state, _ = apply(state, random_action(state, rng))
        actions += 1
    return actions, state.turn.number


def listing_everything(seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    state = new_game(list(NAMES[:PLAYERS]), seed, options=OPTIONS)
    actions = 0
    while not state.over:
        state, _ = apply(state, rng.choice(legal_actions(state)))
        actions += 1
    return actions, state.turn.number


def line(name: str, games: int, figures: tuple[float, float, int, int]) -> str:
    wall, cpu, actions, turns = figures
    return (
        f"{name:<28} {games / wall:6.1f} games/s wall {games / cpu:6.1f} games/s CPU  "
        f"{actions / games:4.0f} actions {turns / games:4.0f} turns per game  "
        f"{cpu / actions * 1e6:5.1f} us CPU per action"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=40, help="games per round")
    parser.add_argument("rounds", nargs="?", type=int, default=5)
    parser.add_argument(
        "--against",
        metavar="CHECKOUT",
        type=Path,
        help="another checkout of this project: its engine and this one play "
        "the same games, round by round alternately, each in its own "
        "process, and the ratio of each pair of rounds is printed",
    )
    parser.add_argument(
        "--modules",
        nargs="*",
        default=[],
        metavar="NAME",
        help="play with these modules (V1-V4: vizier, exchange, bonus, huts)",
    )
    parser.add_argument(
        "--also",
        nargs="*",
        default=[],
        metavar="CHECKOUT",
        type=Path,
        help="with --against: more checkouts playing the same rounds (the compiled build's "
        "copy, build/compiled), each compared with the --against checkout",
    )
    parser.add_argument("--cpu-only", metavar="FIRST_SEED", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    global OPTIONS
    OPTIONS = options_with(args.modules)
    if args.cpu_only is not None:  # a round for --against: games per second of CPU time
        timed(the_random_player, args.games, WARM_UP_SEEDS)
        print(args.games / timed(the_random_player, args.games, args.cpu_only)[1])
        return
    if args.against:
        side_by_side(args.games, args.rounds, args.against, args.modules, args.also)
        return
    print(
        f"{PLAYERS}-player games{' with ' + ', '.join(args.modules) if args.modules else ''}, "
        f"one process, Python {sys.version.split()[0]}"
    )
    the_random_player(WARM_UP_SEEDS - 1)  # imports, the catalog
    print(
        line(
            "warm-up round (memos empty)",
            args.games,
            timed(the_random_player, args.games, WARM_UP_SEEDS),
        )
    )
    walls, cpus = [], []
    for number in range(1, args.rounds + 1):
        figures = timed(the_random_player, args.games, (number - 1) * args.games)
        walls.append(args.games / figures[0])
        cpus.append(args.games / figures[1])
        print(line(f"random player, round {number}", args.games, figures))
    print(
        f"random player: median {statistics.median(walls):.1f} games/s wall "
        f"(best {max(walls):.1f}), median {statistics.median(cpus):.1f} games/s CPU "
        f"(best {max(cpus):.1f})"
    )
    print(line("each action through apply", args.games, timed(through_apply, args.games)))
    few = max(args.games // 10, 3)
    print(line("every action listed", few, timed(listing_everything, few)))


def side_by_side(
    games: int, rounds: int, other: Path, modules: list[str], also: list[Path]
) -> None:
    """This checkout's engine and ``other``'s (and those of ``also``, e.g. the compiled build's
    copy, ``build/compiled``), in turn, the same new games in each round: each round is a fresh
    process running this script on one checkout's ``calculator`` (so every round plays its
    warm-up round first). Each figure's ratio is against ``other``'s in the same round."""
    roots = {"this": ROOT, **{str(path): path.resolve() for path in also}, "other": other.resolve()}
    figures: dict[str, list[float]] = {name: [] for name in roots}
    for number in range(1, rounds + 1):
        for name in list(roots) if number % 2 else list(reversed(roots)):
            done = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    str(games),
                    "--cpu-only",
                    str((number - 1) * games),
                    "--modules",
                    *modules,
                ],
                env={**os.environ, "BENCH_ENGINE_ROOT": str(roots[name])},
                check=True,
                capture_output=True,
                text=True,
            )
            figures[name].append(float(done.stdout))
        shown = ", ".join(
            f"{name} {figures[name][-1]:6.1f} ({figures[name][-1] / figures['other'][-1]:.2f})"
            for name in roots
            if name != "other"
        )
        print(f"round {number}: other {figures['other'][-1]:6.1f} games/s CPU; {shown}")
    for name in roots:
        if name == "other":
            continue
        ratios = [a / b for a, b in zip(figures[name], figures["other"], strict=True)]
        print(
            f"median: {name} {statistics.median(figures[name]):.1f} games/s CPU, ratio "
            f"{statistics.median(ratios):.2f} (best {max(ratios):.2f}) against other "
            f"{statistics.median(figures['other']):.1f} ({other})"
        )


if __name__ == "__main__":
    main()
