"""POST /v1/render: the picture over HTTP, its contract and its refusals."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from calculator.api import service
from calculator.api.contract import request_contract, schema_documents, served_openapi

SVG = "{http://www.w3.org/2000/svg}"

ALHAMBRA = [
    {"building": "garden", "walls": "NE", "price": 8, "x": 1, "y": 0},
    {"building": "chambers", "walls": "SW", "x": 0, "y": 1},
    {"building": "tower", "walls": "ES", "x": 1, "y": 1},
]


def svg_of(response) -> ET.Element:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "image/svg+xml"
    return ET.fromstring(response.get_data())


def problem_of(response, status: int) -> dict:
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    Draft202012Validator(schema_documents()["problem.json"]).validate(body)
    return body


def test_render_answers_an_svg_named_for_download(client):
    response = client.post("/v1/render", json={"alhambra": ALHAMBRA})
    root = svg_of(response)
    assert response.headers["Content-Disposition"] == 'inline; filename="alhambra.svg"'
    assert response.content_type == "image/svg+xml; charset=utf-8"
    tiles = [g for g in root.iter(f"{SVG}g") if g.get("class") == "tile"]
    assert len(tiles) == 3
    highlighted = [line for line in root.iter(f"{SVG}line") if line.get("class") == "longest-wall"]
    assert len(highlighted) == 6


def test_render_marks_a_proposed_placement_and_its_rules(client):
    response = client.post(
        "/v1/render",
        json={
            "alhambra": ALHAMBRA,
            "highlight": {"tile": {"building": "pavilion", "walls": ""}, "x": 1, "y": -1},
        },
    )
    root = svg_of(response)
    rules = [g.get("data-rule") for g in root.iter(f"{SVG}g") if g.get("class") == "violation"]
    assert rules == ["B2", "B3"]  # the garden's north wall meets a bare side; walled off


def test_render_follows_the_hole_rule_option(client):
    ring = [
        {"building": "garden", "walls": "", "x": x, "y": y}
        for x, y in [(1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (2, 2), (1, 2), (0, 2), (0, 1)]
    ]

    def rules(options):
        root = svg_of(client.post("/v1/render", json={"alhambra": ring, **options}))
        return [g.get("data-rule") for g in root.iter(f"{SVG}g") if g.get("class") == "violation"]

    assert rules({}) == ["B5"]
    assert rules({"rules": {"holes": "cell"}}) == []


@pytest.mark.parametrize(
    ("options", "headers", "word"),
    [
        ({"lang": "ja"}, {}, "庭"),
        ({"lang": "ru"}, {}, "сад"),
        ({}, {"Accept-Language": "de-CH, de;q=0.9, en;q=0.5"}, "Garten"),
        ({}, {}, "garden"),
    ],
)
def test_render_words_follow_lang_or_accept_language(client, options, headers, word):
    response = client.post("/v1/render", json={"alhambra": ALHAMBRA, **options}, headers=headers)
    texts = {text.text for text in svg_of(response).iter(f"{SVG}text")}
    assert word in texts


def test_render_title_is_escaped(client):
    title = "</title><script>alert(1)</script>"
    root = svg_of(client.post("/v1/render", json={"alhambra": [], "title": title}))
    assert (root.find(f"{SVG}title").text or "").startswith(title)  # type: ignore[union-attr]
    assert root.find(f".//{SVG}script") is None


@pytest.mark.parametrize(
    ("body", "pointers"),
    [
        ({}, ["/alhambra"]),
        (
            {"alhambra": [{"building": "castle", "walls": "X", "x": 1, "y": 0}]},
            ["/alhambra/0/building", "/alhambra/0/walls"],
        ),
        (
            {
                "alhambra": [],
                "highlight": {"tile": {"building": "garden", "walls": ""}, "x": 99, "y": 0},
            },
            ["/highlight/x"],
        ),
        ({"alhambra": [], "lang": "fr"}, ["/lang"]),
        ({"alhambra": [], "title": "x" * 81}, ["/title"]),
        ({"alhambra": [], "title": "tab\tin the title"}, ["/title"]),  # XML 1.0 has no room for
        ({"alhambra": [], "title": "nul\u0000"}, ["/title"]),  # control characters or U+FFFE
        ({"alhambra": [], "title": "\ufffe"}, ["/title"]),
        ({"alhambra": [], "colour": "pink"}, ["/colour"]),
    ],
)
def test_render_422_names_every_field_at_fault(client, body, pointers):
    problem = problem_of(client.post("/v1/render", json=body), 422)
    assert sorted({error["pointer"] for error in problem["errors"]}) == sorted(pointers)


def test_render_422_for_positions_that_cannot_exist(client):
    body = {
        "alhambra": [
            {"building": "garden", "walls": "", "x": 1, "y": 0},
            {"building": "tower", "walls": "", "x": 1, "y": 0},  # B6: two on one cell
            {"building": "garden", "walls": "NE", "price": 2, "x": 2, "y": 0},  # C1: no such tile
        ],
        "highlight": {"tile": {"building": "tower", "walls": "", "price": 9}, "x": 0, "y": -1},
    }
    problem = problem_of(client.post("/v1/render", json=body), 422)
    by_pointer = {error["pointer"]: error["message"] for error in problem["errors"]}
    assert set(by_pointer) == {"/alhambra/1", "/alhambra/2/price", "/highlight/tile/price"}
    assert "(B6)" in by_pointer["/alhambra/1"]
    assert "(C1)" in by_pointer["/alhambra/2/price"]
    assert "(C1)" in by_pointer["/highlight/tile/price"]


def test_render_422_for_a_tile_on_the_fountain(client):
    body = {"alhambra": [{"building": "garden", "walls": "", "x": 0, "y": 0}]}
    problem = problem_of(client.post("/v1/render", json=body), 422)
    assert [error["pointer"] for error in problem["errors"]] == ["/alhambra/0"]


def test_render_refuses_what_is_not_json(client):
    problem_of(client.post("/v1/render", data="{", content_type="application/json"), 400)
    problem_of(client.post("/v1/render", data="alhambra", content_type="text/plain"), 415)
    problem_of(client.get("/v1/render"), 405)


def test_render_is_in_the_served_spec_as_svg():
    spec = served_openapi()
    operation = spec["paths"]["/v1/render"]["post"]
    assert set(operation["responses"]["200"]["content"]) == {"image/svg+xml"}
    reference = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    request_schema = spec["components"]["schemas"][reference.rsplit("/", 1)[1]]
    assert request_schema["required"] == ["alhambra"]
    for status in ("400", "413", "415", "422"):
        assert status in operation["responses"]


@settings(max_examples=60, deadline=None)
@given(title=st.text(max_size=80))
def test_any_title_the_contract_accepts_makes_well_formed_xml(title):
    body = {"alhambra": ALHAMBRA, "title": title}
    contract = request_contract("render-request.json")
    if not contract.is_valid(body):
        assert [p.pointer for p in contract.problems(body)] == ["/title"]
        return
    svg = service.render(body, "en")
    root = ET.fromstring(svg.encode("utf-8"))
    assert (root.find(f"{SVG}title").text or "").startswith(title)  # type: ignore[union-attr]
