"""JSON text in and out: a request read strictly, a response written compactly.

``msgspec`` reads every request (integers exact however long, NaN and Infinity refused) and
writes every answer; the choice is measured in ``docs/performance.md``. ``json`` only words a
refusal. The web layer's JSON provider and the console script both call these functions. A
refusal is a :class:`~calculator.api.problems.MalformedBody` (400) or a
:class:`~calculator.api.problems.ContentTooLarge` (413).
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

import msgspec

from calculator.api.problems import ContentTooLarge, MalformedBody
from calculator.core.text import Text
from calculator.i18n import DEFAULT_LANGUAGE, LANGUAGES, say

MAX_BODY_BYTES: Final = 256 * 1024
"""The largest request body read (413 beyond): a 6-player table with full Alhambras is ~40 KiB."""


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)  # built in C; the hook runs for every object the reference reads
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(Text("api.json.duplicate_key", key=repr(key)))
            seen.add(key)
    return result


def _no_constant(name: str) -> Any:
    raise _Refused(Text("api.json.not_a_number", name=name))


class _Refused(ValueError):
    """A text JSON's grammar allows and a request of ours does not (a key twice, NaN)."""

    def __init__(self, text: Text) -> None:
        super().__init__(repr(text))
        self.text = text


_SYNTAX: Final[dict[str, str]] = {
    "Expecting value": "api.json.value_missing",
    "Expecting property name enclosed in double quotes": "api.json.name_quoted",
    "Expecting ':' delimiter": "api.json.colon",
    "Expecting ',' delimiter": "api.json.comma",
    "Extra data": "api.json.extra",
    "Unterminated string starting at": "api.json.unterminated",
    "Invalid control character at": "api.json.control",
    "Invalid \\escape": "api.json.escape",
    "Invalid \\uXXXX escape": "api.json.u_escape",
}
"""What ``json`` finds wrong with a text (the key of its words), in words a person writing JSON
by hand can act on."""


def _syntax_error(text: str, error: json.JSONDecodeError) -> Text:
    if not text.strip():
        return Text("api.json.empty")
    at = {"line": error.lineno, "column": error.colno}
    if error.pos >= len(text.rstrip()):
        return Text("api.json.at", **at, what=Text("api.json.cut_short"))
    words = _SYNTAX.get(error.msg)
    return Text("api.json.at", **at, what=Text(words)) if words else Text("api.json.at_only", **at)


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
"""A ``\\uD800``-``\\uDFFF`` escape: half of a UTF-16 pair, fine only as part of a pair."""


_DECODER: Final = msgspec.json.Decoder()
_ENCODER: Final = msgspec.json.Encoder()


def _encoder(language: str) -> msgspec.json.Encoder:
    def said(value: Any) -> str:
        if isinstance(value, Text):
            return say(value, language)
        raise TypeError(f"{type(value).__name__} is not JSON")

    return msgspec.json.Encoder(enc_hook=said)


_SAYING: Final = {language: _encoder(language) for language in LANGUAGES}
"""An encoder per language: each :class:`~calculator.core.text.Text` of an answer is said in
it, as the encoder meets it (no walk over the answer beforehand)."""


def to_json(document: Any, language: str = DEFAULT_LANGUAGE) -> bytes:
    """The JSON text of an answer: compact, UTF-8 as is, members in the order given, its words
    in ``language``."""
    return _SAYING[language].encode(document)


def within_limit(raw: bytes) -> bytes:
    """``raw`` unless it is longer than :data:`MAX_BODY_BYTES` (413)."""
    if len(raw) > MAX_BODY_BYTES:
        raise ContentTooLarge(Text("api.detail.input_too_large", limit=MAX_BODY_BYTES))
    return raw


def parse_json(raw: bytes) -> Any:
    """Strict JSON: UTF-8, no duplicate keys, no NaN or Infinity, bounded nesting, strings of
    Unicode text (else 400).

    ``msgspec`` reads an ordinary body in compiled code, refusing NaN and Infinity, and the
    keys are counted to rule out duplicates (:func:`_keys_all_kept`). Anything else (a body
    msgspec refuses, one nested deeper than it reads, a backslash, a key given twice) is read
    again by :func:`parse_json_strictly`, whose verdict and words are the answer; the tests
    hold the two readings to the same results.
    """
    if b"\\" in raw:  # an escape: the strict reader rules on it (lone surrogates)
        return parse_json_strictly(raw)
    try:
        document = _DECODER.decode(raw)
    except (msgspec.DecodeError, ValueError, RecursionError):  # ValueError: not UTF-8
        return parse_json_strictly(raw)
    if not _keys_all_kept(raw, _ENCODER.encode(document)):
        return parse_json_strictly(raw)
    return document


def _keys_all_kept(raw: bytes, written: bytes) -> bool:
    """True only if no key of ``raw`` (a body without a backslash) was dropped by the reading
    ``written`` back.

    Without a backslash in the body every string reads exactly as written, so the body's
    colons are one per key plus those inside strings, and its reading written back (one colon
    per key kept, strings unescaped) has no more. Equal counts leave no room for a dropped
    key, such as one of a key given twice. Counting is C code; ``json``'s hook would be a Python
    call per object.
    """
    return written.count(b":") == raw.count(b":")


def parse_json_strictly(raw: bytes) -> Any:
    """The reference reading of :func:`parse_json`, which words every refusal."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise MalformedBody(Text("api.json.not_utf8", byte=error.start)) from None
    try:
        document = json.loads(
            text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant
        )
        if _SURROGATE_ESCAPE.search(raw):
            _unicode_text_only(document)
        return document
    except json.JSONDecodeError as error:
        raise MalformedBody(_syntax_error(text, error)) from None
    except _Refused as error:
        raise MalformedBody(Text("api.json.refused", what=error.text)) from None
    except ValueError:  # a number of more digits than Python converts
        raise MalformedBody(
            Text("api.json.refused", what=Text("api.json.number_too_long"))
        ) from None
    except RecursionError:
        raise MalformedBody(Text("api.json.too_deep")) from None


def _unicode_text_only(document: Any) -> None:
    """Refuse a lone surrogate (``"\\ud800"``): JSON can spell it, Unicode text cannot hold it,
    and no answer that quotes it could be encoded as UTF-8."""
    try:
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise MalformedBody(Text("api.json.surrogate")) from None
