"""SVG pictures: well-formed, escaped, and showing a seat exactly what it may know."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    BusinessKind,
    BusinessTile,
    Card,
    Face,
    parse_card,
)
from chicago_poker.core.commands import DrawCard, SendReinforcement
from chicago_poker.core.errors import ArgumentTypeError, InvalidArgumentError
from chicago_poker.core.events import CardDrawn, GangsterPlayed, LimousinePlayed
from chicago_poker.core.hands import HandCategory, evaluate_hand
from chicago_poker.core.state import GameState
from chicago_poker.core.views import view
from chicago_poker.display.svg import (
    HAND_EXAMPLES,
    Move,
    Place,
    SvgImage,
    render,
    render_business,
    render_card,
    render_hand,
    render_hand_ranking,
    render_state,
)
from chicago_poker.formats.notation import parse_position
from scenarios import AL, BUGS, run
from scripts import load_script
from test_tables import POSITION, cards_named
from test_views import all_cards, draw_twin, final_state, games, gangster, known_cards, tied

SVG = "{http://www.w3.org/2000/svg}"
DOCS = Path(__file__).parent.parent / "docs"


def parse(picture: str) -> ET.Element:
    """The picture's root element; ElementTree refuses XML that is not well formed."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return root


def cards_drawn(picture: str) -> list[Card]:
    """Every card whose face the picture draws, in document order."""
    return [
        parse_card(e.attrib["data-card"]) for e in parse(picture).iter() if "data-card" in e.attrib
    ]


def words(picture: str) -> str:
    """All the text of the picture, titles included, and every attribute value."""
    root = parse(picture)
    texts = [text for element in root.iter() for text in (element.text, element.tail) if text]
    values = [value for element in root.iter() for value in element.attrib.values()]
    return " ".join(texts + values)


@settings(max_examples=40, deadline=None)
@given(game=games)
def test_every_seat_s_picture_is_well_formed_xml(game: tuple[int, int]) -> None:
    state = final_state(game)
    parse(render_state(state))
    for seat in [None, *range(len(state.players))]:
        parse(render(view(state, seat)))


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3")
@settings(max_examples=60, deadline=None)
@given(game=games, data=st.data())
def test_states_a_seat_cannot_tell_apart_give_the_same_picture(
    game: tuple[int, int], data: st.DataObject
) -> None:
    state = final_state(game)
    seat, altered = draw_twin(data, state)
    assert render(view(altered, seat)) == render(view(state, seat))


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3", "R-6.3")
@settings(max_examples=60, deadline=None)
@given(game=games)
def test_a_seat_s_picture_never_shows_a_card_it_may_not_know(game: tuple[int, int]) -> None:
    state = final_state(game)
    for seat in [None, *range(len(state.players))]:
        picture = render(view(state, seat))
        hidden = all_cards(state) - known_cards(state, seat)
        assert not set(cards_drawn(picture)) & hidden
        assert not cards_named(words(picture)) & hidden


@settings(max_examples=40, deadline=None)
@given(game=games)
def test_the_whole_state_s_picture_draws_every_hand_and_every_placed_card(
    game: tuple[int, int],
) -> None:
    state = final_state(game)
    placed = [card for b in state.businesses for column in b.columns for card in column.cards]
    held = [card for player in state.players for card in player.hand]
    assert sorted(cards_drawn(render_state(state))) == sorted(placed + held)


def test_a_seat_s_picture_draws_its_own_hand_and_the_backs_of_unknown_face_down_cards() -> None:
    state = parse_position(POSITION)
    root = parse(render(view(state, 1)))
    columns = [e for e in root.iter(f"{SVG}g") if e.get("class") == "column"]
    al_at_speakeasy = [e.get("class") for e in columns[0] if e.tag == f"{SVG}g"]
    # Al's 8G and 3R lie face down; Bugs saw the 8G with a Police Raid.
    assert al_at_speakeasy[:4] == ["card face-down", "card back", "card", "card"]
    hands = [e for e in root.iter(f"{SVG}g") if e.get("class") == "hand"]
    assert [[c.get("data-card") for c in hand] for hand in hands] == [["1G", "7Y"]]


