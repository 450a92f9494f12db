"""The tables of a web server: games, their seats' tokens, their bots and what each seat sees.

A :class:`Table` holds one :class:`~chicago_poker.players.game.Game`. Every command a seat
sends is decided by the engine (:meth:`Game.execute <chicago_poker.Game.execute>`); the bots
play their seats through the same call. As events happen, the table redacts each of them once
for every seat and for spectators with :func:`~chicago_poker.redact`, the function the logs
use, and a connection only ever reads the stream of its own viewer.

Nothing here does network I/O: :mod:`chicago_poker.web.app` serves these tables.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import orjson
from attrs import frozen

from chicago_poker.core.apply import apply
from chicago_poker.core.commands import Command
from chicago_poker.core.errors import ChicagoPokerError, IllegalCommand
from chicago_poker.core.events import Event
from chicago_poker.core.redacted_events import redact
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.core.views import view
from chicago_poker.formats.jsonio import JSONObject, command_from_json, to_json
from chicago_poker.formats.log import LogKind, entries_to_lines
from chicago_poker.players.bots import BOTS, Bot
from chicago_poker.players.game import Game
from chicago_poker.web.limits import MAX_CONNECTIONS_PER_TABLE, MAX_NAME_LENGTH, MAX_TABLES
from chicago_poker.web.render import command_words, event_words, table_svg

__all__ = ["Table", "TableError", "TableRequest", "Tables", "read_request"]

Viewer = int | None
"""A seat number, or None for a spectator."""


class TableError(ChicagoPokerError, ValueError):
    """A request the server refuses: the message says what is wrong and where."""

    def __init__(self, message: str, *, code: str) -> None:
        """Make the error; ``code`` is a short name a client can match, such as ``bad-token``."""
        super().__init__(message)
        self.code = code


@frozen
class TableRequest:
    """What a new table needs: the players' names, the rule options and a bot per seat."""

    names: tuple[str, ...]
    """The players' names, by seat."""

    options: RuleOptions
    """The rule options."""

    bots: tuple[str | None, ...]
    """The bot that plays each seat (a name of :data:`~chicago_poker.BOTS`), None for a person."""


def read_request(data: object) -> TableRequest:
    """The table request of JSON data ``{"names": [...], "bots": [...], "options": {...}}``.

    ``bots`` may be left out (every seat a person) and so may ``options`` (the defaults).
    Whether the number of players is one the game allows is the engine's to say, when the
    table is made.

    Raises:
        TableError: ``data`` is not such a request; the message names the field.
    """
    if not isinstance(data, dict):
        raise TableError("$: a table request is a JSON object", code="bad-request")
    _only_keys(data, {"names", "bots", "options"}, "$")
    names = _names(data.get("names"))
    bots = _bots(data.get("bots", [None] * len(names)), len(names))
    return TableRequest(names, _options(data.get("options", {})), bots)


