"""What the browser tests share: the phone a visitor holds (Debian's Chromium driven by
Playwright at 390 x 844), the taps that drive the page, what it shows, the accessibility and
layout checks, and the scores worked out from RULES.md (M2-M6, W4, D3) independently of the code
under test. The fixtures that start the server and the browser are in
``tests/browser/conftest.py``."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

BUILDINGS = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]


# --- the rules, worked out independently of the code under test (RULES.md M2-M4) -------------

POINTS = {  # M2: points for 1st, 2nd, 3rd place by round
    "pavilion": {1: [1], 2: [8, 1], 3: [16, 8, 1]},
    "seraglio": {1: [2], 2: [9, 2], 3: [17, 9, 2]},
    "arcades": {1: [3], 2: [10, 3], 3: [18, 10, 3]},
    "chambers": {1: [4], 2: [11, 4], 3: [19, 11, 4]},
    "garden": {1: [5], 2: [12, 5], 3: [20, 12, 5]},
    "tower": {1: [6], 2: [13, 6], 3: [21, 13, 6]},
}


def majority_points(round_: int, building: str, counts: list[int]) -> list[int]:
    """M2-M4 for one building type."""
    return places(POINTS[building][round_], counts)


def places(paid: list[int], counts: list[int]) -> list[int]:
    """M3, M4 with `paid` points per place: places by count; tied holders pool the places they
    occupy and split, rounding down; none held, no points (M1). K1's chests rank so too."""
    points = []
    for count in counts:
        if count == 0:
            points.append(0)
            continue
        place = 1 + sum(other > count for other in counts)
        tied = counts.count(count)
        pooled = sum(paid[p - 1] for p in range(place, place + tied) if p <= len(paid))
        points.append(pooled // tied)
    return points


def round_points(round_: int, table: dict[str, Any]) -> tuple[list[int], int | None]:
    """M5: each player's majorities plus their wall (W4); the dummy takes part in the
    majorities and never scores walls (D3, W6)."""
    holders = [player["counts"] for player in table["players"]]
    dummy = table.get("dummy")
    if dummy is not None:
        holders.append(dummy)
    totals = [0] * len(holders)
    for index, building in enumerate(BUILDINGS):
        for seat, points in enumerate(
            majority_points(round_, building, [h[index] for h in holders])
        ):
            totals[seat] += points
    players = [totals[seat] + player["wall"] for seat, player in enumerate(table["players"])]
    return players, (totals[-1] if dummy is not None else None)


# --- the phone -------------------------------------------------------------------------------


class Devices:
    """The phones of one test worker, as Chromium's browser contexts: each is a device (its own
    storage, cookies, service worker and HTTP cache) and a phone takes one that no other phone
    holds. Put down, a context is cleared and kept for the next phone of its language: a new
    context costs Chromium a renderer process of its own, a cleared one does not, and no test
    sees another's visit either way (tests/browser/test_devices.py holds it)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.kept: dict[str, list[Any]] = {}

    def take(self, locale: str) -> Any:
        kept = self.kept.get(locale)
        if kept:
            return kept.pop()
        context = self.browser.new_context(
            viewport=PHONE,
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            locale=locale,
            accept_downloads=True,
        )
        context.new_page()  # its own blank tab, from which it is cleared
        return context

    def put_down(self, context: Any, locale: str, origin: str) -> None:
        """Every page the phone opened closed; then everything ``origin`` kept on the device
        (local storage, IndexedDB, cache storage, service workers, cookies) and the HTTP cache
        cleared, the network switched back on, and the context kept."""
        blank, *opened = context.pages
        for page in opened:
            page.close()
        session = context.new_cdp_session(blank)
        session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        session.send("Network.clearBrowserCache")
        session.detach()
        context.set_offline(False)
        self.kept.setdefault(locale, []).append(context)

    def close(self) -> None:
        for contexts in self.kept.values():
            for context in contexts:
                context.close()


class Phone:
    """One visitor's phone: a device of its own (:class:`Devices`, its storage empty) at
    390 x 844, with every console error and failed request recorded, so that a CSP refusal
    fails the test. A script to run first in its pages is given to :meth:`add_init_script`,
    not to the context, which outlives the phone."""

    def __init__(self, devices: Devices, base_url: str, locale: str = "en-US") -> None:
        self.devices = devices
        self.base_url = base_url
        self.locale = locale
        self.context = devices.take(locale)
        self.scripts: list[str] = []
        self.errors: list[str] = []
        self.page = self.new_page()

    def new_page(self) -> Any:
        page = self.context.new_page()
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        for script in self.scripts:
            page.add_init_script(script)
        return page

    def add_init_script(self, script: str) -> None:
        """``script`` runs first in every document this phone's pages open, from now on."""
        self.scripts.append(script)
        for page in self.context.pages[1:]:
            page.add_init_script(script)

    def open(self, path: str = "/?lang=en") -> Any:
        self.page.goto(self.base_url + path)
        return not_busy(self.page)

    def shot(self, name: str, full_page: bool = False) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        if full_page:  # from the top: the sticky tabs stay on top of the picture, not mid-page
            self.page.evaluate("window.scrollTo(0, 0)")
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)

    def close(self) -> None:
        self.devices.put_down(self.context, self.locale, self.base_url)
        assert self.errors == []


