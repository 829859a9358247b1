"""A second, labelled yardstick for ``scores_throughput.py --strict-echo``: the echo of
``echo_app.py``, reading the body with the scores app's own strict reader (UTF-8, no duplicate
keys, no NaN or Infinity: ``calculator.web.http``). The target stays against the plain echo."""

from __future__ import annotations

from typing import Any

from flask import Flask, request

from calculator.web.http import json_body

app = Flask(__name__)


@app.post("/v1/scores")
def strict_echo() -> Any:
    return json_body(request)
