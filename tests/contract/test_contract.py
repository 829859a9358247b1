"""The contract lives once: schemas/, openapi.yaml as served, and the app's routes agree.

Also: the published files (/openapi.yaml, /schemas/...), the offline docs page, the examples
of the spec, and the test client's own response check (it must be able to fail).
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from importlib import metadata
from pathlib import Path

import jsonschema_rs
import pytest
import yaml
from flask import Response
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from bench.spec import removed, replaced
from calculator.api.contract import (
    SCHEMA_BASE,
    SCHEMA_DIR,
    openapi_document,
    request_contract,
    schema_documents,
    served_openapi,
)
from calculator.api.explanation import explain
from calculator.api.problems import Problem
from tests.helpers.contract_check import check_response
from tests.helpers.hostile import distinct_pointers

AUTOMATIC = {"HEAD", "OPTIONS"}
POST_OPERATIONS = [
    (path, item["post"]) for path, item in served_openapi()["paths"].items() if "post" in item
]


def openapi_path(rule: str) -> str:
    """A werkzeug rule (``/schemas/<file>``) as an OpenAPI path (``/schemas/{file}``)."""
    return re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule)


def routes(app) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        found.setdefault(openapi_path(rule.rule), set()).update(rule.methods - AUTOMATIC)
    return found


def test_every_route_is_documented_and_every_documented_operation_is_routed(app):
    documented = {
        path: {method.upper() for method in item}
        for path, item in served_openapi()["paths"].items()
    }
    assert routes(app) == documented


def test_every_schema_file_is_a_component_and_every_component_file_exists():
    components = openapi_document()["components"]["schemas"]
    referenced = {entry["$ref"].removeprefix("schemas/") for entry in components.values()}
    assert referenced == set(schema_documents())  # every *.json file of the contract's schemas


@pytest.mark.parametrize("name", sorted(schema_documents()))
def test_every_schema_file_is_a_valid_2020_12_schema(name):
    Draft202012Validator.check_schema(schema_documents()[name])


@pytest.mark.parametrize("path, operation", POST_OPERATIONS, ids=[p for p, _ in POST_OPERATIONS])
def test_each_operation_checks_the_request_schema_it_documents(client, path, operation):
    """An empty object gets exactly the problems the documented request schema finds in it."""
    reference = openapi_document()["paths"][path]["post"]["requestBody"]["content"][
        "application/json"
    ]["schema"]["$ref"]
    component = openapi_document()["components"]["schemas"][reference.rsplit("/", 1)[1]]
    contract = request_contract(component["$ref"].removeprefix("schemas/"))
    expected = [error.pointer for error in contract.problems({})]
    answer = client.post(path, json={}).get_json()
    assert [error["pointer"] for error in answer["errors"]] == expected
    assert expected  # every operation requires something


@pytest.mark.parametrize("path, operation", POST_OPERATIONS, ids=[p for p, _ in POST_OPERATIONS])
def test_the_example_of_each_operation_is_answered(client, path, operation):
    example = operation["requestBody"]["content"]["application/json"]["example"]
    response = client.post(path, json=example)
    assert response.status_code == 200, response.get_json()


@pytest.mark.slow
def test_the_served_spec_is_openapi_yaml_with_every_schema_bundled(client):
    response = client.get("/openapi.yaml")
    served = yaml.safe_load(response.get_data(as_text=True))
    assert served == served_openapi()
    assert served["openapi"].startswith("3.1")
    # written by libyaml's emitter where PyYAML has it: the very text of the Python emitter
    assert response.get_data(as_text=True) == yaml.safe_dump(
        served_openapi(), sort_keys=False, allow_unicode=True
    )
    assert client.get("/openapi.json").get_json() == served


def _nodes(node, where=""):
    """Every object of a document with its JSON Pointer."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _nodes(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _nodes(item, f"{where}/{index}")


