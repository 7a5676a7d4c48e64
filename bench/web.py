"""Benchmark: the public standings page of a 1,000-player event under 200 concurrent clients.

Builds a Commander event of 1,000 players with 3 played rounds in a fresh SQLite file, starts
`podium serve` on it (a separate process, on loopback), and drives 200 concurrent keep-alive
HTTP/1.1 clients at /e/<event> with a small asyncio load generator (raw sockets, so the client
costs little next to the server). Every client sends what a phone sends: Accept-Encoding gzip
and Accept-Language ru. Two modes:

- paced: each client asks once a second (a venue of 200 phones refreshing every second), and
  five times a second (1,000 requests/s offered);
- closed: each client asks again as soon as it has its answer (saturation).

Printed per mode: requests, requests/s, p50, p90, p99 and max latency in ms. Bounded: each mode
runs for --seconds; the server is stopped at the end.

With ``--writer``: the event has a fourth round open, an organiser and an API token,
and for each reader count of ``--readers`` (default 50,200) and each loop of ``--loop``
(default both) the readers run for --seconds alone ("idle"), then for --seconds while a
thread enters the open round's results through the API
(``POST /api/v1/events/<event>/commands/commander.result``) at ``--rate`` a second (2), each write
making the page's version change. Closed loop: each reader asks again as soon as it has its
answer (a saturating load: a slow answer slows the reader, so it hides waits). Open loop: each
reader asks once a second on a fixed schedule, as a phone does, sending on time even while its
previous request is pending, and each latency is counted from when the request was due.
Printed per phase: the readers' p50/p99/max (and, with the writer, its p99 over the idle
one's), the writes'
p50/p99/max, how long the writes waited for the event's lock inside the server (the wait a
page build, a snapshot or another write can cause: max and how many waited over 100 ms), the
server's CPU seconds and the load average (the machine is shared). For that the server is
started through this file (``--serve``: ``podium serve``'s application with the writers'
event locks timed), one worker. With ``PODIUM_BENCH_TRACE=1`` the server's log also gives each
write's unit of work, each snapshot and each page build (wall time and the building thread's
CPU time). ``--shared-states`` builds the pages from the writers' states
(the application's default) instead of their own (``podium serve``'s). The pages are rebuilt in
the background as ``podium serve`` does (``PODIUM_BACKGROUND_PAGES=0``: by their readers).

Command: `.venv/bin/python bench/web.py` (options: --players 1000 --clients 200 --seconds 15
--workers 1); `.venv/bin/python bench/web.py --writer --players 1000 --readers 50,200`.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from podium.core.rng import rng_for
from podium.formats.commander.demo import demo_slug, run_commander_demo, simulate_result
from podium.service.accounts import AccountService
from podium.service.events import EventService
from podium.store.db import Database


def build_event(path: Path, players: int) -> str:
    db = Database(str(path))
    service = EventService(db)
    started = time.perf_counter()
    run_commander_demo(service, players, 1, {"rounds": 3, "final_size": 0, "fewer_rounds": True})
    db.dispose()
    print(f"built {players} players, 3 rounds in {time.perf_counter() - started:.1f} s",
          file=sys.stderr)
    return demo_slug(players, 1)


def build_open_event(path: Path, players: int) -> tuple[str, str, list[tuple[int, str]]]:
    """A Commander event of ``players`` with 3 played rounds and a fourth paired, its owner's
    API token, and the fourth round's tables with a result for each."""
    db = Database(str(path))
    service = EventService(db)
    accounts = AccountService(db)
    started = time.perf_counter()
    slug = "live"
    service.create_event(slug, "Live", "commander",
                         {"rounds": "4", "final_size": "0", "fewer_rounds": "yes"}, "bench",
                         seed=1)
    service.add_players(slug, [f"Player {i:05d}" for i in range(1, players + 1)], "bench")
    rng = rng_for(1, "demo-results")
    for _ in range(3):
        _state, rnd = service.pair_round(slug, "bench")
        for table in rnd.tables:
            entry = simulate_result(table, rng)
            service.enter_result(slug, table.number, lambda _s, e=entry: e, "bench")
    _state, rnd = service.pair_round(slug, "bench")
    jobs = [(t.number, "".join(str(i) for i in range(1, len(t.seats) + 1))) for t in rnd.tables]
    accounts.create_user("bench", "bench password")
    accounts.grant(slug, "bench", "owner", "bench")
    token = accounts.create_token("bench")
    db.dispose()
    print(f"built {players} players, 3 rounds played, the 4th open, in "
          f"{time.perf_counter() - started:.1f} s", file=sys.stderr)
    return slug, token, jobs


