"""The loop that plays a game between bots, in this process or in processes of their own.

:func:`play_table` plays one game. Each seat holds a :class:`~chicago_poker.players.bots.Bot`
(asked in this process) or a :class:`RemoteBot`, a program that speaks the bot protocol,
``chicago-poker-bot/1``, over its standard input and output. A remote seat is told every
event of the game as its seat sees it (the seat's redacted log, line by line), and is asked
each decision with an ``act`` message; its answer is checked against the legal commands.

When a shootout's tied players choose their reinforcements, every tied seat is asked at
once, from the same state, and their answers are played in seat order only when all are in:
no seat learns another's choice before the reveal. In-process bots are asked the same way,
so a bot plays the same game in this process or in its own.

A remote bot that breaks the protocol or its time ends the game: :attr:`TableResult.reason`
says why (a key of :data:`~chicago_poker.formats.bot_protocol.TERMINATIONS`), the other
remote seats are told (``game_over``) and ended, and the faulty one's process group is
killed.

>>> from chicago_poker.core.rules import RuleOptions
>>> from chicago_poker.players.bots import HeuristicBot, RandomBot
>>> result = play_table(RuleOptions(), [RandomBot(1), HeuristicBot(2)], seed=5)
>>> result.reason, result.game.state.is_over
('finished', True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import orjson
from attrs import field, frozen

import chicago_poker
from chicago_poker.core.apply import apply
from chicago_poker.core.commands import Command
from chicago_poker.core.errors import ChicagoPokerError, IllegalCommand, InvalidArgumentError
from chicago_poker.core.events import Event
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.redacted_commands import redact_command
from chicago_poker.core.redacted_events import redact
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.core.views import PlayerView, view
from chicago_poker.formats.bot_protocol import MAX_LINE_BYTES, PROTOCOL, STDERR_LIMIT
from chicago_poker.formats.jsonio import command_from_json, to_json
from chicago_poker.formats.log import LogHeader, LogKind, RedactedLogEntry, dump_entry, dump_header
from chicago_poker.players.bots import Bot, ask
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import MAX_COMMANDS, Narrator, player_names
from chicago_poker.protocol.process import BotError, BotProcess, read_lines

__all__ = [
    "BotFaultError",
    "Clock",
    "Referee",
    "RemoteBot",
    "TableResult",
    "bot_seed",
    "play_table",
]


def _some_limit(clock: Clock, attribute: Any, game: float | None) -> None:
    if clock.move is None and game is None:
        raise InvalidArgumentError("a clock needs a time per move, a game clock, or both")


@frozen
class Clock:
    """The time a remote bot has: per decision, per game, and the allowances around them.

    Every wait for a bot is its limit plus :attr:`latency`, the allowance for pipes, process
    scheduling and the referee's own work; a bot is timed from the moment its request is
    written to the moment its answer is read. With a game clock, each decision's limit is
    the time left on it (and :attr:`move`, if set, at most); the time a decision took is
    taken off the clock and :attr:`increment` added after it, as fastchess's and
    cutechess's ``tc=BASE+INCREMENT`` do.
    """

    move: float | None = 5.0
    """Seconds a bot has for one decision, or None for the game clock alone."""

    game: float | None = field(default=None, validator=_some_limit)
    """Seconds a bot has for all its decisions of one game, or None for no game clock."""

    latency: float = 0.25
    """Seconds added to every wait: the allowance for pipes and scheduling."""

    startup: float = 10.0
    """Seconds a bot has from its start to its ``ready``, the handshake's end."""

    increment: float = 0.0
    """Seconds added to the game clock after each decision the bot answers in time (last,
    so that the fields before keep their places)."""

    def as_json(self) -> dict[str, int | None]:
        """The clock of a ``new_game`` message, in milliseconds."""
        return {
            "move_ms": _ms(self.move),
            "game_ms": _ms(self.game),
            "increment_ms": round(self.increment * 1000),
            "latency_ms": round(self.latency * 1000),
        }

    def limit(self, left: float | None) -> float:
        """Seconds a decision may take with ``left`` on the game clock (None: no game clock).

        Below 0 when the game clock is overdrawn: the latency allowance covers the game
        clock as a whole, not each move again.

        >>> Clock(move=5.0).limit(None), Clock(move=5.0, game=60.0).limit(2.5)
        (5.0, 2.5)
        """
        if left is None:
            assert self.move is not None  # the validator sees to it
            return self.move
        return left if self.move is None else min(self.move, left)


