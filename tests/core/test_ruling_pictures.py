"""A ruling's picture: the rule's text wrapped to the picture's width in every language, no
line begun by a closing mark (the Japanese kinsoku), the round's table with its ties (M4)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from calculator.core.scoring import Majority
from calculator.core.tiles import BUILDINGS, Building
from calculator.pictures import NO_BREAK_BEFORE, RoundRow, Ruling, _width, _wrapped, render_round
from calculator.rulebook import rule_texts

SVG = "{http://www.w3.org/2000/svg}"


@given(
    st.sampled_from(["en", "ru", "ja", "de"]),
    st.sampled_from(list(rule_texts("en"))),
    st.integers(200, 700),
)
def test_a_rules_text_is_wrapped_within_the_width_and_loses_nothing(language, rule, width):
    text = rule_texts(language)[rule].text
    lines = _wrapped(text, width, 13)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line in lines:
        # a line is wider only when it is one word (or a word and its closing mark)
        assert _width(line, 13) <= width or " " not in line.strip()
        assert line[0] not in NO_BREAK_BEFORE


def row(name: str, tower: Majority, wall: int | None) -> RoundRow:
    nobody = Majority(0, None, 0, 0)
    standing = {building: nobody for building in BUILDINGS} | {Building.TOWER: tower}
    why = {building: ("M1", "0") for building in BUILDINGS}
    why[Building.TOWER] = ("M4", "(13 + 6) / 2 = 9") if tower.shared_with else ("M2", "0")
    return RoundRow(name, standing, why, wall, tower.points + (wall or 0))


def test_m4_the_rounds_table_shades_each_tie_and_says_its_arithmetic():
    rows = [
        row("Anna", Majority(4, 1, 1, 9), 7),
        row("Ben", Majority(4, 1, 1, 9), 3),
        row("Dirk", Majority(2, 3, 0, 0), None),  # D3: no wall (W6)
    ]
    svg = render_round(2, rows, ruling=Ruling("Ruling", "Points: Anna 16, Ben 12", ()))
    root = ET.fromstring(svg)
    ties = [rect for rect in root.iter(f"{SVG}rect") if rect.get("class") == "tie"]
    assert [rect.get("data-building") for rect in ties] == ["tower", "tower"]
    texts = [element.text for element in root.iter(f"{SVG}text")]
    assert "tower: Anna, Ben: (13 + 6) / 2 = 9 (M4)" in texts
    assert "4 \N{RIGHTWARDS ARROW} 9" in texts and "\N{EN DASH}" in texts
