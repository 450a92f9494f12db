"""The tables of a web server: games, their seats' tokens, their bots and what each seat sees.

A :class:`Table` holds one :class:`~chicago_poker.players.game.Game`. Every command a seat
sends is decided by the engine (:meth:`Game.execute <chicago_poker.Game.execute>`); the bots
play their seats through the same call (:mod:`chicago_poker.web.bots`), a search bot thinking
in a worker process while the server serves the other tables. The table redacts each event
once for every viewer a connection follows (a seat, or the spectators) with
:func:`~chicago_poker.redact`, the function the logs use, when a connection of that viewer
first needs it: a bot's seat that nobody watches costs nothing. A connection only ever reads
the stream of its own viewer.

Nothing here does network I/O: :mod:`chicago_poker.web.app` serves these tables.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Final

import attrs
import orjson

from chicago_poker.core.apply import apply
from chicago_poker.core.commands import Command, DealCard, RevealTile, StartGame
from chicago_poker.core.errors import ChicagoPokerError, IllegalCommand
from chicago_poker.core.events import Event
from chicago_poker.core.redacted_events import SeenEvent, redact
from chicago_poker.core.state import GameState
from chicago_poker.core.views import PlayerView, view
from chicago_poker.display.words import needs_view
from chicago_poker.formats.jsonio import JSONObject, command_from_json, to_json
from chicago_poker.formats.log import LogKind, dump_entry, entries_to_lines
from chicago_poker.players.bots import Bot
from chicago_poker.players.game import Game
from chicago_poker.web.bots import Roster, TableBots, Turn
from chicago_poker.web.limits import MAX_CONNECTIONS_PER_SEAT, Bounds
from chicago_poker.web.render import command_words, event_words, table_svg
from chicago_poker.web.requests import TableError, TableRequest, read_request
from chicago_poker.web.thinking import Thinkers, ThinkingError

__all__ = ["Table", "TableError", "TableRequest", "Tables", "read_request"]

LOGGER: Final = logging.getLogger("chicago_poker.web")
"""Where the server says why a bot played the heuristic bot's choice instead of its own."""

Viewer = int | None
"""A seat number, or None for a spectator."""

GATHER_TURNS = 64
"""The most turns of the event loop a connection waits for the events of one update.

A connection woken by an event lets the loop run while each turn brings more (the bots
playing one move after another, with no delay), so that one update carries them all and the
picture is drawn once for them; it sends what it has after this many turns at most.
"""

_CHANCE = (StartGame, DealCard, RevealTile)
"""The commands of chance: the last move is the last command of a seat, and what followed."""


