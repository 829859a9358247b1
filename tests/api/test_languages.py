# ruff: noqa: RUF001 (Cyrillic text, as the Russian catalog writes it)
"""Every word of the API in the client's language (issue 28): en, ru, ja, de, chosen by
``Accept-Language`` (q-values honoured, English by default), or by a member of the body that
names one (``lang``); each answer with words says its language (``Content-Language``) and that
it was chosen by the header (``Vary``).

The catalogs are held key by key: every key the code says is in every language, with the
same placeholders and plural forms, and every key of the API's is said somewhere.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import calculator
from calculator import modules  # noqa: F401 (the modules' cards, declared on import)
from calculator.api import explanation
from calculator.api.contract import SCHEMA_DIR
from calculator.core.text import Text
from calculator.core.tiles import BUILDINGS, CURRENCIES, SIDES
from calculator.engine.components import ModuleCard
from calculator.i18n import LANGUAGES, messages, say
from calculator.web.http import STATUSES

PACKAGE = Path(calculator.__file__).parent
PLACEHOLDER = re.compile(r"\{(\w+)\}")


# --- the catalogs, key by key -----------------------------------------------------------------


def _forms(value: str | dict[str, str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value.values())


def _placeholders(value: str | dict[str, str]) -> set[str]:
    return {name for form in _forms(value) for name in PLACEHOLDER.findall(form)}


def _calls_of_text() -> Iterator[tuple[Path, ast.expr]]:
    """The first argument of every ``Text(...)`` in the package."""
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "Text"
                and node.args
            ):
                yield path, node.args[0]


def _key_constants() -> set[str]:
    """Every string of the package written as a key of the API's (``"api.B2"``): said by
    ``Text``, or chosen before it is (a mapping of keys, a conditional)."""
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found |= {node.value} if re.fullmatch(r"api(\.[\w-]+)+", node.value) else set()
    return found


def _schema_words() -> tuple[set[str], set[str], set[str]]:
    """What the requests' schemas name (every request body's, the game state's, the
    record's): their members, the things their titles and references name, and their own
    refusals' keys (``x-error-message``)."""
    members: set[str] = set()
    things: set[str] = set()
    own: set[str] = set()
    seen: set[str] = set()

    def walk(schema: Any) -> None:
        if isinstance(schema, dict):
            if isinstance(schema.get("properties"), dict):
                members.update(schema["properties"])
            if isinstance(schema.get("title"), str):
                things.add(schema["title"])
            if isinstance(schema.get(explanation.MESSAGE), str):
                own.add(schema[explanation.MESSAGE])
            ref = schema.get("$ref")
            if isinstance(ref, str) and not ref.startswith("#"):
                file = ref.split("#")[0]
                things.add("".join(w.title() for w in file.removesuffix(".json").split("-")))
                load(file)
            required = schema.get("required")
            if schema.get("type") == "object" and isinstance(required, list) and len(required) == 1:
                things.add(str(required[0]).title())
            for value in schema.values():
                walk(value)
        elif isinstance(schema, list):
            for value in schema:
                walk(value)

    def load(file: str) -> None:
        if file not in seen:
            seen.add(file)
            walk(json.loads((SCHEMA_DIR / file).read_text("utf-8")))

    for file in sorted(p.name for p in SCHEMA_DIR.glob("*-request.json")):
        load(file)
    load("game-state.json")
    load("record.json")
    for path in SCHEMA_DIR.glob("*.json"):  # any schema's own refusals, a request's or not
        walk_own(json.loads(path.read_text("utf-8")), own)
    return members, things, own


def walk_own(schema: Any, own: set[str]) -> None:
    if isinstance(schema, dict):
        if isinstance(schema.get(explanation.MESSAGE), str):
            own.add(schema[explanation.MESSAGE])
        for value in schema.values():
            walk_own(value, own)
    elif isinstance(schema, list):
        for value in schema:
            walk_own(value, own)


MEMBERS, THINGS, OWN_WORDS = _schema_words()
FAMILIES: dict[tuple[str, str], set[str]] = {
    ("building.", ""): {building.value for building in BUILDINGS},
    ("side.", ""): set(SIDES),
    ("currency.", ""): {currency.value for currency in CURRENCIES},
    ("api.card.", ""): {card.wire for card in ModuleCard.__subclasses__()},
    ("api.member.", ""): MEMBERS,
    ("api.item.", ""): set(explanation._ITEM_NAMES),
    ("api.items.", ""): set(explanation._ITEM_NAMES),
    ("api.item_noun.", ""): set(explanation._ITEM_NAMES),
    ("api.thing.", ""): THINGS,
    ("api.kind.", ""): set(explanation._KINDS),
    ("api.status.", ""): {str(status) for status in STATUSES},
    ("api.list.", ""): {"and", "or"},
    ("api.C1.too_many.", ""): {building.value for building in BUILDINGS},
    ("api.", ".no_building"): {"chest", "resident"},
    ("api.", ".beyond_supply"): {"chest", "resident"},
}
"""The keys a ``Text`` builds (``f"api.member.{name}"``), by their fixed start and end: each
family with every name it can be given."""


