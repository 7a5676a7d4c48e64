"""Commander's projections worked by hand: the chance of the top-4 final (rule CMD-10) and of
first place, exact where one round remains, estimated within its margin otherwise, and what
a player needs in the next round."""

from __future__ import annotations

from fractions import Fraction

import pytest

from podium.core.errors import InvalidInput
from podium.core.projection import Strengths
from tests.builders import EventLog


def eight_players_one_round_left(pair_by_hand: bool = True) -> EventLog:
    """8 players, 2 Swiss rounds (the organiser's override of CMD-11), tiebreakers the
    elimination sum then the draw (so every case is worked with points and CMD-3a alone).

    Round 1: table 1 (1,2,3,4): 1 wins, out 4, 3, 2; table 2 (5,6,7,8): 5 wins, out 8, 7, 6.
    So 1 and 5 have 3 points and an elimination sum of 4; 2 and 6 have 0 and 3; 3 and 7 0
    and 2; 4 and 8 0 and 1. Round 2 by standings (CMD-6): pod A = 1,5,2,6, pod B = 3,7,4,8.
    """
    event = EventLog(players=8, rounds=2, fewer_rounds=True,
                     tiebreakers="elimination_sum,random")
    event.seat([1, 2, 3, 4], [5, 6, 7, 8])
    event.win(1, 1, 4, 3, 2)
    event.win(2, 5, 8, 7, 6)
    if pair_by_hand:
        event.seat([1, 5, 2, 6], [3, 7, 4, 8])
    return event


def _exact(projection, goal: str) -> dict[int, Fraction]:  # type: ignore[no-untyped-def]
    return {pid: row[goal].exact for pid, row in projection.chances.items()}


def test_cmd10_final_chances_of_eight_players_with_one_round_left_worked_by_hand() -> None:
    # Every finishing order of pod A and of pod B equally likely (24 x 24 = 576).
    # 1 and 5 always reach the final: if one of them wins pod A they are the top two with
    # W_B (3 points); if 2 or 6 wins it, exactly four players have 3 points (1, 5, the winner
    # and pod B's winner), everybody else 0.
    # 2 (and 6): wins pod A (1/4): in. 6 wins: out (four players on 3 points). 1 or 5 wins
    # (1/2): the fourth place goes to the best elimination sum on 0 points: 2's is 3 + its
    # round-2 order; pod B's best is 5 at most. 2 second in pod A (order 3, sum 6): in
    # (1/3); third (order 2, sum 5): in when the one behind the winner is the other of 1/5
    # (1/2), then tied at 5 with pod B's second when that is 3 or 7 (1/2): the draw, 1/2
    # (rule CMD-3c), so 3/4; last: out. 1/4 + 1/2 (1/3 + 1/2 * 3/4) = 23/48.
    # 3 (and 7): wins pod B (1/4): in; else only when 1 or 5 wins pod A, the other of them
    # is second (1/3), 3 is second in pod B (1/4) and wins the draw against the one on 5
    # (1/2): 1/4 + 1/2 * 1/3 * 1/4 * 1/2 = 13/48.
    # 4 (and 8): only by winning pod B (a sum of 4 at most otherwise): 1/4.
    event = eight_players_one_round_left()
    projection = event.ruleset.projection(event.state)
    assert projection.exact and projection.remaining == 1
    half = {1: Fraction(1), 2: Fraction(23, 48), 3: Fraction(13, 48), 4: Fraction(1, 4)}
    assert _exact(projection, "final") == {**half, **{pid + 4: c for pid, c in half.items()}}
    assert sum(_exact(projection, "final").values()) == 4
    assert projection.chances[1]["final"].certain
    assert not projection.chances[2]["final"].certain


