"""Steps shared by the property tests that play random Commander events (the record book,
the kept standings, the compact snapshot): corrections of earlier Swiss rounds, a drop and a
late entry, each drawn from the test's own generator so a failing case replays."""

from __future__ import annotations

import random
from collections.abc import Callable

from podium.core.model import Round
from podium.formats.commander.demo import simulate_result
from tests.builders import EventLog

Check = Callable[[EventLog], None]


def swiss_rounds(event: EventLog) -> list[Round]:
    return [r for r in event.state.rounds if r.stage == "swiss"]


def _nothing(_event: EventLog) -> None:
    return None


def correct_earlier(event: EventLog, rng: random.Random, most: int,
                    after: Check = _nothing) -> None:
    """Up to ``most`` corrections of random tables of the Swiss rounds played so far, each a
    new simulated result with a reason, ``after`` run after each."""
    earlier = swiss_rounds(event)
    for _ in range(rng.randint(0, most)):
        target = rng.choice(earlier)
        table = rng.choice(target.tables)
        event.result(table.number, simulate_result(table, rng), correct_round=target.number,
                     reason="typo")
        after(event)


def drop_or_enter_late(event: EventLog, rng: random.Random, late: float = 0.3,
                       after: Check = _nothing) -> None:
    """Maybe one active player drops (while more than 5 play), maybe one enters late (with
    chance ``late``), ``after`` run after each change."""
    active = [p.id for p in event.state.active_players()]
    if rng.random() < 0.3 and len(active) > 5:
        event.do("player.dropped", {"player": rng.choice(active)}, "left")
        after(event)
    if rng.random() < late:
        event.add(f"Late {len(event.state.players) + 1}")
        after(event)