def _ms(seconds: float | None) -> int | None:
    return None if seconds is None else round(seconds * 1000)


def bot_seed(seed: int, seat: int) -> int:
    """The seed a seat's bot plays game ``seed`` with: the dealer's seed never reaches a bot.

    ``chicago-poker match`` gives the bot's number in its list of bots for ``seat``, so that
    a bot keeps its seed through the rotations of a deal, and two entries of the same bot
    play as two players (:mod:`chicago_poker.match.games`).

    >>> bot_seed(5, 0) == bot_seed(5, 0) != bot_seed(5, 1)
    True
    """
    return random.Random(f"chicago-poker-bot:{seed}:{seat}").getrandbits(48)


class RemoteBot:
    """A bot program that speaks ``chicago-poker-bot/1``: started, and greeted, at once.

    ``options`` are set with ``option`` messages after the bot's hello, such as
    ``{"depth": 3}``: each must be one the bot offers in its hello, as python-chess's
    ``configure`` insists. After the handshake, :attr:`name`, :attr:`author`,
    :attr:`options_offered` and :attr:`wants_view` hold what the bot said of itself.
    ``log_dir`` keeps the bot's standard error and a trace of its messages there
    (:class:`~chicago_poker.protocol.process.BotProcess`).
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        label: str = "bot",
        options: Mapping[str, object] | None = None,
        clock: Clock | None = None,
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
        log_dir: str | Path | None = None,
    ) -> None:
        """Start the bot and go through the handshake.

        Raises:
            BotError: ``failed-to-start`` (the command cannot run, or an option the bot does
                not offer), ``slow-start`` (no ready within :attr:`Clock.startup`), or what
                the bot did wrong in the handshake.
        """
        self.clock = clock or Clock()
        self.label = label
        self.process = BotProcess(argv, label=label, env=env, cwd=cwd, log_dir=log_dir)
        self._next_id = 0
        try:
            self._handshake(options or {})
        except BotError:
            self.process.close()
            raise

    def _handshake(self, options: Mapping[str, object]) -> None:
        deadline = self.process.started + self.clock.startup + self.clock.latency
        engine_options = {
            "max_line_bytes": MAX_LINE_BYTES,
            "latency_ms": self.clock.as_json()["latency_ms"],
            "stderr_limit": STDERR_LIMIT,
        }
        self.send(
            {
                "type": "hello",
                "protocol": PROTOCOL,
                "engine": {"name": "chicago-poker", "version": chicago_poker.__version__},
                "options": engine_options,
            }
        )
        self._read_hello(self._message(deadline, "hello"))
        for name, value in options.items():
            if name not in self.options_offered:
                offered = ", ".join(sorted(self.options_offered)) or "none"
                raise BotError(
                    "failed-to-start", f"option {name!r} is not one it offers (it offers {offered})"
                )
            self.send({"type": "option", "name": name, "value": value})
        self.send({"type": "isready"})
        self._message(deadline, "ready")

    def _read_hello(self, hello: dict[str, Any]) -> None:
        """Keep what the bot's hello says of it: name, author, options, whether it wants views."""
        if hello.get("protocol") != PROTOCOL:
            raise BotError("bad-message", f"hello: protocol must be {PROTOCOL!r}")
        self.name = _text(hello, "name")
        self.author = _text(hello, "author")
        offered = hello.get("options", {})
        if not isinstance(offered, dict):
            raise BotError("bad-message", "hello: options must be an object")
        self.options_offered: dict[str, Any] = offered
        wants_view = hello.get("view", True)
        if not isinstance(wants_view, bool):
            raise BotError("bad-message", "hello: view must be true or false")
        self.wants_view = wants_view

    def _message(self, deadline: float, kind: str) -> dict[str, Any]:
        """The bot's next message, which must be of type ``kind``."""
        try:
            line = self.process.read_line(deadline, f"a {kind} message")
        except BotError as fault:
            if fault.reason == "time-forfeit" and kind in ("hello", "ready"):
                raise BotError("slow-start", f"no {kind} within the start-up limit") from None
            raise
        return _parse(line, kind)

    def send(self, message: Mapping[str, Any]) -> None:
        """Write one message."""
        self.process.send(orjson.dumps(message).decode())

    def ping(self) -> float:
        """Send a ping and wait for its pong: the round trip in seconds.

        Raises:
            BotError: No pong within the move limit and the latency allowance, or another
                message in its place.
        """
        self._next_id += 1
        sent = time.monotonic()
        self.send({"type": "ping", "id": self._next_id})
        message = self._message(
            sent + self.clock.limit(self.clock.game) + self.clock.latency, "pong"
        )
        if message.get("id") != self._next_id:
            raise BotError("stale-answer", f"pong for id {message.get('id')!r}")
        return time.monotonic() - sent

    def new_id(self) -> int:
        """A request id never used before with this bot."""
        self._next_id += 1
        return self._next_id

    def close(self, *, quit_first: bool = True) -> None:
        """End the bot: ``quit``, a moment to exit, then its process group killed."""
        self.process.close('{"type":"quit"}' if quit_first else None)


