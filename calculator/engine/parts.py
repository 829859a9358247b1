"""A module's part of a player, of the turn or of the game: its own state, kept under its name
(the model is boardgame.io's plugin state, kept under the plugin's name).

The base game's records hold each module's part in ``parts`` (:class:`~calculator.engine.
state.Parts`), under the module's name: a frozen record the module declares in its package;
the base never reads one. A part is absent while it equals its empty record, so a state has
one form however it was reached (by the engine or by reading a document). A part of the turn
goes with the turn: the next turn starts without it. On the wire each field of a part is a
member of the player, the turn or the state document, by its encoded name
(:mod:`calculator.api.game_document`).
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from msgspec import Struct
from msgspec.structs import replace

from calculator.engine.state import Draft, Game, Parts, Player, Turn

Record = TypeVar("Record", bound=Struct)
Holder = TypeVar("Holder", bound=Player | Turn | Game)


class Part(Generic[Record]):
    """The part of module ``module`` that a player, the turn or the game holds: records of
    ``record``, whose every field has a default (the empty part)."""

    __slots__ = ("empty", "module", "record")

    def __init__(self, module: str, record: type[Record]) -> None:
        self.module = module
        self.record = record
        self.empty: Record = record()

    def of(self, holder: Player | Turn | Game) -> Record:
        """The part ``holder`` holds (the empty part when it holds none)."""
        part: Record = holder.parts.get(self.module, self.empty)
        return part

    def parts_with(self, holder: Player | Turn | Game, part: Record) -> Parts:
        """``holder``'s parts with ``part`` in place of the module's."""
        parts = {name: held for name, held in holder.parts.items() if name != self.module}
        if part != self.empty:
            parts[self.module] = part
        return Parts(parts)

    def put(self, holder: Holder, part: Record) -> Holder:
        """A copy of the frozen ``holder`` (a player, the turn, a game state) holding ``part``."""
        return replace(holder, parts=self.parts_with(holder, part))

    def store(self, draft: Draft, part: Record) -> None:
        """The game being changed holds ``part`` from now on."""
        draft.parts = self.parts_with(draft, part)

    def change(self, holder: Holder, **fields: Any) -> Holder:
        """A copy of the frozen ``holder`` whose part has ``fields`` changed."""
        return self.put(holder, replace(self.of(holder), **fields))


__all__ = ["Part"]
