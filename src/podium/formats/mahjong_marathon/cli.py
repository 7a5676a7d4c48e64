"""What the command line of the online mahjong marathon (regulation MJ) prints beyond its
declared commands: the import's summary and a publication's tables (their ``render``), the
organiser's decisions (``podium decisions``) and the demo. The use cases themselves are declared
(:mod:`.declared`) and served by the generic command line. What only a publication or the demo
prints with (the renderers, the export's labels, the simulated year) is imported when they run:
``podium games add`` loads this module for its list of commands (issue 24)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.markup import escape
from rich.table import Table

from podium.cli.base import Context, console, guarded, pass_ctx, progress_bar, stored_where
from podium.cli.lang import current, tr, use, value_text
from podium.cli.localised import LocalisedCommand
from podium.core.messages import M, Mn
from podium.core.views import N_
from podium.formats.mahjong_marathon.commands import (
    FORMAT,
    ImportSummary,
    MarathonService,
)
from podium.formats.mahjong_marathon.declared import LOBBY_NOTES
from podium.formats.mahjong_marathon.rules import book_of
from podium.formats.mahjong_marathon.views import published_views
from podium.store.repository import EventRepository


def marathon(ctx: Context) -> MarathonService:
    return MarathonService.sharing(ctx.service)


def print_import(done: Any) -> None:
    """``podium games import``: the import's summary (what was added, known, skipped)."""
    print_summary(done.value)


def print_summary(summary: ImportSummary) -> None:
    console.print(escape(tr(M(
        "Read %(read)s: %(added)s added, %(duplicates)s already known, %(other)s at other "
        "tables (skipped, rule MJ-3), %(outside)s outside the stage calendar (skipped); "
        "%(new)s.", read=Mn("%(n)s game", "%(n)s games", summary.read), added=summary.added,
        duplicates=summary.duplicates, other=summary.other_tables,
        outside=summary.outside_calendar,
        new=Mn("%(n)s new player", "%(n)s new players", summary.new_players)))),
        highlight=False)
    if summary.changed:
        shown = ", ".join(summary.changed[:10]) + (" ..." if len(summary.changed) > 10 else "")
        said = tr(Mn("%(n)s game is already stored with different data and was NOT applied:",
                     "%(n)s games are already stored with different data and were NOT "
                     "applied:", len(summary.changed)))
        console.print(f"[bold yellow]{escape(said)}[/] {escape(shown)}", highlight=False)
    if summary.case_merged:
        shown = ", ".join(summary.case_merged[:10]) + (
            " ..." if len(summary.case_merged) > 10 else "")
        said = tr(Mn("%(n)s game seats two names that this event takes for one player (names "
                     "compared without case) and was skipped:",
                     "%(n)s games seat two names that this event takes for one player (names "
                     "compared without case) and were skipped:", len(summary.case_merged)))
        console.print(f"[bold yellow]{escape(said)}[/] {escape(shown)}", highlight=False)
    for key, msgid in LOBBY_NOTES:  # the declared command's sentences (a server's lobby log)
        if getattr(summary, key):
            console.print(escape(tr(M(msgid, summary="", count=getattr(summary, key))).strip()),
                          highlight=False)


# decisions ------------------------------------------------------------------------------------
@click.command(cls=LocalisedCommand,
               help=N_("The marathon's penalties and disqualifications, with their reasons."))
@click.argument("slug")
@pass_ctx
@guarded
def decisions(ctx: Context, slug: str) -> None:
    state, book = marathon(ctx).decisions(slug)
    table = Table(title=escape(tr(M("Decisions of %(slug)s", slug=slug))), box=box.SIMPLE,
                  title_justify="left")
    table.add_column("#", justify="right")
    for column in (N_("When (UTC)"), N_("Actor"), N_("Decision"), N_("Details"), N_("Reason"),
                   N_("Status")):
        table.add_column(tr(column))
    for d in book.decisions.values():
        p = dict(d.payload)
        who = state.players[p.pop("player")].name if "player" in p else ""
        for key in ("from", "until"):
            if isinstance(p.get(key), int):
                p[key] = datetime.fromtimestamp(p[key], UTC).strftime("%Y-%m-%d %H:%M UTC")
        details = ", ".join(f"{k}={value_text(v)}" for k, v in p.items())
        status = tr(M("in force") if d.active else
                    M("reverted by %(seq)s", seq=d.reverted_by))
        table.add_row(str(d.seq), d.at[:19], escape(d.actor), d.kind.removeprefix("mahjong."),
                      escape(f"{who} {details}".strip()), escape(tr(d.reason)), escape(status))
    console.print(table)


