"""Readable Unicode tables of a game: what ``str()`` of a state or of a view prints.

A table shows the businesses in play, each with its placement pattern and every player's
column there, the shootout markers, the businesses each player controls, the hands, and whose
turn it is. A state's table shows everything; a view's table shows only what its seat may know,
because it is drawn from the view alone: the viewer's own hand, and of every other hand its size.

Both are drawn from one :class:`TableContents`, which pictures (:mod:`chicago_poker.display.svg`)
draw from too, so text and pictures show the same things.

>>> from chicago_poker.players.game import Game
>>> from chicago_poker.core.views import view
>>> game = Game.new(["Al", "Bugs"], seed=7)
>>> print(format_view(view(game.state, 0)).splitlines()[0])
Turn 1: Al to play (1 action left) · seen by Al
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from attrs import frozen

from chicago_poker.core.cards import Card, Face, GangsterCard, card_order
from chicago_poker.core.rules import MAX_COLUMN
from chicago_poker.core.state import GameState, TurnPhase
from chicago_poker.core.views import (
    BusinessView,
    ColumnView,
    PlayerView,
    ShootoutView,
    SlotView,
    view,
)

__all__ = [
    "BACK",
    "TableContents",
    "contents_of_state",
    "contents_of_view",
    "display_name",
    "format_contents",
    "format_state",
    "format_view",
    "piles_text",
    "printable",
    "shootout_text",
    "turn_text",
]

BACK: Final = "▒▒▒"
"""How a table shows the back of a face-down card whose face the reader may not know."""

_CELL: Final = 6
_FACE_SIGNS: Final = {Face.UP: "▲", Face.DOWN: "▼"}
_NAME_LIMIT: Final = 16


@frozen
class TableContents:
    """What a table or a picture of a game shows, and nothing more.

    A view of a seat shows that seat's hand; a state shows every hand and every card.
    """

    view: PlayerView
    """The view drawn: businesses, columns, markers, controlled tiles, turn, piles."""

    hands: tuple[tuple[Card, ...] | None, ...]
    """Each seat's hand in display order, where it is shown; None where only its size is."""

    choices: tuple[tuple[int, GangsterCard | None], ...]
    """The reinforcement choices shown: (seat, card), or (seat, None) for none sent."""

    everything: bool
    """Whether this is a whole state, with nothing hidden."""


def contents_of_view(seen: PlayerView) -> TableContents:
    """What a table of ``seen`` shows: the view, and the viewer's own hand."""
    hands = tuple(
        tuple(sorted(seen.hand, key=card_order))
        if seat == seen.seat and seen.hand is not None
        else None
        for seat in range(len(seen.players))
    )
    shootout = seen.shootout
    choices: tuple[tuple[int, GangsterCard | None], ...] = ()
    if shootout is not None and seen.seat in shootout.chosen:
        assert seen.seat is not None
        choices = ((seen.seat, shootout.own_choice),)
    return TableContents(seen, hands, choices, everything=False)


def contents_of_state(state: GameState) -> TableContents:
    """What a table of the whole ``state`` shows: every card, every hand, every choice."""
    public = view(state, None)
    businesses = tuple(
        BusinessView(
            shown.tile,
            tuple(
                ColumnView(
                    tuple(SlotView(business.face(i), card) for i, card in enumerate(column.cards)),
                    column.marker,
                )
                for column in business.columns
            ),
            shown.revealed,
        )
        for shown, business in zip(public.businesses, state.businesses, strict=True)
    )
    hands = tuple(tuple(sorted(player.hand, key=card_order)) for player in state.players)
    choices = state.shootout.choices if state.shootout is not None else ()
    return TableContents(public._replace(businesses=businesses), hands, choices, everything=True)


def format_view(seen: PlayerView) -> str:
    """The table of what the view's seat may know (``str()`` of a :class:`PlayerView`)."""
    return format_contents(contents_of_view(seen))


def format_state(state: GameState) -> str:
    """The table of the whole state, every secret shown (``str()`` of a :class:`GameState`)."""
    return format_contents(contents_of_state(state))


def display_name(name: str) -> str:
    r"""A player's name as a table shows it: printable, and at most 16 characters.

    Names come from players and logs: a character that is not printable (a line break, an
    escape sequence) is shown as its Python escape, so it cannot break the table or act on a
    terminal.

    >>> display_name("Al\nCapone")
    'Al\\nCapone'
    >>> display_name("Bugs Moran of the North Side")
    'Bugs Moran of t…'
    """
    name = printable(name)
    return name if len(name) <= _NAME_LIMIT else name[: _NAME_LIMIT - 1] + "…"


def printable(text: str) -> str:
    r"""``text`` with each character that is not printable shown as its Python escape.

    Names and values come from players and logs. Shown as they are, control characters,
    escape sequences that move the cursor or recolour the screen, or bidirectional overrides
    that reorder what is shown would act on the terminal of whoever reads them. Letters,
    accents included, are printable and stay as they are.

    >>> print(printable("Al\x1b[2J Capone\u202e, Zoé"))
    Al\x1b[2J Capone\u202e, Zoé
    """
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text
    )


