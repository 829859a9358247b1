"""The frozen record of the modules the engine's compiled build compiles (``make compiled``).

Every record of the core and the engine is a frozen msgspec ``Struct`` (STYLE). mypyc drops
the keywords of a class statement (python/mypy#21938), so ``frozen=True`` would be lost on a
record of a compiled module; such a record also derives from :class:`FrozenRecord`, which
stays interpreted, and inherits being frozen from it (``tests/core/test_records.py`` holds
every record frozen, on both builds).
"""

from __future__ import annotations

from msgspec import Struct


class FrozenRecord(Struct, frozen=True):
    """A frozen, hashable record with no field of its own."""
