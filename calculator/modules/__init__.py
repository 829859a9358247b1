"""The registry: every module the service knows, one package each, named by its wire name.

A module is what a table switches on (``options.modules``, a scoring's ``modules``), so it is
the unit here rather than the box it comes in: the Vizier's Favour's four (V1-V4) and the Big
Box's sixteen (G1-G4, H1-H4, K1-K4, S1-S4) are twenty packages, each holding everything of its
module on the Python side (its words, declared once in its ``records``: actions, events, cards,
phases and its parts of the state; its setup, actions, automatic steps and consistency checks)
and declaring what it adds to the base game in one record, a
:class:`~calculator.engine.core.Module`: its engine hooks and its ``scoring``, a
:class:`~calculator.core.module_scoring.ScoringModule` (its part of a round, its counts, its
refusals and warnings of a scoring request).

The engine never imports this registry: a game's modules reach it as a value,
:func:`ruleset` (built here once per set of modules, at the edge: the api, the command, the
players' callers), which holds the hooks of the modules played and the words of every module
the engine plays. The codecs, the catalog and the refusals' words read the indexes below.

:data:`REGISTRY` lists the twenty in the order of their rules; the catalog, the page and the
contract's enums list them so. The engine runs the hooks of the modules it plays in
:data:`IN_PLAY`'s order. The Big Box's modules only score: playing them in the engine is not
specified (RULES.md), so they fill no engine hook.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, Final, NamedTuple

from calculator.core import module_scoring
from calculator.core.module_scoring import ScoringModule
from calculator.core.pieces import Piece
from calculator.core.plausibility import WallCarriers
from calculator.core.scoring import Tally
from calculator.core.text import Text, listed
from calculator.core.tiles import Cell, Tile
from calculator.engine.actions import ModuleAction, ModuleReveal
from calculator.engine.components import ModuleCard
from calculator.engine.core import Module, Ruleset
from calculator.engine.parts import Part
from calculator.modules import (
    art_of_the_moors,
    bazaars,
    bonus,
    camps,
    caravanserai,
    change,
    characters,
    city_walls,
    diamonds,
    exchange,
    gates,
    huts,
    invaders,
    master_builders,
    score_cards,
    street_traders,
    sultan,
    thieves,
    treasure,
    vizier,
)

REGISTRY: Final[tuple[Module, ...]] = (
    vizier.MODULE,
    exchange.MODULE,
    bonus.MODULE,
    huts.MODULE,
    gates.MODULE,
    diamonds.MODULE,
    characters.MODULE,
    camps.MODULE,
    thieves.MODULE,
    change.MODULE,
    street_traders.MODULE,
    city_walls.MODULE,
    treasure.MODULE,
    master_builders.MODULE,
    invaders.MODULE,
    bazaars.MODULE,
    score_cards.MODULE,
    sultan.MODULE,
    caravanserai.MODULE,
    art_of_the_moors.MODULE,
)
"""Every module, in the order of their rules: V1-V4, G1-G4, H1-H4, K1-K4, S1-S4."""


class Expansion(NamedTuple):
    """An expansion: its wire name, its number in the Big Box and the letter of its rules."""

    name: str
    number: int
    letter: str


EXPANSIONS: Final[tuple[Expansion, ...]] = (
    Expansion("vizier_favour", 1, "V"),
    Expansion("city_gates", 2, "G"),
    Expansion("thiefs_turn", 3, "H"),
    Expansion("treasure_chamber", 4, "K"),
    Expansion("power_of_the_sultan", 5, "S"),
)
"""The boxes the modules come in, in the Big Box's order; a module's is the letter of its rule."""


def _plays(module: Module) -> bool:
    """Does the engine play the module: does it fill a hook besides its scoring?"""
    return replace(module, scoring=None) != Module(module.name, module.rule)


NAMES: Final[tuple[str, ...]] = tuple(module.name for module in REGISTRY if _plays(module))
"""The modules a game may be played with (V1-V4), by wire name, in the order of their rules."""

IN_PLAY: Final[tuple[Module, ...]] = (
    *(module for module in REGISTRY if _plays(module) and module is not vizier.MODULE),
    vizier.MODULE,
)
"""The modules the engine plays, in the order their hooks run: the registry's, the vizier
last (V1: it acts between two turns, after everything the others do in them)."""

ACTIONS: Final[dict[str, type[ModuleAction] | type[ModuleReveal]]] = {
    **{kind.kind: kind for module in IN_PLAY for kind in module.records.actions},
    **{
        kind.kind: kind
        for module in IN_PLAY
        for source in module.draw_sources
        for kind in source.reveals
        if issubclass(kind, ModuleReveal)
    },
}
"""Every module's actions and reveals, by wire name."""

