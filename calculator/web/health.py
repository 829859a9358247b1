"""Liveness and readiness probes."""

from __future__ import annotations

from flask import Blueprint

blueprint = Blueprint("health", __name__)


@blueprint.get("/livez")
def livez() -> dict[str, str]:
    """The process answers."""
    return {"status": "ok"}


@blueprint.get("/readyz")
def readyz() -> dict[str, str]:
    """The app is fully built (catalog and contract loaded at start-up) and can take traffic."""
    return {"status": "ready"}
