"""The W7 year on the command line (rules W7-1, W7-4 .. W7-15, W7-23, W7-29 .. W7-35).

The year's commands are declared (:mod:`.year_declared`) and the generic adapter serves them
(``podium sw start-year|next-season|survival-draw|survival-game|legendary-select|
legendary-answer|legendary-game``); this module holds their printing (``render``: each
answer's tables, every decision explained, in ``--lang``), the year's reading commands
(``sw year``: the dashboard, ``sw path``: a player's path) and the year's demo. No use case
lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from podium.cli.base import Context, console, guarded, pass_ctx
from podium.cli.lang import current, lang_option, tr
from podium.cli.localised import LocalisedCommand, LocalisedOption
from podium.cli.render import print_view, write_exports
from podium.core import phases
from podium.core.errors import InvalidInput
from podium.core.messages import M, Message, Mn
from podium.core.views import N_, TableView
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.views import LEAGUE_TITLES
from podium.formats.seven_wonders.year_commands import Formed
from podium.formats.seven_wonders.year_views import (
    STATUS,
    moves_view,
    path_steps,
    path_view,
    series_views,
)
from podium.i18n import translate
from podium.service.catalog import Done
from podium.service.series import series_ledger, series_members
from podium.store.repository import EventRepository

LANG = lang_option()


def _tr(lang: str) -> Callable[[Any], str]:
    return lambda message: translate(message, lang or current())


def _lang(done: Done) -> str:
    return str(done.values.get("lang") or current())


def print_messages(messages: Sequence[Message], lang: str, mark: str = "") -> None:
    """Each message in ``lang``, one a line."""
    tr = _tr(lang)
    for message in messages:
        console.print(f"  {mark}{escape(tr(message))}", highlight=False)


def localised(view: TableView, lang: str) -> TableView:
    """``view`` with its message cells (what is due, an answer's status) in ``lang``: the
    shared printing shows a cell as text."""
    tr = _tr(lang)
    rows = tuple({k: tr(v) if isinstance(v, Message) else v for k, v in row.items()}
                 for row in view.rows)
    return replace(view, rows=rows)


def league_name(key: str, name: str) -> Message | str:
    """A league's name as people read it (the regulation's leagues and a starting season's
    numbered ones translated, rules W7-4, W7-15), else the name the organiser gave."""
    if key in LEAGUE_TITLES:
        return Message(LEAGUE_TITLES[key])
    if key.startswith("league-") and key[7:].isdigit():
        return M("League %(n)s", n=int(key[7:]))
    return name


def print_leagues(leagues: Sequence[tuple[str, str, int, Sequence[str]]]) -> None:
    for key, name, _level, names in leagues:
        console.print(f"[bold]{escape(tr(league_name(key, name)))}[/]: "
                      f"{escape(', '.join(names))}", highlight=False)


# -- the answers' printing (``render`` of the declarations) ---------------------------------------
def print_formed(done: Done) -> None:
    """A season formed or previewed: its leagues, the survival battles and play-offs due
    (rules W7-6, W7-14), each player's move with its rule."""
    formed: Formed = done.value
    print_leagues(formed.leagues)
    if formed.survival:
        said = Mn("Survival battles: %(names)s for %(n)s Warriors place (rule W7-14).",
                  "Survival battles: %(names)s for %(n)s Warriors places (rule W7-14).",
                  formed.free, names=", ".join(formed.survival))
        console.print(escape(tr(said)), highlight=False)
    for place, group in formed.playoffs.items():
        said = M("Play-off of place %(place)s: %(names)s (rule W7-6).", place=place,
                 names=", ".join(group))
        console.print(escape(tr(said)), highlight=False)
    print_messages(formed.messages(), _lang(done))
    console.print(escape(tr(done.said)), highlight=False)


