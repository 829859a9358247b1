"""Each game word declared once: the phases (the base game's and each module's own, as the
ruleset of every module lists them) are the contract's phases, each with a rule of
docs/RULES.md; every action and event record, the base game's and each module's, has one wire
name in the codec, and the contract's schemas name the same ones."""

import re
from pathlib import Path
from typing import get_args

from calculator import modules as registry
from calculator.api.contract import schema_documents
from calculator.api.game_document import _ACTION_FORMS, _ACTION_MAKERS, _EVENT_FORMS
from calculator.engine.actions import Action, ModuleAction, ModuleReveal
from calculator.engine.core import PLACEMENT
from calculator.engine.events import Event, ModuleEvent, RoundScored

ROOT = Path(__file__).resolve().parents[2]


def test_the_state_documents_phases_are_the_phase_enum():
    schema = schema_documents()["game-state.json"]
    declared = schema["properties"]["turn"]["properties"]["phase"]["enum"]
    assert declared == list(registry.EVERY_MODULE.phases)


def test_every_phase_names_a_rule_of_the_rules():
    rules = set(re.findall(r"\*\*([CBWMTDV][0-9]+)[* ]", (ROOT / "docs/RULES.md").read_text()))
    assert {phase.rule for phase in registry.EVERY_MODULE.phases.values()} <= rules
    assert PLACEMENT.rule == "T6"
    for module in registry.REGISTRY:
        assert {phase.rule for phase in module.phases} <= {module.rule}, module.name


def _branches(schema: dict) -> dict[str, set[str]]:
    """The properties of each ``oneOf`` branch of an action or event schema, by its type."""
    branches = [
        schema["$defs"][branch["$ref"].removeprefix("#/$defs/")] if "$ref" in branch else branch
        for branch in schema["oneOf"]
    ]
    return {branch["properties"]["type"]["const"]: set(branch["properties"]) for branch in branches}


def _wire_members(members: tuple[tuple[str, str], ...]) -> set[str]:
    """The JSON members a record's fields are written as (a cell as x and y)."""
    return {"type", *(name for _, member in members for name in _SPLIT.get(member, (member,)))}


_SPLIT = {"cell": ("x", "y")}


def _module_records(base: type) -> set[type]:
    """The records modules declare on ``base``: every registered module's."""
    declared = {
        *(kind for module in registry.REGISTRY for kind in module.records.actions),
        *(kind for module in registry.REGISTRY for kind in module.records.events),
        *(
            kind
            for module in registry.REGISTRY
            for source in module.draw_sources
            for kind in source.reveals
        ),
    }
    return {kind for kind in declared if issubclass(kind, base)}


def test_every_action_is_declared_once_with_its_wire_name_and_fields():
    """Each action record, the base game's or a module's, has one wire name, read and written by
    the codec, and the contract's game-action.json accepts it with exactly the fields the codec
    writes."""
    schema = schema_documents()["game-action.json"]
    bases = {ModuleAction, ModuleReveal}
    records = (set(get_args(Action)) - bases) | _module_records(ModuleAction)
    records |= _module_records(ModuleReveal)
    assert set(_ACTION_FORMS) == records
    names = [name for name, _, _ in _ACTION_FORMS.values()]
    assert len(set(names)) == len(names)
    assert set(names) == set(_ACTION_MAKERS) == set(schema["properties"]["type"]["enum"])
    branches = _branches(schema)
    for name, members, _ in _ACTION_FORMS.values():
        assert branches[name] == _wire_members(members), name


def test_every_event_is_declared_once_with_its_wire_name():
    schema = schema_documents()["game-event.json"]
    records = (set(get_args(Event)) - {ModuleEvent}) | _module_records(ModuleEvent)
    assert set(_EVENT_FORMS) | {RoundScored} == records
    names = [name for name, _, _ in _EVENT_FORMS.values()] + ["round_scored"]
    assert len(set(names)) == len(names)
    assert set(names) == set(schema["properties"]["type"]["enum"])
