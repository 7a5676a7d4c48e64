"""The kernel's declared views: the reads every event has (its record, players, rounds,
standings, log, codes...), declared once like the kernel's commands (:mod:`.kernel`) and
served by the same generic reader on every surface (:mod:`podium.core.reads`).

Each answers with a typed value (the dataclasses below, :mod:`podium.core.values`), from which
the API's schema is generated. Texts are messages (English in JSON, the page's or the run's
language elsewhere); numbers that may be fractions are :class:`~podium.core.values.Exact`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from podium.core import codes, inputs, phases
from podium.core.commands import ORGANISER, Param
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.messages import M
from podium.core.reads import ViewCall, ViewSpec
from podium.core.values import (
    Exact,
    PlayerRef,
    Tables,
    TableValue,
    exact_or_none,
    player_ref,
    text,
)
from podium.core.views import N_, TableView, standings_view

if TYPE_CHECKING:
    from podium.core.log import Action
    from podium.core.model import EventState, Round, Table
    from podium.core.standings import Standings

SettingValue = str | int | bool | list[str] | list[int] | None


# -- values ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class EventValue:
    """An event: who, what format, its settings as stored, where it stands."""

    slug: str
    name: str
    format: str
    created_at: datetime
    settings: dict[str, SettingValue]
    seed: int
    players: int
    active_players: int
    rounds: int
    phase: str
    phase_title: str
    complete: bool
    champion: PlayerRef | None
    warnings: list[str]
    date: str | None = None
    venue: str = ""
    archived: bool = False


@dataclass(frozen=True)
class PlayerValue:
    id: int
    name: str
    joined_round: int
    dropped: bool
    drop_reason: str
    group: str = ""


@dataclass(frozen=True)
class PlayersPage:
    items: list[PlayerValue]
    total: int
    offset: int
    limit: int


@dataclass(frozen=True)
class OutcomeValue:
    """What one game gave one player: exact points, the place (1 is best), won or drew, the
    elimination order where the format uses one (1 is first out; players out together share
    the average), a note."""

    player: int
    points: Exact
    place: int
    won: bool
    drew: bool
    order: Exact | None
    note: str


@dataclass(frozen=True)
class ResultValue:
    """A table's result: the entry as stored (the format's JSON, as text), the outcomes, and
    whether it was corrected."""

    entry: str
    outcomes: list[OutcomeValue]
    corrected: bool
    described: str = ""
    #: The action that last changed this result: sent back as ``expect`` (``If-Match``) with
    #: a correction, which is refused if the result changed since.
    version: int = 0


@dataclass(frozen=True)
class SeatLineValue:
    """A seat as the pairing saw it: the player's rank and points before the round."""

    seat: int
    player: int
    rank: int
    points: Exact


@dataclass(frozen=True)
class RepeatValue:
    """Two players who met before, and the rounds they met in."""

    players: list[int]
    rounds: list[int]


@dataclass(frozen=True)
class RoundTableValue:
    number: int
    seats: list[int]
    names: list[str]
    result: ResultValue | None
    lines: list[SeatLineValue] = field(default_factory=list)
    repeats: list[RepeatValue] = field(default_factory=list)
    size_note: str = ""


@dataclass(frozen=True)
class ByeValue:
    player: int
    name: str
    points: Exact
    reason: str
    order: Exact | None = None
    rank: int | None = None
    points_before: Exact | None = None


@dataclass(frozen=True)
class RoundValue:
    """A paired round: its tables in turn order with their results, its byes, the notes of
    its pairing, the tables still playing; with ``explain``, each seat's rank and points
    before the round and the repeats (the pairing's explanation)."""

    number: int
    stage: str
    stage_title: str
    complete: bool
    tables: list[RoundTableValue]
    byes: list[ByeValue]
    notes: list[str]
    missing: list[int]
    current: bool = False
    clock: str = ""
    #: The action that last changed the round (its tables, byes or a result; also its
    #: ETag on the API): sent back as ``expect`` with a hand edit or a correction.
    version: int = 0


@dataclass(frozen=True)
class RoundsPage:
    items: list[RoundValue]
    total: int
    offset: int
    limit: int


@dataclass(frozen=True)
class ActionValue:
    """One action of the log: who, when (UTC), what, why; ``details`` says it for people,
    ``payload`` is the stored JSON as text."""

    seq: int
    kind: str
    actor: str
    at: datetime
    reason: str
    details: str
    payload: str


@dataclass(frozen=True)
class LogPage:
    items: list[ActionValue]
    total: int
    offset: int
    limit: int


@dataclass(frozen=True)
class CodeValue:
    player: int
    name: str
    code: str


@dataclass(frozen=True)
class CodesValue:
    items: list[CodeValue]
    total: int


