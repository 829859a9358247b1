"""The page as an app (issue 27): a web app manifest with its icons, installable in Chromium,
and the screen kept awake while a game is on (Screen Wake Lock, where the browser has it).
"""

from __future__ import annotations

import struct

import pytest
from playwright import sync_api as playwright_api

from calculator.i18n import LANGUAGES, messages
from tests.helpers.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    Phone,
    not_busy,
    player_card,
    score_three_rounds,
    start_play,
    step_to,
    your_move,
)

expect = playwright_api.expect


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_manifest_names_the_app_and_its_icons_in_each_language(client, language):
    page = client.get(f"/?lang={language}").get_data(as_text=True)
    assert f'<link rel="manifest" href="/manifest.webmanifest?lang={language}">' in page
    response = client.get(f"/manifest.webmanifest?lang={language}")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    catalog = messages(language)
    assert manifest["name"] == catalog["app.title"]
    assert manifest["short_name"] == catalog["app.short_name"]
    assert manifest["lang"] == language
    assert manifest["start_url"] == f"/?lang={language}"  # opens as it was installed
    assert manifest["id"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert sizes == {(s, p) for s in ("192x192", "512x512") for p in ("any", "maskable")}
    for icon in manifest["icons"]:
        picture = client.get(icon["src"])
        assert picture.status_code == 200 and picture.mimetype == "image/png"
        side = int(icon["sizes"].split("x")[0])
        assert png_size(picture.get_data()) == (side, side)
        picture.close()


def test_the_icons_are_kept_for_the_page_offline(client):
    """The service worker keeps the icons and the manifest with the page's files."""
    script = client.get("/sw.js").get_data(as_text=True)
    for name in ("icon-192.png", "maskable-512.png"):
        assert f"/static/icons/{name}" in script
    assert "/manifest.webmanifest?lang=ja" in script


def test_chromium_finds_the_page_installable(browser, base_url, tmp_path):
    """Chromium's own check of an installable web app (what its Install prompt rests on), in a
    profile of its own (a private window installs nothing): no error, and the manifest it read
    is ours, with no error in it."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE
    )
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{base_url}/?lang=en")
        not_busy(page)
        page.evaluate("navigator.serviceWorker.ready")
        session = context.new_cdp_session(page)
        manifest = session.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest?lang=en")
        assert manifest["errors"] == []
        assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


WAKE_LOCK_SPY = """
    window.wakeLocks = [];
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: {
        request: async (type) => {
            const sentinel = new EventTarget();
            sentinel.type = type;
            sentinel.released = false;
            sentinel.release = async () => {
                sentinel.released = true;
                sentinel.dispatchEvent(new Event('release'));
            };
            window.wakeLocks.push(sentinel);
            return sentinel;
        },
    } });
"""


def held(n: int) -> str:
    """A predicate (a function: the page's policy allows no string to be evaluated) that holds
    once `n` wake locks are held."""
    return f"() => window.wakeLocks.filter((lock) => !lock.released).length === {n}"


def test_the_screen_stays_awake_while_a_game_is_on(devices, base_url):
    """No game: the screen may sleep. A count entered: a screen wake lock is held, once. The
    game decided (three rounds scored): released. A game against the computer: held again
    until it is ended."""
    visitor = Phone(devices, base_url)
    try:
        visitor.add_init_script(WAKE_LOCK_SPY)
        page = visitor.open()
        assert page.evaluate("window.wakeLocks.length") == 0
        step_to(player_card(page, 0), "tower", 1)
        page.wait_for_function(held(1))
        assert page.evaluate("window.wakeLocks.map((lock) => lock.type)") == ["screen"]
        step_to(player_card(page, 0), "tower", 2)
        assert page.evaluate("window.wakeLocks.length") == 1  # one lock, kept
        page.reload()  # a reload takes it again for the game kept
        page.wait_for_function(held(1))
        step_to(player_card(page, 0), "tower", 0)
        score_three_rounds(page)
        page.wait_for_function(held(0))
        start_play(page, ["random"])
        your_move(page)
        page.wait_for_function(held(1))
        page.get_by_role("button", name="New game").click()
        page.locator("dialog#confirm").get_by_role("button", name="End the game").click()
        page.wait_for_function(held(0))
    finally:
        visitor.close()


def test_without_a_wake_lock_the_page_plays_on(devices, base_url):
    """A browser without the Screen Wake Lock API: nothing is asked, nothing fails."""
    visitor = Phone(devices, base_url)
    try:
        visitor.add_init_script("delete Navigator.prototype.wakeLock;")
        page = visitor.open()
        assert page.evaluate("'wakeLock' in navigator") is False
        step_to(player_card(page, 0), "garden", 2)
        page.get_by_role("button", name="Score round 1").click()
        expect(page.locator("#score-status")).to_have_text("Round 1 scored.")
    finally:
        visitor.close()
