"""Benchmark of the mahjong marathon (regulation MJ): full recompute, one added game, DB load.

For each size, in a fresh process (so the peak memory is that size's own):

- build: the simulated year's games applied in memory as ``mahjong.games.added`` batches of
  20,000 through the core's ``apply`` (validation included);
- full recompute: every stage table (MJ-4 TP, MJ-7 series and results, MJ-8 NR) and the total
  (MJ-9, MJ-10) from the columns, caches dropped first;
- add one game: one ``mahjong.games.added`` action through ``apply`` and the refresh of its
  stage table (and, separately, of the total), averaged over 50 games;
- the plain numpy calculation of the same standings (``bench/marathon_numpy.py``) from the same
  columns, timed in the same process alternately with the full recompute (best of 3 each, CPU
  seconds), its top five of the total checked equal to the book's;
- with ``--db``: the same games stored in SQLite through the service, then the time to load
  the event from the database (read the log, replay it) and to compute its tables;
- with ``--cli-sizes``: on that database (whose load above stored a snapshot), one game added
  through the command line (``podium games add``) in a new process, four times: CPU seconds
  and wall of the whole process, and in a further process the split of the same work into the
  command line's start, the load and the write (over plain sqlite3, as the command line opens
  a SQLite file for the marathon's commands: :mod:`podium.store.plain`);
- peak RSS of the process.

Command: ``.venv/bin/python bench/marathon.py`` (default sizes 10000,100000,1000000 games,
50,000 players, seed 1, database load and command-line writes for the largest size).
``--cli-db PATH --cli-sizes 1000000``: only the command-line writes, on the database at PATH,
stored (and loaded once, for its snapshot) first if the file is not there yet, kept after, so
a second run of the command-line writes skips the minutes of building the year.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from podium.core.log import Action, Kind
from podium.core.replay import apply, replay
from podium.formats import get_format
from podium.formats.mahjong_marathon.commands import BATCH, MarathonService
from podium.formats.mahjong_marathon.demo import generate_year
from podium.formats.mahjong_marathon.rules import GAMES_ADDED, book_of
from podium.service.commands import AppendActions
from podium.store.db import Database, resolve_url

sys.path.insert(0, str(Path(__file__).resolve().parent))
import marathon_numpy  # the plain numpy yardstick, beside this file

AT = datetime(2026, 11, 30, tzinfo=UTC)


def payloads(year, first: int, last: int) -> list[dict]:
    """``mahjong.games.added`` payloads for games [first, last), player ids 1-based."""
    out = []
    for lo in range(first, last, BATCH):
        hi = min(lo + BATCH, last)
        out.append({
            "ids": [f"MT-{i:07d}" for i in range(lo, hi)],
            "tables": ["RU-Marathon-1"],
            "table": [0] * (hi - lo),
            "start": year.start[lo:hi].tolist(),
            "players": (year.players[lo:hi] + 1).ravel().tolist(),
            "gp": year.gp[lo:hi].ravel().tolist(),
        })
    return out


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Log:
    """An in-memory marathon: actions applied through the core's ``apply``, as replay does."""

    def __init__(self) -> None:
        self.ruleset = get_format("mahjong-marathon")
        settings = self.ruleset.settings_to_json(self.ruleset.parse_settings({}))
        created = Action(1, Kind.EVENT_CREATED, "bench", AT,
                         {"name": "bench", "format": self.ruleset.name, "seed": 1,
                          "settings": settings})
        self.state = replay([created], self.ruleset)

    def do(self, kind: str, payload: dict) -> None:
        apply(self.state, Action(self.state.last_seq + 1, kind, "bench", AT, payload),
              self.ruleset)


