"""JSON in and out: the compiled reader and writer read and write exactly as the ``json`` module.

``parse_json`` answers with ``msgspec`` where it can and falls back to ``parse_json_strictly``
(``json`` with a duplicate-key hook) otherwise; whatever the body, both must give the same
value (types included: ``1`` is not ``1.0``) or the same refusal, word for word.
``to_json`` writes with ``msgspec``; for every answer the schemas allow, the text must be the
one ``json.dumps`` writes compactly.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.api.contract import schema_documents
from calculator.api.json_text import parse_json, parse_json_strictly, to_json
from calculator.api.problems import MalformedBody
from calculator.i18n import say

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4)
    ),
    max_leaves=20,
)


def reading(read, raw: bytes) -> tuple[str, str]:
    """What a reader makes of ``raw``: ("value", its repr) or ("refused", the detail)."""
    try:
        return "value", repr(read(raw))
    except MalformedBody as problem:
        return "refused", problem.detail


def assert_read_alike(raw: bytes) -> None:
    assert reading(parse_json, raw) == reading(parse_json_strictly, raw)


@settings(max_examples=300, deadline=None)
@given(values, st.booleans(), st.sampled_from([None, (",", ":"), (" , ", " : ")]))
def test_well_formed_bodies_read_alike(value, ascii_only, separators):
    raw = json.dumps(value, ensure_ascii=ascii_only, separators=separators).encode()
    assert_read_alike(raw)
    assert reading(parse_json, raw) == ("value", repr(json.loads(raw)))


@settings(max_examples=300, deadline=None)
@given(values, st.data())
def test_damaged_bodies_are_refused_alike(value, data):
    raw = bytearray(json.dumps(value, ensure_ascii=False).encode())
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(raw)))
        raw[at:at] = data.draw(
            st.sampled_from(
                [
                    b'"',
                    b"\\",
                    b"\\u",
                    b"\\ud800",
                    b"{",
                    b"}",
                    b"[",
                    b"]",
                    b",",
                    b":",
                    b"NaN",
                    b"Infinity",
                    b"-",
                    b"0",
                    b"1e400",
                    b"\x00",
                    b"\xff",
                    b"\xed\xa0\x80",
                    b"\xef\xbb\xbf",
                    b" ",
                    b"\x0c",
                    b'"a":1,"a":2',
                ]
            )
        )
    assert_read_alike(bytes(raw))


@pytest.mark.parametrize(
    "raw",
    [
        b'{"a": 1, "b": {"c": 2, "c": 3}}',  # a duplicate key deep down
        b'{"a": 1, "a": 1}',  # the same key and value twice
        b'{"a": "x:y", "a": 1}',  # the dropped value held a colon
        b'{"a": 1, "a": "\\u003a"}',  # an escaped colon would make up for the dropped key
        b'{"a:b": 1, "c": "d:e"}',  # colons in strings, no key twice
        b'{"round": NaN}',
        b"[-Infinity]",
        b'"\\ud800"',  # a lone surrogate: refused by both, in the reference's words
        b"1" * 4301,  # past Python's limit of digits for an integer
        b"18446744073709551616",  # past 64 bits, still an integer
        b"1e400",  # too large for a float: infinity, as json reads it
        b"[" * 300 + b"]" * 300,  # deep nesting, within what json reads
        b"[" * 100_000 + b"]" * 100_000,
        b"\xef\xbb\xbf{}",
        b"",
        b"{}",
    ],
)
def test_edge_cases_read_alike(raw):
    assert_read_alike(raw)


# --- writing ---------------------------------------------------------------------------------

answers = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=5), answers, max_size=5))
def test_answers_are_written_as_json_writes_them(document):
    written = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    assert to_json(document) == written.encode()


def test_a_lone_surrogate_never_reaches_an_answer():
    """Unicode text cannot hold half a surrogate pair: the reader refuses it, so no answer
    quotes one (UTF-8 could not encode it)."""
    with pytest.raises(MalformedBody) as refused:
        parse_json(b'{"name": "\\ud800"}')
    assert re.search("half a surrogate pair", say(refused.value.detail, "en"))


def declared_types(node):
    """Every ``type`` a schema declares, however deep."""
    if isinstance(node, dict):
        declared = node.get("type")
        if isinstance(declared, str):
            yield declared
        elif isinstance(declared, list):
            yield from declared
        for value in node.values():
            yield from declared_types(value)
    elif isinstance(node, list):
        for value in node:
            yield from declared_types(value)


def test_only_the_advice_and_the_review_hold_floats():
    # msgspec and json write some floats differently (1e16 against 1e+16, 1e-05 against
    # 0.00001); counts, points and coordinates are integers, and the only floats are the
    # advice's expected points and chances of winning, and a review's expected points, points
    # lost and accuracy (percent), rounded (see the next test).
    floating = {
        name
        for name, document in schema_documents().items()
        if "number" in set(declared_types(document))
    }
    assert floating == {"advice.json", "review.json"}
    assert "integer" in set(declared_types(schema_documents()["round-score.json"]))


@given(
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
    st.sampled_from([1, 2, 4]),
)
def test_the_advice_s_rounded_floats_are_written_as_json_writes_them(value, digits):
    """The advice rounds expected points to 2 decimals and chances of winning to 4
    (calculator/engine/players), a review its accuracy to 1: such numbers are written alike by
    both writers."""
    rounded = round(value, digits)
    assert to_json(rounded) == json.dumps(rounded).encode()
