"""Chicago Poker for learning agents: a fixed action table, observations, and environments.

This layer stands on the public API (``import chicago_poker``) alone, and needs the ``ai``
extra (``pip install "chicago-poker[ai]"``): NumPy, Gymnasium, PettingZoo and OpenSpiel.

- :mod:`chicago_poker.ai.actions`: every player command as one integer id, in every state;
- :mod:`chicago_poker.ai.observation`: a seat's view as a flat tensor, which cannot leak;
- :mod:`chicago_poker.ai.pettingzoo_env`: a PettingZoo AEC environment for 2 to 6 players;
- :mod:`chicago_poker.ai.gymnasium_env`: a Gymnasium environment, one learner against bots;
- :mod:`chicago_poker.ai.openspiel_game`: the OpenSpiel game ``python_chicago_poker``, with
  its observer of every observation type (:mod:`chicago_poker.ai.openspiel_observer`) and
  its history (:mod:`chicago_poker.ai.openspiel_history`);
- :mod:`chicago_poker.ai.linear_policy`: a linear policy over the observation and the mask,
  and the bot that plays its weights (``TrainedBot``, trained at four players).

The documentation's page "Learning agents" describes the table and the tensor.
"""
