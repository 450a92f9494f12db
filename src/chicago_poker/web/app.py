"""The web server: a Starlette application that serves the tables of :mod:`.tables`.

Routes:

- ``GET /``: the page that creates a table, its menu of bots the server's roster
  (:class:`~.bots.Roster`); ``GET /table/{id}``: the table's page (the token travels in the
  link's fragment, which browsers never send to a server).
- ``GET /bots``: the bots a table may seat, each with its label and whether this server can
  seat it (and why not).
- ``POST /tables``: create a table from a :func:`~.tables.read_request` body; the answer holds
  each seat's link and the spectators' link.
- ``WebSocket /tables/{id}/ws?token=T``: the protocol of the page (see the Web table page
  of the documentation); ``&layout=narrow`` or ``compact`` draws the table for a phone.
- ``GET /favicon.ico``: the tab's icon.
- ``GET /tables/{id}/log?token=T&kind=redacted|full``: the seat's redacted log, or the full
  log once the game is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Final

import orjson
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
)
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected

from chicago_poker.core.errors import IllegalCommand, LogFormatError
from chicago_poker.formats.json_checks import check_unique_keys
from chicago_poker.formats.jsonio import JSONObject
from chicago_poker.web.limits import (
    BODY_SECONDS,
    BURST_MESSAGES,
    MAX_MESSAGE_BYTES,
    MAX_REQUEST_BYTES,
    MESSAGES_PER_SECOND,
)
from chicago_poker.web.render import LAYOUTS, labels
from chicago_poker.web.requests import TableError, read_request
from chicago_poker.web.tables import Table, Tables, Viewer

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"

_HTTP_STATUS = {
    "unknown-table": 404,
    "bad-token": 403,
    "not-over": 409,
    "too-many-tables": 503,
    "too-many-client-tables": 429,
    "too-large": 413,
    "slow-body": 408,
}

POLICY_VIOLATION = 1008
"""The WebSocket close code of a connection the server refuses or stops."""

GOING_AWAY = 1001
"""The WebSocket close code of a connection whose table the server removed."""

_GONE = (WebSocketDisconnect, WebSocketDisconnected, OSError)
"""What sending to, or reading from, a client that has left raises."""


def _routes() -> list[BaseRoute]:
    """The pages, the tables' API, their sockets and the static files."""
    return [
        Route("/", _index),
        Route("/bots", _bots),
        Route("/table/{table}", _page("table.html")),
        Route("/favicon.ico", _icon),
        Route("/tables", _create, methods=["POST"]),
        Route("/tables/{table}/log", _log),
        WebSocketRoute("/tables/{table}/ws", _socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


def create_app(
    tables: Tables | None = None, *, messages_per_second: float = MESSAGES_PER_SECOND
) -> Starlette:
    """The web application serving ``tables`` (a new, empty :class:`Tables` if None).

    ``messages_per_second`` is the rate each connection may send at (past a burst of
    :data:`BURST_MESSAGES`); only a load test of scripted clients needs another.
    """
    app = Starlette(routes=_routes(), lifespan=_lifespan)
    app.state.tables = tables if tables is not None else Tables()
    app.state.messages_per_second = messages_per_second
    return app


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    """At start, let the bots of resumed tables go on; while serving, remove expired tables.

    At the end, the workers where the search bots think are stopped.
    """
    tables: Tables = app.state.tables
    tables.thinkers.open()
    for table in tables.tables():
        tables.wake(table)
    sweeper = asyncio.get_running_loop().create_task(_sweep(tables))
    try:
        yield
    finally:
        sweeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeper
        await tables.thinkers.close()


async def _sweep(tables: Tables) -> None:
    while True:
        await asyncio.sleep(tables.sweep_seconds)
        tables.expire()


def _page(name: str) -> Any:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / name, media_type="text/html")

    return page


_MENU_SLOT: Final = '<script id="bots" type="application/json">[]</script>'
"""Where the page that creates a table receives the server's menu of bots."""


async def _index(request: Request) -> Response:
    """The page that creates a table, with the menu of the server's bots in it."""
    tables: Tables = request.app.state.tables
    menu = orjson.dumps(tables.roster.menu()).decode().replace("</", "<\\/")
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    slot = _MENU_SLOT.replace("[]", menu)
    return HTMLResponse(page.replace(_MENU_SLOT, slot))


async def _bots(request: Request) -> Response:
    """The bots a table may seat: ``{"bots": [{name, label, available, reason}, ...]}``."""
    tables: Tables = request.app.state.tables
    return JSONResponse({"bots": tables.roster.menu()})


async def _icon(request: Request) -> Response:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


def _error_response(error: TableError) -> JSONResponse:
    body = {"type": "error", "code": error.code, "message": str(error)}
    return JSONResponse(body, status_code=_HTTP_STATUS.get(error.code, 400))


async def _create(request: Request) -> Response:
    tables: Tables = request.app.state.tables
    client = request.client.host if request.client is not None else None
    try:
        data = _json(await _body(request), "the table request")
        table = tables.create(read_request(data, tables.roster.names), client=client)
    except TableError as error:
        return _error_response(error)
    except ClientDisconnect:  # the client left halfway through its request: nobody to answer
        return Response(status_code=400)
    tables.wake(table)
    seats = [
        {"name": name, "bot": table.request.bots[seat], "link": _link(table, seat)}
        for seat, name in enumerate(table.names)
    ]
    return JSONResponse({"table": table.id, "seats": seats, "spectator": _link(table, None)})


def _link(table: Table, viewer: Viewer) -> str | None:
    if viewer is not None and viewer in table.bots:
        return None
    return f"/table/{table.id}#{table.token_of(viewer)}"


async def _body(request: Request) -> bytes:
    """The body of ``request``, read within :data:`BODY_SECONDS`.

    Raises:
        TableError: the body is too large, or too slow to arrive.
        ClientDisconnect: the client left before the end of the body.
    """
    body = b""
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_REQUEST_BYTES:
                    raise TableError(
                        f"the request is over {MAX_REQUEST_BYTES} bytes, the most a table "
                        "request takes",
                        code="too-large",
                    )
    except TimeoutError:
        raise TableError(
            f"the request's body took over {BODY_SECONDS:g} s to arrive ({len(body)} bytes "
            "came); a table request is sent at once",
            code="slow-body",
        ) from None
    return body


def _json(text: bytes | str, what: str) -> object:
    """The JSON data of ``text``, in which no object names a key twice.

    Raises:
        TableError: ``text`` is not such JSON; the message names ``what`` it is.
    """
    try:
        data = orjson.loads(text)
        check_unique_keys(text, data)
    except orjson.JSONDecodeError as error:
        raise TableError(f"{what} is not JSON: {error}", code="bad-json") from None
    except LogFormatError as error:
        raise TableError(f"{what} is {error}", code="bad-json") from None
    return data


async def _log(request: Request) -> Response:
    tables: Tables = request.app.state.tables
    kind = request.query_params.get("kind", "redacted")
    try:
        table = tables.get(request.path_params["table"])
        viewer = table.viewer(request.query_params.get("token", ""))
        if kind not in ("redacted", "full"):
            raise TableError(f"kind: {kind!r} is not a log kind: redacted or full", code="bad-kind")
        lines = table.log_lines(viewer, full=kind == "full")
    except TableError as error:
        return _error_response(error)
    who = "full" if kind == "full" else ("spectator" if viewer is None else f"seat{viewer}")
    headers = {"Content-Disposition": f'attachment; filename="{table.id}-{who}.jsonl"'}
    return PlainTextResponse("".join(line + "\n" for line in lines), headers=headers)


async def _socket(websocket: WebSocket) -> None:
    tables: Tables = websocket.app.state.tables
    try:
        await websocket.accept()
        try:
            table = tables.get(websocket.path_params["table"])
            viewer = table.viewer(websocket.query_params.get("token", ""))
            tables.join(table, viewer)
        except TableError as error:
            await websocket.send_json(_error_message(error))
            await websocket.close(code=POLICY_VIOLATION)
            return
        try:
            tables.wake(table)
            await _Connection(websocket, tables, table, viewer).serve()
        finally:
            tables.leave(table, viewer)
    except _GONE:  # the client left: nothing more to say to it
        pass


def _error_message(error: TableError) -> JSONObject:
    return {"type": "error", "code": error.code, "message": str(error)}


class _Bucket:
    """A token bucket: ``rate`` messages a second on average, :data:`BURST_MESSAGES` at once."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.tokens = float(BURST_MESSAGES)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST_MESSAGES, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


_BINARY_FRAME: Final = {
    "type": "error",
    "code": "binary",
    "message": "a binary frame: the server reads each message from a text frame of JSON",
}
"""The answer to a binary frame, which is not read; the connection goes on."""


class _Connection:
    """One WebSocket: a writer that follows the table, a reader that takes commands."""

    def __init__(self, websocket: WebSocket, tables: Tables, table: Table, viewer: Viewer) -> None:
        self.websocket = websocket
        self.tables = tables
        self.table = table
        self.viewer = viewer
        self.bucket = _Bucket(websocket.app.state.messages_per_second)
        asked = websocket.query_params.get("layout", "wide")
        self.layout = asked if asked in LAYOUTS else "wide"
        self.lock = asyncio.Lock()
        self.sent = 0
        """How many events this connection has sent the client, views included."""

    async def serve(self) -> None:
        names = list(self.table.names)
        bots = [seat in self.table.bots for seat in range(len(names))]
        hello = {"type": "welcome", "table": self.table.id, "seat": self.viewer}
        await self.send(
            {**hello, "names": names, "bots": bots, "labels": labels(), "next": self.table.next}
        )
        writer = asyncio.get_running_loop().create_task(self.write())
        try:
            await self.read()
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    async def send(self, message: JSONObject) -> None:
        async with self.lock:
            await self.websocket.send_text(orjson.dumps(message).decode())

    async def write(self) -> None:
        """Send the history, then each update, and the next game's table once there is one."""
        told = self.table.next  # the welcome told it
        first = True
        while self.table.removed is None:
            async with self.lock:
                if first or self.table.events > self.sent:
                    frames = self.table.frames(self.viewer, self.sent, self.layout)
                    self.sent, first = self.table.events, False
                    for frame in frames:
                        await self.websocket.send_text(frame)
                if self.table.next != told:
                    told = self.table.next
                    await self.websocket.send_text(_text({"type": "again", "table": told}))
            await self.table.wait_past(self.sent, told)
        await self.refuse(self.table.removed, "table-removed", close_code=GOING_AWAY)

    async def read(self) -> None:
        while True:
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            if not self.bucket.take():
                await self.refuse(
                    f"more than {BURST_MESSAGES} messages at once, or over "
                    f"{self.bucket.rate:g} a second: the connection is closed",
                    "flood",
                )
                return
            if message.get("text") is None:
                await self.send(_BINARY_FRAME)
                continue
            await self.handle(message["text"])

    async def refuse(self, text: str, code: str, close_code: int = POLICY_VIOLATION) -> None:
        await self.send({"type": "error", "code": code, "message": text})
        await self.websocket.close(code=close_code)

    async def handle(self, text: str | bytes) -> None:
        try:
            await self.command(text)
        except TableError as error:
            await self.send(_error_message(error))
        except IllegalCommand as error:
            await self.send({"type": "rejected", "rule": error.rule, "message": error.message})

    async def command(self, text: str | bytes) -> None:
        data = _client_message(text)
        if data["type"] == "layout":
            await self.relayout(data["layout"])
            return
        if self.viewer is None:
            raise TableError("a spectator only watches: it sends no commands", code="spectator")
        if data["type"] == "again":
            client = self.websocket.client.host if self.websocket.client is not None else None
            self.tables.again(self.table, client)
        else:
            self.table.submit(self.viewer, data.get("command"))
            self.tables.wake(self.table)
        await self.table.notify()

    async def relayout(self, layout: object) -> None:
        """Draw the pictures in ``layout`` from now on; send the present one so drawn.

        Unless the client is behind the table (the writer is sending an update, which is
        drawn so), the present view is sent again in the new layout.

        Raises:
            TableError: ``layout`` is not one of :data:`~.render.LAYOUTS`.
        """
        if not isinstance(layout, str) or layout not in LAYOUTS:
            raise TableError(
                f"layout: {_preview(layout)} is not a layout; the layouts are {', '.join(LAYOUTS)}",
                code="bad-layout",
            )
        async with self.lock:
            self.layout = layout
            if self.sent == self.table.events:
                await self.websocket.send_text(self.table.view_frame(self.viewer, layout))


def _text(message: JSONObject) -> str:
    return orjson.dumps(message).decode()


def _check_size(text: str | bytes) -> None:
    """Refuse a message over :data:`MAX_MESSAGE_BYTES`, before it is read."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_MESSAGE_BYTES:
        raise TableError(
            f"the message is {size} bytes; a message may have {MAX_MESSAGE_BYTES} at most",
            code="too-large",
        )


def _client_message(text: str | bytes) -> dict[str, Any]:
    """A client's message: a command, a layout or a request to play again.

    Raises:
        TableError: the message is too large, not JSON, or none of those messages.
    """
    _check_size(text)
    data = _json(text, "the message")
    keys = _MESSAGE_KEYS.get(data.get("type")) if isinstance(data, dict) else None
    if not isinstance(data, dict) or keys is None or set(data) - keys:
        raise TableError(
            'a message is {"type": "command", "command": {...}}, {"type": "layout", "layout": '
            f'...}} or {{"type": "again"}}, the types a client sends; not {_preview(data)}',
            code="unknown-type",
        )
    return data


_MESSAGE_KEYS: Final[dict[object, frozenset[str]]] = {
    "command": frozenset({"type", "command"}),
    "layout": frozenset({"type", "layout"}),
    "again": frozenset({"type"}),
}


def _preview(data: object) -> str:
    text = orjson.dumps(data).decode()
    return text if len(text) <= 60 else text[:57] + "..."
