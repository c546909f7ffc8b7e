"""``python -m referee``: the ``referee`` command (for a shell without the console script on its path)."""


def main() -> None:
    """The ``referee`` console script: the collector set for start-up before anything is
    imported (``run.local.start_gc``), then the app (``cli.guard.run``)."""
    from referee.run.local import start_gc

    start_gc()
    from referee.cli.guard import run

    run()


if __name__ == "__main__":
    main()
