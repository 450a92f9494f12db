"""Sweep the phone test over many deals: which games make a person scroll to place a card.

``tests/test_web_browser.py`` plays one game at 390x844 and one at 360x740 from the dock,
against three heuristic bots, and counts a scroll each time a chosen card has no place in
view (none of the dock's buttons, no ringed place of the picture between the top of the
window and the dock). Those two games are fixed by their seed; this script plays the same
test over ``--games`` deals at each size, table seed ``N`` for game ``N``, and the person's
clicks drawn from ``random.Random(N)``, so that any game it reports replays.

For each scroll it prints the game, the size and the event count, and keeps a screenshot
(``--shots``, default ``phone-sweep/``). Needs what the browser tests need (Chromium and the
``dev`` extra's Playwright)::

    python benchmarks/sweep_phone.py --games 200
    python benchmarks/sweep_phone.py --games 1 --first 57 --sizes 390x844   # one game again

Exit status 1 if any game needed a scroll.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from chicago_poker.web.limits import Bounds

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from seeded_tables import SeededTables
from test_web_browser import CHROMIUM, CHROMIUM_ARGS, play_on_a_phone, serving


def play_game(browser: Any, base_url: str, size: tuple[int, int], game: int, shots: Path) -> int:
    """Play game ``game`` at ``size`` from the dock; the scrolls it needed (each pictured)."""
    width, height = size
    page = browser.new_page(viewport={"width": width, "height": height})

    def picture() -> None:
        events = page.evaluate("document.body.dataset.events")
        name = f"game{game}-{width}x{height}-event{events}.png"
        page.screenshot(path=shots / name)
        print(f"  scroll: game {game} at {width}x{height}, event {events}: {name}", flush=True)

    _, scrolls, _ = play_on_a_phone(page, base_url, random.Random(game), picture)
    page.close()
    return scrolls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="deals at each size")
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--sizes", default="390x844,360x740", help="widthxheight, comma-separated")
    parser.add_argument("--shots", type=Path, default=Path("phone-sweep"))
    args = parser.parse_args()
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    args.shots.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    tables = SeededTables(bounds=Bounds(max_tables=10**6, client_share=1))  # one client plays all
    found: list[tuple[int, tuple[int, ...], int]] = []
    started = time.perf_counter()
    with serving(tables) as base_url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for game in range(args.first, args.first + args.games):
            for size in sizes:
                tables.fixed = game
                scrolls = play_game(browser, base_url, (size[0], size[1]), game, args.shots)
                if scrolls:
                    found.append((game, size, scrolls))
        browser.close()
    played = args.games * len(sizes)
    print(
        f"{played} games in {time.perf_counter() - started:.0f} s: "
        f"{len(found)} needed a scroll {[(g, 'x'.join(map(str, s)), n) for g, s, n in found]}"
    )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
