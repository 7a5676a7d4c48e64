"""What people read of a series: its declared views (:mod:`podium.core.reads`).

A series shows what its members' format says of a series of its events, when the members share
one and that format declares views for series events (``on_formats=("series",)``) shown on
this series: its overview is the first of them that needs no parameter (a 7 Wonders year's
dashboard: the year table, the seasons, what is due, the survival battles, the Legendary
League), a player's page the first that takes a player's ``name`` (the year's path through the
leagues). Otherwise the series shows its own: the ledger (a column of points per member, the
total over each player's best N members) and each player's points per member. No format is
named here: the members and their formats come from ``call.source.members()``.

- ``series.overview`` (the series' public page, ``/e/{slug}/p/overview``): its tables, the
  series' table first (its CSV and HTML at ``/e/{slug}/v/series.overview.csv|html``);
- ``series.table`` (``podium series table SERIES --best N``): the ledger;
- ``series.player`` (``/e/{slug}/p/player?name=...``, where the tables' names link): a
  player's history.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from podium.core import codes, inputs, phases
from podium.core.commands import ANYONE, Param
from podium.core.errors import NotFound
from podium.core.messages import M, Message
from podium.core.reads import Member, ViewCall, ViewSpec
from podium.core.series import Ledger, ledger
from podium.core.series import Member as Entry
from podium.core.values import Tables, TableValue
from podium.core.views import N_, Cell, Column, TableView

#: The parameter of a player's page (``?name=``, where the public tables link a player's name).
NAME = "name"


# -- what the members' format says of a series of its events ------------------------------------
def members_format_views(call: ViewCall, members: Sequence[Member]) -> list[ViewSpec[Any]]:
    """The views the members' format declares for a series of its events and shows on this
    one (read by anyone); none when the members are of several formats, or there is none."""
    formats = {m.ruleset.name for m in members}
    if len(formats) != 1:
        return []
    return [v for v in members[0].ruleset.views()
            if "series" in v.on_formats and v.role == ANYONE and v.visible(call.state)]


def spoken(call: ViewCall, spec: ViewSpec[Any], values: dict[str, Any]) -> Any:
    """``spec`` read on the series as the caller asked this view (its own parameters given)."""
    defaults = {p.name: p.default for p in spec.params}
    return spec.read(ViewCall(call.slug, {**defaults, **values}, call.caller, call.state,
                              call.ruleset, call.source))


def needs_nothing(spec: ViewSpec[Any]) -> bool:
    return not any(p.required for p in spec.params)


def takes_a_name(spec: ViewSpec[Any]) -> bool:
    param = spec.param(NAME)
    return param is not None and not any(p.required for p in spec.params if p.name != NAME)


# -- the ledger ---------------------------------------------------------------------------------
def series_ledger(call: ViewCall, members: Sequence[Member], best: int | None) -> Ledger:
    """The series' ledger from each member's format (``Ruleset.series_points``), counting each
    player's best ``best`` members (None: the series' setting, else all of them)."""
    if best is None:
        best = call.state.settings.get("best") or None
    entries = [Entry(m.slug, m.label, 0) for m in members]
    return ledger(entries, [m.ruleset.series_points(m.state) for m in members], best)


def ledger_view(table: Ledger) -> TableView:
    """The ledger: a player's place, their points in each member and their total. With best-N
    scoring a member's points beyond a player's best are shown in parentheses, not counted."""
    columns = [Column("rank", N_("Place"), numeric=True), Column("player", N_("Player"))]
    columns += [Column(f"m{i}", m.label, numeric=True) for i, m in enumerate(table.members)]
    columns.append(Column("total", N_("Total"), numeric=True))
    rows = []
    for rank, row in enumerate(table.rows, start=1):
        cells: dict[str, Cell] = {"rank": rank, "player": row.player, "total": row.total}
        for i, (points, counted) in enumerate(zip(row.points, row.counted, strict=True)):
            cells[f"m{i}"] = points if points is None or counted else f"({points})"
        rows.append(cells)
    left_out = any(p is not None and not c for row in table.rows
                   for p, c in zip(row.points, row.counted, strict=True))
    notes = (N_("In parentheses: points beyond a player's best members, not counted."),) \
        if left_out else ()
    return TableView("series", N_("Series table"), tuple(columns), tuple(rows), notes=notes)


def members_view(members: Sequence[Member]) -> TableView:
    """The members in order with their status; each row keeps its event's address
    (``member``) for the page's link."""
    rows = []
    for member in members:
        status = phases.status(member.state, member.ruleset)
        done = (M("complete") if status.complete else
                M("playing: %(phase)s", phase=Message(status.phase.title)))
        rows.append({"label": member.label, "event": member.slug, "status": done,
                     "member": member.slug})
    return TableView("members", N_("Members"), (
        Column("label", N_("Event")), Column("event", N_("Event id")),
        Column("status", N_("Status"))), tuple(rows))


