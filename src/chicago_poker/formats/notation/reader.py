"""The reader of the position notation: a text into the state or the view it describes.

:func:`parse_position` and :func:`parse_view` take the statements of a text, read each field's
value or its default, build the :class:`~chicago_poker.core.state.GameState` or
:class:`~chicago_poker.core.views.PlayerView`, and hand it to the checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    BusinessTile,
    Card,
    Face,
    GangsterCard,
    full_deck,
    tactical_deck,
)
from chicago_poker.core.errors import PositionInvariantError
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import (
    Business,
    Column,
    GameState,
    PlayerState,
    Shootout,
    ShootoutStage,
    Turn,
    TurnPhase,
)
from chicago_poker.core.views import (
    BusinessView,
    ColumnView,
    OpponentView,
    PlayerView,
    ShootoutView,
    SlotView,
)
from chicago_poker.formats.notation import values
from chicago_poker.formats.notation.checks import (
    Checker,
    Pieces,
    check_names,
    check_view,
    no_repeats,
)
from chicago_poker.formats.notation.statements import Reader, Statement, Token, syntax
from chicago_poker.formats.notation.values import Fields
from chicago_poker.formats.notation.vocabulary import (
    OPTIONS,
    base_actions,
    default_markers,
)

__all__ = ["POSITION_STATEMENTS", "VIEW_STATEMENTS", "parse_position", "parse_view"]


def _read_options(reader: Reader) -> RuleOptions:
    statement = reader.one("options")
    flags: dict[str, bool] = {}
    for token in statement.args if statement else ():
        attribute = OPTIONS[token.text]
        if attribute in flags:
            raise syntax(token, f"{token.text!r} is given twice")
        flags[attribute] = True
    return RuleOptions(**flags)


def _read_name(statement: Statement) -> str:
    return statement.args[0].text


def _read_turn(statement: Statement) -> Turn:
    fields = values.fields(statement.args)
    values.required(statement, fields, "seat")
    values.required(statement, fields, "number")
    number = values.get(fields, "number", lambda t, v: values.number(t, v, low=-1), 0)
    return Turn(
        player=values.get(fields, "seat", values.number, 0),
        number=number,
        phase=values.get(fields, "phase", values.phase, TurnPhase.ACTIONS),
        base_actions=values.get(fields, "base", values.number, base_actions(number)),
        bonus_actions=values.get(fields, "bonus", values.number, 0),
        actions_taken=values.get(fields, "taken", values.number, 0),
        shootouts=values.get(fields, "shootouts", values.number, 0),
    )


def _read_business(
    statement: Statement, count: int, *, view: bool
) -> tuple[BusinessTile, list[tuple[list[GangsterCard | None], int | None]]]:
    tile = values.tile(statement.args[0], statement.args[0].text)
    tokens = statement.args[1:]
    if len(tokens) != count:
        raise PositionInvariantError(
            "columns",
            f"{tile} has {len(tokens)} columns for {count} players: write one per seat, "
            f"'-' for an empty one",
            rule="R-4.1",
            line=statement.line,
        )
    return tile, [_read_column(token, view=view) for token in tokens]


def _read_column(token: Token, *, view: bool) -> tuple[list[GangsterCard | None], int | None]:
    """A column's cards (``?`` for a hidden one, in a view) and its marker after ``@``."""
    text, at, marker_text = token.text.partition("@")
    marker = values.number(token, marker_text) if at else None
    cards: list[GangsterCard | None] = []
    for item in values.items(text):
        cards.append(None if item == "?" else values.gangster(token, item))
    return cards, marker


POSITION_STATEMENTS: Final = {
    "options": (0, 1),
    "player": (0, 6),
    "turn": (1, 1),
    "previous": (0, 1),
    "business": (0, len(BUSINESS_TILES)),
    "discard": (0, 1),
    "draw": (0, 1),
    "tiles": (0, 1),
    "shootout": (0, 1),
    "game": (0, 1),
}
"""The statements of a position, each with the least and the most lines of it."""


def parse_position(text: str, *, check: bool = True) -> GameState:
    r"""Read a game state from the position notation, as :func:`write_position` writes it.

    With ``check=False`` the invariants of the game are not checked, only what any state needs
    (one column per seat, gangster cards in columns, seats that exist, a card at most once in
    one list): a study position or a test may want a table that no game reaches, such as a
    draw deck of two cards and no other cards anywhere. Such a state is the caller's
    responsibility; the engine's behaviour on it is not specified.

    Raises:
        NotationSyntaxError: The text does not follow the grammar; the error gives the line
            and column.
        PositionInvariantError: The position breaks an invariant of the game, such as the 81
            cards each in one place; ``error.invariant`` names it and ``error.rule`` the rule.

    >>> parse_position("chicago-poker position 1\nplayer Al\nplayer Bugs\nturn seat=0 number=-4")
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.NotationSyntaxError: line 4, column 13: -4 is below -1
    """
    reader = Reader(text, "position", POSITION_STATEMENTS)
    state, pieces = _read_position(reader)
    checker = Checker(reader, pieces.lines)
    checker.check_seats(state)
    if check:
        checker.check_state(state, pieces)
    return state


