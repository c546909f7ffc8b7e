"""``python -m referee.codes > docs/errors.md``: the page of every code."""

from .page import render_markdown

print(render_markdown(), end="")
