"""``podium sw start-year / next-season / year / path``: the W7 year on the command line
(rules W7-1, W7-4 .. W7-15, W7-35), and the year's demo. Thin: each command calls the year's
service functions (:mod:`.year_commands`) and prints their tables (:mod:`.year_views`)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import click
from rich.markup import escape

from podium.cli.base import Context, console, guarded, pass_ctx
from podium.cli.render import print_view, write_exports
from podium.core.errors import InvalidInput
from podium.core.series import book_of as series_book
from podium.formats.seven_wonders.year import Line, SignUp, Swap
from podium.formats.seven_wonders.year_commands import (
    Formed,
    next_season,
    plan_next,
    player_path,
    start_year,
)
from podium.formats.seven_wonders.year_views import moves_view, path_view, year_view
from podium.i18n import translate
from podium.service.series import series_ledger
from podium.store.repository import EventRepository

LANG = click.option("--lang", type=click.Choice(["ru", "en"]), default="en", show_default=True)


def _tr(lang: str):
    return lambda message: translate(message, lang)


def read_signups(data: bytes) -> list[SignUp]:
    """Sign-ups in order (rule W7-4): CSV columns ``name``, ``rating``, ``premium`` (yes/no)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidInput("the sign-ups file is not UTF-8 text", code="sw.signups",
                           field="signups") from None
    out = []
    for number, row in enumerate(csv.DictReader(io.StringIO(text)), start=2):
        name = (row.get("name") or "").strip()
        rating = (row.get("rating") or "0").strip()
        if not name or not rating.lstrip("-").isdigit():
            raise InvalidInput("sign-ups line %(line)s: a name and a whole rating are needed",
                               code="sw.signups", field="signups", line=number)
        premium = (row.get("premium") or "").strip().lower() in ("1", "yes", "true", "да")
        out.append(SignUp(name, int(rating), premium))
    return out


def print_lines(lines: list[Line], lang: str) -> None:
    tr = _tr(lang)
    for line in lines:
        console.print(f"  {escape(line.text(tr))}", highlight=False)


def print_leagues(formed: Formed) -> None:
    for _key, name, _level, names in formed.leagues:
        console.print(f"[bold]{escape(name)}[/]: {escape(', '.join(names))}", highlight=False)


@click.command("start-year")
@click.argument("series")
@click.argument("slug")
@click.option("--signups", "signups_file", type=click.Path(exists=True, path_type=Path),
              required=True, help="CSV: name, rating, premium, in sign-up order (W7-4)")
@click.option("--name", default="Season 0")
@click.option("--seed", type=click.IntRange(min=0), default=None)
@LANG
@pass_ctx
@guarded
def start_year_cmd(ctx: Context, series: str, slug: str, signups_file: Path, name: str,
                   seed: int | None, lang: str) -> None:
    """The starting season SLUG of the year SERIES from the sign-ups (rules W7-4, W7-5)."""
    formed = start_year(ctx.service, series, slug, name, read_signups(signups_file.read_bytes()),
                        ctx.actor, seed)
    print_leagues(formed)
    print_lines(formed.lines, lang)


def _playoff(text: str) -> tuple[int, list[str]]:
    place, _, names = text.partition(":")
    if not place.strip().isdigit() or not names.strip():
        raise InvalidInput("--playoff: write the place and the match's order, best first "
                           "(\"2: Anna, Boris, Clara, Dmitry\")", code="sw.playoff",
                           field="playoffs")
    return int(place), [n.strip() for n in names.split(",") if n.strip()]


def _swap(text: str, reason: str) -> Swap:
    first, _, second = text.partition("=")
    if not first.strip() or not second.strip():
        raise InvalidInput("--swap: write two players of different Warriors leagues as "
                           "\"Anna=Boris\"", code="sw.swap", field="swaps")
    return Swap(first.strip(), second.strip(), reason)


@click.command("next-season")
@click.argument("series")
@click.argument("previous")
@click.argument("slug", required=False)
@click.option("--name", default="")
@click.option("--newcomer", "newcomers", multiple=True, help="a qualification entrant (W7-35)")
@click.option("--survivor", "survivors", multiple=True, help="a survival battle winner (W7-14)")
@click.option("--leaving", multiple=True, help="drops out before the next season (W7-35)")
@click.option("--playoff", "playoffs", multiple=True,
              help="after a starting season: \"PLACE: order, best first\" (W7-6)")
@click.option("--swap", "swaps", multiple=True, help="\"A=B\": Warriors balance (W7-13)")
@click.option("--reason", default="", help="the reason of the swaps (W7-13)")
@click.option("--preview", is_flag=True, help="show the leagues and decisions, store nothing")
@click.option("--seed", type=click.IntRange(min=0), default=None)
@LANG
@pass_ctx
@guarded
def next_season_cmd(ctx: Context, series: str, previous: str, slug: str | None, name: str,
                    newcomers: tuple[str, ...], survivors: tuple[str, ...],
                    leaving: tuple[str, ...], playoffs: tuple[str, ...],
                    swaps: tuple[str, ...], reason: str, preview: bool, seed: int | None,
                    lang: str) -> None:
    """Season SLUG of the year SERIES from season PREVIOUS: each player's move explained
    (rules W7-6 .. W7-15, W7-35); refused with the places when the leagues do not add up."""
    orders = dict(_playoff(p) for p in playoffs)
    swap_list = [_swap(s, reason) for s in swaps]
    if preview or not slug:
        plan = plan_next(ctx.service, previous, newcomers, survivors, orders, swap_list,
                         leaving)
        for _key, title, _level, names in plan.leagues:
            console.print(f"[bold]{escape(title)}[/]: {escape(', '.join(names))}",
                          highlight=False)
        if plan.survival:
            console.print(f"Survival battles: {escape(', '.join(plan.survival))} for "
                          f"{plan.free} Warriors places (rule W7-14).", highlight=False)
        for place, group in plan.playoffs.items():
            console.print(f"Play-off of place {place}: {escape(', '.join(group))} (rule W7-6).",
                          highlight=False)
        print_lines(plan.lines, lang)
        return
    formed = next_season(ctx.service, series, previous, slug, name or slug, ctx.actor,
                         newcomers, survivors, orders, swap_list, leaving, seed=seed)
    print_leagues(formed)
    print_lines(formed.lines, lang)


