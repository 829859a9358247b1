"""Shared fixtures: the app and its test client (Flask tutorial style), and the layer markers.

The test client checks every response against the served OpenAPI document
(``tests/helpers/contract_check.py``): its status must be documented for the operation and its
body must match the documented schema, so no test can see an answer the contract does not
promise.
"""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from calculator import create_app

# The helpers assert what the tests need: pytest explains their failures as a test's own.
pytest.register_assert_rewrite("tests.helpers")

from tests.helpers.contract_check import ContractClient  # noqa: E402 (after the rewrite hook)

LAYERS = ("core", "engine", "api", "contract", "browser", "deploy")
"""The folders of tests/, one per layer; each test is marked with its folder's name."""

SLOW = "slow"
"""A test module that sets ``pytestmark = pytest.mark.slow`` is left out of ``make check``."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        layer = item.path.parent.name
        if layer in LAYERS:
            item.add_marker(getattr(pytest.mark, layer))
        if item.parent is not None and not item.nodeid.endswith(f"::{item.name}"):
            # schemathesis names each operation's test after it (``...[POST /v1/scores]``), but
            # pytest 9.2 builds their node ids from the function's name alone: all alike, so
            # --durations and a failure's report could not tell the operations apart.
            item._id = type(item._id).parse(f"{item.parent.nodeid}::{item.name}")


def contract_app() -> Flask:
    app = create_app({"TESTING": True})
    app.test_client_class = ContractClient
    return app


@pytest.fixture(scope="session")
def shared_app() -> Flask:
    """One app for the tests that only send it requests: it keeps nothing between requests."""
    return contract_app()


@pytest.fixture
def app() -> Flask:
    """An app of the test's own, which it may change (its configuration, its views)."""
    return contract_app()


@pytest.fixture
def client(request: pytest.FixtureRequest) -> FlaskClient:
    """A client of the test's own app when the test asks for it (``app``), else of the shared
    one."""
    app: Flask = request.getfixturevalue("app" if "app" in request.fixturenames else "shared_app")
    return app.test_client()
