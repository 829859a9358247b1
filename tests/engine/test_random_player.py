"""The random player: its weighted pick draws what ``random`` itself would (same games), the
kinds of action it weighs, and its games played on the game core."""

from __future__ import annotations

import random

import pytest

from calculator.core.tiles import Currency
from calculator.engine.codes import CARD_CODE
from calculator.engine.components import CARD
from calculator.engine.game import advance, apply, new_game
from calculator.engine.hand import Hand, values
from calculator.engine.players.random_play import _kinds, _pick, random_action
from calculator.engine.simulate import NAMES, play_random_game
from calculator.engine.state import Options, to_game, to_state
from calculator.engine.turn.draws import below, shuffle
from calculator.modules import ruleset


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
    weights, total, listers = _kinds(ruleset(()), True)
    assert weights == (4, 4, 1, 4) and total == 13 and len(listers) == 4
    weights, total, listers = _kinds(ruleset({"exchange", "huts", "vizier"}), False)
    assert weights == (4, 4, 1, 1, 1) and total == 11
    assert [len(way) for way in listers] == [2, 2, 3, 1, 1]


def test_c3_a_hand_keeps_its_cards_in_order_and_their_values_packed():
    """A hand is written in the order its cards came (a state keeps it); a card taken out is
    its first copy; the values per currency follow every change."""
    florin_2, denar_5 = CARD_CODE[CARD[Currency.FLORIN, 2]], CARD_CODE[CARD[Currency.DENAR, 5]]
    hand = Hand([florin_2, denar_5, florin_2])
    hand.remove(florin_2)
    assert hand.cards == [denar_5, florin_2]
    florins = 3  # the currencies' order: denar, dirham, ducat, florin
    assert values(hand.packed[florins]) == (2,) and hand.sums[florins] == 2
    assert hand.holds([florin_2, denar_5]) and not hand.holds([florin_2, florin_2])
    assert hand.total == 7


@pytest.mark.parametrize(
    ("players", "seed", "modules"),
    [(4, 0, ()), (2, 7, ()), (6, 3, ()), (3, 11, ("vizier", "exchange", "bonus", "huts"))],
)
def test_a_game_advanced_on_its_core_is_the_game_apply_plays(players, seed, modules):
    """One game core advanced throughout gives the events and the states that apply gives a
    frozen state at every action; play_random_game plays the same game."""
    options = Options(rules=ruleset(modules))
    rng = random.Random(f"player/{seed}")
    state = new_game(list(NAMES[:players]), seed=seed, options=options)
    game = to_game(state)
    actions = 0
    while not state.over:
        action = random_action(state, rng)
        state, events = apply(state, action)
        assert advance(game, action) == events
        actions += 1
        if actions % 17 == 0:
            assert to_state(game) == state
    assert to_state(game) == state
    played = play_random_game(players, seed, options)
    assert played.state == state and played.actions == actions


@pytest.mark.parametrize("count", [1, 2, 3, 7, 8, 9, 100, 2**20 + 3])
def test_below_and_shuffle_draw_what_cpython_draws(count):
    """The engine draws an index and shuffles as ``randrange`` and ``shuffle`` do, draw for
    draw (the same seeded games and the same random player)."""
    ours, theirs = random.Random(count), random.Random(count)
    for _ in range(300):
        assert below(ours, count) == theirs.randrange(count)
    assert ours.getstate() == theirs.getstate()
    items = list(range(min(count, 200)))
    copied = list(items)
    shuffle(ours, items)
    theirs.shuffle(copied)
    assert items == copied and ours.getstate() == theirs.getstate()
