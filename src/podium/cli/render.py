"""Rich tables for people: standings, pairings with their explanation, the log."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from podium.cli.base import console
from podium.cli.bracket_text import bracket_text
from podium.cli.lang import current, tr
from podium.cli.tables import width_bound
from podium.core.bracket import Bracket
from podium.core.explain import RoundExplanation
from podium.core.log import Action
from podium.core.messages import M, Mn, Mp
from podium.core.model import EventState, Round
from podium.core.standings import Standings
from podium.core.views import N_, TableView
from podium.i18n import number_text, percent_text
from podium.service.exports import cell_text, label, title, to_csv, to_html

#: Criteria shown as percentages (the web pages' and the exports' choice too).
PERCENT = {"opponents_win_pct"}


def points_text(value: Fraction | int) -> str:
    """Points in the run's language: ``34,5`` in Russian, an exact half ``2,5``."""
    return number_text(value, current())


def criterion_text(criterion: Any, value: Any) -> str:
    """A tiebreak value in the run's language: a number as :func:`number_text` writes it, a
    ratio as a percentage; anything else (a random key, none) as the criterion writes it."""
    if criterion.name in PERCENT and isinstance(value, int | Fraction):
        return percent_text(value, current())
    if isinstance(value, int | Fraction) and not isinstance(value, bool):
        return number_text(value, current())
    return str(criterion.display(value))


def cell(value: Any, column: Any, lang: str) -> str:
    """A table view's cell for a terminal: numbers in ``lang``'s format (a published column of
    fixed decimals keeps them), percentages as such; the rest as the exports write it."""
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        return cell_text(value, column, lang)
    if column.key in PERCENT:
        return percent_text(value, lang)
    return number_text(value, lang, column.decimals, fixed=column.key == "result")


def shown_note(shown: int, total: int) -> str | None:
    """What a cut table says under it: how many rows it left out and how to see them."""
    if shown >= total:
        return None
    return tr(M("Showing the top %(shown)s of %(total)s rows; --top N shows more, --top 0 "
                 "all (slow for very large events), --csv writes every row.",
                 shown=number_text(shown, current()), total=number_text(total, current())))


def standings_table(state: EventState, standings: Standings, title: str,
                    limit: int | None = None, odds: Any = None) -> Table:
    """The standings with every tiebreak column; only the first ``limit`` rows when given
    (rendering 200,000 rows takes rich minutes, and nobody reads them on a terminal);
    ``odds`` (the ``odds`` view's value): one chance column per goal after the points."""
    # the first rows only, and the count: kept standings make no other row (a 200,000-row
    # list cost most of a `--top 20` of such an event)
    total = standings.count()
    rows = standings.rows if limit is None else standings.page(0, limit)
    note = shown_note(len(rows), total)
    table = Table(title=escape(title), box=box.SIMPLE_HEAVY, title_justify="left",
                  caption=escape(note) if note else None, caption_justify="left")
    table.add_column("#", justify="right")
    table.add_column(tr(N_("Player")), no_wrap=True)
    for criterion in standings.criteria:
        table.add_column(escape(tr(criterion.label)), justify="right", no_wrap=True)
    goals = [] if odds is None else odds.goals
    chances = {} if odds is None else {
        row.player.id: {c.goal: tr(c.text) for c in row.chances} for row in odds.items}
    for goal in goals:
        table.add_column(escape(tr(goal.label)), justify="right", no_wrap=True)
    table.add_column(tr(N_("W-D-L")), justify="right")
    table.add_column(tr(N_("Byes")), justify="right")
    table.add_column(tr(N_("Note")))
    for row in rows:
        record = row.record
        losses = record.games - record.wins - record.draws
        notes = [tr(n) for n in (row.note, M("dropped") if row.dropped else "") if n]
        player = state.players[row.player]
        if player.joined_round:
            notes.append(tr(M("late entry after round %(n)s", n=player.joined_round)))
        table.add_row(
            str(row.rank),
            escape(player.name),
            *(criterion_text(c, v) for c, v in zip(standings.criteria, row.values, strict=True)),
            *(chances.get(row.player, {}).get(goal.key, "") for goal in goals),
            f"{record.wins}-{record.draws}-{losses}",
            str(record.byes),
            escape("; ".join(notes)),
        )
    return table


def pairing_tables(
    state: EventState, explanation: RoundExplanation, title: str
) -> list[RenderableType]:
    """One table per pod: seat, player, standing and points before the round, and remarks."""
    plain = {pid: p.name for pid, p in state.players.items()}  # for Text, which has no markup
    names = {pid: escape(name) for pid, name in plain.items()}
    out: list[RenderableType] = []
    for pod in explanation.tables:
        heading = tr(M("%(title)s · table %(n)s", title=title, n=pod.number))
        if pod.size_note:
            heading += f" ({tr(pod.size_note)})"
        repeats = [
            tr(Mn("repeat: %(a)s and %(b)s met in round %(rounds)s",
                  "repeat: %(a)s and %(b)s met in rounds %(rounds)s", len(r.rounds),
                  a=plain[a], b=plain[b], rounds=", ".join(map(str, r.rounds))))
            for r in pod.repeats
            for a, b in [r.players]
        ]
        table = Table(title=escape(heading), box=box.SIMPLE, title_justify="left")
        table.add_column(tr(Mp("seat", "Seat")), justify="right")
        table.add_column(tr(N_("Player")), no_wrap=True)
        table.add_column(tr(Mp("rank", "Rank")), justify="right")
        table.add_column(tr(N_("Pts")), justify="right")
        for line in pod.seats:
            table.add_row(str(line.seat), names[line.player], str(line.rank),
                          points_text(line.points))
        out.append(table)
        out.extend(Text(f"  {line}", style="yellow") for line in repeats)
    if explanation.byes:
        table = Table(title=escape(tr(M("%(title)s · byes", title=title))), box=box.SIMPLE,
                      title_justify="left")
        table.add_column(tr(N_("Player")), no_wrap=True)
        table.add_column(tr(Mp("rank", "Rank")), justify="right")
        table.add_column(tr(N_("Pts")), justify="right")
        table.add_column(tr(N_("Why")))
        for line, reason in explanation.byes:
            table.add_row(names[line.player], str(line.rank), points_text(line.points),
                          escape(tr(reason)))
        out.append(table)
    return out


