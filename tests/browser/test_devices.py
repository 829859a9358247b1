"""The phones the browser tests hold (``devices``): a context handed from one phone to the next
is the device of a first visit again, so that no test sees another's visit."""

from __future__ import annotations

from tests.helpers.browser import Devices, Phone, player_card, step_to

WORKER_ACTIVE = "navigator.serviceWorker.ready.then((registration) => registration.active.state)"

KEPT = """async () => ({
    storage: localStorage.length,
    workers: (await navigator.serviceWorker.getRegistrations()).length,
    caches: (await caches.keys()).length,
    cookie: document.cookie,
    online: navigator.onLine,
})"""
"""What a device keeps of its visits to the page's origin, read from a document of that origin
the page's script does not run in (``/livez``)."""


def test_a_phone_put_down_leaves_nothing_to_the_next(devices: Devices, base_url: str) -> None:
    """The first phone leaves a game kept on the device, the service worker with its cache, a
    cookie, the page's files in the HTTP cache (asked again, they would be revalidated) and the
    network switched off; the next phone takes the same context and finds none of it: the page
    opens on an empty game."""
    first = Phone(devices, base_url)
    page = first.open()
    step_to(player_card(page, 0), "tower", 2)
    page.evaluate("document.cookie = 'visited=yes'")
    assert page.evaluate(WORKER_ACTIVE) in ("activating", "activated")
    page.goto(base_url + "/livez")
    left = page.evaluate(KEPT)
    assert left["storage"] > 0 and left["workers"] == 1 and left["caches"] == 1
    assert left["cookie"] == "visited=yes"
    first.context.set_offline(True)
    context = first.context
    first.close()

    second = Phone(devices, base_url)
    try:
        assert second.context is context
        second.page.goto(base_url + "/livez")
        assert second.page.evaluate(KEPT) == {
            "storage": 0,
            "workers": 0,
            "caches": 0,
            "cookie": "",
            "online": True,
        }
        revalidated: list[str] = []
        second.page.on(
            "request",
            lambda request: (
                "if-none-match" in request.all_headers() and revalidated.append(request.url)
            ),
        )
        page = second.open()
        assert revalidated == []  # every file asked for whole, as on a first visit
        assert player_card(page, 0).get_by_label("tower", exact=True).input_value() == "0"
    finally:
        second.close()
