"""Schemathesis against the game endpoints of the served spec (tag ``games``), in process.

As ``test_api_schemathesis.py`` does for the v1 endpoints, with fewer examples and without the
coverage phase: a game state is a large document to generate. A schema-valid body is first
brought within the rules no schema can express (``tests/games_within_rules.py``); a
schema-invalid one is sent as made.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode

from calculator import create_app
from calculator.api.contract import request_contract
from tests.contract_check import ContractClient
from tests.games_within_rules import REQUESTS, games_within_the_rules
from tests.test_api_schemathesis import _alhambra_within_rules

app = create_app({"TESTING": True})
app.test_client_class = ContractClient
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app).include(tag="games")
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], max_examples=12
)
# the coverage phase walks every boundary of every member of a game state: minutes, for cases
# the generated ones cover (a state is replaced by a real one before it is sent)
schema.config.phases.update(phases=["examples", "fuzzing"])


@schema.hook("map_case")
def bring_within_the_rules(context, case):
    path = case.operation.path
    valid = path in REQUESTS and isinstance(case.body, dict)
    if valid and request_contract(REQUESTS[path]).is_valid(case.body):
        case.body = games_within_the_rules(path, case.body, _alhambra_within_rules)
    return case


@schema.parametrize()
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_the_game_endpoints_hold_the_served_spec(case):
    case.call_and_validate(session=app.test_client())