def measured_server(db: str, port: int, waits_path: str, page_states: bool) -> None:
    """``podium serve``'s application (one worker) with each write's wait for its event's lock
    timed: every wait of a thread inside :meth:`EventService.unit` for a holder's lock is
    appended to ``waits_path`` as ``<unix time> <seconds>``."""
    from contextlib import contextmanager

    import uvicorn

    from podium.compose import web_app
    from podium.core.gcpause import freeze_loaded_states
    from podium.service import events as events_module
    from podium.service import states as states_module
    from podium.store.db import resolve_url

    local = threading.local()
    out = open(waits_path, "a", buffering=1)  # noqa: SIM115 (the server's lifetime)

    class TimedLock:
        def __init__(self, lock: Any) -> None:
            self.lock = lock

        def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
            began = time.perf_counter()
            got: bool = self.lock.acquire(blocking, timeout)
            if got and getattr(local, "writing", 0):
                out.write(f"{time.time():.3f} {time.perf_counter() - began:.6f}\n")
            return got

        def release(self) -> None:
            self.lock.release()

        def __enter__(self) -> TimedLock:
            self.acquire()
            return self

        def __exit__(self, *exc: object) -> None:
            self.release()

    holder_of = states_module.StateCache.holder

    def holder(self: Any, slug: str) -> Any:
        found = holder_of(self, slug)
        if not isinstance(found.lock, TimedLock):
            found.lock = TimedLock(found.lock)
        return found

    unit_of = events_module.EventService.unit

    @contextmanager
    def unit(self: Any, *args: Any, **kwargs: Any) -> Any:
        local.writing = getattr(local, "writing", 0) + 1
        began = time.perf_counter()
        try:
            with unit_of(self, *args, **kwargs) as work:
                yield work
        finally:
            local.writing -= 1
            spent = time.perf_counter() - began
            if os.environ.get("PODIUM_BENCH_TRACE"):
                print(f"unit {spent * 1000:.1f} ms", file=sys.stderr, flush=True)

    save_of = states_module.StateCache.save_snapshot

    def save_snapshot(self: Any, *args: Any, **kwargs: Any) -> bool:
        began = time.perf_counter()
        try:
            return save_of(self, *args, **kwargs)
        finally:
            if os.environ.get("PODIUM_BENCH_TRACE"):
                print(f"snapshot {(time.perf_counter() - began) * 1000:.1f} ms",
                      file=sys.stderr, flush=True)

    states_module.StateCache.save_snapshot = save_snapshot  # type: ignore[method-assign]

    from podium.web import cache as cache_module

    build_of = cache_module.ViewCache._build

    def build(self: Any, entry: Any, slug: str, key: Any, make: Any) -> Any:
        began, cpu = time.perf_counter(), time.thread_time()
        try:
            return build_of(self, entry, slug, key, make)
        finally:
            if os.environ.get("PODIUM_BENCH_TRACE"):
                print(f"build {str(key)[:40]} seq {entry.seq} "
                      f"{(time.perf_counter() - began) * 1000:.1f} ms wall "
                      f"{(time.thread_time() - cpu) * 1000:.1f} ms thread CPU",
                      file=sys.stderr, flush=True)

    cache_module.ViewCache._build = build  # type: ignore[method-assign]

    states_module.StateCache.holder = holder  # type: ignore[method-assign]
    events_module.EventService.unit = unit  # type: ignore[method-assign]
    freeze_loaded_states()
    app = web_app(resolve_url(db), freeze_gc=True, page_states=page_states,
                  background_pages=os.environ.get("PODIUM_BACKGROUND_PAGES", "1") != "0")
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)


