"""Commander's command-line contribution: ``podium demo commander``."""

from __future__ import annotations

import os

import click
from rich.markup import escape

from podium.cli import render
from podium.cli.base import Context, console, guarded, parse_assignments, pass_ctx, progress_bar
from podium.formats.commander.demo import run_commander_demo


@click.command("commander")
@click.option("--players", type=click.IntRange(min=4), default=32, show_default=True)
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True)
@click.option("--set", "assignments", multiple=True, metavar="KEY=VALUE",
              help="A commander setting, e.g. repeat_policy=avoid.")
@pass_ctx
@guarded
def demo_commander(ctx: Context, players: int, seed: int, assignments: tuple[str, ...]) -> None:
    """Simulate a full Commander event and print the final standings."""
    with progress_bar() as bar:
        task = bar.add_task("pairing", total=None)

        def progress(label: str, done: int, total: int) -> None:
            bar.update(task, description=label, completed=done, total=total)

        loaded = run_commander_demo(ctx.service, players, seed, parse_assignments(assignments),
                                    progress)
    state = loaded.state
    table = loaded.ruleset.standings(state)
    console.print(render.standings_table(state, table, f"{state.name}: final standings"))
    champion = escape(state.players[table.rows[0].player].name)
    db = ctx.service.db
    where = os.path.relpath(db.url.database or "") if db.is_sqlite else "the database"
    console.print(f"Champion: [bold]{champion}[/]. Event id {state.slug} in {escape(where)}; "
                  f"try `podium standings {state.slug}` or `podium round show {state.slug} 1`.")
