"""The position notation: a game state or a seat's view as a few lines of text, like chess's FEN.

:func:`write_position` gives the text of a :class:`~chicago_poker.core.state.GameState` and
:func:`parse_position` reads it back; :func:`write_view` and :func:`parse_view` do the same for
a :class:`~chicago_poker.core.views.PlayerView`. Reading what was written gives the same value back.
The grammar is in ``docs/notation.md`` and ``spec/notation.md``. A short example::

    chicago-poker position 1
    player Al hand=9R,10B,Revolver controls=Brewery#2
    player Bugs hand=1G
    turn seat=0 number=10 taken=1
    business Speakeasy#1 8R,8Y,8G,2B,2P@0 10R,10Y
    business JazzClub#1 - 4G
    discard 7G

Cards and tiles are written as ``str`` writes them and read with
:func:`~chicago_poker.core.cards.parse_card` and
:func:`~chicago_poker.core.cards.parse_tile`. The draw deck and the face-down tiles are every
card and tile not shown elsewhere, unless a ``draw`` or ``tiles`` line lists them.

Text that breaks the grammar raises :class:`~chicago_poker.core.errors.NotationSyntaxError` with its
line and column; a position that no game can reach raises
:class:`~chicago_poker.core.errors.PositionInvariantError`, which names the broken invariant and
the rule behind it.

>>> state = parse_position('''
... chicago-poker position 1
... player Al hand=9R,10B
... player Bugs
... turn seat=1 number=7
... business Speakeasy#1 1R,2R -
... business Brewery#1 - 3G
... ''')
>>> state.players[0].hand == {parse_card("9R"), parse_card("10B")}, len(state.draw_pile)
(True, 76)
>>> parse_position(write_position(state)) == state
True
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final, NamedTuple, NoReturn, TypeVar

from attrs import frozen

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    BusinessTile,
    Card,
    Face,
    GangsterCard,
    full_deck,
    parse_card,
    parse_tile,
    tactical_deck,
)
from chicago_poker.core.errors import (
    CardParseError,
    NotationSyntaxError,
    PositionInvariantError,
    TileParseError,
)
from chicago_poker.core.rules import MAX_COLUMN, MAX_PLAYERS, MIN_PLAYERS, RuleOptions
from chicago_poker.core.state import (
    Business,
    Column,
    GameState,
    PlayerState,
    Shootout,
    ShootoutStage,
    Turn,
    TurnPhase,
    Victory,
)
from chicago_poker.core.victory import victory_of
from chicago_poker.core.views import (
    BusinessView,
    ColumnView,
    OpponentView,
    PlayerView,
    ShootoutView,
    SlotView,
)

__all__ = [
    "POSITION_HEADER",
    "VIEW_HEADER",
    "parse_position",
    "parse_view",
    "write_position",
    "write_view",
]

POSITION_HEADER: Final = "chicago-poker position 1"
"""The first line of a position: the name of the notation and its version."""

VIEW_HEADER: Final = "chicago-poker view 1"
"""The first line of a seat's view."""

HAND_LIMIT: Final = 7
"""The most cards a hand may hold at the end of its owner's turn (R-3.9)."""

FACE_UP_AT_SETUP: Final = {2: 2, 3: 2, 4: 3, 5: 4, 6: 4}
"""Face-up businesses at set-up by number of players (R-2.5)."""

_OPTIONS: Final = {
    "tactical": "tactical",
    "short-game": "short_game",
    "optional-actions": "optional_actions",
    "limousine-any-cards": "limousine_any_cards",
    "optional-reinforcement": "optional_reinforcement",
}
_PHASES: Final = {phase.value: phase for phase in TurnPhase}
_STAGES: Final = {stage.value: stage for stage in ShootoutStage}
_VICTORIES: Final = {victory.name.lower().replace("_", "-"): victory for victory in Victory}
_VICTORY_WORDS: Final = {victory: word for word, victory in _VICTORIES.items()}
_NO_WINNER: Final = (Victory.BLOCKED, Victory.STALLED)
"""The ends of a game without a winner (R-8.6, R-8.7)."""
_BARE_NAME: Final = re.compile(r"[^\s\"#=,:|\\]+")
_EMPTY: Final = "-"

T = TypeVar("T")


# ------------------------------------------------------------------------------- writing


def _cards(cards: Iterable[Card]) -> str:
    return ",".join(str(card) for card in sorted(cards)) or _EMPTY


def _list(items: Iterable[object]) -> str:
    return ",".join(str(item) for item in items) or _EMPTY


def _name(name: str) -> str:
    if _BARE_NAME.fullmatch(name) and name != _EMPTY and name.isprintable():
        return name
    return json.dumps(name, ensure_ascii=False)


def _options(options: RuleOptions) -> list[str]:
    flags = [word for word, attribute in _OPTIONS.items() if getattr(options, attribute)]
    return ["options " + " ".join(flags)] if flags else []


def _turn(keyword: str, turn: Turn) -> str:
    words = [keyword, f"seat={turn.player}", f"number={turn.number}"]
    if turn.phase is not TurnPhase.ACTIONS:
        words.append(f"phase={turn.phase.value}")
    if turn.base_actions != _base_actions(turn.number):
        words.append(f"base={turn.base_actions}")
    for word, value in (
        ("bonus", turn.bonus_actions),
        ("taken", turn.actions_taken),
        ("shootouts", turn.shootouts),
    ):
        if value:
            words.append(f"{word}={value}")
    if turn.revolver_spent:
        words.append("revolver=spent")
    return " ".join(words)


def _base_actions(number: int) -> int:
    """The ordinary actions of turn ``number``: 1 and 2 in the first round, then 3 (R-3.4).

    The first round is the first ``players`` turns, but only its first two turns differ.
    """
    return max(0, min(number + 1, 3))


def _column(cards: Sequence[GangsterCard | None], marker: int | None) -> str:
    text = ",".join("?" if card is None else str(card) for card in cards) or _EMPTY
    return text if marker is None else f"{text}@{marker}"


def _default_markers(markers: Iterable[int | None]) -> int:
    return max((marker for marker in markers if marker is not None), default=-1) + 1


# The counters of the ``game`` line, in order: each key with the value it shows, or None
# when the value is at its default and left out.
_GAME_COUNTERS: Final[tuple[tuple[str, Callable[[GameState | PlayerView], object]], ...]] = (
    ("vacancies", lambda state: state.vacancies or None),
    ("pending", lambda state: _list(state.pending_draws) if state.pending_draws else None),
    ("last-winner", lambda state: state.last_winner),
)
_GAME_RESULT: Final[tuple[tuple[str, Callable[[GameState | PlayerView], object]], ...]] = (
    ("stalled", lambda state: state.stalled_turns or None),
    ("winner", lambda state: state.winner),
    ("victory", lambda state: None if state.victory is None else _VICTORY_WORDS[state.victory]),
)