def _read_position(reader: Reader) -> tuple[GameState, Pieces]:
    """The state a position describes, and its piles; the lines are read from top to bottom."""
    options = _read_options(reader)
    players = _read_players(reader)
    turn, previous = _read_turns(reader)
    businesses, lines = _read_businesses(reader, len(players))
    discard = _pile_cards(reader, "discard") or []
    shootout = _read_shootout(reader)
    pieces = _piles(reader, options, players, businesses, discard, shootout, lines)
    counters = _read_counters(reader, businesses, idle=True)
    state = GameState(
        options=options,
        players=tuple(players),
        first_player=(turn.player - turn.number) % len(players) if players else 0,
        turn=turn,
        draw_pile=frozenset(pieces.draw),
        discard_pile=frozenset(discard),
        tile_pile=frozenset(pieces.tiles),
        businesses=tuple(businesses),
        shootout=shootout,
        previous_turn=previous,
        **counters,
    )
    return state, pieces


_NO_SEATS: tuple[int, ...] = ()


def _read_counters(
    reader: Reader, businesses: Sequence[Business | BusinessView], *, idle: bool
) -> dict[str, Any]:
    """The fields of the ``game`` line, by the names of the state's attributes.

    Each field not written has its default; a view has no ``idle``.
    """
    statement = reader.one("game")
    fields = {} if statement is None else values.fields(statement.args)
    markers = (c.marker for b in businesses for c in b.columns)
    counters: dict[str, Any] = {
        "vacancies": values.get(fields, "vacancies", values.number, 0),
        "pending_draws": values.get(fields, "pending", values.seat_list, _NO_SEATS),
        "markers_placed": values.get(fields, "markers", values.number, default_markers(markers)),
        "last_winner": values.get(fields, "last-winner", values.number, None),
        "idle_turns": values.get(fields, "idle", values.number, 0),
        "stalled_turns": values.get(fields, "stalled", values.number, 0),
        "winner": values.get(fields, "winner", values.number, None),
        "victory": values.get(fields, "victory", values.victory, None),
    }
    if not idle:
        del counters["idle_turns"]
    return counters


def _piles(
    reader: Reader,
    options: RuleOptions,
    players: Sequence[PlayerState],
    businesses: Sequence[Business],
    discard: Sequence[Card],
    shootout: Shootout | None,
    lines: dict[BusinessTile, int],
) -> Pieces:
    """The piles as written: the draw deck and the tile pile are what is nowhere else."""
    deck = tactical_deck() if options.tactical else full_deck()
    placed = _placed_cards(players, businesses, discard, shootout)
    draw = _pile_cards(reader, "draw")
    draw_pile = draw if draw is not None else _not_in(deck, set(placed))
    return Pieces(lines, placed, draw_pile, _tile_pile(reader, players, businesses), deck)


def _read_players(reader: Reader) -> list[PlayerState]:
    """The player lines: their names are checked first, then each line's fields."""
    player_lines = reader.by_keyword["player"]
    check_names([_read_name(statement) for statement in player_lines], player_lines)
    return [_read_player(statement) for statement in player_lines]


def _read_player(statement: Statement) -> PlayerState:
    fields = values.fields(statement.args[1:])
    hand: list[Card] = values.get(fields, "hand", values.card_list, [])
    controlled: list[BusinessTile] = values.get(fields, "controls", values.tile_list, [])
    seen: list[tuple[BusinessTile, int, GangsterCard]] = values.get(
        fields, "seen", values.seen_list, []
    )
    no_repeats("cards", hand, statement.line, "R-1.3")
    return PlayerState(_read_name(statement), frozenset(hand), tuple(controlled), frozenset(seen))


def _read_turns(reader: Reader) -> tuple[Turn, Turn | None]:
    """The current turn and, when given, the previous one."""
    turn = _read_turn(reader.by_keyword["turn"][0])
    previous_line = reader.one("previous")
    return turn, None if previous_line is None else _read_turn(previous_line)


