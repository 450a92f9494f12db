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
from collections.abc import Iterator
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
def base_url() -> Iterator[str]:
    """A web table server on a free port of this machine, for the module's tests."""
    _require_browser()
    import uvicorn

    from chicago_poker.web.app import create_app
    from chicago_poker.web.tables import Tables

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(Tables()), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
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
    page.wait_for_function("document.body.dataset.events !== undefined")
    return int(page.evaluate("document.body.dataset.events"))


PICTURE = "#picture .choosable"
"""What the page lets a player click on the picture: cards, businesses, columns."""

GO = "#choices button.go"
"""The buttons of the bar that send a command: a draw, the end of a turn, a confirmation."""

OPTION = "#choices button.option"
"""The bar's buttons for the choices the picture does not draw: Bribery's discarded cards."""


def play_one(page: Any, rng: random.Random, clicked: dict[str, int]) -> bool:
    """Make one command by clicking the picture (and the bar's buttons); then wait for it.

    Each click is a random one of what the page offers: a card or place ringed on the
    picture, or a button of the bar that sends a command; never the list of every move.
    ``clicked`` counts the clicks on the picture and on buttons.
    """
    if not any(page.locator(where).count() for where in (PICTURE, GO, OPTION)):
        return False
    at = page.evaluate("document.getElementById('commands').dataset.events")
    sent = page.evaluate("document.body.dataset.sent || '0'")
    for _ in range(12):  # a Limousine takes a card, up to four of the cards it moves, a place
        offered = [(PICTURE, i) for i in range(page.locator(PICTURE).count())]
        offered += [(GO, i) for i in range(page.locator(GO).count())]
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
    return [...document.body.querySelectorAll("*")].filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -0.5 || box.right > width + 0.5);
    }).map((element) => `${element.tagName}.${element.className.baseVal ?? element.className}`);
}"""
"""JavaScript: every element whose box reaches past the window's width."""


def check_readable(page: Any) -> None:
    """Every text is 12 pixels or more on screen, and nothing is wider than the window."""
    assert page.evaluate(TOO_SMALL) == []
    assert page.evaluate(CLIPPED) == []


def test_two_people_and_a_bot_play_a_whole_game_by_clicking(
    browser: Any, base_url: str, shots: Path
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
    al.goto(links[0])
    bugs.goto(links[1])
    rng = random.Random(2004)
    clicked = {PICTURE: 0, GO: 0, OPTION: 0}
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
    check_logs(al)
    check_spectator(browser, spectator, updated(al), shots)
    phone.close()
    desk.close()


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
    page.screenshot(path=shots / "desktop-choosing.png")
    page.click("#choices .cancel")
    assert page.locator("#picture .chosen-ring").count() == 0
    return True


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
    assert [label.split(" (")[0] for label in offered[3:]] == [
        "search bot, easy",
        "search bot",
        "search bot, hard",
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
    page.wait_for_function("document.body.dataset.over === 'true'", timeout=120_000)
    assert "The game is over" in page.locator("#status").inner_text()
    page.close()
