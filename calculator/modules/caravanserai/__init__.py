"""S3 Caravanserai [``caravanserai``]: a way to claim a tile and to earn money.

It changes no scoring round's points, so scoring a round only accepts it by name.
"""

from __future__ import annotations

from typing import Final

NAME: Final[str] = "caravanserai"
RULE: Final[str] = "S3"

__all__ = ["NAME", "RULE"]
