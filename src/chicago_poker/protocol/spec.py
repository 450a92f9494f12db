"""One way to name a bot and its settings, wherever it runs: built in, a Python class, or a program.

A bot is named by one word of the command line, the same in ``play``, ``match``,
``simulate`` and ``serve``:

- ``heuristic``, ``random``, ``search``, ``search-easy``, ``search-hard``: a built-in bot
  (:data:`~chicago_poker.players.bots.BOTS`), in this process;
- ``module:Class``, such as ``mybots.greedy:Greedy``: a class of an importable module, made
  with a seed like the built-in ones (``Class(seed)``), in this process;
- ``cmd:COMMAND``, such as ``cmd:node examples/random-bot.js``: a program that speaks the
  bot protocol, split into words as a POSIX shell would split it, in a process of its own.

**Settings** follow the name after a colon, as ``key=value`` pairs separated by commas:
``search:iterations=2000,seconds=0.5``, ``mybots.greedy:Greedy:depth=3``. A program's
settings come between ``cmd:`` and its command, ended by a second colon:
``cmd:st=0.5,depth=3:node bot.js``. Which keys a bot takes:

- the search bots: the :class:`~chicago_poker.players.search.SearchBot` settings of
  :data:`SEARCH_SETTINGS` (``iterations``, ``seconds``, ``width``, ...); a bare number first
  is the iterations, so ``search:300,believing=1`` (the strength benchmark's form) reads too;
- a class: any key, given to it as a keyword argument: ``Class(seed, depth=3)``;
- a program: its time control (``st``, seconds per move; ``tc``, a game clock of ``BASE``
  or ``BASE+INCREMENT`` seconds, as fastchess and cutechess write them), and any other key
  is one of the options it declared in its ``hello`` (``depth=3``, or ``option.depth=3`` as
  fastchess writes it), sent as an ``option`` message.

A value is read as JSON where it can be (``3``, ``0.5``, ``true``), else as text. In a
comma-separated list of bots (``play --bots``, ``simulate --bots``), a ``key=value`` after a
comma continues the bot before it (:func:`split_bots`).

:func:`play_named` plays one game between bots named so: ``chicago-poker simulate`` plays
its games with it when a bot is not built in.

>>> parse_bot("heuristic").kind, parse_bot("cmd:node bot.js").argv
('builtin', ('node', 'bot.js'))
>>> parse_bot("search:iterations=50,seconds=0.25").settings
(('iterations', 50), ('seconds', 0.25))
>>> parse_bot("cmd:tc=60+0.5,depth=3:node bot.js").options
(('depth', 3),)
"""

from __future__ import annotations

import importlib
import json
import re
import shlex
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
from attrs import frozen

from chicago_poker.core.errors import InvalidArgumentError, short_repr
from chicago_poker.core.rules import RuleOptions
from chicago_poker.players.bots import BOTS, Bot
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import Played, player_names
from chicago_poker.protocol.process import BotError
from chicago_poker.protocol.table import Clock, RemoteBot, bot_seed, play_table

__all__ = ["SEARCH_SETTINGS", "TIME_SETTINGS", "BotSpec", "parse_bot", "play_named", "split_bots"]

_CLASS: Final = re.compile(r"([A-Za-z_][\w.]*:[A-Za-z_]\w*)(?::(.*))?", re.DOTALL)
_KEY: Final = re.compile(r"[A-Za-z_][\w.-]*")
_PROGRAM_SETTINGS: Final = re.compile(r"([A-Za-z_][\w.-]*=[^:\s]*(?:,[A-Za-z_][\w.-]*=[^:\s]*)*)?:")
_SETTING_START: Final = re.compile(r"\s*[A-Za-z_][\w.-]*=")
_TIME_CONTROL: Final = re.compile(r"(\d+(?:\.\d*)?|\.\d+)(?:\+(\d+(?:\.\d*)?|\.\d+))?")


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a whole number") from None


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number") from None


def _flag(text: str) -> bool:
    if text.lower() in ("1", "true", "yes"):
        return True
    if text.lower() in ("0", "false", "no"):
        return False
    raise ValueError(f"{text!r} is not true or false (1, true, yes; 0, false, no)")


