"""The judge: replays records through the engine and says what it found.

``referee.judge(record)`` (the public API's function) is ``referee.judging.replay.judge``;
the package is named for the work so that the function's name is free.
"""
