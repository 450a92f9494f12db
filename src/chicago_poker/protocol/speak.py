"""Turn any :class:`~chicago_poker.players.bots.Bot` into a program that speaks the bot protocol.

``python -m chicago_poker.protocol.speak heuristic`` is the heuristic bot as a program: it
reads the referee's messages on its standard input and answers on its standard output
(``chicago-poker-bot/1``). A bot of your own takes one call::

    from chicago_poker.protocol.speak import speak

    speak(MyBot)  # MyBot(seed) makes the bot; it is made anew for each game

Each game's bot is made with the seed of its ``new_game`` message, so a bot plays the same
game in its own process as in the referee's. The option ``transcript`` (a folder) keeps each
game's transcript there: the seat's redacted log, exactly as the messages carried it. A bot
with an ``observe`` method (see :class:`~chicago_poker.players.simulate.Observer`) is told each
entry of its seat's redacted log as it comes.

A bot that thinks within a time (one with a ``seconds`` attribute, a search bot) is given,
for each decision, the least of its own seconds and the ``act``'s clock: its ``move_ms``,
and with a game clock a twentieth of the time left plus the increment, less the time taken
to read the messages since its last answer. Python's garbage collector is off while it
thinks (its full collections pause a search for up to a tenth of a second,
``benchmarks/README.md``) and on again once the move is written. It offers its settings
(:data:`~chicago_poker.protocol.spec.SEARCH_SETTINGS`) as options, and reports what it
searched in an ``info`` message before each move.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import IO, Any, Final, cast

import orjson

from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.formats.bot_protocol import PROTOCOL
from chicago_poker.formats.entries import load_redacted_entry
from chicago_poker.formats.jsonio import commands_from_json, to_json, view_from_json
from chicago_poker.players.bots import BOTS, Bot, ViewlessBot
from chicago_poker.protocol.spec import SEARCH_SETTINGS, parse_bot

_MOVES_AHEAD: Final = 20
"""A game clock's time left is shared over this many decisions to come, at most."""

__all__ = ["main", "speak"]


def speak(
    make_bot: Callable[[int | None], Bot],
    lines: Iterable[bytes | str] | None = None,
    out: IO[str] | None = None,
    *,
    author: str = "",
) -> None:
    """Answer the referee's messages from ``lines`` (standard input) on ``out`` (standard output).

    Returns at ``quit`` or at the end of the input.
    """
    source = sys.stdin.buffer if lines is None else lines
    speaker = _Speaker(make_bot, sys.stdout if out is None else out, author)
    try:
        for raw in source:
            if speaker.woke is None:  # the first line since the last answer: the clock runs
                speaker.woke = time.monotonic()
            if speaker.transcript is None and speaker.observe is None and raw[:16] in _ENTRY:
                continue  # an entry that no transcript keeps and no bot observes: not read
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "quit":
                return
            handle = _HANDLERS.get(kind)
            if handle is not None:
                handle(speaker, message)
    finally:
        speaker.end_transcript()


class _Speaker:
    """A bot program's side of a conversation: the game's bot, the options set, the transcript."""

    def __init__(self, make_bot: Callable[[int | None], Bot], out: IO[str], author: str) -> None:
        self.make_bot = make_bot
        self.out = out
        self.author = author
        self.bot = make_bot(None)
        self.observe = getattr(self.bot, "observe", None)  # a bot told its seat's history
        self.options: dict[str, Any] = {}
        self.transcript: IO[str] | None = None
        self.seconds: float | None = getattr(self.bot, "seconds", None)  # its own budget
        self.woke: float | None = None  # when the first message since the last answer came

    def write(self, message: dict[str, Any]) -> None:
        self.out.write(orjson.dumps(message).decode() + "\n")
        self.out.flush()

    def _seconds_for(self, message: dict[str, Any]) -> float | None:
        """The seconds the bot may think about the ``act`` ``message``; None for no limit."""
        budget = _budget(self.seconds, message.get("clock") or {})
        if budget is not None and self.woke is not None:  # less the time reading took
            budget = max(budget - (time.monotonic() - self.woke), 0.0)
        return budget

    def act(self, message: dict[str, Any]) -> None:
        """Answer an ``act`` with the bot's move, after an ``info`` if it searched."""
        if hasattr(self.bot, "seconds"):
            self.bot.seconds = self._seconds_for(message)
            gc.disable()  # no collector's pause in a timed move: it runs between moves
        played = getattr(self.bot, "played", None)
        try:
            command = _choose(self.bot, message)
            if isinstance(played, int):
                searched = getattr(self.bot, "played", played) - played
                info = {"type": "info", "id": message["id"], "iterations": searched}
                if self.woke is not None:  # from its first line read: the referee's time less
                    info["seconds"] = round(time.monotonic() - self.woke, 4)  # the latency
                self.write(info)
            self.write({"type": "move", "id": message["id"], "command": command})
        finally:
            gc.enable()
        self.woke = None

    def entry(self, message: dict[str, Any]) -> None:
        """Tell the bot an entry of its seat's log, if it observes; keep it, if a transcript is."""
        if self.observe is not None:
            self.observe(load_redacted_entry(orjson.dumps(message["entry"])))
        if self.transcript is not None:
            self.transcript.write(orjson.dumps(message["entry"]).decode() + "\n")

    def new_game(self, message: dict[str, Any]) -> None:
        """Make the game's bot from its seed and options; start its transcript if asked for."""
        share = getattr(self.bot, "share", None)  # what the last game's bot learnt of the load
        self.bot = self.make_bot(message["seed"])
        if share is not None and hasattr(self.bot, "share"):
            self.bot.share = share
        for key, value in self.options.items():
            if key in SEARCH_SETTINGS and hasattr(self.bot, key):
                setattr(self.bot, key, value)
        self.seconds = getattr(self.bot, "seconds", None)
        self.observe = getattr(self.bot, "observe", None)
        self.end_transcript()
        self.transcript = _transcript(self.options, message)

    def game_over(self, message: dict[str, Any]) -> None:
        self.end_transcript()

    def option(self, message: dict[str, Any]) -> None:
        self.options[message["name"]] = message["value"]

    def reply(self, message: dict[str, Any]) -> None:
        """Answer a ``hello``, an ``isready`` or a ``ping``."""
        self.write(_REPLIES[message["type"]](self.bot, message, self.author))

    def end_transcript(self) -> None:
        if self.transcript is not None:
            self.transcript.close()
            self.transcript = None


