"""The engine's interface: set up a game, list what may happen, carry an action out.

On frozen states (the public face, OpenSpiel style): :func:`new_game`, :func:`legal_actions`,
``apply(state, action) -> (state, events)`` (a pure function: it checks the action against the
rules, refuses it whole with :class:`~calculator.engine.errors.ActionRefused`, or carries it
out and runs everything automatic that follows: refill, reshuffles, scoring rounds, the
dummy's draws, the end of the game, until a player must decide or, in table mode, the table
must reveal a draw) and :func:`to_act`.

On the game core (:class:`~calculator.engine.core.Game`, changed in place), for whoever plays
many actions (the computer players, the simulations): :func:`advance` (an action checked and
carried out, its events returned), :func:`legal_moves` and :func:`play` (a listed move carried
out without a check, no events recorded), :func:`seat_to_act`. A refused action leaves the
game as it was: every check comes before the first change.
"""

from __future__ import annotations

from typing import Final

from calculator.core.text import Text
from calculator.engine.actions import (
    Action,
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToDummy,
    ModuleReveal,
    MoveToReserve,
    Pass,
    PlaceTile,
    ReserveTile,
    RevealMoney,
    RevealScoringCard,
    RevealTile,
    Swap,
    TakeMoney,
)
from calculator.engine.codes import HUT
from calculator.engine.core import (
    ACTION,
    FINAL_PLACEMENT,
    PLACEMENT,
    REFILL,
    SETUP,
    Draw,
    Game,
    Kind,
    Move,
    Step,
)
from calculator.engine.errors import GameOver, IllegalAction, NotYourTurn
from calculator.engine.events import Event, ExtraActionDeclined, Passed
from calculator.engine.state import DEFAULT_OPTIONS, GameState, Options, to_game, to_state
from calculator.engine.turn import actions_done, end, refill, setup
from calculator.engine.turn.draws import BAG, PILE
from calculator.engine.turn.money import check_take, legal_takes
from calculator.engine.turn.placement import check_placement, legal_placements, placer
from calculator.engine.turn.purchase import check_buy, legal_buys
from calculator.engine.turn.redesign import check_redesign, legal_redesigns

REVEALS: Final = (RevealTile, RevealMoney, RevealScoringCard, ModuleReveal)
PLACEMENTS: Final = (PlaceTile, ReserveTile, GiveToDummy)
REDESIGNS: Final = (BuildFromReserve, MoveToReserve, Swap)
_BASE_SOURCES: Final = {RevealTile: BAG, RevealMoney: PILE, RevealScoringCard: PILE}


# --- on frozen states --------------------------------------------------------------------------


