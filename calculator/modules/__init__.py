"""The registry: every module the service knows, one package each, named by its wire name.

A module is what a table switches on (``options.modules``), so it is the unit here rather than
the box it comes in: the Vizier's Favour's four modules (V1-V4) are four packages, each holding
everything of its module on the Python side (its setup, actions, automatic steps and
consistency checks) and declaring what it adds to the base game in one
:class:`~calculator.engine.hooks.Module`. The base game reaches a module only through this
registry.

:data:`REGISTRY` is in the order the hooks run (the vizier last: it acts between two turns,
after everything the others do in them); :data:`NAMES`, what the catalog and the page list,
in the rulebook's order.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from calculator.engine.hooks import Apply, Claim, DrawSource, Lister, Module, PhaseRules, PileCards
from calculator.engine.state import Phase
from calculator.modules import bonus, exchange, huts, vizier

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


class Active:
    """The hooks of the modules a game is played with, in the registry's order, gathered once
    per set of modules."""

    __slots__ = (
        "after_action",
        "between_turns",
        "first_step",
        "modules",
        "payments",
        "pile_cards",
        "setup_draw",
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


__all__ = [
    "CLAIMS",
    "NAMES",
    "PHASES",
    "REGISTRY",
    "SOURCES",
    "SOURCE_OF_REVEAL",
    "Active",
    "active",
    "claimed",
]
