"""The engine: the rules of the three games and nothing else (no files, no notation,
no pydantic).  Each game is a module of data plus named strategies in ``games/``;
a ``Hand`` takes actions through ``check``/``can``/``apply`` and logs them."""
