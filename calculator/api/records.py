"""The operations on a game's record, request dict in, response dict out: the record both ways
(JSON and text), its replay to any move with the first move that cannot be played, and its
review by a computer player.

Shared by the HTTP views (:mod:`calculator.web.records`) and ``alhambra record``. A record
is read once (:mod:`calculator.api.record_document`: its JSON form, or its text); the game,
the states and the events are written as the game operations write them
(:mod:`calculator.api.game_document`), so a replayed state is the document
``/v1/games/advance`` sends.
"""

from __future__ import annotations

from typing import Any, Final, cast

from marshmallow import Schema, fields, post_load
from msgspec import Struct

from calculator.api import requests
from calculator.api.advice import MAX_BUDGET_MS
from calculator.api.game_document import dump_action, dump_event, dump_state
from calculator.api.problems import Problem, pointer, refusal
from calculator.api.record_document import GivenRecord, dump_record, given_record
from calculator.api.wire import CodecField
from calculator.core.text import Text
from calculator.engine.players import Level
from calculator.records.notation import write
from calculator.records.replay import Stop
from calculator.records.replay import replay as replay_record
from calculator.records.review import Judged, Review, Standing
from calculator.records.review import review as review_record


class _WithRecord(Schema):
    """A request about a record: its ``record``, as JSON or as text."""

    record = CodecField(given_record, required=True)


class NotationRequest(_WithRecord):
    """``POST /v1/records/notation``."""

    @post_load
    def query(self, data: dict[str, Any], **_: Any) -> GivenRecord:
        given: GivenRecord = data["record"]
        return given


class ReplayQuery(Struct, frozen=True):
    """``POST /v1/records/replay``: the record, and how many of its moves to play."""

    given: GivenRecord
    to: int | None


class ReplayRequest(_WithRecord):
    """``POST /v1/records/replay``: ``to`` is at most the moves the record has."""

    to = fields.Integer()

    @post_load
    def query(self, data: dict[str, Any], **_: Any) -> ReplayQuery:
        given: GivenRecord = data["record"]
        to = data.get("to")
        moves = len(given.record.moves)
        if to is not None and to > moves:
            raise refusal([Problem("/to", Text("api.record.moves_not", n=moves, to=to))])
        return ReplayQuery(given, to)


class ReviewQuery(Struct, frozen=True):
    """``POST /v1/records/review``: the record, the judging player, its time (in all and per
    decision), the seed and the move to start from."""

    given: GivenRecord
    level: Level
    total_ms: int
    budget_ms: int | None
    seed: int
    first: int


class ReviewRequest(_WithRecord):
    """``POST /v1/records/review``."""

    level = fields.String(load_default="greedy")
    budget_ms = fields.Integer()
    total_ms = fields.Integer(load_default=MAX_BUDGET_MS)
    seed = fields.Integer(load_default=0)
    first = fields.Integer(data_key="from", load_default=0)

    @post_load
    def query(self, data: dict[str, Any], **_: Any) -> ReviewQuery:
        given: GivenRecord = data["record"]
        moves = len(given.record.moves)
        if data["first"] > moves:
            raise refusal([Problem("/from", Text("api.record.moves_not_more", n=moves))])
        return ReviewQuery(
            given,
            cast(Level, data["level"]),  # the schema's levels
            data["total_ms"],
            data.get("budget_ms"),
            data["seed"],
            data["first"],
        )


NOTATION: Final = NotationRequest()
REPLAY: Final = ReplayRequest()
REVIEW: Final = ReviewRequest()


def notation(body: Any) -> dict[str, Any]:
    """``POST /v1/records/notation``: the record both ways, each in its canonical form."""
    given: GivenRecord = requests.read(body, "notation-request.json", NOTATION)
    return {"record": dump_record(given.record), "text": write(given.record)}


def replay(body: Any) -> dict[str, Any]:
    """``POST /v1/records/replay``: the game after the first ``to`` moves (every move by
    default), or before the first of them that cannot be played."""
    query: ReplayQuery = requests.read(body, "replay-request.json", REPLAY)
    replayed = replay_record(query.given.record, query.to)
    return {
        "state": dump_state(replayed.state),
        "events": [dump_event(event) for event in replayed.events],
        "played": replayed.played,
        "stopped": None if replayed.stopped is None else dump_stop(replayed.stopped, query.given),
    }


def review(body: Any) -> dict[str, Any]:
    """``POST /v1/records/review``: every decision of the record judged by the ``level``
    player, within ``total_ms`` (at most :data:`~calculator.api.advice.MAX_BUDGET_MS`)."""
    query: ReviewQuery = requests.read(body, "review-request.json", REVIEW)
    record = query.given.record
    reviewed: Review = review_record(
        record,
        query.level,
        total_ms=query.total_ms,
        budget_ms=query.budget_ms,
        seed=query.seed,
        first=query.first,
    )
    names = record.setup.names
    return {
        "level": reviewed.level,
        "moves": [_row(judged) for judged in reviewed.judged],
        "players": [_standing(standing, names) for standing in reviewed.standings],
        "stopped": None if reviewed.stopped is None else dump_stop(reviewed.stopped, query.given),
        "next": reviewed.next,
    }


def _row(judged: Judged) -> dict[str, Any]:
    return {
        "move": judged.move,
        "player": judged.player,
        "played": dump_action(judged.played),
        "best": dump_action(judged.best),
        "expected_points_lost": judged.lost,
        "verdict": judged.verdict,
        "expected_points": {"played": judged.played_points, "best": judged.best_points},
        "iterations": judged.iterations,
    }


def _standing(standing: Standing, names: tuple[str, ...]) -> dict[str, Any]:
    verdicts = standing.verdicts
    return {
        "player": standing.player,
        "name": names[standing.player],
        "decisions": standing.decisions,
        "best": verdicts["best"],
        "good": verdicts["good"],
        "inaccuracies": verdicts["inaccuracy"],
        "mistakes": verdicts["mistake"],
        "blunders": verdicts["blunder"],
        "accuracy": standing.accuracy,
        "expected_points_lost": standing.lost,
    }


def dump_stop(stop: Stop, given: GivenRecord) -> dict[str, Any]:
    """``schemas/record-stop.json``: the move that cannot be played, its rule and why."""
    document: dict[str, Any] = {
        "move": stop.move,
        "rule": stop.rule,
        "message": stop.message,
        "pointer": pointer("record", "moves", stop.move),
    }
    line = given.line_of(stop.move)
    if line is not None:
        document["line"] = line
    return document