SEARCH_SETTINGS: Final[Mapping[str, Callable[[str], object]]] = {
    "iterations": _whole,
    "seconds": _number,
    "reuse": _whole,
    "rollout": _whole,
    "width": _whole,
    "widening": _number,
    "margin": _number,
    "exploration": _number,
    "guided": _flag,
    "modelled": _flag,
    "believing": _flag,
}
"""The settings of the built-in search bots, each with how its value is read."""

TIME_SETTINGS: Final = ("st", "tc")
"""The keys of a program's time control: seconds per move, and a game clock."""

_SEARCH_BOTS: Final = ("search", "search-easy", "search-hard")


@frozen
class BotSpec:
    """A bot named by :func:`parse_bot`: what it is, its settings, how to make or start it."""

    text: str
    """The name as given."""

    kind: str
    """``"builtin"``, ``"class"`` or ``"command"``."""

    argv: tuple[str, ...] = ()
    """The program and its arguments, for a ``"command"``."""

    base: str = ""
    """The built-in name or ``module:Class``, without settings ("" for a program)."""

    settings: tuple[tuple[str, Any], ...] = ()
    """The bot's own settings: a built-in's or a class's keyword arguments."""

    options: tuple[tuple[str, Any], ...] = ()
    """A program's options, each sent as an ``option`` message in the handshake."""

    move_time: float | None = None
    """A program's seconds per move (``st``), or None for the match's."""

    game_time: float | None = None
    """A program's game clock (``tc``'s base, seconds), or None for the match's."""

    increment: float | None = None
    """Seconds added to a program's game clock after each of its moves (``tc``'s increment)."""

    @property
    def remote(self) -> bool:
        """Whether the bot runs in a process of its own."""
        return self.kind == "command"

    def make(self, seed: int | None) -> Bot:
        """A new in-process bot, seeded, with its settings.

        Raises:
            InvalidArgumentError: A command (start it instead), a class that cannot be
                imported, or settings the class refuses.
        """
        if self.kind == "builtin":
            bot = BOTS[self.base](seed)
            for key, value in self.settings:
                setattr(bot, key, value)
            return bot
        if self.kind == "class":
            return _make_class(self.base, seed, dict(self.settings))
        raise InvalidArgumentError(f"bot {self.text!r} is a program: start it")

    def clock(self, clock: Clock) -> Clock:
        """``clock`` (the match's), with this bot's own time control in its place."""
        if self.game_time is not None:
            clock = attrs.evolve(clock, game=self.game_time, increment=self.increment or 0.0)
            clock = attrs.evolve(clock, move=self.move_time)  # tc alone: no limit per move
        elif self.move_time is not None:
            clock = attrs.evolve(clock, move=self.move_time)
        return clock

    def start(self, clock: Clock, label: str, log_dir: str | Path | None = None) -> RemoteBot:
        """Start the program, with its own time control and options, through the handshake.

        ``log_dir``, if given, keeps the program's standard error and a trace of its
        messages there (see :class:`~chicago_poker.protocol.process.BotProcess`).
        """
        return RemoteBot(
            self.argv,
            label=label,
            clock=self.clock(clock),
            options=dict(self.options),
            log_dir=log_dir,
        )


def _make_class(base: str, seed: int | None, settings: dict[str, Any]) -> Bot:
    module, _, name = base.partition(":")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as error:
        raise InvalidArgumentError(f"bot {base!r}: {error}") from None
    try:
        bot: Bot = cls(seed, **settings)
    except TypeError as error:
        raise InvalidArgumentError(f"bot {base!r}: its settings: {error}") from None
    return bot


