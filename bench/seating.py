"""Benchmark of whole-event seating schedules: repeats and seat balance.

For each size (players x rounds, tables of 4) it compares three schedules:

- **published**: the open collections in ``../shared/external/social_golfer/`` (mahjong-portal:
  7 and 8 rounds for 8-100 players; ApplySci/aim: 4-10 rounds for 16-64 players), read from
  there, never copied; skipped with a message when the directory is absent;
- **avoid**: today's round-by-round pairing with every player tied (a seeded shuffle, then
  ``avoid_repeats`` against all earlier meetings; turn order by ``assign_seats`` as a Commander
  round does, round 1 ``random_seats``);
- **schedule**: ``podium.pairing.design.schedule`` (construction, search or round by round).

Repeats: over every pair of players, max(0, meetings - 1), summed. Bound: the pair-meetings the
tables create minus the pairs there are. "seat-1 off": players who had the first seat more often
than ceil(R/4) or less often than floor(R/4) (0 = as balanced as possible). CPU seconds are
``time.process_time()`` of building the schedule (seats included); the load average
(``os.getloadavg()``) is printed before and after, as other work shares the machine.

Usage: .venv/bin/python bench/seating.py [--only issue|published|all] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import time
from collections.abc import Sequence
from pathlib import Path

from podium.pairing import assign_seats, random_seats
from podium.pairing.design import lower_bound, repeats, round_by_round, schedule, seat_imbalance

ROOT = Path(__file__).resolve().parent.parent
EXTERNAL = ROOT.parent / "shared" / "external" / "social_golfer"
ISSUE_SIZES = ((16, 5), (20, 7), (24, 7), (32, 10), (64, 21))

Rounds = list[list[list[int]]]


def published() -> dict[tuple[int, int], list[tuple[str, Rounds]]]:
    """Every schedule of the two collections, by (players, rounds)."""
    found: dict[tuple[int, int], list[tuple[str, Rounds]]] = {}
    portal = EXTERNAL / "mahjong-portal"
    for path in sorted(portal.glob("*_tours_*_players.json")):
        match = re.match(r"(\d+)_tours_(\d+)_players", path.name)
        assert match
        tours = json.loads(path.read_text())
        rounds = [[[seat["player_index"] for seat in sorted(
            table["seating"], key=lambda s: s["seat_number"])] for table in tour["tables"]]
            for tour in tours]
        found.setdefault((int(match[2]), int(match[1])), []).append(("mahjong-portal", rounds))
    for path in sorted((EXTERNAL / "aim").glob("seats_*.json")):
        data = json.loads(path.read_text())
        for players, rounds in data["seats"].items():
            found.setdefault((int(players), int(data["hanchan"])), []).append(("aim", rounds))
    return found


def avoid_schedule(n: int, rounds: int, seed: int) -> Rounds:
    """Today's pairing, all tied: pods by ``avoid_repeats`` round by round, then the turn order
    a Commander round gives them (random in round 1, ``assign_seats`` later)."""
    pods = round_by_round(n, rounds, [4] * (n // 4), 0, seed)
    rng = random.Random(seed)
    counts: dict[int, dict[int, int]] = {}
    out: Rounds = []
    for number, rnd in enumerate(pods):
        seated = []
        for pod in rnd:
            order = random_seats(pod, rng) if number == 0 else assign_seats(pod, counts, rng)
            for position, player in enumerate(order):
                row = counts.setdefault(player, {})
                row[position] = row.get(position, 0) + 1
            seated.append(order)
        out.append(seated)
    return out


def timed(build) -> tuple[Rounds, float]:
    start = time.process_time()
    result = build()
    return result, time.process_time() - start


def row(n: int, rounds: int, seed: int, sources: Sequence[tuple[str, Rounds]]) -> str:
    pub = "; ".join(f"{name} {repeats(r)} / {seat_imbalance(r)}" for name, r in sources) or "-"
    avoid, avoid_s = timed(lambda: avoid_schedule(n, rounds, seed))
    sched, sched_s = timed(lambda: schedule(list(range(n)), rounds, 4, seed=seed))
    method = getattr(sched, "method", "?")
    return (f"| {n} x {rounds} | {lower_bound(n, [4] * (n // 4), rounds)} | {pub} | "
            f"{repeats(avoid)} / {seat_imbalance(avoid)} | {avoid_s:.2f} | {method} | "
            f"{repeats(sched)} / {seat_imbalance(sched)} | {sched_s:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", choices=("issue", "published", "all"), default="all")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    collections: dict[tuple[int, int], list[tuple[str, Rounds]]] = {}
    if EXTERNAL.is_dir():
        collections = published()
    else:
        print(f"published schedules not found at {EXTERNAL}: comparing with avoid only")
    sizes: list[tuple[int, int]] = []
    if args.only in ("issue", "all"):
        sizes.extend(ISSUE_SIZES)
    if args.only in ("published", "all"):
        sizes.extend(sorted(key for key in collections if key not in sizes))

    print(f"python {platform.python_version()}, {os.cpu_count()} cores, "
          f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| players x rounds | bound | published: repeats / seat-1 off | avoid: repeats / "
          "seat-1 off | avoid CPU s | schedule | schedule: repeats / seat-1 off | "
          "schedule CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    for n, rounds in sizes:
        print(row(n, rounds, args.seed, collections.get((n, rounds), [])), flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
