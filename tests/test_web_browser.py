"""The web table in a real browser: two people in two browsers and a bot play a whole game.

Playwright drives Debian's ``chromium`` package (browsers cannot be downloaded here). Where
Chromium or Playwright is missing these tests skip, saying what to install, except in CI
(the ``CI`` variable set), where they must run. Screenshots go to ``$SCREENSHOT_DIR`` (by
default a temporary directory, printed).
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from chicago_poker.referee.validate import Status, validate_log

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
INSTALL = 'apt-get install -y chromium, and pip install ".[dev]" for Playwright'


def _require_browser() -> None:
    missing = []
    try:
        import playwright.sync_api  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as error:
        missing.append(f"the Python package {error.name}")
    if not os.path.exists(CHROMIUM):
        missing.append("Chromium")
    if missing:
        message = f"{' and '.join(missing)} missing: {INSTALL}"
        if os.environ.get("CI"):
            pytest.fail(f"in CI the browser tests must run; {message}")
        pytest.skip(message)


@pytest.fixture(scope="module")
def tables() -> Any:
    """The tables of the module's server, which the tests look into."""
    _require_browser()
    from seeded_tables import SeededTables

    return SeededTables()  # every game the same in every run, so that a failure replays


@pytest.fixture(scope="module")
def base_url(tables: Any) -> Iterator[str]:
    """A web table server on a free port of this machine, with ``serve``'s bounds on each
    connection (but for the rate of messages: the tests click faster than people)."""
    with serving(tables) as url:
        yield url


