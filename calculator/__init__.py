"""Alhambra calculator: the rules core (``calculator.core``) served as an HTTP API."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The app factory (gunicorn serves ``calculator:create_app()``).

    Imported lazily so that ``calculator.core`` can be used without Flask installed or loaded.
    """
    from calculator.web.app import create_app as build

    return build(config)
