"""A module's part of a player, of the turn or of the game: its own state, kept under its name
(the model is boardgame.io's plugin state, kept under the plugin's name).

The base game's records hold each module's part in ``parts``, under the module's name: a frozen
record the module declares in its package; the base never reads one. A part is absent while it
equals its empty record, so a state has one form however it was reached (by the engine or by
reading a document). A part of the turn goes with the turn: the next turn starts without it. On
the wire each field of a part is a member of the player, the turn or the state document, by its
encoded name (:mod:`calculator.api.game_document`).

The frozen records (:mod:`calculator.engine.state`) hold the parts in a frozen mapping
(:class:`Parts`); the game core (:mod:`calculator.engine.core`) in a plain dictionary per
player, for the turn and for the game, changed in place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Generic, NoReturn, Protocol, TypeVar

from msgspec import Struct
from msgspec.structs import replace

Record = TypeVar("Record", bound=Struct)


class Parts(dict[str, Any]):
    """The parts modules keep of a player, the turn or the game, by module name: each a frozen
    record of the module's (:class:`Part`), absent while it is empty. Frozen and hashable like
    the records that hold it: a change makes new parts."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def _frozen(self, *_: object, **__: object) -> NoReturn:
        raise TypeError("parts are frozen: a change makes new parts")

    __setitem__ = __delitem__ = __ior__ = _frozen
    clear = pop = popitem = setdefault = update = _frozen


NO_PARTS: Final[Parts] = Parts()


def frozen_parts(parts: Mapping[str, Any]) -> Parts:
    """``parts`` as a frozen record holds them."""
    return Parts(parts) if parts else NO_PARTS


class Holder(Protocol):
    """A frozen record that holds the modules' parts (a player, the turn, a game state)."""

    @property
    def parts(self) -> Parts: ...


Frozen = TypeVar("Frozen", bound=Holder)


class Part(Generic[Record]):
    """The part of module ``module`` that a player, the turn or the game holds: records of
    ``record``, whose every field has a default (the empty part)."""

    __slots__ = ("empty", "module", "record")

    def __init__(self, module: str, record: type[Record]) -> None:
        self.module = module
        self.record = record
        self.empty: Record = record()

    def get(self, parts: Mapping[str, Any]) -> Record:
        """The part among ``parts`` (the empty part when there is none)."""
        part: Record = parts.get(self.module, self.empty)
        return part

    def set(self, parts: dict[str, Any], part: Record) -> None:
        """``parts`` (of the game core, changed in place) hold ``part`` from now on."""
        if part == self.empty:
            parts.pop(self.module, None)
        else:
            parts[self.module] = part

    def of(self, holder: Holder) -> Record:
        """The part the frozen ``holder`` holds (the empty part when it holds none)."""
        return self.get(holder.parts)

    def parts_with(self, holder: Holder, part: Record) -> Parts:
        """``holder``'s parts with ``part`` in place of the module's."""
        parts = {name: held for name, held in holder.parts.items() if name != self.module}
        if part != self.empty:
            parts[self.module] = part
        return frozen_parts(parts)

    def put(self, holder: Frozen, part: Record) -> Frozen:
        """A copy of the frozen ``holder`` (a player, the turn, a game state) holding ``part``."""
        return replace(holder, parts=self.parts_with(holder, part))  # type: ignore[type-var]

    def change(self, holder: Frozen, **fields: Any) -> Frozen:
        """A copy of the frozen ``holder`` whose part has ``fields`` changed."""
        return self.put(holder, replace(self.of(holder), **fields))


__all__ = ["NO_PARTS", "Part", "Parts", "frozen_parts"]