def results_table(state: EventState, rnd: Round, stage_title: str = "") -> Table:
    names = {pid: escape(p.name) for pid, p in state.players.items()}
    title = M("Round %(number)s (%(stage)s) results", number=rnd.number,
              stage=M(stage_title or rnd.stage))
    table = Table(title=escape(tr(title)), box=box.SIMPLE_HEAVY, title_justify="left")
    table.add_column(tr(N_("Table")), justify="right")
    table.add_column(tr(Mp("seat", "Seat")), justify="right")
    table.add_column(tr(N_("Player")), no_wrap=True)
    table.add_column(tr(N_("Elim.")), justify="right")
    table.add_column(tr(N_("Pts")), justify="right")
    table.add_column(tr(N_("Note")))
    for pod in rnd.tables:
        result = rnd.results.get(pod.number)
        for seat, pid in enumerate(pod.seats, start=1):
            if result is None:
                table.add_row(str(pod.number), str(seat), names[pid], "", "",
                              escape(tr(M("no result yet"))))
                continue
            outcome = result.of(pid)
            note = tr(outcome.note) + (" " + tr(M("(corrected)")) if result.corrected else "")
            table.add_row(str(pod.number), str(seat), names[pid], str(outcome.order or ""),
                          points_text(outcome.points), escape(note.strip()))
    for bye in rnd.byes:
        table.add_row(escape(tr(M("bye"))), "", names[bye.player], str(bye.order or ""),
                      points_text(bye.points), escape(tr(bye.reason)))
    return table


def log_table(actions: Sequence[Action], state: EventState, ruleset: Any = None) -> Table:
    """The log, one action a row, each action's details as the organiser's log page says them
    in either language (:func:`podium.service.logtext.describe`: the players by name, the
    round and table, what changed), so the terminal and the pages never word it apart."""
    from podium.service.logtext import describe, kind_titles

    lang = current()
    kind = kind_titles(lang, ruleset) if ruleset is not None else tr
    table = Table(title=escape(tr(M("Log of %(slug)s", slug=state.slug))), box=box.SIMPLE,
                  title_justify="left")
    table.add_column("#", justify="right")
    for column in (N_("When (UTC)"), N_("Actor"), N_("Action"), N_("Details"), N_("Reason")):
        table.add_column(tr(column))
    for action in actions:
        table.add_row(str(action.seq), action.at.strftime("%Y-%m-%d %H:%M:%S"),
                      escape(action.actor), escape(kind(action.kind)),
                      escape(describe(state, action, lang, ruleset)),
                      escape(tr(action.reason)))
    return table


def view_table(view: TableView, lang: str | None = None, limit: int | None = None) -> Table:
    """A format-neutral table view as a rich table, its labels in ``lang`` (the run's)."""
    lang = lang or current()
    table = Table(title=escape(title(view, lang)), box=box.SIMPLE_HEAVY, title_justify="left")
    for column in view.columns:
        table.add_column(escape(label(column.label, lang)),
                         justify="right" if column.numeric else "left", no_wrap=True)
    rows = view.rows if limit is None else view.rows[:limit]
    for row in rows:
        table.add_row(*(escape(cell(row.get(c.key), c, lang)) for c in view.columns))
    return table


def print_view(view: TableView, lang: str | None = None, limit: int | None = None) -> None:
    """Printed whole: into a file or a pipe a wide table (a year of eleven seasons) keeps its
    full width instead of cutting the names short."""
    lang = lang or current()
    table = view_table(view, lang, limit)
    narrow = console.width
    if not console.is_terminal:
        bound = width_bound(table, lines=True)  # most tables fit: no measure needed
        if bound is None or bound > narrow:
            wide = console.measure(table, options=console.options.update_width(10_000)).maximum
            console.width = max(narrow, wide)
    try:
        console.print(table)
    finally:
        console.width = narrow
    note = shown_note(limit, len(view.rows)) if limit is not None else None
    if note:
        console.print(f"[dim]{escape(note)}[/]", highlight=False)
    for note in view.notes:
        console.print(f"[dim]{escape(label(note, lang))}[/]", highlight=False)


def print_views(views: list[TableView], lang: str | None = None) -> None:
    for view in views:
        print_view(view, lang)


def write_exports(view: TableView, event_name: str, lang: str, csv_path: Path | None,
                  html_path: Path | None, subtitle: str = "") -> None:
    """Write a table as CSV and/or standalone HTML (:mod:`podium.service.exports`)."""
    if csv_path:
        csv_path.write_text(to_csv(view, lang), encoding="utf-8")
        console.print(escape(tr(M("Wrote %(path)s.", path=str(csv_path)))), highlight=False)
    if html_path:
        html_path.write_text(to_html(view, event_name, lang, subtitle), encoding="utf-8")
        console.print(escape(tr(M("Wrote %(path)s.", path=str(html_path)))), highlight=False)


def print_bracket(state: EventState, bracket: Bracket) -> None:
    """The tree; in a terminal narrower than the tree, the matches round by round (a tree
    that wraps cannot be read). Into a file or a pipe, the tree."""
    width = console.width if console.is_terminal else None
    console.print(escape(bracket_text(state, bracket, width)), highlight=False, soft_wrap=True)