def waits_between(path: Path, began: float, ended: float) -> list[float]:
    """The write waits (seconds) the measured server logged between two unix times."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        at, wait = (float(v) for v in line.split())
        if began <= at <= ended:
            out.append(wait)
    return out


def cpu_of(pid: int) -> float:
    """A process's CPU seconds (user and system, its waited-for children too)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def write_results(port: int, slug: str, token: str, jobs: list[tuple[int, str]], rate: float,
                  stop: threading.Event, latencies: list[float], errors: list[str]) -> None:
    """Enter results through the API at ``rate`` a second until ``stop`` (or no table left)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    next_at = time.perf_counter()
    while jobs and not stop.is_set():
        number, finish = jobs.pop(0)
        began = time.perf_counter()
        connection.request("POST", f"/api/v1/events/{slug}/commands/commander.result",
                           json.dumps({"table": number, "finish": finish}), headers)
        answer = connection.getresponse()
        text = answer.read()
        if answer.status == 200:
            latencies.append(time.perf_counter() - began)
        else:
            errors.append(f"{answer.status} {text[:200]!r}")
        next_at += 1 / rate
        stop.wait(max(0.0, next_at - time.perf_counter()))


def percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {"p50": float("nan"), "p99": float("nan"), "max": float("nan")}

    def pct(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return {"p50": pct(0.5), "p99": pct(0.99), "max": ordered[-1] * 1000}


def writer_mode(args: argparse.Namespace, folder: Path) -> int:
    db_path = folder / "bench.db"
    if args.event and Path(args.event).exists():  # built by an earlier run: a copy of it
        shutil.copy(args.event, db_path)
        slug, token, listed = json.loads(Path(args.event + ".json").read_text())
        jobs = [(number, finish) for number, finish in listed]
    else:
        slug, token, jobs = build_open_event(db_path, args.players)
        if args.event:
            shutil.copy(db_path, args.event)
            Path(args.event + ".json").write_text(json.dumps([slug, token, jobs]))
    port = free_port()
    waits_path = folder / "waits.txt"
    server_log = open(folder / "server.log", "w")  # noqa: SIM115 (the server's lifetime)
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(db_path), "--port", str(port),
         "--waits", str(waits_path)] + (["--shared-states"] if args.shared_states else []),
        stdout=subprocess.DEVNULL, stderr=server_log, env={**os.environ},
    )
    print(f"server log: {folder / 'server.log'}", file=sys.stderr)
    try:
        wait_for(port)
        path = f"/e/{slug}"
        asyncio.run(run_mode(port, path, 4, 1.0, None))  # warm-up: replay and render once
        # and one write, which loads the writers' state (the pages have their own): a server
        # pays that once per event, not once per phase measured
        warm: list[float] = []
        write_results(port, slug, token, jobs[:1], 1.0, threading.Event(), warm, [])
        jobs = jobs[1:]
        print(f"# {args.players} players, {args.seconds:.0f} s a phase, 1 server worker "
              f"(pages from {'the writers' if args.shared_states else 'their own'} states), "
              f"GET {path} (closed loop: each reader asks again on its answer; open loop: "
              f"each reader asks once a second, on time), writes at {args.rate:g}/s "
              f"(POST /api/v1/events/{slug}/commands/commander.result)")
        print("| readers | loop | phase | reads | reads/s | p50 ms | p99 ms | max ms | "
              "p99 / idle p99 | writes | write p50 ms | write p99 ms | write max ms | "
              "lock wait max ms | waits > 100 ms | server CPU s | load (1 min) |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        loops = ("closed", "open") if args.loop == "both" else (args.loop,)
        for readers in (int(n) for n in args.readers.split(",")):
            for loop in loops:
                idle_p99 = float("nan")
                for phase in ("idle", "writer"):
                    stop = threading.Event()
                    writes: list[float] = []
                    errors: list[str] = []
                    thread = None
                    if phase == "writer":
                        thread = threading.Thread(target=write_results, args=(
                            port, slug, token, jobs, args.rate, stop, writes, errors))
                    cpu = cpu_of(server.pid)
                    began = time.time()
                    if thread is not None:
                        thread.start()
                    if loop == "open":
                        r = asyncio.run(run_open(port, path, readers, args.seconds))
                    else:
                        r = asyncio.run(run_mode(port, path, readers, args.seconds, None))
                    stop.set()
                    if thread is not None:
                        thread.join()
                    used = cpu_of(server.pid) - cpu
                    w: dict[str, Any] = percentiles(writes)
                    waits = waits_between(waits_path, began, time.time())
                    if phase == "idle":
                        idle_p99 = r["p99"]
                    ratio = f"{r['p99'] / idle_p99:.1f}x" if thread else "-"
                    print(f"| {readers} | {loop} | {phase} | {r['requests']:.0f} | "
                          f"{r['rps']:.0f} | {r['p50']:.1f} | {r['p99']:.1f} | {r['max']:.1f} | "
                          f"{ratio} | {len(writes) if thread else '-'} | "
                          + (f"{w['p50']:.1f} | {w['p99']:.1f} | {w['max']:.1f} | "
                             f"{max(waits, default=0) * 1000:.1f} | "
                             f"{sum(1 for v in waits if v > 0.1)}" if thread
                             else "- | - | - | - | -")
                          + f" | {used:.1f} | {os.getloadavg()[0]:.1f} |", flush=True)
                    if errors:
                        print(f"write errors: {errors[:3]}", file=sys.stderr)
    finally:
        server.terminate()
        server.wait(timeout=20)
    return 0


def wait_for(port: int) -> None:
    for _ in range(600):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def one_client(port: int, request: bytes, stop: float, pace: float | None,
                     latencies: list[float], sizes: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    next_at = time.perf_counter()
    try:
        while time.perf_counter() < stop:
            started = time.perf_counter()
            writer.write(request)
            head, body = await read_answer(reader)
            if not head.startswith(b"HTTP/1.1 200"):
                raise RuntimeError(head.decode(errors="replace"))
            latencies.append(time.perf_counter() - started)
            sizes.append(len(body))
            if pace is not None:
                next_at += pace
                await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
    finally:
        writer.close()


def page_request(port: int, path: str) -> bytes:
    """What a phone sends for the page: gzip accepted, Russian first."""
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept-Encoding: gzip\r\n"
        "Accept-Language: ru\r\nUser-Agent: podium-bench\r\n\r\n"
    ).encode()


async def read_answer(reader: asyncio.StreamReader) -> tuple[bytes, bytes]:
    """One HTTP/1.1 answer's head and body (a Content-Length body)."""
    head = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    return head, await reader.readexactly(length)


