"""The TOP as format-neutral tables (:mod:`podium.core.views`): its matches and its seeds.

Any format's ``views(state)`` can append these once a TOP is built (rules BRK-1 .. BRK-5).
"""

from __future__ import annotations

from podium.core.bracket import Bracket, round_name
from podium.core.messages import M, Message, Mn
from podium.core.model import EventState
from podium.core.top_replay import top_of
from podium.core.views import N_, Cell, Column, TableView


def top_views(state: EventState) -> list[TableView]:
    bracket = top_of(state)
    if bracket is None:
        return []
    return [matches_view(state, bracket), seeds_view(state, bracket)]


def _name(state: EventState, bracket: Bracket, pid: int | None, known: bool) -> str:
    if pid is None:
        return M("bye") if known else "?"
    return f"({bracket.seeds[pid]}) {state.players[pid].name}"


def matches_view(state: EventState, bracket: Bracket) -> TableView:
    columns = (
        Column("match", N_("Match"), numeric=True),
        Column("round", N_("Round")),
        Column("first", N_("Player")),
        Column("second", N_("Opponent")),
        Column("winner", N_("Advances")),
        Column("note", N_("Note")),
    )
    rows: list[dict[str, Cell]] = []
    for match in bracket.matches():
        if match.is_bye and match.players == (None, None):
            continue
        first, second = match.players
        winner = match.winner
        note = ""
        if match.result is not None:
            note = match.result.note or (M("corrected") if match.result.corrected else "")
        elif match.is_bye:
            note = M("bye")
        rows.append({
            "match": match.number,
            "round": round_name(match.round, bracket.rounds),
            "first": _name(state, bracket, first, match.known),
            "second": _name(state, bracket, second, match.known),
            "winner": "" if winner is None else state.players[winner].name,
            "note": note,
        })
    notes = [*bracket.notes]
    if bracket.minutes:
        notes.append(Mn("time: %(n)s minute per game in the TOP (rule BRK-7)",
                        "time: %(n)s minutes per game in the TOP (rule BRK-7)", bracket.minutes))
    champion = bracket.champion
    if champion is not None:
        notes.append(M("champion: %(name)s", name=state.players[champion].name))
    return TableView("top", N_("TOP"), columns, tuple(rows), notes=tuple(notes))


class BracketTable(TableView):
    """The TOP's matches (:func:`matches_view`) keeping the bracket and the event they were
    made from, so a surface that draws brackets (the command line's tree, with its notes and
    the seeding's goals) draws it instead of the table."""

    bracket: Bracket
    state: EventState


def bracket_table(state: EventState, bracket: Bracket) -> BracketTable:
    view = matches_view(state, bracket)
    out = BracketTable(view.key, view.title, view.columns, view.rows, view.title_args,
                       view.notes)
    object.__setattr__(out, "bracket", bracket)
    object.__setattr__(out, "state", state)
    return out


def seeds_view(state: EventState, bracket: Bracket) -> TableView:
    columns = (
        Column("seed", N_("Seed"), numeric=True),
        Column("player", N_("Player")),
        Column("table", N_("Qualified from")),
    )
    rows: tuple[dict[str, Cell], ...] = tuple(
        {"seed": seed, "player": state.players[pid].name, "table": bracket.tables.get(pid, "")}
        for pid, seed in sorted(bracket.seeds.items(), key=lambda item: item[1])
    )
    goals = tuple(
        (M("goal %(number)s: met: %(text)s", number=g.get("number"),
           text=Message.from_json(g.get("text")))
         if g.get("met") else
         M("goal %(number)s: NOT met: %(text)s", number=g.get("number"),
           text=Message.from_json(g.get("text"))))
        for g in bracket.goals
    )
    return TableView("top-seeds", N_("TOP seeds"), columns, rows, notes=goals)
