"""A record reviewed by a computer player: each decision judged as advice would judge it (T2,
T4, T6; V1-V4 in the games reviewed), verdicts by the points lost (M2, W4), a random seat
ranked below greedy seats, and the time bound of a whole review.
"""

from __future__ import annotations

import random

import pytest

from calculator.core.tiles import Currency
from calculator.engine import apply, legal_actions, to_act
from calculator.engine.actions import Buy
from calculator.engine.components import CARD
from calculator.engine.players import Budget, advise
from calculator.records.record import Record, Setup, start
from calculator.records.replay import Stop
from calculator.records.review import (
    JUDGING,
    SHORTEST_DECISION_MS,
    VERDICTS,
    review,
    verdict,
)
from tests.helpers.clocks import ticking
from tests.helpers.record_games import golden, played, seated

GENEROUS_MS = 120_000.0
"""A total budget no review in these tests reaches: the review judges every decision."""


@pytest.fixture(scope="module")
def random_among_greedy() -> Record:
    """A 4-player game: the random player at seat 0, greedy players at the others."""
    return seated(["random", "greedy", "greedy", "greedy"], 5, Budget(milliseconds=5000))


def test_a_review_ranks_a_random_seat_below_greedy_seats(random_among_greedy):
    reviewed = review(random_among_greedy, "greedy", total_ms=GENEROUS_MS, seed=1)
    assert reviewed.next is None and reviewed.stopped is None
    random_seat, *greedy_seats = reviewed.standings
    assert all(seat.decisions > 20 for seat in reviewed.standings)
    assert all(random_seat.accuracy < seat.accuracy for seat in greedy_seats)
    assert all(random_seat.lost > 2 * seat.lost for seat in greedy_seats)
    assert random_seat.verdicts["blunder"] > max(seat.verdicts["blunder"] for seat in greedy_seats)


@pytest.mark.slow
def test_a_short_mcts_review_ranks_a_random_seat_below_greedy_seats_too(random_among_greedy):
    reviewed = review(random_among_greedy, "mcts", total_ms=GENEROUS_MS, budget_ms=20, seed=1)
    random_seat, *greedy_seats = reviewed.standings
    assert all(random_seat.accuracy < seat.accuracy for seat in greedy_seats)


def test_each_decision_is_judged_as_advice_judges_it(random_among_greedy):
    """The seat's information only: the advisor the review asks is the one advice asks, on the
    state before the move, so whatever the seat cannot see changes nothing (the players'
    tests hold advice to that)."""
    reviewed = review(random_among_greedy, "greedy", total_ms=GENEROUS_MS, seed=1)
    state = start(random_among_greedy.setup)
    rows = {row.move: row for row in reviewed.judged}
    for index, move in enumerate(random_among_greedy.moves):
        if index in rows:
            row = rows[index]
            seed = random.Random(f"review/1/{index}").randrange(2**31)
            advice = advise(
                "greedy", state, row.player, budget=Budget(milliseconds=5000), seed=seed
            )
            assert row.best == advice.best
            assert row.best_points == advice.actions[0].expected_points
        else:  # only moves without a choice are left out
            assert len(legal_actions(state)) < 2
        state, _ = apply(state, move)


@pytest.mark.parametrize(
    ("lost", "best", "expected"),
    [
        (0.0, True, "best"),
        (0.0, False, "good"),
        (0.99, False, "good"),
        (1.0, False, "inaccuracy"),
        (2.99, False, "inaccuracy"),
        (3.0, False, "mistake"),
        (7.99, False, "mistake"),
        (8.0, False, "blunder"),
        (40.0, False, "blunder"),
    ],
)
def test_m2_w4_verdicts_by_the_points_lost(lost, best, expected):
    """Under 1 point: less than a round pays for anything; a mistake stays under the smallest
    first place of round 2 (the pavilions', 8)."""
    assert verdict(lost, best) == expected


