"""CLI of the online mahjong marathon (regulation MJ): games, penalties, disqualifications,
reverts, publications, stage tables and the demo. Thin: the service does the work."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import click
from rich import box
from rich.markup import escape
from rich.table import Table

from podium.cli.base import Context, console, guarded, pass_ctx, progress_bar
from podium.cli.render import print_view, write_exports
from podium.core.errors import InvalidInput
from podium.core.views import N_
from podium.formats.mahjong_marathon.commands import (
    FORMAT,
    ImportSummary,
    MarathonService,
)
from podium.formats.mahjong_marathon.demo import generate_year, records
from podium.formats.mahjong_marathon.rules import DQ_GROUNDS
from podium.service.exports import label
from podium.store.repository import EventRepository


def marathon(ctx: Context) -> MarathonService:
    return MarathonService.sharing(ctx.service)


def is_marathon(ctx: Context, slug: str) -> bool:
    """The event's format from its summary, without replaying its log."""
    with ctx.service.db.session() as session:
        found = EventRepository(session).find(slug)
    return found is not None and found.format == FORMAT


def print_summary(summary: ImportSummary) -> None:
    console.print(
        f"Read {summary.read} games: {summary.added} added, {summary.duplicates} already known, "
        f"{summary.other_tables} at other tables (skipped, rule MJ-3), "
        f"{summary.outside_calendar} outside the stage calendar (skipped); "
        f"{summary.new_players} new players.", highlight=False)
    if summary.changed:
        shown = ", ".join(summary.changed[:10]) + (" ..." if len(summary.changed) > 10 else "")
        console.print(f"[bold yellow]{len(summary.changed)} games are already stored with "
                      f"different data and were NOT applied:[/] {escape(shown)}",
                      highlight=False)
    if summary.case_merged:
        shown = ", ".join(summary.case_merged[:10]) + (
            " ..." if len(summary.case_merged) > 10 else "")
        console.print(f"[bold yellow]{len(summary.case_merged)} games seat two names that "
                      "this event takes for one player (names compared without case) and "
                      f"were skipped:[/] {escape(shown)}", highlight=False)


# games ----------------------------------------------------------------------------------------
@click.group()
def games() -> None:
    """Marathon games: import finished games, add one by hand."""


@games.command("import")
@click.argument("slug")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--zone", default=None,
              help="Zone of start times that carry none: a name, or 'server' (the event's).")
@pass_ctx
@guarded
def games_import(ctx: Context, slug: str, file: Path, zone: str | None) -> None:
    """Import the games of a CSV or JSON FILE into marathon SLUG (idempotent)."""
    with progress_bar() as bar:
        task = bar.add_task("reading", total=None)

        def progress(what: str, done: int, total: int) -> None:
            bar.update(task, description=what, completed=done, total=total)

        summary = marathon(ctx).import_file(slug, file.read_bytes(), file.name, ctx.actor, zone,
                                            progress)
    print_summary(summary)


def _seat(text: str) -> tuple[str, str]:
    name, sep, gp = text.rpartition("=")
    if not sep or not name.strip():
        raise InvalidInput(
            "--player %(text)r: write it as NAME=GP",
            text=text)
    return name.strip(), gp.strip()


@games.command("add")
@click.argument("slug")
@click.option("--id", "game_id", required=True, help="The server's game id.")
@click.option("--table", required=True, help="Table name, e.g. RU-Marathon-1.")
@click.option("--start", required=True, help="Start time, e.g. '2015-03-31 13:30'.")
@click.option("--zone", default="server", show_default=True,
              help="Zone of --start if it has no offset ('server' = the event's server zone).")
@click.option("--player", "seats", multiple=True, required=True, metavar="NAME=GP",
              help="A player and their game points; give it 4 times.")
@pass_ctx
@guarded
def games_add(ctx: Context, slug: str, game_id: str, table: str, start: str, zone: str,
              seats: tuple[str, ...]) -> None:
    """Add one game by hand."""
    summary = marathon(ctx).add_game(slug, game_id, table, start, zone,
                                     [_seat(s) for s in seats], ctx.actor)
    if summary.added:
        console.print(f"Game {escape(game_id)} added.", highlight=False)
    else:
        console.print(f"Game {escape(game_id)} is already recorded with the same data.",
                      highlight=False)


# decisions ------------------------------------------------------------------------------------
@click.command()
@click.argument("slug")
@click.argument("player")
@click.option("--kind", type=click.Choice(["6a", "6b", "6c"]), required=True,
              help="6a: GP in one game; 6b: GP from the total; 6c: TP in a stage (rule MJ-6).")
@click.option("--amount", type=int, required=True, help="5/10/20/60, 50/100/200/600 or 1/2/4.")
@click.option("--game", default=None, help="The game (6a).")
@click.option("--stage", type=int, default=None, help="The stage (6b, 6c).")
@click.option("--reason", required=True, help="Why (logged).")
@pass_ctx
@guarded
def penalty(ctx: Context, slug: str, player: str, kind: str, amount: int, game: str | None,
            stage: int | None, reason: str) -> None:
    """Penalise PLAYER (rule MJ-6); revert it with `podium revert SLUG SEQ`."""
    seq = marathon(ctx).penalty(slug, kind, player, amount, reason, ctx.actor, game=game,
                                stage=stage)
    console.print(f"Penalty recorded as decision {seq}.")


