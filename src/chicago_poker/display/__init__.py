"""Words and pictures for front ends: what a player reads and sees of a game.

- :mod:`~chicago_poker.display.words`: one English sentence for each command and event, full
  or redacted (``describe``), which ``chicago-poker play`` and ``demo`` print.
- :mod:`~chicago_poker.display.svg`: an SVG picture of the table as a seat sees it.

Everything here is pure: it reads the core's data and returns text, and never decides a rule.
"""
