"""The rules engine: whole base games, set up and advanced statelessly (RULES.md T1-T9, D1-D4).

Pure like :mod:`calculator.core` (no I/O, no web framework): a game is a frozen
:class:`GameState`; :func:`legal_actions` lists what may happen now and :func:`apply` returns
the next state with the events that led to it.

Here: the interface (:mod:`game`), the game's records (:mod:`state`, :mod:`actions`,
:mod:`events`, :mod:`components`, :mod:`errors`) and what a module may add to them
(:mod:`hooks`, :mod:`parts`). The base game's turn, one module per rule, is
:mod:`calculator.engine.turn`; beside it the tools: :mod:`consistency` (a client-sent state
checked before use), :mod:`table` (a described table), :mod:`simulate` (random games), and the
computer players (:mod:`calculator.engine.players`). The modules a table may switch on (V1-V4)
live in :mod:`calculator.modules`, one package each; the base game reaches them only through the
registry and the hooks :mod:`hooks` declares.
"""

from calculator.engine.actions import Action
from calculator.engine.errors import ActionRefused, GameOver, IllegalAction, NotYourTurn
from calculator.engine.events import Event
from calculator.engine.game import apply, legal_actions, new_game, to_act
from calculator.engine.state import GameState, Options

__all__ = [
    "Action",
    "ActionRefused",
    "Event",
    "GameOver",
    "GameState",
    "IllegalAction",
    "NotYourTurn",
    "Options",
    "apply",
    "legal_actions",
    "new_game",
    "to_act",
]
