"""`podium berserk ...` and `podium demo berserk`: thin Click commands for what only Berserk
has: the draft tables and duel results (technical wins, Team Sealed). The TOP's commands are
shared by every format with a play-off (:mod:`podium.cli.top`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from podium.cli import render
from podium.cli.base import (
    Context,
    console,
    guarded,
    parse_assignments,
    pass_ctx,
    progress_bar,
)
from podium.cli.render import print_views
from podium.cli.top import print_top
from podium.core.errors import InvalidInput
from podium.core.model import EventState
from podium.formats.berserk.commands import run_berserk_demo, split_tables
from podium.service import top as top_service
from podium.service.bracket_html import bracket_html
from podium.service.forms import resolve_player


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
    if not loaded.ruleset.capabilities.divisions:
        raise InvalidInput("event %(event)r has no draft tables (not Berserk)",
                           code="capability.divisions", event=loaded.state.slug)
    for division, standings in loaded.ruleset.division_standings(loaded.state):
        console.print(render.standings_table(loaded.state, standings, division.name))


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
    with progress_bar() as bar:
        task = bar.add_task("pairing", total=None)

        def progress(label: str, done: int, total: int) -> None:
            bar.update(task, description=label, completed=done, total=total)

        loaded = run_berserk_demo(ctx.service, players, tables, top_size, seed,
                                  parse_assignments(assignments), progress)
    state = loaded.state
    print_tables(loaded)
    state, bracket = top_service.load_top(ctx.service, state.slug)
    print_top(state, bracket)
    if html_file is not None:
        html_file.write_text(bracket_html(state, bracket), encoding="utf-8")
        console.print(f"Wrote {escape(str(html_file))}.")
    db = ctx.service.db
    where = os.path.relpath(db.url.database or "") if db.is_sqlite else "the database"
    console.print(f"Event id {state.slug} in {escape(where)}; try "
                  f"`podium top show {state.slug} --html top.html`.")



COMMANDS = [berserk]
