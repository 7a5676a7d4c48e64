"""Benchmark of writes on a warm process and of cold starts, through the real service.

What a write costs once the event's state is kept in the process (``StateCache``), and what a
process that meets the event for the first time pays (newest snapshot plus the tail of the log,
or a full replay without one). Each case runs in its own process, on a fresh database (a SQLite
file in a temporary directory, or a fresh schema on PostgreSQL):

- Commander (N players): the event is created, the players added, ``--rounds`` rounds paired
  and their results stored in one transaction a round (set-up); then more rounds are paired and
  every table's result is entered on its own, as a scorekeeper does, through
  ``EventService.execute(EnterResult(...))``: one write each, timed (at least ``--writes``).
- Mahjong marathon (N games): a simulated year (``demo.generate_year``, ``--players`` players)
  ingested through ``MarathonService.ingest`` in batches of ``--batch`` games (set-up), the
  tables read once (as a serving process would have them), then ``--writes`` new games
  ingested one at a time (``ingest(slug, [one record], actor)``), each timed.

Then, on the same database: a snapshot is stored (``states.save_snapshot``) and a NEW service
(empty cache) loads the event and writes once; the same with ``SnapshotPolicy(enabled=False)``
(a full replay). Both are also run in a fresh interpreter (``python -c``), what a CLI command or
a new web worker pays: imports, opening the database, load, first write; with its peak RSS.

Each timed write is split into its COMMIT (on SQLite the fsync of the write-ahead log, which
the disk decides) and the rest (the process's own work and the other statements), and the time
the cycle collector ran during it is recorded. ``--sync normal`` runs the timed writes with
SQLite's ``PRAGMA synchronous=NORMAL`` (no fsync per commit) to show the disk's share; the app
uses the default (FULL).

Command: ``.venv/bin/python bench/replay.py`` (all sizes; about 2 minutes on 2 cores, the set-up
of 1,000,000 games about 15 s of it), or ``--quick`` (100 and 1,000 players, 10,000 games).
PostgreSQL (``PODIUM_TEST_PG_URL``, else ``postgresql+psycopg://postgres@127.0.0.1:5432/test``)
is used, when reachable, for the cases named by ``--pg-cases`` (default: 1,000 players and
100,000 games).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DEFAULT_PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
ACTOR = "bench"
SLUG = "bench"


def peak_mb() -> float:
    """This process's peak RSS since it started its program (``VmHWM``; ``ru_maxrss`` would
    count the parent's size too, as the child was forked from it)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def progress(message: str) -> None:
    print(f"  [{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def summary(times: list[float]) -> dict[str, float]:
    """Mean, p50, p99 and max in milliseconds."""
    ms = sorted(1000 * t for t in times)
    p99 = ms[min(len(ms) - 1, math.ceil(0.99 * len(ms)) - 1)]
    return {"n": len(ms), "mean": statistics.fmean(ms), "p50": statistics.median(ms),
            "p99": p99, "max": ms[-1]}


class Probe:
    """Per timed write: the time spent in the database's COMMIT (on SQLite, the fsync of the
    write-ahead log) and in the cycle collector, so that the rest is the process's own work."""

    def __init__(self, db: Any) -> None:
        self.commit = self.collect = 0.0
        dialect = db.engine.dialect
        original = dialect.do_commit

        def timed_commit(connection: Any) -> None:
            started = time.perf_counter()
            try:
                original(connection)
            finally:
                self.commit += time.perf_counter() - started

        dialect.do_commit = timed_commit  # this engine only: an attribute of its dialect
        self._started = 0.0
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.collect += time.perf_counter() - self._started

    def take(self) -> tuple[float, float]:
        """(commit, collector) seconds since the last call."""
        out = (self.commit, self.collect)
        self.commit = self.collect = 0.0
        return out


class Timings:
    """The timed writes: total, commit, collector, and the rest."""

    def __init__(self, probe: Probe) -> None:
        self.probe = probe
        self.total: list[float] = []
        self.commit: list[float] = []
        self.rest: list[float] = []
        self.collect: list[float] = []

    @contextmanager
    def write(self) -> Iterator[None]:
        self.probe.take()
        started = time.perf_counter()
        yield
        spent = time.perf_counter() - started
        commit, collect = self.probe.take()
        self.total.append(spent)
        self.commit.append(commit)
        self.rest.append(spent - commit)
        self.collect.append(collect)

    def result(self) -> dict[str, Any]:
        return {"writes": summary(self.total), "commit": summary(self.commit),
                "rest": summary(self.rest), "gc_longest_ms": 1000 * max(self.collect),
                "gc_writes": sum(1 for c in self.collect if c > 0.005)}


def open_database(url: str, sync: str) -> Any:
    """The app's Database; with ``sync`` other than ``full`` on SQLite, its connections use
    that ``PRAGMA synchronous`` (to see what the fsync of every commit costs)."""
    from sqlalchemy import event

    from podium.store.db import Database

    db = Database(url)
    if db.is_sqlite and sync != "full":
        @event.listens_for(db.engine, "connect")
        def _sync(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.execute(f"PRAGMA synchronous={sync}")

        db.engine.dispose()  # the pooled connection was opened before the hook
    return db


# databases ------------------------------------------------------------------------------------
def pg_base_url() -> str:
    return os.environ.get("PODIUM_TEST_PG_URL") or DEFAULT_PG_URL


def pg_reachable() -> bool:
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    try:
        engine = create_engine(pg_base_url(), poolclass=NullPool,
                               connect_args={"connect_timeout": 3})
        try:
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        finally:
            engine.dispose()
    except Exception:
        return False
    return True


@contextmanager
def database_url(backend: str) -> Iterator[str]:
    """A URL of an empty database: a SQLite file in a temporary directory, or a fresh
    PostgreSQL schema (dropped afterwards)."""
    if backend == "sqlite":
        with tempfile.TemporaryDirectory(prefix="podium-replay-") as tmp:
            yield f"sqlite:///{Path(tmp) / 'bench.db'}"
        return
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import NullPool

    schema = f"podium_bench_{uuid.uuid4().hex[:12]}"
    admin = create_engine(pg_base_url(), poolclass=NullPool)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        url = make_url(pg_base_url()).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


def snapshot_info(db: Any) -> dict[str, Any]:
    from sqlalchemy import func, select

    from podium.store.models import SnapshotRow

    with db.session(readonly=True) as session:
        row = session.execute(select(SnapshotRow.seq, func.length(SnapshotRow.data))
                              .order_by(SnapshotRow.seq.desc()).limit(1)).first()
    return {"snapshot_seq": row[0], "snapshot_mb": row[1] / 2**20} if row else {}


# cold starts in a fresh interpreter -------------------------------------------------------------
COLD_CODE = r"""
import json, sys, time
t0 = time.perf_counter()
url, slug, fmt = sys.argv[1:4]
enabled, write = sys.argv[4] == "1", json.loads(sys.argv[5])
from podium.service.states import SnapshotPolicy
from podium.store.db import Database
if fmt == "commander":
    from podium.service.commands import EnterResult
    from podium.service.events import EventService as Service
else:
    from podium.formats.mahjong_marathon.commands import MarathonService as Service
    from podium.formats.mahjong_marathon.files import GameRecord
t1 = time.perf_counter()
db = Database(url)
t2 = time.perf_counter()
service = Service(db, snapshots=SnapshotPolicy(enabled=enabled))
loaded = service.load(slug)
t3 = time.perf_counter()
if fmt == "commander":
    service.execute(EnterResult(slug, write["table"], write["entry"]), "bench")
else:
    service.ingest(slug, [GameRecord(**write)], "bench")
t4 = time.perf_counter()
print(json.dumps({"import_s": t1 - t0, "open_db_s": t2 - t1, "load_s": t3 - t2,
                  "write_s": t4 - t3, "inside_s": t4 - t0,
                  "peak_mb": [int(line.split()[1]) / 1024 for line in open("/proc/self/status")
                              if line.startswith("VmHWM:")][0]}))
"""


def cold_subprocess(url: str, fmt: str, enabled: bool, write: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", COLD_CODE, url, SLUG, fmt, "1" if enabled else "0",
         json.dumps(write)], capture_output=True, text=True)
    wall = time.perf_counter() - started
    if done.returncode:
        raise RuntimeError(f"cold start failed:\n{done.stderr}")
    return {**json.loads(done.stdout), "wall_s": wall}


def cold_in_process(url: str, make_service: Callable[..., Any], enabled: bool,
                    write: Callable[[Any], None]) -> dict[str, Any]:
    """A new Database and service (empty cache) in this process: load, then one write."""
    from podium.service.states import SnapshotPolicy
    from podium.store.db import Database

    db = Database(url)
    try:
        service = make_service(db, snapshots=SnapshotPolicy(enabled=enabled))
        t = time.perf_counter()
        service.load(SLUG)
        loaded = time.perf_counter() - t
        t = time.perf_counter()
        write(service)
        wrote = time.perf_counter() - t
    finally:
        db.dispose()
    return {"load_s": loaded, "write_s": wrote}


def cold_starts(url: str, db: Any, service: Any, fmt: str, make_service: Callable[..., Any],
                writes: list[tuple[Callable[[Any], None], dict[str, Any]]]) -> dict[str, Any]:
    """Store a snapshot, then four cold starts (in process and in a fresh interpreter, with and
    without the snapshot), each followed by one write (``writes``: four of them)."""
    from podium.service.events import utc_now

    out: dict[str, Any] = {}
    t = time.perf_counter()
    assert service.states.save_snapshot(SLUG, utc_now())
    out["snapshot_save_s"] = time.perf_counter() - t
    out.update(snapshot_info(db))
    progress("cold starts")
    out["cold_snap"] = cold_in_process(url, make_service, True, writes[0][0])
    out["cold_full"] = cold_in_process(url, make_service, False, writes[1][0])
    out["proc_snap"] = cold_subprocess(url, fmt, True, writes[2][1])
    out["proc_full"] = cold_subprocess(url, fmt, False, writes[3][1])
    return out


# Commander ------------------------------------------------------------------------------------
def commander_case(players: int, backend: str, setup_rounds: int, min_writes: int,
                   seed: int, sync: str) -> dict[str, Any]:
    from podium.core.log import Kind
    from podium.core.rng import rng_for
    from podium.formats.commander.demo import simulate_result
    from podium.service.commands import EnterResult
    from podium.service.events import EventService, NewAction

    tables_a_round = players // 4
    measure_rounds = max(1, math.ceil((min_writes + 4) / tables_a_round))
    rounds = setup_rounds + measure_rounds
    rng = rng_for(seed, "bench-replay")
    result: dict[str, Any] = {"format": "commander", "size": players, "backend": backend,
                              "rounds": rounds}
    with database_url(backend) as url:
        db = open_database(url, sync)
        service = EventService(db)
        timings = Timings(Probe(db))
        t = time.perf_counter()
        # rule CMD-11: fewer rounds than max(5, ceil(log2 N) - 1) need ``fewer_rounds``
        service.create_event(SLUG, "Bench", "commander",
                             {"rounds": rounds, "final_size": 0, "fewer_rounds": True},
                             ACTOR, seed)
        service.add_players(SLUG, [f"Player {i:05d}" for i in range(1, players + 1)], ACTOR)
        pair_times = []
        for number in range(1, setup_rounds + 1):
            t_pair = time.perf_counter()
            _state, rnd = service.pair_round(SLUG, ACTOR)
            pair_times.append(time.perf_counter() - t_pair)
            entries = [NewAction(Kind.RESULT_ENTERED, {"round": rnd.number, "table": table.number,
                                                       "entry": simulate_result(table, rng)})
                       for table in rnd.tables]
            service.run(SLUG, ACTOR, lambda _loaded, e=entries: e)
            progress(f"commander {players}: round {number}/{rounds} stored (set-up)")
        result["setup_s"] = time.perf_counter() - t
        reserved: list[tuple[int, dict[str, Any]]] = []
        for number in range(setup_rounds + 1, rounds + 1):
            t_pair = time.perf_counter()
            _state, rnd = service.pair_round(SLUG, ACTOR)
            pair_times.append(time.perf_counter() - t_pair)
            tables = list(rnd.tables)
            if number == rounds:
                reserved = [(table.number, simulate_result(table, rng)) for table in tables[-4:]]
                tables = tables[:-4]
            for table in tables:
                command = EnterResult(SLUG, table.number, simulate_result(table, rng))
                with timings.write():
                    service.run_command(command, ACTOR)
            progress(f"commander {players}: round {number}/{rounds}, "
                     f"{len(timings.total)} writes timed")
        result.update(timings.result())
        result["pair_s"] = max(pair_times)
        result["actions"] = service.load(SLUG).state.last_seq

        def enter(number: int, entry: dict[str, Any]) -> Callable[[Any], None]:
            return lambda svc: svc.run_command(EnterResult(SLUG, number, entry), ACTOR)

        writes = [(enter(n, e), {"table": n, "entry": e}) for n, e in reserved]
        result.update(cold_starts(url, db, service, "commander", EventService, writes))
        db.dispose()
    result["peak_mb"] = peak_mb()
    return result


# Mahjong marathon -----------------------------------------------------------------------------
def marathon_records(year: Any, lo: int, hi: int, width: int) -> list[Any]:
    from podium.formats.mahjong_marathon.files import GameRecord

    starts = year.start[lo:hi].tolist()
    seats = year.players[lo:hi].tolist()
    gps = year.gp[lo:hi].tolist()
    tables = year.table_no[lo:hi].tolist()
    return [GameRecord(f"MT-{lo + i:08d}", f"RU-Marathon-{tables[i]}", starts[i],
                       tuple(f"player{p + 1:0{width}d}" for p in seats[i]), tuple(gps[i]))
            for i in range(hi - lo)]


def marathon_case(games: int, backend: str, players: int, batch: int, writes: int,
                  seed: int, sync: str) -> dict[str, Any]:
    from podium.formats.mahjong_marathon.commands import MarathonService
    from podium.formats.mahjong_marathon.demo import generate_year
    from podium.formats.mahjong_marathon.rules import book_of

    result: dict[str, Any] = {"format": "mahjong-marathon", "size": games, "backend": backend,
                              "players": players}
    width = len(str(players))
    with database_url(backend) as url:
        db = open_database(url, sync)
        service = MarathonService(db)
        timings = Timings(Probe(db))
        service.create_event(SLUG, "Bench", "mahjong-marathon", {}, ACTOR, seed)
        settings = service.load(SLUG).state.settings
        total = games + writes + 4
        year = generate_year(players, total, seed, settings.stage_bounds)
        t = time.perf_counter()
        for lo in range(0, games, batch):
            hi = min(lo + batch, games)
            service.ingest(SLUG, marathon_records(year, lo, hi, width), ACTOR)
            progress(f"marathon {games:,}: {hi:,} games ingested (set-up)")
        result["setup_s"] = time.perf_counter() - t
        loaded = service.load(SLUG)
        t = time.perf_counter()
        book_of(loaded.state).total(loaded.state.settings)  # the tables a server has shown
        result["tables_s"] = time.perf_counter() - t
        for record in marathon_records(year, games, games + writes, width):
            with timings.write():
                service.ingest(SLUG, [record], ACTOR)
        progress(f"marathon {games:,}: {writes} writes timed")
        result.update(timings.result())
        result["actions"] = service.load(SLUG).state.last_seq

        def ingest(record: Any) -> Callable[[Any], None]:
            return lambda svc: svc.ingest(SLUG, [record], ACTOR)

        extra = marathon_records(year, games + writes, total, width)
        pairs = [(ingest(r), {"game_id": r.game_id, "table": r.table, "start": r.start,
                              "names": list(r.names), "gp": list(r.gp)}) for r in extra]
        result.update(cold_starts(url, db, service, "mahjong-marathon", MarathonService, pairs))
        db.dispose()
    result["peak_mb"] = peak_mb()
    return result


# the parent: one process a case, then the table ---------------------------------------------
def run_case(case: str, args: argparse.Namespace) -> dict[str, Any]:
    cmd = [sys.executable, __file__, "--case", case, "--rounds", str(args.rounds),
           "--writes", str(args.writes), "--players", str(args.players),
           "--batch", str(args.batch), "--seed", str(args.seed), "--sync", args.sync]
    done = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    if done.returncode:
        raise SystemExit(f"case {case} failed")
    return json.loads(done.stdout)


def fmt_s(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def size_label(r: dict[str, Any]) -> str:
    return f"{r['size']:,} " + ("players" if r["format"] == "commander" else "games")


def print_tables(results: list[dict[str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=220)
    writes = Table(title="One write on a warm process, ms (rest = the write without its "
                         "COMMIT)")
    for column in ("format", "size", "db", "log actions", "set-up s", "writes", "mean", "p50",
                   "p99", "max", "commit mean", "commit p99", "rest mean", "rest p99",
                   "rest max", "GC max", "peak RSS MB"):
        writes.add_column(column, justify="right")
    for r in results:
        w, c, rest = r["writes"], r["commit"], r["rest"]
        writes.add_row(r["format"], size_label(r), r["backend"], f"{r['actions']:,}",
                       f"{r['setup_s']:.1f}", str(w["n"]), f"{w['mean']:.2f}", f"{w['p50']:.2f}",
                       f"{w['p99']:.2f}", f"{w['max']:.1f}", f"{c['mean']:.2f}",
                       f"{c['p99']:.2f}", f"{rest['mean']:.2f}", f"{rest['p99']:.2f}",
                       f"{rest['max']:.1f}", f"{r['gc_longest_ms']:.1f}", f"{r['peak_mb']:.0f}")
    console.print(writes)
    cold = Table(title="Cold start: a new service loads the event, then writes once "
                       "(from the snapshot | full replay)")
    for column in ("format", "size", "db", "snapshot MB", "save s", "in process: load",
                   "1st write", "new python: load", "1st write", "whole process",
                   "peak RSS MB"):
        cold.add_column(column, justify="right")
    for r in results:
        s, f, ps, pf = r["cold_snap"], r["cold_full"], r["proc_snap"], r["proc_full"]
        cold.add_row(
            r["format"], size_label(r), r["backend"], f"{r.get('snapshot_mb', 0):.1f}",
            f"{r['snapshot_save_s']:.2f}",
            f"{fmt_s(s['load_s'])} | {fmt_s(f['load_s'])}",
            f"{fmt_s(s['write_s'])} | {fmt_s(f['write_s'])}",
            f"{fmt_s(ps['load_s'])} | {fmt_s(pf['load_s'])}",
            f"{fmt_s(ps['write_s'])} | {fmt_s(pf['write_s'])}",
            f"{fmt_s(ps['wall_s'])} | {fmt_s(pf['wall_s'])}",
            f"{ps['peak_mb']:.0f} | {pf['peak_mb']:.0f}",
        )
    console.print(cold)
    imports = statistics.median(r[k]["import_s"] for r in results
                                for k in ("proc_snap", "proc_full"))
    opening = statistics.median(r[k]["open_db_s"] for r in results
                                for k in ("proc_snap", "proc_full"))
    console.print(f"new python: a fresh interpreter (python -c); besides load and write it "
                  f"spends about {imports:.2f} s importing podium and {opening:.2f} s opening "
                  "the database (migrations checked); whole process = wall clock of the "
                  "subprocess, interpreter start-up included.")
    console.print("Targets: a warm write under 10 ms at every size (p99 / max above); a cold "
                  "start of 1,000,000 games from its snapshot under 1 s (load, above).")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commander", default="100,1000,10000", help="player counts")
    parser.add_argument("--marathon", default="10000,100000,1000000", help="game counts")
    parser.add_argument("--quick", action="store_true",
                        help="small run: 100 and 1,000 players, 10,000 games")
    parser.add_argument("--pg", choices=("auto", "off"), default="auto",
                        help="also PostgreSQL, when reachable (auto)")
    parser.add_argument("--pg-cases", default="commander:1000,marathon:100000")
    parser.add_argument("--rounds", type=int, default=3, help="Commander rounds of set-up")
    parser.add_argument("--writes", type=int, default=300,
                        help="writes timed a case (at least; Commander: whole rounds)")
    parser.add_argument("--players", type=int, default=50_000, help="marathon players")
    parser.add_argument("--batch", type=int, default=100_000, help="games a set-up ingest")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sync", choices=("full", "normal"), default="full",
                        help="SQLite PRAGMA synchronous for the timed writes (the app: full)")
    parser.add_argument("--json", default=None, help="also write the results to this file")
    parser.add_argument("--case", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        fmt, size, backend = args.case.split(":")
        if fmt == "commander":
            out = commander_case(int(size), backend, args.rounds, args.writes, args.seed,
                                 args.sync)
        else:
            out = marathon_case(int(size), backend, args.players, args.batch, args.writes,
                                args.seed, args.sync)
        print(json.dumps(out))
        return
    if args.quick:
        args.commander, args.marathon = "100,1000", "10000"
    cases = [f"commander:{n}:sqlite" for n in args.commander.split(",") if n]
    cases += [f"marathon:{n}:sqlite" for n in args.marathon.split(",") if n]
    if args.pg == "auto":
        if pg_reachable():
            wanted = set(args.pg_cases.split(","))
            cases += [c.replace(":sqlite", ":postgresql") for c in list(cases)
                      if c.rsplit(":", 1)[0] in wanted]
        else:
            print("PostgreSQL not reachable: SQLite only", file=sys.stderr)
    results = []
    for case in cases:
        progress(f"case {case}")
        results.append(run_case(case, args))
        w = results[-1]["writes"]
        progress(f"case {case}: write mean {w['mean']:.2f} ms, p99 {w['p99']:.2f} ms, "
                 f"snapshot load {results[-1]['proc_snap']['load_s']:.2f} s")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    print_tables(results)


if __name__ == "__main__":
    main()
