"""quick_init: a frozen dataclass that fills its slots directly is still the same dataclass."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field, fields, make_dataclass

import pytest

from calculator.core.grid import Grid
from calculator.core.records import quick_init
from calculator.core.tiles import FOUNTAIN
from calculator.engine import new_game
from calculator.engine.actions import TakeMoney
from calculator.engine.events import TurnStarted
from calculator.engine.state import Player, Turn


def record_class(name: str) -> type:
    """A frozen dataclass with slots, with a plain, a defaulted and a default-factory field."""
    return make_dataclass(
        name,
        [
            ("name", str),
            ("count", int, field(default=0)),
            ("items", tuple, field(default=())),
            ("tags", list, field(default_factory=list)),
        ],
        frozen=True,
        slots=True,
    )


Plain = record_class("Plain")
Quick = quick_init(record_class("Quick"))


def values(record: object) -> tuple[object, ...]:
    return tuple(getattr(record, f.name) for f in fields(record))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (("a",), {}),
        (("a", 2), {}),
        (("a", 2, (1, 2), ["x"]), {}),
        (("a",), {"items": (3,)}),
        ((), {"name": "a", "tags": ["y"], "count": 5}),
    ],
)
def test_the_same_arguments_give_the_same_fields(args, kwargs):
    assert values(Quick(*args, **kwargs)) == values(Plain(*args, **kwargs))


def test_a_default_factory_gives_each_object_its_own_value():
    assert Quick("a").tags == [] and Quick("a").tags is not Quick("b").tags


def test_equality_hash_and_repr_are_the_dataclass_own():
    assert Quick("a", 1) == Quick("a", 1) != Quick("a", 2)
    assert repr(Quick("a", 1)) == repr(Plain("a", 1)).replace("Plain", "Quick")
    turn = Turn(player=1, phase="action", number=3)
    assert hash(turn) == hash(Turn(1, "action", 3))


def test_wrong_arguments_are_refused_as_by_the_dataclass():
    with pytest.raises(TypeError):
        Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Quick("a", nope=1)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "made",
    [
        Quick("a"),
        Turn(player=0, phase="action"),
        Player("Anna"),
        new_game(["Anna", "Ben"], 1),
        TurnStarted(0, 1),
        TakeMoney(0, ()),
        Grid.of({(0, 0): FOUNTAIN}),
    ],
    ids=lambda made: type(made).__name__,
)
def test_records_built_through_their_slots_stay_frozen(made):
    with pytest.raises(FrozenInstanceError):
        setattr(made, fields(made)[0].name, None)


def test_classes_it_cannot_fill_are_refused():
    @dataclass(frozen=True)
    class NoSlots:
        name: str

    @dataclass(frozen=True, slots=True)
    class KeywordOnly:
        name: str = field(kw_only=True)

    @dataclass(frozen=True, slots=True)
    class Checked:
        name: str

        def __post_init__(self) -> None:
            pass

    for cls in (NoSlots, KeywordOnly, Checked):
        with pytest.raises(TypeError):
            quick_init(cls)
