"""The Vizier's Favour, the vizier (V1): what the module adds to the base game
(:mod:`.rules` holds the rules)."""

from __future__ import annotations

import random
from typing import Final

from calculator.engine.actions import Action, ActivateVizier, DeclineVizier, VizierBuy
from calculator.engine.draws import Step
from calculator.engine.errors import IllegalAction
from calculator.engine.events import Event
from calculator.engine.hooks import Claim, Module, PhaseRules, RandomKind
from calculator.engine.state import Draft, Game, Phase
from calculator.modules.vizier.rules import (
    activate,
    decide,
    face_up,
    inconsistencies,
    legal_activations,
    legal_decisions,
    offer,
    offered_to,
    placed,
)


def _between_turns(game: Game) -> Step | None:
    """V1: after the turn and its refill, the next player with an active vizier is asked."""
    return offer if offered_to(game) is not None else None


def _not_in_a_turn(draft: Draft, action: object) -> list[Event]:
    raise IllegalAction(
        "V1", "the vizier is offered after a turn and its refill, not during a turn"
    )


def _buyer(game: Game) -> int:
    """V1: the vizier's tile is placed by the player who used the vizier."""
    return game.turn.vizier_asked[-1]


def _random_decision(game: Game, rng: random.Random) -> Action:
    """V1: the random player buys (one exact payment, uniformly) or declines, as often."""
    *buys, decline = legal_decisions(game)
    return rng.choice(buys) if rng.random() < 0.5 else decline


RANDOM_KINDS: Final[tuple[RandomKind, ...]] = (("activate the vizier", 1, (legal_activations,)),)

MODULE: Final[Module] = Module(
    name="vizier",
    rule="V1",
    set_up=face_up,
    between_turns=_between_turns,
    turn_actions=legal_activations,
    claims=(
        Claim(ActivateVizier, activate),
        Claim(VizierBuy, _not_in_a_turn),
        Claim(DeclineVizier, _not_in_a_turn),
    ),
    phases={
        Phase.VIZIER: PhaseRules(
            to_act=offered_to,
            legal=legal_decisions,
            decide=decide,
            random_choice=_random_decision,
            who_acts=" (the vizier is offered in turn order from the next player)",
        ),
        Phase.VIZIER_PLACEMENT: PhaseRules(to_act=_buyer, placed=placed),
    },
    random_kinds=RANDOM_KINDS,
    inconsistencies=inconsistencies,
)
