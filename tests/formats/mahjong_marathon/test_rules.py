"""Marathon rules MJ-1 .. MJ-11, each scenario worked by hand from the regulation."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import numpy as np
import pytest

from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.views import Column, display
from podium.formats.mahjong_marathon.scoring import (
    PlayerStats,
    RankRules,
    StageRanking,
    normalised_rating,
    rank_stage,
    table_tp12,
    total_standings,
)
from podium.formats.mahjong_marathon.settings import parse_calendar
from tests.formats.mahjong_marathon.builders import STAGE1, Marathon, epoch


def tp(values: list[int]) -> list[Fraction]:
    return [Fraction(int(v), 12) for v in table_tp12(np.array([values]))[0]]


# MJ-1, MJ-2 ------------------------------------------------------------------------------------
def test_default_calendar_is_five_two_month_stages_of_2015():
    """Rule MJ-1."""
    m = Marathon()
    assert m.state.settings.calendar == [
        (datetime(2015, 2, 1).date(), datetime(2015, 3, 31).date()),
        (datetime(2015, 4, 1).date(), datetime(2015, 5, 31).date()),
        (datetime(2015, 6, 1).date(), datetime(2015, 7, 31).date()),
        (datetime(2015, 8, 1).date(), datetime(2015, 9, 30).date()),
        (datetime(2015, 10, 1).date(), datetime(2015, 11, 30).date()),
    ]
    assert m.state.settings.server_timezone == "America/Los_Angeles"
    assert m.state.settings.stage_timezone == "Europe/Moscow"


def test_calendar_is_configurable_and_checked():
    """Rule MJ-1: any calendar of ordered, non-overlapping date ranges."""
    m = Marathon(stages="2016-01-01..2016-06-30,2016-07-01..2016-12-31")
    assert len(m.state.settings.stage_bounds) == 2
    with pytest.raises(InvalidInput, match="overlaps"):
        parse_calendar("stages", "2015-02-01..2015-03-31,2015-03-15..2015-04-30")
    with pytest.raises(InvalidInput, match="range like"):
        parse_calendar("stages", "February")


def test_stage_is_decided_by_moscow_date_of_the_start():
    """Rule MJ-2. Moscow is UTC+3 all 2015; San Diego is UTC-7 (PDT) on 31 March 2015.
    13:59 San Diego on 31 March is 23:59 in Moscow (stage 1); 14:00 is 00:00 on 1 April in
    Moscow (stage 2), though it is still 31 March in San Diego."""
    m = Marathon()
    book, settings = m.book, m.state.settings
    before = datetime(2015, 3, 31, 20, 59, 59, tzinfo=UTC)  # 13:59:59 PDT, 23:59:59 MSK
    after = datetime(2015, 3, 31, 21, 0, 0, tzinfo=UTC)  # 14:00 PDT, 00:00 MSK
    stages = book.stage_of(settings, np.array([epoch(before), epoch(after)]))
    assert stages.tolist() == [1, 2]



@pytest.mark.parametrize(("window", "opening"), [
    # the seed's 2.1: the marathon starts at 00:00 on 1 February in San Diego (PST, UTC-8)
    ("America/Los_Angeles", datetime(2015, 2, 1, 8, 0, tzinfo=UTC)),
    # the window in Moscow: the stage calendar alone (00:00 Moscow, UTC+3)
    ("Europe/Moscow", datetime(2015, 1, 31, 21, 0, tzinfo=UTC)),
])
def test_mj1_the_outer_window_at_its_four_boundary_moments(window, opening):
    """Rule MJ-1 with the seed's 2.1 (start and end in San Diego time) and MJ-2 (stages by the
    Moscow date). The window moves the first 11 hours of 1 February (Moscow) out of the
    marathon; at the end nothing moves: 30 November ends first in Moscow, at 21:00 UTC."""
    m = Marathon(window_timezone=window)
    book, settings = m.book, m.state.settings
    closing = datetime(2015, 11, 30, 21, 0, tzinfo=UTC)  # 00:00 on 1 December in Moscow
    moments = [epoch(opening) - 1, epoch(opening), epoch(closing) - 1, epoch(closing)]
    assert book.stage_of(settings, np.array(moments)).tolist() == [0, 1, 5, 0]


def test_games_land_in_the_stage_of_their_moscow_start():
    """Rule MJ-2 through the standings."""
    m = Marathon()
    m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60),
           at=datetime(2015, 3, 31, 20, 59, tzinfo=UTC))
    m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60),
           at=datetime(2015, 3, 31, 21, 0, tzinfo=UTC))
    assert m.stage_rows(1)["A"]["games"] == 1
    assert m.stage_rows(2)["A"]["games"] == 1


# MJ-3 ------------------------------------------------------------------------------------------
def test_a_game_needs_four_distinct_players_at_a_marathon_table():
    """Rule MJ-3 in the log itself: the same player twice, other tables, are refused."""
    m = Marathon()
    with pytest.raises(InvalidInput, match="sits twice"):
        m.game(("A", 40), ("B", 20), ("A", 0), ("D", -60))
    with pytest.raises(InvalidInput, match="MJ-3"):
        m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60), table="Friendly-1")
    assert m.book.games.n == 0
    m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60), gid="x")
    with pytest.raises(Conflict, match="already recorded"):
        m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60), gid="x")


# MJ-4 ------------------------------------------------------------------------------------------
def test_place_points_without_ties():
    """Rule MJ-4: 4 / 2 / 1 / 0 by GP; GP may be negative."""
    assert tp([-5, 12, 3, -40]) == [1, 4, 2, 0]


@pytest.mark.parametrize(
    ("gp", "expected"),
    [
        ([30, 30, 0, -60], [3, 3, 1, 0]),  # 1st-2nd: (4+2)/2
        ([40, 10, 10, -60], [4, Fraction(3, 2), Fraction(3, 2), 0]),  # 2nd-3rd: (2+1)/2
        ([40, 20, -30, -30], [4, 2, Fraction(1, 2), Fraction(1, 2)]),  # 3rd-4th: (1+0)/2
    ],
)
def test_two_tied_players_share_their_places(gp, expected):
    """Rule MJ-4, ties of two."""
    assert tp(gp) == expected


def test_three_and_four_tied_players():
    """Rule MJ-4: 1st-2nd-3rd 7/3 each; 2nd-3rd-4th 1 each; all four 1.75 each."""
    assert tp([10, 10, 10, -30]) == [Fraction(7, 3)] * 3 + [0]
    assert tp([40, -10, -10, -10]) == [4, 1, 1, 1]
    assert tp([0, 0, 0, 0]) == [Fraction(7, 4)] * 4


def test_tie_points_stay_exact_and_round_only_on_display():
    """Rule MJ-4: store 7/3, show 2.333."""
    m = Marathon()
    m.game(("A", 10), ("B", 10), ("C", 10), ("D", -30))
    row = m.stage_rows()["A"]
    assert row["tp"] == Fraction(7, 3)
    assert display(row["tp"], Column("tp", "TP", numeric=True)) == "2.333"
    # result: series 7/3 / 10 and stage 7/3 / 10 (fewer than 10 games) -> 7/30
    assert row["result"] == Fraction(7, 30)


# MJ-5 ------------------------------------------------------------------------------------------
def test_a_disqualified_game_counts_for_nobody_and_can_be_reverted():
    """Rule MJ-5."""
    m = Marathon()
    m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60))
    gid = m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60))
    decision = m.dq_game(gid, ground="server", reason="server failure for all four")
    rows = m.stage_rows()
    assert (rows["A"]["games"], rows["A"]["tp"], rows["D"]["games"]) == (1, 4, 1)
    assert m.book.decisions[decision.seq].reason == "server failure for all four"
    m.revert(decision.seq)
    assert m.stage_rows()["A"]["games"] == 2
    assert m.stage_rows()["A"]["tp"] == 8


def test_game_disqualification_needs_a_reason_and_a_known_ground():
    """Rule MJ-5: an organiser decision, with a reason, on a listed ground."""
    m = Marathon()
    gid = m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60))
    with pytest.raises(InvalidInput, match="reason"):
        m.dq_game(gid, reason="")
    with pytest.raises(InvalidInput, match="ground"):
        m.dq_game(gid, ground="bored")
    with pytest.raises(NotFound):
        m.dq_game("nope")
    m.dq_game(gid)
    with pytest.raises(Conflict):
        m.dq_game(gid)


# MJ-6 ------------------------------------------------------------------------------------------
def test_gp_penalty_in_a_game_changes_another_players_tp():
    """Rule MJ-6a: A 30, B 25 -> A 4, B 2. Minus 5 GP for A makes A and B tie at 25: both 3.
    B gains a point from A's penalty; the game's TP still sum to 7."""
    m = Marathon()
    gid = m.game(("A", 30), ("B", 25), ("C", 0), ("D", -55))
    assert (m.stage_rows()["A"]["tp"], m.stage_rows()["B"]["tp"]) == (4, 2)
    decision = m.penalty("6a", "A", 5, game=gid)
    rows = m.stage_rows()
    assert (rows["A"]["tp"], rows["B"]["tp"], rows["C"]["tp"], rows["D"]["tp"]) == (3, 3, 1, 0)
    assert rows["A"]["gp"] == 25
    m.revert(decision.seq)
    assert (m.stage_rows()["A"]["tp"], m.stage_rows()["B"]["tp"]) == (4, 2)


def test_penalty_amounts_are_those_of_the_regulation_unless_custom_is_allowed():
    """Rule MJ-6: 6a 5/10/20/60 GP, 6b 50/100/200/600 GP, 6c 1/2/4 TP."""
    m = Marathon()
    gid = m.game(("A", 30), ("B", 25), ("C", 0), ("D", -55))
    for kind, amount, extra in (("6a", 7, {"game": gid}), ("6b", 75, {"stage": 1}),
                                ("6c", 3, {"stage": 1})):
        with pytest.raises(InvalidInput, match="not allowed"):
            m.penalty(kind, "A", amount, **extra)
    with pytest.raises(InvalidInput, match="reason"):
        m.penalty("6c", "A", 2, reason=" ", stage=1)
    with pytest.raises(NotFound, match="no stage 6"):
        m.penalty("6c", "A", 2, stage=6)
    with pytest.raises(InvalidInput, match="did not play"):
        m.penalty("6a", "E", 5, game=gid)
    assert not m.book.decisions
    custom = Marathon(custom_penalties="yes")
    gid = custom.game(("A", 30), ("B", 25), ("C", 0), ("D", -55))
    custom.penalty("6a", "A", 7, game=gid)
    assert custom.stage_rows()["A"]["gp"] == 23


def test_gp_penalty_from_the_total_lowers_stage_gp_not_the_series():
    """Rule MJ-6b [open default]: the stage GP shown drops by 50; the series GP (the MJ-7e
    tiebreak) and the result do not change."""
    m = Marathon()
    m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60))
    before = m.stage_rows()["A"]
    m.penalty("6b", "A", 50, stage=1)
    after = m.stage_rows()["A"]
    assert after["gp"] == before["gp"] - 50 == -10
    assert after["series_gp"] == before["series_gp"] == 40
    assert after["result"] == before["result"]


def test_tp_penalty_lowers_the_stage_average_not_the_series():
    """Rule MJ-6c [open default]: A wins 2 games: 8 TP, result (8/10 + 8/10)/2 = 4/5.
    Minus 2 TP: stage TP 6, stage average 6/10, series still 8/10: result 7/10."""
    m = Marathon()
    m.play("A", [1, 1])
    assert m.stage_rows()["A"]["result"] == Fraction(4, 5)
    m.penalty("6c", "A", 2, stage=1)
    row = m.stage_rows()["A"]
    assert (row["tp"], row["series_tp"], row["result"]) == (6, 8, Fraction(7, 10))


def test_disqualified_player_games_in_the_period_do_not_count_for_them():
    """Rule MJ-6 (disqualification period): A's middle game is inside the period and does not
    count for A; the other players of that game keep it."""
    m = Marathon()
    t0 = STAGE1
    m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60), at=t0)
    m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60), at=t0 + timedelta(hours=1))
    m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60), at=t0 + timedelta(hours=2))
    dq = m.dq_player("A", t0 + timedelta(minutes=30), t0 + timedelta(minutes=90))
    rows = m.stage_rows()
    assert (rows["A"]["games"], rows["A"]["tp"]) == (2, 8)
    assert (rows["B"]["games"], rows["B"]["tp"]) == (3, 6)
    m.revert(dq.seq)
    assert m.stage_rows()["A"]["games"] == 3


def test_revert_names_an_active_decision():
    """Every decision can be reverted once; the revert needs a reason."""
    m = Marathon()
    m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60))
    pen = m.penalty("6c", "A", 1, stage=1)
    with pytest.raises(InvalidInput, match="reason"):
        m.revert(pen.seq, reason="")
    with pytest.raises(NotFound):
        m.revert(2)  # a game batch is not a decision
    m.revert(pen.seq)
    with pytest.raises(Conflict, match="already reverted"):
        m.revert(pen.seq)


# MJ-7 ------------------------------------------------------------------------------------------
def test_nine_ten_and_eleven_games():
    """Rules MJ-7a (best series), MJ-7b (series average / 10), MJ-7c (stage average),
    MJ-7d (result = mean of the two).
    9 wins: series = all 9 games, 36 TP: 36/10; stage 36/10 (fewer than 10): result 18/5.
    10 games, 5 wins and 5 seconds: 30 TP; series 30/10, stage 30/10: result 3.
    11 games with TP 0,4,2,4,1,4,4,2,4,0,4: windows 25 and 29, best 29; stage 29/11:
    result (29/10 + 29/11)/2 = 609/220."""
    m = Marathon()
    m.play("Nine", [1] * 9)
    m.play("Ten", [1] * 5 + [2] * 5)
    m.play("Eleven", [4, 1, 2, 1, 3, 1, 1, 2, 1, 4, 1])
    rows = m.stage_rows()
    assert (rows["Nine"]["series_tp"], rows["Nine"]["result"]) == (36, Fraction(18, 5))
    assert (rows["Ten"]["series_tp"], rows["Ten"]["result"]) == (30, 3)
    assert (rows["Eleven"]["tp"], rows["Eleven"]["series_tp"]) == (29, 29)
    assert rows["Eleven"]["result"] == Fraction(609, 220)
    assert display(rows["Eleven"]["result"], Column("r", "R", numeric=True)) == "2.768"


def test_best_series_tie_on_tp_is_broken_by_gp():
    """Rule MJ-7a: TP 4,1,...,1,4 over 11 games: both windows have 13 TP; the first has
    20 + 9*0 GP, the second 9*0 + 50: the second is the best series (GP 50)."""
    m = Marathon()
    m.play("Y", [1] + [3] * 9 + [1], gps=[20] + [0] * 9 + [50])
    row = m.stage_rows()["Y"]
    assert (row["series_tp"], row["series_gp"], row["games"]) == (13, 50, 11)


def _stats(players, games, tp, gp, series_tp, series_gp) -> PlayerStats:
    arr = [np.asarray(x, dtype=np.int64) for x in (players, games, tp, gp, series_tp, series_gp)]
    return PlayerStats(*arr)


def test_stage_order_result_then_series_gp_then_games_and_shared_places():
    """Rule MJ-7e: all four have result 2/5 (4 TP over fewer than 10 games).
    B and D: series GP 40, 2 games; C: series GP 40, 1 game; A: series GP -20.
    Order B = D (shared place 1, [open] default), C 3rd, A 4th."""
    a, b, c, d = 1, 2, 3, 4
    stats = _stats([a, b, c, d], [2, 2, 1, 2], [48] * 4, [-20, 40, 40, 40], [48] * 4,
                   [-20, 40, 40, 40])
    ranking = rank_stage(1, stats, rules=RankRules(min_games=1))
    assert ranking.players.tolist() == [b, d, c, a]
    assert ranking.place.tolist() == [1, 1, 3, 4]
    assert ranking.result(0) == Fraction(2, 5)
    # NR uses the shared place: N = 4, P = 1, 1, 3, 4 -> 1000, 1000, 333, 0
    assert ranking.nr.tolist() == [1000, 1000, 333, 0]


# MJ-8 ------------------------------------------------------------------------------------------
def test_normalised_rating_counts_only_players_with_four_games():
    """Rule MJ-8. A, B, C, D play 5 games (A 1st, B 2nd, C 3rd, D 4th each time); E wins one
    game against A, B, C. A: 22 TP in 6 games -> 2.2; B 11 -> 1.1; C 5 -> 0.5; E 4 in 1 -> 0.4;
    D 0. N = 4 (E has fewer than 4 games): P = 1, 2, 3, 4 for A, B, C, D:
    NR 1000, 667 (666.67 rounded), 333, 0; E is shown 4th with NR 0."""
    m = Marathon()
    for _ in range(5):
        m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60))
    m.game(("E", 50), ("A", 40), ("B", 20), ("C", -110))
    rows = m.stage_rows()
    assert m.order() == ["A", "B", "C", "E", "D"]
    assert [rows[p]["result"] for p in "ABCED"] == [
        Fraction(11, 5), Fraction(11, 10), Fraction(1, 2), Fraction(2, 5), 0]
    assert [rows[p]["nr"] for p in "ABCD"] == [1000, 667, 333, 0]
    assert (rows["E"]["place"], rows["E"]["nr"]) == (4, 0)
    assert rows["E"]["note"] == "< 4 games: NR 0"


def test_normalised_rating_rounds_half_up():
    """Rule MJ-8 [open default]: N = 17, P = 2: 1000 * 15/16 = 937.5 -> 938; N = 1 -> 1000."""
    assert normalised_rating(np.array([1, 2, 17]), 17).tolist() == [1000, 938, 0]
    assert normalised_rating(np.array([1]), 1).tolist() == [1000]
    assert normalised_rating(np.array([1, 2, 3]), 3).tolist() == [1000, 500, 0]


# MJ-9, MJ-10 -----------------------------------------------------------------------------------
def _stage(stage: int, rows: list[tuple[int, int, Fraction, int]]) -> StageRanking:
    """A stage ranking from (player, NR, result, games) rows."""
    players = np.array([r[0] for r in rows], dtype=np.int64)
    z = np.zeros(len(rows), dtype=np.int64)
    return StageRanking(
        stage, players, np.array([r[3] for r in rows]), z, z, z, z,
        np.array([r[2].numerator for r in rows]), np.array([r[2].denominator for r in rows]),
        np.arange(1, len(rows) + 1), np.array([r[1] for r in rows]), z == 0,
        np.array([float(r[2]) for r in rows]),
    )


def test_all_five_stages_drop_the_worst_and_equal_worst_by_result_then_games():
    """Rule MJ-9. X: NR 800, 500, 900, 500, 700; the two 500s have results 6/5 and 11/10:
    stage 4 (lower result) is dropped: SN 2900. Z: NR 600 in every stage, equal results,
    stage 3 has the fewest games: it is dropped: SN 2400. Y played 4 stages: nothing dropped."""
    x, y, z = 1, 2, 3
    r = Fraction
    nr_x = [800, 500, 900, 500, 700]
    res_x = [r(2), r(6, 5), r(3), r(11, 10), r(2)]
    stages = []
    for s in range(5):
        rows = [(x, nr_x[s], res_x[s], 20), (z, 600, r(3, 2), 15 if s == 2 else 30)]
        if s != 4:
            rows.append((y, 700, r(1), 10))
        stages.append(_stage(s + 1, rows))
    total = total_standings(stages, 5)
    at = {int(p): i for i, p in enumerate(total.players)}
    assert int(total.dropped[at[x]]) == 3 and int(total.sn[at[x]]) == 2900
    assert int(total.dropped[at[z]]) == 2 and int(total.sn[at[z]]) == 2400
    assert int(total.dropped[at[y]]) == -1 and int(total.sn[at[y]]) == 2800
    assert total.result_sum(at[x]) == r(2) + r(6, 5) + r(3) + r(2)
    assert total.players.tolist() == [x, y, z]


def test_final_order_sn_then_result_sum_then_games_with_shared_places():
    """Rule MJ-10: A and B have SN 1000; A's result sum 2 beats B's 3/2. C and D have SN 500,
    equal result sums and games: shared place 3. E: same SN and sum as C, fewer games: 5th."""
    r = Fraction
    stage = _stage(1, [(1, 1000, r(2), 10), (2, 1000, r(3, 2), 12), (3, 500, r(1), 8),
                       (4, 500, r(1), 8), (5, 500, r(1), 7)])
    total = total_standings([stage], 1)
    assert total.players.tolist() == [1, 2, 3, 4, 5]
    assert total.place.tolist() == [1, 2, 3, 3, 5]


def test_total_end_to_end_with_equal_worst_stages():
    """Rules MJ-8, MJ-9 through the log: X plays 1 or 2 games in each stage, always with
    fewer than 4 games, so every NR is 0 (equal worst). Results: stage 1 win 2/5, stage 2
    second 1/5, stage 3 third 1/10 (1 game), stage 4 third + fourth 1/10 (2 games), stage 5
    win 2/5. Lowest result 1/10 in stages 3 and 4; stage 3 has fewer games: dropped.
    Result sum 2/5 + 1/5 + 1/10 + 2/5 = 11/10; games 6."""
    m = Marathon()
    days = [datetime(2015, month, 10, tzinfo=UTC) for month in (2, 4, 6, 8, 10)]
    m.play("X", [1], at=days[0])
    m.play("X", [2], at=days[1])
    m.play("X", [3], at=days[2])
    m.play("X", [3, 4], at=days[3])
    m.play("X", [1], at=days[4])
    row = m.total_rows()["X"]
    assert [row[f"nr{s}"] for s in range(1, 6)] == [0, 0, "(0)", 0, 0]
    assert (row["sn"], row["results"], row["games"], row["stages"]) == (0, Fraction(11, 10), 6, 5)


# MJ-11 -----------------------------------------------------------------------------------------
def test_publication_changes_place_gp_and_games():
    """Rule MJ-11. Game 1: A 40, B 20, C 0, D -60: places A, B, C, D. Published.
    Game 2: D 40, C 20, B 0, A -60. Now A and D have 4 TP, GP -20, 2 games: shared 1st;
    B and C 3 TP, GP 20: shared 3rd. D: up 3, GP +40; B: down 1, GP +0; everyone +1 game."""
    m = Marathon()
    m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60))
    m.publish()
    m.game(("D", 40), ("C", 20), ("B", 0), ("A", -60))
    rows = m.stage_rows()
    assert [(rows[p]["place"], rows[p]["move"].delta) for p in "ABCD"] == [
        (1, 0), (3, -1), (3, 0), (1, 3)]
    assert [rows[p]["gp_change"].delta for p in "ABCD"] == [-60, 0, 20, 40]
    assert [rows[p]["games_change"].delta for p in "ABCD"] == [1, 1, 1, 1]
    # a player who was not in the previous publication is marked new
    m.game(("E", 40), ("B", 20), ("C", 0), ("D", -60))
    assert m.stage_rows()["E"]["move"].new


def test_publication_is_frozen():
    """Rule MJ-11: a publication keeps its numbers when later games or decisions arrive."""
    m = Marathon()
    gid = m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60))
    m.publish()
    m.dq_game(gid)
    frozen = m.book.publications[0]["snapshot"]["stages"]["1"]
    assert frozen["games"] == [1, 1, 1, 1]
    assert m.tables()[0].rows == ()


def test_marathon_has_no_rounds():
    m = Marathon()
    with pytest.raises(Conflict, match="no pairings"):
        m.ruleset.plan_round(m.state)


def test_total_ties_on_result_sums_are_exact():
    """Rule MJ-10: 1/5 + 1/10, 3/10 and 1/13 + 29/130 are the same sum: one shared place.
    3/10 + 10**-12 is more, by less than a float can see in a sum: it ranks first."""
    r = Fraction
    s1 = _stage(1, [(1, 0, r(1, 5), 1), (2, 0, r(3, 10), 3), (3, 0, r(1, 13), 1),
                    (4, 0, r(3, 10), 1)])
    s2 = _stage(2, [(1, 0, r(1, 10), 2), (3, 0, r(29, 130), 2), (4, 0, r(1, 10**12), 2)])
    total = total_standings([s1, s2, _stage(3, [])], 3)
    assert total.players.tolist() == [4, 1, 2, 3]
    assert total.place.tolist() == [1, 2, 2, 2]
    assert total.result_sum(1) == total.result_sum(3) == r(3, 10)


def test_changing_the_place_points_rescores_stored_games():
    """Rule MJ-4 as a setting: 6/3/1/0 instead of 4/2/1/0 applies to games already stored;
    a 1st-2nd tie then gives (6+3)/2 = 9/2 each."""
    m = Marathon()
    m.game(("A", 30), ("B", 30), ("C", 0), ("D", -60))
    assert m.stage_rows()["A"]["tp"] == 3
    m.log.do("settings.changed", {"settings": {"place_points": "6,3,1,0"}})
    rows = m.stage_rows()
    assert (rows["A"]["tp"], rows["B"]["tp"], rows["C"]["tp"]) == (Fraction(9, 2),
                                                                  Fraction(9, 2), 1)
    m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60))
    assert m.stage_rows()["A"]["tp"] == Fraction(9, 2) + 6


def test_absurd_gp_is_refused():
    """Rule MJ-3 input: GP beyond ±1,000,000 is refused before it could overflow a column."""
    m = Marathon()
    with pytest.raises(InvalidInput, match="beyond"):
        m.game(("A", 3_000_000_000), ("B", 20), ("C", 0), ("D", -60))
    assert m.book.games.n == 0


def test_open_mj6_alternatives_put_penalties_into_the_series():
    """Rule MJ-6 [open] as settings: with tp_penalty_in_series, A's 2 wins (8 TP) minus 2 TP
    give series 6/10 and stage 6/10: result 3/5 (7/10 by default); with gp_penalty_in_series,
    a 6b penalty of 50 lowers the series GP (40 -> -10) as well."""
    m = Marathon(tp_penalty_in_series="yes", gp_penalty_in_series="yes")
    m.play("A", [1, 1])
    m.penalty("6c", "A", 2, stage=1)
    m.penalty("6b", "A", 50, stage=1)
    row = m.stage_rows()["A"]
    assert (row["result"], row["series_tp"], row["series_gp"]) == (Fraction(3, 5), 6, 30)


def test_open_mj8_alternatives_rounding_down_and_places_among_all():
    """Rule MJ-8 [open] as settings. A, B, C, D play 5 games (A 1st ... D 4th); E wins 3 games
    against fillers (1.2, fewer than 4 games). Order A 2.0, E 1.2, B 1.0, C 0.5, ..., D.
    Default: P among the 4 qualified: 1000, 667, 333, 0. With nr_places=all, P is the place
    shown: A 1, B 3, C 4 -> 1000, 333, 0 (and D, below N, 0). Rounding down: B 666."""
    def build(**settings):
        m = Marathon(**settings)
        for _ in range(5):
            m.game(("A", 40), ("B", 20), ("C", 0), ("D", -60))
        m.play("E", [1, 1, 1])
        rows = m.stage_rows()
        return [rows[p]["nr"] for p in "ABCD"], [rows[p]["place"] for p in "AEBC"]

    assert build() == ([1000, 667, 333, 0], [1, 2, 3, 4])
    assert build(nr_places="all")[0] == [1000, 333, 0, 0]
    assert build(nr_rounding="down")[0] == [1000, 666, 333, 0]
    assert normalised_rating(np.array([2]), 17, "down").tolist() == [937]