def test_the_bundle_holds_each_schema_once_under_its_name_without_ids_or_defs():
    served = served_openapi()
    size = len(json.dumps(served).encode())
    assert size < 300_000, size
    keys = {key for _, node in _nodes(served) for key in node}
    assert not keys & {"$id", "$defs", "$schema", "errorMessage"}
    references = {node["$ref"] for _, node in _nodes(served) if isinstance(node.get("$ref"), str)}
    assert all(reference.startswith("#/components/") for reference in references)
    components = served["components"]
    for reference in references:
        kind, name = reference.removeprefix("#/components/").split("/")
        assert name in components[kind], reference
    named_in_openapi_yaml = openapi_document()["components"]["schemas"]
    files = [name for name in components["schemas"] if name in named_in_openapi_yaml]
    assert files == list(named_in_openapi_yaml)
    # the rest are the files' $defs entries, each named after its file and itself
    definitions = {
        component + "".join(word.capitalize() for word in definition.split("_"))
        for component, entry in named_in_openapi_yaml.items()
        for definition in schema_documents()[entry["$ref"].removeprefix("schemas/")].get(
            "$defs", {}
        )
    }
    assert set(components["schemas"]) - set(files) == definitions
    assert len(components["schemas"]) == len(files) + len(definitions)
    # each $defs entry of a file is a component named after the file and the entry
    round_score = components["schemas"]["RoundScore"]
    assert round_score["properties"]["players"]["items"] == {
        "$ref": "#/components/schemas/RoundScorePlayer"
    }
    assert components["schemas"]["RoundScorePlayer"]["required"] == [
        "name",
        "points",
        "wall",
        "majorities",
    ]


ODD_VALUES = [None, True, -1, 0, 2.5, "", "NESW", "tower", "x" * 41, [], [{}], {}, {"x": 1}]
"""What replaces each member of an example: every JSON type, at and beyond common bounds."""


def _walked_in_time(path, operation):
    """A request with a game state has hundreds of members: slow to walk one by one."""
    example = operation["requestBody"]["content"]["application/json"]["example"]
    slow = [pytest.mark.slow] if "state" in example else []
    return pytest.param(path, operation, id=path, marks=slow)


@pytest.mark.parametrize("path, operation", [_walked_in_time(*op) for op in POST_OPERATIONS])
def test_the_bundle_accepts_and_refuses_exactly_what_the_schema_files_do(path, operation):
    """The app checks requests with schemas/; clients and schemathesis read the bundle. Each
    example, and each example with one member replaced by an odd value, gets the same verdict
    from both (the members of a game state's bag and pile counted once per shape). Both are
    asked of the same compiled validator, as the app and schemathesis ask it, so a difference
    is the bundle's."""
    served = served_openapi()
    reference = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    bundled = jsonschema_rs.Draft202012Validator(
        {"$ref": reference, "components": served["components"]}, validate_formats=False
    )
    component = openapi_document()["components"]["schemas"][reference.rsplit("/", 1)[1]]
    files = request_contract(component["$ref"].removeprefix("schemas/"))
    example = operation["requestBody"]["content"]["application/json"]["example"]
    bodies = [example, {}] + [
        replaced(example, where, value)
        for where in distinct_pointers(example)
        for value in ODD_VALUES
    ]
    verdicts = [(files.is_valid(body), bundled.is_valid(body)) for body in bodies]
    assert [i for i, (ours, theirs) in enumerate(verdicts) if ours != theirs] == []
    assert {ours for ours, _ in verdicts} == {True, False}  # both verdicts were put to the test


def _whole_walk(reference: str, body: object) -> list[Problem]:
    """The problems of ``body`` found by walking all of it with jsonschema, as the contract's
    explanations would be without the compiled validator's help."""
    registry = Registry().with_resources(
        (SCHEMA_BASE + name, Resource.from_contents(document, default_specification=DRAFT202012))
        for name, document in schema_documents().items()
    )
    walker = Draft202012Validator({"$ref": SCHEMA_BASE + reference}, registry=registry)
    found = {(p.pointer, p.message): p for top in walker.iter_errors(body) for p in explain(top)}
    return sorted(found.values(), key=lambda p: (p.pointer, repr(p.message)))