def _text(message: Mapping[str, Any], key: str) -> str:
    value = message.get(key)
    if not isinstance(value, str):
        raise BotError("bad-message", f"{message.get('type')}: {key} must be a string")
    return value


def _parse(line: bytes, kind: str) -> dict[str, Any]:
    """The message of a bot's line, which must be of type ``kind``."""
    try:
        message = orjson.loads(line)
    except orjson.JSONDecodeError:
        raise BotError("not-json", f"expected a {kind} message, got {line[:80]!r}") from None
    if not isinstance(message, dict) or message.get("type") != kind:
        shown = orjson.dumps(message)[:80].decode(errors="replace")
        raise BotError("bad-message", f"expected a {kind} message, got {shown}")
    return message


Player = Bot | RemoteBot
"""What may sit at a seat of :func:`play_table`."""


@frozen
class TableResult:
    """How a game between bots went, and why it ended."""

    game: Game
    """The game, every command of it; over unless it ended early."""

    reason: str
    """Why it ended: a key of :data:`~chicago_poker.formats.bot_protocol.TERMINATIONS`."""

    seat: int | None = None
    """The seat whose bot ended the game by a fault, or None."""

    detail: str = ""
    """What the faulty bot did, in words."""

    overrun: float = 0.0
    """Seconds past the faulty bot's time limit at which the game ended (0 if none)."""

    sent: Mapping[int, tuple[str, ...]] = field(factory=dict)
    """Each remote seat's transcript: the lines of its redacted log, as sent to it."""

    @property
    def ranks(self) -> tuple[int, ...]:
        """Each seat's place: 1 for the winner, 2 for the others; the faulty seat last.

        A game without a winner ranks every seat alike, but a fault's seat comes after.
        """
        seats = len(self.game.state.players)
        winner = self.game.state.winner
        ranks = [1 if winner is None else (1 if seat == winner else 2) for seat in range(seats)]
        if self.seat is not None:
            ranks = [1] * seats
            ranks[self.seat] = 2
        return tuple(ranks)


# Enum members bound to module names once: see the note in chicago_poker.core.legal.
_ACTION: Final = Awaiting.ACTION
_REINFORCEMENT: Final = Awaiting.REINFORCEMENT


