"""The other 42 programs' records, read into the notation and written back.

One module per format: ``mk5`` (game links, all three versions), ``luke``
(LukeConran's samples JSON), ``scoresheet`` (the Taylor-Incorvia scorekeeper's
JSON and a score-sheet CSV), ``jswood23`` (round histories).  ``registry`` names them,
detects which one an input is, and gives ``convert`` a reader and a writer for each.
docs/interchange.md says what each format holds, its seat map, what is lost each
way, and the sources read.
"""
