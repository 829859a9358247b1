"""The modules a scored game may be played with, grouped by the expansion they come in: the
Vizier's Favour (V1-V4) and the Big Box's expansions 2-5 (G1-G4, H1-H4, K1-K4, S1-S4).

The registry (:mod:`calculator.modules`) knows each module's wire name and rule id; a module's
expansion is the letter of its rule. Each expansion and each module is named in every language
of the catalogs (``expansion.<name>``, ``module.<name>`` in ``calculator/messages``): the phone
page's Score tab groups its choice of modules from :func:`score_expansions`, and
``GET /v1/catalog`` lists the Big Box's with their names (:func:`big_box_catalog`).
"""

from __future__ import annotations

from typing import Any, Final

from calculator.i18n import LANGUAGES, messages
from calculator.modules import EXPANSIONS, REGISTRY

MODULE_RULES: Final[tuple[tuple[str, str], ...]] = tuple(
    (module.name, module.rule) for module in REGISTRY
)
"""Every module a scored game may name, (wire name, rule id), in the order of their rules
(the registry's)."""


def score_expansions() -> list[dict[str, Any]]:
    """Each expansion with its modules in the order of their rules: ``{"expansion": name,
    "number": n, "modules": [{"name": ..., "rule": ...}]}``."""
    return [
        {
            "expansion": expansion.name,
            "number": expansion.number,
            "modules": [
                {"name": name, "rule": rule}
                for name, rule in MODULE_RULES
                if rule.startswith(expansion.letter)
            ],
        }
        for expansion in EXPANSIONS
    ]


def _names(key: str) -> dict[str, str]:
    return {language: messages(language)[key] for language in LANGUAGES}


def big_box_catalog() -> dict[str, Any]:
    """The catalog's ``big_box``: expansions 2-5 and their sixteen modules (G1-S4), each with
    its rule id and its name in every language of the page."""
    big_box = [expansion for expansion in score_expansions() if expansion["number"] > 1]
    return {
        "expansions": [
            {
                "name": expansion["expansion"],
                "number": expansion["number"],
                "names": _names(f"expansion.{expansion['expansion']}"),
                "modules": [module["name"] for module in expansion["modules"]],
            }
            for expansion in big_box
        ],
        "modules": [
            {
                "name": module["name"],
                "rule": module["rule"],
                "expansion": expansion["expansion"],
                "names": _names(f"module.{module['name']}"),
            }
            for expansion in big_box
            for module in expansion["modules"]
        ],
    }
