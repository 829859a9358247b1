"""The engine's interface: set up a game, list the legal actions, apply one (OpenSpiel style).

``apply(state, action) -> (state, events)`` is a pure function: it checks the action against
the rules, refuses it whole (:class:`ActionRefused`) or carries it out, then runs everything
automatic that follows (refill, reshuffles, scoring rounds, the dummy's draws, the end of the
game) until a player must decide or, in table mode, the table must reveal a draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from calculator import modules as registry
from calculator.core.tiles import Tile
from calculator.engine.actions import (
    Action,
    Buy,
    EndTurn,
    ModuleReveal,
    Pass,
    PlayerAction,
    Reveal,
    RevealMoney,
    RevealScoringCard,
    RevealTile,
    TakeMoney,
)
from calculator.engine.components import ScoringCard
from calculator.engine.errors import GameOver, IllegalAction, NotYourTurn
from calculator.engine.events import Event, ExtraActionDeclined, Passed
from calculator.engine.state import (
    ACTION,
    DEFAULT_OPTIONS,
    FINAL_PLACEMENT,
    PLACEMENT,
    PLACING,
    REFILL,
    SETUP,
    Draft,
    Game,
    GameState,
    Options,
    Phase,
)
from calculator.engine.turn import actions_done, end, refill, setup
from calculator.engine.turn.draws import Draw, Item, Source, Step, draw, drawable
from calculator.engine.turn.money import legal_takes, take_money
from calculator.engine.turn.placement import Placement, legal_placements, place, placer
from calculator.engine.turn.purchase import buy, legal_buys
from calculator.engine.turn.redesign import Redesign, legal_redesigns, redesign


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
    if game.options.modules:  # a game without modules runs no hooks
        step = module_draw_first(game)
        if step is not None:
            return step
    automatic = _AUTOMATIC.get(game.turn.phase)
    return None if automatic is None else automatic(game)


_AUTOMATIC: Final[dict[Phase, Callable[[Game], Draw | Step | None]]] = {
    SETUP: setup.next_step,
    REFILL: refill.next_step,
    FINAL_PLACEMENT: end.next_step,
}
"""The phases with automatic steps, and what decides the next one."""
_SEAT_DECIDES: Final[frozenset[Phase]] = frozenset({ACTION, PLACEMENT})
"""The phases in which the current player decides (T2, T6)."""


def module_draw_first(game: Game) -> Draw | None:
    """A module's draw that comes before anything else (V4)."""
    for first_step in registry.active(game.options.modules).first_step:
        step = first_step(game)
        if step is not None:
            return step
    return None


def settle(draft: Draft) -> list[Event]:
    """Run the automatic steps until a player decides or the table must reveal a draw."""
    events = []
    if draft.options.modules:
        for after_action in registry.active(draft.options.modules).after_action:
            events += after_action(draft)
    digital = draft.digital
    while (step := next_step(draft)) is not None:
        if not digital and isinstance(step, Draw):
            break  # the table reveals what is drawn
        events += step(draft)
    return events


def to_act(state: Game) -> int | None:
    """The seat that must decide now; ``None`` when the table must reveal a draw, or at the end."""
    if state.options.modules and module_draw_first(state) is not None:
        return None  # the table reveals a module's draw first
    phase = state.turn.phase
    if phase in _SEAT_DECIDES:
        return state.turn.player
    if phase == FINAL_PLACEMENT and state.turn.awarded:
        return placer(state)
    rules = registry.PHASES.get(phase)
    return None if rules is None else rules.to_act(state)


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
    rules = registry.PHASES.get(phase)
    if rules is not None and rules.legal is not None:
        return list(rules.legal(state))
    return _turn_actions(state)


def _turn_actions(state: Game) -> list[Action]:
    seat = state.turn.player
    assert seat is not None
    actions: list[Action] = [*legal_takes(state), *legal_buys(state), *legal_redesigns(state)]
    if state.options.modules:
        for turn_actions in registry.active(state.options.modules).turn_actions:
            actions += turn_actions(state)
    if state.turn.extra_action:
        actions.append(EndTurn(seat))
    elif not actions:
        actions.append(Pass(seat))
    return actions


