"""The random player's shortcuts draw exactly what ``random`` itself would (same games)."""

from __future__ import annotations

import random

import pytest

from calculator.core.tiles import Currency
from calculator.engine.components import CARD, MoneyCard, without
from calculator.engine.simulate import _below, _kinds, _pick, _weighted


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 100, 1000])
def test_below_draws_what_randrange_and_choice_draw(count):
    for seed in range(30):
        ours, theirs, chosen = random.Random(seed), random.Random(seed), random.Random(seed)
        for _ in range(20):
            index = _below(ours, count)
            assert index == theirs.randrange(count)
            assert index == chosen.choice(range(count))
        assert ours.getstate() == theirs.getstate() == chosen.getstate()


def test_pick_draws_what_weighted_draws():
    kinds = ["take money", "buy", "redesign", "decline"]
    ours, theirs = random.Random(7), random.Random(7)
    for _ in range(500):
        assert kinds[_pick([4, 4, 1, 4], ours)] == _weighted(kinds, theirs)


def test_kinds_of_action_in_the_players_order_of_thought():
    weights, listers = _kinds(frozenset(), True)
    assert weights == (4, 4, 1, 4) and len(listers) == 4
    weights, listers = _kinds(frozenset({"exchange", "huts", "vizier"}), False)
    assert weights == (4, 4, 1, 1, 1) and [len(way) for way in listers] == [2, 2, 3, 1, 1]


def test_without_finds_an_equal_card_that_is_not_the_shared_one():
    florin_2 = CARD[Currency.FLORIN, 2]
    copy = MoneyCard(Currency.FLORIN, 2)
    assert copy is not florin_2
    pool = [CARD[Currency.DENAR, 5], copy, florin_2]
    assert without(pool, [florin_2]) == [CARD[Currency.DENAR, 5], florin_2]
    assert without(pool, [copy, florin_2]) == [CARD[Currency.DENAR, 5]]
    assert without(pool, [florin_2, florin_2, florin_2]) is None
    assert without(pool, [CARD[Currency.DUCAT, 1]]) is None
