"""The rules engine: whole base games, set up and advanced statelessly (RULES.md T1-T9, D1-D4).

Pure like :mod:`calculator.core` (no I/O, no web framework): a game is a frozen
:class:`GameState`; :func:`legal_actions` lists what may happen now and :func:`apply` returns
the next state with the events that led to it. The rules run on the game core
(:mod:`core`: a game in play, compact and mutable, and the :class:`Ruleset` it is played by),
which the computer players and the simulations play on directly (:func:`advance`,
:func:`play`).

Here: the interface (:mod:`game`), the game's records (:mod:`state`, :mod:`actions`,
:mod:`events`, :mod:`components`, :mod:`errors`), the core (:mod:`core`, :mod:`codes`,
:mod:`layout`, :mod:`hand`) and what a module may keep (:mod:`parts`). The base game's turn,
one module per rule, is :mod:`calculator.engine.turn`; beside it the tools: :mod:`consistency`
(a client-sent state checked before use), :mod:`table` (a described table), :mod:`simulate`
(random games), and the computer players (:mod:`calculator.engine.players`). The modules a
table may switch on (V1-V4) live in :mod:`calculator.modules`, one package each; their hooks
reach the engine as a value, the game's :class:`Ruleset`, built by the registry at the edge.
"""

from calculator.engine.actions import Action
from calculator.engine.core import BASE_GAME, Game, Ruleset
from calculator.engine.errors import ActionRefused, GameOver, IllegalAction, NotYourTurn
from calculator.engine.events import Event
from calculator.engine.game import advance, apply, legal_actions, new_game, play, to_act
from calculator.engine.state import GameState, Options

__all__ = [
    "BASE_GAME",
    "Action",
    "ActionRefused",
    "Event",
    "Game",
    "GameOver",
    "GameState",
    "IllegalAction",
    "NotYourTurn",
    "Options",
    "Ruleset",
    "advance",
    "apply",
    "legal_actions",
    "new_game",
    "play",
    "to_act",
]