@contextmanager
def serving(tables: Any) -> Iterator[str]:
    """A server of ``tables`` in a thread of this process, for as long as the block lasts."""
    import uvicorn

    from chicago_poker.web.app import create_app
    from chicago_poker.web.server import server_options

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(tables, messages_per_second=100)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", **server_options()
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser(base_url: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = os.environ.get("SCREENSHOT_DIR")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    print(f"screenshots in {path}")
    return path


def create_table(browser: Any, base_url: str, shots: Path) -> tuple[list[str], str]:
    """Create a table on the first page: Al and Bugs are people, Capone a bot."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{base_url}/")
    page.locator("select[name=bot]").nth(1).select_option("")
    page.locator("input[name=short_game]").check()
    page.click("#create-table")
    page.wait_for_selector(".spectator-link")
    page.screenshot(path=shots / "create.png", full_page=True)
    assert page.locator(".copy").count() == 3  # the two people's links and the spectators'
    page.locator(".copy").first.click()
    page.wait_for_selector(".copy.done")
    links = [f"{base_url}{page.locator('.seat-link').nth(i).get_attribute('href')}" for i in (0, 1)]
    spectator = f"{base_url}{page.locator('.spectator-link').get_attribute('href')}"
    page.close()
    return links, spectator


def updated(page: Any) -> int:
    """The event count of the page's latest view."""
    page.wait_for_function("document.body?.dataset.events !== undefined")
    return int(page.evaluate("document.body.dataset.events"))


PICTURE = "#picture .choosable"
"""What the page lets a player click on the picture: cards, businesses, columns."""

GO = "#choices button.go"
"""The buttons of the bar that send a command: a draw, the end of a turn, a confirmation."""

OPTION = "#choices button.option"
"""The dock's buttons for the next click's choices: businesses, columns, cards to move or take."""

HAND = "#hand button:enabled"
"""The cards of the dock's hand that some legal command starts with."""


def play_one(page: Any, rng: random.Random, clicked: dict[str, int]) -> bool:
    """Make one command by clicking the picture (and the bar's buttons); then wait for it.

    Each click is a random one of what the page offers: a card or place ringed on the
    picture, or a button of the bar that sends a command; never the list of every move.
    ``clicked`` counts the clicks on the picture and on buttons.
    """
    if not any(page.locator(where).count() for where in (PICTURE, GO, OPTION, HAND)):
        return False
    at = page.evaluate("document.getElementById('commands').dataset.events")
    sent = page.evaluate("document.body.dataset.sent || '0'")
    for _ in range(12):  # a Limousine takes a card, up to four of the cards it moves, a place
        offered = [(PICTURE, i) for i in range(page.locator(PICTURE).count())]
        offered += [(GO, i) for i in range(page.locator(GO).count())]
        if not page.locator("#choices .cancel").count():  # a card in hand starts a move
            offered += [(HAND, i) for i in range(page.locator(HAND).count())]
        if not offered:
            offered = [(OPTION, i) for i in range(page.locator(OPTION).count())]
        if not offered or page.evaluate("document.getElementById('commands').dataset.events") != at:
            return False  # the table moved on meanwhile
        where, index = rng.choice(offered)
        page.locator(where).nth(index).click()
        clicked[where] += 1
        if page.evaluate("document.body.dataset.sent || '0'") != sent:
            page.wait_for_function(
                "at => document.getElementById('commands').dataset.events !== at"
                " || !document.getElementById('rejected').hidden",
                arg=at,
            )
            return True
    return False


TOO_SMALL = """() => {
    const small = [];
    for (const text of document.querySelectorAll("svg text")) {
        const shown = Number(text.getAttribute("font-size")) * text.getScreenCTM().a;
        if (shown < 12) small.push(`${text.textContent}: ${shown.toFixed(1)} px`);
    }
    for (const element of document.body.querySelectorAll("*")) {
        if (element.closest("svg") || !element.offsetParent) continue;
        const own = [...element.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (own && size < 12) small.push(`${element.tagName} ${element.textContent}: ${size} px`);
    }
    return small;
}"""
"""JavaScript: every text of the page under 12 pixels on screen, the picture's included."""

CLIPPED = """() => {
    const width = document.documentElement.clientWidth;
    const sideways = (element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
    return [...document.body.querySelectorAll("*")].filter((element) => {
        const box = element.getBoundingClientRect();
        for (let up = element.parentElement; up; up = up.parentElement) {
            if (sideways(up) && up !== document.body) return false;  // the dock's row scrolls
        }
        return box.width > 0 && (box.left < -0.5 || box.right > width + 0.5);
    }).map((element) => `${element.tagName}.${element.className.baseVal ?? element.className}`);
}"""
"""JavaScript: every element whose box reaches past the window's width, but for those in a row
that scrolls sideways (the dock's row of choices and cards)."""


def check_readable(page: Any) -> None:
    """Every text is 12 pixels or more on screen, and nothing is wider than the window."""
    assert page.evaluate(TOO_SMALL) == []
    assert page.evaluate(CLIPPED) == []


def test_two_people_and_a_bot_play_a_whole_game_by_clicking(
    browser: Any, base_url: str, shots: Path, tables: Any
) -> None:
    links, spectator = create_table(browser, base_url, shots)
    phone = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        accept_downloads=True,
    )
    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    al, bugs = phone.new_page(), desk.new_page()
    failed: list[str] = []

    def refused(answer: Any) -> None:
        if answer.status >= 400:
            failed.append(answer.url)

    for page in (al, bugs):
        page.on("response", refused)
    al.goto(links[0])
    bugs.goto(links[1])
    rng = random.Random(2004)
    clicked = {PICTURE: 0, GO: 0, OPTION: 0, HAND: 0}
    moves = rounds = 0
    reloaded = chose = False
    while not all(page.evaluate("document.body.dataset.over") == "true" for page in (al, bugs)):
        moved = [play_one(page, rng, clicked) for page in (al, bugs)]
        moves += sum(moved)
        rounds += 1
        if not any(moved):
            time.sleep(0.02)  # the bot is playing
        if moves >= 12 and not reloaded:
            reloaded = True
            check_reload_restores(al)
            for page in (al, bugs):
                check_readable(page)
            al.screenshot(path=shots / "phone-mid-game.png")
            bugs.screenshot(path=shots / "desktop-mid-game.png")
            assert in_view(bugs, "#hand") or not bugs.locator("#hand button").count()
        if reloaded and not chose:
            chose = show_a_choice(bugs, shots)
        assert moves < 3000, "the game did not end"
        assert rounds < 100_000, "the pages offer nothing to click and the game does not end"
    for page in (al, bugs):
        check_readable(page)
    al.screenshot(path=shots / "phone-game-over.png")
    bugs.screenshot(path=shots / "desktop-game-over.png")
    assert reloaded
    assert clicked[PICTURE] > moves / 2, clicked  # the game is played on the picture
    assert "The game is over" in al.locator("#status").inner_text()
    assert al.locator("#result").is_visible()
    assert "wait" not in al.locator("#hint").inner_text()
    for where in ("#again", "#full-log", "#redacted-log"):  # the end's links, in view
        assert in_view(bugs, where), where
    check_logs(al)
    check_spectator(browser, spectator, updated(al), shots)
    check_play_again(al, bugs, tables)
    assert failed == []  # no request of the pages failed: the icon is there too
    phone.close()
    desk.close()


