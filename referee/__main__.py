"""``python -m referee``: the ``referee`` command (for a shell without the console script on its path)."""

from referee.cli.guard import run

if __name__ == "__main__":
    run()
