"""A record reviewed: each decision of the game judged by a computer player, as lichess's
analysis judges a chess game's moves.

The record is replayed (:mod:`calculator.records.replay`); at every move a player chose among
two legal actions or more, the player of the chosen level advises that seat on the state before
the move, with the seat's information only (no peeking: the advisor looks at the seat's
information set, :mod:`calculator.engine.players.information`). The move played is then set
against the advisor's best: the points the seat was expected to finish with after each
(``expected_points``), the difference being the points the move lost.

Verdicts, by the points lost, measured against what a scoring round pays (M2, W4):

* ``best``: the advisor's first choice;
* ``good``: less than 1 point lost: less than the smallest thing a round pays (a wall segment
  for one round, W4; the pavilions' first place in round 1, M2);
* ``inaccuracy``: 1 to less than 3 points: up to a wall segment kept through all three rounds,
  or a small majority of round 1;
* ``mistake``: 3 to less than 8 points: less than the smallest first place of round 2 or 3
  (the pavilions': 8, then 16);
* ``blunder``: 8 points or more: at least a first place of round 2.

A payment with a card to spare (T4 allows it, but it earns nothing and is never exact) is not
among the advisor's actions, which pay with no card to spare: it is judged as the best listed
payment it holds, and is at best ``good``.

Bounded time: all the decisions share one clock; each thinks for at most its own budget and
its share of the time left (the time left over the player moves left), never less than
:data:`SHORTEST_DECISION_MS`. When the time left is shorter, the review stops and says from
which move to go on.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final, Literal

import msgspec
from msgspec import Struct

from calculator.engine import Action, legal_actions
from calculator.engine.components import ModuleCard, MoneyCard
from calculator.engine.players import Advice, Budget, Level, advise
from calculator.engine.players.advice import Clock
from calculator.records.record import Record
from calculator.records.replay import Stop, steps

Verdict = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
VERDICTS: Final[tuple[Verdict, ...]] = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS: Final[tuple[tuple[float, Verdict], ...]] = (
    (1.0, "good"),
    (3.0, "inaccuracy"),
    (8.0, "mistake"),
)
"""The points lost below which a move that is not the best is good, an inaccuracy, a mistake;
a blunder at the last threshold or more (see the module)."""

JUDGING: Final[tuple[Level, ...]] = ("greedy", "mcts")
"""The levels that judge: the random player rates every action alike."""

SHORTEST_DECISION_MS: Final[float] = 10.0
"""A decision is never judged with less time than this: the review stops instead."""


class Judged(Struct, frozen=True):
    """One decision judged: the move's index, the seat, the move played and the advisor's best,
    the points the seat was expected to finish with after each, the points lost and the
    verdict; ``iterations``, the work the judgement rests on."""

    move: int
    player: int
    played: Action
    best: Action
    played_points: float
    best_points: float
    lost: float
    verdict: Verdict
    iterations: int


class Standing(Struct, frozen=True):
    """A player's decisions summed up: how many of each verdict, the accuracy (the share of
    best and good moves, in percent; ``None`` without a decision) and the points lost."""

    player: int
    decisions: int
    verdicts: dict[str, int]
    accuracy: float | None
    lost: float


class Review(Struct, frozen=True):
    """The decisions judged, in order, each player's standing, where an illegal move stopped
    the review (``stopped``) and, when the time ran out first, the move to go on from
    (``next``)."""

    level: Level
    judged: tuple[Judged, ...]
    standings: tuple[Standing, ...]
    stopped: Stop | None
    next: int | None


def verdict(lost: float, best: bool, listed: bool = True) -> Verdict:
    """The verdict of a move that lost ``lost`` points (see the module)."""
    if best and listed:
        return "best"
    for below, said in THRESHOLDS:
        if lost < below:
            return said
    return "blunder"


def review(
    record: Record,
    level: Level,
    *,
    total_ms: float,
    budget_ms: float | None = None,
    seed: int = 0,
    first: int = 0,
) -> Review:
    """Every decision of ``record`` from move ``first`` on, judged by the ``level`` player
    within ``total_ms`` (each decision within ``budget_ms`` too, when given)."""
    if level not in JUDGING:
        raise ValueError(f"the {level} player does not judge")
    clock = Clock.of(Budget(milliseconds=total_ms))
    players = len(record.setup.names)
    left = sum(1 for move in record.moves[first:] if hasattr(move, "player"))
    judged: list[Judged] = []
    stopped: Stop | None = None
    next_move: int | None = None
    for step in steps(record):
        if isinstance(step, Stop):
            stopped = step
            break
        move = step.action
        seat = getattr(move, "player", None)
        if step.move < first or seat is None:
            continue
        left -= 1
        if len(legal_actions(step.before)) < 2:
            continue  # no choice: nothing to judge
        left_ms = clock.left_ms()
        if left_ms < SHORTEST_DECISION_MS:
            next_move = step.move
            break
        share = max(SHORTEST_DECISION_MS, left_ms / (left + 1))
        thinking = min(share, left_ms) if budget_ms is None else min(budget_ms, share, left_ms)
        advice = advise(
            level,
            step.before,
            seat,
            budget=Budget(milliseconds=thinking),
            seed=random.Random(f"review/{seed}/{step.move}").randrange(2**31),
        )
        judged.append(_judged(step.move, seat, move, advice))
    return Review(level, tuple(judged), standings(judged, players), stopped, next_move)


def _judged(index: int, seat: int, played: Action, advice: Advice) -> Judged:
    best = advice.actions[0]
    rated = {rated.action: rated.expected_points for rated in advice.actions}
    listed = played in rated
    points = rated[played] if listed else _held_payment(played, advice)
    lost = round(max(0.0, best.expected_points - points), 2)
    return Judged(
        index,
        seat,
        played,
        best.action,
        points,
        best.expected_points,
        lost,
        verdict(lost, played == best.action, listed),
        advice.iterations,
    )


def _held_payment(played: Action, advice: Advice) -> float:
    """T4: a payment with a card to spare, rated as the best listed payment of the same
    purchase made of its cards (the advisor lists payments with no card to spare); the worst
    rating when there is none."""
    held = [
        rated.expected_points
        for rated in advice.actions
        if _pays_with_cards_of(rated.action, played)
    ]
    return max(held) if held else min(rated.expected_points for rated in advice.actions)


def _pays_with_cards_of(listed: Action, played: Action) -> bool:
    """``listed`` is the purchase ``played`` makes, paid with some of its cards."""
    if type(listed) is not type(played):
        return False
    for field in msgspec.structs.fields(type(played)):
        mine, theirs = getattr(listed, field.name), getattr(played, field.name)
        if isinstance(mine, tuple) and all(isinstance(c, MoneyCard | ModuleCard) for c in mine):
            if Counter(mine) - Counter(theirs):
                return False
        elif mine != theirs:
            return False
    return True


def standings(judged: Sequence[Judged], players: int) -> tuple[Standing, ...]:
    """Each seat's decisions summed up (see :class:`Standing`)."""
    found = []
    for seat in range(players):
        own = [row for row in judged if row.player == seat]
        counted = Counter(row.verdict for row in own)
        sound = counted["best"] + counted["good"]
        found.append(
            Standing(
                seat,
                len(own),
                {said: counted[said] for said in VERDICTS},
                round(100 * sound / len(own), 1) if own else None,
                round(sum(row.lost for row in own), 2),
            )
        )
    return tuple(found)