def print_drawn(done: Done) -> None:
    """The survival draw: each match with its places and players, every placement explained
    (rule W7-14)."""
    drawn = done.value
    for number, (size, qualifying, players) in enumerate(drawn.matches, start=1):
        match = M("Match %(number)s (%(players)s, %(places)s): %(names)s", number=number,
                  players=Mn("%(n)s player", "%(n)s players", size),
                  places=Mn("%(n)s place", "%(n)s places", qualifying),
                  names=", ".join(players))
        console.print(escape(tr(match)), highlight=False)
    print_messages(drawn.messages(), _lang(done), "· ")
    console.print(escape(tr(done.said)), highlight=False)


def print_battle(done: Done) -> None:
    """A survival match after its game (rules W7-23, W7-29) and the matches still due."""
    battle = done.value
    print_messages(battle.messages(), _lang(done), "· ")
    for match, players in battle.due.items():
        due = M("Due: match %(match)s, %(names)s.", match=match, names=", ".join(players))
        console.print(escape(tr(due)), highlight=False)
    console.print(escape(tr(done.said)), highlight=False)


def print_selected(done: Done) -> None:
    """The Legendary League's picks with their reasons (rules W7-31 .. W7-33)."""
    selected = done.value
    tr = _tr(_lang(done))
    title = M("Legendary League: the selection (rules W7-31 .. W7-33)")
    console.print(f"[bold]{escape(tr(title))}[/]", highlight=False)
    for number, name, _best, points, notes in selected.picks:
        console.print(f"#{number} {escape(name)} ({points})", highlight=False)
        for msgid, params in notes:
            console.print(f"  · {escape(tr(Message(msgid, params)))}", highlight=False)
    for msgid, params in selected.notes:
        console.print(f"  · {escape(tr(Message(msgid, params)))}", highlight=False)
    console.print(escape(tr(done.said)), highlight=False)


def print_league(done: Done) -> None:
    """The Legendary League's places and the final so far (rules W7-32, W7-34)."""
    league = done.value
    tr = _tr(_lang(done))
    for seat in league.seats:
        status = tr(STATUS.get(seat.status, seat.status))
        console.print(f"#{seat.number} {escape(seat.player)}: {escape(status)}",
                      highlight=False)
    for name, place in sorted(league.places.items(), key=lambda item: item[1]):
        console.print(escape(tr(M("Place %(place)s: %(name)s", place=place, name=name))),
                      highlight=False)
    console.print(escape(tr(done.said)), highlight=False)


# -- reading the year -----------------------------------------------------------------------------
@click.command("year", cls=LocalisedCommand,
               help=N_("The year's dashboard: its seasons, the last season's leagues, what is "
                       "due, the survival battles and the Legendary League, the year table with "
                       "the site-currency column (rule W7-1); --csv / --html export the year "
                       "table."))
@click.argument("series")
@click.option("--csv", "csv_path", type=click.Path(path_type=Path), default=None,
              cls=LocalisedOption, help=N_("Write the table to this CSV file."))
@click.option("--html", "html_path", type=click.Path(path_type=Path), default=None,
              cls=LocalisedOption, help=N_("Write the table to this HTML file."))
@LANG
@pass_ctx
@guarded
def year_cmd(ctx: Context, series: str, csv_path: Path | None, html_path: Path | None,
             lang: str) -> None:
    """The year's dashboard: its seasons, the last season's leagues, what is due, the survival
    battles and the Legendary League, the year table with the site-currency column (rule
    W7-1); --csv / --html export the year table."""
    loaded, members = series_members(ctx.service, series)
    ledger = series_ledger(ctx.service, series, loaded=(loaded, members))
    for member, season in zip(ledger.members, members, strict=True):
        status = phases.status(season.state, season.ruleset)
        done = (M("complete") if status.complete else
                M("playing: %(phase)s", phase=Message(status.phase.title)))
        console.print(f"{escape(member.label)} ({escape(member.event)}): {escape(tr(done))}",
                      highlight=False)
    if members:
        last = members[-1].state
        for division in last.divisions.values():
            names = [last.players[p].name for p in division.members]
            label = tr(league_name(division.key, division.name))
            console.print(f"  [bold]{escape(label)}[/]: {escape(', '.join(names))}",
                          highlight=False)
    views = series_views(ledger, [m.state for m in members], ctx.service.clock())
    for view in views[1:]:
        print_view(localised(view, lang), lang)
    print_view(views[0], lang)
    write_exports(views[0], loaded.state.name, lang, csv_path, html_path)


