"""The repository carries the rules it cites; the copy must be the team's current text."""

import re
from pathlib import Path

from calculator.web.contract import schema_documents

ROOT = Path(__file__).resolve().parents[1]


def test_docs_rules_is_the_shared_rules_text():
    shared = ROOT.parent / "shared" / "RULES.md"
    copy = (ROOT / "docs" / "RULES.md").read_text("utf-8")
    assert "**B5 No holes.**" in copy
    if shared.exists():  # beside every checkout of the team; a lone clone keeps its copy
        assert copy == shared.read_text("utf-8")


def test_the_rule_ids_a_violation_may_name_are_those_of_the_rules():
    """schemas/violation.json lists the rule ids a client may meet: exactly those of RULES.md."""
    rules = (ROOT / "docs" / "RULES.md").read_text("utf-8")
    ids = set(re.findall(r"\*\*([CBWMTDV][0-9]+)[* ]", rules))
    schema = schema_documents()["violation.json"]
    assert set(schema["properties"]["rule"]["enum"]) == ids
