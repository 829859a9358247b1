"""Hooks for ``schemathesis run``: bench/fuzz.py sets SCHEMATHESIS_HOOKS=bench.schemathesis_hooks.

The same rules-beyond-the-schema hook as the in-process tests, registered for the CLI."""

import schemathesis

from tests.test_api_schemathesis import bring_within_the_rules

schemathesis.hook("map_case")(bring_within_the_rules)