@click.command("path", cls=LocalisedCommand,
               help=N_("A player's path through the year's leagues and their points per season "
                       "(rule W7-1)."))
@click.argument("series")
@click.argument("player")
@click.option("--csv", "csv_path", type=click.Path(path_type=Path), default=None,
              cls=LocalisedOption, help=N_("Write the table to this CSV file."))
@click.option("--html", "html_path", type=click.Path(path_type=Path), default=None,
              cls=LocalisedOption, help=N_("Write the table to this HTML file."))
@LANG
@pass_ctx
@guarded
def path_cmd(ctx: Context, series: str, player: str, csv_path: Path | None,
             html_path: Path | None, lang: str) -> None:
    """A player's path through the year's leagues and their points per season (rule W7-1)."""
    loaded, members = series_members(ctx.service, series)
    ledger = series_ledger(ctx.service, series, loaded=(loaded, members))
    view = path_view(player, path_steps(ledger, [m.state for m in members], player))
    print_view(view, lang)
    write_exports(view, loaded.state.name, lang, csv_path, html_path)


# -- the demo -------------------------------------------------------------------------------------
def demo_year(ctx: Context, players: int, seasons: int, seed: int, lang: str) -> None:
    """Rule W7-1: a whole year through the year's commands: a starting season of 4 or 5
    leagues, newcomers and drop-outs each season, play-offs, survival battles drawn and played,
    regular seasons, then the Legendary League selected, answered and played; each season's
    moves, the battles, the year table and the Legendary League printed."""
    from podium.formats.seven_wonders.year_demo import play_year

    if players < 28:
        raise InvalidInput("--players: a year starts with at least 28 sign-ups (rule W7-4)",
                           code=codes.YEAR_PLAYERS, field="players")
    service = ctx.service
    prefix = f"demo-sw-{players}-{seed}"
    with service.db.session() as session:
        repo = EventRepository(session)
        for slug in [f"{prefix}-year"] + [f"{prefix}-s{n}" for n in range(seasons)]:
            old = repo.find(slug)
            if old is not None:
                repo.delete(old.id)
    tr = _tr(lang)

    def report(done: Done, title: str) -> None:
        console.print(f"[bold]{escape(tr(title))}[/]", highlight=False)
        formed: Formed = done.value
        print_leagues(formed.leagues)
        print_view(moves_view(formed.lines, tr), lang)

    def report_done(done: Done, title: str) -> None:
        console.print(f"[bold]{escape(tr(title))}[/]", highlight=False)
        print_messages(done.value.messages(), lang, "· ")

    year = play_year(service, prefix, players, seasons, seed, report=report,
                     report_done=report_done)
    loaded, members = series_members(service, year.series)
    ledger = series_ledger(service, year.series, loaded=(loaded, members))
    print_view(series_views(ledger, [m.state for m in members], service.clock())[0], lang)
    if year.selection is not None:
        print_selected(year.selection)
    if year.legendary is not None:
        title = M("Legendary League: the final (rule W7-34)")
        console.print(f"[bold]{escape(tr(title))}[/]", highlight=False)
        print_league(year.legendary)
    console.print(escape(tr(M("Year %(series)s: try `%(command)s`.", series=year.series,
                              command=f"podium sw year {year.series}"))), highlight=False)


def register(group: click.Group) -> None:
    """The year's reading commands in the 7 Wonders group; its declared commands are added by
    the generic adapter."""
    for command in (year_cmd, path_cmd):
        group.add_command(command)


__all__ = ["demo_year", "print_battle", "print_drawn", "print_formed", "print_league",
           "print_selected", "register"]
