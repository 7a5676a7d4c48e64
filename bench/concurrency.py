"""Benchmark: concurrent writers of one event through the API, on SQLite and on PostgreSQL.

For each store and each number of server processes (uvicorn workers), builds a fresh database
(a SQLite file, or a fresh PostgreSQL schema) with one Commander event of ``--players`` players,
an organiser and an API token, starts `podium serve` on a random free port, and for each number
of writers pairs a new round and lets that many threads enter the round's results at once
(``POST /api/v1/events/<slug>/commands/commander.result``, each writer its own tables, one
keep-alive connection each). Printed per run: writes stored, refusals (409, with their
message), errors, writes per second, p50 and p99 latency in ms, the CPU seconds the servers
used and the machine's load (1-minute average) after the run. At the end the event's results
are checked against the acknowledged writes (each stored exactly once).

``--servers 2,4`` adds runs with that many separate `podium serve` processes on their own
ports over one PostgreSQL database (docs/deploy.md: N servers behind a reverse proxy), the
writers spread over them in turn (the database migrated once, before they start).

``--visible N`` (alone) measures how soon a write through one of 2 servers over PostgreSQL
is on the other server's live page, with ``LISTEN/NOTIFY`` (:mod:`podium.store.notify`) and
with the 0.25 s re-read only (``PODIUM_LISTEN=0``): p50/p99 from the write's acknowledgement.

Two reproductions of issue 14 can be added:

- ``--cli N``: N `podium result enter` processes, one table each, started at once;
- ``--selfreport R``: R rounds of a 32-player event in which the four players of every table
  report the same result at once through the API (each table must get one result).

Command: `.venv/bin/python bench/concurrency.py` (options: --stores sqlite,postgresql
--workers 1,2,4 --servers 2,4 --writers 1,8,32,128 --players 1000 --cli 32 --selfreport 20
--visible 200 --pg postgresql+psycopg://postgres@127.0.0.1:5432/test). Every server started
is stopped.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from podium.service.accounts import AccountService
from podium.service.events import EventService
from podium.service.selfreport import SelfReportService
from podium.store.db import Database, resolve_url

PODIUM = str(Path(sys.executable).with_name("podium"))
SLUG = "bench"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def fresh_store(store: str, pg: str, workdir: Path) -> Iterator[str]:
    """A URL of an empty database: a new SQLite file, or a new PostgreSQL schema (dropped at
    the end)."""
    if store == "sqlite":
        yield resolve_url(str(workdir / f"{uuid.uuid4().hex}.db"))
        return
    schema = f"podium_bench_{uuid.uuid4().hex}"
    admin = create_engine(pg, poolclass=NullPool)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        yield make_url(pg).update_query_dict(
            {"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


def build(url: str, players: int, rounds: int) -> tuple[Database, EventService, str]:
    """The event, its owner and an API token (returned)."""
    db = Database(url)
    events = EventService(db)
    accounts = AccountService(db)
    accounts.create_user("bench", "bench password")
    events.create_event(SLUG, "Bench", "commander",
                        {"rounds": str(rounds), "final_size": "0", "fewer_rounds": "yes"},
                        "bench", seed=1)
    events.add_players(SLUG, [f"Player {i:04d}" for i in range(1, players + 1)], "bench")
    accounts.grant(SLUG, "bench", "owner", "bench")
    return db, events, accounts.create_token("bench")


@contextmanager
def server(url: str, workers: int, env: dict[str, str] | None = None
           ) -> Iterator[tuple[int, int]]:
    """`podium serve` on a random free port (``env``: added to its environment), stopped
    (its whole process group) at the end."""
    port = free_port()
    process = subprocess.Popen(
        [PODIUM, "--db", url, "serve", "--port", str(port), "--workers", str(workers)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
        env={**os.environ, **(env or {})})
    try:
        deadline = time.monotonic() + 180  # workers start slowly on a loaded machine
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                connection.request("GET", f"/api/v1/events/{SLUG}")
                if connection.getresponse().status == 200:
                    break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                os.killpg(process.pid, signal.SIGTERM)
                raise RuntimeError(f"the server did not start: {process.stderr.read()!r}")
            time.sleep(0.2)
        # every worker answers once (each replays the event on its first request)
        for _ in range(workers * 4):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("GET", f"/api/v1/events/{SLUG}")
            connection.getresponse().read()
        yield port, process.pid  # the port and the process group (started as its leader)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def cpu_seconds(groups: list[int]) -> float:
    """User and system CPU seconds of every live process in the process groups ``groups``
    (a server and its uvicorn workers), from ``/proc``."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) in groups:  # pgrp
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


