"""The engine's interface: set up a game, list the legal actions, apply one (OpenSpiel style).

``apply(state, action) -> (state, events)`` is a pure function: it checks the action against
the rules, refuses it whole (:class:`ActionRefused`) or carries it out, then runs everything
automatic that follows (refill, reshuffles, scoring rounds, the dummy's draws, the end of the
game) until a player must decide or, in table mode, the table must reveal a draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from calculator.core.tiles import Tile
from calculator.engine import bonus, end, exchange, huts, refill, setup, vizier
from calculator.engine.actions import (
    Action,
    ActivateVizier,
    Buy,
    DeclineVizier,
    EndTurn,
    Pass,
    PlayerAction,
    Reveal,
    RevealBonusCard,
    RevealHut,
    RevealMoney,
    RevealScoringCard,
    RevealTile,
    TakeHut,
    TakeMoney,
    VizierBuy,
)
from calculator.engine.components import ScoringCard
from calculator.engine.draws import Draw, Item, Source, Step, draw, drawable
from calculator.engine.errors import GameOver, IllegalAction, NotYourTurn
from calculator.engine.events import Event, ExtraActionDeclined, Passed
from calculator.engine.money import legal_takes, take_money
from calculator.engine.placement import Placement, legal_placements, place, placer
from calculator.engine.purchase import buy, legal_buys
from calculator.engine.redesign import Redesign, legal_redesigns, redesign
from calculator.engine.state import DEFAULT_OPTIONS, PLACING, Draft, Game, GameState, Options, Phase
from calculator.engine.turn import actions_done


def new_game(
    names: list[str],
    seed: int = 0,
    start_player: int | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> GameState:
    """T1: a game set up and ready for its first turn (in table mode: for the first reveal)."""
    draft = Draft.of(setup.initial_state(names, seed, start_player, options))
    settle(draft)
    return draft.frozen()


def next_step(game: Game) -> Draw | Step | None:
    """What happens next without a player's decision, or ``None`` when a player decides."""
    if game.hidden_tops:
        return huts.TURNING_UP  # V4, table mode: a hut was taken, or the setup began
    automatic = _AUTOMATIC.get(game.turn.phase)
    return None if automatic is None else automatic(game)


_AUTOMATIC: Final[dict[str, Callable[[Game], Draw | Step | None]]] = {
    Phase.SETUP: setup.next_step,
    Phase.REFILL: refill.next_step,
    Phase.FINAL_PLACEMENT: end.next_step,
}
"""The phases with automatic steps, and what decides the next one."""


def settle(draft: Draft) -> list[Event]:
    """Run the automatic steps until a player decides or the table must reveal a draw."""
    # V3: a card is laid as soon as its tile is in the Alhambra (so before any scoring round)
    # and taken back as soon as the tile leaves; only a player's action changes an Alhambra,
    # never an automatic step, so once before them is enough
    events = bonus.lay_and_take_back(draft) if "bonus" in draft.options.modules else []
    digital = draft.digital
    while (step := next_step(draft)) is not None:
        if not digital and isinstance(step, Draw):
            break  # the table reveals what is drawn
        events += step(draft)
    return events


def to_act(state: Game) -> int | None:
    """The seat that must decide now; ``None`` when the table must reveal a draw, or at the end."""
    if state.hidden_tops:
        return None  # V4: the table reveals the next top hut
    phase = state.turn.phase
    if phase in (Phase.ACTION, Phase.PLACEMENT):
        return state.turn.player
    if phase == Phase.FINAL_PLACEMENT and state.turn.awarded:
        return placer(state)
    if phase == Phase.VIZIER:
        return vizier.offered_to(state)  # V1
    if phase == Phase.VIZIER_PLACEMENT:
        return placer(state)
    return None


def legal_actions(state: Game) -> list[Action]:
    """Every legal action now, each in the form :func:`apply` accepts (payments canonical, see
    :mod:`purchase`)."""
    if state.over:
        return []
    step = next_step(state)
    if isinstance(step, Draw):
        return [_reveal(item, step.source) for item in drawable(state, step.source)]
    phase = state.turn.phase
    if phase in PLACING:
        return list(legal_placements(state))
    if phase == Phase.VIZIER:
        return list(vizier.legal_decisions(state))
    return _turn_actions(state)


def _turn_actions(state: Game) -> list[Action]:
    seat = state.turn.player
    assert seat is not None
    actions: list[Action] = [*legal_takes(state), *legal_buys(state), *legal_redesigns(state)]
    if "vizier" in state.options.modules:
        actions += vizier.legal_activations(state)  # V1: an action like the others
    if "exchange" in state.options.modules:
        actions += [*exchange.legal_takes(state), *exchange.legal_buys(state)]  # V2
    if "huts" in state.options.modules:
        actions += huts.legal_takes(state)  # V4: an action like the others
    if state.turn.extra_action:
        actions.append(EndTurn(seat))
    elif not actions:
        actions.append(Pass(seat))
    return actions


def _reveal(item: Item, source: Source) -> Action:
    if isinstance(item, Tile):  # a tile of the bag, a bonus card (V3) or a hut (V4)
        if source == "bonus":
            return RevealBonusCard(item)
        return RevealHut(item) if source == "huts" else RevealTile(item)
    if isinstance(item, ScoringCard):
        return RevealScoringCard(item.round)
    return RevealMoney(item)


