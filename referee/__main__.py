"""``python -m referee``: the ``referee`` command."""

from referee.cli import app

if __name__ == "__main__":
    app(prog_name="referee")