class Table:
    """One game at the server: its seats' tokens, its bots, and each viewer's events."""

    def __init__(
        self,
        table_id: str,
        request: TableRequest,
        game: Game,
        seed: int,
        tokens: dict[str, Viewer],
        owner: str | None = None,
        roster: Roster | None = None,
    ) -> None:
        """A table for ``game``, dealt with ``seed``; ``tokens`` gives each token's seat.

        ``owner`` is the client's address, if known; ``roster`` the server's bots (a bot it
        cannot seat raises TableError). :meth:`deal` makes a new one.
        """
        self.id = table_id
        self.game = game
        self.seed = seed
        self.request = request
        self.names = request.names
        self.owner = owner
        self.bot_seats = TableBots(request.bots, seed, roster)
        """The table's bots, and the history each bot that thinks in a worker is told."""
        self.bots: dict[int, Bot] = self.bot_seats.bots
        self.tokens = tokens
        self.open: dict[Viewer, int] = {}
        """The open connections of each viewer."""
        self.active = 0.0
        """When the table last changed, on its server's clock."""
        self.finished: float | None = None
        """When the game ended, on its server's clock; None while it goes on."""
        self.removed: str | None = None
        """Why the server removed the table, once it has; its connections then close."""
        self.next: str | None = None
        """The table of the next game, once a seat asked to play again (:meth:`Tables.again`)."""
        self.saved = 0
        """How many entries of the history its log on disk holds."""
        self.changed = asyncio.Condition()
        self.on_change: Callable[[Table], None] | None = None
        self._events: list[Event] = list(self.game.events)
        self._streams: dict[Viewer, _Stream] = {None: _Stream()}
        self._streams.update({seat: _Stream() for seat in range(len(self.names))})
        self._present: dict[tuple[Viewer, str], tuple[int, list[JSONObject], list[str]]] = {}
        self._history: dict[Viewer, tuple[int, list[str]]] = {}
        self._news: dict[Viewer, tuple[int, int, list[str]]] = {}
        self._moved = _last_move_start(self.game)
        """Where the last move's events start: those of the last command and its chance."""

    @classmethod
    def deal(
        cls,
        table_id: str,
        request: TableRequest,
        seed: int,
        owner: str | None = None,
        tokens: dict[str, Viewer] | None = None,
        roster: Roster | None = None,
    ) -> Table:
        """Deal a new game for ``request`` with a dealer seeded by ``seed``.

        The table's tokens are ``tokens`` (those of the table played before, to play again)
        or new ones.

        Raises:
            TableError: the engine refuses the players (R-2.1, R-2.2), or ``roster`` a bot.
        """
        try:
            game = Game.new(request.names, request.options, seed=seed)
        except IllegalCommand as error:
            raise TableError(f"$.names: {error} ({error.rule})", code="bad-request") from None
        if tokens is None:
            humans: list[Viewer] = [seat for seat, kind in enumerate(request.bots) if kind is None]
            tokens = {secrets.token_urlsafe(24): seat for seat in [*humans, None]}
        return cls(table_id, request, game, seed, dict(tokens), owner, roster)

    @property
    def events(self) -> int:
        """How many events the game has had; every viewer's stream is as long."""
        return len(self._events)

    @property
    def connections(self) -> int:
        """How many connections are open to the table, seats and spectators together."""
        return sum(self.open.values())

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

    def bot_turn(self) -> Turn | None:
        """The move a bot may make now (the first such bot's, by seat); None if none may."""
        return self.bot_seats.turn(self.game)

    def bot_move(self) -> bool:
        """Let one bot that may act now play, thinking in this process; False if none may."""
        turn = self.bot_turn()
        if turn is None:
            return False
        return self.play_bot(turn, self.bot_seats.choose_here(self.game, turn))

    def play_bot(self, turn: Turn, command: Command) -> bool:
        """Play ``command``, chosen for ``turn``, if the game is still where the bot was asked.

        Nothing is played, and False returned, once the table is removed or the history has
        moved on (a person's command came while the bot thought): the bot is asked again. A
        command that is not the seat's, or that the engine refuses, is logged, and the
        heuristic bot's choice is played instead.
        """
        if not self.awaits(turn):
            return False
        if getattr(command, "player", None) != turn.seat:
            self._execute(self.fallback(turn, f"it chose a command of another seat: {command!r}"))
            return True
        try:
            self._execute(command)
        except IllegalCommand as error:
            self._execute(self.fallback(turn, f"the engine refused its command: {error}"))
        return True

    def awaits(self, turn: Turn) -> bool:
        """Whether the table still awaits the move of ``turn``: kept, and nothing played since."""
        return self.removed is None and len(self.game.history) == turn.move

    def fallback(self, turn: Turn, reason: str) -> Command:
        """The heuristic bot's choice for ``turn``; ``reason`` (why not the bot's) is logged."""
        LOGGER.warning(
            "table %s: seat %d (%s, the %s bot): %s; it plays the heuristic bot's choice",
            self.id,
            turn.seat,
            self.names[turn.seat],
            self.bot_seats.kinds[turn.seat],
            reason,
        )
        return self.bot_seats.fallback(self.game, turn)

    def updates(self, viewer: Viewer, since: int, layout: str = "wide") -> list[JSONObject]:
        """The messages that bring ``viewer`` from ``since`` events to the present.

        ``layout`` is how the picture is drawn (:data:`~chicago_poker.web.render.LAYOUTS`).
        """
        return [*self._events_since(viewer, since), *self._now(viewer, layout)[1]]

    def frames(self, viewer: Viewer, since: int, layout: str = "wide") -> list[str]:
        """The messages of :meth:`updates` as the text frames a connection sends.

        Each is written once for all the connections of a viewer: the whole history (``since``
        0), which every new connection is sent, once per viewer and event; the events of an
        update, once per viewer, ``since`` and event; the view and legal commands once per
        viewer and event.
        """
        history = self._history.get(viewer) if since == 0 else None
        news = self._news.get(viewer) if since > 0 else None
        if history is not None and history[0] == self.events:
            texts = history[1]
        elif news is not None and news[:2] == (since, self.events):
            texts = news[2]
        else:
            texts = [_text(message) for message in self._events_since(viewer, since)]
            if since == 0:
                self._history[viewer] = (self.events, texts)
            else:
                self._news[viewer] = (since, self.events, texts)
        return [*texts, *self._now(viewer, layout)[2]]

    def _events_since(self, viewer: Viewer, since: int) -> list[JSONObject]:
        if since >= self.events:
            return []
        stream = self._stream(viewer)
        events, words = stream.seen[since:], stream.words[since:]
        return [{"type": "events", "first": since, "events": events, "words": words}]

    def _stream(self, viewer: Viewer) -> _Stream:
        """The stream of ``viewer``, brought up to the present.

        Each event is redacted for the viewer, and put in words, the first time a connection
        of the viewer needs it; the seat's view before the event is made only where the words
        need it (:func:`~chicago_poker.display.words.needs_view`).
        """
        stream = self._streams[viewer]
        for event in self._events[len(stream.seen) :]:
            redacted = redact(stream.state, event, viewer)
            stream.redacted.append(redacted)
            stream.seen.append(to_json(redacted))
            before = (
                view(stream.state, viewer)
                if stream.state is not None and needs_view(redacted, viewer)
                else None
            )
            stream.words.append(event_words(redacted, self.names, viewer, before))
            stream.state = apply(stream.state, event)
        return stream

    def view_frame(self, viewer: Viewer, layout: str) -> str:
        """The text frame of ``viewer``'s ``view`` message now, its picture drawn in ``layout``."""
        return self._now(viewer, layout)[2][0]

    def _now(self, viewer: Viewer, layout: str) -> tuple[int, list[JSONObject], list[str]]:
        """The ``view`` (and for a seat ``legal``) message of ``viewer`` now, and their text.

        Made once per viewer, layout and event: every connection of a seat, and every
        spectator, shares them, and the picture of the table is drawn once. The picture
        rings the last move's events as the viewer was told them.
        """
        present = self._present.get((viewer, layout))
        if present is not None and present[0] == self.events:
            return present
        seen = view(self.game.state, viewer)
        last = self._stream(viewer).redacted[self._moved :]
        svg = table_svg(seen, self.names, lastmove=last, layout=layout)
        shown = {"events": self.events, "view": to_json(seen), "svg": svg, "lastmove": self._moved}
        messages: list[JSONObject] = [{"type": "view", **shown}]
        if viewer is not None:
            messages.append(self._legal_message(viewer, seen))
        texts = [_text(message) for message in messages]
        self._present[(viewer, layout)] = present = (self.events, messages, texts)
        return present

    def _legal_message(self, seat: int, seen: PlayerView) -> JSONObject:
        """The ``legal`` message of ``seat``: its legal commands, as JSON and in words."""
        legal = self.game.legal_commands(seat)
        words = [command_words(command, self.names, seat, seen) for command in legal]
        return {"type": "legal", "events": self.events, "commands": to_json(legal), "words": words}

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
        self._moved = self.events  # a move: one command and the chance that followed it
        self._events.extend(events)

    async def wait_past(self, events: int, known_next: str | None = None) -> None:
        """Wait for more than ``events`` events, the table's removal, or a :attr:`next` game.

        The wait ends as soon as :attr:`next` is no longer ``known_next``.

        Then wait while each turn of the event loop brings more events (up to
        :data:`GATHER_TURNS` turns), so that they make one update.
        """
        async with self.changed:
            await self.changed.wait_for(
                lambda: self.events > events or self.removed is not None or self.next != known_next
            )
        for _ in range(GATHER_TURNS):
            events = self.events
            await asyncio.sleep(0)
            if self.events == events or self.removed is not None:
                return

    async def notify(self) -> None:
        """Wake every connection of the table to send what changed."""
        async with self.changed:
            self.changed.notify_all()


