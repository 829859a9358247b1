"""The base game's turn, from the setup to the end, one module per rule, on the game core:
:mod:`.setup` (T1, D1, D2), :mod:`.money` (T3), :mod:`.purchase` (T4), :mod:`.redesign` (T5),
:mod:`.placement` (T6, D4), :mod:`.refill` (T7, T8), :mod:`.rounds` (T8), :mod:`.end` (T9),
:mod:`.dummy` (D2, D3), :mod:`.draws` (digital draws and table reveals).

Here, the shape of a turn (T2): one action, more after exact payments (T4), then the end of the
turn. A turn runs: actions (phase ``action``) -> placing the tiles bought (``placement``, T6)
-> refill and scoring (``refill``, T7-T8) -> the next player's turn.
"""

from __future__ import annotations

from calculator.engine.core import ACTION, PLACEMENT, REFILL, Game
from calculator.engine.events import TurnEnded, TurnStarted


def actions_done(game: Game) -> None:
    """The player's actions are over: place what was bought (T6), or end the turn."""
    if game.bought:
        game.phase = PLACEMENT
        game.extra_action = False
    else:
        end_turn(game)


def end_turn(game: Game) -> None:
    """Everything bought is placed: the refill follows (T7)."""
    game.phase = REFILL
    game.extra_action = False
    if game.log is not None:
        assert game.player is not None
        game.log.append(TurnEnded(game.player))


def start_turn(game: Game, player: int) -> None:
    game.set_turn(player, ACTION, game.number + 1)
    if game.log is not None:
        game.log.append(TurnStarted(player, game.number))


def next_turn(game: Game) -> None:
    """T2: play passes on in seat order."""
    assert game.player is not None
    start_turn(game, (game.player + 1) % len(game.seats))
