"""Each game word declared once: the phases of ``calculator.engine.state.Phase`` are the
contract's phases, each with a rule of docs/RULES.md."""

import re
from pathlib import Path

from calculator.api.contract import schema_documents
from calculator.engine.state import Phase

ROOT = Path(__file__).resolve().parents[2]


def test_the_state_documents_phases_are_the_phase_enum():
    schema = schema_documents()["game-state.json"]
    declared = schema["properties"]["turn"]["properties"]["phase"]["enum"]
    assert declared == [phase.value for phase in Phase]


def test_every_phase_names_a_rule_of_the_rules():
    rules = set(re.findall(r"\*\*([CBWMTDV][0-9]+)[* ]", (ROOT / "docs/RULES.md").read_text()))
    assert {phase.rule for phase in Phase} <= rules
    assert Phase.VIZIER.rule == "V1" and Phase.PLACEMENT.rule == "T6"