def in_view(page: Any, where: str) -> bool:
    """Whether the element ``where`` is wholly inside the window, without scrolling."""
    box = page.locator(where).bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    )


def check_play_again(al: Any, bugs: Any, tables: Any) -> None:
    """One click of Al's starts the next game; Bugs is offered it; same seats, a new seed."""
    old = al.url.split("/table/")[1].split("#")[0]
    token = al.url.split("#")[1]
    al.click("#again")
    al.wait_for_url(lambda url: old not in url)
    new = al.url.split("/table/")[1].split("#")[0]
    assert al.url.endswith(f"/table/{new}#{token}")  # Al keeps the token of the seat
    al.wait_for_function("document.body?.dataset.events !== undefined")
    assert al.evaluate("seat") == 0
    bugs.wait_for_selector("#again:has-text('Join the new game')")
    bugs.click("#again")
    bugs.wait_for_url(lambda url: new in url)
    bugs.wait_for_function("document.body?.dataset.events !== undefined")
    assert bugs.evaluate("seat") == 1
    before, after = tables.get(old), tables.get(new)
    assert after.request == before.request
    assert after.seed != before.seed
    assert after.tokens == before.tokens


def show_a_choice(page: Any, shots: Path) -> bool:
    """If ``page`` may play a gangster, click it and screenshot the businesses it may go to."""
    cards = page.locator("#picture .hand .choosable[data-key^='hand:'][data-card$='R']")
    if not cards.count() or page.locator("#choices .cancel").count():
        return False
    cards.first.click()
    if not page.locator("#picture .business.choosable").count():
        page.click("#choices .cancel")
        return False
    assert page.locator("#picture .choice-ring").count() >= 1
    assert page.locator("#hint").inner_text().endswith("click the business where it goes.")
    check_chosen_card_contrast(page)
    page.screenshot(path=shots / "desktop-choosing.png")
    page.click("#choices .cancel")
    assert page.locator("#picture .chosen-ring").count() == 0
    return True


CHOSEN_CARD = """() => {
    const card = document.querySelector("#picture .hand .chosen[data-card]");
    const rgb = (colour) => colour.match(/[0-9.]+/g).map(Number);
    const face = getComputedStyle(card.querySelector("rect")).fill;
    const ink = [...card.querySelectorAll("text")].map((text) => getComputedStyle(text).fill);
    const ring = getComputedStyle(document.querySelector("#picture .chosen-ring")).fill;
    return {face: rgb(face), ink: ink.map(rgb), ring};
}"""
"""JavaScript: the chosen card's face colour, the colours of its text, the fill of its ring."""


def luminance(rgb: list[float]) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    parts = [c / 255 for c in rgb[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def check_chosen_card_contrast(page: Any) -> None:
    """The chosen card's text keeps a contrast of 4.5:1 or more: nothing is laid over it."""
    found = page.evaluate(CHOSEN_CARD)
    assert found["ring"] == "none"
    face = luminance(found["face"])
    for ink in found["ink"]:
        lighter, darker = sorted((face, luminance(ink)), reverse=True)
        assert (lighter + 0.05) / (darker + 0.05) >= 4.5, (found["face"], ink)


def check_reload_restores(page: Any) -> None:
    """A reload rebuilds the story and the picture from the seat's redacted history."""
    before = page.locator("#events li").all_inner_texts()
    hand = page.locator("#picture .hand [data-card]").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"
    )
    at = updated(page)
    page.reload()
    page.wait_for_function(
        "n => document.querySelectorAll('#events li').length >= n", arg=len(before)
    )
    assert updated(page) == at
    assert page.locator("#events li").all_inner_texts() == before
    again = page.locator("#picture .hand [data-card]").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"
    )
    assert again == hand
    assert page.locator("#events li.last").count() >= 1  # the last move, in words too


