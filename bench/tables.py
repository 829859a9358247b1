"""Legal Alhambras grown by the rules core, for the benchmarks (a real table, not a made-up one).

Each Alhambra is grown from the catalog (C1) in a seeded random order: a tile goes to a random
legal cell (B2-B6, via ``legal_cells``) or, where it fits nowhere, is skipped (the reserve, C5).
"""

from __future__ import annotations

import random
from typing import Any

from calculator.core.alhambra import Alhambra
from calculator.core.building import alhambra_violations, legal_cells
from calculator.core.tiles import CATALOG


def grown_alhambra(seed: int, size: int) -> Alhambra:
    """A legal Alhambra of ``size`` catalog tiles, grown by random legal placements."""
    chooser = random.Random(seed)
    while True:
        alhambra = Alhambra()
        bag = list(CATALOG)
        chooser.shuffle(bag)
        for tile in bag:
            cells = legal_cells(alhambra, tile)
            if cells:
                alhambra = alhambra.placed(chooser.choice(cells), tile)
            if len(alhambra) - 1 == size:
                assert not alhambra_violations(alhambra)
                return alhambra


def wire_alhambra(alhambra: Alhambra) -> list[dict[str, Any]]:
    """The Alhambra as the API takes it (``schemas/alhambra.json``)."""
    return [
        {"building": tile.building.value, "walls": tile.walls, "price": tile.price, "x": x, "y": y}
        for (x, y), tile in alhambra.buildings()
        if tile.building is not None
    ]


def scores_table(players: int = 6, size: int = 26, seed: int = 2) -> dict[str, Any]:
    """A round-3 ``POST /v1/scores`` body: every player sends a whole Alhambra."""
    return {
        "round": 3,
        "players": [
            {
                "name": f"player {seat + 1}",
                "alhambra": wire_alhambra(grown_alhambra(seed + seat, size)),
            }
            for seat in range(players)
        ],
    }