@contextmanager
def servers(url: str, count: int, env: dict[str, str] | None = None
            ) -> Iterator[list[tuple[int, int]]]:
    """``count`` separate `podium serve` processes (one worker each) over one database, each
    on its own port, started one after another: ``(port, process group)`` of each."""
    with contextlib.ExitStack() as stack:
        yield [stack.enter_context(server(url, 1, env)) for _ in range(count)]


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    stored: list[int] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def post(connection: http.client.HTTPConnection, path: str, body: dict[str, Any],
         headers: dict[str, str]) -> tuple[int, str]:
    connection.request("POST", path, json.dumps(body), headers)
    answer = connection.getresponse()
    return answer.status, answer.read().decode()


def writer(port: int, token: str, tables: list[tuple[int, str]], start: threading.Barrier,
           run: Run) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    start.wait()
    for number, finish in tables:
        began = time.perf_counter()
        try:
            status, text = post(connection, f"/api/v1/events/{SLUG}/commands/commander.result",
                                {"table": number, "finish": finish}, headers)
        except (OSError, http.client.HTTPException) as error:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            status, text = -1, repr(error)
        took = time.perf_counter() - began
        with run.lock:
            if status == 200:
                run.latencies.append(took)
                run.stored.append(number)
            elif status == 409:
                run.refusals.append(text)
            else:
                run.errors.append(f"{status} {text[:200]}")


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] if ordered else float("nan")


def result_round(events: EventService, ports: list[int], token: str, writers: int,
                 groups: list[int]) -> dict[str, Any]:
    """Pair a round and let ``writers`` threads enter all its results at once, writer ``i``
    through server ``i`` modulo the number of servers."""
    _state, rnd = events.pair_round(SLUG, "bench")
    jobs = [(t.number, "".join(str(i) for i in range(1, len(t.seats) + 1))) for t in rnd.tables]
    shares = [jobs[i::writers] for i in range(writers)]
    run = Run()
    start = threading.Barrier(writers + 1)
    threads = [threading.Thread(target=writer,
                                args=(ports[index % len(ports)], token, share, start, run))
               for index, share in enumerate(shares)]
    for thread in threads:
        thread.start()
    cpu = cpu_seconds(groups)
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    cpu = cpu_seconds(groups) - cpu
    results = events.load(SLUG).state.round(rnd.number).results
    return {
        "writers": writers,
        "tables": len(jobs),
        "stored": len(run.stored),
        "refused": len(run.refusals),
        "errors": len(run.errors),
        "in_log": len(results),
        "exactly_once": sorted(run.stored) == sorted(results),
        "writes_per_s": len(run.stored) / elapsed,
        "p50_ms": 1000 * statistics.median(run.latencies) if run.latencies else float("nan"),
        "p99_ms": 1000 * p99(run.latencies),
        "cpu_s": cpu,
        "load": os.getloadavg()[0],
        "first_refusal": run.refusals[0][:160] if run.refusals else "",
        "first_error": run.errors[0][:160] if run.errors else "",
    }


