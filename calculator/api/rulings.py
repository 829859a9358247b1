"""A ruling a referee can show: every rule's text by id in the players' language
(``GET /v1/rules``), and a ruling's picture (``POST /v1/rulings``): the Alhambra with the cells
at fault, or the round's table, with the verdict and the texts of the rules it rests on, as SVG
or PNG.

A ruling answers one question, asked as the operation that answers it is asked: a placement
(the body of ``POST /v1/placement``: B2-B6), a whole Alhambra (``POST /v1/alhambra/check``:
B2-B5) or a scoring round (``POST /v1/scores``: M1-M5, W4, D3). Each is read by that
operation's own loader, its problems pointed at under the question's member; the verdict is
the core's, the words the catalogs' (:mod:`calculator.i18n`), the rules' texts the rulebook's
(:mod:`calculator.rulebook`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from calculator.api import requests, service
from calculator.api.problems import InvalidDocument, load, under
from calculator.core import pieces
from calculator.core.building import Violation
from calculator.core.scoring import Majority
from calculator.core.tiles import BUILDINGS
from calculator.i18n import DEFAULT_LANGUAGE, picture_labels
from calculator.pictures import Proposal, RoundRow, Ruling, render_alhambra, render_round, to_png
from calculator.rulebook import rule_texts

QUESTIONS: Final[tuple[str, ...]] = ("placement", "check", "scores")
"""The questions a ruling answers, each the body of the operation that answers it."""
PLACEMENT_RULES: Final[tuple[str, ...]] = ("B2", "B3", "B4", "B5", "B6")
ALHAMBRA_RULES: Final[tuple[str, ...]] = ("B2", "B3", "B4", "B5")
SVG: Final[str] = "image/svg+xml"
PNG: Final[str] = "image/png"


def rules(language: str) -> dict[str, Any]:
    """``GET /v1/rules``: every rule's title and text by id, in ``language``."""
    return {
        "language": language,
        "rules": {
            rule: {"title": text.title, "text": text.text}
            for rule, text in rule_texts(language).items()
        },
    }


@dataclass(frozen=True, slots=True)
class Picture:
    """A ruling's picture: its bytes, media type and file name."""

    content: bytes
    media_type: str
    filename: str


@cache
def _words(language: str) -> dict[str, str]:
    path = resources.files("calculator") / "messages" / "rulings" / f"{language}.json"
    return json.loads(path.read_text("utf-8"))  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class RulingQuery:
    """``POST /v1/rulings``: the question asked, read by its own operation's loader; the
    language, the format and the heading asked for."""

    question: str
    asked: Any
    language: str | None
    png: bool
    title: str | None


def _read_ruling(body: Any) -> RulingQuery:
    """The one question of a ruling (its contract allows one), read by the loader of the
    operation that answers it, each problem under the question's member."""
    (question,) = (question for question in QUESTIONS if question in body)
    try:
        asked = _LOADERS[question](body[question])
    except InvalidDocument as refused:
        raise InvalidDocument(under((question,), refused.problems)) from None
    return RulingQuery(
        question, asked, body.get("lang"), body.get("format") == "png", body.get("title")
    )


def ruling(body: Any, language: str = DEFAULT_LANGUAGE) -> Picture:
    """``POST /v1/rulings``: the picture of the ruling on the one question the body asks, in
    its ``lang`` (else ``language``), as SVG or (``"format": "png"``) PNG."""
    query: RulingQuery = requests.read(body, "ruling-request.json", _read_ruling)
    svg = _DRAW[query.question](query.asked, query.language or language, query.title)
    if query.png:
        return Picture(to_png(svg), PNG, "ruling.png")
    return Picture(svg.encode(), SVG, "ruling.svg")


def _texts(language: str, ids: Iterable[str]) -> tuple[tuple[str, str, str], ...]:
    texts = rule_texts(language)
    return tuple((rule, texts[rule].title, texts[rule].text) for rule in ids if rule in texts)