class Referee:
    """One game in progress between bots here and bots in processes of their own.

    It keeps the players, each remote seat's redacted stream and clock: :func:`play_table`
    drives a whole game with it, and ``chicago-poker play`` drives the bot seats of a game
    against a person.
    """

    def __init__(
        self,
        game: Game,
        players: Sequence[Player],
        seed: int,
        index: int,
        seeds: Sequence[int] | None = None,
    ) -> None:
        """Seat ``players`` at ``game`` and tell each remote one its seat (game ``index``).

        Each remote seat is told its seed in ``new_game``: ``seeds[seat]`` if given, else
        :func:`bot_seed` of ``seed`` and the seat.
        """
        self.game = game
        self.seeds = (
            tuple(seeds)
            if seeds is not None
            else tuple(bot_seed(seed, s) for s in range(len(players)))
        )
        self.players = players
        self.remote = {
            seat: player for seat, player in enumerate(players) if isinstance(player, RemoteBot)
        }
        self.sent: dict[int, list[str]] = {seat: [] for seat in self.remote}
        self.remaining = {seat: bot.clock.game for seat, bot in self.remote.items()}
        self.narrator = Narrator.of(players)  # tells in-process bots that observe, likewise
        self.streamed = 0  # entries of the history redacted for the remote seats
        self.state: GameState | None = None  # the state after them
        self.unsent: dict[int, list[str]] = {seat: [] for seat in self.remote}
        self.legal_json: dict[Command, bytes] = {}  # each command's JSON, written once
        self._new_game(index)
        self.stream()

    def _new_game(self, index: int) -> None:
        """Tell each remote seat a game begins: its seat, the rules, its clock, its header."""
        state = self.game.state
        seated = tuple(player.name for player in state.players)
        for seat, bot in self.remote.items():
            line = _header_line(state, seat)
            self.sent[seat].append(line)
            bot.process.new_game()
            bot.send(
                {
                    "type": "new_game",
                    "game": index,
                    "seat": seat,
                    "players": list(seated),
                    "rules": to_json_options(state.options),
                    "clock": bot.clock.as_json(),
                    "seed": self.seeds[seat],
                    "header": orjson.loads(line),
                }
            )

    def stream(self) -> None:
        """Redact the entries of the history not redacted yet, for each remote seat.

        Each seat's lines wait in :attr:`unsent` until the referee next writes to the seat
        (:meth:`flush`): a seat is woken only when it must act or the game is over, and
        then learns everything it has not been told, in order, in one write. Seats that see
        an entry alike share its line, written once. In-process bots that observe are told
        their entries at once (:class:`~chicago_poker.players.simulate.Narrator`).
        """
        self.narrator.tell(self.game)
        if not self.remote:
            return
        history = self.game.history
        for entry in history[self.streamed :]:
            self._stream_entry(entry.command, entry.events)
        self.streamed = len(history)

    def _stream_entry(self, command: Command, events: Sequence[Event]) -> None:
        """Redact one entry for each remote seat, and keep its lines to send."""
        state = self.state
        commands = {seat: redact_command(state, command, seat) for seat in self.remote}
        seen: dict[int, list[Any]] = {seat: [] for seat in self.remote}
        for event in events:
            for seat in self.remote:
                seen[seat].append(redact(state, event, seat))
            state = apply(state, event)
        self.state = state
        lines: dict[RedactedLogEntry, str] = {}
        for seat in self.remote:
            redacted = RedactedLogEntry(commands[seat], tuple(seen[seat]))
            line = lines.get(redacted)
            if line is None:
                line = lines[redacted] = dump_entry(redacted, engine_made=True)
            self.sent[seat].append(line)
            self.unsent[seat].append(line)

    def flush(self, seat: int, last: str | None = None) -> None:
        """Write the seat's entries not written yet, then ``last`` (a message), in one write."""
        unsent = self.unsent[seat]
        messages = ['{"type":"entry","entry":' + line + "}" for line in unsent]
        unsent.clear()
        if last is not None:
            messages.append(last)
        if messages:
            self.remote[seat].process.send("\n".join(messages))

    def _ask_in_process(
        self, asked: Mapping[int, Sequence[Command]], state: GameState
    ) -> dict[int, Command]:
        """The choices of the asked seats whose bots run in this process, from ``state``."""
        chosen: dict[int, Command] = {}
        for seat, legal in asked.items():
            player = self.players[seat]
            if not isinstance(player, RemoteBot):
                chosen[seat] = ask(player, state, seat, legal)
        return chosen

    def choose(self, asked: Mapping[int, Sequence[Command]]) -> dict[int, Command]:
        """Each asked seat's choice among its legal commands, all asked at once.

        Raises:
            BotFaultError: A remote bot's fault.
        """
        state = self.game.state
        requests: dict[int, _Request] = {}
        for seat in asked:  # remote bots first, to think while the others do
            player = self.players[seat]
            if isinstance(player, RemoteBot):
                requests[seat] = self._request(seat, player, state, asked[seat])
        chosen = self._ask_in_process(asked, state)
        waiting = {seat: (request.process, request.deadline) for seat, request in requests.items()}
        lines = read_lines(waiting) if waiting else {}
        for seat in sorted(lines):
            chosen[seat] = self._read_answer(seat, lines[seat], requests[seat], asked[seat])
        return chosen

    def _request(
        self, seat: int, player: RemoteBot, state: GameState, legal: Sequence[Command]
    ) -> _Request:
        """Send ``seat`` its unsent entries and an ``act``; the request, timed from now."""
        clock = player.clock
        left = self.remaining[seat]
        limit = clock.limit(left)
        act_id = player.new_id()
        timing = {
            "move_ms": max(round(limit * 1000), 0),
            "remaining_ms": None if left is None else max(round(left * 1000), 0),
            "increment_ms": round(clock.increment * 1000),
        }
        seen = view(state, seat) if player.wants_view else None
        listed = b",".join(self._command_json(each) for each in legal)
        self.flush(seat, _act_line(act_id, len(self.sent[seat]) - 1, seen, listed, timing))
        sent = time.monotonic()
        return _Request(player.process, act_id, sent, limit, sent + max(limit + clock.latency, 0))

    def _read_answer(
        self, seat: int, line: bytes | BotError, request: _Request, legal: Sequence[Command]
    ) -> Command:
        """The seat's command, read from its answer; its game clock charged the time taken.

        Raises:
            BotFaultError: The bot's answer is a fault, or it is not a legal ``move``.
        """
        elapsed = time.monotonic() - request.sent
        overrun = max(0.0, elapsed - request.limit)
        if isinstance(line, BotError):
            raise BotFaultError(seat, line, overrun)
        try:
            command = _answer(line, request.act_id, legal)
        except BotError as fault:
            raise BotFaultError(seat, fault, overrun) from None
        left = self.remaining[seat]
        if left is not None:
            self.remaining[seat] = left - elapsed + self.remote[seat].clock.increment
        return command

    def _command_json(self, command: Command) -> bytes:
        """The JSON of a legal command, as :func:`~chicago_poker.formats.jsonio.to_json` has it."""
        text = self.legal_json.get(command)
        if text is None:
            text = self.legal_json[command] = orjson.dumps(to_json(command))
        return text

    def flooded(self) -> BotFaultError | None:
        """The fault of a remote seat that flooded its standard error meanwhile, if any."""
        for seat, bot in self.remote.items():
            if bot.process.flooded:
                return BotFaultError(
                    seat,
                    BotError("stderr-flood", f"over {STDERR_LIMIT} bytes on stderr in a game"),
                    0.0,
                )
        return None

    def end(self, reason: str, seat: int | None, detail: str) -> None:
        """Tell every remote seat how the game ended; end them all after a fault."""
        state = self.game.state
        message = {
            "type": "game_over",
            "winner": state.winner,
            "termination": reason,
            "seat": seat,
            "detail": detail,
        }
        line = orjson.dumps(message).decode()
        for each, bot in self.remote.items():
            if each == seat:
                bot.process.kill()
                bot.close(quit_first=False)
            else:
                self.flush(each, line)
                if seat is not None:
                    bot.close()


