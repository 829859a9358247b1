"""Records: the data of the core and the engine is frozen (STYLE), and records compare, hash
and copy as the rules expect. They are frozen msgspec ``Struct``\\ s; the one mutable form of a
game is the engine's game core (``calculator.engine.core.Game``), made of a state and frozen
into one at the engine's boundary."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil

import msgspec
import pytest
from msgspec.structs import replace

import calculator.core
import calculator.engine
from calculator.core.grid import Grid
from calculator.core.tiles import FOUNTAIN, Building, Currency, Tile
from calculator.engine import new_game
from calculator.engine.actions import TakeMoney
from calculator.engine.components import CARD, MoneyCard
from calculator.engine.events import TurnStarted
from calculator.engine.state import Options, Player, Turn, to_game, to_state
from calculator.modules import NAMES as MODULES
from calculator.modules import ruleset
from calculator.modules.exchange.records import ExchangeCard
from calculator.modules.huts.records import TakeHut
from calculator.modules.huts.rules import stacks_of


def classes_of(package: object) -> list[type]:
    found = []
    prefix = f"{package.__name__}."  # type: ignore[attr-defined]
    for module_info in pkgutil.walk_packages(package.__path__, prefix):  # type: ignore[attr-defined]
        module = importlib.import_module(module_info.name)
        found += [
            cls
            for _, cls in inspect.getmembers(module, inspect.isclass)
            if cls.__module__ == module.__name__
        ]
    return found


RECORD_CLASSES = [
    cls
    for cls in classes_of(calculator.core) + classes_of(calculator.engine)
    if issubclass(cls, msgspec.Struct) or dataclasses.is_dataclass(cls)
]


@pytest.mark.parametrize("cls", RECORD_CLASSES, ids=lambda cls: cls.__qualname__)
def test_every_record_of_the_core_and_the_engine_is_frozen(cls):
    if issubclass(cls, msgspec.Struct):
        assert cls.__struct_config__.frozen
    else:
        assert cls.__dataclass_params__.frozen


def test_the_records_are_found():
    assert {Tile, Grid, Turn, Player, TakeMoney, TurnStarted} <= set(RECORD_CLASSES)


@pytest.mark.parametrize(
    "made",
    [
        Turn(player=0, phase="action"),
        Player("Anna"),
        new_game(["Anna", "Ben"], 1),
        TurnStarted(0, 1),
        TakeMoney(0, ()),
        Grid.of({(0, 0): FOUNTAIN}),
        FOUNTAIN,
    ],
    ids=lambda made: type(made).__name__,
)
def test_a_record_cannot_be_changed(made):
    with pytest.raises(AttributeError):
        setattr(made, made.__struct_fields__[0], None)


def test_a_game_core_freezes_into_the_state_it_was_made_of():
    state = new_game(["Anna", "Ben", "Carla"], 7, options=Options(rules=ruleset(MODULES)))
    assert stacks_of(state.parts).hut_stacks and stacks_of(state.parts).hidden_tops == ()
    game = to_game(state)
    assert to_state(game) == state
    game.seats[0].score = 3
    assert state.players[0].score == 0  # the state the game was made of is left as it was
    assert to_state(game).players[0].score == 3


def test_positional_and_keyword_construction_give_the_same_record():
    assert Turn(player=1, phase="action", number=3) == Turn(1, "action", 3)
    assert hash(Turn(player=1, phase="action", number=3)) == hash(Turn(1, "action", 3))
    with pytest.raises(TypeError):
        Turn(1, "action", 3, nope=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Turn()  # type: ignore[call-arg]


def test_records_are_equal_by_kind_and_values():
    assert TakeMoney(0, (CARD[Currency.DENAR, 2],)) == TakeMoney(0, (MoneyCard(Currency.DENAR, 2),))
    assert TakeMoney(0, ()) != TakeMoney(1, ())
    assert TakeHut(0, Building.GARDEN) != (0, Building.GARDEN)  # a record is no tuple
    assert len({TakeMoney(0, ()), TakeMoney(0, ()), TakeMoney(1, ())}) == 2


def test_a_default_factory_gives_each_record_its_own_value():
    assert Player("Anna").alhambra == Player("Ben").alhambra
    assert Player("Anna", score=4) == Player("Anna", score=4)


def test_replace_makes_a_new_record_and_leaves_the_old_one():
    turn = Turn(1, "action", 3, buys=2, scoring_due=(1,))
    changed = replace(turn, phase="refill", extra_action=True)
    assert changed == Turn(1, "refill", 3, buys=2, extra_action=True, scoring_due=(1,))
    assert turn.phase == "action" and not turn.extra_action
    assert replace(turn) == turn and replace(turn) is not turn
    with pytest.raises(TypeError):
        replace(turn, nope=1)


def test_cards_are_ordered_by_currency_then_value():
    cards = [CARD[Currency.DUCAT, 1], CARD[Currency.DENAR, 9], CARD[Currency.DENAR, 2]]
    assert sorted(cards) == [
        CARD[Currency.DENAR, 2],
        CARD[Currency.DENAR, 9],
        CARD[Currency.DUCAT, 1],
    ]


def test_a_record_checks_its_values_when_built():
    with pytest.raises(ValueError, match="alphabetical"):
        ExchangeCard((Currency.FLORIN, Currency.DENAR))
