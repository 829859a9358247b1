"""The browser tests' fixtures: the app served by gunicorn as ``make serve`` serves it
(``base_url``), Debian's Chromium (``browser``) and one visitor's phone (``phone``).

The server and the browser are started once per session, so once per xdist worker: the app is
stateless, and every phone holds a browser context no other phone holds, cleared of the last
visit (``devices``: its own storage, cookies, service worker and cache), so no test sees
another's visit. A test that needs a server of its own (one it stops) starts it itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api as playwright_api

from bench.servers import gunicorn
from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, Devices, Phone


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    with gunicorn(workers=2) as server:
        yield server.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail("chromium is missing: `make test` installs it (apt-get install chromium)")
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def devices(browser: Any) -> Iterator[Devices]:
    kept = Devices(browser)
    yield kept
    kept.close()


@pytest.fixture
def phone(devices: Devices, base_url: str) -> Iterator[Phone]:
    visitor = Phone(devices, base_url)
    yield visitor
    visitor.close()