def _broken(violations: Iterable[Violation]) -> list[str]:
    return list(dict.fromkeys(violation.rule for violation in violations))


def _placement(query: requests.PlacementQuery, language: str, title: str | None) -> str:
    """B2-B6: the tile drawn see-through at its cell, the rules it breaks marked; the verdict
    and those rules' texts (all five when it is legal)."""
    position = query.position
    found = pieces.placement_violations(
        position.furnished, query.placing, query.cell, position.hole_rule, position.pieces_rules
    )
    labels = picture_labels(language)
    x, y = query.cell
    said = labels.proposal_refused if found else labels.proposal_legal
    ruled = Ruling(
        _words(language)["heading"],
        said.format(x=x, y=y),
        _texts(language, _broken(found) or PLACEMENT_RULES),
    )
    return render_alhambra(
        position.furnished,
        proposal=Proposal(query.cell, query.placing),
        hole_rule=position.hole_rule,
        pieces_rules=position.pieces_rules,
        labels=labels,
        title=title,
        ruling=ruled,
    ).svg


def _check(query: Any, language: str, title: str | None) -> str:
    """B2-B5: the Alhambra, whatever makes it illegal marked; the verdict and the rules."""
    found = pieces.furnished_violations(query.furnished, query.hole_rule, query.pieces_rules)
    labels = picture_labels(language)
    said = _words(language)["illegal"] if found else labels.legal
    ruled = Ruling(
        _words(language)["heading"], said, _texts(language, _broken(found) or ALHAMBRA_RULES)
    )
    return render_alhambra(
        query.furnished,
        hole_rule=query.hole_rule,
        pieces_rules=query.pieces_rules,
        labels=labels,
        title=title,
        ruling=ruled,
    ).svg


def _scores(query: requests.ScoresQuery, language: str, title: str | None) -> str:
    """M1-M5, W4 (D3, W6 with the dummy): the round's table as ``POST /v1/scores`` answers
    it, its ties' arithmetic (M4), the totals as the verdict."""
    answer = service.scored(query)
    rows = [_row(player["name"], player) for player in answer["players"]]
    if "dummy" in answer:
        rows.append(_row(picture_labels(language).dummy, answer["dummy"]))
    tied = any(
        majority["shared_with"]
        for row in [*answer["players"], answer.get("dummy", {})]
        for majority in row.get("majorities", {}).values()
    )
    ids = ["M1", "M2", "M3", *(["M4"] if tied else []), "M5", "W4"]
    if "dummy" in answer:
        ids += ["D3", "W6"]
    totals = ", ".join(f"{player['name']} {player['points']}" for player in answer["players"])
    ruled = Ruling(
        title or _words(language)["heading"],
        _words(language)["points"].format(totals=totals),
        _texts(language, ids),
    )
    return render_round(answer["round"], rows, labels=picture_labels(language), ruling=ruled)


def _row(name: str, scored: dict[str, Any]) -> RoundRow:
    """A holder of the scores answer as a row of the round's table."""
    majorities = {}
    arithmetic = {}
    for building in BUILDINGS:
        written = scored["majorities"][building.value]
        majorities[building] = Majority(
            written["count"], written["place"], written["shared_with"], written["points"]
        )
        arithmetic[building] = (written["rule"], written["arithmetic"])
    return RoundRow(name, majorities, arithmetic, scored.get("wall"), scored["points"])


_LOADERS: Final[dict[str, Callable[[Any], Any]]] = {
    "placement": lambda asked: load(requests.PLACEMENT, asked),
    "check": lambda asked: load(requests.CHECK, asked),
    "scores": requests.load_scores,
}
"""Each question's loader: the one its own operation reads it with (its contract is met with
the ruling's)."""
_DRAW: Final[dict[str, Callable[[Any, str, str | None], str]]] = {
    "placement": _placement,
    "check": _check,
    "scores": _scores,
}
