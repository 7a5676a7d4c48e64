"""Benchmark of the 7 Wonders year (rule W7-1): a whole 35-player year of 11 seasons (the
starting season and ten regular ones, each a season event, joined by a series event) replayed
with all its tables computed.

- build: the year played through the service (``year_demo.play_year``) into a SQLite file;
  then its 12 logs copied under new slugs (the series' member slugs rewritten) until the
  database holds ``--years`` years, as a site hosting many communities would;
- cold: a new process-level service (empty state cache) on a new ``Database`` loads one year
  (the series and its 11 seasons, from the database: log or snapshot, then replay) and
  computes every table: each season's tables (``season_views``), the year's ledger and the
  year table; the median over ``--samples`` different years of the database;
- warm: the same again on the service that already holds the states (tables recomputed, no
  database reads but the catch-up check: one session, two queries an event); and the tables'
  computation alone, the states already caught up.

Command: ``.venv/bin/python bench/seven_wonders.py`` (default: 100 years, 35 players, 11
seasons, seed 1). Targets: under 50 ms a year warm, under 0.5 s cold.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from podium.formats.seven_wonders.views import season_views
from podium.formats.seven_wonders.year_demo import play_year
from podium.formats.seven_wonders.year_views import year_view
from podium.service.events import EventService
from podium.service.series import series_ledger, series_members
from podium.store.db import Database
from podium.store.repository import EventRepository


def copy_year(db: Database, prefix: str, source: str, seasons: int) -> None:
    """The year ``source`` stored again as ``prefix`` (its logs as they are, the member slugs
    of the series rewritten)."""
    with db.session() as session:
        repo = EventRepository(session)
        for slug in [f"{source}-year"] + [f"{source}-s{n}" for n in range(seasons)]:
            summary = repo.get(slug)
            actions = repo.actions(summary.id)
            new_slug = prefix + slug[len(source):]
            if slug.endswith("-year"):
                actions = [replace(a, payload={**a.payload, "event": prefix + a.payload[
                    "event"][len(source):]}) if a.kind == "series.member_added" else a
                           for a in actions]
            created = repo.create(new_slug, summary.name, summary.format, actions[0].at)
            repo.append(created.id, actions)


def tables(service: EventService, series: str, loaded: Any = None) -> int:
    """Every table of the year: each season's, the ledger and the year table; rows counted.
    ``loaded``: the series and its members already caught up (the compute alone)."""
    rows = 0
    loaded = loaded or series_members(service, series)
    ledger = series_ledger(service, series, loaded=loaded)
    for event in loaded[1]:
        rows += sum(len(view.rows) for view in season_views(event.state))
    rows += len(year_view(ledger).rows)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--years", type=int, default=100)
    parser.add_argument("--players", type=int, default=35)
    parser.add_argument("--seasons", type=int, default=11)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "years.db"
        t0 = time.perf_counter()
        service = EventService(Database(str(path)))
        play_year(service, "y0", args.players, args.seasons, args.seed)
        played = time.perf_counter() - t0
        t0 = time.perf_counter()
        db = Database(str(path))
        for n in range(1, args.years):
            copy_year(db, f"y{n}", "y0", args.seasons)
        copied = time.perf_counter() - t0
        actions = sum(len(service.log(s)) for s in
                      ["y0-year"] + [f"y0-s{n}" for n in range(args.seasons)])
        size = sum(p.stat().st_size for p in path.parent.iterdir()) // 1024
        print(f"built: 1 year played in {played:.1f} s ({actions} actions), "
              f"{args.years - 1} copies in {copied:.1f} s; database {size} KiB")
        picks = [round(i * (args.years - 1) / max(1, args.samples - 1))
                 for i in range(args.samples)]
        cold, warm, compute = [], [], []
        for n in picks:
            fresh = EventService(Database(str(path)))
            t0 = time.perf_counter()
            rows = tables(fresh, f"y{n}-year")
            cold.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            again = tables(fresh, f"y{n}-year")
            warm.append(time.perf_counter() - t0)
            assert again == rows
            loaded = series_members(fresh, f"y{n}-year")
            t0 = time.perf_counter()
            tables(fresh, f"y{n}-year", loaded)
            compute.append(time.perf_counter() - t0)
        print(f"years in the database: {args.years}; tables of one year: {rows} rows")
        print(f"cold (new service, from the database): median "
              f"{statistics.median(cold) * 1000:.0f} ms, max {max(cold) * 1000:.0f} ms")
        print(f"warm (states in the process): median {statistics.median(warm) * 1000:.1f} ms, "
              f"max {max(warm) * 1000:.1f} ms; of which computing the tables: median "
              f"{statistics.median(compute) * 1000:.1f} ms (the rest: the catch-up check of the "
              f"12 events in the database)")


if __name__ == "__main__":
    main()