class _Stream:
    """What one viewer of a table has been shown: each event redacted, and in words."""

    __slots__ = ("redacted", "seen", "state", "words")

    def __init__(self) -> None:
        self.redacted: list[SeenEvent] = []
        """Each event as the viewer sees it: the last move's are ringed in its picture."""
        self.seen: list[JSONObject] = []
        """The JSON of each event, as the viewer sees it."""
        self.words: list[str] = []
        """Each event in words, as told to the viewer."""
        self.state: GameState | None = None
        """The state after the events in the stream: the one the next is redacted from."""


def _last_move_start(game: Game) -> int:
    """How many events came before the last player's command of ``game`` (all, if none)."""
    history = game.history
    moves = [at for at, entry in enumerate(history) if not isinstance(entry.command, _CHANCE)]
    last = moves[-1] if moves else len(history)
    return sum(len(entry.events) for entry in history[:last])


def _text(message: JSONObject) -> str:
    """The text frame of a message."""
    return orjson.dumps(message).decode()


def _describe(table: Table) -> str:
    """The table's JSON for its file in the data directory: all but the game, in its log."""
    request = {
        "names": list(table.names),
        "bots": list(table.request.bots),
        "options": attrs.asdict(table.request.options),
    }
    tokens = [{"token": token, "seat": seat} for token, seat in table.tokens.items()]
    data = {
        "table": table.id,
        "seed": table.seed,
        "request": request,
        "tokens": tokens,
        "owner": table.owner,
        "next": table.next,
    }
    return orjson.dumps(data).decode()


