"""The record endpoints: thin views over :mod:`calculator.api.records`.

POST /v1/records/notation   a record both ways: JSON and text
POST /v1/records/replay     the game after any number of its moves, and the first illegal one
"""

from __future__ import annotations

from flask import Blueprint

from calculator.api import records
from calculator.web.http import operation

blueprint = Blueprint("records", __name__, url_prefix="/v1/records")

operation(blueprint, "/notation", records.notation, "notation")
operation(blueprint, "/replay", records.replay, "replay")
operation(blueprint, "/review", records.review, "review")