@frozen
class _Request:
    """An ``act`` sent to a remote seat, waiting for its answer."""

    process: BotProcess
    act_id: int
    sent: float
    """When it was sent (``time.monotonic``)."""
    limit: float
    """Seconds the bot has for it."""
    deadline: float
    """When the wait for it ends: its limit and the latency allowance after it was sent."""


class BotFaultError(Exception):
    """A remote bot's fault: its seat, the termination and how far past its limit it was."""

    def __init__(self, seat: int, fault: BotError, overrun: float) -> None:
        """Make the error of ``seat``'s ``fault``, ``overrun`` seconds past its limit."""
        super().__init__(str(fault))
        self.seat = seat
        self.fault = fault
        self.overrun = overrun


def _header_line(state: GameState, seat: int) -> str:
    """Line 1 of ``seat``'s redacted log of the game ``state`` begins."""
    seated = tuple(player.name for player in state.players)
    header = LogHeader(chicago_poker.__version__, state.options, seated, {}, LogKind.REDACTED, seat)
    return dump_header(header)


def _act_line(
    act_id: int, entries: int, seen: PlayerView | None, legal: bytes, timing: dict[str, int | None]
) -> str:
    """The line of an ``act`` message; ``legal`` is the JSON of the commands, comma-separated.

    A seat whose bot asked for no view (``view: false`` in its hello) gets ``"view":null``.
    """
    parts = (
        f'{{"type":"act","id":{act_id},"entries":{entries},"view":',
        "null" if seen is None else orjson.dumps(to_json(seen)).decode(),
        ',"legal":[',
        legal.decode(),
        '],"clock":',
        orjson.dumps(timing).decode(),
        "}",
    )
    return "".join(parts)


