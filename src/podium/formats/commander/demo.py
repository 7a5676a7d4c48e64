"""A simulated Commander event with random but seeded results, for the quick start and demos.

Results follow the public seat advantage (win rates of about 24.7 / 19.3 / 16.7 / 14.6 % by
seat), with some draws, simultaneous wins and judge's game losses, so every kind of entry shows
up in a demo. Everything goes through the same use cases as an organiser's commands.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from podium.core.errors import Conflict
from podium.core.model import EventState, Table
from podium.core.rng import rng_for
from podium.formats.commander.rules import COMMANDER
from podium.service.events import EventService, LoadedEvent
from podium.store.repository import EventRepository

DEMO_ACTOR = "demo"

Progress = Callable[[str, int, int], None]


def demo_slug(players: int, seed: int) -> str:
    return f"demo-commander-{players}-{seed}"


def simulate_result(table: Table, rng: random.Random) -> dict[str, Any]:
    """A plausible pod result as a stored entry (:meth:`Commander.sample_result`)."""
    return COMMANDER.sample_result(None, None, table, rng)  # type: ignore[arg-type]


def run_commander_demo(
    service: EventService,
    players: int,
    seed: int,
    settings: dict[str, Any] | None = None,
    progress: Progress | None = None,
) -> LoadedEvent:
    """Create (or re-create) the demo event, play every round and the final, return the event."""
    slug = demo_slug(players, seed)
    with service.db.session() as session:
        repo = EventRepository(session)
        old = repo.find(slug)
        if old is not None:
            repo.delete(old.id)
    service.create_event(
        slug, f"Demo Commander, {players} players", "commander", settings or {}, DEMO_ACTOR, seed
    )
    service.add_players(
        slug, [f"Player {i:0{len(str(players))}d}" for i in range(1, players + 1)], DEMO_ACTOR
    )
    rng = rng_for(seed, "demo-results")
    loaded = service.load(slug)
    total = _total_rounds(loaded.state)
    done = 0
    while True:
        try:
            _state, rnd = service.pair_round(slug, DEMO_ACTOR)
        except Conflict:
            break
        for table in rnd.tables:
            entry = simulate_result(table, rng)
            service.enter_result(slug, table.number, lambda _state, e=entry: e, DEMO_ACTOR)
        done += 1
        if progress:
            progress(f"round {rnd.number} ({rnd.stage})", done, total)
    return service.load(slug)


def _total_rounds(state: EventState) -> int:
    return COMMANDER.swiss_round_count(state) + (1 if state.settings.final_size else 0)
