"""Each game word declared once: the phases (the base game's and each module's own, as the
ruleset of every module lists them) are the contract's phases, each with a rule of
docs/RULES.md; every action and event record, the base game's and each module's, has one wire
name in the codec, and the contract's schemas name the same ones."""

import re
from pathlib import Path
from typing import get_args

import pytest

from calculator import modules as registry
from calculator.api.contract import SCHEMA_DIR, schema_documents, served_openapi
from calculator.api.game_document import _ACTION_FORMS, _ACTION_MAKERS, _EVENT_FORMS
from calculator.engine.actions import Action, ModuleAction, ModuleReveal
from calculator.engine.core import PLACEMENT
from calculator.engine.events import Event, ModuleEvent, RoundScored
from scripts.generate_game_words import FILES, text

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
    names = [name for name, _, _, _ in _ACTION_FORMS.values()]
    assert len(set(names)) == len(names)
    assert set(names) == set(_ACTION_MAKERS) == set(schema["discriminator"]["mapping"])
    branches = _branches(schema)
    for name, members, _, _ in _ACTION_FORMS.values():
        assert branches[name] == _wire_members(members), name


def test_every_event_is_declared_once_with_its_wire_name():
    schema = schema_documents()["game-event.json"]
    records = (set(get_args(Event)) - {ModuleEvent}) | _module_records(ModuleEvent)
    assert set(_EVENT_FORMS) | {RoundScored} == records
    names = [name for name, _, _, _ in _EVENT_FORMS.values()] + ["round_scored"]
    assert len(set(names)) == len(names)
    assert set(names) == set(schema["discriminator"]["mapping"])
    branches = _branches(schema)
    for name, members, _, _ in _EVENT_FORMS.values():
        assert branches[name] == _wire_members(members), name


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_actions_and_events_of_the_contract_are_generated_from_their_records(name):
    """``scripts/generate_game_words.py`` writes game-action.json and game-event.json from the
    records: the committed files are what it writes (run it after changing a record)."""
    assert (SCHEMA_DIR / name).read_text("utf-8") == text(FILES[name]())


def test_each_kind_is_a_named_schema_its_type_the_discriminator_names():
    """One component per kind in the served document, each mapped from its ``type``; every
    member required but an optional one (T9's ``reason``, given only with a value), no other
    allowed: a generated client narrows on ``type`` to exact types."""
    components = served_openapi()["components"]["schemas"]
    for union in ("GameAction", "GameEvent"):
        mapping = components[union]["discriminator"]["mapping"]
        assert components[union]["oneOf"] == [{"$ref": target} for target in mapping.values()]
        for kind, target in mapping.items():
            branch = components[target.removeprefix("#/components/schemas/")]
            assert branch["properties"]["type"] == {"const": kind}
            optional = {"reason"} if kind == "market_tile_awarded" else set()
            assert branch["required"] == [m for m in branch["properties"] if m not in optional]
            assert branch["additionalProperties"] is False


def test_no_member_holds_values_of_two_kinds():
    """Each member is one kind of value (``cards`` of a take is a list, of a reshuffle a
    count): no ``type`` list but with null, no ``oneOf`` of an integer and an array."""
    for name in FILES:
        for _, node in _nodes(schema_documents()[name]):
            kinds = node.get("type")
            if isinstance(kinds, list):
                assert set(kinds) - {"null"} and len(set(kinds) - {"null"}) == 1, node
            choices = node.get("oneOf", ())
            plain = [choice.get("type") for choice in choices if "type" in choice]
            assert len(plain) == len(set(plain)) and not {"integer", "array"} <= set(plain), node


def _nodes(node):
    if isinstance(node, dict):
        yield "", node
        for value in node.values():
            yield from _nodes(value)
    elif isinstance(node, list):
        for item in node:
            yield from _nodes(item)
