"""The languages of the page and of the pictures: English, Russian, Japanese, German.

One JSON catalog per language in ``messages/`` serves both sides: the server renders the
page's fixed text from it, and the page's script gets the same catalog for what it builds
(rule messages from a violation's rule id and cells, breakdowns, counts with plural forms).
A value is a string with ``{name}`` placeholders, or, where a number decides the wording, an
object keyed by CLDR plural category (``one``, ``few``, ``many``, ``other``; ``zero`` for 0).

Where a sentence needs a word in another grammatical form, the catalog holds that form under
its own key: ``building.tower`` names a building, ``building_acc.tower`` is what a sentence
buys, builds or moves (Russian "башню", German "den Turm", whose article carries the case),
and a sentence asks for ``{building}`` or ``{building_acc}``. Per-case forms rather than ICU
MessageFormat: no library and no build step for the page, the same ``{name}`` filling on both
sides, and every translation stays one plain sentence.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final

from calculator.core.text import Text, Value
from calculator.core.tiles import BUILDINGS
from calculator.pictures import PictureLabels

LANGUAGES: Final[tuple[str, ...]] = ("en", "ru", "ja", "de")
DEFAULT_LANGUAGE: Final = "en"
CATALOG_DIR: Final[Traversable] = resources.files("calculator") / "messages"
PICTURED_PIECES: Final = ("camp", "bazaar", "chest", "resident")
"""The Big Box's pieces a picture names (G4, K4, K1, H3), each by its catalog's ``piece.*``."""


@cache
def messages(language: str) -> Mapping[str, Any]:
    """The catalog of ``language`` (one of :data:`LANGUAGES`)."""
    if language not in LANGUAGES:
        raise KeyError(language)
    return json.loads((CATALOG_DIR / f"{language}.json").read_text("utf-8"))  # type: ignore[no-any-return]


API_KEYS: Final = "api."
"""The keys of the API's words: the server says them (:func:`say`); the page never needs them."""


@cache
def page_messages(language: str) -> Mapping[str, Any]:
    """The catalog of ``language`` the page's script gets: without the API's words."""
    return {key: text for key, text in messages(language).items() if not key.startswith(API_KEYS)}


def translator(language: str) -> Callable[..., str]:
    """``t("round.n", n=2)`` for templates: the text of a key with its placeholders filled."""
    catalog = messages(language)

    def translate(key: str, **params: Any) -> str:
        text = catalog[key]
        if not isinstance(text, str):
            raise TypeError(f"{key} has plural forms; the page's script words it")
        return text.format(**params) if params else text

    return translate


def picture_labels(language: str) -> PictureLabels:
    """The words of an Alhambra picture, in ``language``."""
    catalog = messages(language)
    return PictureLabels(
        buildings={building: catalog[f"building.{building.value}"] for building in BUILDINGS},
        fountain=catalog["fountain_short"],
        title=catalog["picture.title"],
        longest_wall=catalog["picture.longest_wall"],
        proposal_legal=catalog["picture.proposal_legal"],
        proposal_refused=catalog["picture.proposal_refused"],
        legal=catalog["picture.legal"],
        hut=catalog["picture.hut"],
        pieces={piece: catalog[f"piece.{piece}"] for piece in PICTURED_PIECES},
        rules={
            key.removeprefix("rule."): text
            for key, text in catalog.items()
            if key.startswith("rule.")
        },
        short_buildings={
            building: catalog[f"building_short.{building.value}"] for building in BUILDINGS
        },
        player=catalog["totals.player"],
        wall=catalog["results.wall"],
        points=catalog["results.col_points"],
        total=catalog["results.total"],
        dummy=catalog["dummy.name"],
        round=catalog["round.n"],
    )


# --- the API's words ---------------------------------------------------------------------------


def say(text: Value, language: str) -> str:
    """``text`` in ``language``: its catalog entry, the placeholders filled, each value said in
    the same language; a list is said item by item (``list.separator``)."""
    if isinstance(text, Text):
        template = messages(language)[text.key]
        if not isinstance(template, str):
            template = template[plural_form(language, text.values["n"], template)]
        said: str = template.format_map(
            {name: say(value, language) for name, value in text.values.items()}
        )
        return said
    if isinstance(text, str):
        return text
    if isinstance(text, int | float):
        return str(text)
    separator: str = messages(language)["api.list.separator"]
    return separator.join(say(item, language) for item in text)


def plural_form(language: str, n: Value, forms: Mapping[str, str]) -> str:
    """The CLDR plural category of ``n`` among ``forms`` (``zero`` for 0 where the entry has
    it), for whole numbers: what ``Intl.PluralRules`` gives the page."""
    if not isinstance(n, int):
        return "other"
    if n == 0 and "zero" in forms:
        return "zero"
    if language == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    if language in ("en", "de") and n == 1:
        return "one"
    return "other"