def _family(node: ast.JoinedStr) -> tuple[str, str]:
    parts = node.values
    start = parts[0].value if isinstance(parts[0], ast.Constant) else ""
    end = parts[-1].value if isinstance(parts[-1], ast.Constant) and len(parts) > 1 else ""
    return str(start), str(end)


def _keys_said() -> set[str]:
    """Every key the code can say, found by reading it: the keys written out, those of each
    family it builds, and the schemas' own."""
    keys = set(_key_constants()) | OWN_WORDS
    for path, first in _calls_of_text():
        if isinstance(first, ast.Constant):
            keys.add(first.value)
        elif isinstance(first, ast.JoinedStr):
            family = _family(first)
            assert family in FAMILIES, f"{path.name}: a new family of keys {family}: list it"
            start, end = family
            keys |= {f"{start}{name}{end}" for name in FAMILIES[family]}
    return keys


KEYS_SAID = _keys_said()


def test_every_key_the_code_says_is_in_every_language():
    for language in LANGUAGES:
        missing = sorted(KEYS_SAID - set(messages(language)))
        assert missing == [], f"{language} lacks {missing}"


def test_every_key_of_the_api_is_said_somewhere():
    unsaid = sorted(
        key for key in messages("en") if key.startswith("api.") and key not in KEYS_SAID
    )
    assert unsaid == []


def test_every_schema_word_is_a_key():
    assert OWN_WORDS, "the schemas word some refusals of their own"
    assert all(word.startswith("api.schema.") for word in OWN_WORDS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_api_key_has_the_placeholders_and_plural_forms_of_english(language):
    english, catalog = messages("en"), messages(language)
    for key, value in catalog.items():
        if not key.startswith("api."):
            continue
        assert _placeholders(value) == _placeholders(english[key]), (language, key)
        assert isinstance(value, dict) == isinstance(english[key], dict), (language, key)
        if isinstance(value, dict):
            assert "other" in value, (language, key)
            assert ("zero" in value) == ("zero" in english[key]), (language, key)
            expected = {"ru": {"one", "few", "many"}, "ja": set(), "de": {"one"}, "en": {"one"}}
            assert expected[language] <= set(value), (language, key)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_cites_its_rule_as_english_does(language):
    """The page finds the rule a refusal cites at its end ("(T4)"): every language ends where
    English ends."""
    english, catalog = messages("en"), messages(language)
    cited = re.compile(r"\(([A-Z]\d+)\)$")
    for key, value in english.items():
        if key.startswith("api."):
            for form, said in zip(_forms(value), _forms(catalog[key]), strict=False):
                rule = cited.search(form)
                if rule:
                    assert said.endswith(f"({rule.group(1)})"), (language, key, said)


def test_plural_forms_follow_each_language():
    text = Text("api.detail.invalid_request", n=0)
    assert say(Text("api.detail.invalid_request", n=1), "en") == "the request has 1 problem"
    assert say(Text("api.detail.invalid_request", n=3), "en") == "the request has 3 problems"
    assert say(Text("api.detail.invalid_request", n=21), "ru") == "в запросе 21 ошибка"
    assert say(Text("api.detail.invalid_request", n=3), "ru") == "в запросе 3 ошибки"
    assert say(Text("api.detail.invalid_request", n=11), "ru") == "в запросе 11 ошибок"
    assert say(text, "ja") == "リクエストに0件の問題があります"


# --- the language of an answer ---------------------------------------------------------------

SCORES_ROUND_4 = {"round": 4, "players": [{"name": "Anna", "counts": {"tower": 1}}]}
"""A scores request refused by its schema's own words: the round is 1, 2 or 3 (T8)."""

ROUND_REFUSED = {
    "en": "the round is the scoring round: 1, 2 or 3 (T8)",
    "ru": "подсчёт — это номер подсчёта очков: 1, 2 или 3 (T8)",
    "ja": "得点計算の回は1、2、3のいずれかです (T8)",
    "de": "die Wertung ist die Nummer der Wertung: 1, 2 oder 3 (T8)",
}
TITLE = {
    "en": "Invalid request",
    "ru": "Недопустимый запрос",
    "ja": "無効なリクエスト",
    "de": "Ungültige Anfrage",
}


def _said_in(response: Any, language: str) -> None:
    assert response.headers["Content-Language"] == language
    assert "Accept-Language" in response.headers.get("Vary", "")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_422_asked_in_a_language_answers_in_it(client, language):
    response = client.post("/v1/scores", json=SCORES_ROUND_4, headers={"Accept-Language": language})
    assert response.status_code == 422
    _said_in(response, language)
    problem = response.get_json()
    assert problem["title"] == TITLE[language]
    assert problem["errors"] == [{"pointer": "/round", "message": ROUND_REFUSED[language]}]


def test_a_422_worded_from_the_schema_answers_in_german(client):
    """T8 aside, the refusals worded from the schema itself: a member unknown, one of the wrong
    kind, one missing."""
    body = {"players": ["Anna", "Ben"], "seed": "x", "colour": 1}
    response = client.post("/v1/games", json=body, headers={"Accept-Language": "de"})
    assert response.status_code == 422
    _said_in(response, "de")
    problem = response.get_json()
    assert problem["detail"] == "die Anfrage enthält 2 Fehler"
    assert problem["errors"] == [
        {
            "pointer": "/colour",
            "message": "Anfrage nach einem neuen Spiel: 'colour' ist kein Feld; "
            "die Felder sind players, seed, start_player, options",
        },
        {"pointer": "/seed", "message": "Startwert: erwartet wird eine ganze Zahl, nicht Text"},
    ]


def test_a_building_rule_broken_is_said_in_german(client):
    """B4: a tile that touches the Alhambra by a corner only; the violation in a 200."""
    body = {
        "alhambra": [{"building": "tower", "walls": "", "x": 1, "y": 0}],
        "tile": {"building": "garden", "walls": ""},
        "x": 2,
        "y": 1,
    }
    response = client.post("/v1/placement", json=body, headers={"Accept-Language": "de"})
    assert response.status_code == 200
    _said_in(response, "de")
    b4 = [v for v in response.get_json()["violations"] if v["rule"] == "B4"]
    assert [v["message"] for v in b4] == [
        "Garten auf (2,1) berührt die Alhambra mit keiner ganzen Seite (eine Ecke genügt nicht)"
    ]


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        ("en", "there is no /v2/scores on this server: its paths are listed in /openapi.yaml"),
        ("ru", "на этом сервере нет пути /v2/scores: его пути перечислены в /openapi.yaml"),
        ("ja", "このサーバーに /v2/scores はありません。パスの一覧は /openapi.yaml にあります"),
        ("de", "auf diesem Server gibt es kein /v2/scores: seine Pfade stehen in /openapi.yaml"),
    ],
)
def test_a_404_is_said_in_the_language_asked(client, language, detail):
    response = client.get("/v2/scores", headers={"Accept-Language": language})
    assert response.status_code == 404
    _said_in(response, language)
    assert response.get_json()["detail"] == detail