def to_json_options(options: RuleOptions) -> dict[str, Any]:
    """The rule options as JSON data, as a log header holds them."""
    return attrs.asdict(options)


def _answer(line: bytes, act_id: int, legal: Sequence[Command]) -> Command:
    """The command of a bot's ``move`` line, checked to answer ``act_id`` with a legal command."""
    message = _parse(line, "move")
    if message.get("id") != act_id:
        raise BotError("stale-answer", f"answered id {message.get('id')!r}, not {act_id}")
    try:
        command = command_from_json(message.get("command"))
    except ChicagoPokerError as error:
        raise BotError("bad-message", f"move: command: {error}"[:300]) from None
    if command not in legal:
        raise BotError("illegal-command", f"{orjson.dumps(message.get('command'))[:200]!r}")
    return command


def play_table(
    options: RuleOptions,
    players: Sequence[Player],
    seed: int,
    *,
    names: Sequence[str] | None = None,
    duplicate: bool = False,
    max_commands: int = MAX_COMMANDS,
    index: int = 0,
    seeds: Sequence[int] | None = None,
) -> TableResult:
    """Play one game between ``players``, one a seat; chance is the dealer seeded by ``seed``.

    ``seeds`` are the seeds the remote seats are told in ``new_game``, one a seat (by
    default :func:`bot_seed` of ``seed`` and the seat, those ``play`` and ``simulate`` make
    their bots with).

    ``duplicate`` gives the dealer a fixed order of cards and tiles (duplicate deals, see
    :class:`~chicago_poker.players.game.Dealer`). ``index`` is the game's number in a match,
    as ``new_game`` tells the remote seats. A remote seat ended by a fault is closed, and so
    are the others (start new ones for the next game); after a game ended by the rules, the
    remote seats are told so and may play the next.

    Raises:
        InvalidArgumentError: ``names`` or ``seeds`` is not one per player.
    """
    for what, given in (("names", names), ("seeds", seeds)):
        if given is not None and len(given) != len(players):
            raise InvalidArgumentError(
                f"play_table: {what}: one per player, {len(players)} of them, not {len(given)}"
            )
    kinds = [player.name for player in players]
    seated = tuple(names) if names is not None else player_names(kinds)
    game = Game.new(seated, options, seed, duplicate=duplicate)
    table = Referee(game, players, seed, index, seeds)
    try:
        _play(table, max_commands)
    except BotFaultError as fault:
        table.end(fault.fault.reason, fault.seat, fault.fault.detail)
        return TableResult(
            game, fault.fault.reason, fault.seat, fault.fault.detail, fault.overrun, _sent(table)
        )
    reason = "finished" if game.state.is_over or not _asked(game.state) else "command-limit"
    table.end(reason, None, "")
    return TableResult(game, reason, sent=_sent(table))


def _execute(game: Game, chosen: Mapping[int, Command]) -> None:
    """Play the seats' ``chosen`` commands in the order of the seats.

    Raises:
        BotFaultError: A choice made at the same time as another's is no longer legal.
    """
    for seat in sorted(chosen):
        try:
            game.execute(chosen[seat])
        except IllegalCommand as error:  # a simultaneous choice no longer legal
            raise BotFaultError(seat, BotError("illegal-command", str(error)[:200]), 0.0) from None


def _play(table: Referee, max_commands: int) -> None:
    """Ask the seats and play their commands until none must decide, or ``max_commands`` times.

    Raises:
        BotFaultError: A remote bot's fault.
    """
    game = table.game
    for _ in range(max_commands):
        asked = _asked(game.state)
        if not asked:
            break
        _execute(game, table.choose(asked))
        table.stream()
        if (flood := table.flooded()) is not None:
            raise flood


def _sent(table: Referee) -> dict[int, tuple[str, ...]]:
    return {seat: tuple(lines) for seat, lines in table.sent.items()}


def _asked(state: GameState) -> dict[int, tuple[Command, ...]]:
    """The seats that must decide now, with their legal commands: all tied seats at once."""
    waiting = awaiting(state, check_actions=False)
    if waiting is _ACTION:
        legal = legal_commands(state)
        return {state.turn.player: legal} if legal else {}
    if waiting is _REINFORCEMENT:
        asked = {}
        for seat in range(len(state.players)):
            legal = legal_commands(state, seat)
            if legal:
                asked[seat] = legal
        return asked
    return {}