def test_first_place_chances_worked_by_hand() -> None:
    # 1 wins pod A: 6 points, first (1/4). 2 or 6 wins it (1/2): four on 3 points; the
    # winner's sum is 3 + 4 = 7; 1's is 4 + its order: 7 when it is second (1/3), then a tie
    # with the winner broken by the draw (1/2, rule CMD-3c): 1/4 + 1/2 * 1/3 * 1/2 = 1/3.
    # 2 wins pod A (1/4): first alone when neither 1 nor 5 is second (1/3), else 1/2:
    # 1/4 * (1/3 + 2/3 * 1/2) = 1/6. Pod B's players never: 3 points and a sum of 6 at most.
    event = eight_players_one_round_left()
    first = _exact(event.ruleset.projection(event.state), "first")
    assert first == {1: Fraction(1, 3), 5: Fraction(1, 3), 2: Fraction(1, 6),
                     6: Fraction(1, 6), 3: 0, 4: 0, 7: 0, 8: 0}
    assert event.ruleset.projection(event.state).chances[4]["first"].impossible


def test_the_next_round_paired_by_the_engine_gives_the_same_chances() -> None:
    # rule CMD-6: the engine pairs round 2 into the same two pods
    by_hand = eight_players_one_round_left()
    by_engine = eight_players_one_round_left(pair_by_hand=False)
    assert (_exact(by_engine.ruleset.projection(by_engine.state), "final")
            == _exact(by_hand.ruleset.projection(by_hand.state), "final"))


def test_need_gives_the_weakest_result_keeping_the_final_possible_and_the_one_sure_of_it(
        ) -> None:
    # Player 2 in pod A (turn order 1, 5, 2, 6):
    # a win: 3 points, in (1). A draw of the whole pod (CMD-13): 1 and 5 on 4 points, pod B's
    # winner on 3, then 2 (sum 3 + 3) behind 6 (3 + 4, CMD-4b: the last seat ranks highest):
    # out (0). Second (order 3): in unless 6 won (2/3). Third: 1 or 5 won (2/3) and the other
    # of them second (1/2), then 3/4 as worked above: 1/4. Last: out.
    event = eight_players_one_round_left()
    need = event.ruleset.need(event.state, 2, "final")
    assert [o.key for o in need.outcomes] == ["win", "draw", "place-2", "place-3", "place-4"]
    assert [c.exact for c in need.after] == [1, 0, Fraction(2, 3), Fraction(1, 4), 0]
    assert need.exact
    assert need.keeps_possible is not None and need.keeps_possible.key == "place-3"
    assert need.guarantees is not None and need.guarantees.key == "win"
    # player 1 is sure of the final whatever happens: the weakest result guarantees it
    sure = event.ruleset.need(event.state, 1, "final")
    assert sure.guarantees is not None and sure.guarantees.key == "place-4"


def test_monte_carlo_is_within_its_margin_of_the_exact_answer() -> None:
    from podium.formats.commander import odds

    event = eight_players_one_round_left()
    exact = event.ruleset.projection(event.state)
    limit = odds.EXACT_LIMIT
    odds.EXACT_LIMIT = 0  # force the estimate
    try:
        estimate = event.ruleset.projection(event.state, trials=9604, seed=1)
    finally:
        odds.EXACT_LIMIT = limit
    assert not estimate.exact and estimate.trials == 9604
    for pid, row in estimate.chances.items():
        for goal, chance in row.items():
            assert chance.margin <= 0.0101
            assert abs(chance.value - exact.chances[pid][goal].value) <= chance.margin


def test_the_rating_model_favours_the_stronger_player() -> None:
    event = eight_players_one_round_left()
    strong = Strengths({2: 3.0}, source="results")
    rated = event.ruleset.projection(event.state, model="rating", strengths=strong)
    uniform = event.ruleset.projection(event.state)
    assert rated.model == "rating" and rated.exact
    assert rated.chances[2]["final"].value > uniform.chances[2]["final"].value
    assert rated.chances[6]["final"].value < uniform.chances[6]["final"].value
    assert abs(sum(r["final"].value for r in rated.chances.values()) - 4) < 1e-6


def test_once_the_swiss_rounds_are_over_the_standings_decide() -> None:
    event = eight_players_one_round_left()
    event.win(1, 2, 6, 5, 1)
    event.win(2, 3, 8, 4, 7)
    projection = event.ruleset.projection(event.state)
    assert projection.done and projection.exact
    finalists = {pid for pid, row in projection.chances.items() if row["final"].certain}
    assert finalists == set(event.order()[:4])


