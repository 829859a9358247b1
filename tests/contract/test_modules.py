"""The modules: one package each under ``calculator/modules``, reached by the base game only
through the ruleset the registry builds (outside a module's package, only the registry may
import it or name it in code), and the registry agrees with the contract (V1-V4)."""

from __future__ import annotations

import ast
import re
from itertools import pairwise
from pathlib import Path

import pytest

import calculator
from calculator.api.contract import schema_documents
from calculator.core.module_scoring import ScoringModule
from calculator.engine.core import BASE_PHASES
from calculator.modules import (
    EVERY_MODULE,
    IN_PLAY,
    NAMES,
    REGISTRY,
    SCORING,
    SCORING_BY_NAME,
    ruleset,
)
from tests.helpers.imports import imported

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
    assert ruleset(NAMES).played == IN_PLAY
    assert ruleset(["vizier", "bonus"]).played == (IN_PLAY[1], IN_PLAY[3])


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


def test_the_base_game_imports_nothing_of_the_modules():
    """The ruleset is passed in: no file of the core or the engine imports the registry or a
    module, at the top or inside a function (``tests/contract/test_layers.py`` holds the whole
    import graph)."""
    base = [*sorted((PACKAGE / "core").rglob("*.py")), *sorted((PACKAGE / "engine").rglob("*.py"))]
    taken = {
        path.relative_to(PACKAGE).as_posix()
        for path in base
        if any(found.startswith("calculator.modules") for found in imported(path))
    }
    assert taken == set()


def test_a_game_without_modules_has_no_hooks_to_run_and_knows_every_module():
    rules = ruleset(())
    assert rules.played == () and rules.first_step == () and rules.turn_actions == ()
    assert rules.known == IN_PLAY and rules == ruleset([])


def test_each_phase_a_module_declares_is_brought_by_it_with_its_rule():
    """V1: a module's phases are its own, declared in its package and listed in its record
    with the module's rule; the ruleset knows them with the base game's (none of which is a
    module's)."""
    declared = {phase for module in REGISTRY for phase in module.phases}
    assert set(EVERY_MODULE.phase_rules) == declared and declared
    assert set(EVERY_MODULE.phases.values()) == declared | set(BASE_PHASES)
    assert not declared & set(BASE_PHASES)
    for module in REGISTRY:
        assert all(phase.rule == module.rule for phase in module.phases), module.name


def test_each_draw_source_of_a_module_names_its_rule_when_refused():
    """V3, V4: the bonus cards and the hut stacks are the modules' own sources."""
    assert {module.name: source.rule for module in IN_PLAY for source in module.draw_sources} == {
        "bonus": "V3",
        "huts": "V4",
    }


# --- the base names no module ------------------------------------------------------------------

REGISTRY_FILE = MODULES / "__init__.py"

EVERYDAY: frozenset[str] = frozenset({"change"})
"""Wire names that are also words the code uses for itself (H2's ``change``: a part's
``change``, money changed): their packages are held to themselves by the import test alone."""

SHARED: dict[str, dict[str, str]] = {
    "core/pieces.py": {
        "gates": "G1's gates are pieces of the core's Alhambra with pieces, as added walls and "
        "tokens are: the building rules, the walls and the pictures read them there"
    },
    "pictures.py": {"gates": "the gates drawn with the Alhambra (G1)"},
    "api/wire.py": {"gates": "the gates read with the Alhambra, in the same pass (G1)"},
    "api/requests.py": {"gates": "a body's gates, a member of the contract (G1)"},
    "api/expansions.py": {"gates": "a body's gates, a member of the contract (G1)"},
    "core/module_scoring.py": {
        "characters": "a player's members of a scoring request as the Big Box's terms read "
        "them (X1): the contract's ``characters`` (G3)"
    },
}
"""Big Box modules' names outside their packages, each with its reason. No module the engine
plays is here: outside its package only the registry names it. The list only shrinks: a file
that no longer names what it lists fails :func:`test_each_name_shared_is_still_there`."""


def _docstrings(tree: ast.AST) -> set[int]:
    """The string constants that are docstrings: of a module, a class or a function, or of an
    attribute (a string right after an assignment)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list) or not body:
            continue
        first = body[0]
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
        ):
            found.add(id(first.value))
        for before, after in pairwise(body):
            if (
                isinstance(before, ast.Assign | ast.AnnAssign)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
            ):
                found.add(id(after.value))
    return found


def _words(text: str) -> set[str]:
    """The words of a name or a text: ``HUTS_BY_COLOUR`` and ``hutsByColour`` both hold
    "huts"."""
    return {word.lower() for word in re.split(r"[^A-Za-z]+|(?<=[a-z])(?=[A-Z])", text) if word}


def _code_texts(node: ast.AST, docstrings: set[int]) -> list[str]:
    """What ``node`` names in code: identifiers, imported names and strings (docstrings and
    comments aside)."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword) and node.arg:
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.name, node.asname or ""]
    if isinstance(node, ast.ImportFrom) and node.module:
        return [node.module]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [] if id(node) in docstrings else [node.value]
    return []


def names_in_code(source: str, names: tuple[str, ...]) -> set[str]:
    """Which of ``names`` ``source`` names in code."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    return {
        name
        for node in ast.walk(tree)
        for text in _code_texts(node, docstrings)
        for name in set(names) & _words(text)
    }


def _named_outside() -> dict[str, set[str]]:
    """Every Python file of the package but the registry that names a registered module in
    code outside the module's own package, with the modules it names."""
    names = tuple(module.name for module in REGISTRY if module.name not in EVERYDAY)
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == REGISTRY_FILE:
            continue
        named = {
            name
            for name in names_in_code(path.read_text("utf-8"), names)
            if MODULES / name not in path.parents
        }
        if named:
            found[path.relative_to(PACKAGE).as_posix()] = named
    return found


def test_the_base_names_no_module_in_code():
    """Outside a module's package only the registry names it in code: the base game, the api,
    the cli, the web layer and the other modules reach it through the registry's hooks and the
    module's declarations (a docstring citing its rule aside)."""
    found = _named_outside()
    beyond = {path: names - set(SHARED.get(path, {})) for path, names in found.items()}
    assert {path: names for path, names in beyond.items() if names} == {}


def test_no_module_the_engine_plays_is_named_outside_its_package():
    """V1-V4: ``grep`` finds each in its package and the registry alone (docstrings aside)."""
    assert not {name for shared in SHARED.values() for name in shared} & set(NAMES)
    assert not EVERYDAY & set(NAMES)


def test_each_name_shared_is_still_there():
    found = _named_outside()
    assert {path: set(names) - found.get(path, set()) for path, names in SHARED.items()} == {
        path: set() for path in SHARED
    }


@pytest.mark.parametrize(
    ("source", "named"),
    [
        ("from calculator.modules.huts.rules import take_hut", {"huts"}),
        ("import calculator.modules.exchange", {"exchange"}),
        ("state.options.modules == {'vizier'}", {"vizier"}),
        ("cards = player.bonus_cards", {"bonus"}),
        ("HUTS_BY_COLOUR = 1", {"huts"}),
        ("def take(exchange): return exchange", {"exchange"}),
        ("replace(turn, vizier_asked=())", {"vizier"}),
        ('def f():\n    """The vizier offered (V1)."""\n    return 1  # the huts', set()),
        ('LIMIT = 3\n"""The bonus cards (V3)."""', set()),
        ("tile.hut", set()),
    ],
)
def test_a_module_named_in_code_is_found_and_in_a_docstring_is_not(source, named):
    assert names_in_code(source, ("vizier", "exchange", "bonus", "huts")) == named