def parse_bot(text: str) -> BotSpec:
    """The bot named by ``text``, with its settings.

    Raises:
        InvalidArgumentError: ``text`` names no bot (an unknown built-in name, an empty
            command, quotes that do not close), or a setting the bot does not take or a
            value it cannot read: the message names the bot, the key and what it takes.
    """
    if text.startswith("cmd:"):
        return _parse_program(text)
    name, _, rest = text.partition(":")
    if name in BOTS:
        return _parse_builtin(text, name, rest if ":" in text else None)
    if match := _CLASS.fullmatch(text):
        pairs = _pairs(text, match.group(2))
        return BotSpec(text, "class", base=match.group(1), settings=_values(pairs))
    raise InvalidArgumentError(
        f"unknown bot {short_repr(text)}: give {', '.join(BOTS)}, module:Class or cmd:COMMAND, "
        "each with settings after a colon if need be (search:iterations=500)"
    )


def _search_setting(text: str, name: str, key: str, value: str) -> tuple[str, Any]:
    """The setting ``key`` of the search bot ``name``, read from ``value``."""
    read = SEARCH_SETTINGS.get(key)
    if read is None:
        raise InvalidArgumentError(
            f"bot {short_repr(text)}: {name} has no setting {key!r}; "
            f"it takes {', '.join(SEARCH_SETTINGS)}"
        )
    try:
        return key, read(value)
    except ValueError as error:
        raise InvalidArgumentError(f"bot {short_repr(text)}: {key}: {error}") from None


def _parse_builtin(text: str, name: str, rest: str | None) -> BotSpec:
    """A built-in bot's name and settings: only the search bots take any."""
    if rest is None:
        return BotSpec(text, "builtin", base=name)
    if name not in _SEARCH_BOTS:
        raise InvalidArgumentError(f"bot {short_repr(text)}: {name} takes no settings")
    head, _, tail = rest.partition(",")
    if head.isdigit():  # a bare number first: the iterations
        rest = f"iterations={head}" + (f",{tail}" if tail else "")
    settings = [_search_setting(text, name, key, value) for key, value in _pairs(text, rest)]
    _check_search(text, settings)
    return BotSpec(text, "builtin", base=name, settings=tuple(settings))


def _check_search(text: str, settings: Sequence[tuple[str, Any]]) -> None:
    """Refuse search settings the bot itself refuses (iterations below 1, ...)."""
    from chicago_poker.players.search import SearchBot

    try:
        SearchBot(None, **dict(settings))
    except ValueError as error:
        raise InvalidArgumentError(f"bot {short_repr(text)}: {error}") from None
    seconds = dict(settings).get("seconds")
    if seconds is not None and not seconds > 0:
        raise InvalidArgumentError(f"bot {short_repr(text)}: seconds must be over 0")


def _argv(text: str, command: str) -> tuple[str, ...]:
    """The words of the ``cmd:`` bot's ``command``, as a shell splits them; never none."""
    try:
        argv = tuple(shlex.split(command))
    except ValueError as error:
        raise InvalidArgumentError(f"bot {short_repr(text)}: {error}") from None
    if not argv:
        raise InvalidArgumentError(f"bot {short_repr(text)}: the command is empty")
    return argv


def _parse_program(text: str) -> BotSpec:
    """A ``cmd:`` bot: its settings, if a ``key=value,...:`` comes first, then its command."""
    rest = text[4:]
    pairs: list[tuple[str, str]] = []
    if (match := _PROGRAM_SETTINGS.match(rest)) is not None:
        pairs = _pairs(text, match.group(1))
        rest = rest[match.end() :]
    argv = _argv(text, rest)
    timing = {key: value for key, value in pairs if key in TIME_SETTINGS}
    options = [  # option.NAME=VALUE, as fastchess and cutechess write them, reads too
        (key.removeprefix("option."), _value(value))
        for key, value in pairs
        if key not in TIME_SETTINGS
    ]
    move, game, increment = _timing(text, timing)
    return BotSpec(text, "command", argv, "", (), tuple(options), move, game, increment)


