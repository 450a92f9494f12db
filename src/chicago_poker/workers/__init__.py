"""Work spread over processes: worker processes, Dask clusters, and the progress shown meanwhile.

The shell's commands that do much work at once (``simulate``, ``validate``, ``match``) and
the web table's thinking bots use this wing; the engine itself never does.

- :mod:`~chicago_poker.workers.processes`: how worker processes start (``fork`` where it
  is safe, else ``spawn``) and why they ignore Ctrl-C;
- :mod:`~chicago_poker.workers.spread`: :func:`~chicago_poker.workers.spread.in_order`,
  the one way work is spread, in processes of this machine or on a Dask cluster;
- :mod:`~chicago_poker.workers.progress`: how far a command has got, on stderr.
"""
