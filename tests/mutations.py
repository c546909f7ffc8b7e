"""Random damage to record text, shared by the property tests of the reader."""

from __future__ import annotations

from hypothesis import strategies as st

EDITS = st.lists(
    st.tuples(
        st.floats(0, 1),
        st.sampled_from(["delete", "insert", "replace"]),
        st.sampled_from(list('0123456789-NESWABCF /;{}[]"\nxhand play bid trump\t\f\r\x0b\x1c\xa0\x85\u2003')),
    ),
    max_size=6,
)
"""Up to six edits: where (0-1 of the text), what, and the character put in (white
space the grammar takes and white space it does not among them)."""


def mutate(text: str, edits: list[tuple[float, str, str]]) -> str:
    """``text`` with ``edits`` applied one after another."""
    for where, how, char in edits:
        i = int(where * len(text))
        if how == "delete":
            text = text[:i] + text[i + 1 :]
        elif how == "insert":
            text = text[:i] + char + text[i:]
        else:
            text = text[:i] + char + text[i + 1 :]
    return text
