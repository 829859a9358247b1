"""The Vizier's Favour, the vizier (V1): what the module adds to the base game
(:mod:`.rules` holds the rules)."""

from __future__ import annotations

from typing import Final

from calculator.core.text import Text
from calculator.engine.core import Claim, Game, Module, PhaseRules, RandomKind, Records, Step
from calculator.modules.vizier.records import (
    ACTIONS,
    ASKED,
    EVENTS,
    NAME,
    OFFERED,
    PLACING,
    TOKEN,
    ActivateVizier,
    DeclineVizier,
    VizierBuy,
)
from calculator.modules.vizier.rules import (
    OFFERS,
    buyer,
    check_activate,
    decide,
    face_up,
    inconsistencies,
    legal_activations,
    legal_decisions,
    not_in_a_turn,
    offered_to,
    passed_over,
    placed,
    playout_decision,
    random_decision,
)


def _between_turns(game: Game) -> Step | None:
    """V1: after the turn and its refill, the next player with an active vizier is asked."""
    seat = offered_to(game)
    return None if seat is None else OFFERS[seat]


RANDOM_KINDS: Final[tuple[RandomKind, ...]] = (("activate the vizier", 1, (legal_activations,)),)

MODULE: Final[Module] = Module(
    name=NAME,
    rule="V1",
    records=Records(actions=ACTIONS, events=EVENTS, player=TOKEN, turn=ASKED),
    set_up=face_up,
    between_turns=_between_turns,
    turn_actions=legal_activations,
    claims=(
        Claim(ActivateVizier, check_activate),
        Claim(VizierBuy, not_in_a_turn, turn_action=False),
        Claim(DeclineVizier, not_in_a_turn, turn_action=False),
    ),
    phases={
        OFFERED: PhaseRules(
            to_act=offered_to,
            legal=legal_decisions,
            decide=decide,
            random_choice=random_decision,
            playout_choice=playout_decision,
            who_acts=Text("api.V1.who_acts"),
        ),
        PLACING: PhaseRules(to_act=buyer, placed=placed),
    },
    random_kinds=RANDOM_KINDS,
    inconsistencies=inconsistencies,
    information=passed_over,
    listed_items=("vizier_asked",),
)
