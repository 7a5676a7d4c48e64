"""``podium top ...``: the TOP (single-elimination play-off) of any format that declares one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.markup import escape

from podium.cli.base import Context, console, guarded, pass_ctx
from podium.cli.render import print_bracket, print_views
from podium.core.bracket import DRAW_RULES, Bracket
from podium.core.errors import InvalidInput
from podium.core.model import EventState
from podium.pairing.bracket import TOP_SEEDINGS
from podium.service import top as top_service
from podium.service.bracket_html import bracket_html
from podium.service.forms import resolve_player


@click.group("top")
def top() -> None:
    """The TOP (single-elimination play-off) after the Swiss stage of any format."""


@top.command("build")
@click.argument("slug")
@click.option("--size", type=int, default=None, help="Players in the TOP (Berserk: top_size).")
@click.option("--draw-rule", type=click.Choice(DRAW_RULES), default=None,
              help="Who advances after a draw (BRK-5; default: the higher seed).")
@click.option("--minutes", type=int, default=None, help="Time per game in the TOP (BRK-7).")
@click.option("--seeding", type=click.Choice(TOP_SEEDINGS), default=None,
              help="written: the regulation's bracket, changed only for goal 1; goals: the "
                   "bracket that best meets goals 1 to 3 (BRK-4; default: the format's).")
@click.option("--preview", is_flag=True, help="Show the bracket without storing it.")
@pass_ctx
@guarded
def top_build(ctx: Context, slug: str, size: int | None, draw_rule: str | None,
              minutes: int | None, seeding: str | None, preview: bool) -> None:
    """Seed the TOP from the standings (BRK-1 .. BRK-4) and print it."""
    if preview:
        state, bracket = top_service.preview_top(ctx.service, slug, size, draw_rule, minutes,
                                                 seeding)
    else:
        state, bracket = top_service.build(ctx.service, slug, ctx.actor, size, draw_rule,
                                           minutes, seeding=seeding)
    print_top(state, bracket)
    if preview:
        loaded = ctx.service.load(slug)
        for choice in top_service.seeding_choices(loaded.ruleset, loaded.state, bracket.size):
            met = ", ".join(f"goal {g['number']} {'met' if g['met'] else 'NOT met'}"
                            for g in choice["goals"]) or "no goal applies"
            mark = " (this preview)" if choice["seeding"] == bracket.seeding else ""
            console.print(f"• seeding {choice['seeding']}{mark}: {met}; "
                          f"{choice['moved']} players moved from the written bracket",
                          highlight=False)
        console.print("[dim]Nothing stored. Run without --preview to commit.[/]")


def print_top(state: EventState, bracket: Bracket) -> None:
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
    print_top(state, bracket)
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
