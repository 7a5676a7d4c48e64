"""Benchmark of separation groups (beyond the regulation): what the Commander setting
``separate_groups=always`` adds to planning a round, and how many same-group pairs it removes.

One event per size, players in clubs of ``--club`` (the last club may be smaller), played in
memory through the action log with simulated results; each round is planned twice on the same
state, the setting off and on, and timed with CPU seconds (``time.process_time``) beside wall
time. The event plays on with the pods of the setting on. Same-group pairs are counted for both.

Usage: .venv/bin/python bench/separate.py [--players 64 256] [--rounds 5] [--club 4]
       [--policy swap|avoid] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from podium.core.log import Action, Kind
from podium.core.replay import apply, replay
from podium.core.rng import rng_for
from podium.formats import get_format
from podium.formats.commander.demo import simulate_result
from podium.pairing.separate import group_pairs

START = datetime(2026, 1, 1, tzinfo=UTC)


def run(players: int, rounds: int, club: int, policy: str, seed: int) -> None:
    ruleset = get_format("commander")
    settings = ruleset.settings_to_json(ruleset.parse_settings(
        {"rounds": rounds, "repeat_policy": policy, "final_size": 0,
         "fewer_rounds": rounds < 5}))
    log: list[Action] = []

    def add(kind: str, payload: dict) -> None:
        action = Action(len(log) + 1, kind, "bench", START + timedelta(seconds=len(log)), payload)
        if log:
            apply(state, action, ruleset)
        log.append(action)

    add(Kind.EVENT_CREATED, {"name": "bench", "format": "commander", "seed": seed,
                             "settings": settings})
    state = replay(log, ruleset)
    for pid in range(1, players + 1):
        add(Kind.PLAYER_REGISTERED, {"player": pid, "name": f"Player {pid}",
                                     "group": f"Club {(pid - 1) // club + 1}"})
    group_of = {p.id: p.group for p in state.players.values()}
    rng = rng_for(seed, "bench-results")
    print(f"{players} players, clubs of {club}, policy {policy}")
    print("round  off CPU s  off wall s  on CPU s  on wall s  pairs off  pairs on")
    for number in range(1, rounds + 1):
        base = state.settings
        cpu, wall = time.process_time(), time.perf_counter()
        off = ruleset.plan_round(state)
        off_cpu, off_wall = time.process_time() - cpu, time.perf_counter() - wall
        state.settings = replace(base, separate_groups="always")
        cpu, wall = time.process_time(), time.perf_counter()
        on = ruleset.plan_round(state)
        on_cpu, on_wall = time.process_time() - cpu, time.perf_counter() - wall
        state.settings = base
        print(f"{number:5}  {off_cpu:9.3f}  {off_wall:10.3f}  {on_cpu:8.3f}  {on_wall:9.3f}  "
              f"{group_pairs(off.tables, group_of):9}  {group_pairs(on.tables, group_of):8}")
        add(Kind.ROUND_PAIRED, on.to_payload())
        for table in state.rounds[-1].tables:
            add(Kind.RESULT_ENTERED, {"round": number, "table": table.number,
                                      "entry": simulate_result(table, rng)})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[64, 256])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--club", type=int, default=4)
    parser.add_argument("--policy", choices=("swap", "avoid"), default="swap")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for players in args.players:
        run(players, args.rounds, args.club, args.policy, args.seed)
    print(f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
