"""The referee: judging game logs of every kind with the rules engine.

- :mod:`~chicago_poker.referee.validate` checks a full, commands-only or redacted log and
  reports the first line that breaks a rule, with the rule's ID.
- :mod:`~chicago_poker.referee.consistent` searches for a complete legal game that a seat's
  redacted log could have come from (the witness that makes a redacted log legal).
- :mod:`~chicago_poker.referee.explain` prints a rule with the rulebook passages it rests on.

Every verdict comes from replaying commands through :func:`chicago_poker.core.decide.decide`
and :func:`chicago_poker.core.apply.apply`; nothing here writes a rule a second time.
"""
