"""The HTTP server under the app: uvicorn, with the bounds of :mod:`.limits` on each connection.

uvicorn closes a connection left idle after an answer (``timeout_keep_alive``), but nothing
bounds how long a request's head may take to arrive, and a WebSocket request whose head the
WebSocket library cannot read gets no answer at all. :class:`BoundedH11Protocol` adds both:
a head that takes over :data:`~.limits.HEADER_SECONDS` is answered 408, and a WebSocket
request with a target over :data:`~.limits.MAX_URL_BYTES` is answered 414, and any request
with a head over :data:`~.limits.MAX_HEAD_BYTES` 431, each with the ``error`` JSON of the
protocol.
:class:`QuietWebSocketProtocol` closes a WebSocket whose text frame is not UTF-8 (1007), as
uvicorn does, but without writing a traceback to the server's output for it.
:func:`server_options` gives uvicorn these and the other bounds; ``chicago-poker serve``,
the tests and the benchmarks all serve with them.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
import orjson
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from chicago_poker.web.limits import (
    HEADER_SECONDS,
    KEEP_ALIVE_SECONDS,
    MAX_HEAD_BYTES,
    MAX_MESSAGE_BYTES,
    MAX_OPEN_CONNECTIONS,
    MAX_URL_BYTES,
    PING_SECONDS,
)

__all__ = ["BoundedH11Protocol", "QuietWebSocketProtocol", "server_options"]

MAX_HEADERS = 100
"""The most header lines a WebSocket request may have (the WebSocket library reads 128)."""

_REASONS = {408: "Request Timeout", 414: "URI Too Long", 431: "Request Header Fields Too Large"}


def server_options(forwarded_allow_ips: str | None = None) -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.run`` (or ``uvicorn.Config``) that bound a server.

    A client is its peer address, unless ``forwarded_allow_ips`` names the proxies (their
    addresses, comma-separated, or ``*``) whose ``X-Forwarded-For`` header says who the client
    is; by default no header is read, since any local process could otherwise claim to be
    another client.

    >>> server_options()["timeout_keep_alive"]
    5
    >>> server_options()["proxy_headers"], server_options("10.0.0.2")["forwarded_allow_ips"]
    (False, '10.0.0.2')
    """
    return {
        "proxy_headers": forwarded_allow_ips is not None,
        "forwarded_allow_ips": forwarded_allow_ips,
        "http": BoundedH11Protocol,
        "ws": QuietWebSocketProtocol,
        "ws_max_size": 4 * MAX_MESSAGE_BYTES,
        "ws_ping_interval": PING_SECONDS,
        "ws_ping_timeout": PING_SECONDS,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "h11_max_incomplete_event_size": MAX_HEAD_BYTES,
        "limit_concurrency": MAX_OPEN_CONNECTIONS,
    }


class BoundedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a time limit on a request's head and checked upgrades.

    The head's clock starts when the connection opens and again after each answer; it stops
    mattering once the head is read (the app bounds the body, and uvicorn the keep-alive).
    """

    _head_timer: asyncio.TimerHandle | None = None
    _head: bytes = b""
    """The part of a request's head received so far, while it is not whole."""

    def data_received(self, data: bytes) -> None:
        """Refuse a request whose head is over :data:`~.limits.MAX_HEAD_BYTES` (431); or read on.

        A head is counted from the bytes that come while no request is under way, up to the
        blank line that ends it, however they are cut into packets; the head of a request sent
        before the previous one was answered (pipelined) is held by h11's bound on a head not
        yet whole, which is the same size.
        """
        if self.conn.their_state is h11.IDLE:
            head = self._head + data
            end = head.find(b"\r\n\r\n")
            size = end + 4 if end >= 0 else len(head)
            self._head = b"" if end >= 0 else head
            if size > MAX_HEAD_BYTES:
                self._stop_head_clock()
                self._refuse(
                    431,
                    "head-too-large",
                    f"the request's head is over {MAX_HEAD_BYTES} bytes, the most the server reads",
                )
                return
        else:
            self._head = b""
        super().data_received(data)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Start the connection, and the clock of its first request's head."""
        super().connection_made(transport)  # type: ignore[arg-type]  # uvicorn's narrower type
        self._start_head_clock()

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the head's clock with the connection."""
        self._stop_head_clock()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        """After an answer, start the clock of the next request's head."""
        super().on_response_complete()
        if not self.transport.is_closing():
            self._start_head_clock()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """Refuse a WebSocket request whose head is too large, before the upgrade; or upgrade."""
        self._stop_head_clock()
        head = len(event.target) + sum(len(name) + len(value) + 4 for name, value in self.headers)
        if len(event.target) > MAX_URL_BYTES:
            self._refuse(
                414,
                "url-too-long",
                f"the request's target is {len(event.target)} bytes; a WebSocket's may have "
                f"{MAX_URL_BYTES} at most",
            )
        elif head > MAX_HEAD_BYTES or len(self.headers) > MAX_HEADERS:
            self._refuse(
                431,
                "head-too-large",
                f"the request's head is {head} bytes in {len(self.headers)} headers; a "
                f"WebSocket's may have {MAX_HEAD_BYTES} bytes and {MAX_HEADERS} headers at most",
            )
        else:
            super().handle_websocket_upgrade(event)

    def _start_head_clock(self) -> None:
        self._stop_head_clock()
        self._head_timer = self.loop.call_later(HEADER_SECONDS, self._head_too_slow)

    def _stop_head_clock(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return  # the head came: the request is under way
        self._refuse(
            408,
            "slow-head",
            f"no whole request head came within {HEADER_SECONDS:g} s of the connection "
            "opening or of the last answer",
        )

    def _refuse(self, status: int, code: str, message: str) -> None:
        """Answer ``status`` with an ``error`` message, outside h11, and close the connection."""
        body = orjson.dumps({"type": "error", "code": code, "message": message})
        head = (
            f"HTTP/1.1 {status} {_REASONS[status]}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
        )
        self.transport.write(head.encode() + body)
        self.transport.close()


class QuietWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, which closes on a text frame that is not UTF-8 quietly.

    uvicorn logs that client's mistake as an exception of the server, with a traceback.
    """

    def send_receive_event_to_app(self) -> None:
        """Pass a whole message on to the app, unless it is text that is not UTF-8."""
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                self.conn.send_close(1007, "a text frame that is not UTF-8")
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()
