"""The registry: every module the service knows, one package each, named by its wire name.

A module is what a table switches on (``options.modules``), so it is the unit here rather than
the box it comes in: the Vizier's Favour's four modules (V1-V4) are four packages, each holding
everything of its module on the Python side (its words, declared once in its ``records``:
actions, events, cards, phases and its parts of the state; its setup, actions, automatic steps
and consistency checks) and declaring what it adds to the base game in one
:class:`~calculator.engine.hooks.Module`. The base game, the codecs, the players, the catalog
and the refusals' words reach a module only through this registry and the indexes below.

:data:`REGISTRY` is in the order the hooks run (the vizier last: it acts between two turns,
after everything the others do in them); :data:`NAMES`, what the catalog and the page list,
in the rulebook's order.

:data:`SCORING` lists the Big Box modules (expansions 2-5) as scoring sees them, in the order
of their expansions: each package's ``SCORING`` says what it adds to a scoring round and which
members of a request belong to it. Playing them in the engine is not yet specified (RULES.md),
so they have no engine hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Final

from calculator.core.pieces import Piece
from calculator.core.tiles import Tile
from calculator.engine.actions import ModuleAction, ModuleReveal
from calculator.engine.components import ModuleCard
from calculator.engine.hooks import Apply, Claim, DrawSource, Lister, Module, PhaseRules, PileCards
from calculator.engine.parts import Part
from calculator.engine.state import Phase, Player
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
from calculator.modules.scoring import ScoringModule

REGISTRY: Final[tuple[Module, ...]] = (exchange.MODULE, bonus.MODULE, huts.MODULE, vizier.MODULE)

NAMES: Final[tuple[str, ...]] = tuple(
    module.name for module in sorted(REGISTRY, key=lambda module: module.rule)
)
"""Every module's wire name, in the order of their rules (V1-V4)."""

CLAIMS: Final[dict[type, tuple[Claim, ...]]] = {
    kind: tuple(claim for module in REGISTRY for claim in module.claims if claim.kind is kind)
    for kind in {claim.kind for module in REGISTRY for claim in module.claims}
}
"""The actions a module carries out instead of the base, by class: every registered module's,
so an action of a module the game is played without reaches that module, which refuses it."""

PHASES: Final[dict[Phase, PhaseRules]] = {
    phase: rules for module in REGISTRY for phase, rules in module.phases.items()
}
"""The phases modules bring, and their rules."""

SOURCES: Final[dict[str, tuple[Module, DrawSource]]] = {
    name: (module, source) for module in REGISTRY for name, source in module.draw_sources.items()
}
"""The sources modules draw from (besides the bag and the money pile), with their module."""

SOURCE_OF_REVEAL: Final[dict[type, str]] = {
    source.reveal_kind: name for name, (_, source) in SOURCES.items()
}

ACTIONS: Final[dict[str, type[ModuleAction] | type[ModuleReveal]]] = {
    **{kind.kind: kind for module in REGISTRY for kind in module.records.actions},
    **{
        source.reveal_kind.kind: source.reveal_kind
        for module in REGISTRY
        for source in module.draw_sources.values()
    },
}
"""Every module's actions and reveals, by wire name."""

CARDS: Final[dict[str, type[ModuleCard]]] = {
    card.wire: card for module in REGISTRY for card in module.records.cards
}
"""Every module's cards among the money, by the member that names them on the wire."""

PLAYER_PARTS: Final[tuple[Part[Any], ...]] = tuple(
    module.records.player for module in REGISTRY if module.records.player is not None
)
"""The modules' parts of a player."""
TURN_PARTS: Final[tuple[Part[Any], ...]] = tuple(
    module.records.turn for module in REGISTRY if module.records.turn is not None
)
"""The modules' parts of the turn."""
GAME_PARTS: Final[tuple[Part[Any], ...]] = tuple(
    module.records.game for module in REGISTRY if module.records.game is not None
)
"""The modules' parts of the game."""

MEMBER_WORDS: Final[dict[str, str]] = {
    member: words for module in REGISTRY for member, words in module.member_words.items()
}
"""How a player names the modules' wire members whose names are not plain words."""
ITEM_WORDS: Final[dict[str, tuple[str, str]]] = {
    member: words for module in REGISTRY for member, words in module.item_words.items()
}
"""The items of the modules' list members, one and several."""

