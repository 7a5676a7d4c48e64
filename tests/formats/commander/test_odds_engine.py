"""The projection's simulator plays the same rounds as the engine: from random states, the
same pods (rules CMD-6, CMD-7), the same byes (CMD-8, CMD-9), the same points (CMD-2), the same
tiebreaks and standings order (CMD-3), for the same finishing orders."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.core.tiebreakers import opponents_win_ratio
from podium.formats.commander.odds_sim import Batch, base_of
from podium.formats.commander.rules import SWISS
from tests.builders import EventLog

# about 20 s: a thousand random states, each played up to two rounds on by both


def _history(players: int, played: int, drops: int, seed: int, policy: str) -> EventLog:
    """An event with ``played`` rounds paired by the engine and plausible results (draws,
    shared orders, game losses: :meth:`Commander.sample_result`), some players dropped."""
    event = EventLog(players=players, seed=seed, bye_policy=policy)
    rng = random.Random(seed)
    for _ in range(played):
        rnd = event.pair()
        for table in rnd.tables:
            event.result(table.number, event.ruleset.sample_result(event.state, rnd, table, rng))
    active = [p.id for p in event.state.active_players()]
    for pid in rng.sample(active, min(drops, len(active) - 5)):
        event.do("player.dropped", {"player": pid})
    return event


def _pods(event: EventLog, number: int) -> list[list[int]]:
    return [list(t.seats) for t in event.state.round(number).tables]


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(5, 22), played=st.integers(1, 3), drops=st.integers(0, 2),
       seed=st.integers(0, 10**6), policy=st.sampled_from(["byes", "short-pods"]),
       rounds=st.integers(1, 2))
def test_simulated_rounds_are_the_engines(players: int, played: int, drops: int, seed: int,
                                          policy: str, rounds: int) -> None:
    event = _history(players, played, drops, seed, policy)
    state = event.state
    swiss = [r for r in state.rounds if r.stage == SWISS]
    base = base_of(state, swiss, {})
    index, ids = base.index, base.ids
    batch = Batch.start(base, 1, [[index[p] for p in pod] for pod in _pods(event, played)])
    rng = random.Random(seed + 1)
    for _ in range(rounds):
        plan = event.ruleset.plan_round(state)
        played_pods, sitting = batch.pair(plan.number)
        # rule CMD-6, CMD-7: the same pods in the same table order; CMD-8: the same byes
        simulated = [sorted(ids[i] for i in pod) for pod in _split(played_pods)]
        assert simulated == [sorted(t) for t in plan.tables]
        assert {ids[i] for i in np.flatnonzero(sitting[0])} == {b.player for b in plan.byes}
        event.do("round.paired", plan.to_payload())
        # the same finishing orders in both (rule CMD-2: place 1 wins)
        places = np.zeros_like(played_pods.members)
        at = 0
        rnd = state.rounds[-1]
        for table, size in zip(rnd.tables, played_pods.sizes, strict=True):
            finish = list(table.seats)
            rng.shuffle(finish)
            event.win(table.number, finish[0], *reversed(finish[1:]))
            for place, pid in enumerate(finish, start=1):
                column = list(played_pods.members[0, at:at + size]).index(index[pid])
                places[0, at + column] = place
            at += size
        batch.play(played_pods, places, sitting)
        _same_records(event, batch)


def _split(played) -> list[list[int]]:  # type: ignore[no-untyped-def]
    members = played.members[0].tolist()
    out, at = [], 0
    for size in played.sizes:
        out.append(members[at:at + size])
        at += size
    return out


def _same_records(event: EventLog, batch: Batch) -> None:
    """Points, elimination sums (CMD-3a), wins, games, byes, the opponents' win ratio (CMD-3b)
    and the standings order of the active players (CMD-3, CMD-3c) agree."""
    standings = event.standings()
    records = {row.player: row.record for row in standings.rows}
    base = batch.base
    won, games = batch.opponents()
    for i, pid in enumerate(base.ids):
        record = records[pid]
        assert Fraction(int(batch.points[0, i]), base.scale) == record.points
        assert Fraction(int(batch.osum[0, i]), 2) == record.order_sum
        assert (batch.wins[0, i], batch.games[0, i], batch.byes[0, i]) == (
            record.wins, record.games, record.byes)
        ratio = Fraction(int(won[0, i]), int(games[0, i])) if games[0, i] else Fraction(0)
        assert ratio == opponents_win_ratio(pid, records)
    order, count, _columns = batch.order()
    active = [pid for pid in standings.order() if not event.state.players[pid].dropped]
    assert [base.ids[i] for i in order[0, :count]] == active