_ENTRY: Final = (b'{"type":"entry",', '{"type":"entry",')
"""How an entry's line starts, as the referee writes it: as bytes, and as text."""


def _viewless(bot: Bot) -> bool:
    """Whether the bot chooses without a view (a :class:`ViewlessBot`)."""
    return getattr(bot, "choose_without_view", None) is not None


def _choose(bot: Bot, message: dict[str, Any]) -> Any:
    legal = commands_from_json(message["legal"])
    if _viewless(bot):  # no need to read the view, which may be null
        return to_json(cast(ViewlessBot, bot).choose_without_view(legal))
    return to_json(bot.choose(view_from_json(message["view"]), legal))


def _budget(own: float | None, clock: dict[str, Any]) -> float | None:
    """The seconds a timed bot thinks: its own, or less if the ``act``'s clock says so.

    >>> _budget(None, {"move_ms": 250, "remaining_ms": None})
    0.25
    >>> _budget(1.0, {"move_ms": 5000, "remaining_ms": 10000, "increment_ms": 100})
    0.6
    """
    limits = [] if own is None else [own]
    if isinstance(move := clock.get("move_ms"), int):
        limits.append(move / 1000)
    if isinstance(left := clock.get("remaining_ms"), int):
        increment = clock.get("increment_ms")
        extra = increment / 1000 if isinstance(increment, int) else 0.0
        limits.append(max(left, 0) / 1000 / _MOVES_AHEAD + extra)
    return min(limits) if limits else None


_OPTION_TYPES: Final[dict[str, str]] = {
    "iterations": "integer",
    "reuse": "integer",
    "rollout": "integer",
    "width": "integer",
    "guided": "boolean",
    "modelled": "boolean",
    "believing": "boolean",
}
"""The type of each search setting offered as an option, if not ``number``."""


def _hello(bot: Bot, message: dict[str, Any], author: str) -> dict[str, Any]:
    options: dict[str, Any] = {"transcript": {"type": "string", "default": ""}}
    for key in SEARCH_SETTINGS:
        default = getattr(bot, key, None)
        if default is not None or (key == "seconds" and hasattr(bot, key)):
            options[key] = {"type": _OPTION_TYPES.get(key, "number"), "default": default}
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "name": bot.name,
        "author": author,
        "options": options,
        "view": not _viewless(bot),  # a bot that never reads its view is sent none
    }


_REPLIES: dict[str, Callable[[Bot, dict[str, Any], str], dict[str, Any]]] = {
    "hello": _hello,
    "isready": lambda bot, message, author: {"type": "ready"},
    "ping": lambda bot, message, author: {"type": "pong", "id": message["id"]},
}


_HANDLERS: Final[dict[str, Callable[[_Speaker, dict[str, Any]], None]]] = {
    "act": _Speaker.act,
    "entry": _Speaker.entry,
    "new_game": _Speaker.new_game,
    "game_over": _Speaker.game_over,
    "option": _Speaker.option,
    **dict.fromkeys(_REPLIES, _Speaker.reply),
}
"""What a bot program does with each message of the referee but ``quit``, by its type."""


def _transcript(options: dict[str, Any], message: dict[str, Any]) -> IO[str] | None:
    folder = options.get("transcript")
    if not folder:
        return None
    path = Path(folder) / f"game-{message['game']:05d}-seat-{message['seat']}.jsonl"
    file = path.open("w", encoding="utf-8")
    file.write(orjson.dumps(message["header"]).decode() + "\n")
    return file


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m chicago_poker.protocol.speak NAME``: a built-in bot as a program."""
    parser = argparse.ArgumentParser(
        prog="python -m chicago_poker.protocol.speak",
        description="Run a built-in bot as a program that speaks chicago-poker-bot/1.",
    )
    parser.add_argument(
        "bot",
        help=f"the bot: {', '.join(sorted(BOTS))}, with settings if need be "
        "(search:iterations=500), or module:Class",
    )
    args = parser.parse_args(argv)
    try:
        spec = parse_bot(args.bot)
        if spec.remote:
            parser.error("the bot must run in this process: a built-in bot or module:Class")
    except InvalidArgumentError as error:
        parser.error(str(error))
    speak(spec.make, author="chicago_poker")


if __name__ == "__main__":
    main()
