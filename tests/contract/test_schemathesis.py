"""Schemathesis with **every** check (the CLI's ``--checks all``) on every operation of the
served spec, in process: bounded examples, all three phases that apply to a stateless API
(examples, coverage, fuzzing), positive and negative data; twice.

* With a fixed seed and every check, so a run is reproducible.
* With a fresh seed each run (``SCHEMATHESIS_SEED`` repeats one; a failure names its seed), in
  the fuzzing phase (the one a seed steers: the examples are the spec's and the coverage
  phase's boundary values barely depend on it), with every check but
  ``positive_data_acceptance``: a body the schema accepts may still break a rule no JSON
  Schema can state (a 422 by design), and the hook that keeps such bodies within the rules
  is only held to the fixed seed's bodies.

The coverage phase is the one that sends methods the spec does not list (``unsupported_method``
wants 405 with an Allow header) and boundary values; the fuzzing phase draws freely.
Schema-valid bodies are first brought within the rules no JSON Schema can state
(``bench/within_the_rules.py``: B6 cells, C1 catalog tiles and totals, unique names, D1, a game
state that can exist). ``make fuzz`` runs the same checks, with the same hook, from the CLI
against gunicorn with many more examples.
"""

from __future__ import annotations

import os
import random
import time

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.config import SchemathesisConfig

from bench.within_the_rules import bring_within_the_rules
from calculator import create_app
from calculator.engine.players.advice import Clock
from tests.helpers.contract_check import ContractClient

pytestmark = pytest.mark.slow  # every operation, every check, two seeds: out of make check

SEED = 20261122
NEGATIVE_STATUSES = [
    "400",
    "401",
    "403",
    "404",
    "405",
    "406",
    "409",
    "413",
    "415",
    "422",
    "428",
    "429",
    "5xx",
]
"""schemathesis' statuses of a rejection, and 413: a body over the size limit."""
EXAMPLES = 30
FRESH_SEED = int(os.environ.get("SCHEMATHESIS_SEED") or random.SystemRandom().randrange(2**32))
FRESH_EXAMPLES = 50

load_all_checks()
ALL_CHECKS = [CHECKS.get_one(name) for name in CHECKS.get_all_names()]
ALL_BUT_POSITIVE_ACCEPTANCE = [
    check for check in ALL_CHECKS if check.__name__ != "positive_data_acceptance"
]

HASTE = 20
"""How much faster than the wall clock the computer players' clock runs here: a request that
thinks (advice, bot-turns, a review) answers in the same shape whatever its budget, and these
checks hold the shape, so every budget is spent in a twentieth of its time."""


@pytest.fixture(autouse=True)
def hasty_players(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Clock, "now", staticmethod(lambda: time.perf_counter() * HASTE))


app = create_app({"TESTING": True})
app.test_client_class = ContractClient  # closes file responses (schemathesis' WSGI client does not)


def _schema(seed: int, examples: int, phases: tuple[str, ...]) -> schemathesis.BaseSchema:
    config = SchemathesisConfig.from_dict(
        {
            "seed": seed,
            "generation": {"mode": "all", "max-examples": examples},
            "checks": {
                "enabled": True,
                # a negative body may be larger than the size limit (2001 moves of a record):
                # refused with 413, as every operation documents
                "negative_data_rejection": {"expected-statuses": NEGATIVE_STATUSES},
            },
            "phases": {
                phase: {"enabled": phase in phases} for phase in ("examples", "coverage", "fuzzing")
            },
        }
    )
    served = schemathesis.openapi.from_wsgi("/openapi.yaml", app, config=config)
    served.hook("map_case")(bring_within_the_rules)
    return served


def test_all_means_all():
    """Every check schemathesis has, including the ones the CLI's "all" names."""
    names = {check.__name__ for check in ALL_CHECKS}
    assert {
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
        "negative_data_rejection",
        "positive_data_acceptance",
        "unsupported_method",
        "allow_header_conformance",
        "missing_required_header",
    } <= names


schema = _schema(SEED, EXAMPLES, ("examples", "coverage", "fuzzing"))
fresh = _schema(FRESH_SEED, FRESH_EXAMPLES, ("fuzzing",))


@schema.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck))
def test_every_check_holds(case):
    case.call_and_validate(session=app.test_client(), checks=ALL_CHECKS)


@fresh.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck))
def test_every_check_holds_with_a_fresh_seed(case):
    try:
        case.call_and_validate(session=app.test_client(), checks=ALL_BUT_POSITIVE_ACCEPTANCE)
    except BaseException as failure:
        failure.add_note(
            f"schemathesis seed {FRESH_SEED}: SCHEMATHESIS_SEED={FRESH_SEED} repeats this run"
        )
        raise
