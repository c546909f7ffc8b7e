"""Why the engine refuses an action: a catalogue code, words a player understands,
and the structured facts (seat, tile, index) a report needs to point at the place.

Carets come from these facts, never from the message text, so rewording a
message cannot move one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..codes import Code
from .tiles import Tile

__all__ = ["IllegalAction", "Refusal"]


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refused action.

    ``seat`` is the seat the refusal is about (the trump caller for E213, the
    dealt seat for E101-E103); ``tile`` the tile at fault; ``index`` its place in
    that seat's dealt tiles (E102, E103); ``trick`` the trick (1-based) where it
    happened, when that is not the trick in play (a renege a later play reveals).
    """

    code: Code
    message: str
    hint: str | None = None
    seat: int | None = None
    tile: Tile | None = None
    index: int | None = None
    trick: int | None = None

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class IllegalAction(Exception):
    """Raised by an engine action that its ``check_*`` query refuses and whose code's
    policy (``Code.after``) does not let it be applied anyway."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal
