"""The language of a request: ``?lang=xx`` or the browser's Accept-Language, else English."""

from __future__ import annotations

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
