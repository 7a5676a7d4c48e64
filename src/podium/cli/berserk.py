"""`podium berserk ...`, `podium top ...` and `podium demo berserk`: thin Click commands.

`top` works for any format's event (the TOP after Commander's Swiss stage included); `berserk`
holds what only Berserk has: the draft tables and duel results (technical wins, Team Sealed).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from podium.cli import render
from podium.cli.bracket_text import bracket_text
from podium.cli.main import (
    Context,
    console,
    errors,
    guarded,
    parse_assignments,
    pass_ctx,
)
from podium.core.bracket import DRAW_RULES, Bracket
from podium.core.errors import InvalidInput
from podium.core.model import EventState
from podium.core.views import TableView, display
from podium.service import top as top_service
from podium.service.berserk import run_berserk_demo, split_tables
from podium.service.bracket_html import bracket_html
from podium.service.forms import resolve_player


def view_table(view: TableView) -> Table:
    """A format-neutral table view as a rich table (labels untranslated here)."""
    title = view.title.format(**view.title_args) if view.title_args else view.title
    table = Table(title=escape(title), box=box.SIMPLE_HEAVY, title_justify="left")
    for column in view.columns:
        table.add_column(column.label, justify="right" if column.numeric else "left",
                         no_wrap=column.key in ("player", "first", "second", "winner"))
    for row in view.rows:
        table.add_row(*(escape(display(row.get(c.key), c)) for c in view.columns))
    return table


def print_views(views: list[TableView]) -> None:
    for view in views:
        console.print(view_table(view))
        for note in view.notes:
            console.print(f"• {escape(note)}", highlight=False)


def print_bracket(state: EventState, bracket: Bracket) -> None:
    console.print(escape(bracket_text(state, bracket)), highlight=False, soft_wrap=True)


# berserk --------------------------------------------------------------------------------------
@click.group("berserk")
def berserk() -> None:
    """Berserk: draft tables and duel results (rules BRK-6 .. BRK-10)."""


@berserk.command("split")
@click.argument("slug")
@click.option("--tables", type=int, default=None,
              help="Number of draft tables (default: the setting, else 8-16 a table).")
@click.option("--reason", default="", help="Why (logged).")
@pass_ctx
@guarded
def berserk_split(ctx: Context, slug: str, tables: int | None, reason: str) -> None:
    """Draw the players into draft tables of 8-16, as even as possible (BRK-6, BRK-10)."""
    split = split_tables(ctx.service, slug, ctx.actor, tables, reason)
    state = ctx.service.load(slug).state
    for number, members in enumerate(split, start=1):
        names = ", ".join(state.players[pid].name for pid in members)
        console.print(f"Draft table {number} ({len(members)}): {escape(names)}", highlight=False)


@berserk.command("tables")
@click.argument("slug")
@pass_ctx
@guarded
def berserk_tables(ctx: Context, slug: str) -> None:
    """Each draft table's standings (they seed the TOP), and the TOP once built."""
    loaded = ctx.service.load(slug)
    print_tables(loaded)
    print_views([v for v in loaded.ruleset.views(loaded.state) if v.key.startswith("top")])


def print_tables(loaded: Any) -> None:
    """Each draft table's standings, tiebreakers shown as the standings command shows them."""
    table_standings = getattr(loaded.ruleset, "table_standings", None)
    if table_standings is None:
        raise InvalidInput(f"event {loaded.state.slug!r} has no draft tables (not Berserk)")
    for number, standings in table_standings(loaded.state):
        console.print(render.standings_table(loaded.state, standings, f"Draft table {number}"))


def _duel_entry(winner: str | None, draw: bool, technical: str | None, games: str | None,
                decider: str | None):
    given = sum(bool(x) for x in (winner, draw, technical, games))
    if given != 1:
        raise InvalidInput("give exactly one of --winner, --draw, --technical or --games")

    def entry(state: EventState) -> dict[str, Any]:
        if games:
            codes = [c.strip() for c in games.split(",") if c.strip()]
            return {"games": codes, "decider": decider}
        if draw:
            return {"draw": True}
        if technical:
            return {"technical": resolve_player(state, technical).id}
        return {"winner": resolve_player(state, winner or "").id}

    return entry


