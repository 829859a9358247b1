"""GET /v1/catalog lists the Big Box's modules (G1-G4, H1-H4, K1-K4, S1-S4) with their rule ids
and their names in every language of the phone page; every warning a score can carry, and
every module and expansion the Score tab offers, has words in every language.

The expansion of a module is the letter of its rule (RULES.md, "Big Box expansions 2-5"):
G the City Gates (2), H the Thief's Turn (3), K the Treasure Chamber (4), S Power of the
Sultan (5); the Vizier's Favour (V1-V4) is the first.
"""

from __future__ import annotations

import re

import pytest

from calculator.api.contract import schema_documents
from calculator.api.module_catalog import score_expansions
from calculator.i18n import LANGUAGES, messages
from calculator.modules import NAMES, REGISTRY

BIG_BOX = {  # RULES.md: each module's wire name and rule, by expansion
    "city_gates": [("gates", "G1"), ("diamonds", "G2"), ("characters", "G3"), ("camps", "G4")],
    "thiefs_turn": [
        ("thieves", "H1"),
        ("change", "H2"),
        ("street_traders", "H3"),
        ("city_walls", "H4"),
    ],
    "treasure_chamber": [
        ("treasure", "K1"),
        ("master_builders", "K2"),
        ("invaders", "K3"),
        ("bazaars", "K4"),
    ],
    "power_of_the_sultan": [
        ("score_cards", "S1"),
        ("sultan", "S2"),
        ("caravanserai", "S3"),
        ("art_of_the_moors", "S4"),
    ],
}
RULE_ID = re.compile(r"\b[A-Z]\d\b")


def test_the_catalog_lists_the_sixteen_big_box_modules_with_rule_and_names(client):
    big_box = client.get("/v1/catalog").get_json()["big_box"]
    assert [(e["name"], e["number"]) for e in big_box["expansions"]] == [
        ("city_gates", 2),
        ("thiefs_turn", 3),
        ("treasure_chamber", 4),
        ("power_of_the_sultan", 5),
    ]
    listed = [(m["expansion"], m["name"], m["rule"]) for m in big_box["modules"]]
    assert listed == [
        (expansion, name, rule) for expansion, modules in BIG_BOX.items() for name, rule in modules
    ]
    assert {m["name"] for m in big_box["modules"]} == {m.name for m in REGISTRY} - set(NAMES)
    for expansion in big_box["expansions"]:
        assert expansion["modules"] == [name for name, _ in BIG_BOX[expansion["name"]]]
        assert expansion["names"] == {
            language: messages(language)[f"expansion.{expansion['name']}"] for language in LANGUAGES
        }
    for module in big_box["modules"]:
        assert module["names"] == {
            language: messages(language)[f"module.{module['name']}"] for language in LANGUAGES
        }


def test_the_treasure_chests_are_named_in_each_language(client):
    """One module read in full: K1's names as the catalog gives them."""
    modules = client.get("/v1/catalog").get_json()["big_box"]["modules"]
    treasure = next(module for module in modules if module["name"] == "treasure")
    assert treasure == {
        "name": "treasure",
        "rule": "K1",
        "expansion": "treasure_chamber",
        "names": {
            "en": "Treasure chests",
            "ru": "Сундуки с сокровищами",  # noqa: RUF001 (Russian)
            "ja": "宝箱",
            "de": "Schatztruhen",
        },
    }


def test_the_score_tab_offers_all_twenty_modules_grouped_by_expansion():
    groups = score_expansions()
    assert [group["expansion"] for group in groups] == ["vizier_favour", *BIG_BOX]
    assert [(m["name"], m["rule"]) for m in groups[0]["modules"]] == [
        ("vizier", "V1"),
        ("exchange", "V2"),
        ("bonus", "V3"),
        ("huts", "V4"),
    ]
    assert {m["name"] for m in groups[0]["modules"]} == set(NAMES)
    for group in groups[1:]:
        assert [(m["name"], m["rule"]) for m in group["modules"]] == BIG_BOX[group["expansion"]]
    offered = [m["name"] for group in groups for m in group["modules"]]
    assert offered == schema_documents()["score-modules.json"]["items"]["enum"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_warning_code_has_words_citing_its_rules_in_every_language(language):
    """A warning reaches the page as a code (warning.json): each, the Big Box's four
    (exposed-beyond-tiles K3, camp-points-beyond-tiles G4, bazaar-points-beyond-tiles K4,
    culture-points-beyond-counters S4) among them, is worded in every language and cites the
    rule it rests on, as the server's message does."""
    catalog = messages(language)
    english = messages("en")
    for code in schema_documents()["warning.json"]["properties"]["code"]["enum"]:
        text = catalog[f"warning.{code}"]
        assert text and (language == "en" or text != english[f"warning.{code}"]), code
        assert RULE_ID.findall(text) == RULE_ID.findall(english[f"warning.{code}"]), (code, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_module_and_expansion_the_score_tab_offers_has_a_name(language):
    catalog = messages(language)
    for group in score_expansions():
        assert catalog[f"expansion.{group['expansion']}"]
        for module in group["modules"]:
            assert catalog[f"module.{module['name']}"]
