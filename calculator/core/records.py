"""Frozen dataclasses that are cheap to build: the engine builds several at every step.

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__`` (its own
``__setattr__`` refuses), several times the cost of a plain assignment on CPython 3.11; turns,
players, states, events and actions are built at nearly every step of a game, and callgrind
put about a fifth of the engine's instructions in those ``__init__`` calls. :func:`quick_init`
gives such a class an ``__init__`` that sets each field through its slot's descriptor, at
about half that cost. Everything else stays the dataclass's: the fields and their defaults,
equality, hashing, ``repr``, and that the object is frozen.

Calling the class itself adds a few hundred instructions to such a build (CPython looks
``__init__`` up and calls it with a tuple of the arguments); :func:`builder` and
:func:`evolver` give the engine's most built records (the state, turns, players) functions that
make the object and fill its slots without that call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, TypeVar

_Record = TypeVar("_Record", bound=type)
_Built = TypeVar("_Built")

_FACTORY: Any = object()
"""Stands for a field with a default factory that was not given."""
_UNCHANGED: Any = object()
"""Stands for a field :func:`evolver`'s function was not given: the old object's value stays."""


def _field_names(cls: type) -> list[str]:
    return [field.name for field in fields(cls)]


def _setters(cls: type) -> dict[str, Any]:
    """The namespace of generated code filling ``cls``'s slots: ``set_<field>`` for each
    field, its slot's ``__set__`` (which goes round the frozen ``__setattr__``)."""
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init needs slots and no __post_init__")
    namespace: dict[str, Any] = {"cls": cls, "new": object.__new__}
    for field in fields(cls):
        namespace[f"set_{field.name}"] = cls.__dict__[field.name].__set__
    return namespace


def _generated(namespace: dict[str, Any], name: str, parameters: str, body: list[str]) -> Any:
    source = f"def {name}({parameters}):\n" + "".join(f"    {line}\n" for line in body)
    exec(source, namespace)  # the technique of dataclasses itself
    return namespace[name]


def builder(cls: type[_Built]) -> Callable[..., _Built]:
    """A function taking every field of ``cls`` by position, in order, and returning the object
    ``cls(...)`` would: filled through its slots, without calling the class."""
    namespace = _setters(cls)
    names = _field_names(cls)
    body = ["self = new(cls)", *(f"set_{name}(self, {name})" for name in names), "return self"]
    return _generated(namespace, "build", ", ".join(names), body)  # type: ignore[no-any-return]


def evolver(cls: type[_Built]) -> Callable[..., _Built]:
    """A ``dataclasses.replace`` for ``cls``, written out once for its fields: ``replace``
    inspects the fields at every call, this is several times faster. Call it with keywords,
    as ``replace``: the parameters are not keyword-only because CPython fills a missing
    keyword-only parameter's default by a dict lookup, a positional one's from a tuple."""
    namespace = _setters(cls)
    namespace["unchanged"] = _UNCHANGED
    names = _field_names(cls)
    body = [
        "self = new(cls)",
        *(f"set_{n}(self, old.{n} if {n} is unchanged else {n})" for n in names),
        "return self",
    ]
    parameters = f"old, {', '.join(f'{name}=unchanged' for name in names)}"
    return _generated(namespace, "evolve", parameters, body)  # type: ignore[no-any-return]


def quick_init(cls: _Record) -> _Record:
    """Replace the ``__init__`` of ``cls``, a ``@dataclass(frozen=True, slots=True)`` without
    ``__post_init__``, with one that fills its slots directly; the same parameters, defaults
    and result."""
    namespace = _setters(cls)
    namespace["FACTORY"] = _FACTORY
    parameters, body = [], []
    for field in fields(cls):
        name = field.name
        if not field.init or field.kw_only:
            raise TypeError(f"{cls.__name__}.{name}: quick_init takes positional fields only")
        if field.default is not MISSING:
            namespace[f"default_{name}"] = field.default
            parameters.append(f"{name}=default_{name}")
        elif field.default_factory is not MISSING:
            namespace[f"factory_{name}"] = field.default_factory
            parameters.append(f"{name}=FACTORY")
            body.append(f"if {name} is FACTORY: {name} = factory_{name}()")
        else:
            parameters.append(name)
        body.append(f"set_{name}(self, {name})")
    init = _generated(namespace, "__init__", ", ".join(["self", *parameters]), body or ["pass"])
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]
    return cls
