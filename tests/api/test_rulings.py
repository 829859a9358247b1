"""A ruling a referee can show: every rule's text in four languages (GET /v1/rules, key by key
against docs/RULES.md), and a ruling's picture (POST /v1/rulings) with the cells, the verdict
and the rules' texts, in the players' language, as SVG and PNG (B2-B6, M1-M5, W4, W6, D3)."""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from calculator.i18n import LANGUAGES
from calculator.pictures import PNG_PIXELS, PNG_ZOOM, to_png
from calculator.rulebook import rule_texts
from tests.helpers.api import ROUND_2, placed, pointers

RULES_MD = Path(__file__).parents[2] / "docs" / "RULES.md"
RULE_IDS = list(
    dict.fromkeys(re.findall(r"\*\*([CBWMTDVGHKSX][0-9]+)[* ]", RULES_MD.read_text("utf-8")))
)
FAMILIES = "".join(dict.fromkeys(rule[0] for rule in RULE_IDS))
RULE_IDS.sort(key=lambda rule: (FAMILIES.index(rule[0]), int(rule[1:])))
"""Every rule id of docs/RULES.md (as tests/contract/test_docs.py reads them), by family in the
order RULES.md gives them (C, B, W, M, T, D, V, G, H, K, S, X), then by number."""
SVG = "{http://www.w3.org/2000/svg}"


# --- the rules' texts --------------------------------------------------------------------------


def test_every_rule_of_rules_md_has_a_text_in_every_language_key_by_key():
    assert len(RULE_IDS) == 57
    for language in LANGUAGES:
        texts = rule_texts(language)
        assert list(texts) == RULE_IDS, language  # every id, none more, in RULES.md's order
        for rule, text in texts.items():
            assert text.title.strip() and text.text.strip(), (language, rule)


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_each_translation_is_its_own_and_keeps_every_figure(language):
    """Reviewed against the English: each text translated, and every number of it (prices,
    points, counts: C1, M2, M4, T1...) kept."""
    english, translated = rule_texts("en"), rule_texts(language)
    for rule in RULE_IDS:
        assert translated[rule].text != english[rule].text, (language, rule)
        figures = set(re.findall(r"\d+", english[rule].text))
        assert figures <= set(re.findall(r"\d+", translated[rule].text)), (language, rule)


@pytest.mark.parametrize(
    ("words", "language"),
    [
        ({"тайл", "резерв", "рын"}, "ru"),  # the Russian rulebook's words
        ({"予約ボード", "建設現場", "外壁"}, "ja"),  # the Japanese rulebook's words
        ({"Bauhof", "Reserve", "Mauer"}, "de"),
    ],
)
def test_the_translations_speak_the_printed_rulebooks_words(words, language):
    text = " ".join(rule.text for rule in rule_texts(language).values())
    assert all(word in text for word in words)


@pytest.mark.parametrize("language", LANGUAGES)
def test_get_rules_in_each_language(client, language):
    response = client.get(f"/v1/rules?lang={language}")
    assert response.status_code == 200
    assert response.headers["Content-Language"] == language
    assert "Accept-Language" in response.headers["Vary"]
    document = response.get_json()
    assert document["language"] == language and list(document["rules"]) == RULE_IDS
    assert document["rules"]["M4"]["text"] == rule_texts(language)["M4"].text


def test_get_rules_follows_accept_language_else_english(client):
    asked = client.get("/v1/rules", headers={"Accept-Language": "ja, en;q=0.5"})
    assert asked.get_json()["language"] == "ja"
    assert client.get("/v1/rules?lang=xx").get_json()["language"] == "en"


# --- a ruling's picture ------------------------------------------------------------------------

PLACEMENT = {
    "alhambra": [placed(1, 0, "tower")],
    "tile": {"building": "garden", "walls": "W"},
    "x": 2,
    "y": 0,
}


