"""How the command line prints the answers of some kernel commands (a declaration's ``render``):
the round just paired with every table explained, the TOP as a bracket. Each function gets the
:class:`~podium.service.catalog.Done` of the command."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from podium.cli import render
from podium.cli.base import console
from podium.cli.lang import tr
from podium.core.messages import M, Mn

NOTHING_STORED = M("Nothing stored. Run without --preview to commit.")


def players_added(done: Any) -> None:
    for added in done.value:
        console.print(f"#{added.id} {escape(added.name)}", highlight=False)


def print_explanation(state: Any, explanation: Any, title: str) -> None:
    for table in render.pairing_tables(state, explanation, title):
        console.print(table)
    for note in explanation.notes:
        console.print(f"• {escape(note)}", highlight=False)
    console.print(f"Repeated pairs in this round: {explanation.repeat_count}")


def round_paired(done: Any) -> None:
    """The round with its explanation; a preview (its state holds the round, the log does
    not) says that nothing was stored."""
    from podium.service.events import explain_paired

    loaded = done.outcome.loaded
    explanation = explain_paired(loaded, done.value.number)
    title = (f"{'PREVIEW round' if done.preview else 'Round'} {explanation.number} "
             f"({explanation.stage})")
    print_explanation(loaded.state, explanation, title)
    if done.preview:
        console.print(f"[dim]{escape(tr(NOTHING_STORED))}[/]")


def top_built(done: Any) -> None:
    from podium.cli.top import print_top

    print_top(done.state, done.value)
    if not done.preview:
        return
    from podium.service.top import seeding_choices

    loaded = done.outcome.loaded
    for choice in seeding_choices(loaded.ruleset, loaded.state, done.value.size):
        met = ", ".join(tr(M("goal %(number)s met", number=g["number"]) if g["met"] else
                           M("goal %(number)s NOT met", number=g["number"]))
                        for g in choice["goals"]) or tr(M("no goal applies"))
        moved = tr(Mn("%(n)s player moved from the written bracket",
                      "%(n)s players moved from the written bracket", choice["moved"]))
        if choice["seeding"] == done.value.seeding:
            line = M("seeding %(seeding)s (this preview): %(goals)s; %(moved)s",
                     seeding=choice["seeding"], goals=met, moved=moved)
        else:
            line = M("seeding %(seeding)s: %(goals)s; %(moved)s", seeding=choice["seeding"],
                     goals=met, moved=moved)
        console.print(f"• {escape(tr(line))}", highlight=False)
    console.print(f"[dim]{escape(tr(NOTHING_STORED))}[/]")


def top_result(done: Any) -> None:
    bracket = done.value
    state = done.state
    stored = done.outcome.actions[-1].payload if done.outcome.actions else {}
    number = stored.get("match")
    result = bracket.results.get(number)
    if result is None:
        console.print(escape(tr(done.said)), highlight=False)
        return
    verb = "corrected" if done.outcome.actions[-1].kind == "top.corrected" else "saved"
    note = f" ({result.note})" if result.note else ""
    console.print(f"TOP match {number}: {verb}; {escape(state.players[result.winner].name)} "
                  f"advances{escape(note)}.", highlight=False)
    if bracket.champion is not None:
        console.print(f"Champion: [bold]{escape(state.players[bracket.champion].name)}[/].")