def one(games: int, players: int, seed: int) -> dict:
    m = Log()
    state, ruleset = m.state, m.ruleset
    settings = state.settings
    year = generate_year(players, games, seed, settings.stage_bounds)
    extra = 50
    t0 = time.perf_counter()
    for pid in range(1, players + 1):
        m.do(Kind.PLAYER_REGISTERED, {"player": pid, "name": f"player{pid:05d}"})
    for payload in payloads(year, 0, games - extra):
        m.do(GAMES_ADDED, payload)
    build = time.perf_counter() - t0
    book = book_of(state)
    runs, cpu, plain = [], [], []
    g = book.games
    for _ in range(3):
        book.invalidate()
        t, c = time.perf_counter(), time.process_time()
        total = book.total(settings)
        runs.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        c = time.process_time()
        top, sn = marathon_numpy.standings(
            g.view("start"), g.view("usec"), g.view("players"), g.view("tp12"), g.view("gp"),
            g.ids.by_id(), settings.stage_bounds, settings.series_length, settings.min_games)
        plain.append(time.process_time() - c)
        if top[:5].tolist() != total.players[:5].tolist() or sn[:5].tolist() != \
                total.sn[:5].tolist():
            raise SystemExit("the numpy yardstick's top five differs from the book's")
    adds, adds_total = [], []
    for i in range(games - extra, games):
        [payload] = payloads(year, i, i + 1)
        action = Action(state.last_seq + 1, GAMES_ADDED, "bench", AT, payload)
        t = time.perf_counter()
        apply(state, action, ruleset)
        stage = int(book.stage_of(settings, year.start[i : i + 1])[0])
        if stage:
            book.stage(settings, stage)
        adds.append(time.perf_counter() - t)
        book.total(settings)
        adds_total.append(time.perf_counter() - t)
    result = {
        "games": games, "players": players, "build_s": build,
        "recompute_s": min(runs), "recompute_max_s": max(runs),
        "recompute_cpu_s": min(cpu), "numpy_cpu_s": min(plain),
        "add_ms": 1000 * float(np.mean(adds)), "add_max_ms": 1000 * float(np.max(adds)),
        "add_total_ms": 1000 * float(np.mean(adds_total)),
        "stage_rows": [len(book.stage(settings, s)) for s in range(1, 6)],
    }
    result["peak_mb"] = peak_mb()
    return result


def store(path: str, games: int, players: int, seed: int) -> dict:
    """Store the year in SQLite through the service (one transaction)."""
    database = Database(resolve_url(path))
    service = MarathonService(database)
    service.create_event("mj", "Bench", "mahjong-marathon", {}, "bench", seed=1)
    year = generate_year(players, games, seed, service.load("mj").state.settings.stage_bounds)
    t = time.perf_counter()

    actions = [(Kind.PLAYER_REGISTERED, {"player": p, "name": f"player{p:05d}"}, "")
               for p in range(1, players + 1)]
    actions += [(GAMES_ADDED, p, "") for p in payloads(year, 0, games)]
    service.run_command(AppendActions("mj", tuple(actions)), "bench")
    stored = time.perf_counter() - t
    database.dispose()
    return {"store_s": stored, "db_mb": Path(path).stat().st_size / 2**20}


def load(path: str) -> dict:
    """Load the event from the database (read the log, replay it), then compute its tables."""
    database = Database(resolve_url(path))
    service = MarathonService(database)
    t = time.perf_counter()
    loaded = service.load("mj")
    loading = time.perf_counter() - t
    t = time.perf_counter()
    book_of(loaded.state).total(loaded.state.settings)
    first_tables = time.perf_counter() - t
    database.dispose()
    return {"load_s": loading, "first_tables_s": first_tables, "load_peak_mb": peak_mb()}


ADD = ["games", "add", "mj", "--table", "RU-Marathon-1", "--start", "2015-03-01 13:30",
       "--players", "player00001=40,player00002=20,player00003=0,player00004=-60"]


