"""What a player (or, in table mode, the table) can do: one frozen record per kind of action.

A player's action names the player, so a client can tell whose move it sends; reveals (table
mode) come from the table and name nobody. Cards in an action are sorted, so two actions that
do the same thing compare equal. Each record declares its wire name (``kind``, the ``type`` of
its document and the key of its words); its fields are its members (a cell as ``x`` and
``y``), and the codec follows from them (:mod:`calculator.api.game_document`).

A module declares its own actions in its package, as subclasses of :class:`ModuleAction` and
:class:`ModuleReveal`: the base game knows them only through these two classes and the
module's hooks.
"""

from __future__ import annotations

from typing import Any, ClassVar

from msgspec import Struct

from calculator.core.tiles import Cell, Tile
from calculator.engine.components import DisplayCard, ModuleCard, MoneyCard


class TakeMoney(Struct, frozen=True):
    """T3: one face-up card, or several totalling at most 5; or a module's face-up card
    (``module_cards``), as the module allows (V2)."""

    kind: ClassVar[str] = "take_money"
    player: int
    cards: tuple[MoneyCard, ...]
    module_cards: tuple[ModuleCard, ...] = ()


class Buy(Struct, frozen=True):
    """T4: the tile of a market slot (1-4), paid in the slot's currency; or with a module's
    card from the hand (``module_cards``), as the module allows (V2)."""

    kind: ClassVar[str] = "buy"
    player: int
    slot: int
    payment: tuple[MoneyCard, ...]
    module_cards: tuple[ModuleCard, ...] = ()


class EndTurn(Struct, frozen=True):
    """T4: decline the further action an exact payment allows."""

    kind: ClassVar[str] = "end_turn"
    player: int


class Pass(Struct, frozen=True):
    """T2: a player with no legal action at all lets the turn go by."""

    kind: ClassVar[str] = "pass"
    player: int


class BuildFromReserve(Struct, frozen=True):
    """T5: move a reserve tile into the Alhambra."""

    kind: ClassVar[str] = "build_from_reserve"
    player: int
    tile: Tile
    cell: Cell


class MoveToReserve(Struct, frozen=True):
    """T5: move the Alhambra tile at ``cell`` to the reserve."""

    kind: ClassVar[str] = "move_to_reserve"
    player: int
    cell: Cell


class Swap(Struct, frozen=True):
    """T5: a reserve tile takes exactly the cell of an Alhambra tile, which goes to the reserve."""

    kind: ClassVar[str] = "swap"
    player: int
    tile: Tile
    cell: Cell


class PlaceTile(Struct, frozen=True):
    """T6/T9: put a tile bought this turn (or awarded at the end) into the Alhambra."""

    kind: ClassVar[str] = "place"
    player: int
    tile: Tile
    cell: Cell


class ReserveTile(Struct, frozen=True):
    """T6/T9: put a tile bought this turn (or awarded at the end) onto the reserve."""

    kind: ClassVar[str] = "reserve"
    player: int
    tile: Tile


class GiveToDummy(Struct, frozen=True):
    """D4: give a tile bought this turn to the dummy instead of placing it."""

    kind: ClassVar[str] = "give_to_dummy"
    player: int
    tile: Tile


class ModuleAction(Struct, frozen=True):
    """A player's action a module declares (its subclass, in the module's package), carried out
    by the module's hooks; ``kind`` is its wire name (``type``)."""

    kind: ClassVar[str]
    player: int


class RevealTile(Struct, frozen=True):
    """Table mode: the tile just drawn from the bag."""

    kind: ClassVar[str] = "reveal_tile"
    tile: Tile


class RevealMoney(Struct, frozen=True):
    """Table mode: the money card (or a module's card) just drawn from the pile."""

    kind: ClassVar[str] = "reveal_money"
    card: DisplayCard


class RevealScoringCard(Struct, frozen=True):
    """Table mode: the card just drawn from the pile is scoring card 1 or 2 (T8)."""

    kind: ClassVar[str] = "reveal_scoring_card"
    round: int


class ModuleReveal(Struct, frozen=True):
    """Table mode: what was just drawn from a module's source (its subclass, in the module's
    package, :attr:`calculator.engine.core.Module.draw_sources`); ``kind`` is its wire name."""

    kind: ClassVar[str]

    @property
    def item(self) -> Any:
        """What the reveal names: its one field."""
        return getattr(self, self.__struct_fields__[0])


PlayerAction = (
    TakeMoney | Buy | EndTurn | Pass | BuildFromReserve | MoveToReserve | Swap
    | PlaceTile | ReserveTile | GiveToDummy | ModuleAction
)  # fmt: skip
Reveal = RevealTile | RevealMoney | RevealScoringCard | ModuleReveal
Action = PlayerAction | Reveal
