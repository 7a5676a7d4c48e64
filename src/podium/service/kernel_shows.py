"""How people see the kernel's views where a surface has no page of its own for them: each
value as tables with labelled columns and sentences (:attr:`podium.core.reads.ViewSpec.show`),
so the generic page of a view speaks the page's language and shows no field's key."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from podium.core.messages import M, Mp
from podium.core.values import Exact
from podium.core.views import N_, Cell, Column, TableView


def _exact(value: Exact | None) -> Cell:
    return None if value is None else value.fraction


def show_event(value: Any) -> Sequence[Any]:
    lines: list[Any] = [
        M("%(name)s (%(slug)s, %(format)s)", name=value.name, slug=value.slug,
          format=value.format),
        M("Players: %(registered)s registered, %(active)s active.",
          registered=value.players, active=value.active_players),
        M("Stage now: %(now)s.", now=value.phase_title)]
    if value.complete:
        lines.append(M("Complete. Champion: %(name)s.",
                       name=value.champion.name if value.champion is not None else "-"))
    return [*lines, *value.warnings]


def show_players(value: Any) -> Sequence[Any]:
    rows = tuple({"id": p.id, "player": p.name, "player_id": p.id, "group": p.group,
                  "note": (M("dropped") if p.dropped else
                           M("late entry after round %(n)s", n=p.joined_round)
                           if p.joined_round else "")}
                 for p in value.items)
    return [TableView("players", N_("Players"), (
        Column("id", N_("#"), numeric=True), Column("player", N_("Player")),
        Column("group", N_("Group")), Column("note", N_("Note"))), rows)]


def _round_table(value: Any) -> TableView:
    rows: list[dict[str, Cell]] = []
    for table in value.tables:
        outcomes = {o.player: o for o in table.result.outcomes} if table.result else {}
        for seat, (pid, name) in enumerate(zip(table.seats, table.names, strict=True),
                                           start=1):
            outcome = outcomes.get(pid)
            rows.append({"table": table.number, "seat": seat, "player": name,
                         "player_id": pid,
                         "place": outcome.place if outcome else None,
                         "points": _exact(outcome.points) if outcome else None,
                         "note": outcome.note if outcome else
                         ("" if table.result else M("no result yet"))})
    for bye in value.byes:
        rows.append({"table": M("bye"), "seat": None, "player": bye.name,
                     "player_id": bye.player, "place": None, "points": _exact(bye.points),
                     "note": bye.reason})
    return TableView(f"round-{value.number}", N_("Round {number}"), (
        Column("table", N_("Table"), numeric=True), Column("seat", Mp("seat", "Seat"),
                                                            numeric=True),
        Column("player", N_("Player")), Column("place", Mp("rank", "Rank"), numeric=True),
        Column("points", N_("Pts"), numeric=True), Column("note", N_("Note"))),
        tuple(rows), {"number": value.number},
        notes=tuple(value.notes))


def show_round(value: Any) -> Sequence[Any]:
    out: list[Any] = [_round_table(value)]
    if value.clock:
        out.append(value.clock)
    return out


def show_rounds(value: Any) -> Sequence[Any]:
    return [_round_table(r) for r in value.items]


def show_codes(value: Any) -> Sequence[Any]:
    rows = tuple({"player": c.name, "player_id": c.player, "code": c.code}
                 for c in value.items)
    return [TableView("codes", N_("Player codes"), (
        Column("player", N_("Player")), Column("code", N_("Code"))), rows)]


ROLE_LABELS = {"anyone": N_("anyone"), "player": N_("a player with their code"),
               "organiser": N_("an organiser"), "owner": N_("the owner"),
               "account": N_("an organiser account")}


def show_commands(value: Any) -> Sequence[Any]:
    rows = tuple({"name": c.name, "title": c.title, "role": M(ROLE_LABELS.get(c.role, c.role)),
                  "applies": M("yes") if c.applies else M("no")} for c in value.items)
    return [TableView("commands", N_("Commands"), (
        Column("title", N_("Command")), Column("name", N_("Name")),
        Column("role", N_("Who may run it")), Column("applies", N_("Now"))), rows)]


def show_views(value: Any) -> Sequence[Any]:
    rows = tuple({"name": v.name, "title": v.title, "role": M(ROLE_LABELS.get(v.role, v.role))}
                 for v in value.items)
    return [TableView("views", N_("Views"), (
        Column("title", N_("View")), Column("name", N_("Name")),
        Column("role", N_("Who may read it"))), rows)]


__all__ = ["show_codes", "show_commands", "show_event", "show_players", "show_round",
           "show_rounds", "show_views"]
