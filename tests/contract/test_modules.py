"""The modules: one package each under ``calculator/modules``, reached by the base game only
through the registry (issue 20's rule: outside a module's package, only the registry may import
it), and the registry agrees with the contract (V1-V4)."""

from __future__ import annotations

from pathlib import Path

import pytest

import calculator
from calculator.api.contract import schema_documents
from calculator.engine.state import Phase
from calculator.modules import (
    IN_PLAY,
    NAMES,
    PHASES,
    REGISTRY,
    SCORING,
    SCORING_BY_NAME,
    SOURCES,
    active,
)
from calculator.modules.scoring import ScoringModule
from tests.imports import imported

PACKAGE = Path(calculator.__file__).parent
MODULES = PACKAGE / "modules"
PACKAGES = sorted(path.name for path in MODULES.iterdir() if (path / "__init__.py").exists())
BY_NAME = {module.name: module for module in REGISTRY}


def _outside(name: str) -> list[Path]:
    """Every Python file of the package outside module ``name``'s own package."""
    own = MODULES / name
    return [path for path in sorted(PACKAGE.rglob("*.py")) if own not in path.parents]


def test_every_package_under_modules_is_registered_once_by_its_wire_name():
    """One registry: the Vizier's Favour's four (V1-V4) and the Big Box's sixteen (G, H, K, S),
    each one record."""
    assert sorted(module.name for module in REGISTRY) == PACKAGES
    assert len(BY_NAME) == len(REGISTRY) == 20


def test_the_registry_is_in_the_rules_order_and_names_what_the_scores_contract_accepts():
    accepted = schema_documents()["score-modules.json"]["items"]["enum"]
    assert accepted == [module.name for module in REGISTRY]
    assert [module.rule for module in REGISTRY] == [
        f"{family}{n}" for family in "VGHKS" for n in range(1, 5)
    ]


def test_a_modules_scoring_is_a_scoring_module_and_the_registry_lists_each_that_has_one():
    """The Big Box's sixteen score (G, H, K, S); of the Vizier's Favour, the bonus cards and
    the worker huts add to the counts (V3, V4), the vizier and the exchange cards nothing."""
    assert all(
        module.scoring is None or isinstance(module.scoring, ScoringModule) for module in REGISTRY
    )
    scored = [scoring.module.name for scoring in SCORING]
    assert scored == [module.name for module in REGISTRY if module.scoring is not None]
    assert scored == ["bonus", "huts", *(module.name for module in REGISTRY[4:])]
    by_name = {scoring.module.name: scoring.hooks for scoring in SCORING}
    assert by_name["huts"].wall_carriers is not None and by_name["huts"].alhambra_adds
    assert by_name["bonus"].cards_add is not None

    # what a module adds to the counts the base adds, named or not: a request naming the huts,
    # the cards or a module that changes no round's points (S2) has nothing more to read
    assert {"bonus", "huts", "sultan"}.isdisjoint(SCORING_BY_NAME)
    assert {"invaders", "treasure", "score_cards", "gates"} <= set(SCORING_BY_NAME)


def test_the_big_box_modules_only_score_and_the_engine_plays_the_vizier_favours():
    """Playing G-S in the engine is not specified (RULES.md): they fill no engine hook."""
    assert NAMES == ("vizier", "exchange", "bonus", "huts")
    assert {module.name for module in IN_PLAY} == set(NAMES)


def test_the_engine_runs_the_vizier_last():
    """V1: the vizier acts between two turns, after everything the other modules do in them;
    the others' hooks run in the registry's order."""
    assert [module.name for module in IN_PLAY] == ["exchange", "bonus", "huts", "vizier"]
    assert active(frozenset(NAMES)).modules == IN_PLAY


def test_the_registry_names_the_modules_the_contract_accepts():
    assert list(NAMES) == schema_documents()["modules.json"]["items"]["enum"]


def test_each_module_cites_its_rule_and_the_catalog_lists_them_in_the_rules_order():
    assert [BY_NAME[name].rule for name in NAMES] == ["V1", "V2", "V3", "V4"]


@pytest.mark.parametrize("name", PACKAGES)
def test_only_the_registry_imports_a_modules_package(name):
    """The base game, the api, the web layer, the cli and the other modules reach a module
    through :mod:`calculator.modules` only."""
    package = f"calculator.modules.{name}"
    registry = MODULES / "__init__.py"
    importers = [
        path.relative_to(PACKAGE).as_posix()
        for path in _outside(name)
        if path != registry
        and any(found == package or found.startswith(package + ".") for found in imported(path))
    ]
    assert importers == []


def test_the_base_game_imports_the_registry_only_as_a_whole():
    """``from calculator import modules``, read when called: the registry imports the modules,
    which import the base, so the base never takes a name out of it while it is loading."""
    base = [*sorted((PACKAGE / "engine").rglob("*.py"))]
    taken = {
        path.relative_to(PACKAGE).as_posix()
        for path in base
        if any(found.startswith("calculator.modules.") for found in imported(path))
    }
    assert taken == set()


def test_a_game_without_modules_has_no_hooks_to_run():
    hooks = active(frozenset())
    assert hooks.modules == () and hooks.first_step == () and hooks.turn_actions == ()


def test_each_phase_a_module_brings_is_one_of_the_declared_phases_with_its_rule():
    """V1: the vizier's two phases are declared in the Phase enum and brought by the vizier."""
    assert set(PHASES) == {Phase.VIZIER, Phase.VIZIER_PLACEMENT}
    assert all(phase.rule == BY_NAME["vizier"].rule for phase in PHASES)


def test_each_draw_source_of_a_module_names_its_rule_when_refused():
    """V3, V4: the bonus cards and the hut stacks are the modules' own sources."""
    assert {name: module.rule for name, (module, _) in SOURCES.items()} == {
        "bonus": "V3",
        "huts": "V4",
    }