def _read_businesses(reader: Reader, count: int) -> tuple[list[Business], dict[BusinessTile, int]]:
    """The face-up businesses, and the line each was first written on."""
    businesses: list[Business] = []
    lines: dict[BusinessTile, int] = {}
    for statement in reader.by_keyword["business"]:
        tile, columns = _read_business(statement, count, view=False)
        businesses.append(
            Business(tile, tuple(Column(tuple(_known(cards)), marker) for cards, marker in columns))
        )
        lines.setdefault(tile, statement.line)
    return businesses, lines


def _placed_cards(
    players: Sequence[PlayerState],
    businesses: Sequence[Business],
    discard: Sequence[Card],
    shootout: Shootout | None,
) -> list[Card]:
    """Every card written somewhere other than the draw deck, repeats kept."""
    return [
        *(card for player in players for card in player.hand),
        *(card for b in businesses for c in b.columns for card in c.cards),
        *discard,
        *(card for _, card in (shootout.choices if shootout else ()) if card is not None),
    ]


def _not_in(deck: Sequence[Card], used: set[Card]) -> list[Card]:
    """The cards of the deck that are not used: the draw deck when it is not written."""
    return [card for card in deck if card not in used]


def _tile_pile(
    reader: Reader, players: Sequence[PlayerState], businesses: Sequence[Business]
) -> list[BusinessTile]:
    """The face-down tiles as written, or else every tile shown nowhere else."""
    given = _pile_tiles(reader)
    if given is not None:
        return given
    shown = {b.tile for b in businesses} | {t for p in players for t in p.controlled}
    return [tile for tile in BUSINESS_TILES if tile not in shown]


def _known(cards: Iterable[GangsterCard | None]) -> Iterable[GangsterCard]:
    return (card for card in cards if card is not None)


def _pile_cards(reader: Reader, keyword: str) -> list[Card] | None:
    statement = reader.one(keyword)
    if statement is None:
        return None
    if statement.args[0].text == "*":
        return None
    cards = values.card_list(statement.args[0], statement.args[0].text)
    no_repeats("cards", cards, statement.line, "R-1.3")
    return cards


def _pile_tiles(reader: Reader) -> list[BusinessTile] | None:
    statement = reader.one("tiles")
    if statement is None or statement.args[0].text == "*":
        return None
    return values.tile_list(statement.args[0], statement.args[0].text)


def _read_shootout(reader: Reader) -> Shootout | None:
    statement = reader.one("shootout")
    if statement is None:
        return None
    fields = values.fields(statement.args)
    values.required(statement, fields, "business")
    values.required(statement, fields, "owner")
    return Shootout(
        business=values.get(fields, "business", values.tile, BUSINESS_TILES[0]),
        owner=values.get(fields, "owner", values.number, 0),
        stage=values.get(fields, "stage", values.stage, ShootoutStage.OPEN),
        contenders=values.get(fields, "contenders", values.seat_list, ()),
        choices=values.get(fields, "choices", values.choices, ()),
        round=values.get(fields, "round", values.number, 0),
    )


VIEW_STATEMENTS: Final = {
    "seat": (1, 1),
    "options": (0, 1),
    "player": (0, 6),
    "turn": (1, 1),
    "business": (0, len(BUSINESS_TILES)),
    "draw": (1, 1),
    "tiles": (1, 1),
    "discard": (0, 1),
    "shootout": (0, 1),
    "game": (0, 1),
}
"""The statements of a view, each with the least and the most lines of it."""


def parse_view(text: str) -> PlayerView:
    """Read a seat's view from the position notation, as :func:`write_view` writes it.

    Raises:
        NotationSyntaxError: The text does not follow the grammar; the error gives the line
            and column.
        PositionInvariantError: The view breaks an invariant of the game; ``error.invariant``
            names it.
    """
    reader = Reader(text, "view", VIEW_STATEMENTS)
    result, lines = _read_view(reader)
    check_view(Checker(reader, lines), result)
    return result


def _read_view(reader: Reader) -> tuple[PlayerView, dict[BusinessTile, int]]:
    """The view a text describes, and the line of each business; read from top to bottom."""
    seat = _read_seat(reader)
    options = _read_options(reader)
    players, hand = _read_view_players(reader, seat)
    turn = _read_turn(reader.by_keyword["turn"][0])
    shootout = _read_shootout_view(reader.one("shootout"))
    businesses, lines = _read_view_businesses(reader, len(players), shootout)
    discard = _pile_cards(reader, "discard") or []
    draw_line, tiles_line = _pile_size_lines(reader)
    result = PlayerView(
        seat=seat,
        options=options,
        hand=hand,
        players=tuple(players),
        first_player=(turn.player - turn.number) % len(players),
        turn=turn,
        businesses=tuple(businesses),
        draw_pile_size=values.number(draw_line.args[0]),
        discard_pile=frozenset(discard),
        tile_pile_size=values.number(tiles_line.args[0]),
        shootout=shootout,
        **_read_counters(reader, businesses, idle=False),
    )
    return result, lines