def texts_of(svg: bytes, kind: str) -> list[str]:
    root = ET.fromstring(svg)
    return [
        element.text or ""
        for element in root.iter(f"{SVG}text")
        if element.get("class") == f"ruling-{kind}"
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_b2_b3_a_refused_placement_shows_the_cells_the_verdict_and_the_rules(client, language):
    response = client.post("/v1/rulings", json={"placement": PLACEMENT, "lang": language})
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert 'filename="ruling.svg"' in response.headers["Content-Disposition"]
    root = ET.fromstring(response.data)
    marked = {
        group.get("data-rule")
        for group in root.iter(f"{SVG}g")
        if group.get("class") == "violation"
    }
    assert marked == {"B2", "B3"}
    texts = rule_texts(language)
    assert texts_of(response.data, "rule") == [f"B2 {texts['B2'].title}", f"B3 {texts['B3'].title}"]
    drawn = "".join(texts_of(response.data, "text")).replace(" ", "")
    assert texts["B2"].text.replace(" ", "") in drawn  # every word, wrapped onto lines


def test_a_legal_placement_shows_the_five_rules_it_meets(client):
    legal = {**PLACEMENT, "tile": {"building": "garden", "walls": ""}}
    response = client.post("/v1/rulings", json={"placement": legal, "lang": "en"})
    rules = [line.split()[0] for line in texts_of(response.data, "rule")]
    assert rules == ["B2", "B3", "B4", "B5", "B6"]
    assert texts_of(response.data, "verdict") == ["Proposed tile at (2,0): legal"]


def test_b5_an_alhambra_with_a_hole_is_ruled_illegal(client):
    ring = [
        placed(x, y, "garden") for x, y in ((1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1))
    ]
    response = client.post("/v1/rulings", json={"check": {"alhambra": ring}, "lang": "de"})
    assert texts_of(response.data, "verdict") == ["Die Alhambra verstößt gegen die Regeln"]
    assert [line.split()[0] for line in texts_of(response.data, "rule")] == ["B5"]


def test_m4_a_rounds_ruling_is_the_scores_answer_with_its_ties_and_rules(client):
    response = client.post(
        "/v1/rulings", json={"scores": ROUND_2, "lang": "en", "title": "Table 3"}
    )
    assert response.status_code == 200
    assert texts_of(response.data, "heading") == ["Table 3"]
    assert texts_of(response.data, "verdict") == ["Points: Anna 28, Ben 12"]
    assert texts_of(response.data, "tie") == ["tower: Anna, Ben: (13 + 6) / 2 = 9 (M4)"]
    rules = [line.split()[0] for line in texts_of(response.data, "rule")]
    assert rules == ["M1", "M2", "M3", "M4", "M5", "W4", "D3", "W6"]
    root = ET.fromstring(response.data)
    shaded = [
        rect.get("data-building") for rect in root.iter(f"{SVG}rect") if rect.get("class") == "tie"
    ]
    assert shaded == ["tower", "tower"]


def test_a_ruling_as_png_is_twice_the_pictures_size(client):
    svg = client.post("/v1/rulings", json={"scores": ROUND_2}).data
    png = client.post("/v1/rulings", json={"scores": ROUND_2, "format": "png"})
    assert png.mimetype == "image/png" and png.data[:8] == b"\x89PNG\r\n\x1a\n"
    assert 'filename="ruling.png"' in png.headers["Content-Disposition"]
    width, height = struct.unpack(">II", png.data[16:24])
    root = ET.fromstring(svg)
    assert (width, height) == (
        round(float(root.get("width")) * PNG_ZOOM),
        round(float(root.get("height")) * PNG_ZOOM),
    )


def test_a_png_of_tiles_far_apart_is_drawn_smaller_within_its_pixels(client):
    """Tiles at the coordinates' bounds make a picture 121 cells wide: at twice its size, its
    PNG would take 375 million pixels (gigabytes, seconds of work). It is drawn at a zoom that
    keeps it within PNG_PIXELS, with its proportions, and still every tile of it."""
    far_apart = {
        "alhambra": [placed(-60, -60, "tower"), placed(60, 60, "garden")],
        "tile": {"building": "garden", "walls": "W"},
        "x": 59,
        "y": 60,
    }
    svg = client.post("/v1/rulings", json={"placement": far_apart}).data
    png = client.post("/v1/rulings", json={"placement": far_apart, "format": "png"})
    assert png.status_code == 200
    width, height = struct.unpack(">II", png.data[16:24])
    root = ET.fromstring(svg)
    svg_width, svg_height = float(root.get("width")), float(root.get("height"))
    assert svg_width * svg_height * PNG_ZOOM**2 > 20 * PNG_PIXELS
    rounding = width + height + 1  # a pixel's row and column, the size rounded up
    assert PNG_PIXELS * 0.99 <= width * height <= PNG_PIXELS + rounding
    assert width / height == pytest.approx(svg_width / svg_height, rel=0.01)


@pytest.mark.parametrize("words", ["アルハンブラ", "Альгамбра", "Gemächer"])
def test_the_png_draws_every_languages_words(words):
    """The fonts reach the PNG: a line of Japanese, Russian or German text adds its glyphs
    (a font without them would draw nothing)."""

    def picture(text: str) -> str:
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60">'
            '<rect width="100%" height="100%" fill="#fff"/>'
            f'<text x="10" y="40" font-size="24">{text}</text></svg>'
        )

    assert len(to_png(picture(words))) > len(to_png(picture(""))) + 500


def test_a_ruling_answers_exactly_one_question(client):
    both = client.post("/v1/rulings", json={"placement": PLACEMENT, "scores": ROUND_2})
    assert both.status_code == 422
    assert both.get_json()["errors"][0]["message"].startswith("a ruling answers one question")


def test_a_questions_problems_are_pointed_at_under_its_member(client):
    bad = {**PLACEMENT, "alhambra": [placed(0, 0, "tower")]}  # the fountain's cell (B6)
    response = client.post("/v1/rulings", json={"placement": bad})
    assert response.status_code == 422 and pointers(response.get_json()) == [
        "/placement/alhambra/0"
    ]
    scores = {**ROUND_2, "dummy": {"counts": {"tower": 2}, "wall": 1}}
    response = client.post("/v1/rulings", json={"scores": scores})
    assert pointers(response.get_json()) == ["/scores/dummy/wall"]


def test_the_language_follows_accept_language(client):
    response = client.post(
        "/v1/rulings", json={"placement": PLACEMENT}, headers={"Accept-Language": "ru"}
    )
    assert texts_of(response.data, "heading") == ["Решение"]
