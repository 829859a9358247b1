"""A schema-valid state that no game can reach is refused with a 422, never a crash.

Real states are bent in ways the JSON Schema allows (a phase changed, a card moved, a tile
duplicated or dropped, a turn counter changed...). Each bent state must either be refused as
inconsistent, with pointers into it, or be one the engine can carry on from: then its listed
actions are accepted.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.api import game_service
from calculator.api.contract import request_contract
from calculator.api.problems import InvalidRequest

PHASES = ["setup", "action", "placement", "refill", "final_placement", "over"]


def _states() -> list[dict[str, Any]]:
    """Real states: digital and table games at a few points of their play."""
    found = []
    for players, mode in ((2, "digital"), (3, "table"), (5, "digital")):
        names = ["Anna", "Ben", "Carla", "Dev", "Emre"][:players]
        body = {"players": names, "seed": players, "options": {"mode": mode}}
        state = game_service.new_game(body)["state"]
        rng = random.Random(players)
        for step in range(120):
            if step % 30 == 0:
                found.append(state)
            actions = game_service.legal_actions({"state": state})["actions"]
            if not actions:
                break
            state = game_service.advance({"state": state, "actions": [rng.choice(actions)]})[
                "state"
            ]
    return found


STATES = _states()


def bend(state: dict[str, Any], how: int, rng: random.Random) -> None:
    """One change the schema allows."""
    turn = state["turn"]
    players = state["players"]
    money = state["money"]
    if how == 0:
        turn["phase"] = rng.choice(PHASES)
    elif how == 1:
        turn["player"] = rng.choice([None, 0, 1, len(players) - 1, 5])
    elif how == 2 and money["pile"]:
        card = money["pile"].pop(rng.randrange(len(money["pile"])))
        if "currency" in card:
            players[rng.randrange(len(players))]["hand"].append(card)
    elif how == 3 and state["bag"]:
        turn["bought"] = [state["bag"].pop()][: rng.randint(0, 1)] + turn["bought"]
        turn["buys"] = min(4, turn["buys"] + rng.randint(0, 1))
    elif how == 4:
        turn["extra_action"] = not turn["extra_action"]
    elif how == 5:
        state["rounds_scored"] = rng.choice([[], [1], [1, 2], [1, 2, 3], [3], [2]])
    elif how == 6:
        turn["scoring_due"] = rng.choice([[], [1], [2], [1, 2]])
    elif how == 7:
        turn["dummy_draws"] = rng.randint(0, 54)
    elif how == 8 and state["bag"]:
        slot = rng.randrange(4)
        state["market"][slot]["tile"] = state["bag"].pop()
    elif how == 9:
        state["over"] = not state["over"]
        state["winners"] = rng.choice([[], [0], [0, 1]])
    elif how == 10 and money["face_up"]:
        money["discard"].append(money["face_up"].pop())
    elif how == 11:
        turn["number"] = rng.randint(0, 3)
    elif how == 12 and players[0]["alhambra"]:
        tile = players[0]["alhambra"].pop()
        players[0]["reserve"].append({k: tile[k] for k in ("building", "walls", "price")})
    elif how == 13:
        awarded = [
            {"player": rng.randrange(len(players)), "slot": 1, "tile": t} for t in state["bag"][:1]
        ]
        turn["awarded"] = awarded
        del state["bag"][: len(awarded)]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    st.integers(0, len(STATES) - 1),
    st.lists(st.integers(0, 13), min_size=1, max_size=3),
    st.integers(0, 2**16),
)
def test_a_bent_state_is_refused_or_played_on(which, changes, seed):
    rng = random.Random(seed)
    state = copy.deepcopy(STATES[which])
    for how in changes:
        bend(state, how, rng)
    assert request_contract("legal-actions-request.json").is_valid({"state": state})
    try:
        listing = game_service.legal_actions({"state": state})
    except InvalidRequest as refused:
        assert refused.problems and all(p.pointer.startswith("/state") for p in refused.problems)
        return
    for action in listing["actions"][:5]:
        game_service.advance({"state": state, "actions": [action]})
