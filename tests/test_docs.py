"""The repository carries the rules it cites; the copy must be the team's current text."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_docs_rules_is_the_shared_rules_text():
    shared = ROOT.parent / "shared" / "RULES.md"
    copy = (ROOT / "docs" / "RULES.md").read_text("utf-8")
    assert "**B5 No holes.**" in copy
    if shared.exists():  # beside every checkout of the team; a lone clone keeps its copy
        assert copy == shared.read_text("utf-8")
