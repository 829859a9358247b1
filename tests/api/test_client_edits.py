"""A state held by the client, edited, comes back: what the server catches (422, a pointer at
the edit) and what no stateless server can know (docs/clients.md, "What the server checks").

The checks live in ``calculator/engine/consistency.py``; here they are met through the API, as
a companion app meets them, on states of seeded games played by the random player.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator.api.game_document import dump_state
from calculator.core.tiles import CATALOG
from calculator.engine import GameState, Options, apply, new_game
from calculator.engine.actions import BuildFromReserve, MoveToReserve
from calculator.engine.consistency import earliest_turn, inconsistencies, score_bound
from calculator.engine.players.random_play import random_action
from calculator.modules import ruleset
from tests.helpers.api import pointers
from tests.helpers.engine_scenes import game, with_alhambra

NAMES = ["Anna", "Ben", "Carla", "Dev"]
PROBLEM = "application/problem+json"


def played(players: int, seed: int, until: Any, modules: tuple[str, ...] = ()) -> GameState:
    """A seeded game of random players, played until ``until(state)`` holds."""
    rng = random.Random(seed)
    state = new_game(NAMES[:players], seed, None, Options(rules=ruleset(modules)))
    while not until(state):
        assert not state.over, "the game ended first"
        state, _ = apply(state, random_action(state, rng))
    return state


PASS = {"type": "pass", "player": 0}
"""An action of the right shape: what is refused is the state it would apply to."""


def refused(client, state: dict[str, Any], action: dict[str, Any] = PASS) -> dict[str, Any]:
    """The 422 of legal-actions and of advance (with ``action``) for ``state``: the same."""
    answers = [
        client.post("/v1/games/legal-actions", json={"state": state}),
        client.post("/v1/games/advance", json={"state": state, "actions": [action]}),
    ]
    for answer in answers:
        assert answer.status_code == 422, answer.get_json()
        assert answer.mimetype == PROBLEM
    problems = [answer.get_json() for answer in answers]
    assert problems[0]["errors"] == problems[1]["errors"]
    assert problems[0]["detail"].startswith("the state is not one a game can reach")
    return problems[0]


def accepted(client, state: dict[str, Any]) -> None:
    answer = client.post("/v1/games/legal-actions", json={"state": state})
    assert answer.status_code == 200, answer.get_json()


AFTER_ROUND_1 = played(3, 11, lambda state: 1 in state.rounds_scored)
"""A 3-player game just past scoring round 1."""


# --- a card edited in a hand ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "member"),
    [
        (lambda card: card.update(value=card["value"] % 9 + 1), "value"),
        (
            lambda card: card.update(currency="denar" if card["currency"] != "denar" else "florin"),
            "currency",
        ),
    ],
)
def test_c3_a_card_edited_in_a_hand_is_named_in_the_hand(client, edit, member):
    """One card of a hand changed: a copy too many of what it became, and one missing of
    what it was (C3). The copy named is the hand's, at the member changed; the missing card at
    the pile, where the hidden cards are."""
    state = dump_state(AFTER_ROUND_1)
    edit(state["players"][0]["hand"][0])
    problem = refused(client, state)
    assert pointers(problem) == [f"/state/players/0/hand/0/{member}", "/state/money/pile"]
    assert "too many" in problem["errors"][0]["message"]
    assert "missing" in problem["errors"][1]["message"]


# --- scores ---------------------------------------------------------------------------------


def test_t8_points_before_any_scoring_round_are_refused(client):
    state = dump_state(new_game(NAMES[:3], 1))
    state["players"][1]["score"] = 500
    take = {
        "type": "take_money",
        "player": state["turn"]["player"],
        "cards": state["money"]["face_up"][:1],
    }
    problem = refused(client, state, take)
    assert problem["errors"] == [
        {
            "pointer": "/state/players/1/score",
            "message": "500 points before any scoring round: every score is 0 (T8)",
        }
    ]


def test_m2_w4_a_score_beyond_what_the_rounds_scored_can_pay_is_refused(client):
    """After round 1 a player holds at most the first places of the types they own and the
    longest wall their tiles can make (``score_bound``): at the bound the state is taken, one
    point more is refused."""
    state = dump_state(AFTER_ROUND_1)
    bound = score_bound(AFTER_ROUND_1, 2)
    assert AFTER_ROUND_1.players[2].score <= bound
    state["players"][2]["score"] = bound
    accepted(client, state)
    state["players"][2]["score"] = bound + 1
    problem = refused(client, state)
    assert pointers(problem) == ["/state/players/2/score"]
    assert f"at most {bound}" in problem["errors"][0]["message"]


# --- the turn number ------------------------------------------------------------------------


def test_t4_a_turn_number_too_early_for_the_purchases_made_is_refused(client):
    """Each turn buys at most 4 tiles and the vizier one per player after it (T4, V1): the
    tiles bought by round 1 need some turns."""
    least = earliest_turn(AFTER_ROUND_1)
    assert 1 < least <= AFTER_ROUND_1.turn.number
    state = dump_state(AFTER_ROUND_1)
    state["turn"]["number"] = least
    accepted(client, state)
    state["turn"]["number"] = least - 1
    problem = refused(client, state)
    assert pointers(problem) == ["/state/turn/number"]
    assert f"this is turn {least} or later" in problem["errors"][0]["message"]


def test_t5_no_turn_number_is_too_late(client):
    """A player may redesign on every turn (T5): moving a tile to the reserve and back draws
    nothing, so after two turns of each the state is the same but for the turn number. A
    game can last any number of turns, and the server takes any turn number the contract
    allows: 9999 too."""
    tower = next(tile for tile in CATALOG if tile.building.value == "tower" and not tile.walls)
    garden = next(tile for tile in CATALOG if tile.building.value == "garden" and not tile.walls)
    state = with_alhambra(with_alhambra(game(2), 0, [((1, 0), tower)]), 1, [((1, 0), garden)])
    start = state
    for action in (
        MoveToReserve(0, (1, 0)),
        MoveToReserve(1, (1, 0)),
        BuildFromReserve(0, tower, (1, 0)),
        BuildFromReserve(1, garden, (1, 0)),
    ):
        state, _ = apply(state, action)
    assert state.turn.number == start.turn.number + 4
    assert dump_state(state) | {"turn": None} == dump_state(start) | {"turn": None}
    assert dump_state(state)["turn"] | {"number": 0} == dump_state(start)["turn"] | {"number": 0}
    late = dump_state(start)
    late["turn"]["number"] = 9999
    accepted(client, late)


# --- the dummy, the end ---------------------------------------------------------------------


def test_d2_a_dummy_short_of_his_tiles_is_refused(client):
    """6 tiles at setup, 6 more right after round 1 while the bag has them (D2)."""
    after_round_1 = played(2, 5, lambda state: 1 in state.rounds_scored)
    assert after_round_1.bag and len(after_round_1.dummy or ()) >= 12
    state = dump_state(after_round_1)
    state["bag"] += state["dummy"]["tiles"][6:]
    state["dummy"]["tiles"] = state["dummy"]["tiles"][:6]
    problem = refused(client, state)
    assert pointers(problem) == ["/state/dummy/tiles"]
    assert "at least 12" in problem["errors"][0]["message"]


def test_t9_a_finished_game_with_tiles_in_the_bag_is_refused(client):
    over = played(3, 2, lambda state: state.over)
    owner = next(seat for seat, player in enumerate(over.players) if player.reserve)
    state = dump_state(over)
    state["bag"].append(state["players"][owner]["reserve"].pop())
    problem = refused(client, state)
    assert "/state/bag" in pointers(problem)


# --- what no state shows ----------------------------------------------------------------------


def test_what_a_stateless_server_cannot_know_is_taken(client):
    """docs/clients.md lists them: the bag's order (and a changed seed, which the next draws
    follow), a hand card swapped with the pile's top, a stale state sent again. Each is a
    state a game can reach, so each is answered: only the seal (deploying.md) tells them."""
    state = dump_state(AFTER_ROUND_1)
    reversed_bag = copy.deepcopy(state)
    reversed_bag["bag"].reverse()
    other_seed = copy.deepcopy(state)
    other_seed["rng"]["seed"] += 1
    swapped = copy.deepcopy(state)
    hand, pile = swapped["players"][0]["hand"], swapped["money"]["pile"]
    top = next(i for i, card in enumerate(pile) if "currency" in card)
    hand[0], pile[top] = pile[top], hand[0]
    for edited in (reversed_bag, other_seed, swapped, state):
        accepted(client, edited)


# --- every reachable state is within the bounds ---------------------------------------------


@settings(
    max_examples=50, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**31 - 1),
    modules=st.sampled_from([(), ("vizier",), ("huts", "bonus"), ("vizier", "exchange")]),
)
def test_no_reachable_state_exceeds_the_score_bound(players, seed, modules):
    """Whole random games: at every state each score is within ``score_bound`` and the turn
    number at least ``earliest_turn``, and the state is consistent; the bound is met by real
    scores (a game that ends scores something)."""
    rng = random.Random(seed)
    state = new_game(NAMES[:players], seed, None, Options(rules=ruleset(modules)))
    while True:
        for seat, player in enumerate(state.players):
            assert 0 <= player.score <= score_bound(state, seat)
        assert state.turn.number >= earliest_turn(state) or state.turn.phase == "setup"
        if state.over:
            break
        state, _ = apply(state, random_action(state, rng))
    assert not inconsistencies(state)
    assert max(player.score for player in state.players) > 0
