"""The app factory: configuration, the JSON provider, blueprints by name, error handlers."""

from __future__ import annotations

import os
from typing import Any

from flask import Flask

from calculator.api.contract import request_contracts
from calculator.api.json_text import MAX_BODY_BYTES
from calculator.web import docs, games, health, page, records, render, rulings, v1
from calculator.web.http import ApiJSONProvider, register_error_handlers
from calculator.web.security import register_security

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": MAX_BODY_BYTES,
    "CORS_ORIGINS": [],  # companion apps (origins) that may call /v1 from a browser: none
    "STATE_KEY": [],  # keys that seal the game states given (the first seals): none
}


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.json = ApiJSONProvider(app)
    app.config.update(DEFAULTS)
    app.config.from_prefixed_env("ALHAMBRA")  # deployment settings, e.g. ALHAMBRA_CORS_ORIGINS
    if "ALHAMBRA_STATE_KEY" in os.environ:  # as written: from_prefixed_env reads JSON, digits too
        app.config["STATE_KEY"] = os.environ["ALHAMBRA_STATE_KEY"]
    if config:
        app.config.update(config)
    # "//" in a path is a 404 like any unknown path, not a 308 to another one the spec lists
    app.url_map.merge_slashes = False
    app.register_blueprint(v1.blueprint)
    app.register_blueprint(games.blueprint)
    app.register_blueprint(docs.blueprint)
    app.register_blueprint(health.blueprint)
    app.register_blueprint(page.blueprint)
    app.register_blueprint(render.blueprint)
    app.register_blueprint(records.blueprint)
    app.register_blueprint(rulings.blueprint)
    register_error_handlers(app)
    register_security(app)
    return app


def warm_up() -> None:
    """Do once what a worker would otherwise do on its first requests: compile every request's
    contract and render the served spec. gunicorn does it in the master, before the workers
    fork (``gunicorn.conf.py``), so every worker, a recycled one too, starts with it done."""
    request_contracts()
    docs.openapi_text()
    docs.openapi_json()
