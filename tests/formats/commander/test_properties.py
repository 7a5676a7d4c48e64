"""Hypothesis properties of whole Commander events: random sizes, policies, results, drops and
late entries, checked after every round (rules CMD-1, CMD-5..CMD-9)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.core.replay import replay
from podium.formats.commander.demo import simulate_result
from tests.builders import EventLog

ALLOWED_SIZES = {"byes": {4}, "short-pods": {3, 4}, "long-pods": {4, 5}}


@st.composite
def events(draw: st.DrawFn) -> tuple[EventLog, int, random.Random]:
    players = draw(st.integers(min_value=4, max_value=40))
    policy = draw(st.sampled_from(sorted(ALLOWED_SIZES)))
    repeat = draw(st.sampled_from(["swap", "avoid"]))
    seed = draw(st.integers(min_value=0, max_value=2**31))
    event = EventLog(
        players=players,
        seed=seed,
        bye_policy=policy,
        repeat_policy=repeat,
        rounds=draw(st.integers(min_value=2, max_value=6)),
        final_size=0,
    )
    return event, seed, random.Random(seed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_every_round_seats_each_active_player_once_with_fair_byes(case):
    event, _seed, rng = case
    byes_so_far: dict[int, int] = {}
    while True:
        active = {p.id for p in event.state.active_players()}
        try:
            rnd = event.pair()
        except Exception as error:  # the Swiss rounds are over
            assert "complete" in str(error)
            break
        seated = [p for t in rnd.tables for p in t.seats]
        bye_players = [b.player for b in rnd.byes]
        # rule CMD-1 / CMD-8: every active player exactly once, at a table or on a bye
        assert sorted(seated + bye_players) == sorted(active)
        # pod sizes follow the bye policy (a fallback to byes is allowed and explained)
        policy = event.state.settings.bye_policy
        sizes = {len(t.seats) for t in rnd.tables}
        fallback = any("cannot" in n and "instead" in n for n in rnd.notes)
        if bye_players and policy != "byes":
            assert fallback
        assert sizes <= (ALLOWED_SIZES["short-pods"] if fallback else ALLOWED_SIZES[policy])
        # rule CMD-8: no second bye while someone playing this round has had fewer
        if bye_players:
            most_had = max(byes_so_far.get(p, 0) for p in bye_players)
            least_other = min((byes_so_far.get(p, 0) for p in seated), default=most_had)
            assert most_had <= least_other
        for p in bye_players:
            byes_so_far[p] = byes_so_far.get(p, 0) + 1
        for table in rnd.tables:
            event.result(table.number, simulate_result(table, rng))
        # drops and late entries between rounds (rule: a late entrant starts with 0 points)
        if rng.random() < 0.3 and len(active) > 5:
            event.do("player.dropped", {"player": rng.choice(sorted(active))}, "left")
        if rng.random() < 0.3:
            event.add(f"Late {len(event.state.players) + 1}")
            assert event.standings().row(len(event.state.players)).record.points == 0
    # the log is the truth: a replay from scratch gives identical standings
    again = replay(event.actions, event.ruleset)
    replayed = event.ruleset.standings(again)
    live = event.standings()
    assert [(r.rank, r.player, r.values) for r in replayed.rows] == [
        (r.rank, r.player, r.values) for r in live.rows
    ]