def check_logs(page: Any) -> None:
    """Both logs download once the game is over, and validate.

    The validator checks a redacted log by searching for a full game that gives it, within
    a budget: on a rare log the search ends undecided, which says nothing against the log.
    """
    for which in ("#full-log", "#redacted-log"):
        with page.expect_download() as download:
            page.click(which)
        text = Path(download.value.path()).read_text(encoding="utf-8")
        report = validate_log(text.splitlines(), which)
        allowed = {Status.OK} if which == "#full-log" else {Status.OK, Status.UNDECIDED}
        assert report.status in allowed, report.findings
        assert report.entries == len(text.splitlines()) - 1


def check_spectator(browser: Any, link: str, events: int, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(link)
    page.wait_for_function("n => document.body.dataset.events == n", arg=events)
    assert page.locator("#commands button").count() == 0
    assert page.locator("#events li").count() == events
    page.screenshot(path=shots / "spectator.png")
    page.close()


def test_a_rejected_command_shows_its_rule_and_a_bad_link_says_so(
    browser: Any, base_url: str, shots: Path
) -> None:
    links, _ = create_table(browser, base_url, shots)
    page = browser.new_page()
    page.goto(links[0])
    updated(page)
    page.evaluate("send({type: 'EndTurn', player: seat})")  # no turn ends before its actions
    page.wait_for_selector("#rejected:not([hidden])")
    assert page.locator("#rejected").inner_text().startswith("R-")
    page.screenshot(path=shots / "rejected.png")
    page.goto("about:blank")
    page.goto(links[0][:-3] + "abc")  # a token the table never gave
    page.wait_for_selector("#rejected:not([hidden])")
    assert "token" in page.locator("#rejected").inner_text()
    page.close()


def test_the_search_bots_are_offered_by_difficulty_and_play_a_whole_game(
    browser: Any, base_url: str, shots: Path
) -> None:
    """Three bots, two of them search bots that think in the server's worker, play it out."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{base_url}/")
    offered = page.locator("select[name=bot]").first.locator("option").all_inner_texts()
    assert [label.split(" (")[0] for label in offered[3:7]] == [
        "search bot, easy",
        "search bot",
        "search bot, hard",
        "trained bot",
    ]
    for seat, bot in enumerate(["search-easy", "random", "search-easy"]):
        page.locator("select[name=bot]").nth(seat).select_option(bot)
    page.locator("select[name=bot]").nth(1).select_option("search-hard")
    check_readable(page)  # the longest label still fits a phone
    page.locator("select[name=bot]").nth(1).select_option("random")
    page.locator("input[name=short_game]").check()
    page.click("#create-table")
    page.wait_for_selector(".spectator-link")
    assert "Al: played by the search-easy bot" in page.locator("#link-list").inner_text()
    page.click(".spectator-link")
    # The click navigates: until the new page has a body, there is none to read (`?.`).
    page.wait_for_function("document.body?.dataset.over === 'true'", timeout=120_000)
    assert "The game is over" in page.locator("#status").inner_text()
    page.close()


PHONES = [(320, 568), (360, 740), (375, 667), (390, 844), (414, 896)]
"""Phones, width by height, held upright; each is turned on its side too."""

DESKTOPS = [(768, 1024), (1024, 768), (1100, 800), (1280, 900), (1440, 900), (1920, 1080)]
"""Tablets and desktop windows, width by height."""

WINDOW_SHOTS = {(320, 568): "phone-320.png", (844, 390): "phone-on-its-side.png"}
"""The windows of the resize test that are screenshot for the documentation."""

CHOOSABLE = """() => [...document.querySelectorAll("#picture svg .choosable")]
    .map((target) => target.dataset.key).sort()"""
"""The keys of the things of the picture that a click can choose now."""

PICTURE_FITS = """() => {
    const svg = document.querySelector("#picture svg");
    const drawn = Number(svg.getAttribute("viewBox").split(" ")[2]);
    return drawn === {wide: 772, narrow: 390, compact: 296}[layoutFor(page.table.clientWidth)];
}"""
"""JavaScript: whether the picture shown is drawn in the layout the window's width calls for."""


def new_table(base_url: str, bots: list[str | None], **options: bool) -> list[str]:
    """Create a table by the server's API; the links of its people's seats."""
    import json
    import urllib.request

    names = ["Al", "Bugs", "Capone", "Dutch"][: len(bots)]
    body = json.dumps({"names": names, "bots": bots, "options": options}).encode()
    request = urllib.request.Request(f"{base_url}/tables", data=body, method="POST")
    with urllib.request.urlopen(request) as answer:
        made = json.load(answer)
    return [f"{base_url}{seat['link']}" for seat in made["seats"] if seat["link"]]


def test_the_page_fits_every_width_and_turn_of_the_window_without_a_reload(
    browser: Any, base_url: str, shots: Path
) -> None:
    """One page, resized through phones (upright and on their side) and desktops: every
    text of the page and the picture stays 12 px or more and within the window, the picture
    is redrawn in the layout that fits, and the page is never reloaded."""
    (link,) = new_table(base_url, [None, "heuristic", "heuristic", "heuristic"])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(link)
    page.wait_for_selector("#picture svg .choosable")  # the person's turn: the bots wait
    choosable = page.evaluate(CHOOSABLE)
    page.evaluate("window.notReloaded = true")
    sizes = [*DESKTOPS, *PHONES, *[(height, width) for width, height in PHONES]]
    layouts = set()
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(PICTURE_FITS)
        # A picture drawn anew in another layout keeps every choice on it, clickable.
        assert page.evaluate(CHOOSABLE) == choosable, (width, height)
        layouts.add(page.evaluate("document.querySelector('#picture svg').getAttribute('viewBox')"))
        assert page.evaluate(TOO_SMALL) == [], (width, height)
        assert page.evaluate(CLIPPED) == [], (width, height)
        if width < 1000:  # on a phone, upright or on its side, the dock takes a fifth at most
            assert page.locator("#dock").bounding_box()["height"] <= height / 5, (width, height)
        if (width, height) in WINDOW_SHOTS:
            page.screenshot(path=shots / WINDOW_SHOTS[width, height])
    assert page.evaluate("window.notReloaded") is True
    assert {box.split(" ")[2] for box in layouts} == {"772", "390", "296"}
    page.close()


def test_a_phone_plays_a_whole_game_without_scrolling_between_a_card_and_its_place(
    browser: Any, base_url: str, shots: Path
) -> None:
    """At 390x844 and 360x740, a person plays a whole game against three bots from the dock.

    After each card chosen, the page counts a scroll if nothing the card may go to is in
    view (the dock's buttons, or a ringed place of the picture within the window, above the
    dock): there must be none. The dock stays within a fifth of the window's height.
    """
    for width, height in [(390, 844), (360, 740)]:
        page = browser.new_page(viewport={"width": width, "height": height})
        cards, scrolls, tallest = play_on_a_phone(page, base_url, random.Random(width))
        assert cards >= 5, cards
        assert scrolls == 0, (width, scrolls)
        assert tallest <= height / 5, (width, tallest)
        story = page.locator("#events li")
        drawn = story.evaluate_all(
            "items => items.filter((li) => !li.hidden).map((li) => li.dataset.type)"
        )
        assert "DrawRequested" not in drawn  # a draw is told once: by the card drawn
        assert "CardDrawn" in drawn
        if width == 360:
            page.screenshot(path=shots / "phone-360-game-over.png")
        page.close()


def test_a_card_picked_at_the_end_of_a_long_hand_brings_its_choices_back_into_view(
    browser: Any, base_url: str, tables: Any
) -> None:
    """Game 15 of ``benchmarks/sweep_phone.py``: at 390x844 the Revolver, the last card of a
    long hand, was picked with the dock's row scrolled to it, and its choice (play it, or
    cancel) stayed scrolled out of view, at the row's start."""
    tables.fixed = 15
    try:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        cards, scrolls, _ = play_on_a_phone(page, base_url, random.Random(15))
    finally:
        tables.fixed = None
    assert cards >= 5, cards
    assert scrolls == 0, scrolls
    page.close()


def play_on_a_phone(
    page: Any, base_url: str, rng: random.Random, on_scroll: Callable[[], object] | None = None
) -> tuple[int, int, float]:
    """Play a whole short game on ``page`` from the dock, against three heuristic bots.

    Returns the cards chosen, the scrolls their places needed and the dock's tallest height.
    """
    (link,) = new_table(base_url, [None, "heuristic", "heuristic", "heuristic"], short_game=True)
    page.goto(link)
    updated(page)
    cards, scrolls, tallest = 0, 0, 0.0
    while page.evaluate("document.body.dataset.over") != "true":
        tallest = max(tallest, page.locator("#dock").bounding_box()["height"])
        chosen = play_from_the_dock(page, rng, on_scroll)
        if chosen is None:
            time.sleep(0.02)  # the bots are playing
            continue
        cards += chosen[0]
        scrolls += chosen[1]
        assert cards + scrolls < 3000, "the game did not end"
    return cards, scrolls, tallest


IN_VIEW = """(selector) => {
    const dock = document.getElementById("dock").getBoundingClientRect();
    return [...document.querySelectorAll(selector)].map((element, index) => {
        const box = element.getBoundingClientRect();
        const inDock = element.closest("#dock") !== null;
        const bottom = inDock ? window.innerHeight : dock.top;
        const seen = box.width > 0 && box.top >= 0 && box.bottom <= bottom
            && box.left >= 0 && box.right <= window.innerWidth;
        return seen ? index : -1;
    }).filter((index) => index >= 0);
}"""
"""JavaScript: which of the elements of a selector are in view, not under the dock."""

NEXT_STEP = "#choices button.option, #choices button.go, #picture .choosable"
"""Where a chosen card may go: the dock's buttons, and the places ringed on the picture."""


def play_from_the_dock(
    page: Any, rng: random.Random, on_scroll: Callable[[], object] | None = None
) -> tuple[int, int] | None:
    """Make one command from the dock: a card of the hand (then a place in view) or a button.

    Returns how many cards were chosen (0 or 1) and how many scrolls their place needed;
    None if the page offers nothing now. ``on_scroll`` is called where a scroll is counted,
    before anything is clicked (``benchmarks/sweep_phone.py`` keeps a picture of the page).
    """
    at = page.evaluate("document.getElementById('commands').dataset.events")
    sent = page.evaluate("document.body.dataset.sent || '0'")
    offered = [(HAND, i) for i in range(page.locator(HAND).count())]
    offered += [(GO, i) for i in range(page.locator(GO).count())]
    if not offered:
        return None
    where, index = rng.choice(offered)
    page.locator(where).nth(index).click()
    cards = scrolls = 0
    if where == HAND:
        cards = 1
        for _ in range(8):  # a Limousine's cards, then its place
            if page.evaluate("document.body.dataset.sent || '0'") != sent:
                break
            seen = page.evaluate(IN_VIEW, NEXT_STEP)
            if not seen:
                if not page.locator(NEXT_STEP).count():
                    break
                scrolls += 1
                if on_scroll is not None:
                    on_scroll()
                seen = [0]
            page.locator(NEXT_STEP).nth(rng.choice(seen)).click()
    if page.evaluate("document.body.dataset.sent || '0'") != sent:
        page.wait_for_function(
            "at => document.getElementById('commands').dataset.events !== at"
            " || !document.getElementById('rejected').hidden",
            arg=at,
        )
    return cards, scrolls