@dataclass(frozen=True)
class CommandValue:
    """A command the event's format can run (``POST .../commands/{name}``): its title, who may
    run it and whether it applies to the event as it stands."""

    name: str
    title: str
    role: str
    applies: bool


@dataclass(frozen=True)
class CommandsValue:
    items: list[CommandValue]
    total: int


@dataclass(frozen=True)
class ViewValue:
    """A view the event has (``GET .../views/{name}``): its title and who may read it."""

    name: str
    title: str
    role: str


@dataclass(frozen=True)
class ViewsValue:
    items: list[ViewValue]
    total: int


# -- helpers -----------------------------------------------------------------------------------
def _paging(call: ViewCall) -> tuple[int, int | None]:
    """The page asked for: from row ``offset``, ``limit`` rows (None: to the end; the API
    always asks for a page, :data:`podium.core.reads.PAGE_LIMIT` rows by default)."""
    limit = call.get("limit")
    return int(call.get("offset", 0)), None if limit is None else int(limit)


def _page(items: list[Any], offset: int, limit: int | None) -> list[Any]:
    return items[offset:] if limit is None else items[offset:offset + limit]


def event_value(call: ViewCall) -> EventValue:
    state, ruleset = call.state, call.ruleset
    now = phases.status(state, ruleset)
    champion = player_ref(state, now.champion) if now.champion in state.players else None
    return EventValue(
        slug=call.slug, name=state.name or call.slug, format=ruleset.name,
        created_at=call.source.created_at(),
        settings=ruleset.settings_to_json(state.settings), seed=state.seed,
        players=len(state.players), active_players=len(state.active_players()),
        rounds=len(state.rounds), phase=now.phase.key, phase_title=M(now.phase.title),
        complete=now.complete, champion=champion,
        warnings=list(ruleset.warnings(state)), date=state.date, venue=state.venue,
        archived=state.archived)


def player_value(state: EventState, pid: int) -> PlayerValue:
    p = state.players[pid]
    return PlayerValue(p.id, p.name, p.joined_round, p.dropped, p.drop_reason, p.group)


def players_page(call: ViewCall) -> PlayersPage:
    offset, limit = _paging(call)
    players = list(call.state.players.values())
    shown = _page(players, offset, limit)
    return PlayersPage([player_value(call.state, p.id) for p in shown], len(players), offset,
                       len(shown) if limit is None else limit)


def result_value(state: EventState, ruleset: Any, result: Any, version: int = 0
                 ) -> ResultValue:
    entry = ruleset.result_entry()
    described = (entry.describe(state, result)
                 if entry is not None and entry.describe is not None else "")
    return ResultValue(
        entry=json.dumps(result.entry, ensure_ascii=False, sort_keys=True),
        outcomes=[OutcomeValue(o.player, Exact.of(o.points), o.place, o.won, o.drew,
                               exact_or_none(o.order), text(o.note))
                  for o in result.outcomes],
        corrected=result.corrected, described=described, version=version)


def table_value_of(state: EventState, ruleset: Any, rnd: Round, table: Table
                   ) -> RoundTableValue:
    result = rnd.results.get(table.number)
    return RoundTableValue(
        number=table.number, seats=list(table.seats),
        names=[state.players[p].name for p in table.seats],
        result=None if result is None else result_value(state, ruleset, result,
                                                        rnd.result_version(table.number)))


def round_value(call: ViewCall, rnd: Round, explain: bool = False) -> RoundValue:
    """A round as its typed value; ``explain``: with the pairing's explanation (the standings
    before the round: the cost of a ranking, so only when asked)."""
    state, ruleset = call.state, call.ruleset
    titles = {p.key: p.title for p in phases.declared(state, ruleset)}
    tables = [table_value_of(state, ruleset, rnd, t) for t in rnd.tables]
    byes = [ByeValue(b.player, state.players[b.player].name, Exact.of(b.points), text(b.reason),
                     exact_or_none(b.order)) for b in rnd.byes]
    if explain:
        tables, byes = _explained(call, rnd, tables, byes)
    current = rnd is state.current_round
    clock = ""
    if current:
        from podium.service.clock_line import now_view, status_line

        line = status_line(now_view(state, call.source.now()))
        clock = line if line is not None else ""
    return RoundValue(
        number=rnd.number, stage=rnd.stage, stage_title=M(titles.get(rnd.stage, rnd.stage)),
        complete=rnd.complete, tables=tables, byes=byes,
        notes=[text(n) if not isinstance(n, str) else n for n in rnd.notes],
        missing=list(rnd.missing), current=current, clock=clock, version=rnd.version)


