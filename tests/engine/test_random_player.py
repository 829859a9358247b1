"""The random player: its weighted pick draws what ``random`` itself would (same games), the
kinds of action it weighs, and its games played in place."""

from __future__ import annotations

import random

import pytest

from calculator.core.tiles import Currency
from calculator.engine.components import CARD, MoneyCard, without
from calculator.engine.game import advance, apply, new_game
from calculator.engine.players.random_play import _kinds, _pick, random_action
from calculator.engine.simulate import NAMES, play_random_game
from calculator.engine.state import Draft, Options


@pytest.mark.parametrize(
    "weights", [[4, 4, 1, 4], [4, 4, 1, 1, 1], [4, 4, 1, 4, 1, 1], [1, 4], [4]]
)
def test_pick_draws_what_choices_draws(weights):
    """The random player's weighted pick is ``random.choices``'s, draw for draw (same games)."""
    ours, theirs = random.Random(7), random.Random(7)
    for _ in range(2000):
        assert _pick(weights, ours) == theirs.choices(range(len(weights)), weights)[0]
    assert ours.getstate() == theirs.getstate()


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


@pytest.mark.parametrize(
    ("players", "seed", "modules"),
    [(4, 0, ()), (2, 7, ()), (6, 3, ()), (3, 11, ("vizier", "exchange", "bonus", "huts"))],
)
def test_a_game_advanced_in_place_is_the_game_apply_plays(players, seed, modules):
    """play_random_game advances one draft: the same actions, events and end as apply's."""
    options = Options(modules=frozenset(modules))
    rng = random.Random(f"player/{seed}")
    state = new_game(list(NAMES[:players]), seed=seed, options=options)
    draft = Draft.of(state)
    actions = 0
    while not state.over:
        action = random_action(state, rng)
        state, events = apply(state, action)
        assert advance(draft, action) == events
        actions += 1
    assert draft.frozen() == state
    played = play_random_game(players, seed, options)
    assert played.state == state and played.actions == actions
