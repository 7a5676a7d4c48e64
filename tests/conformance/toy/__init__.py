"""A toy format written as a third party would: finishing order at tables of 3 to 5, one point
per player beaten. It exists to prove the plug-in surface (docs/architecture.md): this file and
one template (its result form) are the whole format, and it gets the command line, the API and
the pages from its declarations."""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from podium.core import inputs
from podium.core.commands import Param, ResultEntry
from podium.core.errors import InvalidInput
from podium.core.model import EventState, Round, SeatOutcome, Table, TableResult
from podium.core.reads import ViewCall, ViewSpec
from podium.core.records import build_records
from podium.core.rng import derive_seed, rng_for
from podium.core.ruleset import Capabilities, RoundPlan, Ruleset
from podium.core.schema import PLAYER, ListOf, obj
from podium.core.standings import Standings, rank_players
from podium.core.tiebreakers import get_tiebreaker
from podium.core.values import TableValue
from podium.core.views import Column, TableView
from podium.formats import settings as fs
from podium.pairing import partition
from podium.service.forms import resolve_player


def entry(values: Mapping[str, Any], state: EventState, rnd: Round,
          table: Table) -> dict[str, Any]:
    """The players from first to last, by name or #id (or their seat numbers: ``312``)."""
    typed = values.get("order") or ()
    if len(typed) == 1 and typed[0].isdigit():
        digits = typed[0]
        if sorted(digits) != [str(i) for i in range(1, len(table.seats) + 1)]:
            raise InvalidInput("type every seat once, first to last", code="toy.order",
                               field="order")
        return {"order": [table.seats[int(c) - 1] for c in digits]}
    return {"order": [resolve_player(state, name, "order").id for name in typed]}


def winners(call: ViewCall) -> TableView:
    """Each player's first places, most first: the toy's own view, a table (its page, its
    CLI command and its API route come from this declaration)."""
    state = call.state
    wins = {pid: 0 for pid in state.players}
    for rnd in state.rounds:
        for result in rnd.results.values():
            wins[result.entry["order"][0]] += 1
    least = call.get("least", 0)
    ranked = sorted((pid for pid in wins if wins[pid] >= least),
                    key=lambda pid: (-wins[pid], state.players[pid].name))
    return TableView("winners", "First places", (Column("player", "Player"),
                                                 Column("wins", "Wins", numeric=True)),
                     tuple({"player": state.players[pid].name, "player_id": pid,
                            "wins": wins[pid]} for pid in ranked))


class Toy(Ruleset[Mapping[str, Any]]):
    name = "toy"
    title = "Toy: finishing order at tables of 3 to 5"
    fields = (fs.Field("rounds", 3, fs.integer(1, 20), "rounds"),)
    capabilities = Capabilities(rounds=True)
    codes = ("toy.order",)

    def views(self) -> tuple[ViewSpec[TableView], ...]:
        return (ViewSpec("toy.winners", "First places", winners, TableValue, tab=True,
                         params=(Param("least", inputs.Integer(0, 100),
                                       "only players with at least this many"),),
                         example=lambda state: {"least": "0"}),)

    def planned_rounds(self, state: EventState, phase: str) -> int | None:
        return state.settings["rounds"]

    def result_entry(self) -> ResultEntry:
        return ResultEntry(
            params=(Param("order", inputs.Players(7), "the players from first to last",
                          required=True),),
            entry=entry, stored=obj({"order": ListOf(PLAYER, max_items=7)}),
            template="formats/toy_result.html",
            example=lambda state, rnd, table: {
                "order": ", ".join(state.players[p].name for p in table.seats)})

    def score(self, state: EventState, rnd: Round, table: Table,
              entry: Mapping[str, Any]) -> TableResult:
        order = entry["order"]
        if sorted(order) != sorted(table.seats):
            raise InvalidInput("the order must name every player at the table once",
                               field="order", code="toy.order")
        size = len(order)
        outcomes = tuple(SeatOutcome(pid, Fraction(size - place), place, won=place == 1)
                         for place, pid in enumerate(order, start=1))
        return TableResult(outcomes, {"order": list(order)})

    def plan_round(self, state: EventState) -> RoundPlan:
        active = [p.id for p in state.active_players()]
        seed = derive_seed(state.seed, "pairing", state.draws + 1)
        order = [pid for pid in self.standings(state).order() if pid in active]
        if not state.rounds:
            rng_for(seed).shuffle(order)
        plan = partition(len(order), 3, 5, 4)
        tables, start = [], 0
        for size in plan.sizes:
            tables.append(tuple(order[start:start + size]))
            start += size
        return RoundPlan(len(state.rounds) + 1, "swiss", tables, [], seed)

    def standings(self, state: EventState, through_round: int | None = None) -> Standings:
        rounds = state.rounds if through_round is None else state.rounds[:through_round]
        records = build_records(state.players, rounds)
        return rank_players(state.players, records,
                            [get_tiebreaker("points"), get_tiebreaker("random")], state.seed)

    def sample_result(self, state: EventState, rnd: Round, table: Table,
                      rng: random.Random) -> dict[str, Any]:
        order = list(table.seats)
        rng.shuffle(order)
        return {"order": order}


TOY = Toy()
