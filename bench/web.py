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

Command: `.venv/bin/python bench/web.py` (options: --players 1000 --clients 200 --seconds 15
--workers 1).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from podium.formats.commander.demo import demo_slug, run_commander_demo
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
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            body = await reader.readexactly(length)
            if not head.startswith(b"HTTP/1.1 200"):
                raise RuntimeError(head.decode(errors="replace"))
            latencies.append(time.perf_counter() - started)
            sizes.append(len(body))
            if pace is not None:
                next_at += pace
                await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
    finally:
        writer.close()


async def run_mode(port: int, path: str, clients: int, seconds: float,
                   pace: float | None) -> dict[str, float]:
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept-Encoding: gzip\r\n"
        "Accept-Language: ru\r\nUser-Agent: podium-bench\r\n\r\n"
    ).encode()
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
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="podium-bench-"))
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
