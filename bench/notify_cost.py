"""Benchmark: what the "event changed" NOTIFY costs each write (podium.store.notify).

In one process, on a fresh PostgreSQL schema each run, renames one player ``--writes`` times
(one command, one transaction each), with the NOTIFY of every append and without it (the hook
replaced by nothing), alternating ``--rounds`` times (notify, none, none, notify, ...) so that
the machine's load falls on both alike. Printed per run: wall and CPU milliseconds a write (the
CPU of this process: the writer's side), the load; then the medians of each.

Command: `.venv/bin/python bench/notify_cost.py` (options: --writes 400 --rounds 3
--pg postgresql+psycopg://postgres@127.0.0.1:5432/test).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import uuid
from typing import Any

from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

import podium.store.repository as repository
from podium.service.events import EventService
from podium.service.people import RenamePlayer
from podium.store.db import Database


def run(pg: str, writes: int) -> tuple[float, float]:
    """Wall and CPU seconds a write, ``writes`` renames on a fresh schema."""
    schema = f"podium_notify_cost_{uuid.uuid4().hex}"
    admin = create_engine(pg, poolclass=NullPool)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        db = Database(make_url(pg).update_query_dict({"options": f"-csearch_path={schema}"})
                      .render_as_string(hide_password=False))
        events = EventService(db)
        events.create_event("cup", "Cup", "commander", {}, "bench", seed=1)
        events.add_players("cup", ["P1", "P2"], "bench")
        before = "P1"
        wall, cpu = time.perf_counter(), time.process_time()
        for index in range(writes):
            name = f"N{index}"
            events.run_command(RenamePlayer("cup", before, name, ""), "bench")
            before = name
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        db.dispose()
        return wall / writes, cpu / writes
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writes", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pg", default=os.environ.get(
        "PODIUM_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"))
    args = parser.parse_args()
    real = repository.announce

    def nothing(*_args: Any) -> None:
        return None

    found: dict[str, list[tuple[float, float]]] = {"notify": [], "none": []}
    print("| NOTIFY | writes | wall ms a write | CPU ms a write | load |")
    print("|---|---|---|---|---|")
    for label in ["notify", "none", "none", "notify"] * args.rounds:
        repository.announce = real if label == "notify" else nothing  # type: ignore[assignment]
        wall, cpu = run(args.pg, args.writes)
        found[label].append((wall, cpu))
        print(f"| {label} | {args.writes} | {1000 * wall:.2f} | {1000 * cpu:.2f} "
              f"| {os.getloadavg()[0]:.1f} |", flush=True)
    repository.announce = real
    for label, rows in found.items():
        print(f"median {label}: {1000 * statistics.median(w for w, _ in rows):.2f} ms wall, "
              f"{1000 * statistics.median(c for _, c in rows):.2f} ms CPU a write")


if __name__ == "__main__":
    main()