def cli_writes(path: str, count: int = 4) -> list[dict]:
    """``podium games add`` in a new process, ``count`` times: CPU (user + system) and wall."""
    podium = str(Path(sys.executable).with_name("podium"))
    out = []
    run = time.time_ns()  # new ids on a kept database: each write adds a game
    for i in range(count):
        t = time.perf_counter()
        proc = subprocess.Popen([podium, "--db", path, *ADD, "--id", f"CLI-{run}-{i}"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        if status:
            raise SystemExit(f"podium games add failed ({status})")
        out.append({"wall_s": time.perf_counter() - t,
                    "cpu_s": usage.ru_utime + usage.ru_stime,
                    "peak_mb": usage.ru_maxrss / 1024})
    return out


PHASES = """
import json, sys, time
from datetime import UTC, datetime
c = time.process_time()
import click
from podium.cli.main import cli  # the command line's imports
cli.resolve_command(click.Context(cli), ["games", "add"])  # what naming the command loads
from podium.formats.mahjong_marathon.commands import MarathonService
from podium.formats.mahjong_marathon.files import make_record
from podium.store.plain import plain_database
start_cli = time.process_time() - c
database = plain_database(sys.argv[1])  # as the command line opens it (a plain format)
assert database is not None, "not a SQLite file at the newest schema"
service = MarathonService(database)
c = time.process_time()
service.load("mj")
load = time.process_time() - c
at = int(datetime(2015, 3, 1, 13, 30, tzinfo=UTC).timestamp())
record = make_record(f"PHASES-{time.time_ns()}", "RU-Marathon-1", at,
                     [("player00001", 40), ("player00002", 20), ("player00003", 0),
                      ("player00004", -60)], "")
c = time.process_time()
service.ingest("mj", [record], "bench")
write = time.process_time() - c
print(json.dumps({"before_cli_s": start_cli, "load_cpu_s": load, "write_cpu_s": write,
                  "process_cpu_s": time.process_time()}))
"""


def phases(path: str) -> dict:
    """What a command-line write is made of, in CPU seconds, in a new interpreter: the
    command line's start (its imports and building it), the event's load (snapshot and log
    tail), the write (the command and its commit), and the process's CPU in all."""
    out = subprocess.run([sys.executable, "-c", PHASES, path], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)


def child(*args: str) -> dict:
    cmd = [sys.executable, __file__, *args]
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--players", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db-sizes", default="1000000", help="sizes whose DB load is timed")
    parser.add_argument("--one", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--store", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--cli-sizes", default="1000000",
                        help="sizes whose command-line write is timed (needs --db-sizes)")
    parser.add_argument("--load", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--cli-db", default=None,
                        help="only the command-line writes, on this (kept) database")
    args = parser.parse_args()
    if args.cli_db:
        cli_only(args.cli_db, int(args.cli_sizes), args.players, args.seed)
        return
    if args.one is not None:
        print(json.dumps(one(args.one, args.players, args.seed)))
        return
    if args.store:
        print(json.dumps(store(args.store, args.sizes and int(args.sizes), args.players,
                               args.seed)))
        return
    if args.load:
        print(json.dumps(load(args.load)))
        return
    db_sizes = {int(s) for s in args.db_sizes.split(",") if s}
    cli_sizes = {int(s) for s in args.cli_sizes.split(",") if s}
    print("| games | players | build s | recompute s (best of 3) | worst | recompute CPU s | "
          "numpy CPU s | ratio | add game + stage ms "
          "(mean of 50) | max | add game + stage + total ms | peak RSS MB | store in DB s "
          "| DB MB | load from DB s | first tables s | load peak RSS MB |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    writes = []
    for size in (int(s) for s in args.sizes.split(",")):
        common = ["--players", str(args.players), "--seed", str(args.seed)]
        r = child("--one", str(size), *common)
        db = "- | - | - | - | -"
        if size in db_sizes:
            with tempfile.TemporaryDirectory() as tmp:
                path = str(Path(tmp) / "bench.db")
                r.update(child("--store", path, "--sizes", str(size), *common))
                r.update(child("--load", path))
                if size in cli_sizes:
                    writes.append((size, cli_writes(path), phases(path)))
            db = (f"{r['store_s']:.1f} | {r['db_mb']:.0f} | {r['load_s']:.2f} | "
                  f"{r['first_tables_s']:.2f} | {r['load_peak_mb']:.0f}")
        print(f"| {size:,} | {r['players']:,} | {r['build_s']:.2f} | {r['recompute_s']:.3f} | "
              f"{r['recompute_max_s']:.3f} | {r['recompute_cpu_s']:.3f} | "
              f"{r['numpy_cpu_s']:.3f} | {r['recompute_cpu_s'] / r['numpy_cpu_s']:.2f} | "
              f"{r['add_ms']:.2f} | {r['add_max_ms']:.2f} | "
              f"{r['add_total_ms']:.1f} | {r['peak_mb']:.0f} | {db} |", flush=True)
    report_writes(writes)


def cli_only(path: str, size: int, players: int, seed: int) -> None:
    """The command-line writes on the database at ``path``, stored first if not there."""
    if not Path(path).exists():
        common = ["--players", str(players), "--seed", str(seed)]
        print(json.dumps(child("--store", path, "--sizes", str(size), *common)), flush=True)
        print(json.dumps(child("--load", path)), flush=True)
    report_writes([(size, cli_writes(path), phases(path))])


def report_writes(writes: list) -> None:
    for size, runs, split in writes:
        print(f"\nOne `podium games add` on {size:,} games (a new process each, from the "
              "snapshot):\n")
        print("| run | CPU s | wall s | peak RSS MB |\n|---|---|---|---|")
        for i, w in enumerate(runs, 1):
            print(f"| {i} | {w['cpu_s']:.2f} | {w['wall_s']:.2f} | {w['peak_mb']:.0f} |")
        print(f"\nSplit (CPU s, a new interpreter): the command line's start "
              f"{split['before_cli_s']:.2f}, the load {split['load_cpu_s']:.2f}, the write "
              f"{split['write_cpu_s']:.3f}, the whole process {split['process_cpu_s']:.2f}",
              flush=True)


if __name__ == "__main__":
    main()
