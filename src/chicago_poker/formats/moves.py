"""The move notation: a command as a few words, like chess's SAN and UCI.

:func:`write_command` gives the text of a command and :func:`parse_command` reads it back in a
state. Without a state the text says everything, as UCI does (``str(command)`` gives it too):
the seat, then the move::

    0: draw
    1: 9R Speakeasy#1
    0: Limousine Speakeasy#1 Brewery#2 9R,10B
    2: send 15P
    deal PoliceRaid2

With a state, :func:`write_command` leaves out what the state makes plain, as SAN does: the seat
when it is the one to act, and a tile's number when one business of its kind fits the move
(``9R Speakeasy``). :func:`parse_command` reads either form; words are read whatever their
case. The grammar is the rule ``command`` of the notations' grammar file
(:mod:`chicago_poker.formats.notation`), from which the EBNF of ``spec/notation.md`` is written.

Reading is by the legal commands of the state, as python-chess reads SAN: the text is read
by the grammar into a pattern (``chicago_poker.formats.notation.commands``),
and the one legal command that fits it is the command. Text that breaks the
grammar raises :class:`~chicago_poker.core.errors.NotationSyntaxError`; text that fits more
than one legal command raises :class:`~chicago_poker.core.errors.AmbiguousCommandError`, naming
them; a command that breaks a rule raises the
:class:`~chicago_poker.core.errors.IllegalCommand` of
:func:`~chicago_poker.core.decide.decide`, which names the rule.

>>> from chicago_poker.players.game import Game
>>> game = Game.new(["Al", "Bugs"], seed=1)
>>> parse_command("draw", game.state)
DrawCard(player=0)
>>> command = game.legal_commands()[1]
>>> write_command(command), write_command(command, game.state)
('0: 1G Speakeasy#2', '1G Speakeasy')
>>> parse_command("1g speakeasy", game.state) == command
True
>>> parse_command("end", game.state)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
chicago_poker.core.errors.IllegalCommand: 'end': Al must take their one action. [R-3.2]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Final

from chicago_poker.core.cards import BUSINESS_TILES, BusinessKind, BusinessTile
from chicago_poker.core.commands import (
    DECLINE,
    Command,
    RevealTile,
    SendReinforcement,
    command_text,
)
from chicago_poker.core.decide import decide
from chicago_poker.core.errors import (
    AmbiguousCommandError,
    ArgumentTypeError,
    IllegalCommand,
    InvalidSeatError,
    NotationError,
    NotationSyntaxError,
    short_repr,
)
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.state import GameState, ShootoutStage
from chicago_poker.formats.notation.commands import CHANCE, FIELDS, FORMS, Pattern, read_pattern

__all__ = ["parse_command", "write_command"]

_TILES: Final = {str(tile).lower(): tile for tile in BUSINESS_TILES}
_TILEFIELDS: Final = frozenset({"business", "source", "destination", "tile"})


# ------------------------------------------------------------------------------- writing


def write_command(command: Command, state: GameState | None = None) -> str:
    """The text of ``command`` in the move notation; with ``state``, its shortest text there.

    Without a state, the text says everything (as ``str(command)``). With one, in which the
    command is legal, the seat is left out when it is the one to act, and a business is named
    by its kind alone when that names one legal command; :func:`parse_command` reads the text
    back to ``command`` in that state, and no two legal commands of a state share a text. A
    command that is not legal in ``state`` is written in full.

    Raises:
        InvalidArgumentError: ``command`` is a :class:`~chicago_poker.core.commands.StartGame`,
            which has no move text.
        ArgumentTypeError: ``command`` is not a command, or ``state`` not a state.
    """
    full = command_text(command)
    if state is None:
        return full
    _check_state(state, "write_command")
    for text in _shorter_texts(full):
        try:
            if _parse(text, state, None) == command:
                return text
        except (NotationError, IllegalCommand):
            continue
    return full


def _shorter_texts(full: str) -> list[str]:
    """The texts of a command, shortest first: with and without its seat and tiles' numbers."""
    seat, _, move = full.rpartition(": ")
    words = move.split(" ")
    tiles = [index for index, word in enumerate(words) if word.lower() in _TILES]
    variants: list[str] = []
    for shorten in itertools.product((True, False), repeat=len(tiles)):
        short = list(words)
        for index, cut in zip(tiles, shorten, strict=True):
            if cut:
                short[index] = _TILES[words[index].lower()].kind.value
        text = " ".join(short)
        variants += [text, f"{seat}: {text}"] if seat else [text]
    return sorted(variants, key=len)


