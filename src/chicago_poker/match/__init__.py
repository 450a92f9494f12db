"""Matches that measure strength: ``chicago-poker match``.

:mod:`~chicago_poker.match.runner` plays a match and holds the command line;
:mod:`~chicago_poker.match.games` arranges the tables (one table, a round robin, a gauntlet)
over the same duplicate deals and plays their games; :mod:`~chicago_poker.match.scoring`
scores a game, faults included; :mod:`~chicago_poker.match.stats` holds the statistics over
deals (intervals, the sequential probability ratio test); :mod:`~chicago_poker.match.report`
and :mod:`~chicago_poker.match.text` total and show them, with ratings from OpenSkill when it
is installed; :mod:`~chicago_poker.match.results` writes the results file, a line a game.
"""
