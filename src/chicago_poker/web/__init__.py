"""A web table for Chicago Poker: ``chicago-poker serve`` (needs ``pip install ".[web]"``).

:mod:`~chicago_poker.web.requests` reads what a client asks for, a new table;
:mod:`~chicago_poker.web.tables` holds the games, their seats' tokens and their bots, and cuts
every event down to what each seat may know with the library's own :func:`~chicago_poker.redact`;
:mod:`~chicago_poker.web.bots` says which bot moves and how it chooses, and
:mod:`~chicago_poker.web.thinking` runs the search bots' moves in worker processes;
:mod:`~chicago_poker.web.app` serves them over HTTP and WebSockets with Starlette;
:mod:`~chicago_poker.web.limits` lists the bounds of a server.
"""
