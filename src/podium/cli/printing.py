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
        console.print(f"• {escape(tr(note))}", highlight=False)
    console.print(escape(tr(M("Repeated pairs in this round: %(n)s",
                              n=explanation.repeat_count))), highlight=False)


def round_paired(done: Any) -> None:
    """The round with its explanation; a preview (its state holds the round, the log does
    not) says that nothing was stored."""
    from podium.core import phases
    from podium.service.events import explain_paired

    loaded = done.outcome.loaded
    explanation = explain_paired(loaded, done.value.number)
    stage = M(next((p.title for p in phases.declared(loaded.state, loaded.ruleset)
                    if p.key == explanation.stage), explanation.stage))
    title = tr(M("PREVIEW round %(n)s (%(stage)s)", n=explanation.number, stage=stage)
               if done.preview else
               M("Round %(n)s (%(stage)s)", n=explanation.number, stage=stage))
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
    winner = state.players[result.winner].name
    note = f" ({tr(result.note)})" if result.note else ""
    if done.outcome.actions[-1].kind == "top.corrected":
        line = M("TOP match %(n)s: corrected; %(name)s advances%(note)s.", n=number,
                 name=winner, note=note)
    else:
        line = M("TOP match %(n)s: saved; %(name)s advances%(note)s.", n=number, name=winner,
                 note=note)
    console.print(escape(tr(line)), highlight=False)
    if bracket.champion is not None:
        console.print(escape(tr(M("Champion: %(name)s.",
                                  name=state.players[bracket.champion].name))),
                      highlight=False)
