"""Tiles and money cards as small integers: the tables the game core reads (C1, C3, C4; V4).

The core (:mod:`calculator.engine.core`) holds every tile and card of a game as a code, an
index into these tables, so that a rule reads a price, a building or a wall pattern as a list
item and a set of tiles fits in an integer; the frozen records (:class:`~calculator.core.tiles.
Tile`, :class:`~calculator.engine.components.MoneyCard`) are for the edges, where a state is
read or written.

* A tile's code: the 54 tiles of the catalog in its order (C1), then every worker hut (V4: six
  colours, each of the 16 wall patterns), then every building tile without a
  price (a bonus card's depiction, V3): every tile a game document can name.
* A money card's code: ``9 * currency + value - 1``, the currencies in :data:`~calculator.core.
  tiles.CURRENCIES`' order (C3); scoring cards 1 and 2 follow (T1). The cards a module adds to
  the money (V2) are numbered by the game's ruleset (:mod:`calculator.engine.ruleset`).
"""

from __future__ import annotations

from typing import Final

from calculator.core.grid import wall_pattern
from calculator.core.tiles import BUILDINGS, CATALOG, CURRENCIES, MARKET_SLOTS, SIDES, Tile
from calculator.engine.components import CARD, MoneyCard, ScoringCard

NO_TILE: Final[int] = -1
"""An empty market slot."""

HUT_CODES: Final[int] = len(CATALOG)
"""The code of the first worker hut."""
UNPRICED_CODES: Final[int] = HUT_CODES + 16 * len(BUILDINGS)
"""The code of the first building tile without a price."""


def _walls(pattern: int) -> str:
    return "".join(side for bit, side in enumerate(SIDES) if pattern >> bit & 1)


TILES: Final[tuple[Tile, ...]] = (
    *CATALOG,
    *(Tile(building, _walls(pattern), hut=True) for building in BUILDINGS for pattern in range(16)),
    *(Tile(building, _walls(pattern)) for building in BUILDINGS for pattern in range(16)),
)
"""The tile of each code."""

TILE_CODE: Final[dict[Tile, int]] = {tile: code for code, tile in enumerate(TILES)}
"""The code of each tile a game can hold."""

BUILDING: Final[list[int]] = [
    -1 if tile.building is None else BUILDINGS.index(tile.building) for tile in TILES
]
"""The building type of each tile (its colour for a hut), as an index of ``BUILDINGS``."""
PRICE: Final[list[int]] = [tile.price or 0 for tile in TILES]
"""The price of each tile (0: none, as for a hut)."""
WALLS: Final[list[int]] = [wall_pattern(tile.walls) for tile in TILES]
"""The wall pattern of each tile (:func:`~calculator.core.grid.wall_pattern`)."""
HUT: Final[list[bool]] = [tile.hut for tile in TILES]
"""Whether each tile is a worker hut (V4): no building (M1), no purchase."""
BUILDS: Final[list[int]] = [-1 if HUT[code] else BUILDING[code] for code in range(len(TILES))]
"""The building each tile counts as in majorities (M1): none for a hut."""

MONEY: Final[int] = len(CARD)
"""C3: the codes of the money cards are 0 to 35."""
MONEY_CARDS: Final[tuple[MoneyCard, ...]] = tuple(
    CARD[currency, value] for currency in CURRENCIES for value in range(1, 10)
)
"""The money card of each code."""
CARD_CODE: Final[dict[MoneyCard, int]] = {card: code for code, card in enumerate(MONEY_CARDS)}
VALUE: Final[tuple[int, ...]] = tuple(card.value for card in MONEY_CARDS)
CURRENCY: Final[tuple[int, ...]] = tuple(CURRENCIES.index(card.currency) for card in MONEY_CARDS)

SCORING_CARD_CODES: Final[tuple[int, int]] = (MONEY, MONEY + 1)
"""T1: scoring cards 1 and 2 in the money pile."""
SCORING_CARDS: Final[tuple[ScoringCard, ScoringCard]] = (ScoringCard(1), ScoringCard(2))
FIRST_MODULE_CARD: Final[int] = MONEY + 2
"""The code of the first card a module adds to the money (V2)."""

SLOT_CURRENCY: Final[tuple[int, ...]] = (
    -1, *(CURRENCIES.index(currency) for currency in MARKET_SLOTS),
)  # fmt: skip
"""C4: the currency of market slots 1 to 4 (as an index of ``CURRENCIES``), by slot."""


def money_code(currency: int, value: int) -> int:
    """The code of the money card of ``currency`` (an index of ``CURRENCIES``) and ``value``."""
    return 9 * currency + value - 1