CARDS: Final[dict[str, type[ModuleCard]]] = {
    card.wire: card for module in IN_PLAY for card in module.records.cards
}
"""Every module's cards among the money, by the member that names them on the wire."""

PLAYER_PARTS: Final[tuple[Part[Any], ...]] = tuple(
    module.records.player for module in IN_PLAY if module.records.player is not None
)
"""The modules' parts of a player."""
TURN_PARTS: Final[tuple[Part[Any], ...]] = tuple(
    module.records.turn for module in IN_PLAY if module.records.turn is not None
)
"""The modules' parts of the turn."""
GAME_PARTS: Final[tuple[Part[Any], ...]] = tuple(
    module.records.game for module in IN_PLAY if module.records.game is not None
)
"""The modules' parts of the game."""

LISTED_ITEMS: Final[frozenset[str]] = frozenset(
    member for module in IN_PLAY for member in module.listed_items
)
"""The modules' list members whose items the catalogs name (``api.item.<member>``)."""

CATALOG_SECTION: Final[str] = EXPANSIONS[0].name
"""The catalog's section of the modules the engine plays (``GET /v1/catalog``), named after
the expansion they come from."""

COMPONENTS: Final[dict[str, tuple[Tile, ...]]] = {
    member: stand_ins for module in IN_PLAY for member, stand_ins in module.stand_ins.items()
}
"""The members of ``options.components``, each with the stand-ins used when a game does not
name its components."""


class Scoring(NamedTuple):
    """A module as scoring sees it: its record (wire name, rule id) and its scoring hooks."""

    module: Module
    hooks: ScoringModule


SCORING: Final[tuple[Scoring, ...]] = tuple(
    Scoring(module, module.scoring) for module in REGISTRY if module.scoring is not None
)
"""Every module with a part in scoring, in the registry's order."""

SCORING_BY_NAME: Final[dict[str, Scoring]] = {
    scoring.module.name: scoring for scoring in SCORING if scoring.hooks.reads_request
}
"""The modules that read a scoring request that names them (its members, checks, a part of
the points), by name."""

_MOST_HELD: Final[dict[str, int]] = {
    scoring.module.name: scoring.hooks.most_held for scoring in SCORING if scoring.hooks.most_held
}

_CARRIERS: Final[dict[str, WallCarriers]] = {
    scoring.module.name: scoring.hooks.wall_carriers
    for scoring in SCORING
    if scoring.hooks.wall_carriers is not None
}

SCORING_MEMBERS: Final[tuple[tuple[Scoring, frozenset[str]], ...]] = tuple(
    (
        scoring,
        frozenset(
            (
                *scoring.hooks.round_fields,
                *scoring.hooks.player_fields,
                *scoring.hooks.piece_fields,
                *scoring.hooks.dummy_fields,
            )
        ),
    )
    for scoring in SCORING
)
"""Each scoring module with every request member that belongs to it."""

PIECES: Final[dict[str, Callable[[Any], Piece]]] = {
    member: hooks.read_piece
    for _, hooks in SCORING
    if hooks.read_piece is not None
    for member in hooks.piece_fields
}
"""The members that make an item of an Alhambra a piece on a cell of its own, with its reader."""

