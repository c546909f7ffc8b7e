"""Which rules a record is judged under: its ``[Rules]``, ``[Options]`` and ``[Target]``
tags over the caller's defaults, and the engine's declaration for a written trump."""

from __future__ import annotations

import functools
import re
from typing import Protocol

from .. import codes
from ..codes import Code
from ..engine.declarations import Declaration
from ..engine.games import GAMES, make_rules
from ..engine.profiles import Game, OptionError, Profile, Rules
from ..notation.record import GameRecord, TrumpRecord
from ..source import Span

__all__ = ["Report", "RulesCache", "declaration_of", "rules_for"]


class Report(Protocol):
    """Where a problem with the tags goes."""

    def __call__(self, code: Code, message: str, at: Span | None, hint: str | None = None) -> None: ...


_TARGET_RE = re.compile(r"^\s*(\d{1,9})\s*(marks?|points?|pts?)?\s*$", re.IGNORECASE)


RulesCache = dict[tuple[str, tuple[tuple[str, str], ...]], Rules]
"""Rules already made, by game (or profile) name and options."""


def rules_for(
    record: GameRecord,
    defaults: tuple[str, dict[str, str]],
    report: Report,
    profiles: dict[str, Profile] | None = None,
    cache: RulesCache | None = None,
) -> Rules | None:
    """The rules a record names in its tags, over the caller's defaults.

    ``[Rules]`` replaces the default game (and its default options); it may name
    a built-in game or one of ``profiles`` (house rules).  ``[Options]`` and
    ``[Target]`` add to whatever game applies.  Problems go to ``report``.
    ``cache`` keeps the rules made for the same ``profiles`` from one record to the next.
    """
    profiles = profiles or {}
    game_name, options = defaults[0], dict(defaults[1])
    name = record.tag("Rules")
    if name is not None:
        key = name.strip().lower()
        if key not in GAMES and key not in profiles:
            known = ", ".join([*GAMES, *profiles])
            hint = f"the profiles are {known}" + ("" if profiles else "; a house-rule profile needs --rules FILE")
            report(codes.S004, f"unknown rules profile {name!r}", record.tag_at("Rules"), hint)
            return None
        if key != game_name:
            game_name, options = key, {}
    game = GAMES[profiles[game_name].base if game_name in profiles else game_name]
    text = record.tag("Options")
    if text is not None:
        at = record.tag_at("Options")
        for item in re.split(r"[,\s]+", text.strip()):
            if not item:
                continue
            key, eq, value = item.partition("=")
            if not eq:
                report(codes.S005, f"option {item!r} has no value; write it as name=value", at, "for example all-pass=forced")
                continue
            options[key.strip().lower()] = value.strip().lower()
    target_text = record.tag("Target")
    if target_text is not None:
        m = _TARGET_RE.match(target_text)
        if not m:
            report(
                codes.S008,
                f"the target {target_text!r} is not a number of marks or points",
                record.tag_at("Target"),
                'write it like "7 marks" or "250 points"',
            )
        else:
            options["target"] = m.group(1)
            unit = (m.group(2) or "").lower()
            scoring = options.get("scoring") or game.default_scoring()
            rule = game.scorings.get(scoring)
            if unit and rule is not None and unit.startswith("mark") != (rule.unit == "marks"):
                # the scoring that counts in the target's unit, if the game has one: name it
                fits = next((name for name, r in game.scorings.items() if (r.unit == "marks") == unit.startswith("mark")), None)
                advice = f'to play to {target_text.strip()}, score by {fits}: [Options "scoring={fits}"]' if fits else None
                report(codes.S008, f"the target is in {unit} but these rules score {rule.unit}", record.tag_at("Target"), advice)
    while True:
        try:
            return _make_rules(game_name, options, profiles, cache)
        except OptionError as e:
            report(codes.S005, str(e), record.tag_at("Options"))
            bad = _bad_option(game, options)
            if bad is None:
                return None
            options.pop(bad)


def _make_rules(game_name: str, options: dict[str, str], profiles: dict[str, Profile], cache: RulesCache | None) -> Rules:
    """``make_rules``, remembered in ``cache`` (rules are frozen): the records of a file
    mostly name the same rules, so each game need not validate them again."""
    if cache is None:
        return make_rules(game_name, options, profiles)
    key = (game_name, tuple(options.items()))
    rules = cache.get(key)
    if rules is None:
        rules = cache[key] = make_rules(game_name, options, profiles)
    return rules


def _bad_option(game: Game, chosen: dict[str, str]) -> str | None:
    for key, value in chosen.items():
        spec = game.option(key)
        if spec is None or (spec.values is not None and value not in spec.values):
            return key
        if spec.values is None and not value.lstrip("-").isdigit():
            return key
    return None


def declaration_of(trump: TrumpRecord, rules: Rules) -> Declaration:
    """The engine's declaration for a written one; nello's doubles come from the
    options unless the record wrote `low` (which the engine then checks)."""
    contract = rules.game.contract_by_name.get(trump.kind)
    if contract is not None and contract.doubles_option is not None and not trump.doubles_low:
        mode = rules.option(contract.doubles_option)
        return _declaration(trump.kind, None, mode == "low", mode == "own-suit")
    return _declaration(trump.kind, trump.suit, trump.doubles_low, False)


@functools.cache
def _declaration(kind: str, suit: int | None, doubles_low: bool, doubles_suit: bool) -> Declaration:
    """One shared (frozen) declaration for each way of writing trump, rather than one a hand."""
    return Declaration(kind, suit, doubles_low, doubles_suit)
