"""The web table in a real browser: two people in two browsers and a bot play a whole game.

Playwright drives Debian's ``chromium`` package (browsers cannot be downloaded here). Where
Chromium or Playwright is missing these tests skip, saying what to install, except in CI
(the ``CI`` variable set), where they must run. Screenshots go to ``$SCREENSHOT_DIR`` (by
default a temporary directory, printed).
"""

from __future__ import annotations

import os
import random
import re
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
    links = [f"{base_url}{page.locator('.seat-link').nth(i).get_attribute('href')}" for i in (0, 1)]
    spectator = f"{base_url}{page.locator('.spectator-link').get_attribute('href')}"
    page.close()
    return links, spectator


def updated(page: Any) -> int:
    """The event count of the page's latest view."""
    page.wait_for_function("document.body.dataset.events !== undefined")
    return int(page.evaluate("document.body.dataset.events"))


def play_one(page: Any, rng: random.Random) -> bool:
    """Click one of the page's commands, if it offers any that are current; then wait."""
    buttons = page.locator("#commands button")
    if not buttons.count() or page.evaluate("document.body.dataset.over") == "true":
        return False
    at = page.evaluate("document.getElementById('commands').dataset.events")
    buttons.nth(rng.randrange(buttons.count())).click()
    page.wait_for_function(
        "at => document.getElementById('commands').dataset.events !== at"
        " || !document.getElementById('rejected').hidden",
        arg=at,
    )
    return True


def test_two_people_and_a_bot_play_a_whole_game_by_clicking(
    browser: Any, base_url: str, shots: Path
) -> None:
    links, spectator = create_table(browser, base_url, shots)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    al, bugs = phone.new_page(), desk.new_page()
    al.goto(links[0])
    bugs.goto(links[1])
    rng = random.Random(2004)
    clicks = 0
    reloaded = False
    while not all(page.evaluate("document.body.dataset.over") == "true" for page in (al, bugs)):
        moved = [play_one(page, rng) for page in (al, bugs)]
        clicks += sum(moved)
        if not any(moved):
            time.sleep(0.02)  # the bot is playing
        if clicks >= 12 and not reloaded:
            reloaded = True
            check_reload_restores(al)
            check_words(al)
            al.screenshot(path=shots / "phone-mid-game.png", full_page=True)
            bugs.screenshot(path=shots / "desktop-mid-game.png")
        assert clicks < 3000, "the game did not end"
    al.screenshot(path=shots / "phone-game-over.png", full_page=True)
    bugs.screenshot(path=shots / "desktop-game-over.png")
    assert reloaded
    assert "The game is over" in al.locator("#status").inner_text()
    check_logs(al)
    check_spectator(browser, spectator, updated(al), shots)
    phone.close()
    desk.close()


def check_reload_restores(page: Any) -> None:
    """A reload rebuilds the story and the view from the seat's redacted history."""
    before = page.locator("#events li").all_inner_texts()
    hand = page.locator("#readable p").first.inner_text()
    at = updated(page)
    page.reload()
    page.wait_for_function(
        "n => document.querySelectorAll('#events li').length >= n", arg=len(before)
    )
    assert updated(page) == at
    assert page.locator("#events li").all_inner_texts() == before
    assert page.locator("#readable p").first.inner_text() == hand


def check_words(page: Any) -> None:
    """The page's text writes tiles, special cards and counts as the library's words do."""
    text = page.locator("#readable").inner_text() + page.locator("#status").inner_text()
    assert re.search(r"(Speakeasy|Jazz Club|Brewery|Gambling House) #[0-9]", text), text
    assert not re.search(r"[a-z]#[0-9]|\(s\)|PoliceRaid|Revolver[0-9]", text), text


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