def _load(about: Path, roster: Roster) -> Table:
    """The table of ``about`` (:func:`_describe`), resumed from its log, its bots ``roster``'s."""
    log = about.with_suffix(".jsonl")
    data = orjson.loads(about.read_bytes())
    request = read_request(data["request"], roster.names)
    _whole_lines(log)
    game = Game.from_log(log)
    tokens = {entry["token"]: entry["seat"] for entry in data["tokens"]}
    table = Table(data["table"], request, game, data["seed"], tokens, data.get("owner"), roster)
    following = data.get("next")  # the table of the next game, if one was asked for
    if following is not None and not isinstance(following, str):
        raise TypeError(f"next: a table's name or null, not {following!r}")
    table.next = following
    return table


def _write(path: Path, lines: Iterable[str]) -> None:
    """Write ``lines`` to ``path`` through a new file, so a crash never leaves half a file.

    The files hold the seats' tokens and every hidden card: only their owner may read them.
    """
    partial = path.with_name(path.name + ".partial")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with open(descriptor, "w", encoding="utf-8") as file:
        file.writelines(line + "\n" for line in lines)
    os.replace(partial, path)


def _append(path: Path, lines: Iterable[str]) -> None:
    """Add ``lines`` at the end of ``path``, in one write."""
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND)
    with open(descriptor, "w", encoding="utf-8") as file:
        file.write("".join(line + "\n" for line in lines))


def _whole_lines(path: Path) -> None:
    """Cut a last line left half written (by a crash while appending) from ``path``.

    The command of that line is lost, as if the crash had come before it.
    """
    with open(path, "rb+") as file:
        size = file.seek(0, os.SEEK_END)
        if size == 0:
            return
        file.seek(size - 1)
        if file.read(1) == b"\n":
            return
        file.seek(0)
        file.truncate(file.read().rfind(b"\n") + 1)