def format_contents(contents: TableContents) -> str:
    """The readable table of ``contents``: turn, piles, businesses, players and a legend."""
    seen = contents.view
    names = [display_name(player.name) for player in seen.players]
    width = max(len(name) for name in names)
    left = max([width + 2, *(len(business.tile.name) for business in seen.businesses)])
    lines = [_heading(contents, names), piles_text(seen)]
    for business in seen.businesses:
        lines += ["", *_business_lines(business, names, left)]
    if seen.shootout is not None:
        lines += ["", shootout_text(seen.shootout, contents.choices, names)]
    lines += ["", "Players:", *_player_lines(contents, names, width), "", _legend(contents)]
    return "\n".join(lines)


def _heading(contents: TableContents, names: Sequence[str]) -> str:
    seen = contents.view
    who = (
        "everything shown"
        if contents.everything
        else "seen by a spectator"
        if seen.seat is None
        else f"seen by {names[seen.seat]}"
    )
    return f"{turn_text(seen, names)} · {who}"


def turn_text(seen: PlayerView, names: Sequence[str]) -> str:
    """Whose turn it is and what is left of it, or how the game ended, in a line.

    ``names`` are the names to show, one per seat (see :func:`display_name`).
    """
    if seen.victory is not None:
        if seen.winner is None:
            return f"Game over without a winner ({seen.victory.value})"
        return f"Game over: {names[seen.winner]} won ({seen.victory.value})"
    turn = seen.turn
    left = turn.actions_left
    doing = {
        TurnPhase.SHOOTOUTS: "shootouts first",
        TurnPhase.ACTIONS: f"{left} action{'s' if left != 1 else ''} left",
        TurnPhase.ENDED: "turn over",
    }[turn.phase]
    return f"Turn {turn.number + 1}: {names[turn.player]} to play ({doing})"


def piles_text(seen: PlayerView, *, discards: bool = True) -> str:
    """The sizes of the draw deck, the tile pile and the discard pile, in a line.

    With ``discards``, the line lists the cards of the discard pile too.
    """
    shown = sorted(seen.discard_pile, key=card_order) if discards else ()
    discard = " ".join(str(card) for card in shown)
    text = (
        f"Draw deck {seen.draw_pile_size} · business tiles face down {seen.tile_pile_size}"
        f" · discard pile {len(seen.discard_pile)}{': ' + discard if discard else ''}"
    )
    if seen.vacancies:
        text += f" · businesses to reveal {seen.vacancies}"
    return text


def _business_lines(business: BusinessView, names: Sequence[str], left: int) -> list[str]:
    pattern = "".join(f"{_FACE_SIGNS[face]:^{_CELL}}" for face in business.tile.pattern)
    shootout = "  (shootout: every card face up)" if business.revealed else ""
    lines = [f"{business.tile.name:<{left}} {pattern.rstrip()}{shootout}"]
    for seat, column in enumerate(business.columns):
        if column.slots or column.marker is not None:
            lines.append(f"  {names[seat]:<{left - 2}} {_column_text(column)}".rstrip())
    return lines


def _column_text(column: ColumnView) -> str:
    cells = "".join(_cell(slot) for slot in column.slots)
    if column.marker is None:
        return cells
    padding = " " * (_CELL * MAX_COLUMN - len(cells))
    return f"{cells}{padding}  marker #{column.marker}"


def _cell(slot: SlotView) -> str:
    if slot.face is Face.UP:
        return f"{slot.card!s:^{_CELL}}"
    return f"({BACK if slot.card is None else slot.card})".center(_CELL)


def shootout_text(
    shootout: ShootoutView,
    choices: Sequence[tuple[int, GangsterCard | None]],
    names: Sequence[str],
) -> str:
    """The shootout in progress in a line: where, whose marker, the tie, the choices shown."""
    text = (
        f"Shootout at {shootout.business.name}, due to {names[shootout.owner]}'s marker "
        f"({shootout.stage.value})"
    )
    if shootout.contenders:
        text += "; tied: " + ", ".join(names[seat] for seat in shootout.contenders)
    shown = dict(choices)
    for seat in shootout.chosen:
        if seat not in shown:
            text += f"; {names[seat]} has chosen"
        else:
            card = shown[seat]
            text += f"; {names[seat]} sends {'no reinforcement' if card is None else card}"
    return text


def _player_lines(contents: TableContents, names: Sequence[str], width: int) -> list[str]:
    seen = contents.view
    lines = []
    for seat, player in enumerate(seen.players):
        hand = contents.hands[seat]
        mark = "▶" if seen.victory is None and seat == seen.turn.player else " "
        held = (
            f"hand {player.hand_size}"
            if hand is None
            else f"hand {len(hand)}: {' '.join(map(str, hand)) or '-'}"
        )
        owned = ", ".join(tile.name for tile in player.controlled) or "nothing"
        waiting = " · waiting for a card" if seat in seen.pending_draws else ""
        lines.append(f"{mark} {names[seat]:<{width}}  {held} · controls {owned}{waiting}")
    return lines


def _legend(contents: TableContents) -> str:
    text = "▲ face up, ▼ face down; a card in brackets lies face down"
    if contents.everything:
        return f"{text}."
    return f"{text},\n({BACK}) is the back of one whose face is not known here."
