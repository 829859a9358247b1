"""A record replayed: every state on the way is the engine's own, and the first move that cannot
be played is found, with the rule it breaks (T2, T4, T6, T7, T9, B2-B6, V1).

The golden games (``tests/golden``) replay to their final states with every event; seeded games
of 2 to 6 players, digital and table, with and without modules, replay to any move exactly as
the engine plays them move by move. Records altered in many ways stop at the altered move, on
the state before it.
"""

from __future__ import annotations

from collections import Counter

import pytest
from msgspec.structs import replace

from calculator.api.game_document import dump_event, dump_state
from calculator.core.text import Text
from calculator.engine import GameState, apply, to_act
from calculator.engine.actions import Buy, PlaceTile, RevealMoney, RevealTile, TakeMoney
from calculator.engine.components import CARD, MoneyCard
from calculator.engine.core import BASE_PHASES
from calculator.records.record import Record, start
from calculator.records.replay import Step, Stop, replay, steps, turn_numbers
from tests.helpers.record_games import CONFIGURATIONS, GOLDEN_GAMES, golden, played


def states(record: Record) -> list[GameState]:
    """The state before each move and after the last, played by the engine move by move."""
    state = start(record.setup)
    found = [state]
    for move in record.moves:
        state, _ = apply(state, move)
        found.append(state)
    return found


@pytest.mark.parametrize("name", GOLDEN_GAMES)
def test_a_golden_game_replays_to_its_final_state_with_every_event(name):
    record, transcript = golden(name)
    replayed = replay(record)
    assert replayed.stopped is None and replayed.played == len(record.moves)
    assert dump_state(replayed.state) == transcript["final"]
    expected = [event for step in transcript["steps"] for event in step["events"]]
    assert [dump_event(event) for event in replayed.events] == expected