def _read_seat(reader: Reader) -> int | None:
    """The viewer's seat; None for an observer."""
    seat_line = reader.by_keyword["seat"][0]
    return None if seat_line.args[0].text == "observer" else values.number(seat_line.args[0])


def _read_view_players(
    reader: Reader, seat: int | None
) -> tuple[list[OpponentView], frozenset[Card] | None]:
    """The players as the viewer sees them, and the viewer's own hand (None for an observer)."""
    player_lines = reader.by_keyword["player"]
    names = [_read_name(statement) for statement in player_lines]
    check_names(names, player_lines)
    _check_seat(reader, seat, len(names))
    players: list[OpponentView] = []
    hand: frozenset[Card] | None = None
    for index, statement in enumerate(player_lines):
        fields = values.fields(statement.args[1:])
        controlled: list[BusinessTile] = values.get(fields, "controls", values.tile_list, [])
        if index == seat:
            hand = _read_own_hand(statement, fields)
            size = len(hand)
        else:
            size = _hand_size(statement, fields)
        players.append(OpponentView(names[index], size, tuple(controlled)))
    return players, hand


def _check_seat(reader: Reader, seat: int | None, count: int) -> None:
    if seat is not None and seat >= count:
        raise PositionInvariantError(
            "seat",
            f"there is no seat {seat} at a table of {count}",
            rule="R-2.1",
            line=reader.line("seat"),
        )


def _read_own_hand(statement: Statement, fields: Fields) -> frozenset[Card]:
    """The viewer's own hand, which their player line gives as ``hand=``."""
    if "cards" in fields or "hand" not in fields:
        raise syntax(statement.keyword, "the viewer's own player line gives hand=")
    held: list[Card] = values.get(fields, "hand", values.card_list, [])
    no_repeats("cards", held, statement.line, "R-1.3")
    return frozenset(held)


def _hand_size(statement: Statement, fields: Fields) -> int:
    """The size of another player's hand, which their line gives as ``cards=``."""
    if "hand" in fields or "cards" not in fields:
        raise syntax(statement.keyword, "another player's line gives cards=, a number")
    size: int = values.get(fields, "cards", values.number, 0)
    return size


def _read_view_businesses(
    reader: Reader, count: int, shootout: ShootoutView | None
) -> tuple[list[BusinessView], dict[BusinessTile, int]]:
    """The face-up businesses as the viewer sees them, and the line each was first written on."""
    businesses: list[BusinessView] = []
    lines: dict[BusinessTile, int] = {}
    for statement in reader.by_keyword["business"]:
        tile, columns = _read_business(statement, count, view=True)
        revealed = shootout is not None and shootout.business is tile
        views = tuple(_column_view(tile, cards, marker) for cards, marker in columns)
        businesses.append(BusinessView(tile, views, revealed))
        lines.setdefault(tile, statement.line)
    return businesses, lines


def _column_view(
    tile: BusinessTile, cards: Sequence[GangsterCard | None], marker: int | None
) -> ColumnView:
    """A column with each card lying as the tile's pattern lays it (face up past the pattern)."""
    faces = tile.kind.pattern
    slots = tuple(
        SlotView(faces[i] if i < len(faces) else Face.UP, card) for i, card in enumerate(cards)
    )
    return ColumnView(slots, marker)


def _pile_size_lines(reader: Reader) -> tuple[Statement, Statement]:
    """The ``draw`` and ``tiles`` lines of a view, each of which gives one number."""
    return reader.by_keyword["draw"][0], reader.by_keyword["tiles"][0]


def _read_shootout_view(statement: Statement | None) -> ShootoutView | None:
    if statement is None:
        return None
    fields = values.fields(statement.args)
    values.required(statement, fields, "business")
    values.required(statement, fields, "owner")
    return ShootoutView(
        business=values.get(fields, "business", values.tile, BUSINESS_TILES[0]),
        owner=values.get(fields, "owner", values.number, 0),
        stage=values.get(fields, "stage", values.stage, ShootoutStage.OPEN),
        contenders=values.get(fields, "contenders", values.seat_list, ()),
        chosen=values.get(fields, "chosen", values.seat_list, ()),
        own_choice=values.get(fields, "own", values.gangster, None),
        round=values.get(fields, "round", values.number, 0),
    )
