"""Write the pictures of the documentation into ``docs/img/``: ``python docs/gen_pictures.py``.

Every picture is drawn by the library itself (:mod:`chicago_poker.display.svg`), and a test
(``tests/test_svg.py``) fails when a committed picture is no longer what this script draws.
"""

from __future__ import annotations

import sys
from pathlib import Path

from chicago_poker.core.cards import BusinessKind, BusinessTile, GangsterCard, parse_card
from chicago_poker.core.events import GangsterPlayed
from chicago_poker.core.views import view
from chicago_poker.display.svg import Place, render, render_business, render_hand_ranking
from chicago_poker.formats.notation import parse_position

IMAGES = Path(__file__).parent / "img"

POSITION = """\
chicago-poker position 1
player Al hand=9R,12B,Revolver,PoliceRaid1 controls=Brewery#2
player Bugs hand=1G,7Y,13P seen=Speakeasy#1:0:8G
player Capone hand=4B,Limousine controls=JazzClub#3
player Dutch hand=3B,10R
turn seat=0 number=10 taken=1
business Speakeasy#1 8G,3R,11P,11Y 5B,2P,10G - 6R
business GamblingHouse#2 4R,6B,14G,2Y,15R@0 4Y,6P 14B,14P,1R -
business JazzClub#1 - 12G,12Y,13B,5R 7G 9B,9P,2G,3G
discard Bribery
game markers=1
"""
"""The table position of the pictures: ten turns into a four-player game."""

ONE_BUSINESS = """\
chicago-poker position 1
player Al hand=9R,12B,Revolver,PoliceRaid1,Limousine,3G,5Y controls=Brewery#2,JazzClub#3
player Bugs hand=1G,7Y,13P
turn seat=0 number=3 taken=0
business Speakeasy#1 8G,3R,11P 5B
"""
"""A table with one business and a full hand: the picture a phone shows, 390 pixels wide."""


def pictures() -> dict[str, str]:
    """Every picture of the documentation, by file name."""
    state = parse_position(POSITION)
    drawn = {
        f"business-{kind.value.lower()}.svg": render_business(BusinessTile(kind, 1))
        for kind in BusinessKind
    }
    drawn["hand-ranking.svg"] = render_hand_ranking()
    drawn["table-seat-1.svg"] = render(view(state, 1))
    drawn["table-spectator.svg"] = render(view(state, None))
    drawn["table-whole.svg"] = render(state)
    speakeasy, gambling_house = BusinessTile(BusinessKind.SPEAKEASY, 1), state.businesses[1].tile
    played = parse_card("11Y")
    assert isinstance(played, GangsterCard)
    drawn["table-lastmove.svg"] = render(
        view(state, 1),
        lastmove=GangsterPlayed(0, played, speakeasy),  # Al's last action: 11Y at Speakeasy #1
        marks=[Place(gambling_house, 0), parse_card("7Y")],
    )
    drawn["table-phone.svg"] = render(view(parse_position(ONE_BUSINESS), 0), size=390)
    return {name: svg + "\n" for name, svg in drawn.items()}


def main() -> int:
    """Write every picture; say which changed."""
    IMAGES.mkdir(exist_ok=True)
    for name, svg in pictures().items():
        path = IMAGES / name
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.write_text(svg, encoding="utf-8")
            sys.stdout.write(f"wrote {path}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
