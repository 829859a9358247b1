"""The interactive API page (/docs) in Debian's Chromium: Swagger UI reads the bundled document,
lists every operation, resolves the references to the components without an error, and shows
an operation's request with its schema.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from calculator.api.contract import served_openapi
from tests.helpers.browser import ARTIFACTS


@pytest.fixture(scope="module")
def docs_page(browser: Any, base_url: str) -> Iterator[tuple[Any, list[str]]]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base_url}/docs")
    page.wait_for_selector(".opblock")
    yield page, errors
    page.close()


def test_swagger_ui_lists_every_operation_of_the_bundled_document(docs_page):
    page, errors = docs_page
    operations = sum(len(item) for item in served_openapi()["paths"].values())
    assert page.locator(".opblock").count() == operations
    assert page.locator(".errors-wrapper").count() == 0  # Swagger UI's own parse/resolve errors
    assert errors == []


def test_swagger_ui_shows_a_request_schema_resolved_from_the_components(docs_page):
    page, errors = docs_page
    page.locator("#operations-scoring-scores .opblock-summary").click()
    body = page.locator("#operations-scoring-scores .opblock-body")
    body.locator("button.tablinks", has_text="Schema").first.click()
    schema = body.locator(".model-box").first
    schema.wait_for()
    assert "ScoresRequest" in schema.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "docs-scores.png"))
    assert page.get_by_text("Could not resolve reference").count() == 0
    assert errors == []
