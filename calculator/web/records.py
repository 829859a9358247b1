"""The views of a game's record and of a position at a table: thin views over
:mod:`calculator.api.records` and :mod:`calculator.api.positions`.

    POST /v1/records/notation   a record both ways: JSON and text
    POST /v1/records/replay     the game after any number of its moves, and the first illegal one
    POST /v1/records/review     every decision judged by a computer player
    POST /v1/games/position     a game's state from what lies on a table (the position editor)
"""

from __future__ import annotations

from flask import Blueprint

from calculator.api import positions, records
from calculator.web.http import operation

blueprint = Blueprint("records", __name__, url_prefix="/v1")

operation(blueprint, "/records/notation", records.notation, "notation")
operation(blueprint, "/records/replay", records.replay, "replay")
operation(blueprint, "/records/review", records.review, "review")
operation(blueprint, "/games/position", positions.position_of, "position")
