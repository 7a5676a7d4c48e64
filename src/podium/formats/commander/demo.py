"""A simulated Commander event with random but seeded results, for the quick start and demos:
``podium demo commander``, declared (:class:`podium.core.demos.DemoSpec`) and served by the
command line's generated command.

Results follow the public seat advantage (win rates of about 24.7 / 19.3 / 16.7 / 14.6 % by
seat), with some draws, simultaneous wins and judge's game losses, so every kind of entry shows
up in a demo. Everything goes through the same use cases as an organiser's commands.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from podium.core import inputs
from podium.core.commands import Param, Progress
from podium.core.demos import DemoCall, DemoSpec, Stored
from podium.core.errors import Conflict, InvalidInput
from podium.core.messages import M
from podium.core.model import EventState, Table
from podium.core.rng import rng_for
from podium.core.views import N_
from podium.formats.commander.rules import COMMANDER
from podium.service.events import EventService, LoadedEvent
from podium.service.kernel_views import standings_table
from podium.store.repository import EventRepository

DEMO_ACTOR = "demo"


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
    name: str | None = None,
) -> LoadedEvent:
    """Create (or re-create) the demo event, play every round and the final, return the event."""
    slug = demo_slug(players, seed)
    with service.db.session() as session:
        repo = EventRepository(session)
        old = repo.find(slug)
        if old is not None:
            repo.delete(old.id)
    try:
        service.create_event(slug, name or f"Demo Commander, {players} players", "commander",
                             settings or {}, DEMO_ACTOR, seed)
    except InvalidInput as error:  # a setting given with --set
        raise error.at("settings") from None
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
            service.enter_result(slug, table.number, simulate_result(table, rng), DEMO_ACTOR)
        done += 1
        if progress:
            progress(M("Round %(n)s", n=rnd.number), done, total)
    return service.load(slug)


def _total_rounds(state: EventState) -> int:
    return COMMANDER.swiss_round_count(state) + (1 if state.settings.final_size else 0)


def run(call: DemoCall) -> Iterator[Any]:
    """The final standings with the command line's columns, the champion, where it is."""
    loaded = run_commander_demo(call.service, call["players"], call["seed"],
                                call.get("settings", {}), call.progress,
                                call.named(M("Demo Commander, %(n)s players", n=call["players"])))
    state = loaded.state
    table = loaded.ruleset.standings(state)
    yield standings_table(state, table, len(state.rounds),
                          M("%(name)s: final standings", name=state.name))
    yield M("Champion: %(name)s.", name=state.players[table.rows[0].player].name)
    yield Stored(state.slug, M("try `podium standings %(slug)s` or `podium round show %(slug)s "
                               "1`.", slug=state.slug))


DEMO = DemoSpec(
    "commander", N_("Simulate a full Commander event and print the final standings"), run,
    params=(
        Param("players", inputs.Integer(4), N_("How many players."), default=32),
        Param("seed", inputs.Integer(0), N_("The seed of the random draws."),
              default=1),
        Param("settings", inputs.Assignments(),
              N_("A commander setting, e.g. repeat_policy=avoid."), cli="--set"),
    ),
)
