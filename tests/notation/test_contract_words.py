"""The contract words are one table (``notation/contracts.py``), held equal here to the
games' contracts and to the grammar, and used by the record's types."""

from __future__ import annotations

import re
import typing

from referee.engine.games import GAMES
from referee.notation.contracts import BID_CONTRACTS, TRUMP_CONTRACTS, TRUMP_KINDS
from referee.notation.grammar import grammar_text, terminals
from referee.notation.record import Call, TrumpRecord


def _contracts(when: str) -> set[str]:
    return {c.name for game in GAMES.values() for c in game.contracts if c.when == when}


def test_the_table_is_the_games_contracts() -> None:
    assert set(BID_CONTRACTS) == _contracts("bid")
    assert set(TRUMP_CONTRACTS) == _contracts("trump")
    assert {c.name for game in GAMES.values() for c in game.contracts} == set(BID_CONTRACTS) | set(TRUMP_CONTRACTS)
    declarations = {d for game in GAMES.values() for d in game.declarations}
    assert set(TRUMP_KINDS) == declarations | set(TRUMP_CONTRACTS)


def test_the_table_is_the_grammars_terminals() -> None:
    bid = re.match(r"\(\?:([a-z|]+)\)", terminals()["BIDCONTRACT"].pattern)
    assert bid is not None and set(bid.group(1).split("|")) == set(BID_CONTRACTS)
    rule = re.search(r"^declaration: (.*)$", grammar_text(), re.M)
    assert rule is not None
    single = {}  # the declarations that are one word (not a suit, a digit, follow-me or no-trump)
    for name in (t.strip() for t in rule.group(1).split("|")):
        m = re.fullmatch(r"([a-z]+)\(\?!\[a-z0-9_\+-\]\)", terminals()[name].pattern)
        if m is not None:
            single[name] = m.group(1)
    assert set(single.values()) == {"doubles"} | set(TRUMP_CONTRACTS)


def test_the_record_is_typed_by_the_table() -> None:
    contract, none = typing.get_args(typing.get_type_hints(Call)["contract"])
    assert typing.get_args(contract) == BID_CONTRACTS and none is type(None)
    assert typing.get_args(typing.get_type_hints(TrumpRecord)["kind"]) == TRUMP_KINDS
