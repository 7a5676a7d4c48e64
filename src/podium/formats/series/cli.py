"""``podium series table``: a series' ledger on the command line. Its membership commands are
the kernel's declared ones (``podium series add|remove``, :mod:`podium.service.kernel`), and a
member format's own commands on a series stand beside them (the 7 Wonders year's)."""

from __future__ import annotations

import click
from rich import box
from rich.markup import escape
from rich.table import Table

from podium.cli.base import Context, console, guarded, pass_ctx
from podium.cli.lang import tr
from podium.cli.localised import LocalisedGroup
from podium.core.views import N_
from podium.service.series import series_ledger


@click.group("series", cls=LocalisedGroup,
             help=N_("A series of events in order (a year of seasons, a circuit) and its ledger."))
def series() -> None:
    """The group's commands are added to it (its help is given to the decorator)."""


@series.command("table",
                help=N_("The ledger: each player's points in each member and the total."))
@click.argument("slug")
@click.option("--best", type=int, default=None, help=N_("Count each player's best N members."))
@pass_ctx
@guarded
def table(ctx: Context, slug: str, best: int | None) -> None:
    ledger = series_ledger(ctx.service, slug, best)
    out = Table(box=box.SIMPLE)
    out.add_column("#", justify="right")
    out.add_column(tr(N_("Player")))
    for member in ledger.members:
        out.add_column(escape(tr(member.label)), justify="right")
    out.add_column(tr(N_("Total")), justify="right")
    for rank, row in enumerate(ledger.rows, start=1):
        cells = ["–" if p is None else (str(p) if c else f"({p})")
                 for p, c in zip(row.points, row.counted, strict=True)]
        out.add_row(str(rank), escape(row.player), *cells, str(row.total))
    console.print(out)


COMMANDS = [series]