# publications -------------------------------------------------------------------------------
def print_publication(done: Any) -> None:
    """``podium publish``: every table of the new publication (rule MJ-11) printed, and with
    ``--out`` written as CSV and HTML, in ``--lang``."""
    from podium.cli.render import print_view, write_exports
    from podium.service.exports import label

    state, publication = done.state, done.value
    lang = done.values.get("lang") or current()
    views = published_views(state, book_of(state), publication.number)
    for view in views:
        if view.rows:
            print_view(view, lang, limit=20)
    out = done.values.get("out")
    if out:
        out_dir = Path(out)
        out_dir.mkdir(parents=True, exist_ok=True)
        when = publication.at[:16].replace("T", " ") + " UTC"
        for view in views:
            base = out_dir / f"{state.slug}-{publication.number}-{view.key}"
            write_exports(view, state.name, lang, base.with_suffix(".csv"),
                          base.with_suffix(".html"),
                          label(N_("Publication {n}"), lang).format(n=publication.number)
                          + f", {when}")
    console.print(escape(tr(M("Publication %(n)s of %(name)s frozen.", n=publication.number,
                              name=state.name))), highlight=False)


# demo -----------------------------------------------------------------------------------------
@click.command("marathon", cls=LocalisedCommand,
               help=N_("Simulate a marathon year (players of different strength and activity), "
                       "import it, publish mid-way through the last stage and at the end, and "
                       "print the tables."))
@click.option("--players", type=click.IntRange(min=4), default=300, show_default=True,
              help=N_("How many players."))
@click.option("--games", "game_count", type=click.IntRange(min=1), default=20000,
              show_default=True, help=N_("How many games."))
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True,
              help=N_("The seed of the random draws."))
@click.option("--rows", type=click.IntRange(min=1), default=15, show_default=True,
              help=N_("Rows of each table to print."))
@click.option("--lang", type=click.Choice(["ru", "en"]), default=None,
              help=N_("Language (default: podium --lang, else the locale's)."))
@pass_ctx
@guarded
def demo_marathon(ctx: Context, players: int, game_count: int, seed: int, rows: int,
                  lang: str | None) -> None:
    from podium.cli.render import print_view
    from podium.formats.mahjong_marathon.demo import generate_year, records

    lang = use(lang)
    service = marathon(ctx)
    slug = f"demo-marathon-{players}-{seed}"
    with service.db.session() as session:
        repo = EventRepository(session)
        old = repo.find(slug)
        if old is not None:
            repo.delete(old.id)
    service.create_event(slug, f"Demo marathon, {players} players", FORMAT, {}, "demo", seed)
    bounds = service.load(slug).state.settings.stage_bounds
    year = generate_year(players, game_count, seed, bounds)
    games_list = records(year, seed, players)
    middle = (bounds[-1][0] + bounds[-1][1]) // 2  # publish once mid-way through the last stage
    before_last = [g for g in games_list if g.start < middle]
    last = [g for g in games_list if g.start >= middle]
    with progress_bar() as bar:
        task = bar.add_task("importing", total=len(games_list))
        first = service.ingest(slug, before_last, "demo", source="demo, first part")
        bar.update(task, completed=len(before_last))
        service.publish(slug, "demo", "mid-way through the last stage")
        second = service.ingest(slug, last, "demo", source="demo, second part")
        bar.update(task, completed=len(games_list))
    added = first.added + second.added
    skipped = first.other_tables + second.other_tables
    state, _number, views = service.publish(slug, "demo", "end of the marathon")
    for view in views:
        print_view(view, lang, limit=rows)
    console.print(escape(tr(M(
        "%(games)s imported (%(skipped)s at other tables skipped), %(players)s.",
        games=Mn("%(n)s game", "%(n)s games", added), skipped=skipped,
        players=Mn("%(n)s player", "%(n)s players", len(state.players))))) + " "
        + escape(tr(stored_where(ctx, slug, M("try `podium standings %(slug)s --stage 1`.",
                                              slug=slug)))), highlight=False)



COMMANDS = [decisions]
