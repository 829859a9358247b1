"""Table mode: a physical game followed turn by turn; where the engine would draw, it asks."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from calculator.core.tiles import CATALOG
from calculator.engine import IllegalAction, NotYourTurn, apply, legal_actions, to_act
from calculator.engine.actions import (
    Action,
    RevealMoney,
    RevealScoringCard,
    RevealTile,
    TakeMoney,
)
from calculator.engine.components import CARD, ScoringCard
from calculator.engine.events import (
    DummyDrew,
    Event,
    MarketFilled,
    MoneyDealt,
    MoneyDrawn,
    ScoringCardRevealed,
)
from calculator.engine.simulate import random_action
from calculator.engine.state import GameState
from tests.engine_scenes import checked, game


def test_a_table_game_begins_by_asking_for_the_first_card_dealt():
    state = game(3, mode="table", start=None)
    assert state.turn.phase == "setup" and to_act(state) is None
    assert legal_actions(state) == [RevealMoney(card) for card in CARD.values()]
    assert state.seed is None


def test_a_scoring_card_cannot_be_revealed_before_the_piles_are_formed():
    state = game(3, mode="table")
    with pytest.raises(IllegalAction) as refused:
        apply(state, RevealScoringCard(1))
    assert refused.value.rule == "T7"


def test_only_what_the_bag_holds_can_be_revealed():
    state = _empty_slot_1(_set_up(game(4, mode="table"), random.Random(1)))
    assert legal_actions(state) == [RevealTile(tile) for tile in state.bag]
    with pytest.raises(IllegalAction) as refused:
        apply(state, RevealTile(state.market[1]))  # still in slot 2
    assert refused.value.rule == "T7"


def test_a_tile_cannot_be_revealed_when_a_card_is_drawn():
    state = game(3, mode="table")
    with pytest.raises(IllegalAction):
        apply(state, RevealTile(CATALOG[0]))


def test_players_wait_while_the_table_reveals():
    state = game(3, mode="table", start=0)
    with pytest.raises(NotYourTurn):
        apply(state, TakeMoney(0, ()))


def test_scoring_card_2_is_never_revealed_before_scoring_card_1():
    state = _set_up(game(3, mode="table"), random.Random(2))
    assert ScoringCard(2) in state.pile
    state = _take_all_face_up(state)
    reveals = legal_actions(state)
    assert RevealScoringCard(1) in reveals and RevealScoringCard(2) not in reveals
    with pytest.raises(IllegalAction):
        apply(state, RevealScoringCard(2))


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 8), (6, 1)])
def test_a_table_game_follows_a_digital_game_draw_by_draw(players, seed):
    """Reveal the digital game's draws, play its players' actions: the same game."""
    digital = game(players, seed, start=None)
    setup_draws = _setup_draws(digital, players, seed)
    rng = random.Random(seed)
    decisions: list[Action] = []
    draws = list(setup_draws)
    state = digital
    while not state.over:
        action = random_action(state, rng)
        decisions.append(action)
        state, events = apply(state, action)
        draws += _drawn(events)
    table = game(players, seed, mode="table", start=None)
    for item in draws:
        table = _decide(table, decisions)
        table, _ = apply(table, item)
    table = _decide(table, decisions)
    assert table.over and not decisions
    assert table.players == state.players and table.winners == state.winners
    assert table.market == state.market and table.dummy == state.dummy


def _setup_draws(digital: GameState, players: int, seed: int) -> list[Action]:
    """The draws of the digital game's setup: deal, face-up money, market, dummy."""
    from calculator.engine.game import settle
    from calculator.engine.setup import initial_state
    from calculator.engine.state import Draft

    events = settle(Draft.of(initial_state(list("ABCDEF"[:players]), seed)))
    return _drawn(events)


def _drawn(events: list[Event]) -> list[Action]:
    reveals: list[Action] = []
    for event in events:
        if isinstance(event, MoneyDealt | MoneyDrawn):
            reveals.append(RevealMoney(event.card))
        elif isinstance(event, ScoringCardRevealed):
            reveals.append(RevealScoringCard(event.round))
        elif isinstance(event, MarketFilled | DummyDrew):
            reveals.append(RevealTile(event.tile))
    return reveals


def _decide(table: GameState, decisions: list[Action]) -> GameState:
    """Play the players' actions until the table must reveal a draw."""
    while decisions and to_act(table) is not None:
        table, _ = apply(table, decisions.pop(0))
    return table


def _set_up(state: GameState, rng: random.Random) -> GameState:
    while state.turn.phase == "setup":
        state, _ = apply(state, rng.choice(legal_actions(state)))
    return state


def _empty_slot_1(state: GameState) -> GameState:
    """The refill after a turn: slot 1 is empty (its tile back in the bag), a tile is due."""
    gone = state.market[0]
    assert gone is not None
    return checked(
        replace(
            state,
            market=(None, *state.market[1:]),
            bag=(*state.bag, gone),
            turn=replace(state.turn, phase="refill"),
        )
    )


def _take_all_face_up(state: GameState) -> GameState:
    """Move the face-up cards to the discard: the refill must draw four cards."""
    return checked(
        replace(
            state,
            discard=state.discard + state.face_up,
            face_up=(),
            turn=replace(state.turn, phase="refill"),
        )
    )
