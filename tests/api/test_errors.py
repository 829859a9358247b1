"""Refusals: every error is RFC 9457 problem+json (API.md "Errors"); a 422 lists every problem
found, each with a JSON Pointer into the request. Rule ids cite RULES.md where a rule is at
stake."""

from __future__ import annotations

import io

import pytest

from tests.helpers.api import placed, pointers, tile

PROBLEM = "application/problem+json"
OPERATIONS = [
    "/v1/placement",
    "/v1/placement/options",
    "/v1/removal",
    "/v1/alhambra/check",
    "/v1/walls",
    "/v1/scores",
]


def refused(response, status):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    problem = response.get_json()
    assert problem["status"] == status
    assert {"type", "title", "detail"} <= set(problem)
    return problem


def invalid(client, path, body):
    problem = refused(client.post(path, json=body), 422)
    assert problem["type"] == "urn:alhambra:problem:invalid-request"
    assert len(problem["errors"]) >= 1
    return problem


def messages_at(problem, where):
    return [error["message"] for error in problem["errors"] if error["pointer"] == where]


# --- 400, 404, 405, 413, 415 -----------------------------------------------------------------


@pytest.mark.parametrize("path", OPERATIONS)
@pytest.mark.parametrize(
    "raw, says",
    [
        (b'{"alhambra": [', "not valid JSON"),
        (b'{"alhambra": [], "alhambra": []}', "appears twice"),
        (b'{"round": NaN}', "NaN"),
        (b'{"round": Infinity}', "Infinity"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b"", "not valid JSON"),
    ],
)
def test_400_malformed_json(client, path, raw, says):
    problem = refused(client.post(path, data=raw, content_type="application/json"), 400)
    assert says in problem["detail"]


WERKZEUG_WORDS = ("requested url", "capacity limit", "not allowed for the requested")
"""Phrases of Werkzeug's own descriptions: none reaches a client."""


def in_our_words(problem):
    assert not [words for words in WERKZEUG_WORDS if words in problem["detail"].lower()], problem
    assert problem["type"] == "about:blank"  # the status says it all (RFC 9457)


def test_404_unknown_path(client):
    problem = refused(client.get("/v2/scores"), 404)
    in_our_words(problem)
    assert problem["title"] == "Not Found"
    assert problem["detail"] == (
        "there is no /v2/scores on this server: its paths are listed in /openapi.yaml"
    )


def test_404_unknown_schema_file(client):
    problem = refused(client.get("/schemas/no-such.json"), 404)
    assert problem["detail"] == "there is no schema 'no-such.json'; see /openapi.yaml"


@pytest.mark.parametrize("path", OPERATIONS)
def test_405_get_of_a_post_operation_names_the_allowed_methods(client, path):
    response = client.get(path)
    problem = refused(response, 405)
    assert set(response.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}
    in_our_words(problem)
    assert problem["detail"] == f"{path} answers POST, not GET"


def test_405_post_to_the_catalog(client):
    problem = refused(client.post("/v1/catalog", json={}), 405)
    assert problem["detail"] == "/v1/catalog answers GET, not POST"


@pytest.mark.parametrize("path", OPERATIONS)
def test_413_body_over_the_limit(client, path):
    body = b'{"alhambra": [' + b" " * 300_000 + b"]}"
    problem = refused(client.post(path, data=body, content_type="application/json"), 413)
    in_our_words(problem)
    assert problem["detail"] == "the body is larger than the limit of 262144 bytes (256 KiB)"