def groups_view(members: Sequence[Member]) -> TableView | None:
    """The last member's divisions (groups, leagues) with their players."""
    if not members or not members[-1].state.divisions:
        return None
    state = members[-1].state
    rows = tuple({"group": d.name, "players": ", ".join(state.players[p].name
                                                          for p in d.members)}
                 for d in state.divisions.values())
    return TableView("groups", N_("The last member's groups"), (
        Column("group", N_("Group")), Column("players", N_("Players"))), rows)


# -- the views ----------------------------------------------------------------------------------
def read_overview(call: ViewCall) -> list[TableView]:
    """The series' tables, its table first: what the members' format shows of it, else the
    ledger, the members and the last member's groups."""
    members = call.source.members()
    speaking = [v for v in members_format_views(call, members) if needs_nothing(v)]
    if speaking:
        found = spoken(call, speaking[0], {})
        return [found] if isinstance(found, TableView) else list(found)
    groups = groups_view(members)
    return [ledger_view(series_ledger(call, members, None)), members_view(members),
            *([groups] if groups is not None else [])]


def read_table(call: ViewCall) -> TableView:
    """The ledger, counting each player's best N members (``best``; default the series'
    setting)."""
    members = call.source.members()
    return ledger_view(series_ledger(call, members, call.get("best")))


def read_player(call: ViewCall) -> TableView:
    """A player's way through the series: the members' format's page of a player when it has
    one (a 7 Wonders year: the path through the leagues), else their points in each member."""
    name = call.get(NAME)
    if not name:  # the page's address without a player (a tab's own address)
        raise NotFound(N_("name a player of the series to see their way through it"),
                       code=codes.SERIES_PLAYER, field=NAME)
    members = call.source.members()
    speaking = [v for v in members_format_views(call, members) if takes_a_name(v)]
    if speaking:
        found: TableView = spoken(call, speaking[0], {NAME: name})
        return found
    row = series_ledger(call, members, None).row(name)
    if row is None or all(points is None for points in row.points):
        raise NotFound(N_("%(name)s played no event of the series"), code=codes.SERIES_PLAYER,
                       field=NAME, name=name)
    rows = tuple({"event": m.label, "points": p, "member": m.slug}
                 for m, p in zip(members, row.points, strict=True))
    return TableView("history", N_("History of {player}"), (
        Column("event", N_("Event")), Column("points", N_("Points"), numeric=True)),
        rows, {"player": name})


OVERVIEW: ViewSpec[Any] = ViewSpec(
    "series.overview", N_("Overview"), read_overview, Tables,
    help=N_("The series' table (its members' format's, else the ledger), its members and what "
            "its members' format shows of it."),
    tab=True, template="formats/series_overview.html", example=lambda state: {})

TABLE: ViewSpec[Any] = ViewSpec(
    "series.table", N_("Series table"), read_table, TableValue,
    params=(Param("best", inputs.Integer(1, 1000),
                  N_("count each player's best N members (default: the series' setting)"),
                  label=N_("Best")),),
    help=N_("The ledger: each player's points in each member and the total."),
    example=lambda state: {})

PLAYER: ViewSpec[Any] = ViewSpec(
    "series.player", N_("A player's history"), read_player, TableValue,
    params=(Param(NAME, inputs.Text(200, non_empty=True), N_("the player's name"),
                  argument=True, label=N_("Player")),),
    help=N_("A player's way through the series: their points in each member, or what the "
            "members' format shows (a 7 Wonders year: the path through the leagues)."),
    # a page of its own, where the tables' names link, never listed among the tabs
    tab=True, shown=lambda state: False, template="formats/series_player.html")

SERIES_VIEWS: tuple[ViewSpec[Any], ...] = (OVERVIEW, TABLE, PLAYER)

__all__ = ["NAME", "SERIES_VIEWS", "ledger_view", "members_view", "read_overview",
           "read_player", "read_table"]
