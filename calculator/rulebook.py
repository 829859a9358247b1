"""The rules' texts by id, in the four languages of the page (English, Russian, Japanese,
German): ``docs/RULES.md`` restated for a referee who shows a ruling at the table.

The texts are the project's own, each translation reviewed against the printed rulebooks
(``shared/seeds/``: the Russian and Japanese translations of the Queen Games rulebook and the
Vizier's Favour) and in their words: the Russian "тайл", "резерв", "рынок зданий", the
Japanese 予約ボード, 建設現場, 外壁; the buildings, currencies and modules as the page's
catalogs name them (``calculator/messages/``). They ship with the package (``messages/rules/``,
one file per language) and load through ``importlib.resources``. Pure: no web framework.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Final

from msgspec import Struct

from calculator.i18n import LANGUAGES

RULES_DIR: Final[Traversable] = resources.files("calculator") / "messages" / "rules"


class RuleText(Struct, frozen=True):
    """One rule as a referee shows it: a short title and its text."""

    title: str
    text: str


@cache
def rule_texts(language: str) -> Mapping[str, RuleText]:
    """Every rule's text in ``language`` (one of the page's), by id: family by family in the
    order of ``docs/RULES.md`` (C, B, W, M, T, D, V, G, H, K, S, X), each by number."""
    if language not in LANGUAGES:
        raise KeyError(language)
    document = json.loads((RULES_DIR / f"{language}.json").read_text("utf-8"))
    return {rule: RuleText(entry["title"], entry["text"]) for rule, entry in document.items()}
