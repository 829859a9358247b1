"""The Score tab's Big Box modules (G3-S4): each module's checkbox that changes points, chosen
by its label, and the score card (S1) of the worked example."""

from __future__ import annotations

from typing import Any

SCORING_MODULES = {  # the checkbox of each module that changes points, by its name and rule
    "characters": "Characters G3",
    "camps": "Camps G4",
    "street_traders": "Street traders H3",
    "treasure": "Treasure chests K1",
    "invaders": "Invaders K3",
    "bazaars": "Bazaars K4",
    "score_cards": "New score cards S1",
    "art_of_the_moors": "Art of the Moors S4",
}


CARD = ["tower", "garden", "chambers", "arcades", "seraglio", "pavilion"]


def choose_modules(page: Any, labels: list[str]) -> None:
    page.locator("#score-modules summary").click()
    for label in labels:
        page.get_by_role("checkbox", name=label, exact=True).check()
    page.locator("#score-modules summary").click()