def _game_line(
    state: GameState | PlayerView, markers: Iterable[int | None], idle: int | None
) -> list[str]:
    """The ``game`` line: the counters and the result, each left out at its default."""
    words = ["game"]
    if state.markers_placed != _default_markers(markers):
        words.append(f"markers={state.markers_placed}")
    words += _counter_words(state, _GAME_COUNTERS)
    if idle:
        words.append(f"idle={idle}")
    words += _counter_words(state, _GAME_RESULT)
    return [" ".join(words)] if len(words) > 1 else []


def _counter_words(
    state: GameState | PlayerView,
    counters: Iterable[tuple[str, Callable[[GameState | PlayerView], object]]],
) -> list[str]:
    """``key=value`` for each counter not at its default."""
    shown = ((key, value(state)) for key, value in counters)
    return [f"{key}={value}" for key, value in shown if value is not None]


def write_position(state: GameState) -> str:
    """The text of a game state in the position notation; :func:`parse_position` reads it.

    The draw deck and the tile pile are left out: they are the cards and tiles shown nowhere
    else. Fields at their default value are left out too.

    >>> from chicago_poker.players.game import Game
    >>> text = write_position(Game.new(["Al", "Bugs"], seed=1).state)
    >>> text.splitlines()[0]
    'chicago-poker position 1'
    """
    players = [_player_line(player) for player in state.players]
    shootout = [] if state.shootout is None else [_shootout_line(state.shootout)]
    markers = (c.marker for b in state.businesses for c in b.columns)
    lines = [POSITION_HEADER, *_options(state.options), *players, *_board_lines(state), *shootout]
    lines += _game_line(state, markers, state.idle_turns)
    return "\n".join(lines) + "\n"


def _player_line(player: PlayerState) -> str:
    words = ["player", _name(player.name)]
    if player.hand:
        words.append(f"hand={_cards(player.hand)}")
    if player.controlled:
        words.append(f"controls={_list(player.controlled)}")
    if player.seen:
        seen = sorted(player.seen, key=lambda item: (item[0], item[1], item[2]))
        words.append("seen=" + ",".join(f"{t}:{o}:{c}" for t, o, c in seen))
    return " ".join(words)


def _board_lines(state: GameState) -> list[str]:
    """The turns, the face-up businesses and the discard pile of a position."""
    lines = [_turn("turn", state.turn)]
    if state.previous_turn is not None:
        lines.append(_turn("previous", state.previous_turn))
    for business in state.businesses:
        columns = " ".join(_column(column.cards, column.marker) for column in business.columns)
        lines.append(f"business {business.tile} {columns}")
    if state.discard_pile:
        lines.append(f"discard {_cards(state.discard_pile)}")
    return lines


def _shootout_line(shootout: Shootout) -> str:
    words = _shootout_words(shootout.business, shootout.owner, shootout.stage)
    words += _seats_word("contenders", shootout.contenders)
    if shootout.choices:
        choices = ",".join(
            f"{seat}:{_EMPTY if card is None else card}" for seat, card in shootout.choices
        )
        words.append(f"choices={choices}")
    if shootout.round:
        words.append(f"round={shootout.round}")
    return " ".join(words)


def _shootout_words(business: BusinessTile, owner: int, stage: ShootoutStage) -> list[str]:
    words = ["shootout", f"business={business}", f"owner={owner}"]
    if stage is not ShootoutStage.OPEN:
        words.append(f"stage={stage.value}")
    return words


def _seats_word(key: str, seats: Sequence[int]) -> list[str]:
    return [f"{key}={_list(seats)}"] if seats else []


def write_view(view: PlayerView) -> str:
    """The text of a seat's view in the position notation; :func:`parse_view` reads it.

    Cards the viewer may not know are written ``?``; other hands are written as their sizes.

    >>> from chicago_poker.players.game import Game
    >>> from chicago_poker.core.views import view
    >>> text = write_view(view(Game.new(["Al", "Bugs"], seed=1).state, 1))
    >>> text.splitlines()[:2]
    ['chicago-poker view 1', 'seat 1']
    """
    lines = [VIEW_HEADER, f"seat {'observer' if view.seat is None else view.seat}"]
    lines += _options(view.options)
    lines += [_view_player_line(view, seat) for seat in range(len(view.players))]
    lines += _view_board_lines(view)
    if view.shootout is not None:
        lines.append(_view_shootout_line(view.shootout))
    markers = (c.marker for b in view.businesses for c in b.columns)
    lines += _game_line(view, markers, None)
    return "\n".join(lines) + "\n"


def _view_player_line(view: PlayerView, seat: int) -> str:
    """A player's line: the viewer's own hand, or the size of another's."""
    player = view.players[seat]
    words = ["player", _name(player.name)]
    if seat == view.seat and view.hand is not None:
        words.append(f"hand={_cards(view.hand)}")
    else:
        words.append(f"cards={player.hand_size}")
    if player.controlled:
        words.append(f"controls={_list(player.controlled)}")
    return " ".join(words)


def _view_board_lines(view: PlayerView) -> list[str]:
    """The turn, the face-up businesses and the piles as a seat sees them."""
    lines = [_turn("turn", view.turn)]
    for business in view.businesses:
        columns = " ".join(
            _column([slot.card for slot in column.slots], column.marker)
            for column in business.columns
        )
        lines.append(f"business {business.tile} {columns}")
    lines.append(f"draw {view.draw_pile_size}")
    lines.append(f"tiles {view.tile_pile_size}")
    if view.discard_pile:
        lines.append(f"discard {_cards(view.discard_pile)}")
    return lines


def _view_shootout_line(shootout: ShootoutView) -> str:
    words = _shootout_words(shootout.business, shootout.owner, shootout.stage)
    words += _seats_word("contenders", shootout.contenders)
    words += _seats_word("chosen", shootout.chosen)
    if shootout.own_choice is not None:
        words.append(f"own={shootout.own_choice}")
    if shootout.round:
        words.append(f"round={shootout.round}")
    return " ".join(words)


# ------------------------------------------------------------------------------- reading


@frozen
class _Token:
    text: str
    line: int
    column: int
    quoted: bool = False


@frozen
class _Statement:
    keyword: _Token
    args: tuple[_Token, ...]

    @property
    def line(self) -> int:
        return self.keyword.line


def _syntax(token: _Token, message: str) -> NotationSyntaxError:
    return NotationSyntaxError(message, line=token.line, column=token.column)


def _tokens(text: str, number: int) -> list[_Token]:
    """The words of one line; ``#`` at the start of a word begins a comment."""
    tokens: list[_Token] = []
    index = 0
    while (match := _WORD.search(text, index)) is not None:
        start = match.start()
        if text[start] == "#":
            break
        if text[start] == '"':
            token, index = _quoted(text, number, start)
            tokens.append(token)
            continue
        tokens.append(_Token(match[0], number, start + 1))
        index = match.end()
    return tokens


