"""Fuzzing the request path: arbitrary JSON, arbitrary bytes and mutated valid bodies at every
operation that takes a body. Whatever arrives, the answer is 200 or a 4xx problem+json with
the request id, never a 5xx, within the bounded time of ``tests.helpers.hostile``.

In CI the examples are derandomized (the same inputs every run) and bounded; ``make fuzz``
raises the count with ``FUZZ_EXAMPLES`` and draws fresh inputs.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.spec import body_operations, replaced
from calculator import create_app
from tests.helpers.hostile import check_answer, distinct_pointers, send

pytestmark = pytest.mark.slow  # hypothesis fuzzing of the request path: out of make check

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "120"))
FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize="FUZZ_EXAMPLES" not in os.environ,
    database=None,
    deadline=None,  # time is bounded per request in tests.helpers.hostile.send, generously
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

OPERATIONS = body_operations()
CLIENT = create_app({"TESTING": True}).test_client()


ELSEWHERE = {404, 405, 408, 414, 429, 503}
"""Statuses every operation documents that only the reverse proxy, another path or another
method answers: never the app, to a request of the operation's own path and method."""


def answered(operation: Any) -> tuple[int, ...]:
    """Any status the spec documents for the operation, but the size and media type ones (the
    fuzzed bodies are small and declared JSON) and those it never answers itself."""
    return tuple(sorted(operation.statuses - {413, 415} - ELSEWHERE))


# The game's own words and numbers, so that fuzzed documents get past the first checks and
# into the rules code, not only into "expected an object".
WORDS = [
    "alhambra",
    "tile",
    "x",
    "y",
    "building",
    "walls",
    "price",
    "players",
    "name",
    "counts",
    "wall",
    "round",
    "dummy",
    "tiles",
    "rules",
    "holes",
    "region",
    "cell",
    "pavilion",
    "seraglio",
    "arcades",
    "chambers",
    "garden",
    "tower",
    "N",
    "NE",
    "NESW",
    "ESW",
    "",
]
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-70, 70)
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(WORDS)
    | st.text(max_size=20)
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=6)
        | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=8), children, max_size=6)
    ),
    max_leaves=40,
)


def by_operation(test: Any) -> Any:
    return pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)(test)


@by_operation
@FUZZ
@given(document=json_values)
def test_any_json_document(operation, document):
    check_answer(operation, send(CLIENT, operation, document), answered(operation))


@by_operation
@FUZZ
@given(data=st.data())
def test_a_valid_body_with_one_member_replaced(operation, data):
    where = data.draw(st.sampled_from(distinct_pointers(operation.example)))
    document = replaced(operation.example, where, data.draw(json_values))
    check_answer(operation, send(CLIENT, operation, document), answered(operation))


@by_operation
@FUZZ
@given(data=st.data())
def test_a_valid_body_with_bytes_flipped_inserted_or_cut(operation, data):
    raw = bytearray(json.dumps(operation.example).encode())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw)))
        action = data.draw(st.sampled_from(["flip", "insert", "cut"]))
        if action == "insert" or at == len(raw):
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=8))
        elif action == "flip":
            raw[at] = data.draw(st.integers(0, 255))
        else:
            del raw[at : at + data.draw(st.integers(1, 16))]
    check_answer(operation, send(CLIENT, operation, bytes(raw)), answered(operation))


@by_operation
@FUZZ
@given(raw=st.binary(max_size=4096))
def test_arbitrary_bytes(operation, raw):
    check_answer(operation, send(CLIENT, operation, raw), answered(operation))


@by_operation
@FUZZ
@given(media_type=st.text(max_size=40).filter(lambda t: "\n" not in t and "\r" not in t))
def test_an_arbitrary_content_type(operation, media_type):
    response = send(CLIENT, operation, operation.example, content_type=media_type)
    check_answer(operation, response, (200, 400, 415))
