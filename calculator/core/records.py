"""Frozen dataclasses that are cheap to build: the engine builds several at every step.

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__`` (its own
``__setattr__`` refuses), several times the cost of a plain assignment on CPython 3.11; turns,
players, states, events and actions are built at nearly every step of a game, and callgrind
put about a fifth of the engine's instructions in those ``__init__`` calls. :func:`quick_init`
gives such a class an ``__init__`` that sets each field through its slot's descriptor, at
about half that cost. Everything else stays the dataclass's: the fields and their defaults,
equality, hashing, ``repr``, and that the object is frozen.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, TypeVar

_Record = TypeVar("_Record", bound=type)

_FACTORY: Any = object()
"""Stands for a field with a default factory that was not given."""


def quick_init(cls: _Record) -> _Record:
    """Replace the ``__init__`` of ``cls``, a ``@dataclass(frozen=True, slots=True)`` without
    ``__post_init__``, with one that fills its slots directly; the same parameters, defaults
    and result."""
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init needs slots and no __post_init__")
    namespace: dict[str, Any] = {"FACTORY": _FACTORY}
    parameters, lines = [], []
    for field in fields(cls):
        name = field.name
        if not field.init or field.kw_only:
            raise TypeError(f"{cls.__name__}.{name}: quick_init takes positional fields only")
        namespace[f"set_{name}"] = cls.__dict__[name].__set__
        if field.default is not MISSING:
            namespace[f"default_{name}"] = field.default
            parameters.append(f"{name}=default_{name}")
        elif field.default_factory is not MISSING:
            namespace[f"factory_{name}"] = field.default_factory
            parameters.append(f"{name}=FACTORY")
            lines.append(f"    if {name} is FACTORY:\n        {name} = factory_{name}()\n")
        else:
            parameters.append(name)
        lines.append(f"    set_{name}(self, {name})\n")
    source = f"def __init__(self, {', '.join(parameters)}):\n" + "".join(lines or ["    pass\n"])
    exec(source, namespace)  # the technique of dataclasses itself
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]
    return cls
