"""League tools: selecting records and hands, finding duplicates, player statistics,
standings and cross tables, and fixing the results a record states.

Each module is one tool, with no I/O: the commands in ``referee.cli`` read the files,
judge them through ``referee.run`` and print what these compute.
"""
