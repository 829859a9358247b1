"""Schemathesis against the game endpoints of the served spec (tag ``games``), in process.

As ``test_api_schemathesis.py`` does for the v1 endpoints, with fewer examples and without the
coverage phase: a game state is a large document to generate. A schema-valid body is first
brought within the rules no schema can express (``bench/within_the_rules.py``); a
schema-invalid one is sent as made.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode

from bench.within_the_rules import bring_within_the_rules
from calculator import create_app
from tests.contract_check import ContractClient

app = create_app({"TESTING": True})
app.test_client_class = ContractClient
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app).include(tag="games")
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], max_examples=12
)
# the coverage phase walks every boundary of every member of a game state: minutes, for cases
# the generated ones cover (a state is replaced by a real one before it is sent)
schema.config.phases.update(phases=["examples", "fuzzing"])


schema.hook("map_case")(bring_within_the_rules)


@schema.parametrize()
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_the_game_endpoints_hold_the_served_spec(case):
    case.call_and_validate(session=app.test_client())
