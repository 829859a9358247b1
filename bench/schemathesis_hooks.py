"""Hooks for ``schemathesis run``: bench/fuzz.py sets SCHEMATHESIS_HOOKS=bench.schemathesis_hooks.

The in-process schemathesis tests register the same hook on their schemas."""

import schemathesis

from bench.within_the_rules import bring_within_the_rules

schemathesis.hook("map_case")(bring_within_the_rules)
