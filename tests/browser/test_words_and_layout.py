"""The page's words and layout (issue 27), in Debian's Chromium.

No page scrolls sideways and no word breaks inside itself (or is clipped), in any language, at
360 x 740 and 390 x 844, on every tab and in every dialog; a box that scrolls sideways says so;
each language names each thing with one term (held over the catalogs); the server's refusals
are said in the page's language, naming the module as the page does.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright import sync_api as playwright_api

from calculator.api.module_catalog import score_expansions
from calculator.i18n import LANGUAGES, messages
from tests.helpers.browser import (
    Phone,
    assert_accessible,
    assert_words_whole,
    player_card,
    your_move,
)
from tests.helpers.score_modules import CARD, SCORING_MODULES

expect = playwright_api.expect
SIZES = [(360, 740), (390, 844)]

SIX_PLAYERS = [[2, 3, 1, 4, 0, 2], [1, 0, 2, 2, 5, 1], [0, 2, 2, 1, 1, 3],
               [3, 1, 0, 0, 2, 2], [1, 1, 1, 1, 1, 1], [0, 0, 3, 1, 2, 0]]  # fmt: skip
# No more buildings of a type than the game has (C1: 7, 7, 9, 9, 11, 11).

# From each open breakdown that fits its card, how far its text stays from the card's edge.
EDGE_GAPS = """() => [...document.querySelectorAll('#results-body details[open]')]
    .filter((card) => card.querySelector('table').scrollWidth <= card.clientWidth)
    .flatMap((card) => [...card.querySelectorAll('tr > :last-child')].map((cell) => {
        const text = document.createRange();
        text.selectNodeContents(cell);
        return card.getBoundingClientRect().right - text.getBoundingClientRect().right;
    }))"""


def set_up_every_screen(page: Any, catalog: dict[str, Any]) -> None:
    """The Score tab at its fullest (six players, every scoring module, round 3 scored with
    every breakdown open), a drawing, a game against five computers with the log and the
    opponents open, and a game in History."""
    step = page.locator("#player-count-stepper button[data-step='1']")
    for _ in range(3):
        step.click()
    page.locator("#score-modules summary").click()
    for module in SCORING_MODULES:
        page.locator(f"#score-module-{module}").check()
    page.locator('label[for="round-3"]').click()
    page.locator('label[for="attack-W"]').click()
    for building in CARD:
        page.locator(f'#round-cards button[data-building="{building}"]').click()
    page.locator("#wise-man-owner").select_option(index=1)
    page.locator("#city-watch-owner").select_option(index=2)
    for seat, counts in enumerate(SIX_PLAYERS):
        fields = player_card(page, seat).locator("input[data-building]")
        for index, count in enumerate(counts):
            fields.nth(index).fill(str(count))
    page.get_by_role("button", name=catalog["score.button"].format(n=3)).click()
    page.locator("#results-body details").nth(5).wait_for()
    for summary in page.locator("#results-body details summary").all():
        summary.click()
    page.evaluate("""async () => {
        const { pastGame } = await import('/static/js/game.js');
        const { currentGame, update } = await import('/static/js/store.js');
        const record = pastGame(currentGame(), '2026-11-25T20:15:00Z');
        update({ type: 'import', entries: [{ ...record, id: 'kept', finished: true }] });
    }""")
    page.locator("#tab-play").click()
    page.locator("#opponent-count").select_option("5")
    page.get_by_role("button", name=catalog["play.start"]).click()
    page.locator("#play-table").wait_for()
    your_move(page)
    page.locator("#play-log summary").click()
    page.locator("#play-opponents summary").click()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_scrolls_sideways_and_no_word_breaks_inside_itself(phone, language):
    """Every tab and dialog at 360 x 740 and 390 x 844: nothing scrolls sideways, no tab's word
    spills into the next, and no word is broken or clipped (set in its language, with labels
    that fit)."""
    page = phone.open(f"/?lang={language}")
    catalog = messages(language)
    set_up_every_screen(page, catalog)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for tab in ("score", "build", "play", "history", "reference"):
            page.locator(f"#tab-{tab}").click()
            assert_words_whole(page, f"{language}, {width} px, {tab}")
            if tab == "score":  # the last column keeps clear of the card's edge
                gaps = page.evaluate(EDGE_GAPS)  # at 360 px a breakdown may scroll, saying so
                assert gaps or width < 390, f"{language}, {width} px: no breakdown fits its card"
                assert min(gaps, default=12) >= 12, f"{language}, {width} px: {gaps}"
        page.locator("#tab-build").click()
        page.locator('#grid button.cell[data-x="1"][data-y="0"]').click()
        expect(page.locator("dialog#picker")).to_be_visible()
        assert_words_whole(page, f"{language}, {width} px, a cell's dialog", "dialog#picker")
        for kind in ("camp", "bazaar"):
            page.locator(f'label[for="kind-{kind}"]').click()
            assert_words_whole(
                page, f"{language}, {width} px, a {kind} in the dialog", "dialog#picker"
            )
        page.locator("#picker-cancel").click()
        page.locator("#tab-history").click()
        page.locator("#past-list li").first.locator("button").first.click()
        page.locator("#past-game details.past-round summary").first.click()
        assert_words_whole(page, f"{language}, {width} px, a past game", "dialog#past-game")
        page.locator("#past-game-close").click()
        page.locator("#tab-score").click()
        page.locator("#reset").click()
        expect(page.locator("dialog#confirm")).to_be_visible()
        assert_words_whole(page, f"{language}, {width} px, the question", "dialog#confirm")
        page.locator("#confirm-keep").click()
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#tab-score").click()
    page.locator("#results-body details").first.scroll_into_view_if_needed()
    phone.shot(f"phone-six-{language}")


def test_a_table_that_scrolls_sideways_says_so(devices, base_url):
    """The points per place (M2) at 360 px: its rounds do not all fit, so the box is shaded on
    the side with more and a line under it says which way to swipe; at the end, the other
    way."""
    visitor = Phone(devices, base_url)
    try:
        page = visitor.open("/?lang=en")
        page.set_viewport_size({"width": 360, "height": 740})
        page.get_by_role("tab", name="Tables").click()
        box = page.locator(".table-wrap:has(.points-table)")
        assert box.evaluate("box => box.scrollWidth > box.clientWidth")
        cue = box.locator("xpath=following-sibling::p[1]")
        expect(cue).to_have_text("More to the right: swipe →")
        expect(box).to_have_class(re.compile(r"\bmore-right\b"))
        box.evaluate("box => box.scrollTo({ left: (box.scrollWidth - box.clientWidth) / 2 })")
        expect(cue).to_have_text("← Swipe for more →")
        box.evaluate("box => box.scrollTo({ left: box.scrollWidth })")
        expect(cue).to_have_text("← More to the left: swipe")
        expect(box).not_to_have_class(re.compile(r"\bmore-right\b"))
        wide = page.locator(".table-wrap:has(#stats-table)")
        expect(wide.locator("xpath=following-sibling::p[@class='scroll-cue']")).to_have_count(0)
        box.evaluate("box => box.scrollTo({ left: 0 })")
        box.scroll_into_view_if_needed()
        visitor.shot("tables-scroll-cue")
    finally:
        visitor.close()


# --- one term per thing, per language -----------------------------------------------------------

CYRILLIC = "[\u0430-\u044f\u0451]"  # a lowercase Russian letter
# Words a language must not use, each for a thing it names with another term (the term kept).
OTHER_TERMS = {
    "en": {
        r"\bPast games\b": "History",
        r"\bplate\b|\bpiece of tile\b": "tile",
    },
    "ru": {  # a Cyrillic letter alone is written as its code: it looks like a Latin one
        "плитк": "тайл",
        f"(?<!{CYRILLIC})(Игр|игр)(ой|[\u0430\u0443\u044b\u0435])(?!{CYRILLIC})": "партия",
        f"(?<!{CYRILLIC})\u0430\u0442\u0430\u043a": "нападение",  # атак
        f"(Прошл|прошл){CYRILLIC}+ парти": "История",
    },
    "ja": {
        r"ラウンド": "回目 (得点計算の回)",
        r"夜警": "市の衛兵",
        r"過去のゲーム": "履歴",
    },
    "de": {
        r"\bRunde\b|\bRunden\b": "Wertung",
        r"\bPartie\b": "Spiel",
        r"\bKachel": "Plättchen",
        r"(?<!Heer)\bLager\b(?!punkte)": "Heerlager",
        r"Frühere Spiele": "Verlauf",
    },
}
SHORT_FORMS = ("building_short.", "piece_short.")  # the cells' abbreviations, by design


def forms(value: str | dict[str, str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value.values())


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_term_per_thing_in_each_language(language):
    catalog = messages(language)
    found = [
        (key, text, term)
        for key, value in catalog.items()
        if not key.startswith(SHORT_FORMS)
        for text in forms(value)
        for pattern, term in OTHER_TERMS[language].items()
        if re.search(pattern, text)
    ]
    assert found == [], f"{language}: another term than the one kept:\n" + "\n".join(
        f"{key}: {text!r} (say {term})" for key, text, term in found
    )
    # a module and the rule it cites go by one name (K1: "Treasure chests")
    rules = {m["rule"]: m["name"] for e in score_expansions() for m in e["modules"]}
    for key, text in catalog.items():
        if key.startswith("rule.") and key[5:] in rules:
            assert text == catalog[f"module.{rules[key[5:]]}"], (language, key)
    # a heading of the page is said once: no two headings of one tab alike
    assert catalog["play.opponents"] != catalog["play.opponent_count"]
    assert catalog["tab.history"] == catalog["past.heading"]


# --- refusals in the page's words ---------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_speaks_the_page_language_and_names_the_module(phone, language):
    """K3: a round scored with invaders needs its attack card; the server refuses, pointing at
    the attack, and the page says so in its words, naming the module as it does everywhere
    (never the server's "the module invaders needs attack")."""
    page = phone.open(f"/?lang={language}")
    catalog = json.loads(page.locator("#messages").text_content() or "{}")
    page.locator("#score-modules summary").click()
    page.locator("#score-module-invaders").check()
    page.locator("#score-modules summary").click()
    page.get_by_role("button", name=catalog["score.button"].format(n=1)).click()
    refusal = page.locator("fieldset.attack .entry-refusal")
    module = catalog["refusal.module"].format(name=catalog["module.invaders"], rule="K3")
    expect(refusal).to_have_text(catalog["refusal.attack"].format(module=module))
    assert "needs" not in (refusal.text_content() or "")
    assert_accessible(page, f"{language}: a refusal in the page's words")
    if language == "de":
        refusal.scroll_into_view_if_needed()
        phone.shot("score-refusal-in-words-de")
    phone.errors.clear()  # the browser logs the 422 it was sent, as it should
