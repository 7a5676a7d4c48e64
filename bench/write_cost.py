"""Benchmark: the CPU of one warm write through the declared command path, split by stage.

What an API write runs in the server (``api/commands.py``): the organiser's token looked up,
then ``EventService.execute(Invocation(...), caller)`` (:mod:`podium.service.invoke`: the
command found, the event's format checked, the caller's role, the JSON fields decoded, the
command made and run in one unit of work: the event's lock, the state caught up with the log,
the entry built, checked by ``apply``, appended, the home page's row mirrored, COMMIT), then
the answer's JSON body. Each write here does exactly that, in process (no HTTP), on a warm
process (the event's state already held), and CPU is counted with ``time.process_time()``.

Cases: ``commander`` (``--players``, 3 rounds played and a fourth paired; each write is one
table's ``commander.result``) and ``marathon`` (``--games`` of a simulated year ingested; each
write is one ``mahjong-marathon.add-game``). Three passes over fresh tables or games:

- plain: ``--writes`` writes, CPU per write (mean) and wall p50/p99, next to a bare write of
  the same process: a ``sqlite3`` connection kept open on a file beside the event's (WAL, the
  same pragmas), ``BEGIN IMMEDIATE``, one ``INSERT`` of a row like the log's, ``COMMIT``
  (``--writes`` of them before the plain pass and as many after, their mean the figure), and
  the ratio of the two CPU figures;
- stages: ``--stage-writes`` writes with each stage's own CPU (exclusive) counted;
- profile: ``--profile`` writes under cProfile, the top functions printed (``--top``).

The built database is kept with ``--db FILE`` (made when missing, copied for each run, so a
"before" and an "after" start from the same file); a due snapshot is let finish before the
passes (``StateCache.wait_for_snapshots`` where it exists) so that it is not counted.

Commands: ``.venv/bin/python bench/write_cost.py commander --players 10000 --db /tmp/wc10k.db``
and ``.venv/bin/python bench/write_cost.py marathon --games 200000 --db /tmp/wc200k.db``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SLUG = "bench"
ACTOR = "bench"
USER = "scorer"


# building the events --------------------------------------------------------------------------
def build_commander(path: Path, players: int, seed: int) -> None:
    from podium.core.log import Kind
    from podium.core.rng import rng_for
    from podium.formats.commander.demo import simulate_result
    from podium.service.events import EventService, NewAction
    from podium.store.db import Database

    db = Database(str(path))
    service = EventService(db)
    service.create_event(SLUG, "Bench", "commander",
                         {"rounds": 4, "final_size": 0, "fewer_rounds": True}, ACTOR, seed)
    service.add_players(SLUG, [f"Player {i:06d}" for i in range(1, players + 1)], ACTOR)
    rng = rng_for(seed, "bench-write-cost")
    for _ in range(3):
        _state, rnd = service.pair_round(SLUG, ACTOR)
        entries = [NewAction(Kind.RESULT_ENTERED, {"round": rnd.number, "table": t.number,
                                                   "entry": simulate_result(t, rng)})
                   for t in rnd.tables]
        service.run(SLUG, ACTOR, lambda _loaded, e=entries: e)
    service.pair_round(SLUG, ACTOR)
    grant(db, path)
    db.dispose()


def build_marathon(path: Path, games: int, players: int, seed: int) -> None:
    from podium.formats.mahjong_marathon.commands import MarathonService
    from podium.formats.mahjong_marathon.demo import generate_year
    from podium.formats.mahjong_marathon.files import GameRecord
    from podium.store.db import Database

    db = Database(str(path))
    service = MarathonService(db)
    service.create_event(SLUG, "Bench", "mahjong-marathon", {}, ACTOR, seed)
    settings = service.load(SLUG).state.settings
    year = generate_year(players, games, seed, settings.stage_bounds)
    width = len(str(players))
    for lo in range(0, games, 100_000):
        hi = min(lo + 100_000, games)
        starts, seats = year.start[lo:hi].tolist(), year.players[lo:hi].tolist()
        gps, tables = year.gp[lo:hi].tolist(), year.table_no[lo:hi].tolist()
        service.ingest(SLUG, [GameRecord(f"MT-{lo + i:08d}", f"RU-Marathon-{tables[i]}",
                                         starts[i], tuple(f"player{p + 1:0{width}d}"
                                                          for p in seats[i]), tuple(gps[i]))
                              for i in range(hi - lo)], ACTOR)
        print(f"  {hi:,} games ingested", file=sys.stderr, flush=True)
    grant(db, path)
    db.dispose()


def grant(db: Any, path: Path) -> None:
    from podium.service.accounts import AccountService

    accounts = AccountService(db)
    accounts.create_user(USER, "a scorer's password")
    accounts.grant(SLUG, USER, "judge", ACTOR)
    token = accounts.create_token(USER)
    Path(str(path) + ".token").write_text(token)


# the writes -------------------------------------------------------------------------------------
class Bare:
    """The floor a write is compared with: one row like a log's action inserted and committed
    over plain sqlite3 in this process, on a file of its own beside the event's (the same disk,
    WAL, the pragmas :mod:`podium.store.db` sets), its table shaped as ``actions`` and holding
    as many rows as the event's log."""

    def __init__(self, path: Path, rows: int, payload: dict[str, Any]) -> None:
        import sqlite3

        self.connection = sqlite3.connect(str(path), isolation_level=None)
        for pragma in ("busy_timeout=10000", "journal_mode=WAL", "foreign_keys=ON"):
            self.connection.execute(f"PRAGMA {pragma}")
        self.connection.executescript(
            "CREATE TABLE events (id INTEGER PRIMARY KEY, slug VARCHAR(64) NOT NULL UNIQUE);"
            "CREATE TABLE actions (id INTEGER PRIMARY KEY, event_id INTEGER NOT NULL "
            "REFERENCES events (id) ON DELETE CASCADE, seq INTEGER NOT NULL, kind VARCHAR(64) "
            "NOT NULL, actor VARCHAR(120) NOT NULL, at DATETIME NOT NULL, reason TEXT NOT NULL "
            "DEFAULT '', payload JSON NOT NULL, UNIQUE (event_id, seq));"
            "CREATE INDEX ix_actions_event_id ON actions (event_id);"
            "INSERT INTO events (id, slug) VALUES (1, 'bench');")
        self.payload = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        self.seq = 0
        self.connection.execute("BEGIN IMMEDIATE")
        self.connection.executemany(self.SQL, (self.row() for _ in range(rows)))
        self.connection.execute("COMMIT")

    SQL = ("INSERT INTO actions (event_id, seq, kind, actor, at, reason, payload) "
           "VALUES (?, ?, ?, ?, ?, ?, ?)")

    def row(self) -> tuple[Any, ...]:
        self.seq += 1
        return (1, self.seq, "result.entered", USER, "2026-01-01 12:00:00.000000", "",
                self.payload)

    def write(self) -> None:
        self.connection.execute("BEGIN IMMEDIATE")
        self.connection.execute(self.SQL, self.row())
        self.connection.execute("COMMIT")

    def timed(self, writes: int) -> tuple[float, float, float]:
        """CPU seconds, wall seconds and the load average of ``writes`` bare writes."""
        cpu, began = time.process_time(), time.perf_counter()
        for _ in range(writes):
            self.write()
        return time.process_time() - cpu, time.perf_counter() - began, os.getloadavg()[0]


