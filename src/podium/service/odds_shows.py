"""How people see the chances and what a player needs (:mod:`.odds`), where a surface has no
page of its own: a table with one chance column per goal, and a sentence with a small table
of each result of the next round and the chance after it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from podium.core.messages import M, Message, Mn
from podium.core.views import N_, Column, TableView


def how_computed(value: Any) -> Message:
    """Exact, or an estimate from how many simulations; by which model."""
    if value.remaining == 0:
        return M("No round remains: the standings decide.")
    model = M("every finish equally likely") if value.model == "uniform" else (
        M("by the players' ratings across events") if value.source == "ratings"
        else M("by the players' results in this event"))
    rounds = Mn("%(n)s round left", "%(n)s rounds left", value.remaining)
    if value.exact:
        return M("%(rounds)s; exact, every outcome counted (%(model)s).", rounds=rounds,
                 model=model)
    return M("%(rounds)s; an estimate from %(trials)s simulated events, each chance within "
             "its margin (percentage points) at 95%% (%(model)s).", rounds=rounds,
             trials=value.trials, model=model)


def show_odds(value: Any) -> Sequence[Any]:
    columns = (Column("rank", N_("#"), numeric=True), Column("player", N_("Player")),
               *(Column(goal.key, goal.label) for goal in value.goals))
    rows = tuple({"rank": row.rank, "player": row.player.name, "player_id": row.player.id,
                  **{c.goal: c.text for c in row.chances}} for row in value.items)
    return [TableView("odds", N_("Chances"), columns, rows), how_computed(value)]


def show_need(value: Any) -> Sequence[Any]:
    out: list[Any] = []
    for need in value.needs:
        out.extend(_goal_need(value.player.name, need))
    return out


def _goal_need(name: str, need: Any) -> list[Any]:
    marks = {need.keeps_possible: M("the weakest that keeps it possible"),
             need.guarantees: M("the weakest that guarantees it")}
    if need.keeps_possible == need.guarantees and need.guarantees is not None:
        marks = {need.guarantees: M("the weakest that guarantees it")}
    rows = tuple({"result": o.label, "chance": o.chance.text,
                  "note": marks.get(o.key, "")} for o in need.outcomes)
    table = TableView(f"need-{need.goal.key}", N_("After the next round"), (
        Column("result", N_("Result")), Column("chance", need.goal.label),
        Column("note", N_("Note"))), rows)
    now = M("%(name)s now: %(goal)s %(chance)s.", name=name, goal=need.goal.label,
            chance=need.now.text)
    return [now, table, need.sentence, *need.notes]
