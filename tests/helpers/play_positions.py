"""Positions of a game against the computer for the Play tab's tests, reached through the public
API (``/v1/games``, ``/legal-actions``, ``/advance``, ``/bot-turns``) from a seeded game, so that
each is a state the server made and will accept again (API.md: a state sent back is checked).

A test hands a position to the page by answering its ``POST /v1/games`` with it
(:func:`start_from`); everything after that is the real server's.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from calculator import create_app
from tests.helpers.clocks import standing_still

YOU = 0
Action = dict[str, Any]
State = dict[str, Any]


class Api:
    """The game endpoints, asked in-process (the Flask test client): every answer a 200."""

    def __init__(self) -> None:
        self.client = create_app().test_client()

    def post(self, path: str, body: dict[str, Any]) -> Any:
        response = self.client.post(path, json=body)
        assert response.status_code == 200, (path, response.get_json())
        return response.get_json()

    def new_game(self, seed: int, opponents: int, modules: tuple[str, ...] = ()) -> State:
        names = ["You", *(f"Computer {n}" for n in range(1, opponents + 1))]
        body = {"players": names, "seed": seed, "start_player": YOU}
        body["options"] = {"modules": list(modules)}
        return self.post("/v1/games", body)["state"]

    def legal(self, state: State) -> Any:
        return self.post("/v1/games/legal-actions", {"state": state})

    def advance(self, state: State, action: Action) -> tuple[State, list[Any]]:
        answer = self.post("/v1/games/advance", {"state": state, "actions": [action]})
        return answer["state"], answer["events"]

    def bots(self, state: State, seats: int, seed: int) -> Any:
        """The computer's turns. Greedy judges moves until its time is up, so its clock stands
        still here: it judges every move, and its choices (the scenes these tests play to) do
        not depend on the machine's load."""
        levels = {str(seat): "greedy" for seat in range(1, seats)}
        with standing_still():
            return self.post(
                "/v1/games/bot-turns",
                {"state": state, "bots": levels, "budget_ms": 1000, "seed": seed},
            )


def start_from(page: Any, state: State) -> None:
    """The page's next ``POST /v1/games`` is answered with ``state`` (as the server answers)."""

    def answer(route: Any) -> None:
        body = {"state": state}
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))
        page.unroute("**/v1/games", answer)

    page.route("**/v1/games", answer)


def paid(action: Action) -> int:
    return sum(card["value"] for card in action.get("payment", []))


def exact(state: State, action: Action) -> bool:
    slot = next(s for s in state["market"] if s["slot"] == action.get("slot"))
    return action["type"] == "buy" and paid(action) == slot["tile"]["price"]


def two_tiles_to_place(api: Api) -> State:
    """Your first turn of a seeded 2-player game: an exact purchase (T4), then another, so that
    two bought tiles wait to be placed (T6)."""
    for seed in range(1, 200):
        state = api.new_game(seed, 1)
        buys = [a for a in api.legal(state)["actions"] if a["type"] == "buy"]
        first = next((a for a in buys if exact(state, a)), None)
        if first is None:
            continue
        after, _ = api.advance(state, first)
        second = next((a for a in api.legal(after)["actions"] if a["type"] == "buy"), None)
        if second is None or exact(after, second):
            continue
        placing, _ = api.advance(after, second)
        if placing["turn"]["phase"] == "placement" and len(placing["turn"]["bought"]) == 2:
            return placing
    raise AssertionError("no seed gives two purchases on the first turn")


Policy = Callable[[State, list[Action]], Action]


def money_first(state: State, actions: list[Action]) -> Action:
    """Take the most money on offer; place a tile you must at the first cell offered."""
    takes = [a for a in actions if a["type"] == "take_money"]
    if takes:
        return max(takes, key=lambda a: sum(card.get("value", 0) for card in a["cards"]))
    places = [a for a in actions if a["type"] in ("place", "reserve")]
    return (places or actions)[0]


def wide(state: State, actions: list[Action]) -> Action:
    """Buy whatever can be bought and build eastwards and westwards: a wide Alhambra."""
    places = [a for a in actions if a["type"] == "place"]
    if places:
        return max(places, key=lambda a: (abs(a["x"]), -abs(a["y"])))
    buys = [a for a in actions if a["type"] == "buy"]
    if buys:
        return buys[0]
    return money_first(state, actions)


@dataclass
class Turn:
    """One decision of yours and what followed it until you decided again."""

    before: State  # your decision to make
    action: Action
    after: State  # the state after your action and its automatic steps
    bot_turns: Any | None  # the bot-turns answer from `after`, if the computer played


def play(
    api: Api, seed: int, opponents: int, policy: Policy, until: Callable[[State, Any], bool]
) -> list[Turn]:
    """Your decisions by ``policy`` and the computer's (greedy) until ``until(state, legal)``
    holds at a decision of yours; the turns that led there."""
    state = api.new_game(seed, opponents)
    turns: list[Turn] = []
    for _ in range(600):
        listing = api.legal(state)
        if listing["player"] == YOU and until(state, listing):
            return turns
        if state["over"]:
            break
        action = policy(state, listing["actions"])
        after, _ = api.advance(state, action)
        answer = None
        if not after["over"] and api.legal(after)["player"] != YOU:
            answer = api.bots(after, opponents + 1, seed)
            while answer["stopped"] == "time":  # the request's 5 s spent: send the state back
                more = api.bots(answer["state"], opponents + 1, seed)
                answer = {
                    **more,
                    "actions": answer["actions"] + more["actions"],
                    "events": answer["events"] + more["events"],
                }
            assert answer["stopped"] in ("player", "over"), answer["stopped"]
        turns.append(Turn(state, action, after, answer))
        state = answer["state"] if answer else after
    raise AssertionError(f"seed {seed}: the position never came")
