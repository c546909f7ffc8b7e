"""Inputs named by URL (``s3://bucket/games.42``, ``file:///shared/games.42``), read through fsspec.

On a Dask cluster the workers read the input themselves, so it must be where each of
them can reach it: a shared file system, or an object store named by URL.  fsspec
(installed with the ``dask`` extra; ``s3fs``, ``gcsfs`` and the like add their
schemes) opens such URLs as binary files that seek, which is all the reader and the
cutting into units need.  Local paths never go through fsspec: a name without
``scheme://`` is opened with ``open`` as before, and nothing here is imported unless a
URL is given.
"""

from __future__ import annotations

import re
from typing import Any, BinaryIO, cast

__all__ = ["URLError", "expand_url", "is_url", "open_input", "url_size"]

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")

INSTALL = "pip install 'referee42[dask]'"
"""How to get fsspec (and Dask), for the messages that need it."""


class URLError(Exception):
    """Why a URL cannot be used here: fsspec or the scheme's package is missing, or the
    scheme is unknown (the caller names the URL)."""


def is_url(name: str) -> bool:
    """Whether ``name`` is a URL (``scheme://...``) rather than a local path.

    >>> is_url("s3://bucket/games.42"), is_url("file:///tmp/x.42"), is_url("games.42"), is_url("C:/x.42")
    (True, True, False, False)
    """
    return bool(_SCHEME.match(name))


def _filesystem(url: str) -> tuple[Any, str]:
    """fsspec's file system for ``url`` and the path within it."""
    try:
        import fsspec.core
    except ImportError:
        raise URLError(f"reading URLs needs fsspec, which is not installed: {INSTALL}") from None
    try:
        fs, path = fsspec.core.url_to_fs(url)
    except (ImportError, ValueError) as e:  # the scheme's package (s3fs, gcsfs, ...) is missing; "Protocol not known: foo"
        raise URLError(str(e)) from None
    return fs, cast(str, path)


def open_input(name: str) -> BinaryIO:
    """``name`` opened for reading bytes: a local path with ``open``, a URL through fsspec.

    A URL that cannot be opened raises ``OSError`` like a path (``FileNotFoundError``,
    ``PermissionError``), so that it becomes the same S014 diagnostic.
    """
    if not is_url(name):
        return open(name, "rb")
    try:
        fs, path = _filesystem(name)
    except URLError as e:
        raise OSError(str(e)) from None
    return cast(BinaryIO, fs.open(path, "rb"))


def url_size(url: str) -> int | None:
    """The size of the file at ``url`` in bytes (None when the file system does not say)."""
    fs, path = _filesystem(url)
    size = fs.size(path)
    return None if size is None else int(size)


def expand_url(url: str, extensions: tuple[str, ...]) -> list[str] | None:
    """The record files a URL names: itself if it is a file, the files under it with one
    of ``extensions`` if it is a directory (sorted, as URLs), None if nothing is there."""
    fs, path = _filesystem(url)
    try:
        if fs.isdir(path):
            found = sorted(f for f in fs.find(path) if f.lower().endswith(extensions))
            return [cast(str, fs.unstrip_protocol(f)) for f in found]
        return [url] if fs.exists(path) else None
    except OSError as e:
        raise URLError(str(e)) from None
