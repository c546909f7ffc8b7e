"""Coverage-guided fuzzing of the reader and the judge with atheris (libFuzzer), on demand.

Hypothesis (``tests/properties/test_fuzz.py``) damages the samples at random; libFuzzer
instead keeps every input that reaches new branches of the reader, the judge or the
renderer and mutates those, so it walks deep into the grammar's corners.  It is not part
of ``pytest``: install atheris (``pip install atheris``, Linux wheels) and run

    python tests/atheris_reader.py -max_total_time=600 -max_len=4096 fuzz-corpus/ samples/legal samples/broken

``fuzz-corpus/`` keeps what it learned between runs.  A crash writes ``crash-*``: run the
file through ``referee check`` to see the failure.  A failure is any exception, an S016
(the referee failing on a record) or a message asking to be reported.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from referee.judging.replay import Referee
    from referee.notation.reader import read_text
    from referee.report.render import fold_repeats, render_diagnostic
    from referee.run.records import judge_result

REFEREE = Referee()


def one_input(data: bytes) -> None:
    """Read, judge and render ``data`` as ``check`` would; raise on any sign of a bug."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return  # files that are not UTF-8 stop at S006 before the reader runs
    for index, rr in enumerate(read_text(text, "fuzz.42"), start=1):
        judged = judge_result(rr, REFEREE, "fuzz.42", index)
        for d in fold_repeats(judged.diagnostics):
            if d.code == "S016" or "please report it" in d.message:
                raise RuntimeError(f"{d.code}: {d.message}")
            render_diagnostic(d)


def main() -> None:
    sys.setrecursionlimit(10_000)
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
