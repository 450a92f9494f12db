"""The formats a game travels in, outside the Python process.

- :mod:`~chicago_poker.formats.log`: JSON Lines game logs, read and written (full,
  commands-only and redacted): the face of :mod:`~chicago_poker.formats.header`,
  :mod:`~chicago_poker.formats.entries`, :mod:`~chicago_poker.formats.reader` and
  :mod:`~chicago_poker.formats.writer`, which check every line's JSON text with
  :mod:`~chicago_poker.formats.json_checks`.
- :mod:`~chicago_poker.formats.converter`: the cattrs converter that turns the data model into
  JSON and back, for the log and for :mod:`~chicago_poker.formats.jsonio` alike.
- :mod:`~chicago_poker.formats.jsonio`: JSON-ready data for states, views, commands and events,
  and back.
- :mod:`~chicago_poker.formats.schemas`: the JSON Schemas of all of these, shipped in
  ``schema/``; ``python -m chicago_poker.formats.schemas`` regenerates them.
- :mod:`~chicago_poker.formats.notation`: the position notation, a few lines of text for a
  whole position or for one seat's view.
"""