def _explained(call: ViewCall, rnd: Round, tables: list[RoundTableValue],
               byes: list[ByeValue]) -> tuple[list[RoundTableValue], list[ByeValue]]:
    from dataclasses import replace

    from podium.core.explain import explain_round

    state = call.state
    before = call.ruleset.standings(state, rnd.number - 1)
    explanation = explain_round(state, rnd.number, rnd.stage, [t.seats for t in rnd.tables],
                                [(b.player, b.reason) for b in rnd.byes], rnd.notes, before)
    pods = {pod.number: pod for pod in explanation.tables}
    out = []
    for table in tables:
        pod = pods.get(table.number)
        if pod is None:
            out.append(table)
            continue
        out.append(replace(
            table, size_note=pod.size_note or "",
            lines=[SeatLineValue(line.seat, line.player, line.rank, Exact.of(line.points))
                   for line in pod.seats],
            repeats=[RepeatValue(list(r.players), list(r.rounds)) for r in pod.repeats]))
    lines = {line.player: line for line, _reason in explanation.byes}
    byes = [replace(b, rank=lines[b.player].rank, points_before=Exact.of(lines[b.player].points))
            if b.player in lines else b for b in byes]
    return out, byes


def _round_number(call: ViewCall) -> Round:
    state = call.state
    paired = len(state.rounds)
    number = call.get("round")
    if number is None:
        if not paired:
            raise Conflict(N_("no round has been paired"), code=codes.ROUND_NONE)
        number = paired
    if not 1 <= number <= paired:
        raise NotFound(N_("no round %(round)s; rounds paired: %(paired)s"),
                       code=codes.ROUND_UNKNOWN, field="round", round=number, paired=paired)
    return state.round(number)


def read_round(call: ViewCall) -> RoundValue:
    return round_value(call, _round_number(call), bool(call.get("explain", False)))


def rounds_page(call: ViewCall) -> RoundsPage:
    offset, limit = _paging(call)
    rounds = call.state.rounds
    shown = _page(rounds, offset, limit)
    return RoundsPage([round_value(call, r) for r in shown], len(rounds), offset,
                      len(shown) if limit is None else limit)


class StandingsTable(TableView):
    """The standings of a round-based event as a table view, keeping the ranking it was made
    from and the event (the command line prints its own columns from them) and the round it
    stands after."""

    standings: Standings
    state: EventState
    after: int


def standings_table(state: EventState, standings: Standings, after: int,
                    title: str = "") -> StandingsTable:
    view = standings_view(state, standings, title=title)
    out = StandingsTable(view.key, view.title, view.columns, view.rows, view.title_args,
                         view.notes)
    object.__setattr__(out, "standings", standings)
    object.__setattr__(out, "state", state)
    object.__setattr__(out, "after", after)
    return out


def read_standings(call: ViewCall) -> TableView:
    """The standings (after ``round``), or one public table by its key (a stage, the total,
    a draft table)."""
    state, ruleset = call.state, call.ruleset
    key, through = call.get("table"), call.get("round")
    if through is not None and not ruleset.capabilities.rounds:
        raise InvalidInput(N_("a %(format)s event has no rounds: ask for one of its tables"),
                           code=codes.CAPABILITY_ROUNDS, field="round", format=ruleset.name)
    if key is None and ruleset.capabilities.rounds:
        paired = len(state.rounds)
        if through is not None and not 0 <= through <= paired:
            raise NotFound(N_("no round %(round)s; rounds paired: %(paired)s"),
                           code=codes.ROUND_UNKNOWN, field="round", round=through,
                           paired=paired)
        if ruleset.main_table_key(state) == "standings" or through is not None:
            after = paired if through is None else through
            return standings_table(state, ruleset.standings(state, through), after)
    key = key or ruleset.main_table_key(state)
    view = ruleset.table(state, key)
    if view is None:
        known = [k for k, _title, _args in ruleset.table_keys(state)]
        raise NotFound(N_("no table %(key)r; tables: %(known)s"), code=codes.VIEW_UNKNOWN,
                       field="table", key=key, known=", ".join(known))
    return view


def read_tables(call: ViewCall) -> list[TableView]:
    return list(call.ruleset.tables(call.state))


def action_value(state: EventState, ruleset: Any, action: Action) -> ActionValue:
    from podium.service.logtext import describe

    return ActionValue(action.seq, action.kind, action.actor, action.at, text(action.reason),
                       describe(state, action, "en", ruleset),
                       json.dumps(action.payload, ensure_ascii=False, sort_keys=True))


def log_page(call: ViewCall) -> LogPage:
    offset, limit = _paging(call)
    actions, total = call.source.log(offset, limit)
    return LogPage([action_value(call.state, call.ruleset, a) for a in actions], total, offset,
                   len(actions) if limit is None else limit)