@pytest.mark.parametrize("path, operation", [_walked_in_time(*op) for op in POST_OPERATIONS])
def test_a_refused_body_has_the_problems_a_whole_walk_finds(path, operation):
    """The full validator walks only the members the compiled one refuses (each ``$ref`` and
    each choice asks it first). Each example bent at each place the schema tells apart (a
    value of another kind, in turn, or the member removed) gets exactly the problems that a
    walk of the whole body finds."""
    reference = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    component = openapi_document()["components"]["schemas"][reference.rsplit("/", 1)[1]]
    name = component["$ref"].removeprefix("schemas/")
    example = operation["requestBody"]["content"]["application/json"]["example"]
    bent = [{}, []]
    for turn, where in enumerate(distinct_pointers(example)[1:]):
        if turn % len(ODD_VALUES) == 0:
            bent.append(removed(example, where))
        else:
            bent.append(replaced(example, where, ODD_VALUES[turn % len(ODD_VALUES)]))
    refused = [body for body in bent if not request_contract(name).is_valid(body)]
    assert len(refused) >= len(bent) // 2  # most bends break the body: the walks are compared
    for body in refused:
        assert request_contract(name).problems(body) == _whole_walk(name, body)


def test_no_schema_gives_a_default():
    """A tool reads ``default`` as a promise that the member is always there (openapi-typescript
    makes it required, even where the server refuses it); the server fills in no defaults, so
    each description says what an absent member means instead."""
    assert not [
        (name, where)
        for name, document in schema_documents().items()
        for where, node in _nodes(document)
        if "default" in node and isinstance(node.get("type", node.get("enum")), (str, list))
    ]


def _operations():
    for path, item in served_openapi()["paths"].items():
        for method, operation in item.items():
            yield f"{method.upper()} {path}", operation