def duel_options(func: Any) -> Any:
    options = [
        click.option("--winner", default=None, help="The winner of the duel."),
        click.option("--draw", is_flag=True, help="The duel was drawn."),
        click.option("--technical", default=None,
                     help="Technical win for this player: 2.5 points, 0 for the other (BRK-8)."),
        click.option("--games", default=None,
                     help="Team Sealed: the two games, e.g. 1,D (1/2: that seat's team won, "
                          "D: draw, T1/T2: technical win) (BRK-9)."),
        click.option("--decider", default=None, help="Team Sealed: the deciding game (BRK-9)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


@berserk.command("result")
@click.argument("slug")
@click.argument("table", type=int)
@duel_options
@click.option("--round", "round_number", type=int, default=None,
              help="With --correct: the round to correct.")
@click.option("--correct", is_flag=True, help="Replace an entered result (needs --reason).")
@click.option("--reason", default="", help="Why the result changes (logged).")
@pass_ctx
@guarded
def berserk_result(ctx: Context, slug: str, table: int, winner: str | None, draw: bool,
                   technical: str | None, games: str | None, decider: str | None,
                   round_number: int | None, correct: bool, reason: str) -> None:
    """Enter the result of duel TABLE of the current round (or correct one)."""
    entry = _duel_entry(winner, draw, technical, games, decider)
    _state, rnd = ctx.service.enter_result(slug, table, entry, ctx.actor,
                                           round_number=round_number, correct=correct,
                                           reason=reason)
    left = rnd.missing
    console.print(f"Round {rnd.number}, table {table}: saved. "
                  + (f"Waiting for tables {left}." if left else "The round is complete."))


# top ------------------------------------------------------------------------------------------
@click.group("top")
def top() -> None:
    """The TOP (single-elimination play-off) after the Swiss stage of any format."""


@top.command("build")
@click.argument("slug")
@click.option("--size", type=int, default=None, help="Players in the TOP (Berserk: top_size).")
@click.option("--draw-rule", type=click.Choice(DRAW_RULES), default=None,
              help="Who advances after a draw (BRK-5; default: the higher seed).")
@click.option("--minutes", type=int, default=None, help="Time per game in the TOP (BRK-7).")
@click.option("--preview", is_flag=True, help="Show the bracket without storing it.")
@pass_ctx
@guarded
def top_build(ctx: Context, slug: str, size: int | None, draw_rule: str | None,
              minutes: int | None, preview: bool) -> None:
    """Seed the TOP from the standings (BRK-1 .. BRK-4) and print it."""
    if preview:
        state, bracket = top_service.preview_top(ctx.service, slug, size, draw_rule, minutes)
    else:
        state, bracket = top_service.build(ctx.service, slug, ctx.actor, size, draw_rule,
                                           minutes)
    _print_top(state, bracket)
    if preview:
        console.print("[dim]Nothing stored. Run without --preview to commit.[/]")


def _print_top(state: EventState, bracket: Bracket) -> None:
    print_bracket(state, bracket)
    for note in bracket.notes:
        console.print(f"• {escape(note)}", highlight=False)
    for goal in bracket.goals:
        status = "met" if goal.get("met") else "NOT met"
        console.print(f"• goal {goal.get('number')} (rule BRK-4) {status}: "
                      f"{escape(str(goal.get('text')))}", highlight=False)


@top.command("undo")
@click.argument("slug")
@click.option("--reason", default="", help="Why (logged).")
@pass_ctx
@guarded
def top_undo(ctx: Context, slug: str, reason: str) -> None:
    """Undo the TOP while no match has a result (a new log record, nothing deleted)."""
    top_service.undo(ctx.service, slug, ctx.actor, reason)
    console.print("The TOP is undone; build it again with `podium top build`.")


@top.command("show")
@click.argument("slug")
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Also write a printable HTML bracket to this file.")
@click.option("--matches", is_flag=True, help="Also list the matches.")
@pass_ctx
@guarded
def top_show(ctx: Context, slug: str, html_file: Path | None, matches: bool) -> None:
    """Print the TOP bracket (and write it as HTML)."""
    state, bracket = top_service.load_top(ctx.service, slug)
    _print_top(state, bracket)
    if matches:
        from podium.core.top_view import matches_view

        print_views([matches_view(state, bracket)])
    if html_file is not None:
        html_file.write_text(bracket_html(state, bracket), encoding="utf-8")
        console.print(f"Wrote {escape(str(html_file))}.")


def _top_entry(winner: str | None, draw: bool, advances: str | None):
    if bool(winner) == bool(draw):
        raise InvalidInput("give either --winner or --draw")

    def entry(state: EventState) -> dict[str, Any]:
        if draw:
            out: dict[str, Any] = {"draw": True}
            if advances:
                out["advances"] = resolve_player(state, advances).id
            return out
        return {"winner": resolve_player(state, winner or "").id}

    return entry


def top_result_options(func: Any) -> Any:
    options = [
        click.option("--winner", default=None, help="The winner of the match."),
        click.option("--draw", is_flag=True, help="The match was drawn (BRK-5)."),
        click.option("--advances", default=None,
                     help="After a draw with draw rule 'named': who advances (BRK-5)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


@top.command("result")
@click.argument("slug")
@click.argument("match", type=int)
@top_result_options
@pass_ctx
@guarded
def top_result(ctx: Context, slug: str, match: int, winner: str | None, draw: bool,
               advances: str | None) -> None:
    """Enter the result of TOP match MATCH; the bracket advances."""
    state, bracket = top_service.enter_result(ctx.service, slug, match,
                                              _top_entry(winner, draw, advances), ctx.actor)
    _saved(state, bracket, match)


@top.command("correct")
@click.argument("slug")
@click.argument("match", type=int)
@top_result_options
@click.option("--reason", required=True, help="Why the result changes (logged).")
@pass_ctx
@guarded
def top_correct(ctx: Context, slug: str, match: int, winner: str | None, draw: bool,
                advances: str | None, reason: str) -> None:
    """Replace the result of TOP match MATCH (while the next match has none)."""
    state, bracket = top_service.enter_result(ctx.service, slug, match,
                                              _top_entry(winner, draw, advances), ctx.actor,
                                              correct=True, reason=reason)
    _saved(state, bracket, match, "corrected")


def _saved(state: EventState, bracket: Bracket, number: int, verb: str = "saved") -> None:
    result = bracket.results[number]
    note = f" ({result.note})" if result.note else ""
    console.print(f"TOP match {number}: {verb}; {escape(state.players[result.winner].name)} "
                  f"advances{escape(note)}.", highlight=False)
    champion = bracket.champion
    if champion is not None:
        console.print(f"Champion: [bold]{escape(state.players[champion].name)}[/].")


# demo -----------------------------------------------------------------------------------------
@click.command("berserk")
@click.option("--players", type=click.IntRange(min=4), default=40, show_default=True)
@click.option("--tables", type=click.IntRange(min=1), default=4, show_default=True)
@click.option("--top", "top_size", type=click.IntRange(min=2), default=16, show_default=True)
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True)
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Also write the printable HTML bracket to this file.")
@click.option("--set", "assignments", multiple=True, metavar="KEY=VALUE",
              help="A berserk setting, e.g. top_draw=named.")
@pass_ctx
@guarded
def demo_berserk(ctx: Context, players: int, tables: int, top_size: int, seed: int,
                 html_file: Path | None, assignments: tuple[str, ...]) -> None:
    """Simulate a Berserk event: draft tables, duel rounds, then the TOP; print the bracket."""
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=errors, transient=True) as bar:
        task = bar.add_task("pairing", total=None)

        def progress(label: str, done: int, total: int) -> None:
            bar.update(task, description=label, completed=done, total=total)

        loaded = run_berserk_demo(ctx.service, players, tables, top_size, seed,
                                  parse_assignments(assignments), progress)
    state = loaded.state
    print_tables(loaded)
    state, bracket = top_service.load_top(ctx.service, state.slug)
    _print_top(state, bracket)
    if html_file is not None:
        html_file.write_text(bracket_html(state, bracket), encoding="utf-8")
        console.print(f"Wrote {escape(str(html_file))}.")
    db = ctx.service.db
    where = os.path.relpath(db.url.database or "") if db.is_sqlite else "the database"
    console.print(f"Event id {state.slug} in {escape(where)}; try "
                  f"`podium top show {state.slug} --html top.html`.")


def attach(cli: click.Group, demo: click.Group) -> None:
    """Add these commands to the `podium` command and its `demo` group."""
    cli.add_command(berserk)
    cli.add_command(top)
    demo.add_command(demo_berserk)
