"""The lazy ``referee`` group: its table of commands is what the modules register, and
``referee check`` loads no other command's module."""

from __future__ import annotations

import importlib
import subprocess
import sys

from typer.main import get_command_name

from referee.cli.app import COMMANDS, app


def test_the_table_names_every_command_where_it_is_defined() -> None:
    for name in set(COMMANDS.values()):
        importlib.import_module(f"referee.cli.{name}")
    registered = {
        info.name or get_command_name(info.callback.__name__): info.callback.__module__.rpartition(".")[2]
        for info in app.registered_commands
        if info.callback is not None
    }
    assert registered == COMMANDS


def test_a_command_loads_only_its_own_module() -> None:
    code = (
        "import sys; from referee.cli.guard import run; sys.argv = ['referee', 'rules']\n"
        "try:\n    run()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('referee.cli.') and m.rpartition('.')[2] in "
        + repr(sorted(set(COMMANDS.values())))
        + "), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.stderr.strip().splitlines()[-1] == "['referee.cli.rules']"
