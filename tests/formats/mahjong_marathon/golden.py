"""The marathon's golden event files (``golden/*.json``): hand-worked examples played through
the command line and written by ``podium export``, each with the stage and total tables it
must derive (``golden/*.tables.json``). ``test_golden.py`` imports each file and compares.

Regenerate (after a deliberate change of the examples or of what the tables show):

    .venv/bin/python -m tests.formats.mahjong_marathon.golden

then check the tables against the hand-worked numbers in ``test_golden.py``.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from podium.core.views import Change, TableView
from podium.formats.mahjong_marathon.rules import book_of
from podium.formats.mahjong_marathon.views import published_views

FOLDER = Path(__file__).parent / "golden"
HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"
Run = Callable[..., str]


def decisions(podium: Run, games: Path) -> None:
    """``decisions``: five players in stages 1 and 2 (series of 2, NR from 2 games), published,
    then a 6a penalty (rule MJ-6a), a game disqualified (MJ-5), a 6c penalty reverted."""
    podium("event", "create", "decisions", "--format", "mahjong-marathon", "--seed", "7",
           "--name", "Golden: decisions", "--settings", "series_length=2",
           "--settings", "min_games=2")
    games.write_text(HEADER + "".join(line + "\n" for line in (
        "g1,RU-Marathon-1,2015-02-10T12:00:00Z,Anna,30,Boris,25,Clara,0,Dmitri,-55",
        "g2,RU-Marathon-2,2015-02-11T12:00:00Z,Anna,10,Boris,10,Clara,-5,Egor,-15",
        "g3,RU-Marathon-1,2015-02-12T12:00:00Z,Dmitri,40,Egor,20,Clara,0,Boris,-60",
        "g4,RU-Marathon-1,2015-04-05T12:00:00Z,Anna,20,Boris,10,Clara,-10,Dmitri,-20",
        "g5,Lobby-1,2015-02-13T12:00:00Z,Anna,20,Boris,10,Clara,-10,Dmitri,-20",
    )), encoding="utf-8")
    podium("games", "import", "decisions", str(games))
    podium("publish", "decisions", "--reason", "after the games")
    podium("penalty", "decisions", "Anna", "--kind", "6a", "--amount", "5", "--game", "g1",
           "--reason", "slow play")
    podium("disqualify", "game", "decisions", "g3", "--ground", "left", "--reason",
           "two players left")
    seq = json.loads(podium("penalty", "decisions", "Egor", "--kind", "6c", "--amount", "1",
                            "--stage", "1", "--reason", "rude", "--json"))["answer"]["seq"]
    podium("revert", "decisions", str(seq), "--reason", "apology accepted")


def periods(podium: Run, games: Path) -> None:
    """``periods``: custom penalty amounts on; a player disqualified for a period (rule MJ-6,
    Moscow time), a 6b penalty of 30 GP (custom), a game typed in by hand, two
    publications."""
    podium("event", "create", "periods", "--format", "mahjong-marathon", "--seed", "8",
           "--name", "Golden: periods", "--settings", "series_length=2",
           "--settings", "min_games=1", "--settings", "custom_penalties=yes")
    games.write_text(HEADER + "".join(line + "\n" for line in (
        "p1,RU-Marathon-1,2015-03-01T10:00:00+03:00,Ivan,40,Kira,20,Lev,0,Mila,-60",
        "p2,RU-Marathon-1,2015-03-02T10:00:00+03:00,Ivan,0,Kira,40,Lev,20,Mila,-60",
    )), encoding="utf-8")
    podium("games", "import", "periods", str(games))
    podium("publish", "periods")
    podium("games", "add", "periods", "--id", "p3", "--table", "RU-Marathon-2", "--start",
           "2015-03-03 10:00", "--zone", "Europe/Moscow",
           "--players", "Ivan=30,Kira=-10,Lev=10,Mila=-30")
    podium("disqualify", "player", "periods", "Kira", "--from", "2015-03-02", "--until",
           "2015-03-03", "--reason", "shared account")
    podium("penalty", "periods", "Lev", "--kind", "6b", "--amount", "30", "--stage", "1",
           "--reason", "late start")
    podium("publish", "periods", "--reason", "end of the week")


EXAMPLES: dict[str, Callable[[Run, Path], None]] = {"decisions": decisions, "periods": periods}


def plain(value: Any) -> Any:
    """A table's cell as JSON: exact fractions as text (``7/3``), a change as its parts."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Change):
        return {"change": plain(value.delta), "new": value.new}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in sorted(value.items())}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value if value is None or isinstance(value, int | str | bool) else str(value)


def tables(loaded: Any) -> dict[str, list[dict[str, Any]]]:
    """Every live stage table and the total (against the last publication), row by row
    (rules MJ-7 .. MJ-10), then each publication's as it froze them (``publication-N/KEY``,
    against the one before, rule MJ-11)."""
    ruleset, state = loaded.ruleset, loaded.state
    out = {view.key: cells(view) for view in ruleset.tables(state)}
    book = book_of(state)
    for number in range(1, len(book.publications) + 1):
        for view in published_views(state, book, number):
            out[f"publication-{number}/{view.key}"] = cells(view)
    return out


def cells(view: TableView) -> Any:
    """A table's rows as the columns show them (a row's player id and rank, which the typed
    rows carry, are the player's name and the place here)."""
    return plain([{k: v for k, v in row.items() if k not in ("player_id", "rank")}
                  for row in view.rows])


def cli(db: Path) -> Run:
    """``podium`` on database ``db``, as the judge; its output (a failure raises)."""
    from podium.cli.main import cli as root

    def run(*args: str) -> str:
        result = CliRunner().invoke(root, ["--db", str(db), "--actor", "judge", *args],
                                    catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output, result.stderr)
        return result.stdout

    return run


def build(name: str, folder: Path) -> str:
    """Example ``name`` played through the command line in ``folder``: its event file."""
    podium = cli(folder / f"{name}.db")
    EXAMPLES[name](podium, folder / f"{name}.csv")
    return podium("export", name)


def derived(name: str, document: str, folder: Path) -> dict[str, list[dict[str, Any]]]:
    """The tables an event file derives once imported (``podium import``)."""
    from podium.service.events import EventService
    from podium.store.db import Database, resolve_url

    db = folder / f"{name}-imported.db"
    file = folder / f"{name}.json"
    file.write_text(document, encoding="utf-8")
    cli(db)("import", str(file))
    service = EventService(Database(resolve_url(str(db))))
    try:
        loaded = service.load(name)
        return tables(loaded)
    finally:
        service.db.dispose()


def write() -> None:
    """Regenerate every golden file and its tables."""
    FOLDER.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in EXAMPLES:
            document = build(name, Path(tmp))
            (FOLDER / f"{name}.json").write_text(document, encoding="utf-8")
            found = derived(name, document, Path(tmp))
            (FOLDER / f"{name}.tables.json").write_text(
                json.dumps(found, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            sys.stdout.write(f"wrote {name}.json and {name}.tables.json\n")


if __name__ == "__main__":
    write()