TOKENS: Final[dict[str, str]] = {
    member: hooks.token
    for _, hooks in SCORING
    if hooks.token is not None
    for member in hooks.piece_fields
}
"""The members of a placed tile that put a token on it, with the token."""

ON_TILES: Final[frozenset[str]] = frozenset(
    member for _, hooks in SCORING for member in hooks.piece_fields if member not in PIECES
)
"""Every member a module adds to a placed tile (its tokens, added walls)."""

CARDS_MEMBERS: Final[tuple[str, ...]] = tuple(
    hooks.cards_member for _, hooks in SCORING if hooks.cards_member is not None
)
"""The members of a ``POST /v1/scores`` player that list cards beside the Alhambra that count
in its majorities (V3), as tiles."""

_BEYOND_LIMIT: Final = tuple(
    hooks.beyond_limit for _, hooks in SCORING if hooks.beyond_limit is not None
)


def beyond_limits(tiles: Sequence[Tile]) -> list[tuple[int, str, Text]]:
    """The tiles of one player (reserve included) beyond what a module lets one player own
    (V4), every registered module's: each tile's position, its member to point at and the
    message, in the order of the tiles."""
    return sorted(beyond for limit in _BEYOND_LIMIT for beyond in limit(tiles))


SCORING_HOOKS: Final[tuple[ScoringModule, ...]] = tuple(hooks for _, hooks in SCORING)


def tally(alhambra: Mapping[Cell, Tile], cards: Sequence[Tile] = ()) -> Tally:
    """M1, V3, V4: a player's buildings as majority scoring sees them: the Alhambra's
    buildings, then what the modules add from its tiles (V4's huts), then from the tiles the
    player's face-up cards depict (V3). Every registered module counts, named or not: a hut
    is a hut in any scoring that holds one."""
    return module_scoring.tally(alhambra, cards, SCORING_HOOKS)


def most_held(named: Iterable[str]) -> int:
    """The most tiles or pieces one Alhambra holds besides its buildings and its fountain, by
    the modules ``named`` (V4, G4, K4)."""
    return sum(_MOST_HELD.get(name, 0) for name in named)


def wall_carriers(named: Iterable[str]) -> WallCarriers | None:
    """The tiles of the modules ``named`` that carry walls but are no building (V4), all
    together; ``None`` when none of them brings such tiles."""
    found = [_CARRIERS[name] for name in named if name in _CARRIERS]
    if not found:
        return None
    return WallCarriers(sum(each.most for each in found), listed([each.held for each in found]))


def ruleset(names: Iterable[str] = ()) -> Ruleset:
    """The rules of a game played with the modules ``names`` (a game's ``options.modules``):
    the value the engine is given, knowing every module it plays (:data:`IN_PLAY`); one per
    set of modules."""
    return _ruleset(frozenset(names))


@lru_cache(maxsize=64)  # the sets of modules games are played with
def _ruleset(names: frozenset[str]) -> Ruleset:
    return Ruleset(IN_PLAY, names)


EVERY_MODULE: Final[Ruleset] = Ruleset(IN_PLAY, NAMES)
"""Every module the engine plays, all played: how a described table is read, as it may show
the pieces and cards of any (``POST /v1/table``)."""


__all__ = [
    "ACTIONS",
    "CARDS",
    "CARDS_MEMBERS",
    "CATALOG_SECTION",
    "COMPONENTS",
    "EVERY_MODULE",
    "EXPANSIONS",
    "GAME_PARTS",
    "IN_PLAY",
    "LISTED_ITEMS",
    "NAMES",
    "ON_TILES",
    "PIECES",
    "PLAYER_PARTS",
    "REGISTRY",
    "SCORING",
    "SCORING_BY_NAME",
    "SCORING_HOOKS",
    "SCORING_MEMBERS",
    "TOKENS",
    "TURN_PARTS",
    "Expansion",
    "Scoring",
    "beyond_limits",
    "most_held",
    "ruleset",
    "tally",
    "wall_carriers",
]
