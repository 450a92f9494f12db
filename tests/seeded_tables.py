"""Web tables whose games a test can replay: each dealt from a seed its request fixes."""

from __future__ import annotations

import zlib

from chicago_poker.web.tables import Table, TableRequest, Tables


class SeededTables(Tables):
    """:class:`Tables` that deal a table a browser asks for from a seed of its request.

    A server draws a secret seed for each table; a test that plays through the server's API
    takes this instead, so that the game it meets is the same in every run and a failure
    replays. Play again still draws its seed (the tests check that it is new).
    """

    fixed: int | None = None
    """A seed for every table made while it is set (a game a sweep found, played again)."""

    def create(
        self, request: TableRequest, seed: int | None = None, client: str | None = None
    ) -> Table:
        """Make the table as :meth:`Tables.create` does, dealt from the request's seed."""
        if seed is None:
            seed = zlib.crc32(repr(request).encode()) if self.fixed is None else self.fixed
        return super().create(request, seed, client)
