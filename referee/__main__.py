"""``python -m referee``: the ``referee`` command (for a shell without the console script on its path)."""

from .cli.guard import run

run()
