"""The app factory: configuration, blueprints by name, error handlers."""

from __future__ import annotations

from typing import Any

from flask import Flask

from calculator.web import docs, games, health, page, render, v1
from calculator.web.errors import register_error_handlers
from calculator.web.fast_path import ScoresFastPath
from calculator.web.security import register_security

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 256 * 1024,  # a 6-player table with full Alhambras is ~40 KiB
    "JSON_SORT_KEYS": False,
    "CORS_ORIGINS": [],  # companion apps (origins) that may call /v1 from a browser: none
}


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.from_prefixed_env("ALHAMBRA")  # deployment settings, e.g. ALHAMBRA_CORS_ORIGINS
    if config:
        app.config.update(config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.compact = True  # type: ignore[attr-defined]
    # "//" in a path is a 404 like any unknown path, not a 308 to another one the spec lists
    app.url_map.merge_slashes = False
    app.register_blueprint(v1.blueprint)
    app.register_blueprint(games.blueprint)
    app.register_blueprint(docs.blueprint)
    app.register_blueprint(health.blueprint)
    app.register_blueprint(page.blueprint)
    app.register_blueprint(render.blueprint)
    register_error_handlers(app)
    register_security(app)
    app.wsgi_app = ScoresFastPath(app, app.wsgi_app)  # type: ignore[method-assign]
    return app
