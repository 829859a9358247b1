"""The app factory: configuration, blueprints by name, error handlers."""

from __future__ import annotations

from typing import Any

from flask import Flask

from calculator.web import docs, games, health, v1
from calculator.web.errors import register_error_handlers

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 256 * 1024,  # a 6-player table with full Alhambras is ~40 KiB
    "JSON_SORT_KEYS": False,
}


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    if config:
        app.config.update(config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.compact = True  # type: ignore[attr-defined]
    app.register_blueprint(v1.blueprint)
    app.register_blueprint(games.blueprint)
    app.register_blueprint(docs.blueprint)
    app.register_blueprint(health.blueprint)
    register_error_handlers(app)
    return app
