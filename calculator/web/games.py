"""The game endpoints (T1-T9, D1-D4): thin views over :mod:`calculator.web.game_service`.

    POST /v1/games                 set up a game
    POST /v1/games/legal-actions   who acts now, and every legal action
    POST /v1/games/advance         apply actions, then everything automatic
    POST /v1/table                 a described table evaluated at once

Stateless: the client sends the state with every request.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, request

from calculator.web import game_service
from calculator.web.body import json_body
from calculator.web.service import to_json

blueprint = Blueprint("games", __name__, url_prefix="/v1")


def _operation(path: str, operate: Callable[[Any], dict[str, Any]], name: str) -> None:
    def view() -> Response:
        answer = operate(json_body(request))
        return Response(to_json(answer) + "\n", mimetype="application/json")

    view.__name__ = name
    view.__doc__ = operate.__doc__
    blueprint.add_url_rule(path, name, view, methods=["POST"])


_operation("/games", game_service.new_game, "new_game")
_operation("/games/legal-actions", game_service.legal_actions, "legal_actions")
_operation("/games/advance", game_service.advance, "advance")
_operation("/table", game_service.table, "table")
