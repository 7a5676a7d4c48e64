"""Benchmark of a whole Commander round through the real format, as `podium round pair` runs it.

Unlike bench/pairing.py, which times the pairing functions alone, this replays a full event in
memory through the action log: standings with every tiebreaker (CMD-3), byes (CMD-8), the pods
under the chosen repeat policy (CMD-6, CMD-7), seat balance, then the round is applied to the state
and every pod gets a simulated result. Timed per round: planning (standings + pairing), and
entering all results. Also timed: a full replay of the final log, which every CLI command does.

Usage: .venv/bin/python bench/commander_round.py [--players 10000] [--rounds 7] [--seed 1]
       [--policy swap|avoid]
"""

from __future__ import annotations

import argparse
import platform
import time
from datetime import UTC, datetime, timedelta

from podium.core.log import Action, Kind
from podium.core.replay import apply, replay
from podium.core.rng import rng_for
from podium.formats import get_format
from podium.formats.commander.demo import simulate_result

START = datetime(2026, 1, 1, tzinfo=UTC)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", choices=("swap", "avoid"), default="swap")
    args = parser.parse_args()

    ruleset = get_format("commander")
    settings = ruleset.settings_to_json(
        ruleset.parse_settings({"rounds": args.rounds, "repeat_policy": args.policy})
    )
    log: list[Action] = []

    def add(kind: str, payload: dict) -> None:
        action = Action(len(log) + 1, kind, "bench", START + timedelta(seconds=len(log)), payload)
        if log:
            apply(state, action, ruleset)
        log.append(action)

    add(Kind.EVENT_CREATED, {"name": "bench", "format": "commander", "seed": args.seed,
                             "settings": settings})
    state = replay(log, ruleset)
    started = time.perf_counter()
    for pid in range(1, args.players + 1):
        add(Kind.PLAYER_REGISTERED, {"player": pid, "name": f"Player {pid}"})
    print(f"{platform.python_version()} on {platform.machine()}, {args.players} players, "
          f"policy {args.policy}; registration {time.perf_counter() - started:.2f} s")
    rng = rng_for(args.seed, "bench-results")
    print("round  plan s  results s")
    for _ in range(args.rounds):
        started = time.perf_counter()
        plan = ruleset.plan_round(state)
        planned = time.perf_counter() - started
        add(Kind.ROUND_PAIRED, plan.to_payload())
        started = time.perf_counter()
        rnd = state.rounds[-1]
        for table in rnd.tables:
            add(Kind.RESULT_ENTERED, {"round": rnd.number, "table": table.number,
                                      "entry": simulate_result(table, rng)})
        print(f"{rnd.number:5d}  {planned:6.3f}  {time.perf_counter() - started:9.3f}")
    started = time.perf_counter()
    again = replay(log, ruleset)
    replayed = time.perf_counter() - started
    started = time.perf_counter()
    ruleset.standings(again)
    ranked = time.perf_counter() - started
    print(f"replay of {len(log)} actions {replayed:.2f} s; standings {ranked:.2f} s")


if __name__ == "__main__":
    main()
