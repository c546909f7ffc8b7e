"""A diagnostic code: its severity, its exit class and the referee's recovery policy.

A code is a ``str`` subclass (``"E404"``) that also carries what replay does with
an action the engine refused (``after``).  That policy lives in the catalogue and
nowhere else: the engine's ``Hand.apply`` and the judge both read it.  Each code
made enters ``CATALOG``; the codes themselves are defined by family in the
modules beside this one.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["CATALOG", "After", "Code", "Severity", "code_info"]


CATALOG: dict[str, Code] = {}
"""Every code by its text, in catalogue order (the order the family modules define them,
imported in that order by ``referee.codes``)."""


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


class After(StrEnum):
    """What replay does after the engine refuses an action with this code."""

    APPLY = "apply"
    """Apply the action as written anyway and follow the hand on (a renege is still played)."""
    SKIP = "skip"
    """Leave the action out and go on with the hand."""
    STOP = "stop"
    """The hand cannot be followed past it: stop, note W103, stop checking the running score."""
    END = "end"
    """The hand was already over: what follows is extra and is not replayed."""
    REPORT = "report"
    """Not an action the engine refuses: a finding about the record, reported only."""


class Code(str):
    """One catalogue entry; compares and hashes as its text (``"E404"``)."""

    severity: Severity
    summary: str
    """A few words that name the problem (the ``title`` column of docs/errors.md)."""
    explanation: str
    syntax: bool
    """Notation, input or usage class: exit status 2 instead of 1 when it is an error."""
    after: After

    def __new__(
        cls,
        code: str,
        summary: str,
        explanation: str,
        *,
        severity: Severity = Severity.ERROR,
        syntax: bool = False,
        after: After = After.REPORT,
    ) -> Code:
        if code in CATALOG:
            raise ValueError(f"{code} is in the catalogue already: a code keeps one meaning")
        self = super().__new__(cls, code)
        self.severity = severity
        self.summary = summary
        self.explanation = explanation
        self.syntax = syntax
        self.after = after
        CATALOG[code] = self
        return self

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle as a reference to the catalogue, so worker processes send the text only."""
        return (code_info, (str(self),))

    @property
    def exit_status(self) -> int:
        """The exit status a diagnostic with this code earns on its own."""
        if self.severity is not Severity.ERROR:
            return 0
        return 2 if self.syntax else 1


def code_info(code: str) -> Code:
    """The catalogue's entry for ``code`` (what a pickled code is read back as)."""
    return CATALOG[code]
