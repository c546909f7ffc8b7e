"""Options shared by several games."""

from __future__ import annotations

from ..profiles import OptionSpec

__all__ = ["ALL_PASS", "FOLLOW_ME", "ON_OFF", "target"]

ALL_PASS = OptionSpec(
    name="all-pass",
    values=("reshake", "forced"),
    default="reshake",
    help="reshake: a hand everyone passes is thrown in; forced: the dealer must bid",
    source="seed 001 names both; RULES.md makes reshake the default",
)
FOLLOW_ME = OptionSpec(
    name="follow-me-doubles",
    values=("high", "low"),
    default="high",
    help="in a follow-me (no trump) hand, doubles rank high or low in their suit",
    source="seeds: high; pagat '42': low is also played",
)
ON_OFF = ("off", "on")


def target(help_: str, source: str) -> OptionSpec:
    return OptionSpec(name="target", values=None, default="", help=help_, source=source)