def test_q_values_choose_the_language(client):
    asked = "de;q=0.3, ja;q=0.8, en;q=0.1"
    response = client.get("/v2/scores", headers={"Accept-Language": asked})
    _said_in(response, "ja")
    assert response.get_json()["title"] == "見つかりません"


def test_a_regional_variant_is_its_language(client):
    response = client.get("/v2/scores", headers={"Accept-Language": "de-AT"})
    _said_in(response, "de")


@pytest.mark.parametrize("asked", ["fr", "fr-CA, pt;q=0.9", "", "*;q=0"])
def test_a_language_we_do_not_speak_falls_back_to_english(client, asked):
    headers = {"Accept-Language": asked} if asked else {}
    response = client.post("/v1/scores", json=SCORES_ROUND_4, headers=headers)
    _said_in(response, "en")
    assert response.get_json()["errors"][0]["message"] == ROUND_REFUSED["en"]


def test_a_body_naming_its_language_wins_over_the_header(client):
    """A ruling's ``lang`` names the players' language: its refusal comes in it too."""
    body = {"lang": "ru", "placement": {"alhambra": [], "tile": {"building": "castle"}}}
    response = client.post("/v1/rulings", json=body, headers={"Accept-Language": "de"})
    assert response.status_code == 422
    _said_in(response, "ru")
    assert response.get_json()["title"] == "Недопустимый запрос"


def test_an_answer_without_words_names_no_language(client):
    response = client.get("/openapi.json", headers={"Accept-Language": "de"})
    assert "Content-Language" not in response.headers


def test_the_words_of_a_200_follow_the_language_and_vary(client):
    body = {"alhambra": [{"building": "tower", "walls": "", "x": 1, "y": 0}]}
    response = client.post("/v1/walls", json=body, headers={"Accept-Language": "ru"})
    assert response.status_code == 200
    _said_in(response, "ru")


