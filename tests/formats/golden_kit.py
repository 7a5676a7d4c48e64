"""What the golden event files of a format folder share (``tests/formats/<name>/golden.py``): an
example played through the command line as a person types it (``podium.cli.main.build_cli()``
with ``CliRunner``), its event file written by ``podium export``, the file imported again by
``podium import``, and the tables it derives as JSON (exact fractions as text, ``7/2``).

A format's ``golden.py`` names its examples and says which tables it keeps
(``standings(loaded)``); :func:`write` regenerates the files, :func:`derived` and :func:`build`
are what its ``test_golden.py`` compares.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import click
from click.testing import CliRunner

from podium.core.views import TableView

Run = Callable[..., str]
Example = Callable[[Run], None]
Tables = dict[str, list[Any]]
Standings = Callable[[Any], Tables]


def plain(value: Any) -> Any:
    """A table's cell as JSON: exact fractions as text (``11/2``), messages as their English."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, str):
        return str.__str__(value)  # a message object is its English text
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in sorted(value.items())}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value if value is None or isinstance(value, int | bool) else str(value)


def rows(view: TableView) -> list[dict[str, Any]]:
    """A view's rows as JSON, the points always as exact text (``3``, ``5/2``); the columns
    only (a row's player id is the typed value's, not a cell)."""
    out = [{k: v for k, v in row.items() if k != "player_id"} for row in plain(view.rows)]
    for row in out:
        if isinstance(row.get("points"), int | str):
            row["points"] = str(Fraction(row["points"]))
    return out


def view_tables(views: list[TableView], prefix: str = "") -> Tables:
    """Each view's rows under its key, and its notes (when it has any) under ``KEY/notes``."""
    out: Tables = {}
    for view in views:
        out[prefix + view.key] = rows(view)
        if view.notes:
            out[f"{prefix}{view.key}/notes"] = plain(view.notes)
    return out


@cache
def _root() -> click.Group:
    from podium.cli.main import build_cli

    return build_cli()


def cli(db: Path) -> Run:
    """``podium`` on database ``db``, as the judge; its output (a failure raises)."""

    def run(*args: str) -> str:
        result = CliRunner().invoke(_root(), ["--db", str(db), "--actor", "judge", *args],
                                    catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output, result.stderr)
        return result.stdout

    return run


def build(examples: Mapping[str, Example], name: str, folder: Path) -> str:
    """Example ``name`` played through the command line in ``folder``: its event file."""
    podium = cli(folder / f"{name}.db")
    examples[name](podium)
    return podium("export", name)


def derived(name: str, document: str, folder: Path, standings: Standings) -> Tables:
    """The tables an event file derives once imported (``podium import``)."""
    from podium.service.events import EventService
    from podium.store.db import Database, resolve_url

    db = folder / f"{name}-imported.db"
    file = folder / f"{name}.json"
    file.write_text(document, encoding="utf-8")
    cli(db)("import", str(file))
    service = EventService(Database(resolve_url(str(db))))
    try:
        return standings(service.load(name))
    finally:
        service.db.dispose()


def expected(folder: Path, name: str) -> Tables:
    """The tables example ``name`` must derive, as written (``golden/NAME.standings.json``)."""
    return json.loads((folder / f"{name}.standings.json").read_text(encoding="utf-8"))


def write(folder: Path, examples: Mapping[str, Example], standings: Standings) -> None:
    """Regenerate every golden file of ``examples`` and the tables it derives."""
    folder.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in examples:
            document = build(examples, name, Path(tmp))
            (folder / f"{name}.json").write_text(document, encoding="utf-8")
            found = derived(name, document, Path(tmp), standings)
            (folder / f"{name}.standings.json").write_text(
                json.dumps(found, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            sys.stdout.write(f"wrote {name}.json and {name}.standings.json\n")