def test_names_are_escaped() -> None:
    state = parse_position(POSITION)
    name = 'Al <b>&"Scarface"</b>'
    picture = render(view(state, 0), names=[name, "Bugs", "Capone", "Dutch\x1b[2J"])
    assert "<b>" not in picture
    assert "&lt;b&gt;&amp;" in picture
    texts = [e.text for e in parse(picture).iter(f"{SVG}text")]
    assert 'Al <b>&"Scarfac…' in texts
    assert "Dutch\\x1b[2J" in texts


def test_a_picture_is_shown_by_notebooks_and_can_be_sized() -> None:
    picture = render(view(parse_position(POSITION), 0), size=400)
    assert isinstance(picture, SvgImage)
    assert picture._repr_svg_() is picture
    root = parse(picture)
    width, height = (int(root.attrib[key]) for key in ("width", "height"))
    _, _, natural_width, natural_height = map(int, root.attrib["viewBox"].split())
    assert width == 400
    assert abs(height - 400 * natural_height / natural_width) <= 1


def test_render_refuses_what_it_cannot_draw() -> None:
    seen = view(parse_position(POSITION), 0)
    with pytest.raises(InvalidArgumentError, match="one name per seat, 4, not 2"):
        render(seen, names=["Al", "Bugs"])
    with pytest.raises(ArgumentTypeError, match="names must be a sequence of str"):
        render(seen, names="Al")
    with pytest.raises(ArgumentTypeError, match="PlayerView or a GameState"):
        render("position")  # type: ignore[arg-type]  # what a caller might pass by mistake
    with pytest.raises(InvalidArgumentError, match="size must be 1 or more"):
        render(seen, size=0)


@pytest.mark.rule("R-4.2")
@pytest.mark.parametrize("tile", BUSINESS_TILES[::5], ids=str)
def test_a_business_picture_shows_its_placement_pattern(tile: BusinessTile) -> None:
    root = parse(render_business(tile))
    places = [e.get("class") for e in root.iter(f"{SVG}g") if "place" in (e.get("class") or "")]
    assert places == [f"place {face.value}" for face in tile.pattern]


@pytest.mark.rule("R-7.2", "R-7.3")
def test_the_hand_ranking_picture_shows_each_category_highest_first() -> None:
    categories = [category for category, _ in HAND_EXAMPLES]
    assert categories == sorted(HandCategory, reverse=True)
    for category, example in HAND_EXAMPLES:
        assert evaluate_hand(parse_card(text) for text in example.split()).category is category
    drawn = cards_drawn(render_hand_ranking())
    assert drawn == [parse_card(text) for _, example in HAND_EXAMPLES for text in example.split()]


def test_a_card_picture_draws_its_face_or_its_back() -> None:
    assert cards_drawn(render_card(parse_card("PoliceRaid2"))) == [parse_card("PoliceRaid2")]
    down = parse(render_card(parse_card("9R"), face=Face.DOWN))
    assert [e.get("class") for e in down.iter(f"{SVG}g")] == ["card face-down"]
    assert cards_drawn(render_card(None)) == []
    assert cards_drawn(render_hand([parse_card("1G"), parse_card("Bribery")], label="x")) == [
        parse_card("1G"),
        parse_card("Bribery"),
    ]


def load_generator() -> ModuleType:
    return load_script(DOCS / "gen_pictures.py")


def test_the_pictures_in_the_docs_are_up_to_date() -> None:
    """Regenerate them with ``python docs/gen_pictures.py`` when this fails."""
    expected = load_generator().pictures()
    committed = {
        path.name: path.read_text(encoding="utf-8") for path in (DOCS / "img").glob("*.svg")
    }
    assert sorted(committed) == sorted(expected)
    stale = [name for name, svg in expected.items() if committed[name] != svg]
    assert stale == [], "run python docs/gen_pictures.py"


