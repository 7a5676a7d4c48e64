"""64 concurrent writers on one database (a SQLite file, a fresh PostgreSQL schema), then an
integrity check.

The writers run in threads spread over eight independent services, each with its own engine
and its own cached states, as eight processes would be: what keeps them apart is the database's
serialisation (SQLite's write lock, PostgreSQL's advisory lock per event), not a lock of this
process. At once: 24 organisers enter the results of 24 different tables, the 16 players of
four more tables self-report the same results, two organisers correct the same result, two
organisers enter the same table's result, one organiser imports a marathon file while 19 enter
marathon games by hand. Then: every acknowledged write is stored exactly once, the only refusal
is the real conflict (the table's result entered meanwhile, said as such), and the log replayed
from the database equals the state every service holds.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from podium.core.errors import Conflict, PodiumError
from podium.core.log import Kind
from podium.core.replay import replay
from podium.formats import get_format
from podium.formats.mahjong_marathon.commands import MarathonService
from podium.formats.mahjong_marathon.files import read_csv
from podium.service.selfreport import ACCEPTED, SelfReportService
from podium.store.db import Database
from tests.store.conftest import db_url  # noqa: F401 - the fixture is used here

SERVICES = 8
WRITERS = 64
MJ_HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"
T0 = datetime(2015, 3, 2, 12, 0, tzinfo=UTC)
Job = Callable[[MarathonService], Any]


def entry_of(seats: tuple[int, ...], winner: int = 0) -> dict[str, Any]:
    return {"winner": seats[winner], "eliminated": [p for p in seats if p != seats[winner]]}


def game_row(game_id: str, at: datetime, players: list[str]) -> str:
    gps = (16, 8, 0, -24)
    seats = ",".join(f"{name},{gp}" for name, gp in zip(players, gps, strict=True))
    return f"{game_id},RU-Marathon-1,{at.isoformat()},{seats}\n"


@pytest.fixture
def services(db_url: str) -> Iterator[list[MarathonService]]:  # noqa: F811
    opened = [Database(db_url) for _ in range(SERVICES)]
    yield [MarathonService(db) for db in opened]
    for db in opened:
        db.dispose()


def test_64_concurrent_writers_store_every_valid_write_once(
        services: list[MarathonService]) -> None:
    setup = services[0]
    setup.create_event("cup", "Cup", "commander", {}, "setup", seed=5)
    setup.add_players("cup", [f"P{i:03d}" for i in range(1, 129)], "setup")
    _state, rnd = setup.pair_round("cup", "setup")
    tables = {t.number: t.seats for t in rnd.tables}
    setup.enter_result("cup", 29, entry_of(tables[29]), "setup")
    setup.create_event("mj", "Mj", "mahjong-marathon", {}, "setup", seed=6)
    codes = SelfReportService(setup).codes("cup")
    names = [f"M{i}" for i in range(8)]
    csv = MJ_HEADER + "".join(
        game_row(f"file-{i}", T0 + timedelta(hours=i), names[i % 2 * 4:i % 2 * 4 + 4])
        for i in range(40))
    records = read_csv(csv.encode(), "UTC")

    jobs: list[tuple[str, Job]] = []
    for table in range(1, 25):  # 24 organisers, one table each
        jobs.append((f"result {table}", lambda s, t=table: s.enter_result(
            "cup", t, entry_of(tables[t]), f"judge{t}")))
    for table in range(25, 29):  # the 16 players of four tables report the same result
        for pid in tables[table]:
            jobs.append((f"report {table}", lambda s, t=table, p=pid: SelfReportService(s).report(
                "cup", codes[p], lambda _st, _r, tab: entry_of(tab.seats))))
    for winner in (1, 2):  # two organisers correct the same result (both valid, in turn)
        jobs.append(("correct 29", lambda s, w=winner: s.enter_result(
            "cup", 29, entry_of(tables[29], w), f"head{w}", round_number=1, correct=True,
            reason=f"seat {w + 1} won")))
    for winner in (0, 1):  # two organisers enter the same table: one of them is too late
        jobs.append(("result 30", lambda s, w=winner: s.enter_result(
            "cup", 30, entry_of(tables[30], w), f"desk{w}")))
    jobs.append(("import", lambda s: s.ingest("mj", records, "importer", source="file.csv")))
    for i in range(WRITERS - len(jobs)):  # marathon games entered by hand meanwhile
        start = (T0 + timedelta(days=1, hours=i)).isoformat()
        jobs.append(("game", lambda s, i=i, start=start: s.add_game(
            "mj", f"hand-{i}", "RU-Marathon-2", start, "UTC",
            [(name, gp) for name, gp in zip(names[4:], (8, 8, -8, -8), strict=True)],
            f"scorer{i}")))
    assert len(jobs) == WRITERS

    outcomes: list[tuple[str, Any]] = [("", None)] * WRITERS
    barrier = threading.Barrier(WRITERS)

    def run(index: int) -> None:
        service = services[index % SERVICES]
        barrier.wait()
        try:
            outcomes[index] = ("ok", jobs[index][1](service))
        except PodiumError as error:
            outcomes[index] = ("refused", error)
        except Exception as error:
            outcomes[index] = ("crashed", error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    # every refusal is the real conflict, told as such; nothing crashed
    refused = [(jobs[i][0], o[1]) for i, o in enumerate(outcomes) if o[0] != "ok"]
    assert len(refused) == 1, refused
    what, error = refused[0]
    assert what == "result 30" and isinstance(error, Conflict) and error.code == "result.exists"
    assert "already has a result" in str(error) and "reload" not in str(error)

    # every acknowledged write is stored exactly once
    log = setup.log("cup")
    entered = [a.payload["table"] for a in log if a.kind == Kind.RESULT_ENTERED]
    assert sorted(entered) == [*range(1, 31)]  # 24 entries, 4 self-reports, 29 and 30 once
    corrected = [a for a in log if a.kind == Kind.RESULT_CORRECTED]
    assert sorted(a.actor for a in corrected) == ["head1", "head2"]
    for table in range(25, 29):  # four matching reports made one accepted report
        reports = [o[1] for (what, _j), o in zip(jobs, outcomes, strict=True)
                   if what == f"report {table}"]
        assert len({r.id for r in reports}) == 1
        assert sum(r.status == ACCEPTED for r in reports) == 1
    # each marathon game once: the file's 40 and the 19 entered by hand
    book = setup.load("mj").state.extra["mahjong"]
    by_hand = [f"hand-{i}" for i in range(WRITERS - 45)]
    assert sorted(book.games.ids) == sorted([*(f"file-{i}" for i in range(40)), *by_hand])

    # the log replayed from the database equals the state every service holds
    for slug in ("cup", "mj"):
        log = setup.log(slug)
        ruleset = get_format(log[0].payload["format"])
        fresh = replay(log, ruleset)
        fresh.slug = slug
        for service in services:
            held = service.load(slug).state
            assert held.last_seq == fresh.last_seq == len(log)
            assert held.players == fresh.players and held.rounds == fresh.rounds
            assert ruleset.tables(held) == ruleset.tables(fresh)
