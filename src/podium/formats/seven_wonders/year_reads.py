"""What people read of a 7 Wonders year: its declared views (:mod:`podium.core.reads`).

The year is a ``series`` event whose members are the seasons, so these views are declared for
series events (``on_formats=("series",)``) and shown on a series formed as a year (its seasons
recorded with the sign-ups or the season before: :func:`year_shown`). The seasons come from
``call.source.members()``; a member that is not a 7 Wonders season is refused by name.

The series' own pages show the first of them, the year (``seven-wonders.year``: the year
table with the site-currency column, the seasons, the last season's leagues, what is due, the
survival battles, the Legendary League), as its overview, and the path
(``seven-wonders.path``) as a player's page (:mod:`podium.formats.series.reads`). On the
command line they stand in the 7 Wonders group: ``podium sw year YEAR [--csv F --html F]``,
``podium sw path YEAR PLAYER``, ``sw year-table``, ``sw year-due``, ``sw survival``, ``sw
legendary``.
"""

from __future__ import annotations

from typing import Any

from podium.core import inputs
from podium.core.commands import Param
from podium.core.errors import Conflict
from podium.core.model import EventState
from podium.core.reads import Member, ViewCall, ViewSpec
from podium.core.series import Ledger, ledger
from podium.core.series import Member as Entry
from podium.core.series import book_of as series_book
from podium.core.values import Tables, TableValue
from podium.core.views import N_, TableView
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.rules import FORMAT
from podium.formats.seven_wonders.year_views import (
    due_view,
    leagues_view,
    legendary_views,
    path_steps,
    path_view,
    seasons_view,
    survival_view,
    year_tables,
    year_view,
)

SERIES = ("series",)


def year_shown(state: EventState) -> bool:
    """A series formed as a 7 Wonders year: its seasons recorded with the sign-ups or the
    season before (what the year's commands store)."""
    return any("signups" in m.basis or "previous" in m.basis
               for m in series_book(state).members)


def year_example(state: EventState) -> dict[str, str] | None:
    return {} if year_shown(state) else None


# -- the year's seasons ---------------------------------------------------------------------------
def seasons(call: ViewCall) -> list[Member]:
    """The year's seasons in order; a member of another format is refused (rule W7-1: a year
    is a series of seasons)."""
    found = call.source.members()
    for member in found:
        if member.ruleset.name != FORMAT:
            raise Conflict(N_("event %(slug)s is a %(format)s event, not a 7 Wonders season"),
                           code=codes.YEAR_NOT_SEASON, field="event", slug=member.slug,
                           format=member.ruleset.name)
    return found


def year_ledger(call: ViewCall, members: list[Member]) -> Ledger:
    """Rule W7-1: each player's points in each season (the season's total), summed."""
    best = call.state.settings.get("best") or None
    return ledger([Entry(m.slug, m.label, 0) for m in members],
                  [m.ruleset.series_points(m.state) for m in members], best)


def last(members: list[Member]) -> EventState | None:
    return members[-1].state if members else None


# -- the views ------------------------------------------------------------------------------------
def read_year(call: ViewCall) -> list[TableView]:
    """The year table first (rule W7-1), the seasons with their status, the last season's
    leagues, what is due, the survival battles and the Legendary League."""
    members = seasons(call)
    states = [m.state for m in members]
    first, *rest = year_tables(year_ledger(call, members), states, call.source.now())
    shown = [first, seasons_view([(m.label, m.slug) for m in members], states)]
    if members:
        shown.append(leagues_view(members[-1].state))
    return [*shown, *rest]


def read_year_table(call: ViewCall) -> TableView:
    members = seasons(call)
    return year_view(year_ledger(call, members))


def read_due(call: ViewCall) -> TableView:
    return due_view([m.state for m in seasons(call)], call.source.now())


def read_survival(call: ViewCall) -> TableView:
    """The survival battles kept in the last season (rule W7-14); none drawn: no rows."""
    return survival_view(last(seasons(call)))


def read_legendary(call: ViewCall) -> list[TableView]:
    state = last(seasons(call))
    return [] if state is None else legendary_views(state, call.source.now())


def read_path(call: ViewCall) -> TableView:
    """Rule W7-1: a player's league, place and points in each season of the year."""
    members = seasons(call)
    name = call["name"]
    return path_view(name, path_steps(year_ledger(call, members), [m.state for m in members],
                                      name))


def path_example(state: EventState) -> dict[str, str] | None:
    """The first sign-up: always in the starting season (rule W7-4)."""
    for member in series_book(state).members:
        signups = member.basis.get("signups") or []
        if signups:
            return {"name": str(signups[0]["name"])}
    return None


YEAR: ViewSpec[Any] = ViewSpec(
    "seven-wonders.year", N_("The year"), read_year, Tables,
    help=N_("The year table with the site-currency column (rule W7-1), its seasons, the last "
            "season's leagues, what is due, the survival battles and the Legendary League; "
            "--csv / --html write the year table."),
    on_formats=SERIES, shown=year_shown, cli="year", example=year_example)

PATH: ViewSpec[Any] = ViewSpec(
    "seven-wonders.path", N_("A player's path"), read_path, TableValue,
    params=(Param("name", inputs.Text(200, non_empty=True), N_("the player's name"),
                  required=True, argument=True, label=N_("Player")),),
    help=N_("A player's path through the year's leagues and their points per season (rule "
            "W7-1)."),
    on_formats=SERIES, shown=year_shown, cli="path", example=path_example)

YEAR_TABLE: ViewSpec[Any] = ViewSpec(
    "seven-wonders.year-table", N_("Year table"), read_year_table, TableValue,
    help=N_("Each player's points in each season, the total and the same total in the site's "
            "currency (rule W7-1)."),
    on_formats=SERIES, shown=year_shown, cli="year-table", example=year_example)

DUE: ViewSpec[Any] = ViewSpec(
    "seven-wonders.year-due", N_("What is due"), read_due, TableValue,
    help=N_("What the year waits for: the last season's games or special matches, the "
            "survival battles, the next season, the Legendary League (rules W7-2, W7-14, "
            "W7-31 .. W7-34)."),
    on_formats=SERIES, shown=lambda state: year_shown(state) or not series_book(state).members,
    cli="year-due", example=year_example, now=True)

SURVIVAL: ViewSpec[Any] = ViewSpec(
    "seven-wonders.survival", N_("Survival battles"), read_survival, TableValue,
    help=N_("The survival battles before the next season: each match's players, its "
            "qualifying places and who qualified (rules W7-14, W7-23, W7-29)."),
    on_formats=SERIES, shown=year_shown, cli="survival", example=year_example)

LEGENDARY: ViewSpec[Any] = ViewSpec(
    "seven-wonders.legendary", N_("Legendary League"), read_legendary, Tables,
    help=N_("The Legendary League: each place's holders and answers, the final's places and "
            "why each player was picked (rules W7-31 .. W7-34)."),
    on_formats=SERIES, shown=year_shown, cli="legendary", example=year_example)

#: The year first (the series' overview shows it), the path next (its player's page).
YEAR_VIEWS: tuple[ViewSpec[Any], ...] = (YEAR, PATH, YEAR_TABLE, DUE, SURVIVAL, LEGENDARY)

__all__ = ["YEAR_VIEWS", "year_shown"]