async def open_reader(port: int, request: bytes, first: float, stop: float, period: float,
                      latencies: list[float], failures: list[str]) -> None:
    """One phone: a request every ``period`` seconds from ``first`` on, each sent on time
    whether or not the one before was answered (a pending one keeps its connection, the next
    takes an idle one or opens another), its latency counted from when it was due: a slow
    answer delays no later request, so no wait goes unmeasured (coordinated omission)."""
    idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    pending: set[asyncio.Task[None]] = set()

    async def one(due: float) -> None:
        try:
            reader, writer = idle.pop() if idle else \
                await asyncio.open_connection("127.0.0.1", port)
            writer.write(request)
            head, _body = await read_answer(reader)
            latencies.append(time.perf_counter() - due)
            if not head.startswith(b"HTTP/1.1 200"):
                failures.append(head.split(b"\r\n", 1)[0].decode(errors="replace"))
            idle.append((reader, writer))
        except (OSError, asyncio.IncompleteReadError) as error:
            failures.append(repr(error))

    due = first
    while due < stop:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        task = asyncio.create_task(one(due))
        pending.add(task)
        task.add_done_callback(pending.discard)
        due += period
    if pending:
        await asyncio.wait(pending)
    for _reader, writer in idle:
        writer.close()


async def run_open(port: int, path: str, readers: int, seconds: float,
                   period: float = 1.0) -> dict[str, float]:
    """``readers`` open-loop readers (:func:`open_reader`), their first requests spread over
    one period; every request due before ``seconds`` is sent and waited for."""
    request = page_request(port, path)
    latencies: list[float] = []
    failures: list[str] = []
    start = time.perf_counter()
    stop = start + seconds
    await asyncio.gather(*(open_reader(port, request, start + i * period / readers, stop,
                                       period, latencies, failures)
                           for i in range(readers)))
    elapsed = time.perf_counter() - start
    if failures:
        print(f"open-loop failures: {len(failures)}, e.g. {failures[:3]}", file=sys.stderr)
    return {"requests": len(latencies), "rps": len(latencies) / elapsed,
            **percentiles(latencies), "failed": len(failures)}


