"""The language of a request: ``?lang=xx`` (the page, ``GET /v1/rules``) or a body's ``lang``
(a picture, a ruling), else the best match of Accept-Language (q-values honoured), else English."""

from __future__ import annotations

from typing import Any

from flask import Request

from calculator.i18n import DEFAULT_LANGUAGE, LANGUAGES


def accepted_language(request: Request) -> str:
    """The best match of the browser's Accept-Language, else English."""
    best = request.accept_languages.best_match(LANGUAGES, default=DEFAULT_LANGUAGE)
    return best or DEFAULT_LANGUAGE


def choose_language(request: Request) -> str:
    """``?lang=xx`` when it names a language of the page, else :func:`accepted_language`."""
    asked = request.args.get("lang", "")
    return asked if asked in LANGUAGES else accepted_language(request)


def body_language(body: Any) -> str | None:
    """The language a request body names in its ``lang`` member, if it names one of ours; the
    body's contract refuses any other."""
    asked = body.get("lang") if isinstance(body, dict) else None
    return asked if asked in LANGUAGES else None
