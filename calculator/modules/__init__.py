"""The modules, one package each, named by its wire name.

:data:`SCORING` lists the Big Box modules (expansions 2-5) as scoring sees them, in the order
of their expansions: each package's ``SCORING`` says what it adds to a round and which members
of a request belong to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from calculator.core.pieces import Piece
from calculator.modules import (
    art_of_the_moors,
    bazaars,
    camps,
    caravanserai,
    change,
    characters,
    city_walls,
    diamonds,
    gates,
    invaders,
    master_builders,
    score_cards,
    street_traders,
    sultan,
    thieves,
    treasure,
)
from calculator.modules.scoring import ScoringModule

SCORING: Final[tuple[ScoringModule, ...]] = (
    gates.SCORING,
    diamonds.SCORING,
    characters.SCORING,
    camps.SCORING,
    thieves.SCORING,
    change.SCORING,
    street_traders.SCORING,
    city_walls.SCORING,
    treasure.SCORING,
    master_builders.SCORING,
    invaders.SCORING,
    bazaars.SCORING,
    score_cards.SCORING,
    sultan.SCORING,
    caravanserai.SCORING,
    art_of_the_moors.SCORING,
)
"""The sixteen Big Box modules: G1-G4, H1-H4, K1-K4, S1-S4."""

SCORING_BY_NAME: Final[dict[str, ScoringModule]] = {module.name: module for module in SCORING}

PIECES: Final[dict[str, Callable[[Any], Piece]]] = {
    member: module.read_piece
    for module in SCORING
    if module.read_piece is not None
    for member in module.piece_fields
}
"""The members that make an item of an Alhambra a piece on a cell of its own, with its reader."""

TOKENS: Final[dict[str, str]] = {
    member: module.token
    for module in SCORING
    if module.token is not None
    for member in module.piece_fields
}
"""The members of a placed tile that put a token on it, with the token."""

ON_TILES: Final[frozenset[str]] = frozenset(
    member for module in SCORING for member in module.piece_fields if member not in PIECES
)
"""Every member a module adds to a placed tile (its tokens, added walls)."""

__all__ = ["ON_TILES", "PIECES", "SCORING", "SCORING_BY_NAME", "TOKENS"]