def cli_round(url: str, events: EventService, processes: int) -> dict[str, Any]:
    """``processes`` `podium result enter` commands for different tables, started at once."""
    state, rnd = events.pair_round(SLUG, "bench")
    children = []
    for table in rnd.tables[:processes]:
        names = [state.players[pid].name for pid in table.seats]
        children.append(subprocess.Popen(
            [PODIUM, "--db", url, "--actor", "cli", "result", "enter", SLUG,
             str(table.number), "--winner", names[0], "--order", ",".join(names[1:])],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
    codes = [child.wait() for child in children]
    messages = [child.stderr.read().decode().strip() for child in children]
    results = events.load(SLUG).state.round(rnd.number).results
    return {"processes": processes, "ok": codes.count(0), "in_log": len(results),
            "first_refusal": next((m[-400:] for c, m in zip(codes, messages, strict=True)
                                   if c), "")}


def selfreport_rounds(url: str, port: int, rounds: int) -> dict[str, Any]:
    """A 32-player event: every round the four players of each table report at once."""
    db = Database(url)
    events = EventService(db)
    slug = "reports"
    events.create_event(slug, "Reports", "commander",
                        {"rounds": str(rounds), "final_size": "0", "fewer_rounds": "yes"},
                        "bench", seed=2)
    events.add_players(slug, [f"R{i:02d}" for i in range(1, 33)], "bench")
    codes = SelfReportService(events).codes(slug)
    complete = created = 0
    for _ in range(rounds):
        _state, rnd = events.pair_round(slug, "bench")
        posts = []
        for table in rnd.tables:
            finish = "".join(str(i) for i in range(1, len(table.seats) + 1))
            posts += [(codes[pid], finish) for pid in table.seats]
        statuses: list[int] = []
        start = threading.Barrier(len(posts))

        def one(code: str, finish: str, start: threading.Barrier, statuses: list[int]
                ) -> None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            start.wait()
            status, _text = post(connection, f"/api/v1/events/{slug}/commands/commander.report",
                                 {"finish": finish},
                                 {"Authorization": f"Bearer {code}",
                                  "Content-Type": "application/json"})
            statuses.append(status)

        threads = [threading.Thread(target=one, args=(*job, start, statuses))
                   for job in posts]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        created += statuses.count(200)
        results = events.load(slug).state.round(rnd.number).results
        complete += len(results) == len(rnd.tables)
    db.dispose()
    return {"rounds": rounds, "rounds_with_every_result": complete,
            "reports_200": created, "reports_sent": rounds * 32}


def get(connection: http.client.HTTPConnection, path: str) -> str:
    connection.request("GET", path)
    return connection.getresponse().read().decode()


def visibility(pg: str, writes: int, listen: bool) -> dict[str, Any]:
    """``writes`` renames of a player, one at a time, through server A of two over one
    PostgreSQL; server B's live page (``/e/<slug>/live/views``) is read every 5 ms all along
    (as phones do), and after each write until it shows the new name: the time from A's
    acknowledgement to B showing it. ``listen``: B hears the write (``LISTEN/NOTIFY``);
    else it reads the version again every 0.25 s only (``PODIUM_LISTEN=0``). A random pause
    between writes, so that they fall anywhere in B's 0.25 s window. A small event (16
    players): the figure is the signal's, not a large page's render."""
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp, fresh_store("postgresql", pg, Path(tmp)) as url:
        db, _events, token = build(url, 16, 3)
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        env = {"PODIUM_LISTEN": "1" if listen else "0"}
        with servers(url, 2, env) as started:
            (one, _g1), (other, _g2) = started
            groups = [group for _port, group in started]
            writer = http.client.HTTPConnection("127.0.0.1", one, timeout=60)
            reader = http.client.HTTPConnection("127.0.0.1", other, timeout=60)
            page = f"/e/{SLUG}/live/views"
            get(reader, page)
            seen: list[float] = []
            cpu = cpu_seconds(groups)
            began = time.perf_counter()
            before = "Player 0001"  # renamed each time: its row stays on the first page
            for index in range(writes):
                # B's page is read all the time (phones): its version stays trusted
                pause = time.perf_counter() + rng.uniform(0.05, 0.35)
                while time.perf_counter() < pause:
                    get(reader, page)
                    time.sleep(0.005)
                name = f"Seen {index:04d}"
                status, text = post(writer, f"/api/v1/events/{SLUG}/commands/player.rename",
                                    {"player": before, "name": name}, headers)
                acknowledged = time.perf_counter()
                if status != 200:
                    raise RuntimeError(f"the write was refused: {status} {text[:200]}")
                while name not in get(reader, page):
                    if time.perf_counter() - acknowledged > 60:
                        raise RuntimeError(f"{name} not shown by the other server in 60 s")
                    time.sleep(0.005)
                seen.append(time.perf_counter() - acknowledged)
                before = name
            elapsed = time.perf_counter() - began
            cpu = cpu_seconds(groups) - cpu
            reader.request("GET", "/health")
            health = json.loads(reader.getresponse().read())
        db.dispose()
    return {"listen": listen, "writes": writes,
            "p50_ms": 1000 * statistics.median(seen), "p99_ms": 1000 * p99(seen),
            "max_ms": 1000 * max(seen), "wall_s": elapsed, "cpu_s": cpu,
            "load": os.getloadavg()[0], "listener": health["listener"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stores", default="sqlite,postgresql")
    parser.add_argument("--workers", default="1,2,4")
    parser.add_argument("--servers", default="",
                        help="also runs with N separate servers over PostgreSQL (e.g. 2,4)")
    parser.add_argument("--writers", default="1,8,32,128")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--cli", type=int, default=0, help="also N concurrent CLI writers")
    parser.add_argument("--selfreport", type=int, default=0,
                        help="also R rounds of concurrent self-reports")
    parser.add_argument("--pg", default=os.environ.get(
        "PODIUM_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"))
    parser.add_argument("--visible", type=int, default=0,
                        help="only: N writes through one of 2 servers over PostgreSQL, each "
                             "timed until the other server's live page shows it (with and "
                             "without LISTEN/NOTIFY)")
    args = parser.parse_args()
    if args.visible:
        print("| servers | other server learns by | writes | ack to visible p50 ms | p99 ms "
              "| max ms | wall s | server CPU s | load |")
        print("|---|---|---|---|---|---|---|---|---|")
        for listen in (True, False):
            row = visibility(args.pg, args.visible, listen)
            print(f"| 2 | {'LISTEN/NOTIFY' if listen else 're-read every 0.25 s'} "
                  f"| {row['writes']} | {row['p50_ms']:.0f} | {row['p99_ms']:.0f} "
                  f"| {row['max_ms']:.0f} | {row['wall_s']:.1f} | {row['cpu_s']:.1f} "
                  f"| {row['load']:.1f} |", flush=True)
            print(f"  listener of the other server: {row['listener']}", file=sys.stderr)
        return
    writer_counts = [int(n) for n in args.writers.split(",") if n]
    print("| store | servers x workers | writers | tables | stored | refused | errors "
          "| exactly once | writes/s | p50 ms | p99 ms | server CPU s | load |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    setups = [(1, int(n)) for n in args.workers.split(",") if n]
    setups += [(int(n), 1) for n in args.servers.split(",") if n]
    with tempfile.TemporaryDirectory() as tmp:
        for store in args.stores.split(","):
            for count_servers, workers in setups:
                if count_servers > 1 and store != "postgresql":
                    continue  # several servers: over PostgreSQL (docs/deploy.md)
                with fresh_store(store, args.pg, Path(tmp)) as url:
                    rounds = len(writer_counts) + (1 if args.cli else 0)
                    db, events, token = build(url, args.players, max(rounds, 3))
                    with (server(url, workers) if count_servers == 1 else
                          contextlib.nullcontext(None)) as single, \
                            (servers(url, count_servers) if count_servers > 1 else
                             contextlib.nullcontext(None)) as several:
                        started = [single] if single is not None else several
                        ports = [port for port, _group in started]
                        groups = [group for _port, group in started]
                        for count in writer_counts:
                            row = result_round(events, ports, token, count, groups)
                            print(f"| {store} | {count_servers} x {workers} | {count} "
                                  f"| {row['tables']} "
                                  f"| {row['stored']} | {row['refused']} | {row['errors']} "
                                  f"| {'yes' if row['exactly_once'] else 'NO'} "
                                  f"| {row['writes_per_s']:.0f} | {row['p50_ms']:.0f} "
                                  f"| {row['p99_ms']:.0f} | {row['cpu_s']:.1f} "
                                  f"| {row['load']:.1f} |", flush=True)
                            for key in ("first_refusal", "first_error"):
                                if row[key]:
                                    print(f"  {key}: {row[key]}", file=sys.stderr)
                        if args.selfreport:
                            print(f"  self-report {store} {count_servers} x {workers}: "
                                  f"{selfreport_rounds(url, ports[0], args.selfreport)}",
                                  file=sys.stderr, flush=True)
                    if args.cli:
                        print(f"  CLI {store}: {cli_round(url, events, args.cli)}",
                              file=sys.stderr, flush=True)
                    db.dispose()


if __name__ == "__main__":
    main()