def test_the_table_printed_in_the_docs_is_what_the_library_prints() -> None:
    page = (DOCS / "pictures.md").read_text(encoding="utf-8")
    printed = page.split("```text\n", 1)[1].split("```", 1)[0]
    state = parse_position(load_generator().POSITION)
    assert printed == str(view(state, 1)) + "\n"


@pytest.mark.rule("R-6.3", "R-6.7.2")
def test_a_shootout_picture_shows_the_own_reinforcement_only() -> None:
    state, _ = run(tied(), SendReinforcement(AL, gangster("12R")))
    mine, theirs = words(render(view(state, AL))), words(render(view(state, BUGS)))
    assert "Al sends 12R" in mine
    assert "Al has chosen" in theirs
    assert gangster("12R") not in cards_named(theirs)
    revealed = [
        e for e in parse(render(view(state, BUGS))).iter() if e.text == "shootout: all face up"
    ]
    assert len(revealed) == 1


# --------------------------------------------------------------------------- what is drawn where

Box = tuple[float, float, float, float]
"""Left, top, right, bottom."""


def drawn(picture: str | ET.Element) -> list[tuple[ET.Element, Box]]:
    """Every rect, circle and text of the picture with the box it covers, in document order.

    A text's width is estimated conservatively from its font size and length: 0.62 em a
    character, 0.68 em bold, or its ``textLength`` where it has one; it reaches a font size
    above its baseline and a quarter of it below.
    """
    found: list[tuple[ET.Element, Box]] = []

    def walk(element: ET.Element, dx: float, dy: float) -> None:
        transform = element.get("transform", "")
        if transform.startswith("translate("):
            tx, ty = transform[len("translate(") : -1].split(",")
            dx, dy = dx + float(tx), dy + float(ty)
        tag = element.tag.removeprefix(SVG)
        a = {key: element.get(key) or "0" for key in ("x", "y", "width", "height")}
        if tag == "rect":
            x, y, w, h = (float(a[key]) for key in ("x", "y", "width", "height"))
            half = float(element.get("stroke-width", "1")) / 2 if element.get("stroke") else 0
            found.append(
                (element, (dx + x - half, dy + y - half, dx + x + w + half, dy + y + h + half))
            )
        elif tag == "circle":
            cx, cy, r = (float(element.attrib[key]) for key in ("cx", "cy", "r"))
            found.append((element, (dx + cx - r, dy + cy - r, dx + cx + r, dy + cy + r)))
        elif tag == "text":
            size = float(element.attrib["font-size"])
            em = 0.68 if element.get("font-weight") == "bold" else 0.62
            width = float(element.get("textLength") or len(element.text or "") * size * em)
            x, y = float(a["x"]) + dx, float(a["y"]) + dy
            left = {"start": x, "middle": x - width / 2, "end": x - width}[
                element.get("text-anchor", "start")
            ]
            found.append((element, (left, y - size, left + width, y + size / 4)))
        for child in element:
            walk(child, dx, dy)

    walk(parse(picture) if isinstance(picture, str) else picture, 0, 0)
    return found


def outside(picture: str) -> list[str]:
    """What the picture draws outside its viewBox, as readable lines; none when all is inside."""
    root = parse(picture)
    _, _, width, height = map(float, root.attrib["viewBox"].split())
    return [
        f"{element.tag.removeprefix(SVG)} {element.text or element.attrib} at {box}"
        for element, box in drawn(picture)
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height
    ]