def new_game(
    names: list[str],
    seed: int = 0,
    start_player: int | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> GameState:
    """T1: a game set up and ready for its first turn (in table mode: for the first reveal)."""
    return to_state(start(names, seed, start_player, options))


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now, each in the form :func:`apply` accepts (payments canonical, see
    :mod:`purchase`)."""
    game = to_game(state)
    return [move[0].record(game, move) for move in legal_moves(game)]


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Carry out ``action`` and everything automatic after it; refuse it whole if illegal."""
    game = to_game(state)
    events = advance(game, action)
    return to_state(game), events


def to_act(state: GameState) -> int | None:
    """The seat that must decide now; ``None`` when the table must reveal a draw, or at the end."""
    return seat_to_act(to_game(state))


# --- on the game core --------------------------------------------------------------------------


def start(
    names: list[str],
    seed: int = 0,
    start_player: int | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> Game:
    """:func:`new_game` as the game core."""
    game = setup.initial_game(names, seed, start_player, options)
    settle(game)
    return game


def first_reveal(game: Game) -> Draw | None:
    """A module's draw the table reveals before anything else (V4); a digital game never
    waits for one."""
    if game.digital:
        return None
    for first_step in game.rules.first_step:
        step = first_step(game)
        if step is not None:
            return step
    return None


def next_step(game: Game) -> Draw | Step | None:
    """What happens next without a player's decision, or ``None`` when a player decides."""
    if not game.digital and game.rules.first_step:
        step = first_reveal(game)
        if step is not None:
            return step
    phase = game.phase
    if phase is REFILL:
        return refill.next_step(game)
    if phase is SETUP:
        return setup.next_step(game)
    if phase is FINAL_PLACEMENT:
        return end.next_step(game)
    return None


def settle(game: Game) -> None:
    """Run the automatic steps until a player decides or the table must reveal a draw."""
    rules = game.rules
    if rules.after_action:
        for after_action in rules.after_action:
            after_action(game)
    game.touched = 0
    if not game.phase.automatic and (game.digital or not rules.first_step):
        return  # a player decides (the common case: a turn goes on)
    step = next_step(game)
    while step is not None:
        if type(step) is Draw:
            if not game.digital:
                return  # the table reveals what is drawn
            step.receive(game, step.source.top(game))
        else:
            step(game)  # type: ignore[operator]
        step = next_step(game)


def seat_to_act(game: Game) -> int | None:
    """The seat that must decide now; ``None`` when the table must reveal a draw, or at the end."""
    if first_reveal(game) is not None:
        return None  # the table reveals a module's draw first
    phase = game.phase
    if phase is ACTION or phase is PLACEMENT:
        return game.player
    if phase is FINAL_PLACEMENT and game.awarded:
        return placer(game)
    rules = game.rules.phase_rules.get(phase)
    return None if rules is None else rules.to_act(game)


def legal_moves(game: Game) -> list[Move]:
    """Every legal move now, in the order :func:`legal_actions` lists the actions."""
    if game.over:
        return []
    step = next_step(game)
    if type(step) is Draw:
        source = step.source
        return [(REVEAL, None, source, item) for item in source.drawable(game)]
    phase = game.phase
    if phase.placing:
        return legal_placements(game)
    rules = game.rules.phase_rules.get(phase)
    if rules is not None and rules.legal is not None:
        return list(rules.legal(game))
    return turn_moves(game)


def turn_moves(game: Game) -> list[Move]:
    """T2: the actions of a turn (T3, T4, T5 and the modules'), declining a further action
    (T4), or passing when nothing else is legal."""
    moves = legal_takes(game) + legal_buys(game) + legal_redesigns(game)
    for turn_actions in game.rules.turn_actions:
        moves += turn_actions(game)
    if game.extra_action:
        moves.append((END, game.player))
    elif not moves:
        moves.append((PASS, game.player))
    return moves


def play(game: Game, move: Move) -> None:
    """Carry out a listed move and everything automatic after it (no check: the listing made
    the move)."""
    move[0].play(game, move)
    settle(game)


def advance(game: Game, action: Action) -> list[Event]:
    """Check ``action`` against the rules and carry it out and everything automatic after it,
    on the game itself; the events, in order. A refusal leaves the game as it was."""
    if game.over:
        raise GameOver("T9", Text("api.T9.game_over"))
    step = next_step(game)
    if isinstance(action, REVEALS):
        if type(step) is not Draw:
            if game.digital:
                raise IllegalAction("T7", Text("api.T7.nothing_drawn"))
            raise IllegalAction("T7", Text("api.T7.nothing_drawn_who", who=_who(game)))
        move: Move = (REVEAL, None, step.source, _revealed(game, step, action))
    else:
        if type(step) is Draw:
            rule = step.source.rule or ("T7" if game.phase is REFILL else "T1")
            raise NotYourTurn(rule, Text("api.T7.reveal_first", drawn=step.source.drawn))
        seat = seat_to_act(game)
        if action.player != seat:
            rules = game.rules.phase_rules.get(game.phase)
            told = Text("api.T2.not_your_turn", who=_who(game), seat=action.player)
            if rules is not None and rules.who_acts is not None:
                told = Text("api.T2.not_your_turn_why", told=told, why=rules.who_acts)
            raise NotYourTurn("T2" if rules is None else game.phase.rule, told)
        if isinstance(action, Pass) and (
            game.extra_action or action.player != game.player or _any_turn_action(game)
        ):
            raise IllegalAction("T2", Text("api.T2.pass"))
        move = _decision(game, action)
    events: list[Event] = []
    game.log = events
    try:
        play(game, move)
    finally:
        game.log = None
    return events


def _any_turn_action(game: Game) -> bool:
    return turn_moves(game) != [(PASS, game.player)]


def _who(game: Game) -> Text:
    seat = seat_to_act(game)
    if seat is None:
        return Text("api.who.table")
    return Text("api.who.seat", name=game.seats[seat].name, seat=seat)


def _revealed(game: Game, step: Draw, action: Action) -> object:
    """The item a reveal names, if the draw under way can bring it."""
    source = game.rules.source_of_reveal.get(type(action)) or _BASE_SOURCES.get(type(action))
    rule = step.source.rule or "T7"
    if source is not step.source:
        raise IllegalAction(rule, Text("api.T7.other_drawn", drawn=step.source.drawn))
    item = source.item(game, action)
    if item is None or item not in source.drawable(game):
        if isinstance(action, RevealScoringCard):
            raise IllegalAction(rule, Text("api.T7.not_held_scoring", holder=source.holder))
        raise IllegalAction(rule, Text("api.T7.not_held", holder=source.holder))
    return item


def _decision(game: Game, action: Action) -> Move:
    """A player's action checked against the rules of the phase: its move."""
    phase = game.phase
    claim = game.rules.claim(action)  # a module's action, or its way of a base one
    if phase.placing:
        if isinstance(action, PLACEMENTS):
            return check_placement(game, action)
        if claim is not None and not claim.turn_action:
            return claim.check(game, action)  # the module refuses it outside its phase
        if phase is PLACEMENT and any(HUT[tile] for tile in game.bought):
            raise IllegalAction("V4", Text("api.V4.actions_over"))
        if phase is PLACEMENT:
            raise IllegalAction("T4", Text("api.T4.actions_over"))
        raise IllegalAction(phase.rule, Text("api.T6.place_first"))
    if phase is not ACTION:
        decide = game.rules.phase_rules[phase].decide  # a module's phase (V1)
        assert decide is not None
        return decide(game, action)
    if claim is not None:
        return claim.check(game, action)
    # the actions of a turn, the most played first
    if isinstance(action, TakeMoney):
        return check_take(game, action)
    if isinstance(action, Buy):
        return check_buy(game, action)
    if isinstance(action, REDESIGNS):
        return check_redesign(game, action)
    if isinstance(action, PLACEMENTS):
        raise IllegalAction("T6", Text("api.T6.placed_at_the_end"))
    if isinstance(action, EndTurn):
        if not game.extra_action:
            raise IllegalAction("T4", Text("api.T4.nothing_to_decline"))
        return (END, action.player)
    if isinstance(action, Pass):
        return (PASS, action.player)
    raise IllegalAction("T2", Text("api.T2.unknown_action", kind=repr(action.kind)))


def _end(game: Game, move: Move) -> None:
    if game.log is not None:
        game.log.append(ExtraActionDeclined(move[1]))
    actions_done(game)


def _pass(game: Game, move: Move) -> None:
    if game.log is not None:
        game.log.append(Passed(move[1]))
    actions_done(game)


def _reveal(game: Game, move: Move) -> None:
    _, _, source, item = move
    step = next_step(game)
    assert type(step) is Draw and step.source is source
    source.take(game, item)
    step.receive(game, item)


END: Final[Kind] = Kind("end_turn", _end, lambda game, move: EndTurn(move[1]))
"""T4: ``(END, seat)``, the further action an exact payment allows declined."""
PASS: Final[Kind] = Kind("pass", _pass, lambda game, move: Pass(move[1]))
"""T2: ``(PASS, seat)``, no action at all is legal."""
REVEAL: Final[Kind] = Kind("reveal", _reveal, lambda game, move: move[2].reveal(game, move[3]))
"""Table mode: ``(REVEAL, None, source, item)``, what was drawn from ``source``."""
