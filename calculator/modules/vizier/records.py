"""The vizier's words (V1): its phases, actions, events and parts of the state, each declared
once, with its wire name (the state document's members are the parts' fields)."""

from __future__ import annotations

from typing import Final

from msgspec import Struct

from calculator.core.tiles import Tile
from calculator.engine.actions import ModuleAction
from calculator.engine.components import ModuleCard, MoneyCard
from calculator.engine.core import Phase
from calculator.engine.events import ModuleEvent
from calculator.engine.parts import Part

NAME: Final[str] = "vizier"

OFFERED: Final = Phase("vizier", "V1")
"""Between two turns, a player with an active vizier is offered an exact purchase (V1)."""
PLACING: Final = Phase("vizier_placement", "V1", bought=True)
"""The player who used the vizier places the tile so bought (V1, T6)."""


class Token(Struct, frozen=True):
    """V1, a player's part: the vizier token, ``True`` face up (active); ``None`` without the
    module."""

    vizier: bool | None = None


class Asked(Struct, frozen=True):
    """V1, the turn's part: the seats asked about their vizier since the turn's refill, in
    order; in phase ``vizier_placement`` the last of them bought and places the tile."""

    vizier_asked: tuple[int, ...] = ()


TOKEN: Final[Part[Token]] = Part(NAME, Token)
ASKED: Final[Part[Asked]] = Part(NAME, Asked)


class VizierBuy(ModuleAction, frozen=True):
    """V1: out of turn, the tile of a market slot paid exactly in the slot's currency; with a
    module's card from the hand (``module_cards``, V2) as a buy may."""

    kind = "vizier_buy"
    slot: int
    payment: tuple[MoneyCard, ...]
    module_cards: tuple[ModuleCard, ...] = ()


class DeclineVizier(ModuleAction, frozen=True):
    """V1: the player asked lets the vizier's purchase go by."""

    kind = "decline_vizier"


class ActivateVizier(ModuleAction, frozen=True):
    """V1: turn one's vizier token face up again, a full action (T2)."""

    kind = "activate_vizier"


class VizierOffered(ModuleEvent, frozen=True):
    """V1: after the turn (and its refill), ``player`` is asked whether to use the vizier."""

    kind = "vizier_offered"
    player: int


class VizierBought(ModuleEvent, frozen=True):
    """V1: out of turn, ``player`` bought a tile paying exactly; the vizier turns face down.
    ``module_cards``: a module's card that helped pay (V2), discarded with the payment."""

    kind = "vizier_bought"
    player: int
    slot: int
    tile: Tile
    payment: tuple[MoneyCard, ...]
    module_cards: tuple[ModuleCard, ...] = ()


class VizierDeclined(ModuleEvent, frozen=True):
    """V1: the player asked let the vizier's purchase go by."""

    kind = "vizier_declined"
    player: int


class VizierActivated(ModuleEvent, frozen=True):
    """V1: the player turned the vizier face up again (the turn's action)."""

    kind = "vizier_activated"
    player: int


ACTIONS: Final[tuple[type[ModuleAction], ...]] = (VizierBuy, DeclineVizier, ActivateVizier)
EVENTS: Final[tuple[type[ModuleEvent], ...]] = (
    VizierOffered, VizierBought, VizierDeclined, VizierActivated,
)  # fmt: skip