BUSY_MS = 30_000
"""How long a page may stay busy: as long as a navigation may take (Playwright's default), for
the computer's turns a reloaded game plays first."""


def not_busy(page: Any) -> Any:
    """The page once drawn, with no request of its own on its way: api.js marks ``<main>``
    ``aria-busy`` from the page's opening until then. After a navigation (``goto`` and
    ``reload`` wait for the document's load, the page's script included)."""
    expect(page.locator("main")).not_to_have_attribute("aria-busy", "true", timeout=BUSY_MS)
    return page


def switch_language(page: Any, name: str, lang: str) -> Any:
    """Tap the language called ``name``: the page opens again in it (``?lang=``), drawn."""
    page.get_by_role("link", name=name).click()
    page.wait_for_url(re.compile(rf"[?&]lang={lang}$"))
    return not_busy(page)


# --- driving the page ------------------------------------------------------------------------


def player_card(page: Any, seat: int) -> Any:
    return page.locator(f'fieldset.player[data-player="{seat}"]')


def step_to(card: Any, label: str, value: int) -> None:
    """Tap the minus or plus button until the stepper ``label`` shows ``value`` (no typing)."""
    field = card.get_by_label(label, exact=True)
    current = int(field.input_value())
    direction = "more" if value > current else "fewer"
    button = card.get_by_role("button", name=f"{label}: one {direction}")
    for _ in range(abs(value - current)):
        button.click()
    assert int(field.input_value()) == value


def enter_table(page: Any, table: dict[str, Any]) -> None:
    for seat, player in enumerate(table["players"]):
        card = player_card(page, seat)
        for building, count in zip(BUILDINGS, player["counts"], strict=True):
            step_to(card, building, count)
        step_to(card, "Longest wall", player["wall"])
    if "dummy" in table:
        dummy = page.locator("fieldset.dummy")
        for building, count in zip(BUILDINGS, table["dummy"], strict=True):
            step_to(dummy, building, count)


def score(page: Any, round_: int) -> None:
    page.get_by_role("button", name=f"Score round {round_}").click()
    page.locator("#score-status").filter(has_text=f"Round {round_} scored.").wait_for()


def choose_round(page: Any, round_: int) -> None:
    page.locator(f'label[for="round-{round_}"]').click()
    page.get_by_role("button", name=f"Score round {round_}").wait_for()


def shown_round_points(page: Any) -> list[int]:
    cards = page.locator("#results-body details[data-player]")
    return [
        int(cards.nth(i).locator("tfoot td.points").text_content() or "")
        for i in range(cards.count())
    ]


def shown_totals(page: Any) -> list[int]:
    cells = page.locator("#totals-table tbody td.total")
    return [int(cells.nth(i).inner_text()) for i in range(cells.count())]


# --- quick scoring ---------------------------------------------------------------------------

THREE_PLAYERS = ["Anna", "Ben", "Chris"]