def _quoted(text: str, number: int, start: int) -> tuple[_Token, int]:
    """The quoted name that starts at ``start``, a JSON string, and the index after it."""
    try:
        value, end = _JSON.raw_decode(text, start)
    except json.JSONDecodeError as error:
        raise NotationSyntaxError(
            f"a quoted name is not a valid JSON string: {error.msg}",
            line=number,
            column=start + 1,
        ) from None
    if not isinstance(value, str):
        raise NotationSyntaxError("a quoted name is a JSON string", line=number, column=start + 1)
    return _Token(value, number, start + 1, quoted=True), end


_WORD: Final = re.compile(r"\S+")
_JSON: Final = json.JSONDecoder()


def _statements(text: str, header: str) -> list[_Statement]:
    if not isinstance(text, str):
        raise NotationSyntaxError(f"a position is text, not {type(text).__name__}")
    statements: list[_Statement] = []
    seen_header = False
    for number, line in enumerate(text.splitlines(), start=1):
        tokens = _tokens(line, number)
        if not tokens:
            continue
        if not seen_header:
            if " ".join(token.text for token in tokens) != header:
                raise NotationSyntaxError(
                    f"the first line must be {header!r}", line=number, column=tokens[0].column
                )
            seen_header = True
            continue
        statements.append(_Statement(tokens[0], tuple(tokens[1:])))
    if not seen_header:
        raise NotationSyntaxError(f"the text is empty: it must start with {header!r}")
    return statements


def _int(token: _Token, text: str | None = None, *, low: int = 0) -> int:
    text = token.text if text is None else text
    if not re.fullmatch(r"-?(0|[1-9][0-9]*)", text) or len(text) > 6:
        raise _syntax(token, f"{text!r} is not a whole number")
    value = int(text)
    if value < low:
        raise _syntax(token, f"{value} is below {low}")
    return value


def _items(token: _Token, text: str) -> list[str]:
    if text == _EMPTY:
        return []
    items = text.split(",")
    if "" in items:
        raise _syntax(token, f"{text!r} has an empty item: separate items with single commas")
    return items


def _card(token: _Token, text: str) -> Card:
    try:
        return parse_card(text)
    except CardParseError as error:
        raise _syntax(token, str(error)) from None


def _tile(token: _Token, text: str) -> BusinessTile:
    try:
        return parse_tile(text)
    except TileParseError as error:
        raise _syntax(token, str(error)) from None


def _card_list(token: _Token, text: str) -> list[Card]:
    return [_card(token, item) for item in _items(token, text)]


def _gangster(token: _Token, text: str) -> GangsterCard:
    card = _card(token, text)
    if not isinstance(card, GangsterCard):
        raise PositionInvariantError(
            "columns",
            f"{card} is a special card: only gangster cards are placed at businesses",
            rule="R-4.1",
            line=token.line,
        )
    return card


def _seat_list(token: _Token, text: str) -> tuple[int, ...]:
    return tuple(_int(token, item) for item in _items(token, text))


def _fields(
    statement: _Statement, tokens: Sequence[_Token], allowed: Sequence[str]
) -> dict[str, tuple[_Token, str]]:
    """The ``key=value`` words of a statement, each key at most once."""
    fields: dict[str, tuple[_Token, str]] = {}
    for token in tokens:
        key, sign, value = token.text.partition("=")
        if token.quoted or not sign:
            raise _syntax(token, f"expected key=value after {statement.keyword.text!r}")
        if key not in allowed:
            raise _syntax(
                token,
                f"{statement.keyword.text} has no {key!r}; it takes {', '.join(allowed)}",
            )
        if key in fields:
            raise _syntax(token, f"{key!r} is given twice")
        fields[key] = (token, value)
    return fields


def _get(
    fields: dict[str, tuple[_Token, str]],
    key: str,
    read: Callable[[_Token, str], T],
    default: T,
) -> T:
    if key not in fields:
        return default
    token, value = fields[key]
    return read(token, value)


def _required(statement: _Statement, fields: dict[str, tuple[_Token, str]], key: str) -> None:
    if key not in fields:
        raise _syntax(statement.keyword, f"{statement.keyword.text} needs {key}=")


class _Reader:
    """The statements of a text, sorted by keyword, with the checks every reader shares."""

    def __init__(self, text: str, header: str, keywords: dict[str, tuple[int, int]]) -> None:
        self.by_keyword: dict[str, list[_Statement]] = {key: [] for key in keywords}
        for statement in _statements(text, header):
            word = statement.keyword.text
            if statement.keyword.quoted or word not in keywords:
                raise _syntax(
                    statement.keyword,
                    f"{word!r} is not a statement here; the statements are " + ", ".join(keywords),
                )
            self.by_keyword[word].append(statement)
        for word, (low, high) in keywords.items():
            found = self.by_keyword[word]
            if len(found) > high:
                raise _syntax(found[high].keyword, f"{word!r} may appear at most {high} times")
            if len(found) < low:
                raise NotationSyntaxError(f"a {word!r} line is missing")

    def one(self, keyword: str) -> _Statement | None:
        found = self.by_keyword[keyword]
        return found[0] if found else None

    def line(self, keyword: str) -> int | None:
        statement = self.one(keyword)
        return None if statement is None else statement.line


def _read_options(reader: _Reader) -> RuleOptions:
    statement = reader.one("options")
    flags: dict[str, bool] = {}
    for token in statement.args if statement else ():
        attribute = _OPTIONS.get(token.text)
        if attribute is None or token.quoted:
            raise _syntax(
                token, f"{token.text!r} is not a rule option; they are {', '.join(_OPTIONS)}"
            )
        if attribute in flags:
            raise _syntax(token, f"{token.text!r} is given twice")
        flags[attribute] = True
    return RuleOptions(**flags)


def _read_name(statement: _Statement) -> str:
    if not statement.args:
        raise _syntax(statement.keyword, "a player line starts with the player's name")
    return statement.args[0].text


def _read_turn(statement: _Statement) -> Turn:
    fields = _fields(
        statement,
        statement.args,
        ("seat", "number", "phase", "base", "bonus", "taken", "shootouts", "revolver"),
    )
    _required(statement, fields, "seat")
    _required(statement, fields, "number")
    number = _get(fields, "number", lambda t, v: _int(t, v, low=-1), 0)
    return Turn(
        player=_get(fields, "seat", _int, 0),
        number=number,
        phase=_get(fields, "phase", _phase, TurnPhase.ACTIONS),
        base_actions=_get(fields, "base", _int, _base_actions(number)),
        bonus_actions=_get(fields, "bonus", _int, 0),
        actions_taken=_get(fields, "taken", _int, 0),
        shootouts=_get(fields, "shootouts", _int, 0),
        revolver_spent=_get(fields, "revolver", _revolver, False),
    )


def _read_business(
    statement: _Statement, count: int, *, view: bool
) -> tuple[BusinessTile, list[tuple[list[GangsterCard | None], int | None]]]:
    if not statement.args:
        raise _syntax(statement.keyword, "a business line starts with its tile")
    tile = _tile(statement.args[0], statement.args[0].text)
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


