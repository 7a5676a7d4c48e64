"""Benchmark of the Berserk and marathon projections (``Ruleset.projection`` / ``need``).

Cases, each at the default trials (``DEFAULT_TRIALS``, 9,604: at most ±1 point at 95%):

- berserk 8: 8 players at one draft table, one round left: enumerated exactly (2^4 leaves);
- berserk 32: 32 players at two draft tables of 16, four rounds, two played: Monte Carlo,
  each table on its own (the next round's pairing known, the last one paired per path by the
  format's exact duel pairing, cached by path);
- berserk 32 need: one player's need for the TOP (win, draw, loss), the same table;
- marathon end: ``podium demo marathon --players 300 --games 20000`` as the demo leaves it
  (the year over: nothing remains, the chances are certain);
- marathon mid: the same year cut mid-way through the last stage (as the demo's first
  publication): each player's pace to the stage's end, Monte Carlo;
- marathon mid need: the stage leader's need for the stage's first place (4 places).

For each: wall seconds, CPU seconds (``time.process_time``), trials (0: exact), the largest
95% margin of any chance, and the load average before and after (the machine is shared).

Command: ``.venv/bin/python bench/odds_formats.py`` (``--trials N`` to change the trials).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from podium.core.log import Kind
from podium.core.projection import DEFAULT_TRIALS
from podium.formats.berserk.rules import SPLIT
from podium.formats.mahjong_marathon.demo import generate_year
from podium.formats.mahjong_marathon.rules import GAMES_ADDED

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT.parent))
from tests.builders import EventLog  # noqa: E402

from marathon import Log, payloads  # noqa: E402 - the marathon bench's in-memory event


def berserk(players: int, tables: int, played: int, **settings: Any) -> EventLog:
    log = EventLog(players=players, fmt="berserk", **settings)
    log.do(SPLIT, log.ruleset.plan_split(log.state, tables))
    rng = random.Random(1)
    for _round in range(played):
        rnd = log.pair()
        for table in rnd.tables:
            log.result(table.number, {"winner": rng.choice(table.seats)})
    return log


def marathon(players: int, games: int, mid: bool) -> Log:
    m = Log()
    year = generate_year(players, games, 1, m.state.settings.stage_bounds)
    lo, hi = m.state.settings.stage_bounds[-1]
    cut = int(np.searchsorted(year.start, (lo + hi) // 2)) if mid else games
    for pid in range(1, players + 1):
        m.do(Kind.PLAYER_REGISTERED, {"player": pid, "name": f"player{pid:05d}"})
    for payload in payloads(year, 0, cut):
        m.do(GAMES_ADDED, payload)
    return m


def timed(label: str, call: Any) -> None:
    load = os.getloadavg()
    wall, cpu = time.perf_counter(), time.process_time()
    found = call()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if hasattr(found, "chances"):
        chances = [c for by_goal in found.chances.values() for c in by_goal.values()]
        trials, what = found.trials, f"{found.remaining} left"
    else:
        chances = list(found.after)
        trials = max((c.trials for c in chances), default=0)
        what = " ".join(f"{o.key}={c.value:.3f}" for o, c in zip(found.outcomes, chances,
                                                                 strict=True))
    margin = max((c.margin for c in chances), default=0.0)
    print(f"{label:22} wall {wall:7.2f} s  cpu {cpu:7.2f} s  trials {trials:6}  "
          f"max margin {margin:.4f}  load {load[0]:.2f} -> {os.getloadavg()[0]:.2f}  {what}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=DEFAULT_TRIALS)
    trials = parser.parse_args().trials

    small = berserk(8, 1, 2, rounds=3, top_size=4)
    timed("berserk 8 (exact)", lambda: small.ruleset.projection(small.state, trials=trials))
    big = berserk(32, 2, 2)
    timed("berserk 32", lambda: big.ruleset.projection(big.state, trials=trials))
    timed("berserk 32 need", lambda: big.ruleset.need(big.state, 1, "top", trials=trials))
    end = marathon(300, 20000, mid=False)
    timed("marathon end", lambda: end.ruleset.projection(end.state, trials=trials))
    mid = marathon(300, 20000, mid=True)
    found: dict[str, Any] = {}

    def projection() -> Any:
        found["p"] = mid.ruleset.projection(mid.state, trials=trials)
        return found["p"]

    timed("marathon mid", projection)
    leader = max(found["p"].chances, key=lambda p: found["p"].chances[p]["stage_first"].value)
    timed("marathon mid need", lambda: mid.ruleset.need(mid.state, leader, "stage_first",
                                                        trials=trials))


if __name__ == "__main__":
    main()