def test_413_a_streamed_body_over_the_limit_is_worded_alike(client):
    """No Content-Length (chunked): refused once the limit is reached, in the same words."""
    response = client.post(
        "/v1/walls",
        input_stream=io.BytesIO(b'{"alhambra": [' + b" " * 300_000 + b"]}"),
        headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    problem = refused(response, 413)
    assert problem["detail"] == "the body is larger than the limit of 262144 bytes (256 KiB)"


LIMIT = 256 * 1024


@pytest.mark.parametrize(
    ("streamed", "size", "read"),
    [
        (False, LIMIT + 64 * 1024, LIMIT + 64 * 1024),
        (False, 2 * LIMIT, 2 * LIMIT),
        (False, 2 * LIMIT + 1, 0),  # declared too long to read on: refused unread
        (True, LIMIT + 64 * 1024, LIMIT + 64 * 1024),
        (True, 2 * LIMIT, 2 * LIMIT),
        (True, 3 * LIMIT, 2 * LIMIT),  # read on only as far as twice the limit
    ],
)
def test_413_reads_a_body_a_little_over_the_limit_to_its_end(client, streamed, size, read):
    """A connection closed with bytes unread is reset, and a client still sending reads the
    reset, not the 413: up to the limit again past it is read and dropped, then no more."""
    body = io.BytesIO(b"[" + b" " * (size - 2) + b"]")
    if streamed:
        headers = {"Transfer-Encoding": "chunked"}
        environ = {"wsgi.input_terminated": True}
    else:
        headers, environ = {}, {"CONTENT_LENGTH": str(size)}
    response = client.post(
        "/v1/walls",
        input_stream=body,
        headers={"Content-Type": "application/json", **headers},
        environ_overrides=environ,
    )
    refused(response, 413)
    assert body.tell() == read


@pytest.mark.parametrize("path", OPERATIONS)
@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_415_body_not_declared_json(client, path, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    response = client.post(path, data=b'{"alhambra": []}', headers=headers)
    refused(response, 415)


@pytest.mark.parametrize(
    ("content_type", "detail"),
    [
        (
            "application/vnd.alhambra+json",
            "send the body as application/json, not application/vnd.alhambra+json",
        ),
        (
            "application/merge-patch+json",
            "send the body as application/json, not application/merge-patch+json",
        ),
        (
            "application/json; charset=iso-8859-1",
            "send the body as application/json in UTF-8 (RFC 8259), not in iso-8859-1",
        ),
    ],
)
def test_415_only_application_json_in_utf_8_is_json(client, content_type, detail):
    response = client.post("/v1/walls", data=b'{"alhambra": []}', content_type=content_type)
    assert refused(response, 415)["detail"] == detail


def test_application_json_with_its_charset_is_json(client):
    for content_type in ("application/json; charset=utf-8", "application/json; charset=UTF-8"):
        response = client.post("/v1/walls", data=b'{"alhambra": []}', content_type=content_type)
        assert response.status_code == 200


def test_412_if_match_naming_another_version_is_a_problem(client):
    for path in ("/openapi.yaml", "/schemas/tile.json", "/static/app.css"):
        problem = refused(client.get(path, headers={"If-Match": '"another-version"'}), 412)
        assert problem["detail"] == (
            f"{path} has changed: If-Match names another version than its ETag"
        )
    tag = client.get("/openapi.yaml").headers["ETag"]
    assert client.get("/openapi.yaml", headers={"If-Match": tag}).status_code == 200


def test_206_and_416_a_range_of_a_static_file(client):
    with client.get("/static/app.css", headers={"Range": "bytes=0-9"}) as part:
        assert part.status_code == 206
        assert len(part.get_data()) == 10
    problem = refused(client.get("/static/app.css", headers={"Range": "bytes=9999999-"}), 416)
    assert problem["detail"] == "the range asked for (the Range header) is not within the file"


# --- 422: the contract (schemas/) ------------------------------------------------------------


@pytest.mark.parametrize("path", OPERATIONS)
def test_422_a_body_that_is_not_an_object(client, path):
    problem = invalid(client, path, [1, 2])
    assert pointers(problem) == [""]


def test_422_lists_every_problem_of_a_placement_with_its_pointer(client):
    problem = invalid(
        client,
        "/v1/placement",
        {
            "alhambra": [
                placed(1, 0, "castle"),
                {"building": "tower", "walls": "EN", "x": 2, "y": 0},
                {"building": "tower", "walls": "", "x": 61, "y": 0},
                {"building": "tower", "walls": "", "x": 1},
                {"building": "tower", "walls": "", "x": 1, "y": 1, "colour": "red"},
                {"building": "tower", "walls": "", "x": 1.5, "y": 1, "price": 14},
            ],
            "tile": {"building": "garden"},
            "x": "1",
            "rules": {"holes": "corner"},
        },
    )
    assert pointers(problem) == sorted(
        [
            "/alhambra/0/building",
            "/alhambra/1/walls",
            "/alhambra/2/x",
            "/alhambra/3/y",
            "/alhambra/4/colour",
            "/alhambra/5/price",
            "/alhambra/5/x",
            "/rules/holes",
            "/tile/walls",
            "/x",
            "/y",
        ]
    )
    assert "order N, E, S, W" in messages_at(problem, "/alhambra/1/walls")[0]


def test_422_coordinates_and_alhambra_size_are_bounded(client):
    too_many = [placed(x, 1) for x in range(-40, 41)]
    problem = invalid(client, "/v1/walls", {"alhambra": too_many})
    assert pointers(problem) == ["/alhambra"]
    problem = invalid(client, "/v1/removal", {"alhambra": [], "x": -61, "y": 60})
    assert pointers(problem) == ["/x"]


@pytest.mark.parametrize("path", ["/v1/placement/options", "/v1/alhambra/check", "/v1/walls"])
def test_422_unknown_members_are_refused(client, path):
    body = {"alhambra": [], "tile": tile(), "extra": 1}
    if path != "/v1/placement/options":
        del body["tile"]
    problem = invalid(client, path, body)
    assert pointers(problem) == ["/extra"]


# --- 422: the checks only code can make (C1, B6, D1, names) ----------------------------------


def test_422_c1_a_priced_tile_must_be_in_the_catalog(client):
    problem = invalid(
        client,
        "/v1/placement",
        {
            "alhambra": [placed(1, 0, "tower", "N", 11), placed(2, 0, "tower", "N", 7)],
            "tile": tile("garden", "", 6),
            "x": 0,
            "y": 1,
        },
    )
    assert pointers(problem) == ["/alhambra/1/price", "/tile/price"]
    assert all("(C1)" in error["message"] for error in problem["errors"])


def test_422_b6_a_tile_on_the_fountain_and_two_tiles_on_one_cell(client):
    problem = invalid(
        client,
        "/v1/alhambra/check",
        {
            "alhambra": [placed(1, 0), placed(0, 0), placed(2, 0), placed(1, 0), placed(1, 0)],
        },
    )
    assert pointers(problem) == ["/alhambra/1", "/alhambra/3", "/alhambra/4"]
    assert all("(B6)" in error["message"] for error in problem["errors"])
    assert "fountain" in problem["errors"][0]["message"]


def test_422_a_tile_can_break_c1_and_b6_at_once(client):
    problem = invalid(client, "/v1/walls", {"alhambra": [placed(0, 0, "tower", "", 2)]})
    assert pointers(problem) == ["/alhambra/0/price", "/alhambra/0"]


# --- 422: POST /v1/scores --------------------------------------------------------------------


def test_422_scores_contract_problems(client):
    problem = invalid(
        client,
        "/v1/scores",
        {
            "round": 4,
            "players": [
                {"name": "", "counts": {"tower": 12, "castle": 1}},
                {"name": "B" * 41, "counts": {"garden": -1}, "wall": 217},
                {"name": "Cleo", "alhambra": [], "counts": {}},
                {"name": "Dirk"},
                {"name": "Emma", "alhambra": [], "wall": 3},
            ],
            "dummy": {"counts": {}, "tiles": []},
        },
    )
    assert pointers(problem) == sorted(
        [
            "/round",
            "/players/0/name",
            "/players/0/counts/tower",
            "/players/0/counts/castle",
            "/players/1/name",
            "/players/1/counts/garden",
            "/players/1/wall",
            "/players/2",
            "/players/3",
            "/players/4",
            "/dummy",
        ]
    )
    assert messages_at(problem, "/players/0/counts/tower") == [
        "a count of towers is 0 to 11: the game has 11 (C1)"
    ]
    assert "either 'alhambra'" in messages_at(problem, "/players/2")[0]


def test_422_scores_at_most_six_players_at_least_one(client):
    seven = [{"name": str(n), "counts": {}} for n in range(7)]
    assert pointers(invalid(client, "/v1/scores", {"round": 1, "players": seven})) == ["/players"]
    assert pointers(invalid(client, "/v1/scores", {"round": 1, "players": []})) == ["/players"]


def test_422_scores_names_are_unique(client):
    problem = invalid(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [
                {"name": "Anna", "counts": {}},
                {"name": "Ben", "counts": {}},
                {"name": "Anna", "counts": {}},
            ],
        },
    )
    assert pointers(problem) == ["/players/2/name"]
    assert "/players/0" in problem["errors"][0]["message"]


def test_422_d1_the_dummy_only_sits_at_a_two_player_table(client):
    problem = invalid(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [
                {"name": "A", "counts": {}},
                {"name": "B", "counts": {}},
                {"name": "C", "counts": {}},
            ],
            "dummy": {"counts": {"tower": 1}},
        },
    )
    assert pointers(problem) == ["/dummy"]
    assert "(D1)" in problem["errors"][0]["message"]


