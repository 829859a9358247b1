"""Schemathesis 4 against the served spec, in process (WSGI): every operation, positive and
negative bodies, every check of ``call_and_validate`` (no 5xx, documented statuses, content
types and response schemas, schema-valid bodies accepted, schema-invalid ones refused).

Some refusals no JSON Schema can predict: two tiles on one cell (B6), a priced tile missing
from the catalog (C1), a name used twice, a dummy at a table not of two (D1), more buildings
of a type at the table than the game has (C1), a fourth worker hut of one player (V4).
``test_api_errors.py`` tests each of them. Here
a schema-valid body is first brought within those rules (``bench/within_the_rules.py``), so
the "schema-valid bodies are accepted" check holds for what is left; a schema-invalid
(negative) body is sent as generated.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode

from bench.within_the_rules import bring_within_the_rules
from calculator import create_app
from tests.contract_check import ContractClient

app = create_app({"TESTING": True})
app.test_client_class = ContractClient  # also checks each response, and closes it
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app)
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], max_examples=25
)


schema.hook("map_case")(bring_within_the_rules)


@schema.exclude(tag="games").parametrize()  # tests/test_games_schemathesis.py
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_the_served_spec_holds(case):
    case.call_and_validate(session=app.test_client())
