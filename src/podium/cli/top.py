"""``podium top show``: the TOP (single-elimination play-off) of any format that declares one.
Building, results, corrections and undo are the kernel's declared commands (``podium top
build|result|correct|undo``, :mod:`podium.service.kernel`)."""

from __future__ import annotations

from pathlib import Path

import click
from rich.markup import escape

from podium.cli.base import Context, console, guarded, pass_ctx
from podium.cli.lang import tr
from podium.cli.localised import LocalisedGroup
from podium.cli.render import print_bracket, print_views
from podium.core.bracket import Bracket
from podium.core.messages import M, Message
from podium.core.model import EventState
from podium.core.views import N_
from podium.service import top as top_service
from podium.service.bracket_html import bracket_html


@click.group("top", cls=LocalisedGroup,
             help=N_("The TOP (single-elimination play-off) after the Swiss stage of any format."))
def top() -> None:
    """The group's commands are added to it (its help is given to the decorator)."""


def goal_text(goal: dict) -> str:
    """A seeding goal of rule BRK-4 and whether it is met, in the run's language (the goal's
    text is a message object, stored as JSON)."""
    text = Message.from_json(goal.get("text"))
    if goal.get("met"):
        return tr(M("goal %(number)s (rule BRK-4) met: %(text)s", number=goal.get("number"),
                    text=text))
    return tr(M("goal %(number)s (rule BRK-4) NOT met: %(text)s", number=goal.get("number"),
                text=text))


def print_top(state: EventState, bracket: Bracket) -> None:
    print_bracket(state, bracket)
    for note in bracket.notes:
        console.print(f"• {escape(tr(note))}", highlight=False)
    for goal in bracket.goals:
        console.print(f"• {escape(goal_text(goal))}", highlight=False)


@top.command("show",
             help=N_("Print the TOP bracket (and write it as HTML)."))
@click.argument("slug")
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help=N_("Also write a printable HTML bracket to this file."))
@click.option("--matches", is_flag=True, help=N_("Also list the matches."))
@pass_ctx
@guarded
def top_show(ctx: Context, slug: str, html_file: Path | None, matches: bool) -> None:
    state, bracket = top_service.load_top(ctx.service, slug)
    print_top(state, bracket)
    if matches:
        from podium.core.top_view import matches_view

        print_views([matches_view(state, bracket)])
    if html_file is not None:
        html_file.write_text(bracket_html(state, bracket), encoding="utf-8")
        console.print(escape(tr(M("Wrote %(path)s.", path=str(html_file)))), highlight=False)
