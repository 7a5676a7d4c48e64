"""Commander's setting ``separate_groups`` (beyond the regulation): players of one
club kept apart as far as the pairing allows, reported in the round's explanation; the
regulation's pairing (rules CMD-5, CMD-6, CMD-7) keeps priority, and the setting is off by
default."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.core.errors import InvalidInput
from podium.core.log import Kind
from podium.core.records import meetings
from podium.formats.commander.demo import simulate_result
from podium.formats.commander.rules import COMMANDER
from podium.i18n import translations
from podium.pairing.separate import group_pairs, repeat_pairs
from tests.builders import EventLog


def clubbed(sizes: dict[str, int], seed: int = 7, **setting: object) -> EventLog:
    """An event whose players are registered with their club (as a CSV import does)."""
    event = EventLog(seed=seed, rounds=5, **setting)
    for club, size in sizes.items():
        for i in range(1, size + 1):
            event.do(Kind.PLAYER_REGISTERED, {"player": len(event.state.players) + 1,
                                              "name": f"{club}{i}", "group": club})
    return event


def clubs_at(event: EventLog, number: int) -> list[list[str]]:
    state = event.state
    return [sorted(state.players[p].group for p in t.seats)
            for t in state.rounds[number - 1].tables]


def test_the_setting_is_off_by_default_and_a_bad_value_is_refused() -> None:
    assert COMMANDER.parse_settings({}).separate_groups == "off"  # the regulation has none
    with pytest.raises(InvalidInput) as refused:
        COMMANDER.parse_settings({"separate_groups": "sometimes"})
    message = refused.value.as_message()
    assert message.render(translations("en")) == (
        "setting separate_groups: 'sometimes' is not one of off, first-rounds, always")
    assert message.render(translations("ru")).startswith("настройка separate_groups")
    with pytest.raises(InvalidInput, match="separate_groups_rounds"):
        COMMANDER.parse_settings({"separate_groups_rounds": "0"})


def test_eight_players_in_two_clubs_of_four_sit_two_and_two() -> None:
    event = clubbed({"Red": 4, "Blue": 4}, separate_groups="always")
    plan = COMMANDER.plan_round(event.state)
    for seats in plan.tables:
        assert sorted(Counter(event.state.players[p].group for p in seats).values()) == [2, 2]
    # 2 + 2 is the best two pods of 4 allow: the explanation names the pairs, per table
    note = plan.notes[-1].render(translations("en"))
    assert note.startswith("2 pods have players of one group: table 1: ")
    assert "no pairing kept them apart within the score groups" in note
    assert "(Red)" in note and "(Blue)" in note


def test_sixteen_players_in_four_clubs_one_of_each_club_at_every_pod() -> None:
    for seed in range(5):
        event = clubbed({"Red": 4, "Blue": 4, "Green": 4, "Gold": 4}, seed=seed,
                        separate_groups="first-rounds", separate_groups_rounds=1)
        event.pair()
        assert clubs_at(event, 1) == [["Blue", "Gold", "Green", "Red"]] * 4
        notes = [n.render(translations("en")) for n in event.state.rounds[0].notes]
        assert ("players of one group kept apart in all pods (setting separate_groups, "
                "beyond the regulation)") in notes
        ru = [n.render(translations("ru")) for n in event.state.rounds[0].notes]
        assert any("одной группы" in n for n in ru), ru


def test_first_rounds_stops_after_its_rounds_and_off_draws_as_before() -> None:
    on = clubbed({"Red": 4, "Blue": 4}, separate_groups="first-rounds",
                 separate_groups_rounds=1)
    off = clubbed({"Red": 4, "Blue": 4})
    on.pair()
    plan_off = COMMANDER.plan_round(off.state)
    # the off event's draw is the regulation's: no note about groups
    assert not any("group" in n.render(translations("en")) for n in plan_off.notes)
    for t in on.state.rounds[0].tables:
        on.win(t.number, t.seats[0], *t.seats[1:])
    second = COMMANDER.plan_round(on.state)
    assert not any("group" in n.render(translations("en")) for n in second.notes)


def test_a_round_with_no_group_says_so() -> None:
    event = EventLog(players=8, separate_groups="always", rounds=5)
    plan = COMMANDER.plan_round(event.state)
    assert plan.notes[-1].render(translations("en")) == (
        "setting separate_groups: no player of this round has a group")


@st.composite
def events(draw: st.DrawFn) -> tuple[EventLog, int]:
    players = draw(st.integers(min_value=6, max_value=24))
    seed = draw(st.integers(min_value=0, max_value=2**31))
    event = EventLog(seed=seed, rounds=5, final_size=0,
                     bye_policy=draw(st.sampled_from(["byes", "short-pods", "long-pods"])),
                     repeat_policy=draw(st.sampled_from(["swap", "avoid"])))
    groups = draw(st.integers(1, 5))
    for i in range(1, players + 1):
        club = draw(st.sampled_from(["", *(f"Club {c}" for c in "ABCDE"[:groups])]))
        payload = {"player": i, "name": f"P{i}", **({"group": club} if club else {})}
        event.do(Kind.PLAYER_REGISTERED, payload)
    return event, draw(st.integers(1, 4))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_turning_it_on_never_breaks_the_regulation_nor_adds_conflicts(case) -> None:
    event, rounds = case
    rng = random.Random(rounds)
    group_of = {p.id: p.group for p in event.state.players.values()}
    for _ in range(rounds):
        state = event.state
        off = COMMANDER.plan_round(state)
        state.settings = replace(state.settings, separate_groups="always")
        try:
            on = COMMANDER.plan_round(state)
        finally:
            state.settings = replace(state.settings, separate_groups="off")
        # the same byes, seed and pod sizes; each pod keeps its points (rule CMD-6)
        assert on.byes == off.byes and on.seed == off.seed
        assert [len(t) for t in on.tables] == [len(t) for t in off.tables]
        points = {row.player: row.record.points for row in COMMANDER.standings(state).rows}
        for a, b in zip(off.tables, on.tables, strict=True):
            assert Counter(points[p] for p in a) == Counter(points[p] for p in b)
        # no more repeats, no table of the previous round brought back (rule CMD-7)
        met = meetings(state.rounds)
        assert repeat_pairs(on.tables, met) <= repeat_pairs(off.tables, met)
        if state.rounds:
            last = {frozenset(t.seats) for t in state.rounds[-1].tables}
            assert (sum(frozenset(t) in last for t in on.tables)
                    <= sum(frozenset(t) in last for t in off.tables))
        # and never more players of one group together
        assert group_pairs(on.tables, group_of) <= group_pairs(off.tables, group_of)
        event.pair()  # play on with the regulation's own pods (off)
        for table in event.state.rounds[-1].tables:
            event.result(table.number, simulate_result(table, rng))


def test_a_planned_schedule_is_played_as_planned_and_says_so() -> None:
    event = clubbed({"Red": 4, "Blue": 4}, separate_groups="always", seating_schedule="fixed")
    plan = COMMANDER.plan_round(event.state)
    assert plan.notes[-1].render(translations("en")) == (
        "setting separate_groups: a planned schedule is played as planned; groups are not "
        "kept apart")
