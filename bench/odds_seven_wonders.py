"""Benchmark of a 7 Wonders season's projections (:mod:`podium.formats.seven_wonders.odds`).

A 28-player regular season (Gods, Priests, Warriors A and B) entered through the service, then:

- mid-way: every league after ``--games`` games (default 2: five players left in each
  ladder, 120 ways each ladder can end, too many outcomes to visit): the projection drawn
  ``--trials`` times under each model, and what one Priests player needs (each place of their
  next game drawn as many times);
- late: every ladder played but the Gods' final of three (864 outcomes with the Fortune and
  Will matches): the projection enumerated exactly.

Each line: wall seconds, CPU seconds (``time.process_time``), trials (0: exact), the largest
95% margin, and the load average before and after (the machine is shared).

Command: ``.venv/bin/python bench/odds_seven_wonders.py [--games 2] [--trials 9604]``.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from podium.core.projection import DEFAULT_TRIALS, Need, Projection, Strengths
from podium.formats.seven_wonders.commands import AssignLeagues, EnterGame, GameInput
from podium.formats.seven_wonders.rules import SEVEN_WONDERS
from podium.service.commands import AddPlayers
from podium.service.events import EventService
from podium.store.db import Database

LEAGUES = {"gods": [f"G{i}" for i in range(1, 8)], "priests": [f"P{i}" for i in range(1, 8)],
           "warriors-a": [f"W{i}" for i in range(1, 8)],
           "warriors-b": [f"V{i}" for i in range(1, 8)]}


def season(folder: Path, games: dict[str, int]) -> Any:
    """The season's state once each league has played its number of games (no ties: the
    last name of each game is out)."""
    service = EventService(Database(str(folder / "odds.db")))
    service.create_event("s", "Season", "seven-wonders", {}, "org", 1)
    service.run_command(AddPlayers("s", tuple(n for names in LEAGUES.values() for n in names)),
                        "org")
    service.run_command(AssignLeagues("s", tuple(tuple(v) for v in LEAGUES.values())), "org")
    for key, names in LEAGUES.items():
        left = list(names)
        for _ in range(games[key]):
            service.run_command(EnterGame("s", key, GameInput(", ".join(left))), "org")
            left.pop()
    return service.load("s").state


def measure(label: str, work: Callable[[], Projection | Need]) -> None:
    load = os.getloadavg()
    wall, cpu = time.perf_counter(), time.process_time()
    found = work()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if isinstance(found, Projection):
        trials = found.trials
        margin = max((c.margin for by_goal in found.chances.values() for c in by_goal.values()),
                     default=0.0)
    else:
        margin = max((c.margin for c in found.after), default=0.0)
        trials = 0 if found.exact else found.after[0].trials * len(found.after)
    after = os.getloadavg()
    print(f"{label:<44} wall {wall:6.2f} s  cpu {cpu:6.2f} s  trials {trials:>6}  "
          f"max margin {margin:.4f}  load {load[0]:.2f} -> {after[0]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--trials", type=int, default=DEFAULT_TRIALS)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        mid = season(Path(folder), dict.fromkeys(LEAGUES, args.games))
        (Path(folder) / "late").mkdir()
        late = season(Path(folder) / "late", {"gods": 4, "priests": 5, "warriors-a": 5,
                                              "warriors-b": 5})
    strengths = Strengths({pid: float(pid % 7) for pid in mid.players}, "results")
    p1 = mid.player_by_name("P1").id
    print(f"28 players, each league after {args.games} games; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    measure("mid-way projection, uniform", lambda: SEVEN_WONDERS.projection(
        mid, trials=args.trials))
    measure("mid-way projection, rating", lambda: SEVEN_WONDERS.projection(
        mid, model="rating", trials=args.trials, strengths=strengths))
    measure("mid-way need (P1, promotion), uniform", lambda: SEVEN_WONDERS.need(
        mid, p1, "promotion", trials=args.trials))
    measure("late projection (Gods final), exact", lambda: SEVEN_WONDERS.projection(late))
    measure("late projection (Gods final), rating exact", lambda: SEVEN_WONDERS.projection(
        late, model="rating", strengths=strengths))


if __name__ == "__main__":
    main()