async def run_mode(port: int, path: str, clients: int, seconds: float,
                   pace: float | None) -> dict[str, float]:
    request = page_request(port, path)
    latencies: list[float] = []
    sizes: list[int] = []
    start = time.perf_counter()
    stop = start + seconds
    tasks = []
    for _ in range(clients):
        tasks.append(asyncio.create_task(one_client(port, request, stop, pace, latencies, sizes)))
        if pace is not None:
            await asyncio.sleep(pace / clients)  # spread the paced clients over one period
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    ordered = sorted(latencies)

    def pct(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return {
        "requests": len(ordered),
        "rps": len(ordered) / elapsed,
        "p50": pct(0.50),
        "p90": pct(0.90),
        "p99": pct(0.99),
        "max": ordered[-1] * 1000,
        "kb": statistics.mean(sizes) / 1000,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--writer", action="store_true",
                        help="readers idle, then with results written")
    parser.add_argument("--readers", default="50,200")
    parser.add_argument("--rate", type=float, default=2.0, help="writes a second")
    parser.add_argument("--loop", choices=("closed", "open", "both"), default="both",
                        help="with --writer: closed-loop readers, open-loop ones (each "
                        "asks once a second, on time), or both in turn")
    parser.add_argument("--event", help="with --writer: the built event's SQLite file, "
                        "reused if it exists (else built and kept there)")
    parser.add_argument("--shared-states", action="store_true",
                        help="with --writer: pages built from the writers' states")
    parser.add_argument("--serve", help=argparse.SUPPRESS)  # the measured server (internal)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--waits", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        measured_server(args.serve, args.port, args.waits, not args.shared_states)
        return 0
    from podium.core.gcpause import freeze_loaded_states

    freeze_loaded_states()  # a loaded event is frozen out of the cycle collector

    folder = Path(tempfile.mkdtemp(prefix="podium-bench-"))
    if args.writer:
        return writer_mode(args, folder)
    db_path = folder / "bench.db"
    slug = build_event(db_path, args.players)
    port = free_port()
    podium = Path(sys.executable).with_name("podium")
    server = subprocess.Popen(
        [str(podium), "--db", str(db_path), "serve", "--port", str(port),
         "--workers", str(args.workers)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ},
    )
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        path = f"/e/{slug}"
        asyncio.run(run_mode(port, path, 4, 1.0, None))  # warm-up: replay and render once
        print(f"# {args.players} players, {args.clients} clients, {args.seconds:.0f} s a mode, "
              f"{args.workers} server worker(s), GET {path}")
        print("| mode | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | body kB (gzip) |")
        print("|---|---|---|---|---|---|---|---|")
        for mode, pace in (("paced 1/s", 1.0), ("paced 5/s", 0.2), ("closed loop", None)):
            r = asyncio.run(run_mode(port, path, args.clients, args.seconds, pace))
            print(f"| {mode} | {r['requests']:.0f} | {r['rps']:.0f} | {r['p50']:.1f} | "
                  f"{r['p90']:.1f} | {r['p99']:.1f} | {r['max']:.1f} | {r['kb']:.1f} |")
    finally:
        server.terminate()
        server.wait(timeout=20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