_SOURCES: Final[dict[type, Source]] = {
    RevealTile: "bag", RevealMoney: "pile", RevealScoringCard: "pile",
    RevealBonusCard: "bonus", RevealHut: "huts",
}  # fmt: skip
"""Where the item each kind of reveal names is drawn from."""
_RULE: Final[dict[Source, str]] = {"bonus": "V3", "huts": "V4"}
"""The rule of a module's draw (the others are T1's and T7's)."""
_DRAWN: Final[dict[Source, str]] = {
    "bag": "tile from the bag", "pile": "card from the money pile",
    "bonus": "bonus card (V3)", "huts": "top hut of a stack (V4)",
}  # fmt: skip
_HOLDER: Final[dict[Source, str]] = {
    "bag": "the bag", "pile": "the money pile", "bonus": "the bonus cards not dealt (V3)",
    "huts": "the stack whose top is turned up (V4)",
}  # fmt: skip


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Carry out ``action`` and everything automatic after it; refuse it whole if illegal."""
    draft = Draft.of(state)
    events = advance(draft, action)  # a refusal leaves the copy behind, and the state as it was
    return draft.frozen(), events


def advance(draft: Draft, action: Action) -> list[Event]:
    """:func:`apply` on a working copy, changed in place: carry out ``action`` and everything
    automatic after it. A refused action may leave ``draft`` half changed, so a caller that
    must survive a refusal changes a copy (as :func:`apply` does); a game played by the engine
    itself (``alhambra simulate``) plays only listed actions and advances one draft
    throughout, freezing it once at the end instead of at every action."""
    if draft.over:
        raise GameOver("T9", "the game is over")
    step = next_step(draft)
    if isinstance(action, Reveal):
        if not isinstance(step, Draw):
            raise IllegalAction(
                "T7",
                "nothing is being drawn now"
                + ("" if draft.digital else f": {_who(draft)} must act"),
            )
        events = draw(draft, step, _revealed(draft, step, action))
    else:
        if isinstance(step, Draw):
            raise NotYourTurn(
                _RULE.get(step.source, "T7" if draft.turn.phase == Phase.REFILL else "T1"),
                f"the table must first reveal the {_DRAWN[step.source]} just drawn",
            )
        seat = to_act(draft)
        if action.player != seat:
            raise NotYourTurn(
                "V1" if draft.turn.phase in vizier.PHASES else "T2",
                f"{_who(draft)} must act now, not seat {action.player}"
                + (
                    " (the vizier is offered in turn order from the next player)"
                    if draft.turn.phase == Phase.VIZIER
                    else ""
                ),
            )
        if isinstance(action, Pass) and (
            draft.turn.extra_action or action not in _turn_actions(draft)
        ):
            raise IllegalAction("T2", "a player may pass only when no action is legal")
        events = _apply_decision(draft, action)
    events += settle(draft)
    return events


def _who(state: Game) -> str:
    seat = to_act(state)
    return "the table" if seat is None else f"{state.players[seat].name} (seat {seat})"


def _revealed(state: Game, step: Draw, action: Reveal) -> Item:
    """The item a reveal names, if the draw under way can bring it."""
    item: Item
    if isinstance(action, RevealTile | RevealBonusCard | RevealHut):
        item = action.tile
    elif isinstance(action, RevealMoney):
        item = action.card
    else:
        item = ScoringCard(action.round)
    if _SOURCES[type(action)] != step.source:
        raise IllegalAction(_RULE.get(step.source, "T7"), f"a {_DRAWN[step.source]} is drawn now")
    if item not in drawable(state, step.source):
        raise IllegalAction(
            _RULE.get(step.source, "T7"),
            f"that cannot be drawn now: it is not in {_HOLDER[step.source]}"
            + (
                " (scoring card 1 lies above scoring card 2)"
                if isinstance(item, ScoringCard)
                else ""
            ),
        )
    return item


def _apply_decision(draft: Draft, action: PlayerAction) -> list[Event]:
    """A player's action on the working copy (the legality of a pass is checked before)."""
    phase = draft.turn.phase
    if phase in PLACING:
        if not isinstance(action, Placement):
            raise IllegalAction(
                Phase(phase).rule, "place the waiting tiles first (Alhambra or reserve)"
            )
        return place(draft, action)
    if phase == Phase.VIZIER:
        return vizier.decide(draft, action)
    # the actions of a turn, the most played first (an action is of one class only)
    if isinstance(action, TakeMoney):
        return exchange.take(draft, action) if action.exchange else take_money(draft, action)
    if isinstance(action, Buy):
        return exchange.buy(draft, action) if action.exchange else buy(draft, action)
    if isinstance(action, Redesign):
        return redesign(draft, action)
    if isinstance(action, VizierBuy | DeclineVizier):
        raise IllegalAction(
            "V1", "the vizier is offered after a turn and its refill, not during a turn"
        )
    if isinstance(action, ActivateVizier):
        return vizier.activate(draft, action)
    if isinstance(action, Placement):
        raise IllegalAction(
            "T6", "tiles bought are placed at the end of the turn, after its actions"
        )
    if isinstance(action, TakeHut):
        return huts.take_hut(draft, action)
    if isinstance(action, EndTurn):
        if not draft.turn.extra_action:
            raise IllegalAction("T4", "only an exact payment allows a further action to decline")
        return [ExtraActionDeclined(action.player), *actions_done(draft)]
    return [Passed(action.player), *actions_done(draft)]
