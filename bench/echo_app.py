"""The yardstick of ``scores_throughput.py``: a Flask endpoint that parses the JSON body and
sends it back, nothing else. Served by gunicorn with the same settings as the real app."""

from __future__ import annotations

from typing import Any

from flask import Flask, request

app = Flask(__name__)


@app.post("/v1/scores")
def echo() -> Any:
    return request.get_json()
