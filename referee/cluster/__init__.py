"""The batch commands on a Dask cluster (``--cluster``): where the cluster is (``address``),
how a run talks to it (``session``), and the units' outcomes back in input order
(``ordered``).

Only ``address`` is imported when the command line is read; Dask itself is imported
when a run starts, and only with ``--cluster``.
"""