def crowded(players: int, businesses: int, name: str) -> GameState:
    """A table as full as it gets: full hands, long names, full columns, many tiles won."""
    gangsters = [f"{value}{color}" for value in range(1, 16) for color in "RYGBP"]
    tiles = [str(tile) for tile in BUSINESS_TILES]
    shown, won = tiles[:businesses], tiles[businesses:]
    lines = ["chicago-poker position 1"]
    for seat in range(players):
        hand = [*gangsters[seat * 5 : seat * 5 + 5], "Limousine", "PoliceRaid1"]
        controls = ",".join(won[seat::players] if seat else won[: len(won) - players + 1])
        owned = f" controls={controls}" if controls else ""
        player = json.dumps(f"{name}{seat}"[-40:])
        lines.append(f"player {player} hand={','.join(hand)}{owned}")
    lines.append("turn seat=0 number=10 taken=1")
    for index, tile in enumerate(shown):
        columns = []
        for seat in range(players):
            count = (seat + index) % 6
            cards = gangsters[40 + seat * 5 : 40 + seat * 5 + min(count, 5)]
            columns.append(",".join(cards) + (f"@{index}" if count == 5 else "") or "-")
        lines.append(f"business {tile} {' '.join(columns)}")
    return parse_position("\n".join(lines) + "\n", check=False)


LONG_NAMES = ["W" * 40, "Bugs Moran of the North Side Gang, Chicago"[:40]]


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("businesses", range(1, 5))
@pytest.mark.parametrize("name", LONG_NAMES, ids=["wide", "long"])
def test_nothing_is_drawn_outside_the_picture(players: int, businesses: int, name: str) -> None:
    state = crowded(players, businesses, name)
    everyone = list(range(players))
    pictures = [render(state), render(state, size=390, lastmove=(), marks=everyone)]
    pictures += [render(view(state, seat)) for seat in (None, 0, players - 1)]
    pictures.append(render(view(state, 0), names=[name] * players, size=390))
    for picture in pictures:
        assert outside(picture) == []
    assert len(cards_drawn(render(state))) >= 7 * players  # full hands of 7 are all drawn


@settings(max_examples=40, deadline=None)
@given(game=games)
def test_nothing_is_drawn_outside_the_picture_of_any_game(game: tuple[int, int]) -> None:
    state = final_state(game)
    assert outside(render(state)) == []
    for seat in [None, *range(len(state.players))]:
        assert outside(render(view(state, seat), size=390)) == []


def test_the_other_pictures_stay_inside_too() -> None:
    pictures = [render_hand_ranking(), render_card(None), render_card(parse_card("Liquidation"))]
    pictures += [render_business(tile) for tile in BUSINESS_TILES[::5]]
    pictures.append(
        render_hand([parse_card(c) for c in ["1R", "2Y", "3G", "4B", "5P", "Revolver", "Bribery"]])
    )
    for picture in pictures:
        assert outside(picture) == []


def test_every_text_of_a_table_is_at_least_12_pixels() -> None:
    """At its natural width, as the web table shows it on a phone (390 pixels) and wider."""
    state = crowded(4, 4, "Al")
    hands = parse_position(POSITION)
    pictures = [render(state), render(state, size=390), render(view(hands, 1), size=390)]
    pictures.append(render(view(state, 0)))
    for picture in pictures:
        sizes = [float(text.attrib["font-size"]) for text in parse(picture).iter(f"{SVG}text")]
        assert sizes, "no text drawn"
        assert min(sizes) >= 12


# --------------------------------------------------------------------------- contrast


def luminance(color: str) -> float:
    """WCAG 2's relative luminance of a ``#rrggbb`` colour."""
    channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    """WCAG 2's contrast ratio of two colours, from 1 to 21."""
    dark, light = sorted((luminance(one), luminance(other)))
    return (light + 0.05) / (dark + 0.05)


def test_contrast_follows_wcag() -> None:
    assert contrast("#ffffff", "#000000") == pytest.approx(21)
    assert contrast("#e0a800", "#ffffff") == pytest.approx(2.15, abs=0.01)  # issue 33's yellow


