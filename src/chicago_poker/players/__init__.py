"""Who plays: the game facade, the seeded dealer, the bots and bot-against-bot runs.

:mod:`~chicago_poker.players.game` holds :class:`~chicago_poker.players.game.Game`, the
convenient front of the core; :mod:`~chicago_poker.players.dealer` the seeded
:class:`~chicago_poker.players.dealer.Dealer` that turns a seed into chance outcomes;
:mod:`~chicago_poker.players.bots` the bots, which decide from a seat's view only (the
heuristic one in :mod:`~chicago_poker.players.heuristic`, the search bot in
:mod:`~chicago_poker.players.search`); and
:mod:`~chicago_poker.players.simulate` many bot games in a row (``chicago-poker
simulate``). Randomness lives here, never in the core.
"""