THREE_PLAYER_GAME = {  # counts in BUILDINGS order, then the longest wall
    1: {
        "players": [
            {"counts": [1, 0, 2, 0, 1, 1], "wall": 2},
            {"counts": [1, 1, 0, 1, 0, 2], "wall": 3},
            {"counts": [0, 1, 1, 1, 2, 0], "wall": 1},
        ]
    },
    2: {
        "players": [  # Anna and Ben tie on towers: M4's (13 + 6) / 2 = 9 each
            {"counts": [2, 1, 3, 1, 2, 3], "wall": 4},
            {"counts": [2, 2, 1, 2, 1, 3], "wall": 5},
            {"counts": [1, 2, 2, 3, 3, 1], "wall": 2},
        ]
    },
    3: {
        "players": [  # a three-way tie on pavilions: (16 + 8 + 1) / 3 = 8 each
            {"counts": [2, 2, 4, 2, 3, 5], "wall": 7},
            {"counts": [2, 2, 2, 3, 2, 4], "wall": 9},
            {"counts": [2, 3, 3, 4, 5, 2], "wall": 4},
        ]
    },
}
# No table holds more buildings of a type than the game has (C1: 7, 7, 9, 9, 11, 11).


# --- build mode ------------------------------------------------------------------------------


def cell(page: Any, x: int, y: int) -> Any:
    return page.locator(f'#grid button.cell[data-x="{x}"][data-y="{y}"]')


def place(
    page: Any, x: int, y: int, building: str, walls: str = "", catalog: str | None = None
) -> Any:
    """Tap the cell, choose the building (by its name in the page's language) and walls, or a
    catalog tile ("price:walls"), press Place."""
    cell(page, x, y).click()
    dialog = page.locator("dialog#picker")
    dialog.wait_for()
    dialog.get_by_text(building, exact=True).click()
    if catalog is not None:
        dialog.locator("#catalog-tile").select_option(catalog)
    else:
        for side in "NESW":
            if dialog.locator(f"#wall-{side}").is_checked() != (side in walls):
                dialog.locator(f'label[for="wall-{side}"]').click()
    dialog.locator("#picker-place").click()
    return dialog


# --- Play: a game against the computer -------------------------------------------------------

SETTLED = """() => {
    const winners = document.querySelector('#play-winners').textContent;
    const moves = document.querySelectorAll(
        '#play-actions button:not([disabled]), #play-grid button.fits:not([disabled])');
    return winners !== '' || moves.length > 0;
}"""


def start_play(page: Any, opponents: list[str], modules: tuple[str, ...] = ()) -> None:
    page.get_by_role("tab", name="Play").click()
    page.get_by_label("How many").select_option(str(len(opponents)))
    for seat, level in enumerate(opponents, start=1):
        page.get_by_label(f"Opponent {seat}", exact=True).select_option(level)
    for module in modules:
        page.locator(f"#module-{module}").check()
    page.get_by_role("button", name="Start the game").click()
    page.locator("#play-table").wait_for()


def your_move(page: Any) -> None:
    """Wait until you decide (or the game is over): the computer's turns are played first."""
    page.wait_for_function(SETTLED, timeout=60_000)


def play_one_move(page: Any) -> None:
    """A purchase if there is one, else a cell for the tile you are placing, else the first
    move listed: a game that buys ends in a few dozen turns."""
    buys = page.locator("#play-actions button", has_text="Buy the")
    cells = page.locator("#play-grid button.fits")
    if buys.count():
        buys.first.click()
    elif cells.count():
        cells.first.click()
    else:
        page.locator("#play-actions button").first.click()


# --- accessibility (axe-core, WCAG 2.1 A and AA: labels, names, roles, contrast) and layout ---

WCAG = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],
}


def assert_accessible(page: Any, where: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options=WCAG)
    assert results.violations_count == 0, f"{where}:\n{results.generate_report()}"