# --- the engine's refusals and the consistency of a state, in the language asked --------------


@pytest.fixture
def new_game(client):
    """A digital 2-player game (seed 1): Anna holds florin 4 and 7, dirham 8 and 7."""
    return client.post("/v1/games", json={"players": ["Anna", "Ben"], "seed": 1}).get_json()[
        "state"
    ]


@pytest.mark.parametrize(
    ("language", "title", "message"),
    [
        ("de", "Unzulässige Aktion", "die Zahlung enthält Karten, die der Spieler nicht hat"),
        ("ru", "Недопустимый ход", "в оплате есть карты, которых у игрока нет"),
        ("ja", "ルール違反の手", "支払いに、そのプレイヤーが持っていないカードがあります"),
    ],
)
def test_t4_a_payment_with_cards_not_held_is_refused_in_the_language_asked(
    client, new_game, language, title, message
):
    buy = {"type": "buy", "player": 0, "slot": 1, "payment": [{"currency": "florin", "value": 9}]}
    body = {"state": new_game, "actions": [buy]}
    response = client.post("/v1/games/advance", json=body, headers={"Accept-Language": language})
    assert response.status_code == 409
    _said_in(response, language)
    problem = response.get_json()
    assert (problem["title"], problem["rule"]) == (title, "T4")
    assert "(T4)" in problem["detail"]
    assert problem["errors"] == [{"pointer": "/actions/0", "message": message}]


@pytest.mark.parametrize(
    ("language", "detail", "message"),
    [
        (
            "de",
            "kein Spiel kann diesen Zustand erreichen: 1 Fehler",
            "500 Punkte vor jeder Wertung: jeder Punktestand ist 0 (T8)",
        ),
        (
            "ru",
            "ни одна партия не может прийти к этому состоянию: 1 ошибка",
            "500 очков до первого подсчёта: до него у всех 0 (T8)",
        ),
        (
            "ja",
            "この状態にはどのゲームも到達できません: 問題1件",
            "得点計算の前に500点あります。計算前の得点はすべて0です (T8)",
        ),
    ],
)
def test_t8_a_score_before_any_round_is_refused_in_the_language_asked(
    client, new_game, language, detail, message
):
    new_game["players"][0]["score"] = 500
    response = client.post(
        "/v1/games/legal-actions", json={"state": new_game}, headers={"Accept-Language": language}
    )
    assert response.status_code == 422
    _said_in(response, language)
    problem = response.get_json()
    assert problem["detail"] == detail
    assert problem["errors"] == [{"pointer": "/state/players/0/score", "message": message}]


@pytest.mark.parametrize("language", ["ru", "ja"])
def test_b4_a_building_rule_broken_is_said_in_russian_and_japanese(client, language):
    body = {
        "alhambra": [{"building": "tower", "walls": "", "x": 1, "y": 0}],
        "tile": {"building": "garden", "walls": ""},
        "x": 2,
        "y": 1,
    }
    response = client.post("/v1/placement", json=body, headers={"Accept-Language": language})
    b4 = [v["message"] for v in response.get_json()["violations"] if v["rule"] == "B4"]
    assert b4 == [
        {
            "ru": "(2,1) (сад): тайл не касается Альгамбры ни одной стороной (угла недостаточно)",
            "ja": "(2,1)の庭はアルハンブラと辺で接していません(角だけでは不十分です)",
        }[language]
    ]


def test_a_picture_with_words_says_their_language(client):
    body = {"alhambra": [{"building": "tower", "walls": "", "x": 1, "y": 0}], "lang": "ja"}
    response = client.post("/v1/render", json=body, headers={"Accept-Language": "de"})
    assert response.status_code == 200
    _said_in(response, "ja")


def test_a_key_with_plural_forms_is_said_with_its_number():
    """``n`` chooses the form: a ``Text`` of such a key always gives it."""
    english = messages("en")
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            named = isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Text"
            if not named or not node.args or not isinstance(node.args[0], ast.Constant):
                continue
            given = {keyword.arg for keyword in node.keywords}
            if isinstance(english.get(node.args[0].value), dict) and not given & {"n", None}:
                missing.append(f"{path.name}:{node.lineno} {node.args[0].value}")
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_api_key_is_said_with_its_values(language):
    """Each form fills its placeholders and nothing else (``str.format`` refuses a lone brace
    or a name it is not given): a brace that is no placeholder is written doubled."""
    for key, value in messages(language).items():
        if key.startswith("api."):
            for form in _forms(value):
                values = {name: "·" for name in PLACEHOLDER.findall(form)}
                assert isinstance(form.format_map(values), str), key
    said = say(Text("api.notation.comment_open"), language)
    assert "{" in said and "}" in said and "{{" not in said
