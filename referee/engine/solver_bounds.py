"""Bounds of a position's value that the double-dummy search gets without searching.

A zero-window search asks "does the declaring side reach at least beta?"; a
bound that already answers it saves the whole subtree.  All of these are
exact statements (never estimates), so the search stays exact:

- nothing more than the points still out can be taken (checked by the search);
- **sure tricks** at a lead: the leader's tiles no other seat can beat, led one
  after another; and one seat's trumps that the other side cannot all cover,
  for either side.  Each bounds its side's points from below, so the other
  side's from above; sure tricks in every trick left take every point left;
- **a held trick**: when no one still to play to the trick can take it from
  the seat holding it, its points so far go to that seat's side;
- **a lost lead**: when every tile the leader may lead can be beaten by a seat
  of the other side with a tile it may play and no partner of the leader can
  beat or tie, the other side takes the trick, at least its trick points;
- **the last trick** is played out directly (every play is forced).

Like the search, these are closures over the hands and the slot tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .solver_layout import Layout

__all__ = ["Bounds", "bounds_for"]


class Bounds(NamedTuple):
    """The closures of ``bounds_for``."""

    sure: Callable[[int, int, int, int], tuple[int, int, int]]
    """``sure(leader, rem, left, alive)``: (lower, upper) bounds from sure tricks, and the leader's sure leads."""
    loses: Callable[[int], bool]
    """``loses(leader)``: whatever the leader leads, the other side takes the trick (never under sevens)."""
    held: Callable[[int, int, int, int, int], bool]
    """``held(seat, k, led, best_s, best_seat)``: no one from ``seat`` to the end of the trick can take it."""
    last_trick: Callable[[int], int]
    """``last_trick(leader)``: the points the declaring side takes in the one trick left."""


def bounds_for(
    lay: Layout,
    hands: list[int],
    nxt: tuple[int, ...],
    size: int,
    decl_side: tuple[bool, ...],
    tp: int,
    cnt: tuple[int, ...],
) -> Bounds:
    """The bounds of one search over ``hands`` (read, never written)."""
    calls = lay.calls
    strength = lay.strength
    suit_mask = lay.suit_mask
    beaters = lay.beaters
    over = lay.over
    trump_mask = lay.trump_mask
    width = lay.width
    seats = range(len(hands))

    def sure(leader: int, rem: int, left: int, alive: int) -> tuple[int, int, int]:
        """Two kinds of sure tricks, of which the better counts for each side (they may
        share tricks).  Each tile is played some time, and a trick holding a seat's
        trump goes to its side unless the other side plays a trump at least as high in
        it (one per trick): so the seat's side takes at least ``i - d`` tricks, where
        ``d`` trumps of the other side reach its ``i``-th highest trump."""
        hand = hands[leader]
        others = alive & ~hand
        lead_pts = sure_leads = n = 0
        m = hand
        while m:
            b = m & -m
            m ^= b
            s = b.bit_length() - 1
            if not others & beaters[s]:
                sure_leads |= b
                n += 1
                lead_pts += tp + cnt[s]
        if n >= left:
            lead_pts = rem
        side_pts = [0, 0]  # by decl_side
        if alive & trump_mask:
            side_tr = [0, 0]
            for o in seats:
                side_tr[decl_side[o]] |= hands[o] & trump_mask
            for o in seats:
                mine = hands[o] & trump_mask
                if not mine:
                    continue
                other = side_tr[not decl_side[o]]
                top = mine.bit_length() - 1
                # The seat's highest trump, when the one tile of the other side that reaches it
                # is its other copy (a tie, which wins only if played first in the trick) and
                # the seat holds another trump, takes a trick: the seat plays it in the first
                # trick the copy is not already in, and in the one it is in plays another trump
                # (or follows suit, or discards), after which nothing of the other side reaches it.
                tied = width > 1 and mine & (mine - 1) and (other >> (top - top % width)) == 1 << (top % width ^ 1)
                i = short = got = 0
                while mine:
                    s = mine.bit_length() - 1
                    mine ^= 1 << s
                    i += 1
                    d = (other >> (s - s % width)).bit_count()
                    if not d:
                        got += cnt[s]
                    if i - d > short:
                        short = i - d
                if tied and not short:
                    short, got = 1, cnt[top]
                got = rem if short >= left else short * tp + got
                if got > side_pts[decl_side[o]]:
                    side_pts[decl_side[o]] = got
        mine_side = decl_side[leader]
        if lead_pts > side_pts[mine_side]:
            side_pts[mine_side] = lead_pts
        return side_pts[True], rem - side_pts[False], sure_leads

    partners_of = [tuple(o for o in seats if o != s and decl_side[o] == decl_side[s]) for s in seats]
    rivals_of = [tuple(o for o in seats if decl_side[o] != decl_side[s]) for s in seats]

    def loses(leader: int) -> bool:
        if lay.forced_groups:
            return False
        partners = partners_of[leader]
        rivals = [hands[o] for o in rivals_of[leader]]
        m = hands[leader]
        while m:
            t = m.bit_length() - 1
            m ^= 1 << t
            led = calls[t]
            sm = suit_mask[led]
            st = strength[led]
            beat = over[led]
            taken = False
            for h in rivals:
                u = (h & sm or h) & beat[st[t]]
                while u and not taken:
                    x = u.bit_length() - 1
                    u ^= 1 << x
                    # A partner's tile as strong as ``x`` (its other copy) wins if played first.
                    top = beat[st[x]] | (1 << (x ^ 1) if width > 1 else 0)
                    taken = not any((hands[o] & sm or hands[o]) & top for o in partners)
                if taken:
                    break
            if not taken:
                return False
        return True

    def held(seat: int, k: int, led: int, best_s: int, best_seat: int) -> bool:
        w = decl_side[best_seat]
        beat = over[led][best_s]
        sm = suit_mask[led]
        for _ in range(size - k):
            if decl_side[seat] != w:
                h = hands[seat]
                if (h & sm or h) & beat:  # a superset of the seat's legal plays (sevens)
                    return False
            seat = nxt[seat]
        return True

    def last_trick(leader: int) -> int:
        s = leader
        m = hands[s].bit_length() - 1
        led = calls[m]
        st = strength[led]
        best_s = st[m]
        best_seat = s
        pts = tp + cnt[m]
        for _ in range(size - 1):
            s = nxt[s]
            m = hands[s].bit_length() - 1
            pts += cnt[m]
            x = st[m]
            if x > best_s:
                best_s = x
                best_seat = s
        return pts if decl_side[best_seat] else 0

    return Bounds(sure, loses, held, last_trick)
