"""The browser tests' fixtures for every file of this folder: the app served in a thread
(``base_url``), Debian's Chromium (``browser``) and one visitor's phone (``phone``), as
test_browser.py defines them."""

from tests.browser.test_browser import base_url, browser, phone  # noqa: F401 (fixtures)
