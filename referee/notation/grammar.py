"""Where the notation grammar lives and how the one Lark parser is built.

The grammar is data (``grammar/notation.lark``), shipped inside the wheel as
``referee/notation.lark``; this module finds it either way so that an editable
checkout and an installed wheel read the same file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from lark import Lark, Token

__all__ = ["GRAMMAR_FILE", "build_parser", "grammar_path", "grammar_text"]

GRAMMAR_FILE = "notation.lark"
_REPO_GRAMMAR = Path(__file__).resolve().parents[2] / "grammar" / GRAMMAR_FILE


def grammar_path() -> Path:
    """The grammar file: package data in a wheel, else ``<repo>/grammar/notation.lark``."""
    packaged = resources.files("referee").joinpath(GRAMMAR_FILE)
    if packaged.is_file():
        return Path(str(packaged))
    return _REPO_GRAMMAR


@cache
def grammar_text() -> str:
    """The grammar source, read once."""
    return grammar_path().read_text(encoding="utf-8")


def build_parser(transformer: Any, lexer_callbacks: Mapping[str, Callable[[Token], Any]]) -> Lark:
    """An LALR parser with the contextual lexer whose rules call ``transformer`` as they reduce.

    Passing the transformer to Lark applies it during the parse, so no parse
    tree is ever built; ``lexer_callbacks`` see the ignored comment tokens.
    """
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        transformer=transformer,
        lexer_callbacks=dict(lexer_callbacks),
        propagate_positions=False,
        maybe_placeholders=False,
    )
