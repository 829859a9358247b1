"""K2 Master Builders [``master_builders``]: 16 cards, money of value 3 or discarded for an
extra redesign.

It changes no scoring round's points, so scoring a round only accepts it by name.
"""

from __future__ import annotations

from typing import Final

from calculator.core.module_scoring import ScoringModule
from calculator.engine.core import Module

NAME: Final[str] = "master_builders"
RULE: Final[str] = "K2"

SCORING: Final[ScoringModule] = ScoringModule()

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = ["MODULE", "NAME", "RULE", "SCORING"]