@pytest.mark.parametrize(("players", "mode", "modules"), CONFIGURATIONS)
def test_every_state_on_the_way_is_the_engines(players, mode, modules):
    record = played(players, 1, mode, modules)
    expected = states(record)
    walked = list(steps(record))
    assert all(isinstance(step, Step) for step in walked)
    assert [step.before for step in walked] == expected[:-1]  # type: ignore[union-attr]
    assert walked[-1].after == expected[-1]  # type: ignore[union-attr]
    for to in sorted({0, 1, len(record.moves) // 3, len(record.moves) - 1, len(record.moves)}):
        replayed = replay(record, to)
        assert replayed.state == expected[to] and replayed.played == to


def test_turn_numbers_are_those_of_the_state_before_each_move():
    record, _ = golden("game-3-players-vizier-favour")
    numbers = turn_numbers(record)
    assert numbers == [state.turn.number for state in states(record)[:-1]]
    assert numbers[:4] == [1, 1, 1, 1]  # a turn, then the vizier bought after it (V1)


# --- the first move that cannot be played ------------------------------------------------------


def out_of_turn(state: GameState, move):  # type: ignore[no-untyped-def]
    """T2 (V1 in the vizier's phase): another seat than the one that decides."""
    seat = to_act(state)
    if seat is None or not hasattr(move, "player"):
        return None
    other = (seat + 1) % len(state.players)
    phase = state.turn.phase
    rule = "T2" if phase in BASE_PHASES else phase.rule
    return replace(move, player=other), {rule}


def foreign_money(state: GameState, move):  # type: ignore[no-untyped-def]
    """T4: a payment in another currency than the slot's."""
    if type(move) is not Buy or move.module_cards:
        return None
    currency = move.payment[0].currency
    others = [
        card.currency for card in state.players[move.player].hand if card.currency != currency
    ]
    if not others:
        return None
    payment = tuple(sorted(CARD[others[0], card.value] for card in move.payment))
    return replace(move, payment=payment), {"T4"}


def too_little(state: GameState, move):  # type: ignore[no-untyped-def]
    """T4: a payment short of the price."""
    if type(move) is not Buy or move.module_cards:
        return None
    tile = state.market[move.slot - 1]
    cheapest = min(move.payment, key=lambda card: card.value)
    if tile is None or tile.price is None or cheapest.value >= tile.price:
        return None
    return replace(move, payment=(cheapest,)), {"T4"}


def far_away(state: GameState, move):  # type: ignore[no-untyped-def]
    """B3, B4: a tile placed on a cell that shares no side with the Alhambra, and so cannot be
    reached on foot."""
    if type(move) is not PlaceTile:
        return None
    return replace(move, cell=(40, 40)), {"B3", "B4"}


def card_seen(state: GameState, move):  # type: ignore[no-untyped-def]
    """T7: a money card revealed whose every copy is already in sight (hands, face up, the
    discard pile)."""
    if type(move) is not RevealMoney:
        return None
    in_pile = Counter(card for card in state.pile if isinstance(card, MoneyCard))
    seen = next((card for card in CARD.values() if in_pile[card] == 0), None)
    if seen is None:
        return None
    return RevealMoney(seen), {"T7"}


def tile_seen(state: GameState, move):  # type: ignore[no-untyped-def]
    """T7: a tile revealed that is already out of the bag."""
    if type(move) is not RevealTile:
        return None
    out = next((tile for tile in state.market if tile is not None and tile not in state.bag), None)
    return None if out is None else (RevealTile(out), {"T7"})


def nothing_drawn(state: GameState, move):  # type: ignore[no-untyped-def]
    """T7: a reveal while a player decides (nothing is being drawn)."""
    if to_act(state) is None or not state.market[0]:
        return None
    return RevealTile(state.market[0]), {"T7"}


ALTERATIONS = [out_of_turn, foreign_money, too_little, far_away, card_seen, tile_seen]


@pytest.mark.parametrize("alter", [*ALTERATIONS, nothing_drawn], ids=lambda alter: alter.__name__)
@pytest.mark.parametrize(("players", "mode", "modules"), CONFIGURATIONS)
def test_the_first_move_that_cannot_be_played_is_found(alter, players, mode, modules):
    record = played(players, 2, mode, modules)
    before = states(record)
    altered_at = []
    for index, move in enumerate(record.moves):
        altered = alter(before[index], move)
        if altered is None:
            continue
        bad, rules = altered
        moves = (*record.moves[:index], bad, *record.moves[index + 1 :])
        replayed = replay(Record(record.setup, moves))
        assert replayed.stopped is not None, (alter.__name__, index)
        assert replayed.stopped.move == index
        assert replayed.stopped.rule in rules, replayed.stopped
        assert replayed.state == before[index] and replayed.played == index
        altered_at.append(index)
        if len(altered_at) == 4:
            break
    if alter in (card_seen, tile_seen) and mode == "digital":
        assert altered_at == []  # a digital game has no reveals
    elif alter is not nothing_drawn or mode == "digital":
        assert altered_at, f"{alter.__name__} found nothing to alter"


def test_a_move_after_the_end_is_refused_by_t9():
    record = played(2, 0)
    moves = (*record.moves, TakeMoney(0, (CARD[next(iter(CARD))],)))
    stopped = replay(Record(record.setup, moves)).stopped
    assert stopped == Stop(len(record.moves), "T9", Text("api.T9.game_over"))


def test_the_moves_after_a_stop_are_not_played_and_to_stops_before_it():
    record = played(3, 0)
    bad = replace(record.moves[5], player=(record.moves[5].player + 1) % 3)
    altered = Record(record.setup, (*record.moves[:5], bad, *record.moves[6:]))
    assert replay(altered, 5).stopped is None
    assert replay(altered, 6).stopped.move == 5
    assert replay(altered).played == 5


def test_the_records_are_pure_like_the_engine():
    """calculator/records plays through the engine's public face and the players' advice: no
    web framework, no wire format, nothing of the api, web or cli layers."""
    from pathlib import Path

    import calculator
    from tests.helpers.imports import imported

    forbidden = ("flask", "werkzeug", "marshmallow", "jsonschema", "jsonschema_rs")
    above = ("calculator.api", "calculator.web", "calculator.cli")
    for path in sorted((Path(calculator.__file__).parent / "records").glob("*.py")):
        bad = {
            name
            for name in imported(path)
            if name.split(".")[0] in forbidden or name.startswith(above)
        }
        assert not bad, f"records/{path.name} imports {bad}"