def _read_column(token: _Token, *, view: bool) -> tuple[list[GangsterCard | None], int | None]:
    """A column's cards (``?`` for a hidden one, in a view) and its marker after ``@``."""
    text, at, marker_text = token.text.partition("@")
    marker = _int(token, marker_text) if at else None
    cards: list[GangsterCard | None] = []
    for item in _items(token, text):
        if item == "?" and view:
            cards.append(None)
        else:
            cards.append(_gangster(token, item))
    return cards, marker


def _read_game(
    reader: _Reader, keys: Sequence[str]
) -> tuple[dict[str, tuple[_Token, str]], _Statement | None]:
    statement = reader.one("game")
    if statement is None:
        return {}, None
    return _fields(statement, statement.args, keys), statement


def _phase(token: _Token, value: str) -> TurnPhase:
    if value not in _PHASES:
        raise _syntax(token, f"{value!r} is not a phase; they are {', '.join(_PHASES)}")
    return _PHASES[value]


def _revolver(token: _Token, value: str) -> bool:
    """``revolver=spent`` or ``revolver=ready``: whether it may be played again (R-5.5.1)."""
    if value not in ("ready", "spent"):
        raise _syntax(token, f"{value!r} is not a Revolver's state; they are ready, spent")
    return value == "spent"


def _victory(token: _Token, value: str) -> Victory:
    if value not in _VICTORIES:
        raise _syntax(token, f"{value!r} is not a victory; they are {', '.join(_VICTORIES)}")
    return _VICTORIES[value]


def _stage(token: _Token, value: str) -> ShootoutStage:
    if value not in _STAGES:
        raise _syntax(token, f"{value!r} is not a shootout stage; they are {', '.join(_STAGES)}")
    return _STAGES[value]


_POSITION_KEYWORDS: Final = {
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


_POSITION_GAME_KEYS: Final = (
    "markers",
    "vacancies",
    "pending",
    "last-winner",
    "idle",
    "stalled",
    "winner",
    "victory",
)


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
    reader = _Reader(text, POSITION_HEADER, _POSITION_KEYWORDS)
    state, pieces = _read_position(reader)
    checker = _Checker(reader, pieces.lines)
    checker.check_seats(state)
    if check:
        checker.check_state(state, pieces)
    return state


class _Pieces(NamedTuple):
    """What the checks of a position need besides its state: the piles as written."""

    lines: dict[BusinessTile, int]
    placed: list[Card]
    draw: list[Card]
    tiles: list[BusinessTile]
    deck: Sequence[Card]


def _read_position(reader: _Reader) -> tuple[GameState, _Pieces]:
    """The state a position describes, and its piles; the lines are read from top to bottom."""
    options = _read_options(reader)
    players = _read_players(reader)
    turn, previous = _read_turns(reader)
    businesses, lines = _read_businesses(reader, len(players))
    discard = _pile_cards(reader, "discard") or []
    shootout = _read_shootout(reader)
    fields, _ = _read_game(reader, _POSITION_GAME_KEYS)
    markers = (c.marker for b in businesses for c in b.columns)
    deck = tactical_deck() if options.tactical else full_deck()
    placed = _placed_cards(players, businesses, discard, shootout)
    draw = _pile_cards(reader, "draw")
    draw_pile = draw if draw is not None else _not_in(deck, set(placed))
    tile_pile = _tile_pile(reader, players, businesses)
    state = GameState(
        options=options,
        players=tuple(players),
        first_player=(turn.player - turn.number) % len(players) if players else 0,
        turn=turn,
        draw_pile=frozenset(draw_pile),
        discard_pile=frozenset(discard),
        tile_pile=frozenset(tile_pile),
        businesses=tuple(businesses),
        vacancies=_get(fields, "vacancies", _int, 0),
        pending_draws=_get(fields, "pending", _seat_list, ()),
        shootout=shootout,
        markers_placed=_get(fields, "markers", _int, _default_markers(markers)),
        last_winner=_get(fields, "last-winner", _int, None),
        idle_turns=_get(fields, "idle", _int, 0),
        stalled_turns=_get(fields, "stalled", _int, 0),
        winner=_get(fields, "winner", _int, None),
        victory=_get(fields, "victory", _victory, None),
        previous_turn=previous,
    )
    return state, _Pieces(lines, placed, draw_pile, tile_pile, deck)


def _read_players(reader: _Reader) -> list[PlayerState]:
    """The player lines: their names are checked first, then each line's fields."""
    player_lines = reader.by_keyword["player"]
    _check_names([_read_name(statement) for statement in player_lines], player_lines)
    return [_read_player(statement) for statement in player_lines]


def _read_player(statement: _Statement) -> PlayerState:
    fields = _fields(statement, statement.args[1:], ("hand", "controls", "seen"))
    hand: list[Card] = _get(fields, "hand", _card_list, [])
    controlled: list[BusinessTile] = _get(fields, "controls", _tile_list, [])
    seen: list[tuple[BusinessTile, int, GangsterCard]] = _get(fields, "seen", _seen_list, [])
    _no_repeats("cards", hand, statement.line, "R-1.3")
    return PlayerState(_read_name(statement), frozenset(hand), tuple(controlled), frozenset(seen))


def _read_turns(reader: _Reader) -> tuple[Turn, Turn | None]:
    """The current turn and, when given, the previous one."""
    turn = _read_turn(reader.by_keyword["turn"][0])
    previous_line = reader.one("previous")
    return turn, None if previous_line is None else _read_turn(previous_line)


def _read_businesses(reader: _Reader, count: int) -> tuple[list[Business], dict[BusinessTile, int]]:
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
    reader: _Reader, players: Sequence[PlayerState], businesses: Sequence[Business]
) -> list[BusinessTile]:
    """The face-down tiles as written, or else every tile shown nowhere else."""
    given = _pile_tiles(reader)
    if given is not None:
        return given
    shown = {b.tile for b in businesses} | {t for p in players for t in p.controlled}
    return [tile for tile in BUSINESS_TILES if tile not in shown]


def _known(cards: Iterable[GangsterCard | None]) -> Iterable[GangsterCard]:
    return (card for card in cards if card is not None)


def _tile_list(token: _Token, text: str) -> list[BusinessTile]:
    return [_tile(token, item) for item in _items(token, text)]


def _seen_list(token: _Token, text: str) -> list[tuple[BusinessTile, int, GangsterCard]]:
    seen = []
    for item in _items(token, text):
        parts = item.split(":")
        if len(parts) != 3:
            raise _syntax(token, f"{item!r}: write what a raid showed as tile:owner:card")
        seen.append((_tile(token, parts[0]), _int(token, parts[1]), _gangster(token, parts[2])))
    return seen


def _pile_cards(reader: _Reader, keyword: str) -> list[Card] | None:
    statement = reader.one(keyword)
    if statement is None:
        return None
    if keyword == "draw" and [t.text for t in statement.args] == ["*"]:
        return None
    if len(statement.args) != 1:
        raise _syntax(statement.keyword, f"{keyword} takes one comma-separated list of cards")
    cards = _card_list(statement.args[0], statement.args[0].text)
    _no_repeats("cards", cards, statement.line, "R-1.3")
    return cards


