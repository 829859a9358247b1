"""The interactive API page (/docs) in Debian's Chromium: Swagger UI reads the bundled document,
lists every operation, resolves the references to the components without an error, and shows
an operation's request with its schema.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api as playwright_api
from werkzeug.serving import make_server

from calculator import create_app
from calculator.api.contract import served_openapi

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


@pytest.fixture(scope="module")
def docs_page() -> Iterator[tuple[Any, list[str]]]:
    if not Path(CHROMIUM).exists():
        pytest.fail("chromium is missing: `make test` installs it (apt-get install chromium)")
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"http://127.0.0.1:{server.server_port}/docs")
        page.wait_for_selector(".opblock")
        yield page, errors
        browser.close()
    server.shutdown()
    thread.join()


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