def _response(response):
    if "$ref" in response:
        return served_openapi()["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    return response


def test_operation_ids_are_camel_case_and_unique():
    ids = [operation["operationId"] for _, operation in _operations()]
    assert len(ids) == len(set(ids))
    assert [i for i in ids if not re.fullmatch(r"[a-z]+(?:[A-Z][a-z]*)*", i)] == []


def test_every_4xx_is_a_problem_and_every_response_has_a_media_type_and_the_request_id():
    for name, operation in _operations():
        for status, response in map(
            lambda item: (item[0], _response(item[1])), operation["responses"].items()
        ):
            assert "X-Request-Id" in response["headers"], (name, status)
            if status == "304":
                assert "content" not in response, name
                continue
            media_types = set(response["content"])
            if status.startswith("4"):
                assert media_types == {"application/problem+json"}, (name, status)
                schema = response["content"]["application/problem+json"]["schema"]["$ref"]
                expected = "InvalidRequest" if status == "422" else "Problem"
                assert schema == f"#/components/schemas/{expected}", (name, status)
            else:
                assert media_types, (name, status)


def test_the_servers_are_this_one_and_one_on_this_machine():
    """The first is where the document was fetched (the docs page tries requests there); the
    second is an address a generated client can use as it is, ``make serve``'s."""
    assert [server["url"] for server in served_openapi()["servers"]] == [
        "/",
        "http://127.0.0.1:8000",
    ]


def test_the_version_is_the_packages_and_a_contact_is_named():
    """``info.version`` moves with each release from one source: the package's version."""
    info = served_openapi()["info"]
    assert info["version"] == metadata.version("alhambra-calculator")
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", info["version"])
    assert info["contact"]["name"] and "@" in info["contact"]["email"]
    assert "x-responses-of-every-operation" not in served_openapi()


def test_every_operation_is_described():
    assert [name for name, operation in _operations() if not operation.get("description")] == []


PROXY = {"400", "408", "413", "414", "429", "503"}
"""What the recommended nginx (deploy/nginx.conf) answers itself, for any request."""


def test_every_operation_declares_the_proxys_answers_an_unknown_path_and_method():
    """Whatever the operation, a request may meet nginx's refusals and, on a server of another
    release, a 404 or a 405: each is declared, a problem, and 429 and 503 say when to retry."""
    for name, operation in _operations():
        assert PROXY | {"404", "405"} <= set(operation["responses"]), name
    responses = served_openapi()["components"]["responses"]
    for status in ("TooManyRequests", "ServiceUnavailable"):
        assert "Retry-After" in responses[status]["headers"]
    assert "Allow" in responses["MethodNotAllowed"]["headers"]


def test_method_not_allowed_is_referenced():
    references = {operation["responses"]["405"]["$ref"] for _, operation in _operations()}
    assert references == {"#/components/responses/MethodNotAllowed"}


def test_the_yaml_document_is_a_string():
    """A YAML text, as a client reads it (orval's fetch client compiles only so)."""
    answer = served_openapi()["paths"]["/openapi.yaml"]["get"]["responses"]["200"]
    assert answer["content"]["application/yaml"]["schema"]["type"] == "string"


def _problem_types() -> set[str]:
    """Every problem type the code raises: each ``ApiProblem`` subclass's."""
    from calculator.api import advice, game_service, problems  # noqa: F401 (they define them)

    found, classes = set(), [problems.ApiProblem]
    while classes:
        kind = classes.pop()
        found.add(kind.type)
        classes += kind.__subclasses__()
    return found


def test_the_problem_types_are_listed():
    """The contract lists every problem type the server answers with (``problem.json``), and
    docs/clients.md has a row for each: a client tells them apart by ``type`` without reading
    the server's code."""
    listed = schema_documents()["problem.json"]["properties"]["type"]
    assert set(listed["examples"]) == _problem_types()
    assert all(kind in listed["description"] for kind in _problem_types() - {"about:blank"})
    clients = (Path(__file__).resolve().parents[2] / "docs" / "clients.md").read_text("utf-8")
    assert _problem_types() <= set(re.findall(r"^\| `([^`]+)` \| ", clients, re.M))


def test_an_invalid_requests_errors_are_typed():
    """Each error of a 422 has its pointer and message (a generated client reads
    ``errors[0].pointer``), in the problem and in the 422's own schema."""
    components = served_openapi()["components"]["schemas"]
    error = {"$ref": "#/components/schemas/ProblemError"}
    assert components["Problem"]["properties"]["errors"]["items"] == error
    assert components["InvalidRequest"]["allOf"][1]["properties"]["errors"]["items"] == error
    assert components["ProblemError"]["required"] == ["pointer", "message"]


@pytest.mark.parametrize("name", sorted(schema_documents()))
def test_each_schema_file_is_published_as_written(client, name):
    response = client.get(f"/schemas/{name}")
    assert response.mimetype == "application/schema+json"
    assert response.get_data(as_text=True) == (SCHEMA_DIR / name).read_text("utf-8")


@pytest.mark.parametrize("path", ["/openapi.yaml", "/openapi.json", "/schemas/tile.json"])
def test_the_contract_is_cached_and_revalidated_by_its_etag(client, path):
    first = client.get(path)
    assert first.headers["Cache-Control"] == "public, max-age=3600"
    tag = first.headers["ETag"]
    again = client.get(path, headers={"If-None-Match": tag})
    assert again.status_code == 304
    assert again.get_data() == b""
    assert again.headers["ETag"] == tag
    changed = client.get(path, headers={"If-None-Match": '"another-version"'})
    assert changed.status_code == 200
    assert changed.get_data() == first.get_data()


@pytest.mark.parametrize("path", ["/static/app.css", "/docs/swagger-ui/swagger-ui.css"])
def test_a_static_file_is_revalidated_by_its_etag_too(client, path):
    with client.get(path) as first:
        tag = first.headers["ETag"]
    with client.get(path, headers={"If-None-Match": tag}) as again:
        assert again.status_code == 304  # documented: the response check passed it


def test_each_document_has_its_own_etag(client):
    tags = {client.get(p).headers["ETag"] for p in ("/openapi.yaml", "/openapi.json")}
    tags |= {client.get(f"/schemas/{name}").headers["ETag"] for name in schema_documents()}
    assert len(tags) == 2 + len(schema_documents())


# --- the docs page ---------------------------------------------------------------------------


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.inline: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name in ("src", "href"):
            if attributes.get(name):
                self.urls.append(attributes[name])
        if "style" in attributes or any(name.startswith("on") for name in attributes):
            self.inline.append(f"{tag} {attrs}")
        if tag == "style":
            self.inline.append("style element")
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.inline.append("inline script")


def test_docs_page_works_offline_within_a_strict_csp(client):
    response = client.get("/docs")
    page = _Page()
    page.feed(response.get_data(as_text=True))
    assert page.inline == []  # a Content-Security-Policy of 'self' would block these
    assert page.urls, "the page loads Swagger UI"
    for url in page.urls:
        assert url.startswith("/"), f"{url} is not served by this app"
        assert client.get(url).status_code == 200, url


def test_docs_script_starts_swagger_ui_on_the_served_spec(client):
    page = client.get("/docs").get_data(as_text=True)
    assert 'data-spec-url="/openapi.yaml"' in page
    script = client.get("/static/docs/docs.js").get_data(as_text=True)
    assert "SwaggerUIBundle" in script
    assert "validatorUrl: null" in script  # no call to validator.swagger.io


def test_swagger_ui_assets_are_local_and_unknown_ones_are_404(client):
    assert client.get("/docs/swagger-ui/swagger-ui-bundle.js").status_code == 200
    assert client.get("/docs/swagger-ui/no-such.js").status_code == 404
    assert client.get("/docs/swagger-ui/../../../etc/passwd").status_code == 404


# --- the response check itself ---------------------------------------------------------------


def test_the_response_check_refuses_a_body_off_its_schema():
    wrong = Response('{"legal": "yes", "violations": []}', mimetype="application/json")
    with pytest.raises(AssertionError, match="legal"):
        check_response("POST", "/v1/placement", wrong)


def test_the_response_check_refuses_an_undocumented_status():
    teapot = Response("{}", status=418, mimetype="application/json")
    with pytest.raises(AssertionError, match="418 is not documented"):
        check_response("POST", "/v1/walls", teapot)


def test_the_response_check_refuses_an_undocumented_media_type():
    html = Response("<p>hi</p>", mimetype="text/html")
    with pytest.raises(AssertionError, match="text/html"):
        check_response("GET", "/v1/catalog", html)


def test_the_response_check_wants_404_for_unknown_paths_and_405_for_unknown_methods():
    ok = Response("{}", mimetype="application/json")
    with pytest.raises(AssertionError, match="undocumented path"):
        check_response("GET", "/nowhere", ok)
    with pytest.raises(AssertionError, match="is no operation"):
        check_response("DELETE", "/v1/scores", ok)


def _patterns(node):
    if isinstance(node, dict):
        if isinstance(node.get("pattern"), str):
            yield node["pattern"]
        for value in node.values():
            yield from _patterns(value)
    elif isinstance(node, list):
        for item in node:
            yield from _patterns(item)


@pytest.mark.parametrize("name", sorted(schema_documents()))
def test_no_pattern_ends_in_a_dollar_the_two_validators_read_differently(name):
    """ECMA-262 (jsonschema_rs, the fast check) reads ``$`` as the end of the string; Python's
    ``re`` (jsonschema, the problem reports) also before a final newline. A pattern anchored at
    the end would let "N\\n" pass one and fail the other: patterns are unanchored ``not``s or
    enums instead."""
    assert not [p for p in _patterns(schema_documents()[name]) if p.endswith("$")]


@pytest.mark.parametrize(
    ("path", "body", "where"),
    [
        (
            "/v1/walls",
            {"alhambra": [{"building": "garden", "walls": "N\n", "x": 1, "y": 0}]},
            "/alhambra/0/walls",
        ),
        ("/v1/games", {"players": ["Anna\n", "Ben"], "seed": 1}, "/players/0"),
        ("/v1/render", {"alhambra": [], "title": "Anna\n"}, "/title"),
    ],
)
def test_a_trailing_newline_is_refused_with_a_pointer_not_a_crash(client, path, body, where):
    response = client.post(path, json=body)
    assert response.status_code == 422
    assert where in [error["pointer"] for error in response.get_json()["errors"]]