def _pile_tiles(reader: _Reader) -> list[BusinessTile] | None:
    statement = reader.one("tiles")
    if statement is None or [t.text for t in statement.args] == ["*"]:
        return None
    if len(statement.args) != 1:
        raise _syntax(statement.keyword, "tiles takes '*' or one comma-separated list of tiles")
    return _tile_list(statement.args[0], statement.args[0].text)


def _choices(token: _Token, text: str) -> tuple[tuple[int, GangsterCard | None], ...]:
    choices: list[tuple[int, GangsterCard | None]] = []
    for item in _items(token, text):
        seat, colon, card = item.partition(":")
        if not colon:
            raise _syntax(token, f"{item!r}: write a choice as seat:card, or seat:- for none")
        choices.append((_int(token, seat), None if card == _EMPTY else _gangster(token, card)))
    return tuple(choices)


def _read_shootout(reader: _Reader) -> Shootout | None:
    statement = reader.one("shootout")
    if statement is None:
        return None
    fields = _fields(
        statement, statement.args, ("business", "owner", "stage", "contenders", "choices", "round")
    )
    _required(statement, fields, "business")
    _required(statement, fields, "owner")
    return Shootout(
        business=_get(fields, "business", _tile, BUSINESS_TILES[0]),
        owner=_get(fields, "owner", _int, 0),
        stage=_get(fields, "stage", _stage, ShootoutStage.OPEN),
        contenders=_get(fields, "contenders", _seat_list, ()),
        choices=_get(fields, "choices", _choices, ()),
        round=_get(fields, "round", _int, 0),
    )


def _check_names(names: Sequence[str], lines: Sequence[_Statement]) -> None:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise PositionInvariantError(
            "players",
            f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}",
            rule="R-2.1",
        )
    stripped: list[str] = []
    for name, statement in zip(names, lines, strict=True):
        if not name.strip():
            raise PositionInvariantError(
                "names", "every player needs a name", rule="R-2.2", line=statement.line
            )
        if name.strip() in stripped:
            raise PositionInvariantError(
                "names",
                f"two players are named {name.strip()!r}",
                rule="R-2.2",
                line=statement.line,
            )
        stripped.append(name.strip())


def _no_repeats(invariant: str, items: Sequence[object], line: int | None, rule: str) -> None:
    twice = sorted({str(item) for item, n in Counter(items).items() if n > 1})
    if twice:
        raise PositionInvariantError(
            invariant, f"{', '.join(twice)} written more than once", rule=rule, line=line
        )


