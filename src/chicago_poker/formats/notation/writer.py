"""The writer of the position notation: a state or a view as its text.

:func:`write_position` writes a :class:`~chicago_poker.core.state.GameState` and
:func:`write_view` a :class:`~chicago_poker.core.views.PlayerView`, one statement a line, each
field left out when its value is the default that the reader fills in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from chicago_poker.core.cards import BusinessTile, Card, GangsterCard
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import (
    GameState,
    PlayerState,
    Shootout,
    ShootoutStage,
    Turn,
    TurnPhase,
)
from chicago_poker.core.views import PlayerView, ShootoutView
from chicago_poker.formats.notation.vocabulary import (
    EMPTY,
    OPTIONS,
    POSITION_HEADER,
    VICTORY_WORDS,
    VIEW_HEADER,
    base_actions,
    default_markers,
)

__all__ = ["write_position", "write_view"]

_BARE_NAME: Final = re.compile(r"[^\s\"#=,:|\\]+")
"""A name written as it is; any other is written as a JSON string."""


def _cards(cards: Iterable[Card]) -> str:
    return ",".join(str(card) for card in sorted(cards)) or EMPTY


def _list(items: Iterable[object]) -> str:
    return ",".join(str(item) for item in items) or EMPTY


def _name(name: str) -> str:
    if _BARE_NAME.fullmatch(name) and name != EMPTY and name.isprintable():
        return name
    return json.dumps(name, ensure_ascii=False)


def _options(options: RuleOptions) -> list[str]:
    flags = [word for word, attribute in OPTIONS.items() if getattr(options, attribute)]
    return ["options " + " ".join(flags)] if flags else []


def _turn(keyword: str, turn: Turn) -> str:
    words = [keyword, f"seat={turn.player}", f"number={turn.number}"]
    if turn.phase is not TurnPhase.ACTIONS:
        words.append(f"phase={turn.phase.value}")
    if turn.base_actions != base_actions(turn.number):
        words.append(f"base={turn.base_actions}")
    for word, value in (
        ("bonus", turn.bonus_actions),
        ("taken", turn.actions_taken),
        ("shootouts", turn.shootouts),
    ):
        if value:
            words.append(f"{word}={value}")
    return " ".join(words)


def _column(cards: Sequence[GangsterCard | None], marker: int | None) -> str:
    text = ",".join("?" if card is None else str(card) for card in cards) or EMPTY
    return text if marker is None else f"{text}@{marker}"


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
    ("victory", lambda state: None if state.victory is None else VICTORY_WORDS[state.victory]),
)


def _game_line(
    state: GameState | PlayerView, markers: Iterable[int | None], idle: int | None
) -> list[str]:
    """The ``game`` line: the counters and the result, each left out at its default."""
    words = ["game"]
    if state.markers_placed != default_markers(markers):
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
            f"{seat}:{EMPTY if card is None else card}" for seat, card in shootout.choices
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
