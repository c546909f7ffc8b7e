"""The contract words of the notation, in one table.

A special contract is named in one of two places of a hand: with the bid
(``bid N 168 plunge``) or as the trump (``trump nello``).  These types are the one
list of those words: the record's fields are typed by them, the readers and the
error messages take their words from them, and ``tests/notation/test_contracts.py``
holds them equal to the games' contracts (``engine.games``) and to the grammar's
terminals (``BIDCONTRACT``, the ``declaration`` rule).

>>> BID_CONTRACTS, TRUMP_CONTRACTS
(('plunge', 'splash'), ('nello', 'sevens'))
>>> TRUMP_KINDS
('suit', 'doubles', 'follow-me', 'nello', 'sevens')
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = ["BID_CONTRACTS", "TRUMP_CONTRACTS", "TRUMP_KINDS", "BidContract", "TrumpContract", "TrumpKind"]

BidContract = Literal["plunge", "splash"]
"""A contract named with the bid (the games' contracts made ``when="bid"``)."""

TrumpContract = Literal["nello", "sevens"]
"""A contract named as the trump, after the auction (the games' contracts made ``when="trump"``)."""

TrumpKind = Literal["suit", "doubles", "follow-me", TrumpContract]
"""What a ``trump`` item declares: a declaration of the games (a suit, doubles, follow-me)
or a contract named as the trump."""

BID_CONTRACTS: tuple[BidContract, ...] = get_args(BidContract)
TRUMP_CONTRACTS: tuple[TrumpContract, ...] = get_args(TrumpContract)
TRUMP_KINDS: tuple[TrumpKind, ...] = get_args(TrumpKind)