class _Checker:
    """The invariants of a position, each raising PositionInvariantError with its name."""

    def __init__(self, reader: _Reader, lines: dict[BusinessTile, int]) -> None:
        self.reader = reader
        self.lines = lines

    def fail(self, invariant: str, message: str, rule: str, line: int | None = None) -> NoReturn:
        raise PositionInvariantError(invariant, message, rule=rule, line=line)

    def check_seats(self, state: GameState) -> None:
        """Every seat the position names exists: without this no state can be built."""
        count = len(state.players)
        for keyword, seat in _named_seats(state):
            if seat >= count:
                self.fail("seats", f"there is no seat {seat}", "R-2.1", self.reader.line(keyword))
        for seer, player in enumerate(state.players):
            for _, owner, _ in player.seen:
                if owner >= count:
                    line = self.reader.by_keyword["player"][seer].line
                    self.fail("seats", f"there is no seat {owner}", "R-2.1", line)

    def check_state(self, state: GameState, pieces: _Pieces) -> None:
        """Every invariant of a position, given its piles as written."""
        self.check_cards([*pieces.placed, *pieces.draw], pieces.deck, state.options)
        self.check_tiles(state, pieces.tiles)
        count = len(state.players)
        columns = [(b.tile, [list(c.cards) for c in b.columns]) for b in state.businesses]
        markers = [(b.tile, [c.marker for c in b.columns]) for b in state.businesses]
        self.check_columns(columns, markers, state.markers_placed)
        self.check_businesses(len(state.businesses), state.vacancies, count)
        self.check_turn(state.turn, count, "turn")
        if state.previous_turn is not None:
            self.check_previous(state.previous_turn, state.turn, count)
        self.check_game(state, count)
        hands = [len(player.hand) for player in state.players]
        self.check_hands(state, hands, state.players[state.turn.player].hand)
        if state.shootout is not None:
            shootout = state.shootout
            choosers = [seat for seat, _ in shootout.choices]
            self.check_shootout(
                state, shootout.business, shootout.owner, shootout.contenders, choosers
            )
        self.check_seen(state)

    def check_previous(self, previous: Turn, turn: Turn, count: int) -> None:
        """The previous turn is a turn, and the one just before the current turn."""
        self.check_turn(previous, count, "previous")
        if previous.number != turn.number - 1:
            self.fail(
                "turn",
                f"the previous turn is number {previous.number}, not {turn.number - 1}",
                "R-3.1",
                self.reader.line("previous"),
            )

    def check_cards(
        self, found: Sequence[Card], deck: Sequence[Card], options: RuleOptions
    ) -> None:
        rule = "R-9.1" if options.tactical else "R-1.3"
        in_deck = set(deck)
        foreign = sorted({str(card) for card in found if card not in in_deck})
        if foreign:
            self.fail(
                "cards", f"{', '.join(foreign)} not in the deck of the tactical variant", rule
            )
        _no_repeats("cards", found, None, rule)
        self.check_all_placed(found, deck, rule)

    def check_all_placed(self, found: Sequence[Card], deck: Sequence[Card], rule: str) -> None:
        """Every card of the deck is somewhere."""
        places = set(found)
        missing = [str(card) for card in deck if card not in places]
        if missing:
            self.fail(
                "cards",
                f"the deck has {len(deck)} cards and {len(missing)} are nowhere: "
                f"{', '.join(missing[:10])}{' ...' if len(missing) > 10 else ''}",
                rule,
                self.reader.line("draw"),
            )

    def check_tiles(self, state: GameState, pile: Sequence[BusinessTile]) -> None:
        found = [b.tile for b in state.businesses] + list(pile)
        found += [tile for player in state.players for tile in player.controlled]
        _no_repeats("tiles", found, None, "R-1.4")
        placed = set(found)
        missing = [str(tile) for tile in BUSINESS_TILES if tile not in placed]
        if missing:
            self.fail(
                "tiles",
                f"the game has 20 tiles and {len(missing)} are nowhere: {', '.join(missing)}",
                "R-1.4",
                self.reader.line("tiles"),
            )

    def check_columns(
        self,
        columns: Sequence[tuple[BusinessTile, Sequence[Sequence[GangsterCard | None]]]],
        markers: Sequence[tuple[BusinessTile, Sequence[int | None]]],
        placed: int,
    ) -> None:
        numbers: list[int] = []
        for (tile, cards), (_, marks) in zip(columns, markers, strict=True):
            line = self.lines.get(tile)
            for seat, (column, marker) in enumerate(zip(cards, marks, strict=True)):
                self.check_column_size(tile, seat, len(column), marker, line)
                if marker is not None:
                    self.check_marker(marker, numbers, placed, line)
                    numbers.append(marker)

    def check_column_size(
        self, tile: BusinessTile, seat: int, size: int, marker: int | None, line: int | None
    ) -> None:
        """At most five cards in a column, and a marker exactly when there are five."""
        if size > MAX_COLUMN:
            self.fail(
                "columns",
                f"seat {seat} has {size} cards at {tile}, at most {MAX_COLUMN}",
                "R-4.5",
                line,
            )
        if (size == MAX_COLUMN) != (marker is not None):
            what = "no marker" if marker is None else f"marker {marker}"
            self.fail(
                "markers",
                f"seat {seat} has {size} cards and {what} at {tile}: a column "
                "has a shootout marker exactly when it holds five cards",
                "R-4.6",
                line,
            )

    def check_marker(self, marker: int, numbers: list[int], placed: int, line: int | None) -> None:
        """A marker's number is new and below the number of markers placed."""
        if marker in numbers:
            self.fail("markers", f"marker {marker} is used twice", "R-6.2", line)
        if marker >= placed:
            self.fail(
                "markers",
                f"marker {marker} but only {placed} markers were placed",
                "R-6.2",
                self.reader.line("game") or line,
            )

    def check_businesses(self, shown: int, vacancies: int, count: int) -> None:
        wanted = FACE_UP_AT_SETUP.get(count, 0)
        if shown + vacancies > wanted:
            self.fail(
                "businesses",
                f"{shown} face-up businesses and {vacancies} vacancies, but with {count} "
                f"players there are {wanted} places for businesses",
                "R-2.5",
                self.reader.line("game"),
            )
        if len(set(self.lines)) != shown:
            self.fail("tiles", "a business is written twice", "R-1.4")

    def check_turn(self, turn: Turn, count: int, keyword: str) -> None:
        line = self.reader.line(keyword)
        if turn.player >= count:
            self.fail("turn", f"there is no seat {turn.player}", "R-3.1", line)
        self.check_actions(turn, line)

    def check_actions(self, turn: Turn, line: int | None) -> None:
        """The actions of a turn: how many it has, how many are taken, and when."""
        if not 0 <= turn.base_actions <= 3:
            self.fail("turn", f"{turn.base_actions} ordinary actions, at most 3", "R-3.2", line)
        if turn.bonus_actions % 2:
            self.fail(
                "turn",
                f"{turn.bonus_actions} bonus actions: Revolvers give two each",
                "R-5.5",
                line,
            )
        if turn.actions_taken > turn.base_actions + turn.bonus_actions:
            self.fail(
                "turn",
                f"{turn.actions_taken} actions taken of {turn.base_actions} + {turn.bonus_actions}",
                "R-3.2",
                line,
            )
        if turn.revolver_spent and not turn.bonus_actions:
            self.fail("turn", "a Revolver spent but no bonus actions", "R-5.5.1", line)
        if turn.phase is TurnPhase.SHOOTOUTS and (turn.actions_taken or turn.bonus_actions):
            self.fail("turn", "actions taken before the shootouts are over", "R-6.1", line)

    def check_game(self, state: GameState | PlayerView, count: int) -> None:
        line = self.reader.line("game")
        for seat in state.pending_draws:
            if seat >= count:
                self.fail(
                    "turn", f"a draw pending for seat {seat}, who is not there", "R-3.6", line
                )
        for name, who in (("last winner", state.last_winner), ("winner", state.winner)):
            if who is not None and who >= count:
                self.fail("victory", f"the {name} is seat {who}, who is not there", "R-8.2", line)
        self.check_result(state, line)

    def check_result(self, state: GameState | PlayerView, line: int | None) -> None:
        """A winner only in a game that is won, and a won game only with a winner."""
        if state.victory is None and state.winner is not None:
            self.fail(
                "victory", f"seat {state.winner} won, but the game is not over", "R-8.2", line
            )
        if state.victory in _NO_WINNER and state.winner is not None:
            rule = "R-8.6" if state.victory is Victory.BLOCKED else "R-8.7"
            self.fail(
                "victory", f"a game that ended {state.victory.value} has no winner", rule, line
            )
        if state.victory not in (None, *_NO_WINNER) and state.winner is None:
            self.fail("victory", "the game is won, but nobody won it", "R-8.2", line)

    def check_hands(
        self, state: GameState | PlayerView, sizes: Sequence[int], hand: frozenset[Card] | None
    ) -> None:
        turn = state.turn
        if hand is not None and turn.phase is TurnPhase.ACTIONS and state.victory is None:
            self.check_acting_hand(state, hand)
        if state.victory is None:
            self.check_no_victory_met(state)
        for seat, size in enumerate(sizes):
            acting = seat == turn.player and turn.phase is TurnPhase.ACTIONS
            if not acting and size > HAND_LIMIT and state.victory is None:
                self.fail(
                    "hand limit",
                    f"seat {seat} holds {size} cards outside their actions, at most {HAND_LIMIT}",
                    "R-3.9",
                    self.reader.by_keyword["player"][seat].line,
                )

    def check_acting_hand(self, state: GameState | PlayerView, hand: frozenset[Card]) -> None:
        """The acting player's hand can get back to seven cards by the end of the turn.

        The player taking actions may hold more than seven cards only if the actions left can
        bring the hand back to seven by playing gangster cards (R-3.9).
        """
        turn = state.turn
        seat = turn.player
        held = len(hand) + (1 if state.pending_draws else 0)
        gangsters = sum(isinstance(card, GangsterCard) for card in hand)
        free = sum(MAX_COLUMN - sizes[seat] for sizes in _columns(state))
        excess = held - HAND_LIMIT
        if excess > 0 and excess > min(turn.actions_left, gangsters, free):
            self.fail(
                "hand limit",
                f"seat {seat} holds {held} cards with {turn.actions_left} actions left, "
                f"{gangsters} gangster cards and {free} free places: the hand cannot get "
                f"back to {HAND_LIMIT} by the end of the turn",
                "R-3.9",
                self.reader.by_keyword["player"][seat].line,
            )

    def check_no_victory_met(self, state: GameState | PlayerView) -> None:
        """Nobody meets a victory condition in a game that goes on."""
        players: Sequence[PlayerState | OpponentView] = state.players
        for seat, player in enumerate(players):
            met = victory_of(player.controlled, state.options)
            if met is not None:
                self.fail(
                    "victory",
                    f"seat {seat} meets a victory condition ({met.value}), but the game goes on",
                    "R-8.3" if state.options.short_game else "R-8.1",
                    self.reader.by_keyword["player"][seat].line,
                )

    def check_shootout(
        self,
        state: GameState | PlayerView,
        tile: BusinessTile,
        owner: int,
        contenders: Sequence[int],
        chosen: Sequence[int],
    ) -> None:
        line = self.reader.line("shootout")
        self.check_shootout_owner(state, owner, line)
        columns = _sizes_and_markers(state, tile)
        if columns is None:
            self.fail("shootout", f"{tile} is not a face-up business", "R-6.1", line)
            return
        if columns[owner][1] is None:
            self.fail(
                "shootout", f"seat {owner} has no marker at {tile} to start it", "R-6.1", line
            )
        with_cards = {seat for seat, (size, _) in enumerate(columns) if size}
        self.check_contenders(tile, with_cards, contenders, chosen, line)

    def check_shootout_owner(
        self, state: GameState | PlayerView, owner: int, line: int | None
    ) -> None:
        """The owner of a shootout is a seat, in the shootout phase of their turn."""
        if owner >= len(state.players):
            self.fail("shootout", f"there is no seat {owner}", "R-6.1", line)
        if state.turn.phase is not TurnPhase.SHOOTOUTS or state.turn.player != owner:
            self.fail(
                "shootout",
                f"a shootout of seat {owner} runs only in the shootout phase of their turn",
                "R-6.1",
                line,
            )

    def check_contenders(
        self,
        tile: BusinessTile,
        with_cards: set[int],
        contenders: Sequence[int],
        chosen: Sequence[int],
        line: int | None,
    ) -> None:
        """Contenders have cards at the business; each chose at most once."""
        if not set(contenders) <= with_cards:
            self.fail(
                "shootout",
                f"contenders {_list(contenders)} must have cards at {tile}",
                "R-6.7.1",
                line,
            )
        if len(chosen) != len(set(chosen)) or not set(chosen) <= set(contenders):
            self.fail(
                "shootout",
                f"choices of seats {_list(chosen)}: one each, by contenders only",
                "R-6.7.2",
                line,
            )

    def check_seen(self, state: GameState) -> None:
        for seer, player in enumerate(state.players):
            for tile, owner, card in player.seen:
                self.check_seen_card(state, seer, tile, owner, card)

    def check_seen_card(
        self, state: GameState, seer: int, tile: BusinessTile, owner: int, card: GangsterCard
    ) -> None:
        """A card a raid showed lies face down in the column of another seat."""
        business = state.business(tile)
        line = self.reader.by_keyword["player"][seer].line
        if owner >= len(state.players) or owner == seer:
            self.fail("seen", f"seat {seer} cannot have raided seat {owner}", "R-5.3", line)
        if business is None or card not in business.columns[owner].cards:
            self.fail(
                "seen",
                f"seat {seer} saw {card} of seat {owner} at {tile}, but it is not there",
                "R-5.3",
                line,
            )
        position = business.columns[owner].cards.index(card)
        if business.face(position) is not Face.DOWN:
            self.fail(
                "seen",
                f"{card} at {tile} lies face up: a raid shows face-down cards",
                "R-5.3",
                line,
            )


