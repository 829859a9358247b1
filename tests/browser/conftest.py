"""The browser tests' fixtures, for every file of the folder: the server, Chromium and a
visitor's phone, as tests/browser/test_browser.py defines them."""

from tests.browser.test_browser import base_url, browser, phone

__all__ = ["base_url", "browser", "phone"]
