"""Look at the documentation site as a reader does: build it, serve it, screenshot its pages.

Run from the repository root, with the ``docs-shots`` extra installed
(``pip install ".[dev,docs-shots]"``) and a Chromium on the machine::

    python docs/screenshots.py                  # PNGs in build/screenshots/
    python docs/screenshots.py --out shots --full-page --chromium /usr/bin/chromium
    python docs/screenshots.py --web-table      # the web table's pictures, in docs/web/

It builds the site with ``mkdocs build --strict`` into a temporary directory, serves it on
localhost, and opens each main page in headless Chromium (through Playwright), at a desktop
and a phone width. Besides the pictures, it reports what a reader would trip over: a request
that fails (a missing picture, stylesheet or script), an error on the browser's console, and
a link to an anchor that is not on its page. The exit status is 1 if there is any, else 0.

``--web-table`` makes the screenshots of the web table's page instead (``docs/web/*.png``, at
phone and desktop sizes): they are taken by the browser test, ``tests/test_web_browser.py``,
which plays whole games in Chromium; its exit status is the test's.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Response, sync_playwright

ROOT = Path(__file__).resolve().parent.parent

PAGES = (
    "",
    "tutorial/",
    "bots/",
    "cli/",
    "json/",
    "notation/",
    "engine/",
    "api/",
    "rules/",
    "discrepancies/",
    "hand-ranking/",
)
"""The pages to look at, as paths of the site."""

SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
"""The windows to look through: a desktop browser and a phone, width by height."""

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Headless Chromium without the sandbox (containers) and without calls home."""

BROKEN_ANCHORS = """() => [...document.querySelectorAll('article a[href^="#"]')]
    .map(a => a.getAttribute('href').slice(1))
    .filter(id => id && !document.getElementById(decodeURIComponent(id)))"""
"""JavaScript: the anchors that links of the page's article point to but it lacks."""


def main(argv: Sequence[str] | None = None) -> int:
    """Build, serve and screenshot the site; 0 if nothing was found wrong, else 1."""
    args = parser().parse_args(argv)
    if args.web_table:
        return web_table()
    with tempfile.TemporaryDirectory() as site:
        build(Path(site))
        with serve(Path(site)) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=args.chromium, args=CHROMIUM_ARGS, headless=True
            )
            try:
                problems = shoot_all(browser, base, args.out, full_page=args.full_page)
            finally:
                browser.close()
    for problem in problems:
        print(f"problem: {problem}")
    print(f"{len(PAGES) * len(SIZES)} screenshots in {args.out}, {len(problems)} problems")
    return 1 if problems else 0


def parser() -> argparse.ArgumentParser:
    """The script's options."""
    result = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    result.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots")
    result.add_argument(
        "--chromium",
        default=shutil.which("chromium") or "/usr/bin/chromium",
        help="the Chromium executable (default: chromium on the PATH)",
    )
    result.add_argument("--full-page", action="store_true", help="the whole page, not a window")
    result.add_argument(
        "--web-table",
        action="store_true",
        help="screenshot the web table's page into docs/web/ (through its browser test)",
    )
    return result


def web_table() -> int:
    """Play the web table's browser test, which saves its screenshots in ``docs/web/``."""
    environment = {**os.environ, "SCREENSHOT_DIR": str(ROOT / "docs" / "web")}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    command.append(str(ROOT / "tests" / "test_web_browser.py"))
    return subprocess.run(command, cwd=ROOT, env=environment, check=False).returncode


def build(site: Path) -> None:
    """Build the site into ``site``, as CI does; stop with mkdocs's output if it fails."""
    command = ["mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)]
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"mkdocs build failed:\n{done.stdout}{done.stderr}")


@contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve ``site`` on a free port of localhost; yield its base URL."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without logging every request."""

    def log_message(self, format: str, *args: object) -> None:
        """Log nothing: failed requests are reported by the browser."""


def shoot_all(browser: Browser, base: str, out: Path, *, full_page: bool) -> list[str]:
    """Screenshot every page at every size into ``out``; return the problems seen."""
    out.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for size, (width, height) in SIZES.items():
        page = browser.new_page(viewport={"width": width, "height": height})
        watch(page, problems)
        for path in PAGES:
            problems += shoot(page, base + path, out / f"{name(path)}-{size}.png", full_page)
        page.close()
    return problems


def watch(page: Page, problems: list[str]) -> None:
    """Add to ``problems`` every failed request and every error on the console of ``page``."""

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console error: {message.text}")

    def failed(request: Request) -> None:
        problems.append(f"request failed: {request.url}")

    def response(answer: Response) -> None:
        if answer.status >= 400:
            problems.append(f"HTTP {answer.status}: {answer.url}")

    page.on("console", console)
    page.on("requestfailed", failed)
    page.on("response", response)


def shoot(page: Page, url: str, png: Path, full_page: bool) -> list[str]:
    """Open ``url``, save its screenshot as ``png``; the anchors its links miss."""
    page.goto(url, wait_until="networkidle")
    page.screenshot(path=str(png), full_page=full_page)
    print(f"{png.name}: {page.title()}")
    missing: list[str] = page.evaluate(BROKEN_ANCHORS)
    return [f"{url}: no anchor #{anchor}" for anchor in missing]


def name(path: str) -> str:
    """The file name of a page's screenshot: ``index`` for the home page."""
    return path.strip("/") or "index"


if __name__ == "__main__":
    sys.exit(main())