def test_422_d1_a_lone_players_dummy_and_c1_a_tile_of_it_are_both_reported(client):
    """Two problems, one inside the other's member: the dummy (D1) and its tile's price (C1)."""
    problem = invalid(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [{"name": "A", "counts": {"tower": 1}}],
            "dummy": {"tiles": [tile("pavilion", "NES", 12)]},
        },
    )
    assert pointers(problem) == ["/dummy", "/dummy/tiles/0/price"]
    assert "(D1)" in messages_at(problem, "/dummy")[0]
    assert "(C1)" in messages_at(problem, "/dummy/tiles/0/price")[0]


def test_422_c1_the_table_holds_at_most_the_catalog_of_each_type(client):
    """Over the players given by counts and the dummy; the pointer is the count that tips it."""
    problem = invalid(
        client,
        "/v1/scores",
        {
            "round": 3,
            "players": [
                {"name": "Anna", "counts": {"tower": 6, "pavilion": 7}},
                {"name": "Ben", "counts": {"tower": 5, "pavilion": 1}},
            ],
            "dummy": {"counts": {"tower": 1}},
        },
    )
    assert pointers(problem) == ["/players/1/counts/pavilion", "/dummy/counts/tower"]
    assert messages_at(problem, "/dummy/counts/tower") == [
        "that makes 12 towers at the table; the game has 11 (C1)"
    ]


