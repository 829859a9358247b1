"""The game endpoints (T1-T9, D1-D4): thin views over :mod:`calculator.api.game_service` and
:mod:`calculator.api.advice` (the computer players).

    POST /v1/games                 set up a game
    POST /v1/games/legal-actions   who acts now, and every legal action
    POST /v1/games/advance         apply actions, then everything automatic
    POST /v1/games/advice          every legal action of the seat to decide, best first
    POST /v1/games/bot-turns       the computer plays its seats until a person decides
    POST /v1/table                 a described table evaluated at once

Stateless: the client sends the state with every request.
"""

from __future__ import annotations

from flask import Blueprint

from calculator.api import advice, game_service
from calculator.web.http import operation

blueprint = Blueprint("games", __name__, url_prefix="/v1")


operation(blueprint, "/games", game_service.new_game, "new_game")
operation(blueprint, "/games/legal-actions", game_service.legal_actions, "legal_actions")
operation(blueprint, "/games/advance", game_service.advance, "advance")
operation(blueprint, "/table", game_service.table, "table")
operation(blueprint, "/games/advice", advice.advice, "advice")
operation(blueprint, "/games/bot-turns", advice.bot_turns, "bot_turns")
