"""Benchmark of TOP seeding (rules BRK-1 .. BRK-4) and duel Swiss pairing (rule BRK-6).

For each table count and TOP size, and each seeding mode (``written``, the default, and
``goals``): the time of :func:`podium.pairing.bracket.build_top` (the BRK-3 written bracket,
the goal checks and the repair or search), whether it departed from the written bracket, how
many players it moved, and the goals met. Tables have ``--per-table`` players each (more when
the TOP needs them). Also: one duel pairing of a table of 16
(:func:`podium.pairing.duel.pair_duels`, exact over all pairings) after three random rounds.

Usage: .venv/bin/python bench/bracket.py [--per-table 16] [--repeat 3]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from podium.pairing.bracket import TOP_SEEDINGS, build_top, score
from podium.pairing.duel import pair_duels

CASES = [(1, 16), (2, 16), (3, 8), (3, 16), (4, 16), (5, 16), (6, 16), (3, 32), (5, 32),
         (6, 32), (7, 32), (8, 32), (3, 64), (5, 64), (7, 64), (8, 64), (5, 40), (6, 128)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-table", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}")
    print("| tables | TOP | seeding | changed | moved | goals met | s (best of repeats) |")
    print("|---|---|---|---|---|---|---|")
    for tables, size in CASES:
        per = max(args.per_table, -(-size // tables))
        lists = [[100 * (t + 1) + p for p in range(1, per + 1)] for t in range(tables)]
        for seeding in TOP_SEEDINGS:
            best = float("inf")
            for _ in range(args.repeat):
                start = time.perf_counter()
                top = build_top(lists, size, seeding=seeding)
                best = min(best, time.perf_counter() - start)
            moved = score(top.slots, top.entrants, top.reference).changes
            met = "".join(str(g.number) for g in top.goals if g.met) or "-"
            print(f"| {tables} | {size} | {seeding} | {'yes' if top.searched else 'no'} | "
                  f"{moved} | {met if tables > 1 else 'n/a'} | {best:.4f} |")
    rng = random.Random(1)
    order = list(range(1, 17))
    met: dict[int, dict[int, int]] = {p: {} for p in order}
    points = dict.fromkeys(order, 0)
    for _ in range(3):
        pairs, _ = pair_duels(sorted(order, key=lambda p: -points[p]), points, met)
        for a, b in pairs:
            met[a][b] = met[b][a] = 1
            points[rng.choice((a, b))] += 3
    start = time.perf_counter()
    _pairs, rematches = pair_duels(sorted(order, key=lambda p: -points[p]), points, met)
    print(f"\nduel pairing of a table of 16 after 3 rounds: {time.perf_counter() - start:.4f} s, "
          f"{rematches} rematches")


if __name__ == "__main__":
    main()