_VIEW_KEYWORDS: Final = {
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


def parse_view(text: str) -> PlayerView:
    """Read a seat's view from the position notation, as :func:`write_view` writes it.

    Raises:
        NotationSyntaxError: The text does not follow the grammar; the error gives the line
            and column.
        PositionInvariantError: The view breaks an invariant of the game; ``error.invariant``
            names it.
    """
    reader = _Reader(text, VIEW_HEADER, _VIEW_KEYWORDS)
    seat = _read_seat(reader)
    options = _read_options(reader)
    players, hand = _read_view_players(reader, seat)
    turn = _read_turn(reader.by_keyword["turn"][0])
    shootout = _read_shootout_view(reader.one("shootout"))
    businesses, lines = _read_view_businesses(reader, len(players), shootout)
    discard = _pile_cards(reader, "discard") or []
    draw_line, tiles_line = _pile_size_lines(reader)
    fields, _ = _read_game(reader, _VIEW_GAME_KEYS)
    markers = (c.marker for b in businesses for c in b.columns)
    result = PlayerView(
        seat=seat,
        options=options,
        hand=hand,
        players=tuple(players),
        first_player=(turn.player - turn.number) % len(players),
        turn=turn,
        businesses=tuple(businesses),
        draw_pile_size=_int(draw_line.args[0]),
        discard_pile=frozenset(discard),
        tile_pile_size=_int(tiles_line.args[0]),
        vacancies=_get(fields, "vacancies", _int, 0),
        pending_draws=_get(fields, "pending", _seat_list, ()),
        shootout=shootout,
        markers_placed=_get(fields, "markers", _int, _default_markers(markers)),
        last_winner=_get(fields, "last-winner", _int, None),
        stalled_turns=_get(fields, "stalled", _int, 0),
        winner=_get(fields, "winner", _int, None),
        victory=_get(fields, "victory", _victory, None),
    )
    _check_view(_Checker(reader, lines), result)
    return result


_VIEW_GAME_KEYS: Final = (
    "markers",
    "vacancies",
    "pending",
    "last-winner",
    "stalled",
    "winner",
    "victory",
)


def _read_seat(reader: _Reader) -> int | None:
    """The viewer's seat; None for an observer."""
    seat_line = reader.by_keyword["seat"][0]
    if len(seat_line.args) != 1:
        raise _syntax(seat_line.keyword, "seat takes a seat number or 'observer'")
    return None if seat_line.args[0].text == "observer" else _int(seat_line.args[0])


def _read_view_players(
    reader: _Reader, seat: int | None
) -> tuple[list[OpponentView], frozenset[Card] | None]:
    """The players as the viewer sees them, and the viewer's own hand (None for an observer)."""
    player_lines = reader.by_keyword["player"]
    names = [_read_name(statement) for statement in player_lines]
    _check_names(names, player_lines)
    _check_seat(reader, seat, len(names))
    players: list[OpponentView] = []
    hand: frozenset[Card] | None = None
    for index, statement in enumerate(player_lines):
        fields = _fields(statement, statement.args[1:], ("hand", "cards", "controls"))
        controlled: list[BusinessTile] = _get(fields, "controls", _tile_list, [])
        if index == seat:
            hand = _read_own_hand(statement, fields)
            size = len(hand)
        else:
            size = _hand_size(statement, fields)
        players.append(OpponentView(names[index], size, tuple(controlled)))
    return players, hand


def _check_seat(reader: _Reader, seat: int | None, count: int) -> None:
    if seat is not None and seat >= count:
        raise PositionInvariantError(
            "seat",
            f"there is no seat {seat} at a table of {count}",
            rule="R-2.1",
            line=reader.line("seat"),
        )


def _read_own_hand(statement: _Statement, fields: dict[str, tuple[_Token, str]]) -> frozenset[Card]:
    """The viewer's own hand, which their player line gives as ``hand=``."""
    if "cards" in fields or "hand" not in fields:
        raise _syntax(statement.keyword, "the viewer's own player line gives hand=")
    held: list[Card] = _get(fields, "hand", _card_list, [])
    _no_repeats("cards", held, statement.line, "R-1.3")
    return frozenset(held)


def _hand_size(statement: _Statement, fields: dict[str, tuple[_Token, str]]) -> int:
    """The size of another player's hand, which their line gives as ``cards=``."""
    if "hand" in fields or "cards" not in fields:
        raise _syntax(statement.keyword, "another player's line gives cards=, a number")
    size: int = _get(fields, "cards", _int, 0)
    return size


def _read_view_businesses(
    reader: _Reader, count: int, shootout: ShootoutView | None
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


def _pile_size_lines(reader: _Reader) -> tuple[_Statement, _Statement]:
    """The ``draw`` and ``tiles`` lines of a view, each of which gives one number."""
    draw_line = reader.by_keyword["draw"][0]
    tiles_line = reader.by_keyword["tiles"][0]
    for statement in (draw_line, tiles_line):
        if len(statement.args) != 1:
            raise _syntax(statement.keyword, f"{statement.keyword.text} takes a number")
    return draw_line, tiles_line


def _read_shootout_view(statement: _Statement | None) -> ShootoutView | None:
    if statement is None:
        return None
    fields = _fields(
        statement,
        statement.args,
        ("business", "owner", "stage", "contenders", "chosen", "own", "round"),
    )
    _required(statement, fields, "business")
    _required(statement, fields, "owner")
    return ShootoutView(
        business=_get(fields, "business", _tile, BUSINESS_TILES[0]),
        owner=_get(fields, "owner", _int, 0),
        stage=_get(fields, "stage", _stage, ShootoutStage.OPEN),
        contenders=_get(fields, "contenders", _seat_list, ()),
        chosen=_get(fields, "chosen", _seat_list, ()),
        own_choice=_get(fields, "own", _gangster, None),
        round=_get(fields, "round", _int, 0),
    )


def _named_seats(state: GameState) -> list[tuple[str, int]]:
    """The highest seat each kind of line names, with the keyword of that line."""
    named = [
        ("turn", state.turn.player),
        ("previous", state.previous_turn.player if state.previous_turn else 0),
        ("game", max(state.pending_draws, default=0)),
        ("game", state.winner or 0),
        ("game", state.last_winner or 0),
    ]
    if state.shootout is not None:
        shootout = state.shootout
        seats = [shootout.owner, *shootout.contenders, *(s for s, _ in shootout.choices)]
        named.append(("shootout", max(seats)))
    return named


def _sizes_and_markers(
    state: GameState | PlayerView, tile: BusinessTile
) -> list[tuple[int, int | None]] | None:
    """The size and marker of each column at ``tile``; None when it is not face up."""
    for business in state.businesses:
        if business.tile is tile:
            if isinstance(business, Business):
                return [(len(column.cards), column.marker) for column in business.columns]
            return [(len(column), column.marker) for column in business.columns]
    return None


def _columns(state: GameState | PlayerView) -> list[list[int]]:
    """The number of cards in each column of each business: ``[business][seat]``."""
    if isinstance(state, GameState):
        return [[len(column.cards) for column in b.columns] for b in state.businesses]
    return [[len(column) for column in b.columns] for b in state.businesses]


def _check_view(checker: _Checker, view: PlayerView) -> None:
    count = len(view.players)
    own = view.shootout.own_choice if view.shootout is not None else None
    _check_view_cards(checker, view, own)
    _check_view_tiles(checker, view)
    checker.check_columns(
        [(b.tile, [[s.card for s in c.slots] for c in b.columns]) for b in view.businesses],
        [(b.tile, [c.marker for c in b.columns]) for b in view.businesses],
        view.markers_placed,
    )
    checker.check_businesses(len(view.businesses), view.vacancies, count)
    checker.check_turn(view.turn, count, "turn")
    checker.check_game(view, count)
    sizes = [p.hand_size for p in view.players]
    own_turn = view.seat == view.turn.player
    checker.check_hands(view, sizes, view.hand if own_turn else None)
    if view.shootout is not None:
        _check_view_shootout(checker, view, view.shootout, own)


def _known_cards(checker: _Checker, view: PlayerView) -> list[Card]:
    """The cards a view shows, after checking that each ``?`` is one the viewer may not see."""
    known: list[Card] = [*(view.hand or ()), *view.discard_pile]
    for business in view.businesses:
        line = checker.lines.get(business.tile)
        for owner, column in enumerate(business.columns):
            for slot in column.slots:
                if slot.card is not None:
                    known.append(slot.card)
                elif slot.face is Face.UP or business.revealed or owner == view.seat:
                    checker.fail(
                        "hidden cards",
                        f"a card of seat {owner} at {business.tile} is written '?', but the "
                        "viewer sees it: it lies face up, is their own, or is in a shootout",
                        "R-4.4",
                        line,
                    )
    return known


def _check_view_cards(checker: _Checker, view: PlayerView, own: GangsterCard | None) -> None:
    """Each known card once and in the deck, and as many cards in all as the deck has."""
    deck = tactical_deck() if view.options.tactical else full_deck()
    rule = "R-9.1" if view.options.tactical else "R-1.3"
    known = _known_cards(checker, view)
    if own is not None:
        known.append(own)
    in_deck = set(deck)
    foreign = sorted({str(card) for card in known if card not in in_deck})
    if foreign:
        checker.fail("cards", f"{', '.join(foreign)} not in this game's deck", rule)
    _no_repeats("cards", known, None, rule)
    total = _view_card_count(view) + (own is not None)
    if total != len(deck):
        checker.fail(
            "cards",
            f"{total} cards in hands, columns, the discard pile and the draw deck, but the deck "
            f"has {len(deck)}",
            rule,
            checker.reader.line("draw"),
        )


def _view_card_count(view: PlayerView) -> int:
    """The cards in hands, columns, the discard pile and the draw deck of a view."""
    others = sum(p.hand_size for seat, p in enumerate(view.players) if seat != view.seat)
    in_columns = sum(len(c) for b in view.businesses for c in b.columns)
    own_hand = len(view.hand or ())
    return others + own_hand + in_columns + len(view.discard_pile) + view.draw_pile_size


def _check_view_tiles(checker: _Checker, view: PlayerView) -> None:
    """Each tile shown once, and the shown and face-down tiles make the whole set."""
    tiles = [b.tile for b in view.businesses] + [t for p in view.players for t in p.controlled]
    _no_repeats("tiles", tiles, None, "R-1.4")
    if len(tiles) + view.tile_pile_size != len(BUSINESS_TILES):
        checker.fail(
            "tiles",
            f"{len(tiles)} tiles shown and {view.tile_pile_size} face down, but the game has 20",
            "R-1.4",
            checker.reader.line("tiles"),
        )


def _check_view_shootout(
    checker: _Checker, view: PlayerView, shootout: ShootoutView, own: GangsterCard | None
) -> None:
    """The shootout's seats, and an own choice only from a viewer who has chosen."""
    checker.check_shootout(
        view, shootout.business, shootout.owner, shootout.contenders, shootout.chosen
    )
    if own is not None and view.seat not in shootout.chosen:
        checker.fail(
            "shootout",
            "the viewer's own choice is given but they have not chosen",
            "R-6.7.2",
            checker.reader.line("shootout"),
        )
