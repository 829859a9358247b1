"""The rules engine: whole base games, set up and advanced statelessly (RULES.md T1-T9, D1-D4).

Pure like :mod:`calculator.core` (no I/O, no web framework): a game is a frozen
:class:`GameState`; :func:`legal_actions` lists what may happen now and :func:`apply` returns
the next state with the events that led to it.

One module per concern: :mod:`setup` (T1, D1, D2), :mod:`money` (T3), :mod:`purchase` (T4),
:mod:`redesign` (T5), :mod:`placement` (T6, D4), :mod:`refill` (T7, T8), :mod:`rounds` (T8),
:mod:`end` (T9), :mod:`dummy` (D2, D3), :mod:`draws` (digital draws and table reveals),
:mod:`turn` (T2), :mod:`consistency` (a client-sent state checked before use). The modules a
table may switch on (V1-V4) live in :mod:`calculator.modules`, one package each; the base game
reaches them only through the registry and the hooks :mod:`hooks` declares.
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
