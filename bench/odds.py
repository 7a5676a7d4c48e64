"""Benchmark of Commander's projections (chances of the final and of first place).

Two events, built in memory through the real action log (pairings by the engine, plausible
results by :meth:`Commander.sample_result`), not timed:

- 64 players, 5 Swiss rounds, 3 played: 2 rounds left, a Monte Carlo estimate with the
  default trials (9,604: at most ±1 percentage point at 95% for any chance);
- 8 players, 2 Swiss rounds (the override), 1 played: 1 round left, enumerated exactly.

For each: the wall and CPU seconds (``time.process_time``) of the projection, its trials,
the largest 95% margin of any chance, then the same for one player's need (every result of
the next round). The load average is printed first: the machine is shared.

Command: ``.venv/bin/python bench/odds.py``.
"""

from __future__ import annotations

import os
import random
import time
from datetime import UTC, datetime, timedelta
from typing import Any

START = datetime(2026, 1, 1, tzinfo=UTC)


def build(players: int, played: int, **settings: Any) -> Any:
    from podium.core.log import Action, Kind
    from podium.core.replay import apply, replay
    from podium.formats import get_format

    rules = get_format("commander")
    parsed = rules.parse_settings(settings)
    actions = [Action(1, Kind.EVENT_CREATED, "judge", START, {
        "name": "bench", "format": "commander", "seed": 11,
        "settings": rules.settings_to_json(parsed)}, "")]
    state = replay(actions, rules)

    def do(kind: str, payload: dict[str, Any]) -> None:
        seq = state.last_seq + 1
        apply(state, Action(seq, kind, "judge", START + timedelta(seconds=seq), payload, ""),
              rules)

    for number in range(1, players + 1):
        do(Kind.PLAYER_REGISTERED, {"player": number, "name": f"P{number}"})
    rng = random.Random(5)
    for _ in range(played):
        plan = rules.plan_round(state)
        do(Kind.ROUND_PAIRED, plan.to_payload())
        rnd = state.rounds[-1]
        for table in rnd.tables:
            entry = rules.sample_result(state, rnd, table, rng)
            do(Kind.RESULT_ENTERED, {"round": rnd.number, "table": table.number,
                                     "entry": entry})
    return rules, state


def measure(label: str, players: int, played: int, **settings: Any) -> None:
    rules, state = build(players, played, **settings)
    wall, cpu = time.perf_counter(), time.process_time()
    projection = rules.projection(state)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    margin = max(c.margin for row in projection.chances.values() for c in row.values())
    print(f"{label}: projection {'exact' if projection.exact else 'estimate'}, "
          f"{projection.remaining} round(s) left, trials {projection.trials}, "
          f"max margin {margin * 100:.2f} pp; wall {wall:.2f} s, CPU {cpu:.2f} s")
    player = next(iter(state.players))
    wall, cpu = time.perf_counter(), time.process_time()
    need = rules.need(state, player, projection.goals[0].key)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{label}: need ({len(need.outcomes)} results), wall {wall:.2f} s, CPU {cpu:.2f} s")


def main() -> None:
    print("load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    measure("64 players, 2 rounds left", 64, 3)
    measure("8 players, 1 round left", 8, 1, rounds=2, fewer_rounds=True)
    print("load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
