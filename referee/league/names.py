"""Which written names are one player: the league tools compare names without regard to
case, accents and spaces, and through a league's ``[players]`` alias table.

A recorder writes ``Jo``, another ``jo``; one writes ``José``, a search asks for
``jose``.  ``name_key`` (in ``referee.words``) is the one comparison every league tool makes (``stats``,
``standings``, ``select --player`` and ``--declarer``); ``Aliases`` maps the other
spellings a house-rule file lists to the league's name first; ``Roster`` remembers
the spellings it meets, shows the one written most often, and says where two met.

>>> a = Aliases.of({"Joe": "José"})
>>> a.key("joe") == a.key("Jose"), a.name_of("JOE")
(True, 'José')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..words import name_key, plural

__all__ = ["Aliases", "Roster", "name_key"]


@dataclass(frozen=True, slots=True)
class Aliases:
    """A league's ``[players]`` table: other spellings of a name, mapped to the name."""

    table: tuple[tuple[str, str], ...] = ()
    """(the key of a spelling, the league's name), the names themselves included."""
    _index: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", dict(self.table))

    @classmethod
    def of(cls, spellings: Mapping[str, str]) -> Aliases:
        """From ``{other spelling: name}`` (``judging.house.load_players``)."""
        pairs = {name_key(name): name for name in spellings.values()}
        pairs.update({name_key(other): name for other, name in spellings.items()})
        return cls(tuple(sorted(pairs.items())))

    def name_of(self, written: str) -> str | None:
        """The league's name for a spelling the table lists (None when it lists none)."""
        return self._index.get(name_key(written))

    def key(self, written: str) -> str:
        """The key of the player a written name means."""
        return name_key(self.name_of(written) or written)


@dataclass(slots=True)
class _Spelling:
    count: int
    first: int
    """The order in which it was first met."""
    place: str
    """``file:line`` of the first record that wrote it."""


@dataclass
class Roster:
    """The players met in a run: each key's spellings, the one shown, and the meetings to note."""

    aliases: Aliases = field(default_factory=Aliases)
    spellings: dict[str, dict[str, _Spelling]] = field(default_factory=dict)
    teams: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """A team's key -> its players' keys."""
    _met: int = 0

    def meet(self, written: str, place: str) -> str:
        """A name written in a record at ``place``; its player's key."""
        key = self.aliases.key(written)
        seen = self.spellings.setdefault(key, {})
        found = seen.get(written)
        if found is None:
            seen[written] = _Spelling(1, self._met, place)
            self._met += 1
        else:
            found.count += 1
        return key

    def team(self, keys: list[str]) -> str:
        """The key of a team of players (by their keys), the same whichever seats they took.
        A side of one player (Moon's) is that player, not a team of one: its key would be
        the player's own.

        >>> r = Roster()
        >>> r.team([r.meet("Cy", "a.42:2"), r.meet("Ann", "a.42:3")]), r.team([r.meet("Bo", "m.moon:2")])
        ('ann & cy', 'bo')
        """
        if len(keys) == 1:
            return keys[0]
        members = tuple(sorted(keys))
        key = " & ".join(members)
        self.teams.setdefault(key, members)
        return key

    def shown(self, key: str) -> str:
        """The spelling shown for a player: the league's name when the ``[players]`` table
        gives one, else the spelling written most often (the first met on a tie).  A team
        is shown as its players, ``Ann & Cy``, in alphabetical order; a key never met (a
        seat without a name) as itself."""
        members = self.teams.get(key)
        if members is not None:
            return " & ".join(sorted((self.shown(k) for k in members), key=lambda n: (n.casefold(), n)))
        seen = self.spellings.get(key)
        if not seen:
            return key
        listed = self.aliases.name_of(next(iter(seen)))
        if listed is not None:
            return listed
        return min(seen.items(), key=lambda kv: (-kv[1].count, kv[1].first))[0]

    def notes(self) -> list[str]:
        """One line for each player written in more than one way whom the ``[players]``
        table does not name (where it does, the league has said who is who): the
        spellings, where each was first written and how often, and the one shown.

        >>> r = Roster()
        >>> for name, at in [("Jo", "a.42:3"), ("jo", "b.42:3"), ("Jo", "c.42:3")]:
        ...     _ = r.meet(name, at)
        >>> print(r.notes()[0])
        'Jo' (a.42:3, 2 records) and 'jo' (b.42:3, 1 record) are counted as one player, shown as 'Jo' (the spelling written most often); a [players] table in a house-rule file names the spelling to show (docs/rules.md)
        """
        out = []
        for key, seen in self.spellings.items():
            if len(seen) < 2 or self.aliases.name_of(next(iter(seen))) is not None:
                continue
            spelt = [f"{w!r} ({s.place}, {plural(s.count, 'record')})" for w, s in sorted(seen.items(), key=lambda kv: kv[1].first)]
            out.append(
                f"{', '.join(spelt[:-1])} and {spelt[-1]} are counted as one player, shown as {self.shown(key)!r} "
                "(the spelling written most often); a [players] table in a house-rule file names the spelling to show (docs/rules.md)"
            )
        return out