@click.command("year")
@click.argument("series")
@click.option("--csv", "csv_path", type=click.Path(path_type=Path), default=None)
@click.option("--html", "html_path", type=click.Path(path_type=Path), default=None)
@LANG
@pass_ctx
@guarded
def year_cmd(ctx: Context, series: str, csv_path: Path | None, html_path: Path | None,
             lang: str) -> None:
    """The year's dashboard: its seasons, the last season's leagues and what is due, the
    year table with the site-currency column (rule W7-1); --csv / --html export it."""
    from podium.core import phases

    loaded = ctx.service.load(series)
    ledger = series_ledger(ctx.service, series)
    for member in series_book(loaded.state).members:
        season = ctx.service.load(member.event)
        status = phases.status(season.state, season.ruleset)
        done = "complete" if status.complete else f"playing: {status.phase.key}"
        console.print(f"{escape(member.label)} ({escape(member.event)}): {done}",
                      highlight=False)
    if ledger.members:
        last = ctx.service.load(ledger.members[-1].event)
        for division in last.state.divisions.values():
            names = [last.state.players[p].name for p in division.members]
            console.print(f"  [bold]{escape(division.name)}[/]: {escape(', '.join(names))}",
                          highlight=False)
        if phases.status(last.state, last.ruleset).complete:
            console.print("Due: the next season (podium sw next-season "
                          f"{escape(series)} {escape(last.state.slug)} NEW-SLUG).",
                          highlight=False)
    view = year_view(ledger)
    print_view(view, lang)
    write_exports(view, loaded.state.name, lang, csv_path, html_path)


@click.command("path")
@click.argument("series")
@click.argument("player")
@click.option("--csv", "csv_path", type=click.Path(path_type=Path), default=None)
@click.option("--html", "html_path", type=click.Path(path_type=Path), default=None)
@LANG
@pass_ctx
@guarded
def path_cmd(ctx: Context, series: str, player: str, csv_path: Path | None,
             html_path: Path | None, lang: str) -> None:
    """A player's path through the year's leagues and their points per season."""
    view = path_view(player, player_path(ctx.service, series, player))
    print_view(view, lang)
    write_exports(view, ctx.service.load(series).state.name, lang, csv_path, html_path)


def demo_year(ctx: Context, players: int, seasons: int, seed: int, lang: str) -> None:
    """Rule W7-1: a whole year: a starting season of 4 or 5 leagues, newcomers and drop-outs
    each season, play-offs and survival battles, regular seasons; each season's moves and the
    year table."""
    from podium.formats.seven_wonders.season import note_text
    from podium.formats.seven_wonders.year_demo import legendary_selection, play_year

    if players < 28:
        raise InvalidInput("--players: a year starts with at least 28 sign-ups (rule W7-4)",
                           code="sw.players", field="players")
    service = ctx.service
    prefix = f"demo-sw-{players}-{seed}"
    with service.db.session() as session:
        repo = EventRepository(session)
        for slug in [f"{prefix}-year"] + [f"{prefix}-s{n}" for n in range(seasons)]:
            old = repo.find(slug)
            if old is not None:
                repo.delete(old.id)

    def report(formed: Formed, name: str) -> None:
        console.print(f"[bold]{escape(name)}[/]", highlight=False)
        print_leagues(formed)
        print_view(moves_view(formed.lines, _tr(lang)), lang)

    def report_notes(title: str, notes: list) -> None:
        console.print(f"[bold]{escape(title)}[/]", highlight=False)
        for note in notes:
            console.print(f"  · {escape(note_text(note, _tr(lang)))}", highlight=False)

    year = play_year(service, prefix, players, seasons, seed, report=report,
                     report_notes=report_notes)
    print_view(year_view(series_ledger(service, year.series)), lang)
    selection, names = legendary_selection(service, year)
    console.print("[bold]Legendary League: the selection (rules W7-31 .. W7-33)[/]",
                  highlight=False)
    for pick in selection.picks:
        console.print(f"#{pick.number} {escape(names[pick.player])} ({pick.points})",
                      highlight=False)
        for note in pick.notes:
            console.print(f"  · {escape(note_text(note, _tr(lang)))}", highlight=False)
    for note in selection.notes:
        console.print(f"  · {escape(note_text(note, _tr(lang)))}", highlight=False)
    console.print(f"Year {year.series}: try `podium sw year {year.series}`.", highlight=False)


def register(group: click.Group) -> None:
    for command in (start_year_cmd, next_season_cmd, year_cmd, path_cmd):
        group.add_command(command)


__all__ = ["demo_year", "register"]
