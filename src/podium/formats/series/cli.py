"""``podium series ...``: a series of events (:mod:`podium.core.series`) on the command line.
Thin: each command runs one service command or reads the ledger."""

from __future__ import annotations

import click
from rich import box
from rich.markup import escape
from rich.table import Table

from podium.cli.base import Context, console, guarded, pass_ctx
from podium.service.series import AddMember, RemoveMember, series_ledger


@click.group("series")
def series() -> None:
    """A series of events in order (a year of seasons, a circuit) and its ledger."""


@series.command("add")
@click.argument("slug")
@click.argument("event")
@click.option("--label", default="", help="how the member is called (Season 3)")
@click.option("--reason", default="")
@pass_ctx
@guarded
def add(ctx: Context, slug: str, event: str, label: str, reason: str) -> None:
    """Add EVENT as the series' next member."""
    member = ctx.service.execute(AddMember(slug, event, label, {}, reason), ctx.actor).value
    console.print(f"{escape(member.event)} added to {escape(slug)} as {escape(member.label)}.",
                  highlight=False)


@series.command("remove")
@click.argument("slug")
@click.argument("event")
@click.option("--reason", required=True)
@pass_ctx
@guarded
def remove(ctx: Context, slug: str, event: str, reason: str) -> None:
    """Remove EVENT from the series (the log keeps it and the reason)."""
    ctx.service.execute(RemoveMember(slug, event, reason), ctx.actor)
    console.print(f"{escape(event)} removed from {escape(slug)}.", highlight=False)


@series.command("table")
@click.argument("slug")
@click.option("--best", type=int, default=None, help="count each player's best N members")
@pass_ctx
@guarded
def table(ctx: Context, slug: str, best: int | None) -> None:
    """The ledger: each player's points in each member and the total."""
    ledger = series_ledger(ctx.service, slug, best)
    out = Table(box=box.SIMPLE)
    out.add_column("#", justify="right")
    out.add_column("player")
    for member in ledger.members:
        out.add_column(member.label, justify="right")
    out.add_column("total", justify="right")
    for rank, row in enumerate(ledger.rows, start=1):
        cells = ["–" if p is None else (str(p) if c else f"({p})")
                 for p, c in zip(row.points, row.counted, strict=True)]
        out.add_row(str(rank), escape(row.player), *cells, str(row.total))
    console.print(out)


COMMANDS = [series]
