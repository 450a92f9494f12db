"""The drawing kit of the SVG pictures: sizes, the palette, cards, text and the picture itself.

Everything here is pure string building with :mod:`xml.etree.ElementTree`, which escapes
every name it writes. A text that might not fit its room is given a ``textLength`` that
squeezes it in (:func:`draw_text`), and :func:`wrap_words` breaks a long line at its spaces; the
width of a text is guessed without the font at hand (:func:`text_width`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final

from chicago_poker.core.cards import BusinessKind, Card, Color, Face, GangsterCard, SpecialCard
from chicago_poker.core.errors import check_count

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "DARK",
    "GAP",
    "GOLD",
    "INK",
    "KIND_COLORS",
    "MARGIN",
    "MARK",
    "MUTED",
    "PANEL",
    "PANEL_EDGE",
    "PLACE",
    "ROW",
    "SHOOTOUT",
    "STEP",
    "SvgImage",
    "draw_card",
    "draw_place",
    "draw_rect",
    "draw_text",
    "svg_image",
    "svg_number",
    "text_width",
    "wrap_words",
]

CARD_WIDTH: Final = 40
CARD_HEIGHT: Final = 56
GAP: Final = 6
STEP: Final = CARD_WIDTH + GAP
MARGIN: Final = 10
ROW: Final = CARD_HEIGHT + GAP
_FONT: Final = "font-family:sans-serif"

# The palette. Every text and card colour is chosen against the colour it lies on; the
# contrast ratios (WCAG 2) are tested in tests/test_svg.py and listed in docs/pictures.md.
_FELT: Final = "#1e5631"
PANEL: Final = "#174a2b"
PANEL_EDGE: Final = "#3d7a55"
PLACE: Final = "#123c22"
INK: Final = "#f5f1e6"
MUTED: Final = "#b5d3bf"
GOLD: Final = "#ffd54f"
MARK: Final = "#4fc3f7"
_CARD: Final = "#ffffff"
_CARD_DOWN: Final = "#f1ece0"
_CARD_EDGE: Final = "#263238"
DARK: Final = "#212121"
SHOOTOUT: Final = "#b71c1c"
_SPECIAL: Final = "#37474f"
_BACK: Final = "#8e2424"
_BACK_INK: Final = "#f0d890"

_COLORS: Final = {
    Color.RED: "#b71c1c",
    Color.YELLOW: "#8a6500",
    Color.GREEN: "#1b6e20",
    Color.BLUE: "#1565c0",
    Color.PURPLE: "#6a1b9a",
}
KIND_COLORS: Final = {
    BusinessKind.SPEAKEASY: "#6d4c41",
    BusinessKind.JAZZ_CLUB: "#283593",
    BusinessKind.BREWERY: "#8a4f00",
    BusinessKind.GAMBLING_HOUSE: "#00695c",
}


class SvgImage(str):
    """A string of SVG that Jupyter and IPython show as a picture (``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> SvgImage:
        """The SVG itself, for notebooks."""
        return self


def draw_card(card: Card | None, x: float, y: float, face: Face) -> ET.Element:
    """A card at ``x``, ``y``: its face (framed as hidden if it lies face down), or its back."""
    if card is None:
        return _back(x, y)
    down = face is Face.DOWN
    group = ET.Element("g", {"class": "card face-down" if down else "card", "data-card": str(card)})
    ET.SubElement(group, "title").text = f"{card}{', face down' if down else ''}"
    fill = _CARD_DOWN if down else _CARD
    group.append(draw_rect(x, y, CARD_WIDTH, CARD_HEIGHT, fill=fill, stroke=_CARD_EDGE, radius=4))
    if down:  # a face-down card the viewer knows: its face, in a dashed frame
        group[-1].set("stroke-dasharray", "4 2")
    group.extend(_face(card, x, y))
    return group


def _face(card: Card, x: float, y: float) -> list[ET.Element]:
    middle = x + CARD_WIDTH / 2
    if isinstance(card, GangsterCard):
        color = _COLORS[card.color]
        return [
            draw_rect(x + 3, y + 3, CARD_WIDTH - 6, 7, fill=color, radius=2),
            draw_text(
                middle, y + 34, str(card.value), size=19, bold=True, anchor="middle", fill=color
            ),
            draw_text(
                middle, y + 49, card.color.code, size=12, bold=True, anchor="middle", fill=color
            ),
        ]
    assert isinstance(card, SpecialCard)
    words = _FACE_LINES.get(card.kind.label) or tuple(card.kind.label.split())
    lines = [*words, str(card.copy)] if card.kind.copies > 1 else list(words)
    first = y + 31 - 6.5 * (len(lines) - 1)
    return [
        draw_rect(x + 3, y + 3, CARD_WIDTH - 6, CARD_HEIGHT - 6, fill=_SPECIAL, radius=2),
        *(
            draw_text(
                middle, first + 13 * index, line, size=12, anchor="middle", fill=_CARD, room=34
            )
            for index, line in enumerate(lines)
        ),
    ]


_FACE_LINES: Final = {
    "Liquidation": ("Liqui-", "dation"),
    "Limousine": ("Limou-", "sine"),
    "Revolver": ("Revol-", "ver"),
    "Bribery": ("Bri-", "bery"),
}
"""How a special card's name is broken over the lines of its face, where one word is too long
for a card's width at 12 pixels; the card's ``title`` gives the name whole."""


def _back(x: float, y: float) -> ET.Element:
    group = ET.Element("g", {"class": "card back"})
    ET.SubElement(group, "title").text = "a face-down card"
    group.append(draw_rect(x, y, CARD_WIDTH, CARD_HEIGHT, fill=_CARD, stroke=_CARD_EDGE, radius=4))
    group.append(draw_rect(x + 4, y + 4, CARD_WIDTH - 8, CARD_HEIGHT - 8, fill=_BACK, radius=2))
    middle = x + CARD_WIDTH / 2
    group.append(draw_text(middle, y + CARD_HEIGHT / 2 + 6, "♠", size=17, anchor="middle"))
    group[-1].set("fill", _BACK_INK)
    return group


def draw_place(x: float, y: float, face: Face) -> ET.Element:
    """An empty place of a column, showing whether a card placed there lies face up or down."""
    down = face is Face.DOWN
    group = ET.Element("g", {"class": f"place {face.value}"})
    ET.SubElement(group, "title").text = f"a card here lies face {face.value}"
    group.append(draw_rect(x, y, CARD_WIDTH, CARD_HEIGHT, fill=PLACE, radius=4))
    sign = "▼" if down else "▲"
    middle = (x + CARD_WIDTH / 2, y + CARD_HEIGHT / 2 + 5)
    group.append(draw_text(*middle, sign, size=15, anchor="middle", fill=MUTED))
    return group


def draw_rect(
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fill: str,
    stroke: str | None = None,
    radius: int = 0,
) -> ET.Element:
    """A rectangle, its corners rounded by ``radius``."""
    attributes = {
        "x": svg_number(x),
        "y": svg_number(y),
        "width": svg_number(width),
        "height": svg_number(height),
        "fill": fill,
    }
    if stroke is not None:
        attributes["stroke"] = stroke
    if radius:
        attributes["rx"] = str(radius)
    return ET.Element("rect", attributes)


def draw_text(
    x: float,
    y: float,
    content: str,
    *,
    size: int = 12,
    bold: bool = False,
    anchor: str = "start",
    fill: str = INK,
    room: float | None = None,
) -> ET.Element:
    """A line of text at ``x``, ``y`` (its baseline); squeezed into ``room`` pixels if given."""
    element = ET.Element(
        "text", {"x": svg_number(x), "y": svg_number(y), "font-size": str(size), "fill": fill}
    )
    if bold:
        element.set("font-weight", "bold")
    if anchor != "start":
        element.set("text-anchor", anchor)
    if room is not None:
        element.attrib.update(_squeeze(content, size, bold=bold, room=room))
    element.text = content
    return element


def _squeeze(content: str, size: int, *, bold: bool, room: float) -> dict[str, str]:
    """The attributes that fit a text into ``room`` pixels, none if it fits as it is."""
    if text_width(content, size, bold=bold) <= room:
        return {}
    return {"textLength": svg_number(room), "lengthAdjust": "spacingAndGlyphs"}


_NARROW_LETTERS: Final = frozenset("fijlrtI.,:;!|'()[] ")
_WIDE_LETTERS: Final = frozenset("mwMW@%")


def _letter_ems(letter: str) -> float:
    """How many ems ``letter`` is guessed to take: wide, capital, narrow or other."""
    if not letter.isascii():
        return 1.0
    if letter in _WIDE_LETTERS:
        return 0.95
    if letter in _NARROW_LETTERS:
        return 0.34
    if letter.isupper():
        return 0.74
    return 0.6


def text_width(content: str, size: int, *, bold: bool) -> float:
    """A generous guess at how wide ``content`` is drawn, without the font at hand.

    Each letter counts by its kind (wide, capital, narrow, other; any letter outside ASCII as
    a whole em), and never less than 0.62 em a letter (0.68 bold) on average.
    """
    ems = sum((_letter_ems(letter) for letter in content), 0.0)
    if bold:
        ems *= 1.08
    return size * max(ems, len(content) * (0.68 if bold else 0.62))


def wrap_words(content: str, size: int, *, bold: bool, room: float) -> list[str]:
    """``content`` broken at spaces into lines that each fit ``room`` pixels, where they can."""
    lines: list[str] = []
    for word in content.split(" "):
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(joined, size, bold=bold) <= room:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def svg_number(number: float) -> str:
    """A coordinate as SVG text: whole numbers without a decimal point."""
    return str(int(number)) if number == int(number) else f"{number:.1f}"


def svg_image(
    content: ET.Element, width: int, height: int, size: int | None, title: str
) -> SvgImage:
    """The picture of ``content``: ``width`` by ``height``, on the felt, ``size`` wide if given."""
    shown = (width, height) if size is None else _scaled(width, height, size)
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg"})
    root.attrib.update(viewBox=f"0 0 {width} {height}", style=_FONT)
    root.attrib.update(width=str(shown[0]), height=str(shown[1]))
    ET.SubElement(root, "title").text = title
    ET.SubElement(root, "rect", {"width": str(width), "height": str(height), "fill": _FELT})
    root.append(content)
    return SvgImage(ET.tostring(root, encoding="unicode"))


def _scaled(width: int, height: int, size: object) -> tuple[int, int]:
    """The picture's size in pixels for a width of ``size``, the proportions kept."""
    size = check_count("render", "size", size, 1)
    return size, round(size * height / width)