def test_an_unknown_goal_is_refused() -> None:
    event = eight_players_one_round_left()
    with pytest.raises(InvalidInput) as refused:
        event.ruleset.need(event.state, 2, "podium")
    assert refused.value.code == "odds.goal" and refused.value.field == "goal"


def test_two_rounds_left_are_estimated_with_the_default_margin() -> None:
    # 16 players, 5 Swiss rounds (CMD-11), 3 played
    event = EventLog(players=16, seed=3)
    import random

    rng = random.Random(2)
    for _ in range(3):
        rnd = event.pair()
        for table in rnd.tables:
            event.result(table.number, event.ruleset.sample_result(event.state, rnd, table, rng))
    projection = event.ruleset.projection(event.state, seed=4)
    assert not projection.exact and projection.remaining == 2
    assert all(c.margin <= 0.0101 for row in projection.chances.values() for c in row.values())
    total = sum(row["final"].hits for row in projection.chances.values())
    assert total == 4 * projection.trials  # four finalists in every trial


def test_a_round_in_play_counts_only_the_pods_still_playing() -> None:
    # Pod B's result is in: 3 wins (3 points, in: certain), out 8, 4, 7 (7 second: order 3,
    # sum 5; 4 and 8 cannot reach a sum of 5: impossible). Only pod A's 24 orders remain.
    # 7: 1 or 5 wins pod A (1/2), the other of them second (1/3), then 7 ties at 5 with the
    # pod-A player of order 2 and wins the draw (1/2): 1/12.
    # 2: wins pod A (1/4), or 1/5 wins (1/2) and 2 is second (1/3) or third behind the other
    # of 1/5 (1/3 * 1/2) and wins the draw against 7 (1/2): 1/4 + 1/2 (1/3 + 1/12) = 11/24.
    event = eight_players_one_round_left()
    event.win(2, 3, 8, 4, 7)
    projection = event.ruleset.projection(event.state)
    assert projection.exact and "1 pod" in projection.notes[0]
    final = _exact(projection, "final")
    assert final == {1: 1, 5: 1, 2: Fraction(11, 24), 6: Fraction(11, 24), 3: 1,
                     7: Fraction(1, 12), 4: 0, 8: 0}
    assert projection.chances[3]["final"].certain and projection.chances[8]["final"].impossible
    # 3's result is entered: nothing left to choose, the chance as it stands
    need = event.ruleset.need(event.state, 3, "final")
    assert [o.key for o in need.outcomes] == ["entered"] and need.after[0].certain


def test_a_bye_in_the_next_round_is_the_players_only_result() -> None:
    # 9 players: a bye each round (rule CMD-8), worth 1 point and order 4 (CMD-9)
    event = EventLog(players=9, rounds=2, fewer_rounds=True)
    rnd = event.pair()
    for table in rnd.tables:
        event.win(table.number, *table.seats)
    plan = event.ruleset.plan_round(event.state)
    sitting = plan.byes[0].player
    projection = event.ruleset.projection(event.state)
    assert projection.exact
    assert sum(row["final"].exact for row in projection.chances.values()) == 4
    need = event.ruleset.need(event.state, sitting, "final")
    assert [o.key for o in need.outcomes] == ["bye"]
    assert need.after[0] == projection.chances[sitting]["final"]


def test_need_estimated_is_within_its_margin_of_the_exact_need() -> None:
    from podium.formats.commander import odds

    event = eight_players_one_round_left()
    exact = event.ruleset.need(event.state, 2, "final")
    limit = odds.EXACT_LIMIT
    odds.EXACT_LIMIT = 0  # force the estimate
    try:
        estimate = event.ruleset.need(event.state, 2, "final", seed=5)
    finally:
        odds.EXACT_LIMIT = limit
    assert not estimate.exact
    for sure, guess in zip(exact.after, estimate.after, strict=True):
        assert abs(guess.value - float(sure.exact)) <= guess.margin
    assert estimate.keeps_possible == exact.keeps_possible
    assert estimate.guarantees == exact.guarantees
