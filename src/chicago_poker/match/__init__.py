"""Matches that measure strength: ``chicago-poker match``.

:mod:`~chicago_poker.match.stats` holds the statistics (Wilson intervals, the sequential
probability ratio test); :mod:`~chicago_poker.match.runner` plays the games, seats rotated
over duplicate deals, and reports them, with ratings from OpenSkill when it is installed.
"""