def colour_pairs(picture: str) -> list[tuple[str, str, str, float]]:
    """What each text, card and highlight is drawn on: (what, colour, background, least ratio).

    The background is the fill of the last shape drawn before it under its middle (for a
    highlight ring, under its left edge). Text needs 4.5:1, or 3:1 when large (24 px, or
    18.66 px bold); a card's shapes and a ring need 3:1.
    """
    root = parse(picture)
    shapes, cards = drawn(root), card_shapes(root)
    pairs = []
    for index, (element, (left, top, right, bottom)) in enumerate(shapes):
        tag = element.tag.removeprefix(SVG)
        if tag == "text":
            size, bold = float(element.attrib["font-size"]), element.get("font-weight") == "bold"
            least = 3.0 if size >= 24 or (bold and size >= 18.66) else 4.5
            point, colour, what = (
                ((left + right) / 2, bottom - size * 0.6),
                element.get("fill"),
                "text",
            )
        elif tag == "rect" and element.get("fill") == "none":
            point, colour, least, what = (
                (left + 1, (top + bottom) / 2),
                element.get("stroke"),
                3.0,
                "ring",
            )
        elif tag == "rect" and element in cards:
            point, colour, least, what = (
                ((left + right) / 2, (top + bottom) / 2),
                element.get("fill"),
                3.0,
                "card",
            )
        else:
            continue
        under = [
            other.get("fill")
            for other, (l2, t2, r2, b2) in shapes[:index]
            if other.tag.removeprefix(SVG) in ("rect", "circle")
            and other.get("fill") != "none"
            and l2 <= point[0] <= r2
            and t2 <= point[1] <= b2
        ]
        assert colour is not None
        pairs.append((what, colour, under[-1] or "", least))
    return pairs


def card_shapes(root: ET.Element) -> list[ET.Element]:
    """The shapes of every card drawn: its frame, its colour band, its back's pattern."""
    groups = [g for g in root.iter(f"{SVG}g") if "card" in (g.get("class") or "").split()]
    return [shape for group in groups for shape in group if shape.tag == f"{SVG}rect"]


def every_picture() -> list[str]:
    state = parse_position(POSITION)
    shootout, _ = run(tied(), SendReinforcement(AL, gangster("12R")))
    pictures: list[str] = [render(state), render(view(state, 1)), render(view(state, None))]
    pictures += [render(shootout), render(view(shootout, BUGS))]
    pictures.append(render(view(state, 1), lastmove=DrawCard(1), marks=[parse_card("1G"), 0]))
    pictures += [render_business(tile) for tile in BUSINESS_TILES[::5]]
    pictures += [render_hand_ranking(), render_card(None), render_card(parse_card("Bribery"))]
    pictures.append(render(crowded(4, 2, "Al")))
    return pictures


def test_every_text_card_and_ring_stands_out_from_what_it_lies_on() -> None:
    pairs = {pair for picture in every_picture() for pair in colour_pairs(picture)}
    weak = [
        (pair, round(contrast(pair[1], pair[2]), 2))
        for pair in pairs
        if contrast(pair[1], pair[2]) < pair[3]
    ]
    assert weak == []
    assert {"text", "card", "ring"} <= {what for what, *_ in pairs}


# --------------------------------------------------------------------------- highlights


def rings(picture: str, name: str) -> list[Box]:
    """The boxes that the rings of class ``name`` ("lastmove" or "mark") go round."""
    return [
        (box[0] + 4.5, box[1] + 4.5, box[2] - 4.5, box[3] - 4.5)
        for element, box in drawn(picture)
        if element.get("class") == name
    ]


def box_of(picture: str, test: Callable[[ET.Element], bool]) -> list[Box]:
    """The boxes of the first rect of each group that passes ``test``, strokes left out."""
    groups = [group for group in parse(picture).iter(f"{SVG}g") if test(group)]
    boxes = []
    for group in groups:
        rect = next(iter(group.iter(f"{SVG}rect")))
        x, y, w, h = (float(rect.attrib[key]) for key in ("x", "y", "width", "height"))
        boxes.append((x, y, x + w, y + h))
    return boxes