def assert_fits(
    page: Any, where: str, targets: str = "main button:visible, main select:visible"
) -> None:
    """No sideways scroll, and every target (``targets``) at least 44 px high."""
    overflow = page.evaluate(
        "document.scrollingElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"{where}: the page scrolls sideways by {overflow}px"
    for target in page.locator(targets).all():
        box = target.bounding_box()
        assert box is not None and box["height"] >= 44, (where, target)


# No page scrolls sideways and no word breaks inside itself, in any language (issue 27).
OVERFLOW = "document.scrollingElement.scrollWidth - document.documentElement.clientWidth"
TAB_SPILL = """() => [...document.querySelectorAll('[role="tab"]')]
    .filter((tab) => tab.scrollWidth > tab.clientWidth).map((tab) => tab.textContent)"""
# Every word on show (Intl.Segmenter's words of the page's language) lies on one line, inside
# the box that holds its line (a label, a cell, a button), and inside any box that hides what
# sticks out of it (one that scrolls shows it by scrolling).
WORD_BREAKS = """(selector) => {
    const scope = document.querySelector(selector);
    const words = new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' });
    const found = [];
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || element.closest('script, datalist, option, .visually-hidden')) continue;
        if (!element.checkVisibility({ visibilityProperty: true })) continue;
        for (const { segment, index, isWordLike } of words.segment(node.data)) {
            if (!isWordLike || [...segment].length < 2) continue;
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + segment.length);
            const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
            if (boxes.length === 0) continue;
            const tops = boxes.map((box) => box.top);
            const where = `${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''}`
                + `${element.className ? '.' + element.className : ''}: ${node.data.trim()}`;
            if (Math.max(...tops) - Math.min(...tops) > boxes[0].height / 2) {
                found.push(`"${segment}" broken in ${where}`);
                continue;
            }
            const word = range.getBoundingClientRect();
            let holder = element;
            while (['inline', 'contents'].includes(getComputedStyle(holder).display)) {
                holder = holder.parentElement;
            }
            const line = holder.getBoundingClientRect();
            if (word.left < line.left - 1 || word.right > line.right + 1) {
                found.push(`"${segment}" sticks out of ${where}`);
                continue;
            }
            for (let box = element; box && box !== document.body; box = box.parentElement) {
                const overflow = getComputedStyle(box).overflowX;
                if (overflow === 'auto' || overflow === 'scroll') break;
                if (overflow === 'hidden' || overflow === 'clip') {
                    const frame = box.getBoundingClientRect();
                    if (word.left < frame.left - 1 || word.right > frame.right + 1) {
                        found.push(`"${segment}" clipped in ${where}`);
                    }
                    break;
                }
            }
        }
    }
    return found;
}"""


def assert_words_whole(page: Any, where: str, scope: str = "body") -> None:
    """Nothing scrolls sideways, each tab's word fits its tab, no word is broken or clipped."""
    overflow = page.evaluate(OVERFLOW)
    assert overflow <= 0, f"{where}: the page scrolls sideways by {overflow}px"
    spill = page.evaluate(TAB_SPILL)
    assert spill == [], f"{where}: {spill} spill out of their tabs"
    broken = page.evaluate(WORD_BREAKS, scope)
    assert broken == [], f"{where}:\n" + "\n".join(broken)


# --- what the page keeps, and the question before a loss --------------------------------------

# The game as the phone keeps it: the game, and its past games under a key of their own.
STORED = """() => {
    const game = JSON.parse(localStorage.getItem('alhambra-scores/v1'));
    const past = localStorage.getItem('alhambra-scores/v1/past');
    return game && past !== null && !('past' in game) ? { ...game, past: JSON.parse(past) } : game;
}"""


def question(page: Any) -> Any:
    """The page's one question before a loss, once it is open."""
    dialog = page.locator("dialog#confirm")
    expect(dialog).to_be_visible()
    return dialog


def lost_items(page: Any) -> list[str]:
    return question(page).locator("#confirm-lost li").all_inner_texts()


def score_three_rounds(page: Any) -> list[int]:
    """THREE_PLAYER_GAME entered and scored round by round; the totals the rules give."""
    for seat, name in enumerate(THREE_PLAYERS):
        page.get_by_label(f"Name of player {seat + 1}").fill(name)
    totals = [0, 0, 0]
    for round_, table in THREE_PLAYER_GAME.items():
        choose_round(page, round_)
        enter_table(page, table)
        score(page, round_)
        points, _ = round_points(round_, table)
        totals = [a + b for a, b in zip(totals, points, strict=True)]
    assert shown_totals(page) == totals
    return totals


def expected_rounds() -> list[list[int]]:
    return [round_points(n, table)[0] for n, table in THREE_PLAYER_GAME.items()]


def saved_state(page: Any) -> dict[str, Any]:
    return page.evaluate("JSON.parse(localStorage.getItem('alhambra-scores/v1')).play.state")