class Tables:
    """The tables of one server, within its :class:`~chicago_poker.web.limits.Bounds`.

    A table is removed, with its files, once it has been idle for ``idle_seconds`` (no
    event), or ``keep_finished_seconds`` after its game ended: till then its logs can be
    downloaded. :meth:`expire` removes them; the server calls it every :attr:`sweep_seconds`.
    """

    def __init__(
        self,
        *,
        bot_delay: float = 0.0,
        data_dir: Path | None = None,
        bounds: Bounds | None = None,
        clock: Callable[[], float] = time.monotonic,
        thinkers: Thinkers | None = None,
        roster: Roster | None = None,
    ) -> None:
        """Hold the tables kept in ``data_dir``, if any; bots wait ``bot_delay`` s a move.

        The search bots think in the worker processes of ``thinkers`` (by default one, and a
        move at most :data:`~chicago_poker.web.limits.BOT_SECONDS`). ``clock`` tells the time
        in seconds (only a test needs another). The newest tables of ``data_dir`` are resumed,
        up to the most the server keeps; a table whose files cannot be resumed, or one past
        that most, is left on disk and named in :attr:`skipped`; one that would have expired
        while the server was stopped is removed and named there too. ``roster``: the bots.
        """
        self.bot_delay = bot_delay
        self.data_dir = data_dir
        self.bounds = bounds if bounds is not None else Bounds()
        self.clock = clock
        self.thinkers = thinkers if thinkers is not None else Thinkers()
        self.roster = roster if roster is not None else Roster()
        self._tables: dict[str, Table] = {}
        self._runners: dict[str, asyncio.Task[None]] = {}
        self._notices: set[asyncio.Task[None]] = set()
        self.skipped: list[str] = []
        """Why each table in ``data_dir`` that was not resumed was left out."""
        if data_dir is not None and data_dir.is_dir():
            self._resume_all(data_dir)

    @property
    def sweep_seconds(self) -> float:
        """How often the server looks for tables to remove: a tenth of the shorter wait."""
        shorter = min(self.bounds.idle_seconds, self.bounds.keep_finished_seconds)
        return min(max(shorter / 10, 0.05), 30.0)

    def _resume_all(self, data_dir: Path) -> None:
        """Take back the newest tables of ``data_dir``, as many as the server keeps."""

        def changed(about: Path) -> float:
            log = about.with_suffix(".jsonl")
            return log.stat().st_mtime if log.exists() else about.stat().st_mtime

        found = sorted(data_dir.glob("*.json"), key=changed, reverse=True)
        longest = max(self.bounds.idle_seconds, self.bounds.keep_finished_seconds)
        for about in found:
            age = time.time() - changed(about)
            if len(self._tables) < self.bounds.max_tables:
                self._resume(about, age)
            else:
                self._leave_out(about, age >= longest)
        self._tables = dict(reversed(self._tables.items()))  # oldest first, as created

    def _leave_out(self, about: Path, expired: bool) -> None:
        """Skip the table of ``about``, past the most the server keeps; remove it if expired."""
        if expired:  # finished or not: its files go as the table's would
            for suffix in (".json", ".jsonl"):
                about.with_suffix(suffix).unlink(missing_ok=True)
            longest = max(self.bounds.idle_seconds, self.bounds.keep_finished_seconds)
            self.skipped.append(
                f"{about.name}: no event for {longest:g} s, and no table is kept that long; "
                "its files are removed"
            )
        else:
            self.skipped.append(
                f"{about.name}: the server keeps {self.bounds.max_tables} tables at most, "
                "and newer ones were resumed; its files are left on disk"
            )

    def _resume(self, about: Path, age: float) -> None:
        """Take back the table of ``about`` and its log (last changed ``age`` s ago)."""
        try:
            table = _load(about, self.roster)
        except (OSError, ValueError, KeyError, TypeError, ChicagoPokerError) as error:
            self.skipped.append(f"{about.name}: {error}")
            return
        table.active = self.clock() - max(age, 0.0)
        if table.game.state.is_over:
            table.finished = table.active
        table.saved = len(table.game.history)
        table.on_change = self._changed
        self._tables[table.id] = table
        gone = self._due(table, self.clock())
        if gone is not None:
            self._remove(table, gone)
            self.skipped.append(f"{about.name}: {gone}; its files are removed")

    def tables(self) -> list[Table]:
        """Every table, oldest first."""
        return list(self._tables.values())

    def __len__(self) -> int:
        """How many tables there are."""
        return len(self._tables)

    def create(
        self, request: TableRequest, seed: int | None = None, client: str | None = None
    ) -> Table:
        """Make a table for ``request``, held by ``client``; the seed is random unless given.

        Raises:
            TableError: ``client`` holds its share of the tables already, the server holds
                its most tables, or the engine refuses the players.
        """
        self.expire()
        self._check_room(client)
        table_id = secrets.token_urlsafe(9)
        seed = secrets.randbelow(2**31) if seed is None else seed
        table = Table.deal(table_id, request, seed, client, roster=self.roster)
        self._add(table)
        return table

    def again(self, table: Table, client: str | None = None) -> Table:
        """The table of the next game after ``table``'s, made at the first call.

        It has the same seats, tokens, bots and options, and a new seed; later calls give the
        same table (while it is kept).

        Raises:
            TableError: the game is not over, or there is no room for a new table (as for
                :meth:`create`).
        """
        if table.next is not None and table.next in self._tables:
            return self._tables[table.next]
        if not table.game.state.is_over:
            raise TableError(
                f"table {table.id}: a new game starts once this one is over", code="not-over"
            )
        self.expire()
        self._check_room(client)
        seed, made_id = secrets.randbelow(2**31), secrets.token_urlsafe(9)
        made = Table.deal(made_id, table.request, seed, client, table.tokens, self.roster)
        self._add(made)
        table.next = made.id
        if self.data_dir is not None:  # a restart keeps the link to the next game
            _write(self.data_dir / f"{table.id}.json", [_describe(table)])
        return made

    def _check_room(self, client: str | None) -> None:
        """Refuse a new table to a client that holds its share, or to a full server."""
        bounds = self.bounds
        if client is not None:
            held = sum(1 for table in self._tables.values() if table.owner == client)
            if held >= bounds.tables_per_client:
                raise TableError(
                    f"your address ({client}) holds {held} tables, the most one client may "
                    f"({bounds.client_share:.0%} of the server's {bounds.max_tables}); "
                    f"{self._next_room(client)}",
                    code="too-many-client-tables",
                )
        if len(self._tables) >= bounds.max_tables:
            raise TableError(
                f"this server holds its most tables ({bounds.max_tables}); {self._next_room(None)}",
                code="too-many-tables",
            )

    def _next_room(self, client: str | None) -> str:
        """When the first table (of ``client``, if given) will be removed, in words."""
        now = self.clock()
        ends = [
            self._ends(table)
            for table in self._tables.values()
            if client is None or table.owner == client
        ]
        wait = max(min(ends, default=now) - now, 0.0)
        return f"the first of them to finish or go idle is removed in {wait:.0f} s at most"

    def _add(self, table: Table) -> None:
        table.active = self.clock()
        table.on_change = self._changed
        self._tables[table.id] = table
        if self.data_dir is not None:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            _write(self.data_dir / f"{table.id}.json", [_describe(table)])
            _write(
                self.data_dir / f"{table.id}.jsonl",
                entries_to_lines(table.game, provenance={"seed": table.seed}),
            )
            table.saved = len(table.game.history)

    def _changed(self, table: Table) -> None:
        """Note when ``table`` changed; with a data directory, append its new log lines."""
        table.active = self.clock()
        if table.finished is None and table.game.state.is_over:
            table.finished = table.active
        if self.data_dir is not None:
            history = table.game.history
            _append(
                self.data_dir / f"{table.id}.jsonl",
                [dump_entry(entry) for entry in history[table.saved :]],
            )
            table.saved = len(history)

    def get(self, table_id: str) -> Table:
        """The table of ``table_id``.

        Raises:
            TableError: there is no such table.
        """
        table = self._tables.get(table_id)
        if table is None:
            raise TableError(
                f"table {table_id!r}: no such table on this server; it never existed, or it "
                "finished or went idle and was removed",
                code="unknown-table",
            )
        return table

    def join(self, table: Table, viewer: Viewer) -> None:
        """Count one more connection of ``viewer`` to ``table``.

        Seats and spectators have room of their own: spectators never fill a seat's.

        Raises:
            TableError: the viewer has its most connections to the table already.
        """
        open_now = table.open.get(viewer, 0)
        if viewer is None and open_now >= self.bounds.max_spectators:
            raise TableError(
                f"table {table.id}: it has its most spectators ({self.bounds.max_spectators}); "
                "the seats still have room",
                code="too-many-spectators",
            )
        if viewer is not None and open_now >= MAX_CONNECTIONS_PER_SEAT:
            raise TableError(
                f"table {table.id}: seat {viewer} has its most connections "
                f"({MAX_CONNECTIONS_PER_SEAT}); close another tab first",
                code="too-many-connections",
            )
        table.open[viewer] = open_now + 1

    def leave(self, table: Table, viewer: Viewer) -> None:
        """Count one connection of ``viewer`` to ``table`` fewer."""
        table.open[viewer] -= 1

    def wake(self, table: Table) -> None:
        """Start the table's bots if they have a move to make and are not playing already."""
        runner = self._runners.get(table.id)
        if table.bots and table.removed is None and (runner is None or runner.done()):
            self._runners[table.id] = asyncio.get_running_loop().create_task(self._run(table))

    async def _run(self, table: Table) -> None:
        """Let the table's bots play, one move after another, while one may act."""
        while table.removed is None:
            turn = table.bot_turn()
            if turn is None:
                return
            command = await self._choose(table, turn)
            if command is not None and table.play_bot(turn, command):
                await table.notify()
                await asyncio.sleep(self.bot_delay)

    async def _choose(self, table: Table, turn: Turn) -> Command | None:
        """The command of the bot of ``turn``: from a worker, if it thinks in one.

        The event loop serves the other tables meanwhile. If no command comes from the
        workers, the heuristic bot's choice is played, and why is logged; None if the game
        moved on meanwhile (the bot is then asked again).
        """
        job = table.bot_seats.job(table.game, turn, self.thinkers.seconds)
        if job is None:
            return table.bot_seats.choose_here(table.game, turn)
        try:
            return await self.thinkers.choose(job)
        except ThinkingError as error:
            return table.fallback(turn, str(error)) if table.awaits(turn) else None

    def _ends(self, table: Table) -> float:
        """When ``table`` is to be removed, on the clock."""
        if table.finished is not None:
            return table.finished + self.bounds.keep_finished_seconds
        return table.active + self.bounds.idle_seconds

    def _due(self, table: Table, now: float) -> str | None:
        """Why ``table`` is to be removed at ``now``; None if it is kept."""
        if now < self._ends(table):
            return None
        if table.finished is not None:
            return (
                f"table {table.id}: the game ended over {self.bounds.keep_finished_seconds:g} s "
                "ago, and a finished table is kept that long"
            )
        return (
            f"table {table.id}: no event for {self.bounds.idle_seconds:g} s, and an idle table "
            "is kept that long"
        )

    def expire(self) -> list[str]:
        """Remove every table that went idle, or finished long enough ago; why each went."""
        now = self.clock()
        gone = []
        for table in list(self._tables.values()):
            reason = self._due(table, now)
            if reason is not None:
                self._remove(table, reason)
                gone.append(reason)
        return gone

    def _remove(self, table: Table, reason: str) -> None:
        """Remove ``table`` and its files; its connections are told ``reason`` and closed."""
        del self._tables[table.id]
        table.removed = reason
        runner = self._runners.pop(table.id, None)
        if runner is not None:
            runner.cancel()
        if self.data_dir is not None:
            for suffix in (".json", ".jsonl"):
                (self.data_dir / f"{table.id}{suffix}").unlink(missing_ok=True)
        try:
            notice = asyncio.get_running_loop().create_task(table.notify())
        except RuntimeError:  # no event loop: no connection waits on the table
            return
        self._notices.add(notice)
        notice.add_done_callback(self._notices.discard)
