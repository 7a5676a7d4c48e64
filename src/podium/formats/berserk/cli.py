"""`podium berserk tables` and `podium demo berserk`: what Berserk prints beyond its declared
commands (the split into draft tables and the duel's result are declared, :mod:`.commands` and
:mod:`.entry`, and served by the generic command line; the TOP's are the kernel's)."""

from __future__ import annotations

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
    stored_where,
)
from podium.cli.lang import tr
from podium.cli.localised import LocalisedCommand, LocalisedGroup
from podium.cli.render import print_views
from podium.cli.top import print_top
from podium.core import codes
from podium.core.errors import InvalidInput
from podium.core.messages import M
from podium.core.views import N_
from podium.formats.berserk.commands import run_berserk_demo
from podium.service import top as top_service
from podium.service.bracket_html import bracket_html


# berserk --------------------------------------------------------------------------------------
@click.group("berserk", cls=LocalisedGroup,
             help=N_("Berserk: draft tables and duel results (rules BRK-6 .. BRK-10)."))
def berserk() -> None:
    """The group's commands are added to it (its help is given to the decorator)."""


def print_split(done: Any) -> None:
    """The draft tables just drawn, one line each."""
    state = done.state
    for number, members in enumerate(done.value, start=1):
        names = ", ".join(state.players[pid].name for pid in members)
        console.print(escape(tr(M("Draft table %(n)s (%(size)s): %(names)s", n=number,
                                  size=len(members), names=names))), highlight=False)


@berserk.command("tables",
                 help=N_("Each draft table's standings (they seed the TOP), and the TOP once "
                         "built."))
@click.argument("slug")
@pass_ctx
@guarded
def berserk_tables(ctx: Context, slug: str) -> None:
    loaded = ctx.service.load(slug)
    print_tables(loaded)
    print_views([v for v in loaded.ruleset.tables(loaded.state) if v.key.startswith("top")])


def print_tables(loaded: Any) -> None:
    """Each draft table's standings, tiebreakers shown as the standings command shows them."""
    if not loaded.ruleset.capabilities.divisions:
        raise InvalidInput("event %(event)r has no draft tables (not Berserk)",
                           code=codes.CAPABILITY_DIVISIONS, event=loaded.state.slug)
    for division, standings in loaded.ruleset.division_standings(loaded.state):
        console.print(render.standings_table(loaded.state, standings, tr(division.name)))


# top ------------------------------------------------------------------------------------------
# demo -----------------------------------------------------------------------------------------
@click.command("berserk", cls=LocalisedCommand,
               help=N_("Simulate a Berserk event: draft tables, duel rounds, then the TOP; print "
                       "the bracket."))
@click.option("--players", type=click.IntRange(min=4), default=40, show_default=True,
              help=N_("How many players."))
@click.option("--tables", type=click.IntRange(min=1), default=4, show_default=True,
              help=N_("How many draft tables."))
@click.option("--top", "top_size", type=click.IntRange(min=2), default=16, show_default=True,
              help=N_("The TOP's size."))
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True,
              help=N_("The seed of the random draws."))
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help=N_("Also write the printable HTML bracket to this file."))
@click.option("--set", "assignments", multiple=True, metavar="KEY=VALUE",
              help=N_("A berserk setting, e.g. top_draw=named."))
@pass_ctx
@guarded
def demo_berserk(ctx: Context, players: int, tables: int, top_size: int, seed: int,
                 html_file: Path | None, assignments: tuple[str, ...]) -> None:
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
        console.print(escape(tr(M("Wrote %(path)s.", path=str(html_file)))), highlight=False)
    console.print(escape(tr(stored_where(ctx, state.slug, M(
        "try `podium top show %(slug)s --html top.html`.", slug=state.slug)))),
        highlight=False)



COMMANDS = [berserk]
