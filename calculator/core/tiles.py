"""Components: building types, sides and walls, the 54 building tiles and the fountain (C1, C2).

The catalog is data (``data/tiles.csv``, shipped with the package), not code.
"""

from __future__ import annotations

import csv
from enum import StrEnum
from importlib import resources
from typing import Final, Literal

from msgspec import Struct

from calculator.core.text import Text

Cell = tuple[int, int]
"""A grid cell ``(x, y)``: x grows east, y grows south; the fountain is at ``(0, 0)``."""

Side = Literal["N", "E", "S", "W"]
SIDES: Final[tuple[Side, ...]] = ("N", "E", "S", "W")
OFFSET: Final[dict[Side, Cell]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE: Final[dict[Side, Side]] = {"N": "S", "E": "W", "S": "N", "W": "E"}
SIDE_NAME: Final[dict[Side, str]] = {"N": "north", "E": "east", "S": "south", "W": "west"}

FOUNTAIN_CELL: Final[Cell] = (0, 0)


class Building(StrEnum):
    """The six building types, in the order of the scoring table (M2)."""

    PAVILION = "pavilion"
    SERAGLIO = "seraglio"
    ARCADES = "arcades"
    CHAMBERS = "chambers"
    GARDEN = "garden"
    TOWER = "tower"


BUILDINGS: Final[tuple[Building, ...]] = tuple(Building)


class Currency(StrEnum):
    DENAR = "denar"
    DIRHAM = "dirham"
    DUCAT = "ducat"
    FLORIN = "florin"


CURRENCIES: Final[tuple[Currency, ...]] = tuple(Currency)

MARKET_SLOTS: Final[tuple[Currency, ...]] = (
    Currency.FLORIN,
    Currency.DIRHAM,
    Currency.DENAR,
    Currency.DUCAT,
)
"""C4: the currency of market slots 1 to 4."""


def canonical_walls(walls: str) -> str:
    """The walled sides in N, E, S, W order, each once: the wire format of a tile's walls."""
    return "".join(side for side in SIDES if side in walls)


class Tile(Struct, frozen=True):
    """A tile as printed: its building (``None`` for the fountain), walls and, if known, price.

    A worker hut (V4) is a tile with ``hut=True``: ``building`` is then the colour it belongs
    to; it follows every building rule but is no building itself.
    """

    building: Building | None
    walls: str = ""
    price: int | None = None
    hut: bool = False

    @property
    def is_fountain(self) -> bool:
        return self.building is None

    def has_wall(self, side: Side) -> bool:
        return side in self.walls

    def named(self) -> Text:
        """The tile as a sentence names it: "the garden", "the garden hut", "the fountain"."""
        if self.building is None:
            return Text("api.tile.fountain")
        building = Text(f"building.{self.building.value}")
        return Text("api.tile.hut" if self.hut else "api.tile.building", building=building)

    def describe(self) -> str:
        if self.building is None:
            return "the fountain"
        return f"the {self.building.value} hut" if self.hut else f"the {self.building.value}"


FOUNTAIN: Final[Tile] = Tile(building=None, walls="")


def _load_catalog() -> tuple[Tile, ...]:
    text = resources.files("calculator.core").joinpath("data/tiles.csv").read_text("utf-8")
    return tuple(
        Tile(Building(row["building"]), canonical_walls(row["walls"]), int(row["price"]))
        for row in csv.DictReader(text.splitlines())
    )


CATALOG: Final[tuple[Tile, ...]] = _load_catalog()
"""C1: the 54 building tiles, in the order of ``data/tiles.csv``."""

CATALOG_SET: Final[frozenset[Tile]] = frozenset(CATALOG)


def is_catalog_tile(tile: Tile) -> bool:
    """True when (building, price, walls) is one of the 54 printed tiles (C1)."""
    return tile in CATALOG_SET
