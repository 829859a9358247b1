"""docs/records.md's real game: a seeded game as the writer writes it, read back, replayed to
its end (T1-T9, D1-D4) and written again exactly."""

from __future__ import annotations

from pathlib import Path

from calculator.records.notation import read, write
from calculator.records.replay import replay

DOC = Path(__file__).parents[2] / "docs" / "records.md"


def the_game() -> str:
    text = DOC.read_text("utf-8")
    block = text.split("<!-- the game -->\n```\n", 1)[1].split("```\n<!-- end of the game -->", 1)
    return block[0]


def test_the_game_in_the_docs_is_what_the_writer_writes():
    text = the_game()
    assert write(read(text).record) == text


def test_the_game_in_the_docs_is_a_whole_legal_game():
    record = read(the_game()).record
    replayed = replay(record)
    assert replayed.stopped is None and replayed.state.over
    assert record.setup.seed == 11 and len(record.setup.names) == 2
