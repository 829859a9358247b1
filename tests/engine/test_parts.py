"""A module's part of a player, the turn or the game (``calculator.engine.parts``), through the
modules that keep one (V1-V4): one form for one state, frozen, gone with the turn, on the wire
as the members its record declares."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest
from msgspec.structs import replace

from calculator.api.game_document import dump_state, load_state
from calculator.core.tiles import Currency
from calculator.engine import Options, apply, new_game
from calculator.engine.components import ModuleCard
from calculator.engine.events import TurnStarted
from calculator.engine.parts import NO_PARTS, Parts
from calculator.engine.players.random_play import random_action
from calculator.engine.state import Turn
from calculator.modules import GAME_PARTS, NAMES, PLAYER_PARTS, TURN_PARTS, ruleset
from calculator.modules.bonus.records import CARDS, Cards
from calculator.modules.exchange.records import EXCHANGE_CARDS, ExchangeCard
from calculator.modules.huts.records import STACKS
from calculator.modules.vizier.records import ASKED, TOKEN, Asked, Token
from tests.helpers.engine_scenes import NAMES as SEATS

ALL = Options(rules=ruleset(NAMES))


def test_a_part_equal_to_its_empty_record_is_not_held():
    """A state has one form however it was reached: a part back to empty leaves no trace."""
    player = new_game(list(SEATS[:3]), 7).players[0]
    assert player.parts == {} and TOKEN.of(player) == Token()
    face_up = TOKEN.put(player, Token(True))
    assert TOKEN.of(face_up).vizier is True and face_up.parts == {"vizier": Token(True)}
    assert TOKEN.put(face_up, Token()) == player
    assert TOKEN.change(face_up, vizier=None).parts == {}


def test_each_module_keeps_its_part_under_its_name_beside_the_others():
    player = CARDS.put(TOKEN.put(new_game(list(SEATS[:3]), 7).players[0], Token(False)), Cards())
    dealt = CARDS.change(player, bonus_hand=(new_game(["a", "b"], 1).bag[0],))
    assert set(dealt.parts) == {"vizier", "bonus"}
    assert TOKEN.of(dealt) == Token(False) and CARDS.of(dealt) != Cards()


def test_parts_are_frozen_and_hashable_as_the_records_holding_them():
    parts = Parts({"vizier": Token(True)})
    with pytest.raises(TypeError):
        parts["vizier"] = Token(False)  # type: ignore[index]
    with pytest.raises(TypeError):
        parts.update({})
    assert hash(parts) == hash(Parts({"vizier": Token(True)}))
    turn = ASKED.put(Turn(0, "vizier"), Asked((1,)))  # type: ignore[arg-type]
    assert hash(turn) == hash(ASKED.put(Turn(0, "vizier"), Asked((1,))))  # type: ignore[arg-type]
    assert Turn(0, "action").parts is NO_PARTS  # type: ignore[arg-type]


def test_v1_the_turns_part_goes_with_the_turn():
    """V1: the seats asked about the vizier are the turn's; each turn starts without them."""
    rng = random.Random(5)
    state = new_game(list(SEATS[:3]), 7, 0, ALL)
    asked = started = 0
    while not state.over:
        state, events = apply(state, random_action(state, rng))
        asked += bool(ASKED.of(state.turn).vizier_asked)
        if any(isinstance(event, TurnStarted) for event in events):
            started += 1
            assert state.turn.parts == {} and ASKED.of(state.turn) == Asked()
    assert asked and started > 10


def test_v1_v4_the_modules_parts_are_the_members_their_records_declare():
    """Each field of a part is a member of the player, the turn or the state document, written
    when the game is played with the module; the huts' hidden tops only while there is one."""
    state = new_game(list(SEATS[:3]), 7, 0, ALL)
    document = dump_state(state)
    for part in PLAYER_PARTS:
        for name in part.record.__struct_encode_fields__:
            assert all(name in player for player in document["players"]), name
    for part in TURN_PARTS:
        assert set(part.record.__struct_encode_fields__) <= set(document["turn"])
    assert "hut_stacks" in document and "bonus_aside" in document
    assert "hidden_tops" not in document  # V4: a digital game waits for no top hut
    assert load_state(document) == state
    without = dump_state(new_game(list(SEATS[:3]), 7, 0, Options(rules=ruleset(()))))
    for part in GAME_PARTS:
        assert not set(part.record.__struct_encode_fields__) & set(without)
    assert load_state(without).parts == {}


def test_v4_a_table_waits_for_its_top_huts_and_says_so_on_the_wire():
    state = new_game(list(SEATS[:2]), 0, 0, replace(ALL, mode="table"))
    assert STACKS.of(state).hidden_tops
    document = dump_state(state)
    assert document["hidden_tops"] == list(STACKS.of(state).hidden_tops)
    assert load_state(document) == state


class FavourCard(ModuleCard, frozen=True, order=True):
    """A module's card that keeps the default wire form: its fields."""

    wire: ClassVar[str] = "favour"
    currency: Currency


def test_a_modules_card_is_its_fields_on_the_wire_unless_its_module_says_otherwise():
    card = FavourCard(Currency.DENAR)
    assert card.to_wire() == {"currency": "denar"}
    assert FavourCard.from_wire({"currency": "denar"}) == card
    assert card.describe() == "favour card"
    with pytest.raises(ValueError, match="not a favour card"):
        FavourCard.from_wire({"currency": "gold"})
    # V2: the exchange card writes its own form, two currencies in alphabetical order
    assert EXCHANGE_CARDS[0].to_wire() == ["denar", "dirham"]
    assert ExchangeCard.from_wire(["dirham", "denar"]) == EXCHANGE_CARDS[0]
