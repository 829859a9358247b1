"""The engine's interface: set up a game, list the legal actions, apply one (OpenSpiel style).

``apply(state, action) -> (state, events)`` is a pure function: it checks the action against
the rules, refuses it whole (:class:`ActionRefused`) or carries it out, then runs everything
automatic that follows (refill, reshuffles, scoring rounds, the dummy's draws, the end of the
game) until a player must decide or, in table mode, the table must reveal a draw.
"""

from __future__ import annotations

from calculator.core.tiles import Tile
from calculator.engine import bonus, end, huts, refill, setup, vizier
from calculator.engine.actions import (
    Action,
    ActivateVizier,
    BuildFromReserve,
    Buy,
    DeclineVizier,
    EndTurn,
    GiveToDummy,
    MoveToReserve,
    Pass,
    PlaceTile,
    PlayerAction,
    ReserveTile,
    Reveal,
    RevealMoney,
    RevealScoringCard,
    RevealTile,
    Swap,
    TakeHut,
    TakeMoney,
    VizierBuy,
)
from calculator.engine.components import MoneyCard, ScoringCard
from calculator.engine.draws import Draw, Item, Step, draw, drawable, top
from calculator.engine.errors import GameOver, IllegalAction, NotYourTurn
from calculator.engine.events import Event, ExtraActionDeclined, Passed
from calculator.engine.money import legal_takes, take_money
from calculator.engine.placement import legal_placements, place, placer
from calculator.engine.purchase import buy, legal_buys
from calculator.engine.redesign import legal_redesigns, redesign
from calculator.engine.state import DEFAULT_OPTIONS, Draft, Game, GameState, Options
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
    phase = game.turn.phase
    if phase == "setup":
        return setup.next_step(game)
    if phase == "refill":
        return refill.next_step(game)
    if phase == "final_placement":
        return end.next_step(game)
    return None


def settle(draft: Draft) -> list[Event]:
    """Run the automatic steps until a player decides or the table must reveal a draw."""
    events: list[Event] = []
    while True:
        if "bonus" in draft.options.modules:
            # V3: a card is laid as soon as its tile is in the Alhambra (so before any scoring
            # round) and taken back as soon as the tile leaves
            events += bonus.lay_and_take_back(draft)
        step = next_step(draft)
        if step is None:
            break
        if isinstance(step, Draw):
            if not draft.digital:
                break
            events += draw(draft, step, top(draft, step.source))
        else:
            events += step(draft)
    return events


