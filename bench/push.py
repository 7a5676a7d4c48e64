"""Benchmark: live pages pushed (server-sent events) against the same pages polled.

A Commander event of ``--players`` (256: 64 tables) with its round 1 paired is stored in a
fresh SQLite file, and ``podium serve --workers 2`` runs on it. Then, each phase for
``--seconds``:

- **push**: ``--streams`` (1,000) visitors each hold the pairings page's stream open
  (``/e/<event>/stream``: raw sockets in one asyncio process, so the client costs little)
  while a thread enters results through the API at ``--rate`` (2) a second. For every write
  and every stream: the time from the write's answer (its ``version``) to the stream's message
  carrying that version or a later one. Printed: p50, p99 and max over all of them, how many
  never arrived, the server's CPU seconds per write and per second, and its memory per stream
  (the workers' resident memory with the streams open, less before, over the streams);
- **poll**: the same visitors poll the page's live part every ``--poll`` (5) seconds instead,
  open-loop (each on its own schedule, whatever the answers; with the ETag a browser sends),
  with the same writer. Printed: the server's CPU per second and per write, the answers'
  p50/p99, and how late a visitor sees a write (on average half the period, by design).

The server's CPU is read from ``/proc`` for its whole process group (the master and both
workers), its memory from each worker's ``VmRSS``; the load average is printed with each
phase (the machine is shared). The streams' cap per address is raised for the run
(``PODIUM_STREAMS_PER_ADDRESS``): every visitor here comes from 127.0.0.1.

    python bench/push.py                      # 1,000 streams, 2 writes a second, 30 s
    python bench/push.py --streams 200 --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from podium.service.accounts import AccountService
from podium.service.events import EventService
from podium.store.db import Database

PODIUM = str(Path(sys.executable).with_name("podium"))
SLUG = "push"
PART = f"/e/{SLUG}/live/pairings"
EVENT_ID = re.compile(rb"\nid: (\d+)\r?\n")


def build(path: Path, players: int) -> tuple[str, list[tuple[int, str]]]:
    """The event with round 1 paired, its owner's API token and each table's result."""
    db = Database(f"sqlite:///{path}")
    service, accounts = EventService(db), AccountService(db)
    service.create_event(SLUG, "Push", "commander", {"rounds": "5", "final_size": "0"},
                         "bench", seed=1)
    service.add_players(SLUG, [f"Player {i:05d}" for i in range(1, players + 1)], "bench")
    _state, rnd = service.pair_round(SLUG, "bench")
    # seat 1 wins, then seat 2, 3, 4: each write changes the pairings page (its result)
    jobs = [(table.number, "".join(str(i) for i in range(1, len(table.seats) + 1)))
            for table in rnd.tables]
    accounts.create_user("bench", "bench password")
    accounts.grant(SLUG, "bench", "owner", "bench")
    token = accounts.create_token("bench")
    db.dispose()
    return token, jobs


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def server(url: str, workers: int, poll: int) -> Iterator[tuple[int, int]]:
    port = free_port()
    env = {**os.environ, "PODIUM_STREAMS_PER_ADDRESS": "100000",
           "PODIUM_STREAMS_MAX": "100000"}
    process = subprocess.Popen(
        [PODIUM, "--db", url, "serve", "--port", str(port), "--workers", str(workers),
         "--poll", str(poll)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, env=env)
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                connection.request("GET", PART)
                if connection.getresponse().status == 200:
                    break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {process.stderr.read()!r}")
            time.sleep(0.2)
        for _ in range(workers * 4):  # every worker has read the event once
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("GET", PART)
            connection.getresponse().read()
        yield port, process.pid
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def group_pids(group: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group:
                found.append(int(entry.name))
    return found


def cpu_seconds(group: int) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in group_pids(group):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / tick


def rss_mb(group: int) -> float:
    total = 0
    for pid in group_pids(group):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total / 1024


def writer(port: int, token: str, jobs: list[tuple[int, str]], rate: float, seconds: float,
           writes: list[tuple[float, int]], errors: list[str]) -> None:
    """Results through the API at ``rate`` a second: (the answer's time, its version)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    stop = time.monotonic() + seconds
    next_at = time.monotonic()
    while jobs and time.monotonic() < stop:
        number, finish = jobs.pop(0)
        connection.request("POST", f"/api/v1/events/{SLUG}/commands/commander.result",
                           json.dumps({"table": number, "finish": finish}), headers)
        answer = connection.getresponse()
        body = answer.read()
        if answer.status == 200:
            writes.append((time.monotonic(), int(json.loads(body)["answer"]["version"])))
        else:
            errors.append(f"{answer.status} {body[:200]!r}")
        next_at += 1 / rate
        time.sleep(max(0.0, next_at - time.monotonic()))


async def one_stream(port: int, index: int, seen: list[tuple[float, int]],
                     opened: asyncio.Event, stop: asyncio.Event) -> None:
    """A visitor's stream: each message's (arrival, version)."""
    reader, out = await asyncio.open_connection("127.0.0.1", port, limit=2**22)
    out.write((f"GET /e/{SLUG}/stream?part={PART}&v=benchvisitor{index:06d} HTTP/1.1\r\n"
               f"Host: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n"
               "Accept-Language: ru\r\n\r\n").encode())
    head = await reader.readuntil(b"\r\n\r\n")
    if b" 200 " not in head.split(b"\r\n", 1)[0]:
        raise RuntimeError(head[:200])
    opened.set()
    buffer = b""
    try:
        while not stop.is_set():
            chunk = await reader.read(1 << 16)
            if not chunk:
                break
            arrived = time.monotonic()
            buffer += chunk
            # whole lines only; the events' ids, whatever the chunks' framing around them
            cut = buffer.rfind(b"\n") + 1
            for found in EVENT_ID.finditer(b"\n" + buffer[:cut]):
                seen.append((arrived, int(found[1])))
            buffer = buffer[cut:]
    finally:
        out.close()


async def written(port: int, group: int, token: str, jobs: list[tuple[int, str]],
                  rate: float, seconds: float, settle: float
                  ) -> tuple[list[tuple[float, int]], list[str], float, float, float]:
    """The paced writer's run: its writes, errors, and the server's CPU seconds, the wall
    seconds and the mean load from its start to ``settle`` seconds after its last write."""
    writes: list[tuple[float, int]] = []
    errors: list[str] = []
    cpu0, t0, load0 = cpu_seconds(group), time.monotonic(), os.getloadavg()[0]
    thread = threading.Thread(target=writer, args=(port, token, jobs, rate, seconds, writes,
                                                   errors))
    thread.start()
    while thread.is_alive():
        await asyncio.sleep(0.2)
    await asyncio.sleep(settle)
    cpu, elapsed = cpu_seconds(group) - cpu0, time.monotonic() - t0
    return writes, errors, cpu, elapsed, (load0 + os.getloadavg()[0]) / 2


async def push_phase(port: int, streams: int, group: int, token: str,
                     jobs: list[tuple[int, str]], rate: float, seconds: float) -> dict[str, float]:
    before_rss = rss_mb(group)
    seen: list[list[tuple[float, int]]] = [[] for _ in range(streams)]
    stop = asyncio.Event()
    opened_events = [asyncio.Event() for _ in range(streams)]
    tasks = []
    for i in range(streams):
        tasks.append(asyncio.create_task(one_stream(port, i, seen[i], opened_events[i], stop)))
        if i % 50 == 49:
            await asyncio.sleep(0.05)
    await asyncio.wait_for(asyncio.gather(*(e.wait() for e in opened_events)), 300)
    await asyncio.sleep(3)  # every first message in
    open_rss = rss_mb(group)
    idle_cpu0, idle_t0 = cpu_seconds(group), time.monotonic()
    await asyncio.sleep(5)
    idle_rate = (cpu_seconds(group) - idle_cpu0) / (time.monotonic() - idle_t0)
    # settle: the last write's messages arrive
    writes, errors, cpu, elapsed, load = await written(port, group, token, jobs, rate,
                                                       seconds, 2.0)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    delays, missed = [], 0
    for arrivals in seen:
        for answered, version in writes:
            late = next((at for at, v in arrivals if v >= version), None)
            if late is None:
                missed += 1
            else:
                delays.append(max(0.0, late - answered))
    delays.sort()

    def pct(q: float) -> float:
        return delays[min(len(delays) - 1, int(q * len(delays)))] * 1000 if delays else 0.0

    return {"streams": streams, "writes": len(writes), "errors": len(errors),
            "p50_ms": pct(0.5), "p99_ms": pct(0.99), "max_ms": delays[-1] * 1000 if delays else 0,
            "missed": missed, "cpu_s": cpu, "elapsed_s": elapsed,
            "cpu_per_s": cpu / elapsed, "idle_cpu_per_s": idle_rate,
            "cpu_per_write_ms": 1000 * (cpu - idle_rate * elapsed) / max(1, len(writes)),
            "rss_before_mb": before_rss, "rss_open_mb": open_rss,
            "kb_per_stream": 1024 * (open_rss - before_rss) / streams,
            "load": load}


async def one_poller(port: int, period: float, offset: float, stop_at: float,
                     answers: list[float], reconnects: list[int]) -> None:
    """A visitor polling the live part every ``period`` seconds on its own schedule, with
    the ETag it was given; a connection the server closed while idle (uvicorn's keep-alive
    is 5 s) is opened again, as a browser does."""
    connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
    etag = ""
    next_at = time.monotonic() + offset
    try:
        while True:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            if time.monotonic() >= stop_at:
                break
            sent = next_at
            conditional = f"If-None-Match: {etag}\r\n" if etag else ""
            request = (f"GET {PART} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                       f"Accept-Encoding: gzip\r\nAccept-Language: ru\r\nHX-Request: true\r\n"
                       f"{conditional}\r\n").encode()
            for attempt in range(2):
                if connection is None:
                    connection = await asyncio.open_connection("127.0.0.1", port,
                                                               limit=2**22)
                    reconnects[0] += attempt or bool(answers)
                reader, out = connection
                try:
                    out.write(request)
                    head = await reader.readuntil(b"\r\n\r\n")
                    break
                except (asyncio.IncompleteReadError, ConnectionError):
                    out.close()
                    connection = None
            else:
                raise RuntimeError("the server closed the connection twice")
            length = 0
            for line in head.split(b"\r\n"):
                lower = line.lower()
                if lower.startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
                elif lower.startswith(b"etag:"):
                    etag = line.split(b":", 1)[1].strip().decode()
            await reader.readexactly(length)
            answers.append(time.monotonic() - sent)
            next_at += period
    finally:
        if connection is not None:
            connection[1].close()


async def poll_phase(port: int, clients: int, group: int, token: str,
                     jobs: list[tuple[int, str]], rate: float, seconds: float,
                     period: float) -> dict[str, float]:
    answers: list[float] = []
    reconnects = [0]
    start = time.monotonic()
    stop_at = start + seconds + 2 * period
    tasks = [asyncio.create_task(one_poller(port, period, period * i / clients, stop_at,
                                            answers, reconnects)) for i in range(clients)]
    await asyncio.sleep(period)  # every visitor has polled once
    writes, _errors, cpu, elapsed, load = await written(port, group, token, jobs, rate,
                                                        seconds, 0.0)
    failed = [r for r in await asyncio.gather(*tasks, return_exceptions=True) if r is not None]
    if failed:
        print("poller failed:", repr(failed[0])[:300], file=sys.stderr)
    answers.sort()

    def pct(q: float) -> float:
        return answers[min(len(answers) - 1, int(q * len(answers)))] * 1000 if answers else 0

    return {"clients": clients, "failed": len(failed), "writes": len(writes),
            "requests": len(answers), "reconnects": reconnects[0],
            "answer_p50_ms": pct(0.5), "answer_p99_ms": pct(0.99),
            "seen_after_ms_mean": 1000 * period / 2, "seen_after_ms_max": 1000 * period,
            "cpu_s": cpu, "elapsed_s": elapsed, "cpu_per_s": cpu / elapsed,
            "cpu_per_write_ms": 1000 * cpu / max(1, len(writes)),
            "load": load}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=2.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--poll", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=("push", "poll"), default=None)
    args = parser.parse_args()
    needed = int(args.rate * args.seconds) + 1
    with tempfile.TemporaryDirectory() as folder:
        for phase in ("push", "poll"):
            if args.only and phase != args.only:
                continue
            path = Path(folder) / f"{phase}.db"
            token, jobs = build(path, max(args.players, 4 * needed))
            tables = len(jobs)
            url = f"sqlite:///{path}"
            with server(url, args.workers, args.poll) as (port, group):
                if phase == "push":
                    figures = asyncio.run(push_phase(port, args.streams, group, token, jobs,
                                                     args.rate, args.seconds))
                else:
                    figures = asyncio.run(poll_phase(port, args.streams, group, token, jobs,
                                                     args.rate, args.seconds, args.poll))
            print(json.dumps({"phase": phase, "workers": args.workers, "tables": tables,
                              **{k: round(v, 3) if isinstance(v, float) else v
                                 for k, v in figures.items()}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