def test_422_c1_dummy_tiles_count_towards_the_catalog(client):
    problem = invalid(
        client,
        "/v1/scores",
        {
            "round": 2,
            "players": [{"name": "Anna", "counts": {"pavilion": 6}}, {"name": "Ben", "counts": {}}],
            "dummy": {"tiles": [tile("pavilion", "SW", 3), tile("pavilion", "S")]},
        },
    )
    assert pointers(problem) == ["/dummy/tiles/1"]


def test_422_scores_reports_tile_problems_inside_a_players_alhambra(client):
    problem = invalid(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [
                {"name": "Anna", "counts": {}},
                {"name": "Ben", "alhambra": [placed(1, 0), placed(1, 0, "tower", "", 9)]},
            ],
        },
    )
    assert pointers(problem) == ["/players/1/alhambra/1/price", "/players/1/alhambra/1"]


def test_422_problems_of_code_checks_come_together(client):
    problem = invalid(
        client,
        "/v1/scores",
        {
            "round": 1,
            "players": [
                {"name": "A", "counts": {"tower": 11}},
                {"name": "A", "alhambra": [placed(0, 0)]},
                {"name": "C", "counts": {"tower": 1}},
            ],
            "dummy": {"counts": {}},
        },
    )
    assert sorted(pointers(problem)) == [
        "/dummy",
        "/players/1/alhambra/0",
        "/players/1/name",
        "/players/2/counts/tower",
    ]