def to_act(state: GameState) -> int | None:
    """The seat that must decide now; ``None`` when the table must reveal a draw, or at the end."""
    phase = state.turn.phase
    if phase in ("action", "placement"):
        return state.turn.player
    if phase == "final_placement" and state.turn.awarded:
        return placer(state)
    if phase == "vizier":
        return vizier.offered_to(state)  # V1
    if phase == "vizier_placement":
        return placer(state)
    return None


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now, each in the form :func:`apply` accepts (payments canonical, see
    :mod:`purchase`)."""
    if state.over:
        return []
    step = next_step(state)
    if isinstance(step, Draw):
        return [_reveal(item) for item in drawable(state, step.source)]
    phase = state.turn.phase
    if phase in ("placement", "final_placement", "vizier_placement"):
        return list(legal_placements(state))
    if phase == "vizier":
        return list(vizier.legal_decisions(state))
    return _turn_actions(state)


def _turn_actions(state: GameState) -> list[Action]:
    seat = state.turn.player
    assert seat is not None
    actions: list[Action] = [*legal_takes(state), *legal_buys(state), *legal_redesigns(state)]
    if "vizier" in state.options.modules:
        actions += vizier.legal_activations(state)  # V1: an action like the others
    if state.turn.extra_action:
        actions.append(EndTurn(seat))
    elif not actions:
        actions.append(Pass(seat))
    if "huts" in state.options.modules:
        actions += huts.legal_takes(state)  # V4: free, besides the action
    return actions


def _reveal(item: Item) -> Action:
    if isinstance(item, Tile):
        return RevealTile(item)
    if isinstance(item, MoneyCard):
        return RevealMoney(item)
    return RevealScoringCard(item.round)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Carry out ``action`` and everything automatic after it; refuse it whole if illegal."""
    if state.over:
        raise GameOver("T9", "the game is over")
    step = next_step(state)
    if isinstance(action, RevealTile | RevealMoney | RevealScoringCard):
        if not isinstance(step, Draw):
            raise IllegalAction(
                "T7",
                "nothing is being drawn now"
                + ("" if state.digital else f": {_who(state)} must act"),
            )
        item = _revealed(state, step, action)
        draft = Draft.of(state)
        events = draw(draft, step, item)
    else:
        if isinstance(step, Draw):
            raise NotYourTurn(
                "T7" if state.turn.phase == "refill" else "T1",
                f"the table must first reveal the {'tile' if step.source == 'bag' else 'card'} "
                "just drawn",
            )
        seat = to_act(state)
        if action.player != seat:
            raise NotYourTurn(
                "V1" if state.turn.phase in vizier.PHASES else "T2",
                f"{_who(state)} must act now, not seat {action.player}"
                + (" (the vizier is offered in turn order from the current player)"
                   if state.turn.phase == "vizier" else ""),
            )
        if isinstance(action, Pass) and (
            state.turn.extra_action or action not in _turn_actions(state)
        ):
            raise IllegalAction("T2", "a player may pass only when no action is legal")
        draft = Draft.of(state)
        events = _apply_decision(draft, action)
    events += settle(draft)
    return draft.frozen(), events


def _who(state: GameState) -> str:
    seat = to_act(state)
    return "the table" if seat is None else f"{state.players[seat].name} (seat {seat})"


def _revealed(state: GameState, step: Draw, action: Reveal) -> Item:
    """The item a reveal names, if the draw under way can bring it."""
    item: Item
    if isinstance(action, RevealTile):
        item, wanted = action.tile, "bag"
    elif isinstance(action, RevealMoney):
        item, wanted = action.card, "pile"
    else:
        item, wanted = ScoringCard(action.round), "pile"
    if wanted != step.source:
        raise IllegalAction(
            "T7", f"a {'tile from the bag' if step.source == 'bag' else 'money card'} is drawn now"
        )
    if item not in drawable(state, step.source):
        raise IllegalAction(
            "T7",
            "that cannot be drawn now: it is not in the "
            + ("bag" if step.source == "bag" else "money pile")
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
    if phase in ("placement", "final_placement", "vizier_placement"):
        if not isinstance(action, PlaceTile | ReserveTile | GiveToDummy):
            rule = {"final_placement": "T9", "vizier_placement": "V1"}.get(phase, "T6")
            raise IllegalAction(rule, "place the waiting tiles first (Alhambra or reserve)")
        return place(draft, action)
    if phase == "vizier":
        return vizier.decide(draft, action)
    if isinstance(action, VizierBuy | DeclineVizier):
        raise IllegalAction(
            "V1", "the vizier is offered after a turn and its refill, not during a turn"
        )
    if isinstance(action, ActivateVizier):
        return vizier.activate(draft, action)
    if isinstance(action, PlaceTile | ReserveTile | GiveToDummy):
        raise IllegalAction(
            "T6", "tiles bought are placed at the end of the turn, after its actions"
        )
    if isinstance(action, TakeHut):
        return huts.take_hut(draft, action)
    if isinstance(action, TakeMoney):
        return take_money(draft, action)
    if isinstance(action, Buy):
        return buy(draft, action)
    if isinstance(action, BuildFromReserve | MoveToReserve | Swap):
        return redesign(draft, action)
    if isinstance(action, EndTurn):
        if not draft.turn.extra_action:
            raise IllegalAction("T4", "only an exact payment allows a further action to decline")
        return [ExtraActionDeclined(action.player), *actions_done(draft)]
    return [Passed(action.player), *actions_done(draft)]
