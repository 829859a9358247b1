"""GET /: the phone page as served (languages, markup a strict CSP allows, complete catalogs).

The page's behaviour in a real browser is tested in ``test_browser.py``.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from calculator.core.tiles import BUILDINGS, CATALOG, CURRENCIES
from calculator.i18n import CATALOG_DIR, LANGUAGES, messages, page_messages

STATIC = Path(__file__).resolve().parents[2] / "calculator" / "web" / "static"


class Markup(HTMLParser):
    """Collects what a Content-Security-Policy of default-src 'self' would refuse."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str | None]] = []
        self.inline_handlers: list[str] = []
        self.style_attributes: list[str] = []
        self.style_elements = 0
        self.urls: list[str] = []
        self.labelled_ids: set[str] = set()
        self.controls: list[dict[str, str | None]] = []
        self.html_lang: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "html":
            self.html_lang = attributes.get("lang")
        if tag == "script":
            self.scripts.append(attributes)
        if tag == "style":
            self.style_elements += 1
        if tag == "label" and attributes.get("for"):
            self.labelled_ids.add(attributes["for"] or "")
        if tag in ("input", "select", "textarea"):
            self.controls.append(attributes)
        for name, value in attrs:
            if name.startswith("on"):
                self.inline_handlers.append(f"{tag} {name}")
            if name == "style":
                self.style_attributes.append(tag)
            if name in ("src", "href") and value:
                self.urls.append(value)


def markup(client, **kwargs) -> Markup:
    response = client.get("/", **kwargs)
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    parser = Markup()
    parser.feed(response.get_data(as_text=True))
    return parser


@pytest.mark.parametrize(
    ("query", "headers", "expected"),
    [
        ("?lang=ru", {}, "ru"),
        ("?lang=ja", {"Accept-Language": "de"}, "ja"),  # the query wins
        ("", {"Accept-Language": "de-AT,de;q=0.9,en;q=0.8"}, "de"),
        ("", {"Accept-Language": "fr-FR, ja;q=0.7, en;q=0.5"}, "ja"),
        ("", {"Accept-Language": "fr"}, "en"),
        ("?lang=xx", {"Accept-Language": "ru"}, "ru"),  # an unknown choice falls back
        ("", {}, "en"),
    ],
)
def test_language_from_query_else_accept_language(client, query, headers, expected):
    response = client.get(f"/{query}", headers=headers)
    assert response.headers["Content-Language"] == expected
    assert "Accept-Language" in response.headers["Vary"]
    parser = Markup()
    parser.feed(response.get_data(as_text=True))
    assert parser.html_lang == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_page_is_in_the_chosen_language(client, language):
    html = client.get(f"/?lang={language}").get_data(as_text=True)
    catalog = messages(language)
    for key in (
        "app.title",
        "tab.score",
        "tab.build",
        "players.count",
        "round.legend",
        "picker.place",
        "reference.points",
    ):
        assert catalog[key] in html
    for building in BUILDINGS:
        assert catalog[f"building.{building.value}"] in html
    for currency in CURRENCIES:
        assert catalog[f"currency.{currency.value}"] in html


def test_switcher_offers_every_language(client):
    parser = markup(client)
    assert {url for url in parser.urls if url.startswith("?lang=")} == {
        f"?lang={code}" for code in LANGUAGES
    }


def test_markup_passes_a_strict_content_security_policy(client):
    parser = markup(client, query_string={"lang": "de"})
    assert parser.inline_handlers == []
    assert parser.style_attributes == []
    assert parser.style_elements == 0
    for script in parser.scripts:
        # external scripts from this origin, or JSON data blocks (never executed)
        assert script.get("src", "").startswith("/static/") or script.get("type") == (
            "application/json"
        ), script
    assert all(url.startswith(("/", "?", "#")) for url in parser.urls), parser.urls


def test_every_form_control_has_a_label(client):
    parser = markup(client)
    for control in parser.controls:
        assert control.get("id") in parser.labelled_ids or control.get("aria-label"), control


def test_static_files_the_page_names_are_served(client):
    for url in markup(client).urls:
        if url.startswith("/static/"):
            response = client.get(url)
            assert response.status_code == 200, url
            response.close()


def test_data_blocks_carry_the_catalogs(client):
    html = client.get("/?lang=ja").get_data(as_text=True)
    blocks = dict(
        re.findall(r'<script type="application/json" id="([\w-]+)">(.*?)</script>', html, re.S)
    )
    assert json.loads(blocks["messages"]) == page_messages("ja")  # the API's words stay out
    tiles = json.loads(blocks["tile-catalog"])
    assert len(tiles) == len(CATALOG) == 54
    assert tiles[0] == {"building": "pavilion", "walls": "NEW", "price": 2}


# --- the catalogs ------------------------------------------------------------------------------

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def forms(value: str | dict[str, str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value.values())


def test_every_language_has_every_key():
    english = messages("en")
    for language in LANGUAGES:
        assert set(messages(language)) == set(english), language
    assert sorted(path.stem for path in CATALOG_DIR.glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language):
    english = messages("en")
    for key, value in messages(language).items():
        expected = {name for form in forms(english[key]) for name in PLACEHOLDER.findall(form)}
        for form in forms(value):
            # a plural form may spell the number out, every other placeholder stays
            assert set(PLACEHOLDER.findall(form)) | {"n"} >= expected - {"n"}, (key, form)
            assert set(PLACEHOLDER.findall(form)) <= expected, (key, form)
        if isinstance(value, dict):
            assert "other" in value, key  # Intl.PluralRules always can fall back to it


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_the_page_can_meet_has_words(language):
    catalog = messages(language)
    for rule in ("B2", "B3", "B4", "B5", "B6", "T5"):
        assert catalog[f"rule.{rule}"]
        assert catalog[f"message.{rule}"]


def test_plural_forms_match_each_language():
    assert set(messages("ru")["results.points"]) == {"one", "few", "many", "other"}
    assert set(messages("ja")["results.points"]) == {"other"}
    assert set(messages("de")["results.points"]) == {"one", "other"}


def test_service_worker_is_served_from_the_root_with_every_page_file(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Content-Security-Policy"] == "default-src 'self'"
    script = response.get_data(as_text=True)
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", script).group(1))  # type: ignore[union-attr]
    assert {"/", "/?lang=ja", "/static/app.css", "/static/js/app.js", "/static/js/build.js"} <= set(
        files
    )
    for url in files:
        page = client.get(url)
        assert page.status_code == 200, url
        page.close()
    version = re.search(r"alhambra-page-(\w+)", script).group(1)  # type: ignore[union-attr]
    assert len(version) == 12  # changes with the files, so browsers drop an old copy