CATALOG_SECTION: Final[str] = "vizier_favour"
"""The catalog's section of the modules the engine plays (``GET /v1/catalog``), named after
the expansion they come from."""

COMPONENTS: Final[dict[str, tuple[Tile, ...]]] = {
    member: stand_ins for module in REGISTRY for member, stand_ins in module.stand_ins.items()
}
"""The members of ``options.components``, each with the stand-ins used when a game does not
name its components."""


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

SCORING_MEMBERS: Final[tuple[tuple[ScoringModule, frozenset[str]], ...]] = tuple(
    (
        module,
        frozenset(
            (
                *module.round_fields,
                *module.player_fields,
                *module.piece_fields,
                *module.dummy_fields,
            )
        ),
    )
    for module in SCORING
)
"""Each scoring module with every request member that belongs to it."""

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


class Active:
    """The hooks of the modules a game is played with, in the registry's order, gathered once
    per set of modules."""

    __slots__ = (
        "after_action",
        "between_turns",
        "counted",
        "deal_unseen",
        "first_step",
        "information",
        "modules",
        "payments",
        "pile_cards",
        "setup_draw",
        "shuffle_unseen",
        "turn_actions",
    )

    def __init__(self, modules: tuple[Module, ...]) -> None:
        self.modules = modules
        self.first_step = tuple(m.first_step for m in modules if m.first_step)
        self.setup_draw = tuple(m.setup_draw for m in modules if m.setup_draw)
        self.between_turns = tuple(m.between_turns for m in modules if m.between_turns)
        self.after_action = tuple(m.after_action for m in modules if m.after_action)
        self.turn_actions: tuple[Lister, ...] = tuple(
            m.turn_actions for m in modules if m.turn_actions
        )
        self.pile_cards: tuple[PileCards, ...] = tuple(
            m.pile_cards for m in modules if m.pile_cards
        )
        self.payments = tuple((m.payments, m.usable) for m in modules if m.payments)
        self.counted = tuple(m.counted for m in modules if m.counted)
        self.information = tuple(m.information for m in modules if m.information)
        self.deal_unseen = tuple(m.deal_unseen for m in modules if m.deal_unseen)
        self.shuffle_unseen = tuple(m.shuffle_unseen for m in modules if m.shuffle_unseen)


def claimed(action: object) -> Apply | None:
    """How a module carries out ``action`` instead of the base, if one does."""
    for claim in CLAIMS.get(type(action), ()):
        if claim.when is None or claim.when(action):
            return claim.apply
    return None


@lru_cache(maxsize=64)  # the sets of modules games are played with
def active(names: frozenset[str]) -> Active:
    """The hooks of the modules named (a game's ``options.modules``)."""
    return Active(tuple(module for module in REGISTRY if module.name in names))


COUNTED: Final = tuple(m.counted for m in REGISTRY if m.counted)
"""Every registered module's ``counted`` hook: what counts as buildings at a described table."""


def counted(player: Player, names: frozenset[str] | None = None) -> tuple[Tile, ...]:
    """The cards of ``player``'s that count as buildings (V3), by the modules named, or by
    every registered one (a described table may show any)."""
    hooks = COUNTED if names is None else active(names).counted
    return tuple(card for count in hooks for card in count(player))


__all__ = [
    "ACTIONS",
    "CARDS",
    "CATALOG_SECTION",
    "CLAIMS",
    "COMPONENTS",
    "COUNTED",
    "GAME_PARTS",
    "ITEM_WORDS",
    "MEMBER_WORDS",
    "NAMES",
    "ON_TILES",
    "PHASES",
    "PIECES",
    "PLAYER_PARTS",
    "REGISTRY",
    "SCORING",
    "SCORING_BY_NAME",
    "SCORING_MEMBERS",
    "SOURCES",
    "SOURCE_OF_REVEAL",
    "TOKENS",
    "TURN_PARTS",
    "Active",
    "active",
    "claimed",
    "counted",
]