def commander_jobs(service: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    rnd = service.load(SLUG).state.current_round
    for table in rnd.tables:
        if table.number not in rnd.results:
            finish = "".join(str(i) for i in range(1, len(table.seats) + 1))
            yield "commander.result", {"table": table.number, "finish": finish}


def marathon_jobs(service: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    state = service.load(SLUG).state
    names = [p.name for p in list(state.players.values())[:400]]
    first, _last = state.settings.stage_bounds[-1]
    n = 0
    while True:
        start = datetime.fromtimestamp(first + 60 * (n % 10_000) + 3600, UTC)
        seats = [names[(4 * n + k * 7) % len(names)] for k in range(4)]
        yield "mahjong-marathon.add-game", {
            "id": f"W-{n:07d}", "table": "RU-Marathon-1",
            "start": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "players": {seats[0]: 40, seats[1]: 20, seats[2]: 0, seats[3]: -60}}
        n += 1


class Stages:
    """Each wrapped function's own CPU (its callees' wrapped stages taken out)."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self.stack: list[list[Any]] = []
        self.on = False

    def wrap(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if not self.on:
                return fn(*args, **kwargs)
            now = time.process_time()
            if self.stack:
                outer = self.stack[-1]
                self.spent[outer[0]] += now - outer[1]
            self.stack.append([name, now])
            try:
                return fn(*args, **kwargs)
            finally:
                end = time.process_time()
                mine = self.stack.pop()
                self.spent[mine[0]] += end - mine[1]
                if self.stack:
                    self.stack[-1][1] = end

        wrapper.__wrapped__ = fn  # type: ignore[attr-defined]
        return wrapper


def instrument(stages: Stages, db: Any) -> None:
    """Wrap the stages of a write in place (this process only)."""
    from podium.service import events, invoke, states
    from podium.service.accounts import AccountService
    from podium.store import repository

    def patch(owner: Any, attr: str, name: str) -> None:
        if attr in vars(owner):  # its own (the code before a change may not have it)
            setattr(owner, attr, stages.wrap(name, getattr(owner, attr)))

    patch(AccountService, "token_user", "authenticate: the token's account")
    patch(events.EventService, "summary", "invoke: the event's row (format check)")
    if hasattr(events.EventService, "summary_and_role"):
        patch(events.EventService, "summary_and_role",
              "invoke: the event's row and the caller's role")
    patch(invoke, "authorise", "authorise: the caller's role")
    patch(invoke, "decode_input", "decode the fields")
    patch(states.StateCache, "current", "unit: catch the state up (last seq)")
    patch(events.EventService, "check", "validate: apply to the state")
    patch(repository.EventRepository, "append", "append: the log's INSERT")
    patch(repository.EventRepository, "find_with_last", "unit: the event's row and the log's end")
    from podium.store import plain_store  # the event store over plain sqlite3

    patch(plain_store.PlainRepository, "append", "append: the log's INSERT")
    patch(plain_store.PlainRepository, "find_with_last",
          "unit: the event's row and the log's end")
    patch(events, "mirror", "mirror: the home page's row")
    dialect = db.engine.dialect
    dialect.do_commit = stages.wrap("COMMIT", dialect.do_commit)


def run(case: str, path: str, writes: int, stage_writes: int, profiled: int,
        top: int) -> dict[str, Any]:
    from podium.core import gcpause
    from podium.core.commands import API, JSON, Caller
    from podium.formats import all_formats
    from podium.service.accounts import AccountService
    from podium.service.catalog import Catalog, Invocation
    from podium.service.events import EventService
    from podium.store.db import Database

    if hasattr(gcpause, "freeze_loaded_states"):
        gcpause.freeze_loaded_states()  # as the server does (podium.web.serve)
    db = Database(path)
    service = EventService(db, catalog=Catalog(all_formats()))
    accounts = AccountService(db)
    token = Path(path + ".token").read_text()
    jobs = commander_jobs(service) if case == "commander" else marathon_jobs(service)
    stages = Stages()
    instrument(stages, db)

    def write() -> None:
        name, fields = next(jobs)
        user = accounts.token_user(token)
        caller = Caller(actor=user.username, username=user.username, address="127.0.0.1")
        done = service.execute(Invocation(name, SLUG, fields, JSON, API), caller)
        assert body(name, done)

    def answer(name: str, done: Any) -> bytes:
        # as api/commands.py run_command answers
        return json.dumps({"command": name, "event": SLUG,
                           "stored": [a.seq for a in done.outcome.actions],
                           "said": str(done.said), "answer": done.answer_json()}).encode()

    body = stages.wrap("answer: the JSON body", answer)

    whole = stages.wrap("invoke, unit and command (the rest)", write)
    for _ in range(20):  # warm: the state loaded, the code paths' first calls made
        write()
    wait = getattr(service.states, "wait_for_snapshots", None)
    if wait is not None:
        wait()
    actions = service.load(SLUG).state.last_seq
    out: dict[str, Any] = {"case": case, "actions": actions, "load": os.getloadavg()[0]}
    sample = service.log(SLUG)[-1].payload
    bare = Bare(Path(path).with_name("bare.db"), actions, sample)
    bare.timed(20)  # warm, as the writes above
    bare_before = bare.timed(writes)
    walls = []
    cpu, began_all = time.process_time(), time.perf_counter()
    for _ in range(writes):
        began = time.perf_counter()
        write()
        walls.append(time.perf_counter() - began)
    spent = time.process_time() - cpu
    out["podium"] = (spent, time.perf_counter() - began_all, os.getloadavg()[0])
    bare_after = bare.timed(writes)
    bare.connection.close()
    out["bare"] = tuple((a + b) / 2 for a, b in zip(bare_before, bare_after, strict=True))
    out["writes"] = writes
    out["cpu_ms"] = 1000 * spent / writes
    walls.sort()
    out["wall_p50_ms"] = 1000 * statistics.median(walls)
    out["wall_p99_ms"] = 1000 * walls[int(0.99 * (len(walls) - 1))]
    stages.on = True
    cpu = time.process_time()
    for _ in range(stage_writes):
        whole()
    out["stage_cpu_ms"] = 1000 * (time.process_time() - cpu) / stage_writes
    stages.on = False
    out["stages"] = {k: 1000 * v / stage_writes for k, v in
                     sorted(stages.spent.items(), key=lambda kv: -kv[1])}
    if profiled:
        profile = cProfile.Profile(time.process_time)  # CPU, not the fsync's wait
        profile.enable()
        for _ in range(profiled):
            write()
        profile.disable()
        text = io.StringIO()
        stats = pstats.Stats(profile, stream=text)
        stats.sort_stats("tottime").print_stats(top)
        stats.sort_stats("cumulative").print_stats(top)
        out["profile"] = text.getvalue()
    db.dispose()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("case", choices=("commander", "marathon"))
    parser.add_argument("--players", type=int, default=10_000,
                        help="Commander: players; marathon: players of the simulated year")
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--writes", type=int, default=1000)
    parser.add_argument("--stage-writes", type=int, default=500)
    parser.add_argument("--profile", type=int, default=800, help="writes under cProfile")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="the built event, kept (made when missing)")
    args = parser.parse_args()
    built = Path(args.db) if args.db else Path(tempfile.mkdtemp()) / "built.db"
    if not built.exists():
        cpu, began = time.process_time(), time.perf_counter()
        if args.case == "commander":
            build_commander(built, args.players, args.seed)
        else:
            build_marathon(built, args.games, 50_000 if args.players == 10_000
                           else args.players, args.seed)
        print(f"built in {time.perf_counter() - began:.1f} s wall, "
              f"{time.process_time() - cpu:.1f} s CPU", file=sys.stderr)
    folder = Path(tempfile.mkdtemp(prefix="podium-wc-"))
    try:
        db = folder / "run.db"
        shutil.copy(built, db)
        shutil.copy(str(built) + ".token", str(db) + ".token")
        began = time.perf_counter()
        r = run(args.case, str(db), args.writes, args.stage_writes, args.profile, args.top)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(r.pop("profile", ""))
    size = (f"{args.players:,} players" if args.case == "commander"
            else f"{args.games:,} games")
    print(f"# {args.case}, {size}, log {r['actions']:,} actions; load average {r['load']:.1f};"
          f" run {time.perf_counter() - began:.1f} s wall")
    print(f"plain: {r['writes']} writes, CPU {r['cpu_ms']:.3f} ms a write, wall p50 "
          f"{r['wall_p50_ms']:.2f} ms, p99 {r['wall_p99_ms']:.2f} ms")
    n = r["writes"]
    print("| writes of | CPU s | CPU ms a write | wall s | load |\n|---|---|---|---|---|")
    for name, (cpu, wall, load) in (("podium (the whole API write)", r["podium"]),
                                    ("bare sqlite3 INSERT + COMMIT (mean of 2 passes)",
                                     r["bare"])):
        print(f"| {name} | {cpu:.3f} | {1000 * cpu / n:.3f} | {wall:.2f} | {load:.1f} |")
    print(f"ratio (CPU, podium / bare): {r['podium'][0] / r['bare'][0]:.1f}x")
    print(f"stages ({args.stage_writes} writes, CPU {r['stage_cpu_ms']:.3f} ms a write with "
          f"the timers):")
    print("| stage | CPU ms a write |\n|---|---|")
    for name, ms in r["stages"].items():
        print(f"| {name} | {ms:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
