"""Commander's command-line contribution: ``podium demo commander``."""

from __future__ import annotations

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
from podium.cli.localised import LocalisedCommand
from podium.core.messages import M
from podium.core.views import N_
from podium.formats.commander.demo import run_commander_demo


@click.command("commander", cls=LocalisedCommand,
               help=N_("Simulate a full Commander event and print the final standings."))
@click.option("--players", type=click.IntRange(min=4), default=32, show_default=True,
              help=N_("How many players."))
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True,
              help=N_("The seed of the random draws."))
@click.option("--set", "assignments", multiple=True, metavar="KEY=VALUE",
              help=N_("A commander setting, e.g. repeat_policy=avoid."))
@pass_ctx
@guarded
def demo_commander(ctx: Context, players: int, seed: int, assignments: tuple[str, ...]) -> None:
    with progress_bar() as bar:
        task = bar.add_task("pairing", total=None)

        def progress(label: str, done: int, total: int) -> None:
            bar.update(task, description=label, completed=done, total=total)

        loaded = run_commander_demo(ctx.service, players, seed, parse_assignments(assignments),
                                    progress)
    state = loaded.state
    table = loaded.ruleset.standings(state)
    console.print(render.standings_table(
        state, table, tr(M("%(name)s: final standings", name=state.name))))
    champion = state.players[table.rows[0].player].name
    console.print(escape(tr(M("Champion: %(name)s.", name=champion))) + " "
                  + escape(tr(stored_where(ctx, state.slug, M(
                      "try `podium standings %(slug)s` or `podium round show %(slug)s 1`.",
                      slug=state.slug)))), highlight=False)