def _timing(
    text: str, timing: Mapping[str, str]
) -> tuple[float | None, float | None, float | None]:
    """A program's ``st`` (seconds a move) and ``tc`` (``BASE`` or ``BASE+INCREMENT``)."""
    move = game = increment = None
    if "st" in timing:
        if not (found := _TIME_CONTROL.fullmatch(timing["st"])) or found.group(2):
            raise InvalidArgumentError(f"bot {short_repr(text)}: st: seconds a move, such as 0.5")
        move = float(timing["st"])
    if "tc" in timing:
        if not (found := _TIME_CONTROL.fullmatch(timing["tc"])):
            raise InvalidArgumentError(
                f"bot {short_repr(text)}: tc: seconds of a game, then +increment if any, "
                "such as 60+0.5"
            )
        game, increment = float(found.group(1)), float(found.group(2) or 0)
    if (move is not None and move <= 0) or (game is not None and game <= 0):
        raise InvalidArgumentError(f"bot {short_repr(text)}: st and tc must be over 0 seconds")
    return move, game, increment


def _pairs(text: str, rest: str | None) -> list[tuple[str, str]]:
    """The ``key=value`` pairs of ``rest``, in order; a key given twice is refused."""
    pairs: list[tuple[str, str]] = []
    if not rest:
        return pairs
    for item in rest.split(","):
        key, equals, value = item.partition("=")
        key = key.strip()
        if not equals or not _KEY.fullmatch(key):
            raise InvalidArgumentError(
                f"bot {short_repr(text)}: settings are key=value pairs, not {short_repr(item)}"
            )
        if any(key == seen for seen, _ in pairs):
            raise InvalidArgumentError(f"bot {short_repr(text)}: {key} is set twice")
        pairs.append((key, value.strip()))
    return pairs


def _values(pairs: Sequence[tuple[str, str]]) -> tuple[tuple[str, Any], ...]:
    return tuple((key, _value(value)) for key, value in pairs)


def _value(text: str) -> Any:
    """A setting's value: JSON where it reads as a number, true, false or null; else text.

    >>> _value("3"), _value("0.5"), _value("true"), _value("deep")
    (3, 0.5, True, 'deep')
    """
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if value is None or isinstance(value, (bool, int, float)) else text


def split_bots(text: str) -> list[str]:
    """The bots of a comma-separated list; ``key=value`` after a comma continues a bot's settings.

    >>> split_bots("search:iterations=50,seconds=0.1,heuristic")
    ['search:iterations=50,seconds=0.1', 'heuristic']
    """
    bots: list[str] = []
    for part in text.split(","):
        if bots and _SETTING_START.match(part) and ":" in bots[-1]:
            bots[-1] += "," + part.strip()
        else:
            bots.append(part.strip())
    return bots


def play_named(options: RuleOptions, bots: Sequence[str], seed: int, index: int = 0) -> Played:
    """Play one game between the bots named by ``bots``, one a seat, as :func:`parse_bot` has it.

    The dealer is seeded by ``seed``; each seat's bot plays with
    :func:`~chicago_poker.protocol.table.bot_seed` of it, in this process or in its own
    (whose ``new_game`` carries that seed), so a bot plays the same game either way. Each
    program is started for the game, with the default :class:`Clock` or its own time
    control, and ended after it. A program that cannot start, or that breaks the protocol
    or its time, ends the game: the result names the termination and the seat. This is a
    :data:`~chicago_poker.players.simulate.Play`, for ``simulate``.

    >>> played = play_named(RuleOptions(), ["random", "heuristic"], seed=5)
    >>> played.termination, played.faulty, played.game.state.is_over
    ('finished', None, True)

    Raises:
        InvalidArgumentError: A name that names no bot, or a class that cannot be imported.
    """
    specs = [parse_bot(text) for text in bots]
    names = player_names(bots)
    started: list[RemoteBot] = []
    players: list[Bot | RemoteBot] = []
    try:
        for seat, spec in enumerate(specs):
            if not spec.remote:
                players.append(spec.make(bot_seed(seed, seat)))
                continue
            try:
                bot = spec.start(Clock(), f"seat {seat} ({spec.text})")
            except BotError as fault:
                return Played(Game.new(names, options, seed), fault.reason, seat)
            started.append(bot)
            players.append(bot)
        result = play_table(options, players, seed, names=names, index=index)
        return Played(result.game, result.reason, result.seat)
    finally:
        for bot in started:
            bot.close()