def test_every_row_loses_what_its_verdict_says(random_among_greedy):
    reviewed = review(random_among_greedy, "greedy", total_ms=GENEROUS_MS, seed=1)
    for row in reviewed.judged:
        assert row.lost == round(max(0.0, row.best_points - row.played_points), 2)
        assert row.verdict == verdict(row.lost, row.played == row.best)
        assert row.verdict in VERDICTS
    counted = sum(sum(seat.verdicts.values()) for seat in reviewed.standings)
    assert counted == len(reviewed.judged)


def test_t4_a_payment_with_a_card_to_spare_is_judged_as_the_payment_it_holds():
    """Anna pays the seraglio 8 with dirham 8 and dirham 7: it holds the exact payment, which
    earns another action, so it is never the best."""
    setup = Setup(("Anna", "Ben"), 1)
    exact = Buy(0, 2, (CARD[Currency.DIRHAM, 8],))
    spare = Buy(0, 2, (CARD[Currency.DIRHAM, 7], CARD[Currency.DIRHAM, 8]))
    assert exact in legal_actions(start(setup)) and spare not in legal_actions(start(setup))
    plain = review(Record(setup, (exact,)), "greedy", total_ms=GENEROUS_MS, seed=2).judged[0]
    wasteful = review(Record(setup, (spare,)), "greedy", total_ms=GENEROUS_MS, seed=2).judged[0]
    assert plain.verdict == "best"
    assert wasteful.played_points == plain.played_points and wasteful.verdict == "good"


def test_a_review_stops_at_the_first_move_that_cannot_be_played():
    record = played(3, 0)
    bad = Buy(2, 1, (CARD[Currency.DENAR, 1],))
    altered = Record(record.setup, (*record.moves[:10], bad, *record.moves[11:]))
    reviewed = review(altered, "greedy", total_ms=GENEROUS_MS)
    assert isinstance(reviewed.stopped, Stop) and reviewed.stopped.move == 10
    assert all(row.move < 10 for row in reviewed.judged)


def test_when_the_time_runs_out_the_review_says_where_to_go_on():
    record, _ = golden("game-4-players")
    whole = review(record, "greedy", total_ms=GENEROUS_MS, seed=3)
    first = review(record, "greedy", total_ms=10 * SHORTEST_DECISION_MS, seed=3)
    assert first.next is not None and first.stopped is None
    assert len(first.judged) < len(whole.judged)
    rest = review(record, "greedy", total_ms=GENEROUS_MS, seed=3, first=first.next)
    assert [row.move for row in first.judged + rest.judged] == [row.move for row in whole.judged]
    assert rest.judged == whole.judged[len(first.judged) :]


def test_the_whole_review_keeps_to_its_time(monkeypatch):
    """Each decision thinks for at most its share of the time left, so the whole review ends
    within its total and one decision's overrun: on a clock that moves at each look, the
    same on any machine at any load."""
    record = played(4, 1)
    total_ms = 1000
    ticks = ticking(monkeypatch)  # a look at the clock: 1 ms
    reviewed = review(record, "mcts", total_ms=total_ms, seed=1)
    assert total_ms - SHORTEST_DECISION_MS <= ticks.readings <= total_ms + 3, ticks.readings
    assert reviewed.next is not None  # the game has more decisions than the time allows
    # with this many decisions left, each one's share is the shortest: it looks at the clock
    # up to its end, a look or two past it, and the review looks once before it
    assert len(reviewed.judged) >= total_ms // (SHORTEST_DECISION_MS + 3)


def test_only_the_players_that_judge_review():
    assert JUDGING == ("greedy", "mcts")
    with pytest.raises(ValueError, match="does not judge"):
        review(played(2, 0), "random", total_ms=1000)


def test_a_seat_is_judged_only_when_it_decides():
    record = played(2, 0, "table")
    reviewed = review(record, "greedy", total_ms=GENEROUS_MS)
    state = start(record.setup)
    deciding = set()
    for index, move in enumerate(record.moves):
        if to_act(state) is not None:
            deciding.add(index)
        state, _ = apply(state, move)
    assert {row.move for row in reviewed.judged} <= deciding