def read_codes(call: ViewCall) -> CodesValue:
    state = call.state
    found = [CodeValue(pid, state.players[pid].name, code)
             for pid, code in sorted(call.source.codes().items()) if pid in state.players]
    return CodesValue(found, len(found))


def read_commands(call: ViewCall) -> CommandsValue:
    from podium.core.commands import API

    specs = call.source.extra("commands")
    items = [CommandValue(s.name, M(s.title), s.role, s.visible(call.state))
             for s in specs if s.on(API)]
    return CommandsValue(items, len(items))


def read_views(call: ViewCall) -> ViewsValue:
    from podium.core.commands import API

    specs = call.source.extra("views")
    items = [ViewValue(s.name, M(s.title), s.role) for s in specs if s.on(API)]
    return ViewsValue(items, len(items))


# -- declarations ------------------------------------------------------------------------------
ROUND = Param("round", inputs.Integer(), N_("the round (default: the last)"),
              argument=True, label=N_("Round"))
EXPLAIN = Param("explain", inputs.YesNo(), N_("with each seat's rank and points before the "
                                               "round, and the repeats"),
                label=N_("Explain"))
THROUGH = Param("round", inputs.Integer(), N_("standings after this round"),
                label=N_("After round"))
TABLE_KEY = Param("table", inputs.Text(40, non_empty=True),
                  N_("one public table by its key (e.g. stage-2, total, table-1)"),
                  label=N_("Table"))


def _has_rounds(state: EventState) -> bool:
    return bool(state.rounds)


def kernel_views() -> list[ViewSpec[Any]]:
    from podium.service import kernel_shows as shows
    from podium.service.person_link import person_views

    return [
        ViewSpec("event", N_("The event"), event_value, EventValue, show=shows.show_event,
                 help=N_("Settings and progress of an event."), cli="show",
                 shared=("event", "show"), example=lambda state: {}),
        ViewSpec("players", N_("Players"), players_page, PlayersPage, paged=True,
                 show=shows.show_players,
                 help=N_("The registered players."), shared=("player", "list"),
                 example=lambda state: {}),
        ViewSpec("rounds", N_("Rounds"), rounds_page, RoundsPage, paged=True,
                 show=shows.show_rounds,
                 capability="rounds", help=N_("Every round paired, with its results."),
                 example=lambda state: {}),
        ViewSpec("round", N_("Round"), read_round, RoundValue, params=(ROUND, EXPLAIN),
                 show=shows.show_round,
                 capability="rounds", shown=_has_rounds, shared=("round", "show"),
                 help=N_("Pairings with their explanation, and the results entered so far."),
                 example=lambda state: {"round": str(len(state.rounds))}
                 if state.rounds else None),
        ViewSpec("standings", N_("Standings"), read_standings, TableValue,
                 params=(THROUGH, TABLE_KEY), paged=True, shared=("", "standings"),
                 help=N_("Standings with every tiebreak column, or one public table (a "
                         "stage, the total)."),
                 example=lambda state: {}),
        ViewSpec("tables", N_("Public tables"), read_tables, Tables,
                 help=N_("Every public table of the event (standings and any others)."),
                 example=lambda state: {}),
        ViewSpec("log", N_("Log"), log_page, LogPage, role=ORGANISER, paged=True,
                 help=N_("The event's action log: who did what, when, and why."),
                 shared=("", "log"), example=lambda state: {}),
        ViewSpec("codes", N_("Player codes"), read_codes, CodesValue, role=ORGANISER,
                 show=shows.show_codes,
                 help=N_("Every player's self-report code (new players get theirs now)."),
                 shared=("", "codes"), example=lambda state: {}),
        ViewSpec("commands", N_("Commands"), read_commands, CommandsValue,
                 show=shows.show_commands,
                 help=N_("What the event's format can run, and whether each applies now."),
                 example=lambda state: {}),
        ViewSpec("views", N_("Views"), read_views, ViewsValue, show=shows.show_views,
                 help=N_("What can be read of the event."), example=lambda state: {}),
        *person_views(),
        *_signup_views(),
        *_odds_views(),
    ]


def _odds_views() -> list[ViewSpec[Any]]:
    from podium.service.odds import odds_views  # chances and what a player needs

    return odds_views()


def _signup_views() -> list[ViewSpec[Any]]:
    from podium.service.signup_views import signup_views  # sign-up and check-in

    return signup_views()


__all__ = [
    "ActionValue", "ByeValue", "CodeValue", "CodesValue", "CommandValue", "CommandsValue",
    "EventValue", "LogPage", "OutcomeValue", "PlayerValue", "PlayersPage", "ResultValue",
    "RoundTableValue", "RoundValue", "RoundsPage", "StandingsTable", "ViewValue",
    "ViewsValue", "kernel_views", "round_value", "standings_table",
]
