"""A simulated Berserk event for the quick start and demos: ``podium demo berserk``, declared
(:class:`podium.core.demos.DemoSpec`) and served by the command line's generated command.

The players are drawn into draft tables (rules BRK-6, BRK-10), play the table rounds with
seeded results, then the TOP (rules BRK-1 .. BRK-5), every step through the same use cases as
an organiser's commands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from podium.core import codes, inputs
from podium.core.bracket import round_name
from podium.core.commands import Param, Progress
from podium.core.demos import DemoCall, DemoSpec, Stored, Written
from podium.core.errors import Conflict, InvalidInput
from podium.core.messages import M
from podium.core.rng import rng_for
from podium.core.top_view import bracket_table
from podium.core.views import N_
from podium.formats.berserk.commands import berserk_of, split_tables
from podium.formats.berserk.rules import BERSERK
from podium.pairing.duel import split_sizes
from podium.service import top
from podium.service.bracket_html import bracket_html
from podium.service.events import EventService, LoadedEvent
from podium.service.kernel_views import standings_table
from podium.store.repository import EventRepository

DEMO_ACTOR = "demo"


def constant(entry: dict[str, Any]) -> Callable[[Any], dict[str, Any]]:
    """An entry builder that gives ``entry`` whatever the state."""
    return lambda _state: entry


def demo_slug(players: int, tables: int, top_size: int, seed: int) -> str:
    return f"demo-berserk-{players}-{tables}-{top_size}-{seed}"


def run_berserk_demo(service: EventService, players: int, tables: int, top_size: int,
                     seed: int, settings: dict[str, Any] | None = None,
                     progress: Progress | None = None, name: str | None = None) -> LoadedEvent:
    """Create (or re-create) the demo event, split it, play the table rounds and the TOP."""
    if top_size > players:
        raise InvalidInput(
            "a TOP of %(top_size)s is larger than the %(players)s players", code=codes.TOP_SIZE,
            field="top", top_size=top_size, players=players)
    chosen = {"tables": tables, "top_size": top_size, **(settings or {})}
    try:  # check everything before anything is stored
        parsed = BERSERK.parse_settings(chosen)
    except InvalidInput as error:
        raise error.at("settings") from None
    try:
        split_sizes(players, tables, parsed.min_table, parsed.max_table)  # rule BRK-10
    except InvalidInput as error:
        raise error.at("tables") from None
    slug = demo_slug(players, tables, top_size, seed)
    with service.db.session() as session:
        repo = EventRepository(session)
        old = repo.find(slug)
        if old is not None:
            repo.delete(old.id)
    service.create_event(slug, name or f"Demo Berserk, {players} players at {tables} tables",
                         "berserk", chosen, DEMO_ACTOR, seed)
    width = len(str(players))
    service.add_players(slug, [f"Player {i:0{width}d}" for i in range(1, players + 1)],
                        DEMO_ACTOR)
    split_tables(service, slug, DEMO_ACTOR)
    rng = rng_for(seed, "demo-results")
    loaded = service.load(slug)
    ruleset = berserk_of(loaded)
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
            progress(M("Round %(n)s", n=rnd.number), done, total)
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
            progress(round_name(round_number, bracket.rounds), done, total)
    return service.load(slug)


def run(call: DemoCall) -> Iterator[Any]:
    """Each draft table's standings with the command line's columns, the TOP's bracket (and
    its printable page when asked), where the event is."""
    loaded = run_berserk_demo(call.service, call["players"], call["tables"], call["top"],
                              call["seed"], call.get("settings", {}), call.progress,
                              call.named(M("Demo Berserk, %(n)s players at %(tables)s tables",
                                           n=call["players"], tables=call["tables"])))
    state = loaded.state
    after = len(state.rounds)
    for number, standings in berserk_of(loaded).table_standings(state):
        yield standings_table(state, standings, after, M("Draft table %(n)s", n=number))
    state, bracket = top.load_top(call.service, state.slug)
    yield bracket_table(state, bracket)
    if call.get("html"):
        yield Written(call["html"], bracket_html(state, bracket))
    yield Stored(state.slug, M("try `podium top show %(slug)s --html top.html`.",
                               slug=state.slug))


DEMO = DemoSpec(
    "berserk",
    N_("Simulate a Berserk event: draft tables, duel rounds, then the TOP; print the bracket"),
    run,
    params=(
        Param("players", inputs.Integer(4), N_("How many players."), default=40),
        Param("tables", inputs.Integer(1), N_("How many draft tables."), default=4),
        Param("top", inputs.Integer(2), N_("The TOP's size."), default=16),
        Param("seed", inputs.Integer(0), N_("The seed of the random draws."), default=1),
        Param("html", inputs.Text(4096, non_empty=True),
              N_("Also write the printable HTML bracket to this file.")),
        Param("settings", inputs.Assignments(), N_("A berserk setting, e.g. top_draw=named."),
              cli="--set"),
    ),
)
