"""Words and pictures for front ends: what a player reads and sees of a game.

- :mod:`~chicago_poker.display.words`: one English sentence for each command and event, full
  or redacted (``describe``), which ``chicago-poker play`` and ``demo`` print.
- :mod:`~chicago_poker.display.svg`: an SVG picture of the table as a seat sees it, of a
  card, a business or the hand ranking; the table is drawn by
  :mod:`~chicago_poker.display.board`, the last move and the marks ringed as
  :mod:`~chicago_poker.display.highlights` finds them, every shape with
  :mod:`~chicago_poker.display.shapes`.

Everything here is pure: it reads the core's data and returns text, and never decides a rule.
"""
