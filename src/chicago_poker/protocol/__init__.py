"""Bots in processes of their own: the bot protocol, ``chicago-poker-bot/1``, and its referee.

:mod:`~chicago_poker.protocol.process` runs a bot program with every wait bounded and kills
its process group when done; :mod:`~chicago_poker.protocol.table` plays a game between bots
in this process and in their own (:func:`~chicago_poker.protocol.table.play_table`);
:mod:`~chicago_poker.protocol.speak` turns any :class:`~chicago_poker.players.bots.Bot` into
a program that speaks the protocol; :mod:`~chicago_poker.protocol.spec` names a bot from
anywhere; :mod:`~chicago_poker.protocol.faulty` is a bot that breaks every rule, to test
referees with. The protocol's page in the documentation describes every message.
"""