def _only_keys(data: Mapping[str, Any], known: set[str], where: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise TableError(
            f"{where}.{unknown[0]}: unknown field; the fields are {', '.join(sorted(known))}",
            code="bad-request",
        )


def _names(names: object) -> tuple[str, ...]:
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise TableError("$.names: a list of the players' names is needed", code="bad-request")
    for index, name in enumerate(names):
        if not name.strip() or len(name) > MAX_NAME_LENGTH or not name.isprintable():
            raise TableError(
                f"$.names[{index}]: a name is 1 to {MAX_NAME_LENGTH} printable characters",
                code="bad-request",
            )
    return tuple(name.strip() for name in names)


def _bots(bots: object, seats: int) -> tuple[str | None, ...]:
    if not isinstance(bots, list) or len(bots) != seats:
        raise TableError(
            f"$.bots: a list of {seats} entries is needed, one per seat: a bot's name or null",
            code="bad-request",
        )
    for index, bot in enumerate(bots):
        if bot is not None and bot not in BOTS:
            raise TableError(
                f"$.bots[{index}]: {bot!r} is not a bot; the bots are {', '.join(BOTS)}",
                code="bad-request",
            )
    return tuple(bots)


def _options(options: object) -> RuleOptions:
    if not isinstance(options, dict):
        raise TableError("$.options: an object of rule options is needed", code="bad-request")
    _only_keys(options, {field.name for field in attrs.fields(RuleOptions)}, "$.options")
    try:
        return RuleOptions(**options)
    except ChicagoPokerError as error:
        raise TableError(f"$.options: {error}", code="bad-request") from None


class Table:
    """One game at the server: its seats' tokens, its bots, and each viewer's events."""

    def __init__(
        self, table_id: str, request: TableRequest, game: Game, seed: int, tokens: dict[str, Viewer]
    ) -> None:
        """A table for ``game``, dealt with ``seed``; ``tokens`` gives each token's seat.

        :meth:`deal` makes a new one.
        """
        self.id = table_id
        self.game = game
        self.seed = seed
        self.request = request
        self.names = request.names
        self.bots: dict[int, Bot] = {
            seat: BOTS[kind](seed * 10 + seat) for seat, kind in enumerate(request.bots) if kind
        }
        self.tokens = tokens
        self.connections = 0
        self.changed = asyncio.Condition()
        self.on_change: Callable[[Table], None] | None = None
        self._seen: dict[Viewer, list[JSONObject]] = {None: []}
        self._seen.update({seat: [] for seat in range(len(self.names))})
        self._words: dict[Viewer, list[str]] = {viewer: [] for viewer in self._seen}
        self._state: GameState | None = None
        self._record(self.game.events)

    @classmethod
    def deal(cls, table_id: str, request: TableRequest, seed: int) -> Table:
        """Deal a new game for ``request`` with a dealer seeded by ``seed``; make its tokens.

        Raises:
            TableError: the engine refuses the players (R-2.1, R-2.2): the message is its own.
        """
        try:
            game = Game.new(request.names, request.options, seed=seed)
        except IllegalCommand as error:
            raise TableError(f"$.names: {error} ({error.rule})", code="bad-request") from None
        humans: list[Viewer] = [seat for seat, kind in enumerate(request.bots) if kind is None]
        tokens = {secrets.token_urlsafe(24): seat for seat in [*humans, None]}
        return cls(table_id, request, game, seed, tokens)

    @property
    def events(self) -> int:
        """How many events the game has had; every viewer's stream is as long."""
        return len(self._seen[None])

    def viewer(self, token: str) -> Viewer:
        """The seat of ``token``, or None for the spectators' token.

        Raises:
            TableError: ``token`` is none of this table's.
        """
        for known, seat in self.tokens.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                return seat
        raise TableError(
            f"table {self.id}: this token opens no seat of the table; use the link the table "
            "gave you",
            code="bad-token",
        )

    def token_of(self, viewer: Viewer) -> str:
        """The token of a seat (None: the spectators')."""
        return next(token for token, seat in self.tokens.items() if seat == viewer)

    def submit(self, seat: int, data: object) -> None:
        """Carry out the command of JSON ``data`` sent by ``seat``.

        Raises:
            TableError: ``data`` is not the JSON of a command, or not one of ``seat``'s.
            IllegalCommand: the engine refuses the command; nothing changed.
        """
        try:
            command = command_from_json(data)
        except ChicagoPokerError as error:
            raise TableError(f"command: {error}", code="bad-command") from None
        if getattr(command, "player", None) != seat:
            raise TableError(
                f"command: a seat sends only its own commands: this connection is seat {seat} "
                f"({self.names[seat]}), and chance is the server's",
                code="not-your-seat",
            )
        self._execute(command)

    def bot_move(self) -> bool:
        """Let one bot that may act now play; False if no bot may act."""
        for seat, bot in self.bots.items():
            legal = self.game.legal_commands(seat)
            if legal:
                self._execute(bot.choose(view(self.game.state, seat), legal))
                return True
        return False

    def updates(self, viewer: Viewer, since: int) -> list[JSONObject]:
        """The messages that bring ``viewer`` from ``since`` events to the present."""
        messages: list[JSONObject] = []
        if since < self.events:
            messages.append(
                {
                    "type": "events",
                    "first": since,
                    "events": self._seen[viewer][since:],
                    "words": self._words[viewer][since:],
                }
            )
        seen = view(self.game.state, viewer)
        svg = table_svg(seen, self.names)
        messages.append({"type": "view", "events": self.events, "view": to_json(seen), "svg": svg})
        if viewer is not None:
            legal = self.game.legal_commands(viewer)
            words = [command_words(command, self.names, viewer, seen) for command in legal]
            messages.append(
                {"type": "legal", "events": self.events, "commands": to_json(legal), "words": words}
            )
        return messages

    def log_lines(self, viewer: Viewer, *, full: bool) -> list[str]:
        """The lines of the game's log: the full one, or ``viewer``'s redacted one.

        Raises:
            TableError: the full log is asked for before the game is over.
        """
        if not full:
            kind = LogKind.REDACTED
            return list(entries_to_lines(self.game, kind=kind, viewer=viewer))
        if not self.game.state.is_over:
            raise TableError(
                f"table {self.id}: the full log holds every hidden card; it can be downloaded "
                "once the game is over",
                code="not-over",
            )
        return list(entries_to_lines(self.game, provenance={"seed": self.seed}))

    def _execute(self, command: Command) -> None:
        self._record(self.game.execute(command))
        if self.on_change is not None:
            self.on_change(self)

    def _record(self, events: Sequence[Event]) -> None:
        for event in events:
            for viewer, seen in self._seen.items():
                redacted = redact(self._state, event, viewer)
                seen.append(to_json(redacted))
                self._words[viewer].append(event_words(redacted, self.names, viewer))
            self._state = apply(self._state, event)

    async def wait_past(self, events: int) -> None:
        """Wait until the game has had more than ``events`` events."""
        async with self.changed:
            await self.changed.wait_for(lambda: self.events > events)

    async def notify(self) -> None:
        """Wake every connection of the table to send what changed."""
        async with self.changed:
            self.changed.notify_all()


def _describe(table: Table) -> str:
    """The table's JSON for its file in the data directory: all but the game, in its log."""
    request = {
        "names": list(table.names),
        "bots": list(table.request.bots),
        "options": attrs.asdict(table.request.options),
    }
    tokens = [{"token": token, "seat": seat} for token, seat in table.tokens.items()]
    data = {"table": table.id, "seed": table.seed, "request": request, "tokens": tokens}
    return orjson.dumps(data).decode()


def _write(path: Path, lines: Iterable[str]) -> None:
    """Write ``lines`` to ``path`` through a new file, so a crash never leaves half a file.

    The files hold the seats' tokens and every hidden card: only their owner may read them.
    """
    partial = path.with_name(path.name + ".partial")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with open(descriptor, "w", encoding="utf-8") as file:
        file.writelines(line + "\n" for line in lines)
    os.replace(partial, path)


class Tables:
    """The tables of one server, at most :data:`~chicago_poker.web.limits.MAX_TABLES`."""

    def __init__(self, *, bot_delay: float = 0.0, data_dir: Path | None = None) -> None:
        """Hold the tables kept in ``data_dir``, if any; bots wait ``bot_delay`` s a move.

        A table whose files cannot be resumed is left on disk and named in :attr:`skipped`.
        """
        self.bot_delay = bot_delay
        self.data_dir = data_dir
        self._tables: dict[str, Table] = {}
        self._runners: dict[str, asyncio.Task[None]] = {}
        self.skipped: list[str] = []
        """Why each table in ``data_dir`` that could not be resumed was left out."""
        if data_dir is not None and data_dir.is_dir():
            for about in sorted(data_dir.glob("*.json")):
                self._resume(about)

    def _resume(self, about: Path) -> None:
        """Take back the table of ``about`` and its log, through the engine again."""
        try:
            data = orjson.loads(about.read_bytes())
            request = read_request(data["request"])
            game = Game.from_log(about.with_suffix(".jsonl"))
            tokens = {entry["token"]: entry["seat"] for entry in data["tokens"]}
            table = Table(data["table"], request, game, data["seed"], tokens)
        except (OSError, ValueError, KeyError, TypeError, ChicagoPokerError) as error:
            self.skipped.append(f"{about.name}: {error}")
            return
        table.on_change = self._save
        self._tables[table.id] = table

    def tables(self) -> list[Table]:
        """Every table, oldest first."""
        return list(self._tables.values())

    def __len__(self) -> int:
        """How many tables there are."""
        return len(self._tables)

    def create(self, request: TableRequest, seed: int | None = None) -> Table:
        """Make a table for ``request``; the dealer's seed is drawn at random unless given.

        Raises:
            TableError: the server holds :data:`MAX_TABLES` unfinished tables, or the
                engine refuses the players.
        """
        if len(self._tables) >= MAX_TABLES and not self._evict_finished():
            raise TableError(
                f"this server holds its most tables ({MAX_TABLES}) and none has finished; "
                "try again later",
                code="too-many-tables",
            )
        table_id = secrets.token_urlsafe(9)
        table = Table.deal(table_id, request, secrets.randbelow(2**31) if seed is None else seed)
        self._add(table)
        return table

    def _add(self, table: Table) -> None:
        self._tables[table.id] = table
        if self.data_dir is not None:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            _write(self.data_dir / f"{table.id}.json", [_describe(table)])
            table.on_change = self._save
            self._save(table)

    def _save(self, table: Table) -> None:
        """Keep the table's full log on disk, replacing the last one at once."""
        assert self.data_dir is not None
        lines = entries_to_lines(table.game, provenance={"seed": table.seed})
        _write(self.data_dir / f"{table.id}.jsonl", lines)

    def get(self, table_id: str) -> Table:
        """The table of ``table_id``.

        Raises:
            TableError: there is no such table.
        """
        table = self._tables.get(table_id)
        if table is None:
            raise TableError(
                f"table {table_id!r}: no such table on this server; it never existed, or it "
                "finished and was removed",
                code="unknown-table",
            )
        return table

    def join(self, table: Table) -> None:
        """Count one more connection to ``table``.

        Raises:
            TableError: the table has :data:`MAX_CONNECTIONS_PER_TABLE` already.
        """
        if table.connections >= MAX_CONNECTIONS_PER_TABLE:
            raise TableError(
                f"table {table.id}: it has its most connections ({MAX_CONNECTIONS_PER_TABLE}); "
                "close another tab first",
                code="too-many-connections",
            )
        table.connections += 1

    def wake(self, table: Table) -> None:
        """Start the table's bots if they have a move to make and are not playing already."""
        runner = self._runners.get(table.id)
        if table.bots and (runner is None or runner.done()):
            self._runners[table.id] = asyncio.get_running_loop().create_task(self._run(table))

    async def _run(self, table: Table) -> None:
        while table.bot_move():
            await table.notify()
            await asyncio.sleep(self.bot_delay)

    def _evict_finished(self) -> bool:
        """Remove the oldest finished table; False if none has finished."""
        for table_id, table in self._tables.items():
            if table.game.state.is_over and table.connections == 0:
                del self._tables[table_id]
                self._runners.pop(table_id, None)
                return True
        return False
