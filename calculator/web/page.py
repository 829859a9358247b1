"""``GET /``: the phone page for scoring at the table, drawing an Alhambra and playing against
the computer, installable as an app (``GET /manifest.webmanifest``, its icons in
``static/icons/``).

Server-rendered in the visitor's language (``?lang=xx``, else Accept-Language); the script in
``static/`` does the rest by calling the public API (``/v1/scores``, ``/v1/placement``,
``/v1/placement/options``, ``/v1/removal``, ``/v1/walls``, ``/v1/render``, ``/v1/games/...``)
like any client.
Nothing is kept on the server: the game lives in the visitor's browser.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, request, url_for

from calculator.api.module_catalog import score_expansions
from calculator.core.scoring import POINTS, ROUNDS
from calculator.core.tiles import BUILDINGS, CATALOG, MARKET_SLOTS
from calculator.i18n import LANGUAGES, messages, page_messages, translator
from calculator.modules import NAMES as MODULES
from calculator.web.languages import choose_language

blueprint = Blueprint("page", __name__)


@blueprint.get("/")
def index() -> Response:
    language = choose_language(request)
    html = render_template(
        "page.html",
        lang=language,
        t=translator(language),
        languages=[(code, messages(code)["language.name"]) for code in LANGUAGES],
        messages=page_messages(language),
        default_names=default_names(),
        buildings=[building.value for building in BUILDINGS],
        modules=list(MODULES),
        score_expansions=score_expansions(),
        points={building.value: POINTS[building] for building in BUILDINGS},
        rounds=ROUNDS,
        market_slots=[currency.value for currency in MARKET_SLOTS],
        tile_ranges={
            building.value: [tile.price for tile in CATALOG if tile.building is building]
            for building in BUILDINGS
        },
        catalog=[
            {"building": tile.building.value, "walls": tile.walls, "price": tile.price}
            for tile in CATALOG
            if tile.building is not None
        ],
    )
    response = Response(html, mimetype="text/html")
    response.headers["Content-Language"] = language
    response.vary.add("Accept-Language")  # the same URL answers in the browser's language
    return response


def default_names() -> dict[str, dict[str, str]]:
    """The names the page gives in every language, by kind: a scoring table's player, and
    Play's you and computer; the page words a saved default name in its own language."""
    return {
        code: {
            "player": messages(code)["players.default_name"],
            "you": messages(code)["play.you"],
            "bot": messages(code)["play.bot_name"],
        }
        for code in LANGUAGES
    }


PAGE_FILES = ("app.css", "icon.svg", "icons/*.png", "js/*.js")
"""The page's own files in ``static/`` (the docs page has its own)."""

THEME = "#0d3b66"  # the header's blue (app.css --brand), the icon's
ICONS = (  # (file in static/icons/, size, purpose), drawn by scripts/page_icons.py
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("maskable-192.png", 192, "maskable"),
    ("maskable-512.png", 512, "maskable"),
)


@blueprint.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest that makes the page installable to a phone's home screen, in the
    visitor's language; the installed page opens in the language it was installed from."""
    language = choose_language(request)
    t = translator(language)
    document = {
        "id": "/",
        "name": t("app.title"),
        "short_name": t("app.short_name"),
        "description": t("app.description"),
        "lang": language,
        "start_url": f"/?lang={language}",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": [
            {
                "src": url_for("static", filename=f"icons/{name}"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for name, size, purpose in ICONS
        ],
    }
    body = json.dumps(document, ensure_ascii=False)
    response = Response(body, mimetype="application/manifest+json")
    response.vary.add("Accept-Language")
    return response


@cache
def _static_files(folder: str) -> tuple[list[str], str]:
    """The URLs of the page's files, and a version that changes with their contents."""
    root = Path(folder)
    files = sorted(path for pattern in PAGE_FILES for path in root.glob(pattern))
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.read_bytes())
    urls = [f"/static/{path.relative_to(root).as_posix()}" for path in files]
    return urls, digest.hexdigest()[:12]


@blueprint.get("/sw.js")
def service_worker() -> Response:
    """The service worker that lets the page open without a connection (see templates/sw.js).

    Served from the root, so that it may look after ``/``.
    """
    files, version = _static_files(current_app.static_folder or "")
    pages = [
        "/",
        *(f"/?lang={code}" for code in LANGUAGES),
        *(f"/manifest.webmanifest?lang={code}" for code in LANGUAGES),
    ]
    script = render_template("sw.js", files=[*pages, *files], version=version)
    response = Response(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"  # browsers look for a new version each visit
    # A worker runs under the policy of its own script: it must reach this origin (to fetch
    # and keep the page), where an API's deny-all policy would leave it nothing but the cache.
    response.headers["Content-Security-Policy"] = "default-src 'self'"
    return response
