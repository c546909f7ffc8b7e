"""referee: a referee and hand-record processor for Texas 42, Moon and Texas 88."""

__version__ = "0.1.0"
