"""Ratings across events (podium.ratings): every rating recomputed from 1,000,000 mahjong games (4
players, random places, some ties) among 10,000 persons, from columns (``rate_arrays``) and from
``Game`` objects (``rate``); then one more game applied incrementally, 1,000 times (median and
p99); and the service's whole path from a simulated marathon's replayed state ("logs": its games
as columns, mapped to persons, ordered, rated). Each case runs in its own process so its peak
memory (ru_maxrss) is its own; the memory of the inputs is printed beside it. A sample of the
games is checked against openskill's own rate loop first.

    .venv/bin/python bench/ratings.py [--games 1000000] [--persons 10000]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from fractions import Fraction

import numpy as np

from podium.ratings import Game, Params, rate, rate_arrays


def games_columns(n: int, persons: int, seed: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """Four distinct persons per game; places 1..4 shuffled, one game in ten with a tie."""
    rng = np.random.default_rng(seed)
    who = rng.integers(0, persons, (n, 4), dtype=np.int32)
    while True:
        s = np.sort(who, axis=1)
        bad = (s[:, 1:] == s[:, :-1]).any(axis=1)
        if not bad.any():
            break
        who[bad] = rng.integers(0, persons, (int(bad.sum()), 4), dtype=np.int32)
    places = np.argsort(rng.random((n, 4)), axis=1).argsort(axis=1) + 1
    tied = rng.random(n) < 0.1
    places[tied] = np.minimum(places[tied], 3)  # the last two share third place
    return who, places


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(fn: object) -> dict[str, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    fn()  # type: ignore[operator]
    return {"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}


def case(name: str, n: int, persons: int) -> dict[str, object]:
    who, places = games_columns(n, persons)
    out: dict[str, object] = {"case": name}
    if name == "arrays":
        out["inputs_mb"] = rss_mb()
        out.update(measure(lambda: rate_arrays(who, places)))
    elif name == "objects":
        games = [Game(tuple(p), tuple(q)) for p, q in zip(who.tolist(), places.tolist(),
                                                          strict=True)]
        del who, places
        out["inputs_mb"] = rss_mb()
        out.update(measure(lambda: rate(games)))
    elif name == "logs":
        out.update(from_logs(n, persons))
    elif name == "incremental":
        ratings = rate_arrays(who, places)
        out["inputs_mb"] = rss_mb()
        rng = np.random.default_rng(1)
        times = []
        cpu = time.process_time()
        for _ in range(1000):
            p = rng.choice(persons, 4, replace=False).tolist()
            game = Game(tuple(p), (1, 2, 2, 4), Fraction(3, 2))
            t = time.perf_counter()
            ratings.apply(game)
            times.append(time.perf_counter() - t)
        out["cpu"] = time.process_time() - cpu
        times.sort()
        out["median_ms"] = statistics.median(times) * 1000
        out["p99_ms"] = times[989] * 1000
        out["wall"] = sum(times)
    out["peak_mb"] = rss_mb()
    out["load"] = os.getloadavg()[0]
    return out


def from_logs(n: int, persons: int) -> dict[str, object]:
    """The service's path from a marathon's replayed state: its games as columns
    (``rated_columns``), mapped to the register's persons and ordered (``ordered``), rated
    (``rate_table``). The marathon is the bench's simulated year (bench/marathon.py), every
    player linked to a person of a register; building it is not timed."""
    from datetime import UTC, datetime

    sys.path.insert(0, os.path.dirname(__file__))
    from marathon import Log, payloads  # type: ignore[import-not-found]
    from podium.core.log import Kind
    from podium.formats.mahjong_marathon.demo import generate_year
    from podium.formats.mahjong_marathon.rules import GAMES_ADDED
    from podium.formats.people.book import PeopleBook
    from podium.service.ratings import RatedEvent, ordered, rate_table

    m = Log()
    year = generate_year(persons, n, 1, m.state.settings.stage_bounds)
    for pid in range(1, persons + 1):
        m.do(Kind.PLAYER_REGISTERED, {"player": pid, "name": f"player{pid:05d}"})
    for payload in payloads(year, 0, n):
        m.do(GAMES_ADDED, payload)
    del year
    book = PeopleBook()
    for pid in range(1, persons + 1):
        book.link(("year", pid), pid)
    event = RatedEvent("year", "year", "mahjong-marathon", Fraction(1),
                       datetime(2026, 1, 1, tzinfo=UTC))
    out: dict[str, object] = {"inputs_mb": rss_mb()}

    def run() -> int:
        table = ordered([(event, m.ruleset.rated_columns(m.state))], book)
        return rate_table(table, Params()).played

    out.update(measure(run))
    return out


def check(n: int = 2000, persons: int = 300) -> float:
    """The largest difference from openskill's own PlackettLuce.rate loop over n games."""
    who, places = games_columns(n, persons, seed=3)
    ours = rate_arrays(who, places)
    model = Params().build()
    now: dict[int, tuple[float, float]] = {}
    for p, q in zip(who.tolist(), places.tolist(), strict=True):
        rated = model.rate([[model.rating(*now.get(x, (25.0, 25 / 3)))] for x in p], ranks=q)
        for x, (r,) in zip(p, rated, strict=True):
            now[x] = (r.mu, r.sigma)
    return max(max(abs(ours.of(x).mu - m), abs(ours.of(x).sigma - s))
               for x, (m, s) in now.items())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--persons", type=int, default=10_000)
    parser.add_argument("--case")
    args = parser.parse_args()
    if args.case:
        print(json.dumps(case(args.case, args.games, args.persons)))
        return
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"largest difference from openskill's loop over 2,000 games: {check():.1e}")
    print(f"{args.games:,} games x {args.persons:,} persons")
    for name in ("arrays", "objects", "logs", "incremental"):
        line = subprocess.run([sys.executable, __file__, "--case", name, "--games",
                               str(args.games), "--persons", str(args.persons)],
                              check=True, capture_output=True, text=True).stdout
        r = json.loads(line)
        extra = (f", one game median {r['median_ms']:.3f} ms, p99 {r['p99_ms']:.3f} ms"
                 if name == "incremental" else "")
        print(f"{name:12} wall {r['wall']:6.2f} s  CPU {r['cpu']:6.2f} s  "
              f"peak {r['peak_mb']:6.0f} MB (inputs {r['inputs_mb']:.0f} MB)  "
              f"load {r['load']:.2f}{extra}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
