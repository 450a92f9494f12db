"""The position notation: a game state or a seat's view as a few lines of text, like chess's FEN.

:func:`write_position` gives the text of a :class:`~chicago_poker.core.state.GameState` and
:func:`parse_position` reads it back; :func:`write_view` and :func:`parse_view` do the same for
a :class:`~chicago_poker.core.views.PlayerView`. Reading what was written gives the same value back.
The grammar is ``notation.lark``, beside this module: the readers check a text against it, and
the EBNF of ``spec/notation.md`` and of the docs is written from it. A short example::

    chicago-poker position 1
    player Al hand=9R,10B,Revolver controls=Brewery#2
    player Bugs hand=1G
    turn seat=0 number=10 taken=1
    business Speakeasy#1 8R,8Y,8G,2B,2P@0 10R,10Y
    business JazzClub#1 - 4G
    discard 7G

Cards and tiles are written as ``str`` writes them and read with
:func:`~chicago_poker.core.cards.parse_card` and
:func:`~chicago_poker.core.cards.parse_tile`. The draw deck and the face-down tiles are every
card and tile not shown elsewhere, unless a ``draw`` or ``tiles`` line lists them.

Text that breaks the grammar raises :class:`~chicago_poker.core.errors.NotationSyntaxError` with its
line and column; a position that no game can reach raises
:class:`~chicago_poker.core.errors.PositionInvariantError`, which names the broken invariant and
the rule behind it.

>>> from chicago_poker.core.cards import parse_card
>>> state = parse_position('''
... chicago-poker position 1
... player Al hand=9R,10B
... player Bugs
... turn seat=1 number=7
... business Speakeasy#1 1R,2R -
... business Brewery#1 - 3G
... ''')
>>> state.players[0].hand == {parse_card("9R"), parse_card("10B")}, len(state.draw_pile)
(True, 76)
>>> parse_position(write_position(state)) == state
True
"""

from __future__ import annotations

from chicago_poker.formats.notation.checks import FACE_UP_AT_SETUP, HAND_LIMIT
from chicago_poker.formats.notation.reader import parse_position, parse_view
from chicago_poker.formats.notation.vocabulary import POSITION_HEADER, VIEW_HEADER
from chicago_poker.formats.notation.writer import write_position, write_view

__all__ = [
    "FACE_UP_AT_SETUP",
    "HAND_LIMIT",
    "POSITION_HEADER",
    "VIEW_HEADER",
    "parse_position",
    "parse_view",
    "write_position",
    "write_view",
]