# ------------------------------------------------------------------------------- reading


def parse_command(text: str, state: GameState, *, player: int | None = None) -> Command:
    """The command that ``text`` writes, in ``state``.

    What the text leaves out comes from the state: the seat is ``player`` if given, else the
    one to act (during a shootout's reinforcements, the tied player who holds the card sent,
    or the only one left to choose); a business named by its kind alone is the one of that
    kind that the move can go to.

    Args:
        text: The move, such as ``"9R Speakeasy"`` or ``"1: Liquidation Brewery#2 0"``.
        state: The state in which the command is given.
        player: The seat giving the command when the text writes none; a text that writes
            another seat is refused. A front end passes its player's seat, so that the
            reading never depends on what that player may not know.

    Raises:
        NotationSyntaxError: the text does not follow the grammar; the message quotes the
            word at fault and says what was expected.
        AmbiguousCommandError: the text fits more than one legal command; the message names
            each.
        IllegalCommand: the command breaks a rule; ``rule`` names it.
        ArgumentTypeError: ``text`` is not a string, or ``state`` not a state.
        InvalidSeatError: ``player`` is not a seat of the table.
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"parse_command: text must be a str, not {short_repr(text)}")
    _check_state(state, "parse_command")
    _check_player(player, state)
    return _parse(text, state, player)


def _check_player(player: object, state: GameState) -> None:
    """Refuse a ``player`` given that is not a seat of the table."""
    if player is not None and (type(player) is not int or not 0 <= player < len(state.players)):
        raise InvalidSeatError(
            f"parse_command: there is no seat {short_repr(player)} at this table; seats are "
            f"0 to {len(state.players) - 1}",
            rule="R-2.1",
        )


def _check_state(state: object, function: str) -> None:
    if not isinstance(state, GameState):
        raise ArgumentTypeError(f"{function}: state must be a GameState, not {short_repr(state)}")


def _seat(state: GameState, pattern: Pattern, player: int | None, quoted: str) -> int | None:
    """The seat whose move ``pattern`` is: the one it names, ``player``, or the one to act."""
    if pattern.seat is not None and player is not None and pattern.seat != player:
        raise NotationSyntaxError(
            f"{quoted}: the move is seat {pattern.seat}'s, but it is given by seat {player}"
        )
    seat = pattern.seat if pattern.seat is not None else player
    if seat is None and pattern.kind not in CHANCE:
        seat = _seat_to_act(state, pattern, quoted)
    return seat


def _parse(text: str, state: GameState, player: int | None) -> Command:
    quoted = repr(text.strip())
    pattern = read_pattern(text)
    seat = _seat(state, pattern, player, quoted)
    matches = [command for command in _legal(state, seat, pattern) if _fits(command, pattern)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        texts = tuple(write_command(command) for command in matches)
        raise AmbiguousCommandError(quoted, texts)
    command = _command(state, pattern, seat, quoted)
    try:
        decide(state, command)
    except IllegalCommand as error:
        raise IllegalCommand(f"{quoted}: {error.message}", rule=error.rule) from None
    return command  # legal_commands lists every legal command: not reached


def _seat_to_act(state: GameState, pattern: Pattern, quoted: str) -> int:
    """The seat of a move whose text writes none: the one to act."""
    shootout = state.shootout
    choosing = shootout is not None and shootout.stage is ShootoutStage.CHOOSING
    if not choosing or awaiting(state, check_actions=False) is not Awaiting.REINFORCEMENT:
        return state.turn.player
    assert shootout is not None
    chosen = {seat for seat, _ in shootout.choices}
    choosers = [seat for seat in shootout.contenders if seat not in chosen]
    if pattern.kind is SendReinforcement:
        holders = [seat for seat in choosers if pattern.values[0] in state.players[seat].hand]
        return holders[0] if holders else choosers[0]
    if len(choosers) == 1:
        return choosers[0]
    move = FORMS.get(pattern.kind, DECLINE)
    raise AmbiguousCommandError(quoted, tuple(f"{seat}: {move}" for seat in choosers))


_LEGAL_CACHE: list[tuple[GameState, int | None, dict[tuple[object, ...], list[Command]]]] = []
"""The legal commands of the last state and seat read, by the key of :func:`_key`: writing
the commands of one state reads each of them back in that state."""


def _legal(state: GameState, seat: int | None, pattern: Pattern) -> list[Command]:
    """The legal commands of ``seat`` (None: chance's) that have the pattern's key."""
    if seat is not None and seat >= len(state.players):
        return []  # decide says that there is no such seat
    if _LEGAL_CACHE and _LEGAL_CACHE[0][0] is state and _LEGAL_CACHE[0][1] == seat:
        index = _LEGAL_CACHE[0][2]
    else:
        if seat is None:
            commands: Sequence[Command] = legal_commands(state)
        else:
            commands = legal_commands(state, seat)
        index = {}
        for command in commands:
            index.setdefault(_key(type(command), _values(command)), []).append(command)
        _LEGAL_CACHE[:] = [(state, seat, index)]
    return index.get(_key(pattern.kind, pattern.values), [])


def _values(command: Command) -> tuple[object, ...]:
    return tuple(getattr(command, name) for name in FIELDS[type(command)])


def _key(kind: type, values: tuple[object, ...]) -> tuple[object, ...]:
    """The class and the values that are not tiles: a text gives them in full."""
    names = FIELDS[kind]
    return (
        kind,
        *(value for name, value in zip(names, values, strict=True) if name not in _TILEFIELDS),
    )


def _fits(command: Command, pattern: Pattern) -> bool:
    for name, written in zip(FIELDS[pattern.kind], pattern.values, strict=True):
        if name in _TILEFIELDS and isinstance(written, BusinessKind):
            tile = getattr(command, name)
            if tile.kind is not written:
                return False
        elif getattr(command, name) is not written and getattr(command, name) != written:
            return False
    return True


def _command(state: GameState, pattern: Pattern, seat: int | None, quoted: str) -> Command:
    """The command the pattern writes, no legal command fitting it, for ``decide`` to judge."""
    values: list[object] = []
    for written in pattern.values:
        if isinstance(written, BusinessKind):
            written = _only_tile(state, pattern.kind, written, quoted)
        values.append(written)
    make: Callable[..., Command] = pattern.kind
    return make(*values) if seat is None else make(seat, *values)


def _only_tile(state: GameState, kind: type, written: BusinessKind, quoted: str) -> BusinessTile:
    """The one tile of kind ``written`` that a move of class ``kind`` can name."""
    if kind is RevealTile:
        where, tiles = "face down in the tile pile", sorted(state.tile_pile)
    else:
        where, tiles = "face up", [business.tile for business in state.businesses]
    fitting = [tile for tile in tiles if tile.kind is written]
    if len(fitting) == 1:
        return fitting[0]
    if fitting:
        raise AmbiguousCommandError(f"{quoted} (no move there is legal)", tuple(map(str, fitting)))
    named = ", ".join(map(str, tiles)) or "none"
    raise NotationSyntaxError(
        f"{quoted}: {written.value} names no business here: no {written.value} is {where} "
        f"(those {where}: {named})"
    )
