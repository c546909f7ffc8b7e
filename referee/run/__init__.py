"""Running the work: the inputs a command names, the one loop that reads and judges
their records, and the executors that spread the work (``--jobs``, ``--cluster``).

- ``inputs``: paths, directories, URLs and standard input, and reading one of them;
- ``records``: the one loop from records read to records judged;
- ``units``: files cut into units that another process reads by name;
- ``ordered``: the one window that gives units' results back in input order over any
  ``concurrent.futures.Executor``;
- ``local`` (a process pool, ``--jobs``) and ``dask`` (``--cluster``): the executors;
- ``batch`` and ``outcomes``: what the batch commands iterate over and count;
  ``analyse``: the hands ``analyze`` solves, spread the same way;
- ``output`` and ``parts``: atomic writes and ``--parts`` directories.

Only ``dask`` (the ``--cluster`` option's type) and ``output`` are imported when the
command line is read: neither imports anything heavy until a run starts.
"""
