"""The text notation: the streaming reader, the record model and the canonical writer.

``read_records`` (paths and streams) and ``read_text`` (strings) are the one reader;
docs/notation.md describes what they read.
"""

from .reader import ReadResult, read_records, read_text

__all__ = ["ReadResult", "read_records", "read_text"]