SPEAKEASY = BusinessTile(BusinessKind.SPEAKEASY, 1)


def test_the_last_move_rings_the_place_where_a_card_went_and_the_player() -> None:
    seen = view(parse_position(POSITION), 1)  # Bugs
    # Bugs's 10G at the Speakeasy, face up; Dutch's 6R there lies face down, unknown to Bugs.
    picture = render(seen, lastmove=GangsterPlayed(1, gangster("10G"), SPEAKEASY))
    ten = box_of(picture, lambda g: g.get("data-card") == "10G")
    strips = box_of(picture, lambda g: g.get("class") == "players")
    assert ten[0] in rings(picture, "lastmove")
    assert len(rings(picture, "lastmove")) == 2  # the card and Bugs's strip
    assert rings(picture, "mark") == []
    assert strips


def test_a_highlight_never_draws_a_card_the_view_hides() -> None:
    state = parse_position(POSITION)
    seen = view(state, 1)  # Bugs, who may not know Dutch's 6R nor Al's 3R, 9R or 12B
    hidden = [gangster(text) for text in ("6R", "3R", "9R", "12B")]
    plain = render(seen)
    moves: list[Move] = [
        GangsterPlayed(3, gangster("6R"), SPEAKEASY),
        CardDrawn(0, gangster("9R")),
        LimousinePlayed(0, SPEAKEASY, SPEAKEASY, (gangster("3R"),)),
    ]
    for lastmove in [*([move] for move in moves), moves]:
        picture = render(seen, lastmove=lastmove)
        assert not set(cards_drawn(picture)) & set(hidden)
        assert not cards_named(words(picture)) & set(hidden)
        assert rings(picture, "lastmove")  # the place and the player are ringed all the same
    assert render(seen, marks=hidden) == plain
    backs = box_of(plain, lambda g: g.get("class") == "card back")
    played = render(seen, lastmove=GangsterPlayed(3, gangster("6R"), SPEAKEASY))
    assert set(rings(played, "lastmove")) & set(backs)  # Dutch's 6R: the back is ringed


@settings(max_examples=40, deadline=None)
@given(game=games)
def test_marking_a_hidden_card_changes_nothing(game: tuple[int, int]) -> None:
    state = final_state(game)
    for seat in [None, *range(len(state.players))]:
        hidden = sorted(all_cards(state) - known_cards(state, seat), key=str)
        assert render(view(state, seat), marks=hidden) == render(view(state, seat))


def test_marks_ring_cards_places_businesses_and_seats() -> None:
    seen = view(parse_position(POSITION), 1)
    picture = render(
        seen, marks=[gangster("1G"), SPEAKEASY, Place(SPEAKEASY, 0, 4), Place(SPEAKEASY, 2), 3]
    )
    marked = rings(picture, "mark")
    assert len(marked) == 5
    assert box_of(picture, lambda g: g.get("data-card") == "1G")[0] in marked
    assert box_of(picture, lambda g: g.get("data-tile") == str(SPEAKEASY))[0] in marked
    assert render(seen, marks=[], lastmove=[]) == render(seen)


def test_render_refuses_highlights_it_cannot_draw() -> None:
    seen = view(parse_position(POSITION), 0)
    with pytest.raises(ArgumentTypeError, match="lastmove must be a command, an event"):
        render(seen, lastmove="9R")  # type: ignore[arg-type]  # a card's text is not a move
    with pytest.raises(ArgumentTypeError, match="marks must be cards, businesses, places"):
        render(seen, marks=["9R"])  # type: ignore[list-item]  # nor is it a card
    with pytest.raises(ArgumentTypeError, match="marks must be"):
        render(seen, marks=[True])