@click.group()
def disqualify() -> None:
    """Disqualify a game (rule MJ-5) or a player for a period (rule MJ-6)."""


@disqualify.command("game")
@click.argument("slug")
@click.argument("game")
@click.option("--ground", type=click.Choice(list(DQ_GROUNDS)), default="other",
              show_default=True, help="The MJ-5 ground.")
@click.option("--reason", required=True, help="Why (logged).")
@pass_ctx
@guarded
def disqualify_game(ctx: Context, slug: str, game: str, ground: str, reason: str) -> None:
    """The game does not count for any of its players."""
    seq = marathon(ctx).disqualify_game(slug, game, ground, reason, ctx.actor)
    console.print(f"Game {escape(game)} disqualified (decision {seq}).", highlight=False)


@disqualify.command("player")
@click.argument("slug")
@click.argument("player")
@click.option("--from", "start", required=True, help="Start of the period, e.g. 2015-05-01.")
@click.option("--until", default=None, help="End of the period (exclusive); default: open.")
@click.option("--zone", default=None,
              help="Zone of --from/--until (default: the marathon's decision zone, Moscow, as "
                   "for the stage calendar; 'server' for the server's clock).")
@click.option("--reason", required=True, help="Why (logged).")
@pass_ctx
@guarded
def disqualify_player(ctx: Context, slug: str, player: str, start: str, until: str | None,
                      zone: str | None, reason: str) -> None:
    """The player's games in the period do not count for them."""
    seq = marathon(ctx).disqualify_player(slug, player, start, until, zone, reason, ctx.actor)
    used = zone or ctx.service.load(slug).state.settings.stage_timezone
    console.print(f"{escape(player)} disqualified (decision {seq}); times in {escape(used)}.",
                  highlight=False)


@click.command()
@click.argument("slug")
@click.argument("seq", type=int)
@click.option("--reason", required=True, help="Why (logged).")
@pass_ctx
@guarded
def revert(ctx: Context, slug: str, seq: int, reason: str) -> None:
    """Revert the organiser decision SEQ (a penalty or a disqualification)."""
    marathon(ctx).revert(slug, seq, reason, ctx.actor)
    console.print(f"Decision {seq} reverted.")


@click.command()
@click.argument("slug")
@pass_ctx
@guarded
def decisions(ctx: Context, slug: str) -> None:
    """The marathon's penalties and disqualifications, with their reasons."""
    state, book = marathon(ctx).decisions(slug)
    table = Table(title=f"Decisions of {escape(slug)}", box=box.SIMPLE, title_justify="left")
    for column in ("Seq", "When (UTC)", "Actor", "Decision", "Details", "Reason", "Status"):
        table.add_column(column)
    for d in book.decisions.values():
        p = dict(d.payload)
        who = state.players[p.pop("player")].name if "player" in p else ""
        for key in ("from", "until"):
            if isinstance(p.get(key), int):
                p[key] = datetime.fromtimestamp(p[key], UTC).strftime("%Y-%m-%d %H:%M UTC")
        details = ", ".join(f"{k}={v}" for k, v in p.items())
        status = "in force" if d.active else f"reverted by {d.reverted_by}"
        table.add_row(str(d.seq), d.at[:19], escape(d.actor), d.kind.removeprefix("mahjong."),
                      escape(f"{who} {details}".strip()), escape(d.reason), status)
    console.print(table)


# tables ---------------------------------------------------------------------------------------
@click.command()
@click.argument("slug")
@click.option("--reason", default="", help="Why (logged).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Also write every table as CSV and HTML into this directory.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="en", show_default=True)
@pass_ctx
@guarded
def publish(ctx: Context, slug: str, reason: str, out_dir: Path | None, lang: str) -> None:
    """Freeze the standings as a publication (rule MJ-11); changes are against the last one."""
    state, number, views = marathon(ctx).publish(slug, ctx.actor, reason)
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    for view in views:
        if view.rows:
            print_view(view, lang, limit=20)
    if out_dir:
        out_dir.mkdir(parents=True, exist_ok=True)
        for view in views:
            base = out_dir / f"{slug}-{number}-{view.key}"
            write_exports(view, state.name, lang, base.with_suffix(".csv"),
                          base.with_suffix(".html"),
                          label(N_("Publication {n}"), lang).format(n=number) + f", {when}")
    console.print(f"Publication {number} of {escape(state.name)} frozen.", highlight=False)


# demo -----------------------------------------------------------------------------------------
@click.command("marathon")
@click.option("--players", type=click.IntRange(min=4), default=300, show_default=True)
@click.option("--games", "game_count", type=click.IntRange(min=1), default=20000,
              show_default=True)
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True)
@click.option("--rows", type=click.IntRange(min=1), default=15, show_default=True,
              help="Rows of each table to print.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="en", show_default=True)
@pass_ctx
@guarded
def demo_marathon(ctx: Context, players: int, game_count: int, seed: int, rows: int,
                  lang: str) -> None:
    """Simulate a marathon year (players of different strength and activity), import it,
    publish mid-way through the last stage and at the end, and print the tables."""
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
    db = service.db
    where = os.path.relpath(db.url.database or "") if db.is_sqlite else "the database"
    console.print(
        f"{added} games imported ({skipped} at other tables skipped), "
        f"{len(state.players)} players. Event id {slug} in {escape(where)}; try "
        f"`podium standings {slug} --stage 1`.", highlight=False)



COMMANDS = [games, penalty, disqualify, revert, decisions, publish]