def _reveal(item: Item, source: Source) -> Action:
    if source in registry.SOURCES:
        return registry.SOURCES[source][1].reveal_kind(item)
    if isinstance(item, Tile):
        return RevealTile(item)
    if isinstance(item, ScoringCard):
        return RevealScoringCard(item.round)
    return RevealMoney(item)


_SOURCES: Final[dict[type, Source]] = {
    RevealTile: "bag", RevealMoney: "pile", RevealScoringCard: "pile",
}  # fmt: skip
"""Where the item each kind of reveal of the base game names is drawn from."""
_DRAWN: Final[dict[Source, str]] = {"bag": "tile from the bag", "pile": "card from the money pile"}
_HOLDER: Final[dict[Source, str]] = {"bag": "the bag", "pile": "the money pile"}


def _source_of(action: Reveal) -> Source:
    kind = type(action)
    return _SOURCES[kind] if kind in _SOURCES else registry.SOURCE_OF_REVEAL[kind]


def _rule(source: Source, otherwise: str) -> str:
    """The rule of a draw from ``source``: its module's, or ``otherwise`` (T1's or T7's)."""
    return registry.SOURCES[source][0].rule if source in registry.SOURCES else otherwise


def _drawn(source: Source) -> str:
    return registry.SOURCES[source][1].drawn if source in registry.SOURCES else _DRAWN[source]


def _holder(source: Source) -> str:
    return registry.SOURCES[source][1].holder if source in registry.SOURCES else _HOLDER[source]


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
                _rule(step.source, "T7" if draft.turn.phase == REFILL else "T1"),
                f"the table must first reveal the {_drawn(step.source)} just drawn",
            )
        seat = to_act(draft)
        if action.player != seat:
            rules = registry.PHASES.get(draft.turn.phase)
            raise NotYourTurn(
                "T2" if rules is None else Phase.named(draft.turn.phase).rule,
                f"{_who(draft)} must act now, not seat {action.player}"
                + ("" if rules is None else rules.who_acts),
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
    if isinstance(action, RevealMoney):
        item = action.card
    elif isinstance(action, RevealScoringCard):
        item = ScoringCard(action.round)
    elif isinstance(action, ModuleReveal):
        item = action.item
    else:
        item = action.tile
    if _source_of(action) != step.source:
        raise IllegalAction(_rule(step.source, "T7"), f"a {_drawn(step.source)} is drawn now")
    if item not in drawable(state, step.source):
        raise IllegalAction(
            _rule(step.source, "T7"),
            f"that cannot be drawn now: it is not in {_holder(step.source)}"
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
                Phase.named(phase).rule, "place the waiting tiles first (Alhambra or reserve)"
            )
        return place(draft, action)
    if phase != ACTION:
        decide = registry.PHASES[phase].decide  # a module's phase (V1)
        assert decide is not None
        return decide(draft, action)
    if type(action) in registry.CLAIMS:  # a module's action, or its way of a base one
        claimed = registry.claimed(action)
        if claimed is not None:
            return claimed(draft, action)
    # the actions of a turn, the most played first (an action is of one class only)
    if isinstance(action, TakeMoney):
        return take_money(draft, action)
    if isinstance(action, Buy):
        return buy(draft, action)
    if isinstance(action, Redesign):
        return redesign(draft, action)
    if isinstance(action, Placement):
        raise IllegalAction(
            "T6", "tiles bought are placed at the end of the turn, after its actions"
        )
    if isinstance(action, EndTurn):
        if not draft.turn.extra_action:
            raise IllegalAction("T4", "only an exact payment allows a further action to decline")
        return [ExtraActionDeclined(action.player), *actions_done(draft)]
    return [Passed(action.player), *actions_done(draft)]
