"""`podium standings` on an imported event of a few thousand players: the first rows, a note
saying what was left out, every row in the CSV or with --top 0 (plain text past
podium.cli.tables.PLAIN_ROWS rows), and the import's snapshot that spares the next
command a full replay (the speed itself is in bench/standings.py)."""

from __future__ import annotations

import csv
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from podium.core.log import Action, Kind
from podium.core.model import Table
from podium.formats import get_format
from podium.formats.commander.demo import simulate_result
from podium.service.states import code_version
from podium.service.transfer import dumps
from podium.store.repository import EventRepository
from tests.cli.conftest import Podium, flat

PLAYERS = 3_001  # one bye a round
ROUNDS = 3


def event_file(path: Path) -> None:
    """A Commander event: random pods of 4, sample results (rules CMD-2, CMD-4, CMD-9)."""
    ruleset = get_format("commander")
    start = datetime(2026, 1, 1, tzinfo=UTC)
    actions: list[dict[str, Any]] = []

    def add(kind: str, payload: dict[str, Any]) -> None:
        at = start + timedelta(seconds=len(actions))
        actions.append(Action(len(actions) + 1, kind, "judge", at, payload).to_json())

    add(Kind.EVENT_CREATED, {"name": "Big Cup", "format": "commander", "seed": 5,
                             "settings": ruleset.settings_to_json(ruleset.parse_settings({}))})
    for pid in range(1, PLAYERS + 1):
        add(Kind.PLAYER_REGISTERED, {"player": pid, "name": f"Player {pid}"})
    rng = random.Random(5)
    for number in range(1, ROUNDS + 1):
        order = list(range(1, PLAYERS + 1))
        rng.shuffle(order)
        tables = [order[i:i + 4] for i in range(0, PLAYERS - 1, 4)]
        add(Kind.ROUND_PAIRED, {"round": number, "stage": "swiss", "tables": tables,
                                "byes": [{"player": order[-1], "reason": "odd"}],
                                "seed": number, "notes": []})
        for index, seats in enumerate(tables, start=1):
            add(Kind.RESULT_ENTERED, {"round": number, "table": index,
                                      "entry": simulate_result(Table(index, tuple(seats)), rng)})
    document = {"file": "podium-event", "version": 1, "actions": actions,
                "event": {"slug": "big", "name": "Big Cup", "format": "commander"}}
    path.write_text(dumps(document), encoding="utf-8")


def printed_rows(text: str) -> list[list[str]]:
    """The table's body rows: lines that start with a rank."""
    return [line.split() for line in text.splitlines()
            if line.split() and line.split()[0].isdigit()]


def test_standings_of_thousands_print_the_top_rows_and_say_so(podium: Podium, tmp_path):
    path = tmp_path / "big.json"
    event_file(path)
    podium("import", str(path))
    expected = podium.load("big").ruleset.standings(podium.load("big").state)
    names = {pid: p.name for pid, p in podium.load("big").state.players.items()}

    out = podium.out("standings", "big", "--top", "10")
    rows = printed_rows(out)
    assert [" ".join(r[1:3]) for r in rows] == [names[row.player] for row in expected.rows[:10]]
    assert [int(r[0]) for r in rows] == [row.rank for row in expected.rows[:10]]
    assert "Showing the top 10 of 3,001 rows" in flat(out)

    default = podium.out("standings", "big")
    assert len(printed_rows(default)) == 200
    assert "Showing the top 200 of 3,001 rows" in flat(default)

    podium("standings", "big", "--csv", str(tmp_path / "all.csv"))
    with open(tmp_path / "all.csv", encoding="utf-8") as handle:
        assert len(list(csv.reader(handle))) == PLAYERS + 1  # a header, then every player

    # --top 0: every row, as plain aligned text past PLAIN_ROWS rows, headers in
    # the run's language
    every = podium.out("standings", "big", "--top", "0")
    rows = printed_rows(every)
    assert [" ".join(r[1:3]) for r in rows] == [names[row.player] for row in expected.rows]
    assert [int(r[0]) for r in rows] == [row.rank for row in expected.rows]
    header = next(line.split() for line in every.splitlines() if line.split()[:1] == ["#"])
    assert header[:2] == ["#", "Player"] and "W-D-L" in header and "Showing the top" not in every
    russian = podium.out("--lang", "ru", "standings", "big", "--top", "0")
    header = next(line.split() for line in russian.splitlines() if line.split()[:1] == ["#"])
    assert header[:2] == ["#", "Игрок"] and "Победы–ничьи–поражения" in header
    assert len(printed_rows(russian)) == PLAYERS

    refused = podium("standings", "big", "--top", "-1", code=2)
    assert "--top" in refused.stderr and "Traceback" not in refused.output


def test_a_large_import_stores_a_snapshot_so_the_next_command_does_not_replay(podium: Podium,
                                                                              tmp_path):
    path = tmp_path / "big.json"
    event_file(path)
    podium("import", str(path))
    service = podium.service()
    with service.db.session(readonly=True) as session:
        repo = EventRepository(session)
        summary = repo.get("big")
        found = repo.latest_snapshot(summary.id, code_version(get_format("commander")))
        last = repo.last_seq(summary.id)
    assert found is not None and found[0] == last
