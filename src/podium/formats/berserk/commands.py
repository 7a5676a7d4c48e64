"""Berserk use cases beyond the shared ones: the split into draft tables (rules BRK-6, BRK-10),
and a simulated event for the demo (table rounds, then the TOP)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from podium.core import codes, inputs
from podium.core.commands import CommandSpec, Param
from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Action
from podium.core.messages import M
from podium.core.rng import rng_for
from podium.core.views import N_
from podium.formats.berserk.rules import BERSERK, SPLIT, Berserk
from podium.pairing.duel import split_sizes
from podium.service import top
from podium.service.commands import Command
from podium.service.events import EventService, LoadedEvent, NewAction
from podium.store.repository import EventRepository

DEMO_ACTOR = "demo"
Progress = Callable[[str, int, int], None]


def _berserk(loaded: LoadedEvent) -> Berserk:
    """The event's Berserk rules (the catalog runs this format's commands on its events only)."""
    assert isinstance(loaded.ruleset, Berserk)
    return loaded.ruleset


@dataclass(frozen=True)
class SplitTables(Command[list[list[int]]]):
    """Draw the draft tables (rules BRK-6, BRK-10) and store them with the draw's seed, as
    core divisions; answers each table's players."""

    tables: int | None = None
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        payload = _berserk(loaded).plan_split(loaded.state, self.tables)
        return [NewAction(SPLIT, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> list[list[int]]:
        return [d["players"] for d in stored[-1].payload["divisions"]]


SPLIT_COMMAND = CommandSpec(
    "berserk.split", N_("Draw the draft tables"),
    lambda call: SplitTables(call.slug, call.get("tables"), call.get("reason", "")),
    params=(Param("tables", inputs.Integer(1, 1000),
                  N_("the number of draft tables (default: the setting, else 8-16 a table)"),
                  label=N_("Draft tables")),
            Param("reason", inputs.Text(500), N_("why (kept in the log)"))),
    help=N_("The players drawn into draft tables of 8-16, as even as possible (rules BRK-6, "
            "BRK-10); before round 1."),
    shown=lambda state: not state.rounds, template="formats/berserk_split.html",
    said=lambda tables: M("Draft tables drawn."),
    answer=lambda tables: {"tables": tables}, answer_schema={"tables": "array"},
    render="podium.formats.berserk.cli:print_split",
)


def split_tables(service: EventService, slug: str, actor: str, tables: int | None = None,
                 reason: str = "") -> list[list[int]]:
    return service.execute(SplitTables(slug, tables, reason), actor).value


def constant(entry: dict[str, Any]) -> Callable[[Any], dict[str, Any]]:
    """An entry builder that gives ``entry`` whatever the state."""
    return lambda _state: entry


def demo_slug(players: int, tables: int, top_size: int, seed: int) -> str:
    return f"demo-berserk-{players}-{tables}-{top_size}-{seed}"


def run_berserk_demo(service: EventService, players: int, tables: int, top_size: int,
                     seed: int, settings: dict[str, Any] | None = None,
                     progress: Progress | None = None) -> LoadedEvent:
    """Create (or re-create) the demo event, split it, play the table rounds and the TOP."""
    if top_size > players:
        raise InvalidInput(
            "a TOP of %(top_size)s is larger than the %(players)s players", code=codes.TOP_SIZE,
            top_size=top_size, players=players)
    chosen = {"tables": tables, "top_size": top_size, **(settings or {})}
    parsed = BERSERK.parse_settings(chosen)  # check everything before anything is stored
    split_sizes(players, tables, parsed.min_table, parsed.max_table)
    slug = demo_slug(players, tables, top_size, seed)
    with service.db.session() as session:
        repo = EventRepository(session)
        old = repo.find(slug)
        if old is not None:
            repo.delete(old.id)
    service.create_event(slug, f"Demo Berserk, {players} players at {tables} tables",
                         "berserk", chosen, DEMO_ACTOR, seed)
    width = len(str(players))
    service.add_players(slug, [f"Player {i:0{width}d}" for i in range(1, players + 1)],
                        DEMO_ACTOR)
    split_tables(service, slug, DEMO_ACTOR)
    rng = rng_for(seed, "demo-results")
    loaded = service.load(slug)
    ruleset = _berserk(loaded)
    rounds = ruleset.swiss_round_count(loaded.state)
    total = rounds + (top_size - 1).bit_length()
    done = 0
    while True:
        try:
            state, rnd = service.pair_round(slug, DEMO_ACTOR)
        except Conflict:
            break
        for table in rnd.tables:
            entry = ruleset.sample_result(state, rnd, table, rng)
            service.enter_result(slug, table.number, entry, DEMO_ACTOR)
        done += 1
        if progress:
            progress(f"table round {rnd.number}", done, total)
    _state, bracket = top.build(service, slug, DEMO_ACTOR)
    for round_number in range(1, bracket.rounds + 1):
        first = bracket.first_number(round_number)
        count = len(bracket.slots) >> round_number
        for number in range(first, first + count):
            match = bracket.match(number)
            if match.is_bye:
                continue
            roll = rng.random()
            pick = rng.choice([p for p in match.players if p is not None])
            entry = {"draw": True} if roll < 0.1 else {"winner": pick}
            if entry.get("draw") and bracket.draw_rule == "named":
                entry["advances"] = pick
            _state, bracket = top.enter_result(service, slug, number, constant(entry),
                                               DEMO_ACTOR)
        done += 1
        if progress:
            progress(f"TOP round {round_number}", done, total)
    return service.load(slug)
