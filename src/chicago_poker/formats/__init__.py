"""The formats a game travels in, outside the Python process.

- :mod:`~chicago_poker.formats.log`: JSON Lines game logs, read and written (full,
  commands-only and redacted), with the converter that turns the data model into JSON.
- :mod:`~chicago_poker.formats.jsonio`: JSON-ready data for states, views, commands and events,
  and back.
- :mod:`~chicago_poker.formats.schemas`: the JSON Schemas of all of these, shipped in
  ``schema/``; ``python -m chicago_poker.formats.schemas`` regenerates them.
- :mod:`~chicago_poker.formats.notation`: the position notation, a few lines of text for a
  whole position or for one seat's view.
"""
