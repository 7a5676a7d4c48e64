"""Commander (CMD) rules, each proven on an example worked by hand from the regulation."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from podium.core.errors import Conflict, InvalidInput
from podium.core.explain import explain_round
from podium.core.rng import derive_seed
from podium.core.tiebreakers import opponents_win_ratio
from podium.formats.commander.demo import simulate_result
from podium.formats.commander.rules import default_round_count
from tests.builders import EventLog


def eight_player_two_rounds() -> EventLog:
    """The hand-worked history behind several tests below (see each test for its numbers).

    Round 1: table 1 seats 1,2,3,4: 1 wins, eliminated 4 then 3 then 2.
             table 2 seats 5,6,7,8: 5 wins, eliminated 8 then 7 then 6.
    Round 2: table 1 seats 1,2,5,6 in that turn order: a draw at time, all four survive.
             table 2 seats 3,4,7,8: a draw, 4 and 8 survive, 3 then 7 were eliminated.
    """
    event = EventLog(players=8)
    event.seat([1, 2, 3, 4], [5, 6, 7, 8])
    event.win(1, 1, 4, 3, 2)
    event.win(2, 5, 8, 7, 6)
    event.seat([1, 2, 5, 6], [3, 4, 7, 8])
    event.draw(1, [1, 2, 5, 6])
    event.draw(2, [4, 8], [3, 7])
    return event


def test_cmd2_winner_three_points_others_zero():
    # rule CMD-2: one winner, the last alive, 3 points; the others 0
    event = EventLog(players=4)
    event.seat([1, 2, 3, 4])
    event.win(1, 3, 1, 2, 4)
    points = {row.player: row.record.points for row in event.standings().rows}
    assert points == {3: 3, 1: 0, 2: 0, 4: 0}


def test_cmd2_two_winners_refused_and_nothing_changes():
    # rule CMD-2: at most one winner
    event = EventLog(players=4)
    event.seat([1, 2, 3, 4])
    with pytest.raises(InvalidInput, match="two winners"):
        event.result(1, {"winner": [1, 2], "eliminated": [3, 4]})
    assert event.state.rounds[0].results == {}
    assert event.state.last_seq == len(event.actions)


def test_cmd3a_elimination_sum_and_cmd4b_draw_order_follow_turn_order():
    # rules CMD-3a, CMD-4b, CMD-13: sums worked by hand over both rounds
    event = eight_player_two_rounds()
    rows = {row.player: row for row in event.standings().rows}
    # round 2 table 1: a draw, survivors count as eliminated in turn order 1,2,5,6 -> 1,2,3,4
    assert {p: rows[p].record.order_sum for p in (1, 2, 5, 6)} == {1: 5, 2: 5, 5: 7, 6: 7}
    # round 2 table 2: 3 then 7 out (1, 2); survivors 4 (seat 2) and 8 (seat 4) get 3 and 4
    assert {p: rows[p].record.order_sum for p in (3, 4, 7, 8)} == {3: 3, 4: 4, 7: 4, 8: 5}
    # rule CMD-13: each draw survivor gets 1 point
    assert {p: rows[p].record.points for p in range(1, 9)} == {
        1: 4,
        2: 1,
        3: 0,
        4: 1,
        5: 4,
        6: 1,
        7: 0,
        8: 1,
    }


def test_cmd3b_pooled_opponents_win_ratio():
    # rule CMD-3b: one pooled ratio; an opponent met twice counts twice; a draw is a game, not a win
    event = eight_player_two_rounds()
    records = {row.player: row.record for row in event.standings().rows}
    # player 2 met 1,3,4 then 1,5,6: wins 1+0+0+1+1+0 = 3 over 2*6 = 12 games
    assert opponents_win_ratio(2, records) == Fraction(1, 4)
    # player 8 met 5,6,7 then 3,4,7: only 5 won once: 1/12 (not an average of per-opponent ratios)
    assert opponents_win_ratio(8, records) == Fraction(1, 12)


def test_cmd3b_bye_is_neither_win_nor_game_and_nobody_met_is_zero():
    # rule CMD-3b [open defaults]
    event = EventLog(players=5)
    event.seat([1, 2, 3, 4], byes=(5,))
    event.win(1, 1, 2, 3, 4)
    records = {row.player: row.record for row in event.standings().rows}
    assert records[5].games == 0 and records[5].wins == 0
    assert opponents_win_ratio(5, records) == 0
    assert opponents_win_ratio(2, records) == Fraction(1, 3)


def test_cmd3_full_order_after_two_rounds():
    # rules CMD-3, CMD-3a, CMD-3b: points, then elimination sum, then opponents' win ratio
    event = eight_player_two_rounds()
    # 5 and 1 have 4 points (sums 7 > 5); 6, 2, 8, 4 have 1 (sums 7, 5, 5, 4);
    # 2 and 8 tie on the sum and 2's ratio 1/4 beats 8's 1/12; 7 (sum 4) is above 3 (sum 3)
    assert event.order() == [5, 1, 6, 2, 8, 4, 7, 3]


def test_cmd3c_random_tiebreak_is_seeded_and_reproducible():
    # rule CMD-3c: two players equal on everything are ordered by the recorded seed
    def run(seed: int) -> list[int]:
        event = EventLog(players=8, seed=seed)
        event.seat([1, 2, 3, 4], [5, 6, 7, 8])
        event.win(1, 1, 4, 3, 2)
        event.win(2, 5, 8, 7, 6)
        return event.order()

    for seed in (1, 2, 3):
        expected_top = sorted([1, 5], key=lambda p: -derive_seed(seed, "tiebreak", p))
        assert run(seed)[:2] == expected_top
        assert run(seed) == run(seed)


def test_cmd4a_simultaneous_win_winner_names_the_order():
    # rules CMD-4, CMD-4a: the winner decides the elimination order of the others
    event = EventLog(players=4)
    event.seat([1, 2, 3, 4])
    event.win(1, 2, 4, 1, 3, simultaneous=True)
    rows = {row.player: row.record for row in event.standings().rows}
    assert {p: rows[p].order_sum for p in (1, 2, 3, 4)} == {4: 1, 1: 2, 3: 3, 2: 4}
    outcome = event.state.rounds[0].results[1].of(2)
    assert outcome.note == "simultaneous win" and outcome.points == 3


def test_cmd4a_simultaneous_needs_a_winner():
    event = EventLog(players=4)
    event.seat([1, 2, 3, 4])
    with pytest.raises(InvalidInput, match="CMD-4a"):
        event.result(
            1, {"draw": True, "survivors": [1, 2], "eliminated": [3, 4], "simultaneous": True}
        )


def test_cmd5_round_one_is_a_reproducible_random_draw():
    # rule CMD-5: the draw depends on the recorded seed only
    def draw(seed: int) -> list[tuple[int, ...]]:
        event = EventLog(players=12, seed=seed)
        return [t.seats for t in event.pair().tables]

    assert draw(11) == draw(11)
    assert draw(11) != draw(12)
    assert sorted(p for t in draw(11) for p in t) == list(range(1, 13))


def test_cmd6_and_cmd7_fill_by_standings_then_swap_a_repeated_table():
    # rule CMD-6: standings 5,1,6,2,8,4,7,3 fill table 1 with 5,1,6,2 = round 2's table 1.
    # rule CMD-7: its lowest player (2) swaps with the next table's highest (8).
    event = eight_player_two_rounds()
    rnd = event.pair()
    assert [set(t.seats) for t in rnd.tables] == [{5, 1, 6, 8}, {2, 4, 7, 3}]
    assert any("CMD-7" in note for note in rnd.notes)


def test_cmd7_avoid_repeats_policy_is_selectable():
    event = eight_player_two_rounds()
    event.do("settings.changed", {"settings": {"repeat_policy": "avoid"}}, "try the other mode")
    rnd = event.pair()
    previous = [set(t.seats) for t in event.state.rounds[1].tables]
    assert all(set(t.seats) not in previous for t in rnd.tables)


def test_cmd8_byes_go_to_the_lowest_and_nobody_twice_while_avoidable():
    # rule CMD-8: 9 players, 2 pods of 4, 1 bye for the lowest in the standings
    event = EventLog(players=9)
    event.seat([1, 2, 3, 4], [5, 6, 7, 8], byes=(9,))
    event.win(1, 1, 4, 3, 2)
    event.win(2, 5, 8, 7, 6)
    rnd = event.pair()
    # the lowest are 4 and 8 (0 points, sum 1); the bye goes to the lower of them and not to 9
    order = event.order(1)
    assert [b.player for b in rnd.byes] == [order[-1]]
    assert order[-1] in (4, 8)
    assert "CMD-8" in rnd.byes[0].reason


def test_cmd9_bye_is_one_point_and_counts_as_eliminated_last():
    # rule CMD-9
    event = EventLog(players=5)
    event.seat([1, 2, 3, 4], byes=(5,))
    row = event.standings().row(5)
    assert row.record.points == 1 and row.record.order_sum == 4 and row.record.byes == 1


def test_cmd10_top_four_final_heads_the_standings():
    # rule CMD-10: after the Swiss rounds, the top 4 play one final pod; its result decides 1-4
    event = EventLog(players=8, rounds=1, final_seating="standings")
    event.seat([1, 2, 3, 4], [5, 6, 7, 8])
    event.win(1, 1, 4, 3, 2)
    event.win(2, 5, 8, 7, 6)
    swiss = event.order()
    final = event.pair()
    assert final.stage == "final" and list(final.tables[0].seats) == swiss[:4]
    top = final.tables[0].seats
    event.win(1, top[3], top[0], top[1], top[2])
    standings = event.standings()
    assert standings.order()[:4] == [top[3], top[2], top[1], top[0]]
    assert standings.rows[0].note == "champion"
    with pytest.raises(Conflict, match="complete"):
        event.pair()


def test_cmd11_round_count_formula_and_override():
    # rule CMD-11 [open default]: max(5, ceil(log2 N) - 1), at least 5, overridable
    assert [default_round_count(n) for n in (8, 32, 64, 65, 128, 129, 1000)] == [
        5,
        5,
        5,
        6,
        6,
        7,
        9,
    ]
    event = EventLog(players=8, rounds=2, final_size=0)
    for _ in range(2):
        rnd = event.pair()
        for table in rnd.tables:
            event.win(table.number, table.seats[0], *table.seats[1:])
    with pytest.raises(Conflict):
        event.pair()


def test_cmd12_time_draw_is_entered_as_a_draw_with_survivors():
    # rules CMD-12, CMD-13: after time, no winner: a draw, each survivor 1 point
    event = EventLog(players=4)
    event.seat([1, 2, 3, 4])
    with pytest.raises(InvalidInput, match="two survivors"):
        event.draw(1, [2], [1, 3, 4])
    event.draw(1, [2, 3, 4], [1])
    points = {row.player: row.record.points for row in event.standings().rows}
    assert points == {1: 0, 2: 1, 3: 1, 4: 1}


def test_cmd14_judge_game_loss_records_the_elimination_and_reason():
    # rule CMD-14: a deliberate breach of a deal is a game loss with a reason,
    # recorded as an elimination at that moment
    event = EventLog(players=4)
    event.seat([1, 2, 3, 4])
    with pytest.raises(InvalidInput, match="reason"):
        event.win(1, 1, 3, 2, 4, game_losses=[{"player": 3, "reason": ""}])
    event.win(1, 1, 3, 2, 4, game_losses=[{"player": 3, "reason": "broke the attack deal"}])
    outcome = event.state.rounds[0].results[1].of(3)
    assert outcome.order == 1 and outcome.points == 0
    assert outcome.note == "game loss: broke the attack deal"


def test_cmd15_joint_concession_is_the_order_as_entered():
    # rule CMD-15: the remaining players concede together: their order is as entered
    event = EventLog(players=4)
    event.seat([1, 2, 3, 4])
    event.win(1, 4, 1, 3, 2)
    orders = {o.player: o.order for o in event.state.rounds[0].results[1].outcomes}
    assert orders == {1: 1, 3: 2, 2: 3, 4: 4}


def test_cmd1_pods_seat_four_and_elimination_order_must_be_a_permutation():
    # rule CMD-1: every pod seats 4
    event = EventLog(players=16)
    rnd = event.pair()
    assert [len(t.seats) for t in rnd.tables] == [4, 4, 4, 4]
    t = rnd.tables[0].seats
    with pytest.raises(InvalidInput, match="exactly once"):
        event.win(1, t[0], t[1], t[1], t[2])
    with pytest.raises(InvalidInput, match="not at this table"):
        event.win(1, t[0], t[1], t[2], rnd.tables[1].seats[0])
    assert rnd.results == {}


def test_turn_order_is_balanced_so_nobody_keeps_seat_one():
    # Seat 1 wins measurably more (anchors): over 8 rounds of 16 players each player should take
    # the first turn about twice; random seating would spread this from 0 to 5 or more.
    rng = random.Random(3)
    event = EventLog(players=16, seed=3, rounds=8, final_size=0)
    for _ in range(8):
        rnd = event.pair()
        for table in rnd.tables:
            event.result(table.number, simulate_result(table, rng))
    first = Counter(t.seats[0] for r in event.state.rounds for t in r.tables)
    assert all(1 <= first[p] <= 3 for p in range(1, 17))


def test_explanation_names_repeats_with_their_round_and_the_bye_reason():
    # rules CMD-7, CMD-8: the printed pairing says which pairs met before, when, and who sits out
    event = EventLog(players=9)
    event.seat([1, 2, 3, 4], [5, 6, 7, 8], byes=(9,))
    event.win(1, 1, 4, 3, 2)
    event.win(2, 5, 8, 7, 6)
    plan = event.ruleset.plan_round(event.state)
    explanation = explain_round(
        event.state,
        plan.number,
        plan.stage,
        plan.tables,
        [(b.player, b.reason) for b in plan.byes],
        plan.notes,
        event.standings(),
    )
    met_in_round_1 = {frozenset(r.players): r.rounds for t in explanation.tables for r in t.repeats}
    for table in plan.tables:
        for a in table:
            for b in table:
                if a < b and ({a, b} <= {1, 2, 3, 4} or {a, b} <= {5, 6, 7, 8}):
                    assert met_in_round_1[frozenset((a, b))] == (1,)
    ((line, reason),) = explanation.byes
    assert line.rank == 9 and "CMD-8" in reason
    assert explanation.notes[0] == "9 players: 2 pods of 4, 1 bye (rule CMD-8)"


def test_short_pods_at_the_top_seat_the_leaders_in_3_player_pods():
    """Rule CMD-8 leaves 2 of 10 players over; ``bye_policy=short-pods-top`` (beyond the
    regulation) plays two 3-player pods at the top instead, in round 1 (pods of 3, 3, 4: three
    winners) and again in round 2, whose table 1 holds the three winners (rule CMD-6 fills
    table 1 with the top of the standings)."""
    event = EventLog(players=10, bye_policy="short-pods-top")
    first = event.pair()
    assert [len(t.seats) for t in first.tables] == [3, 3, 4] and not first.byes
    for table in first.tables:
        event.win(table.number, *table.seats)
    second = event.pair()
    assert [len(t.seats) for t in second.tables] == [3, 3, 4]
    leaders = set(event.order(1)[:3])
    assert set(second.tables[0].seats) == leaders
    assert any("beyond the regulation" in str(note) for note in second.notes)


def test_the_time_zone_setting_is_utc_by_default_and_a_bad_name_is_refused() -> None:
    """Beyond the regulation (it names no zone): the pages' times are shown in ``time_zone``."""
    from podium.formats.commander.rules import COMMANDER
    from podium.i18n import translations

    assert COMMANDER.parse_settings({}).time_zone == "UTC"
    assert COMMANDER.parse_settings({"time_zone": " Europe/Moscow "}).time_zone == "Europe/Moscow"
    with pytest.raises(InvalidInput) as refused:
        COMMANDER.parse_settings({"time_zone": "Europe/Atlantis"})
    assert refused.value.field == "time_zone"
    message = refused.value.as_message()
    assert message.render(translations("en")) == (
        "setting time_zone: Europe/Atlantis is not a time zone name such as Europe/Moscow")
    assert message.render(translations("ru")) == (
        "настройка time_zone: Europe/Atlantis — не название часового пояса вида Europe/Moscow")
