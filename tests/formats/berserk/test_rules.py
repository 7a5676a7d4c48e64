"""Berserk rules worked by hand: draft tables (BRK-6, BRK-10), duel points and technical results
(BRK-8), Team Sealed (BRK-9), time limits (BRK-7), and the TOP seeded from the tables."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Kind
from podium.core.top_replay import top_of
from podium.formats.berserk.rules import LEGACY_SPLIT, SPLIT, draft_tables, table_divisions
from podium.pairing.duel import pair_duels, round_count, split_sizes
from podium.service.top import plan_top
from tests.builders import EventLog


def berserk(players: int, tables: int | None = None, **settings) -> EventLog:
    log = EventLog(players=players, fmt="berserk", **settings)
    log.do(SPLIT, log.ruleset.plan_split(log.state, tables))
    return log


def play_round(log: EventLog, pick=min) -> None:
    rnd = log.pair()
    for table in rnd.tables:
        log.result(table.number, {"winner": pick(table.seats)})


# BRK-6, BRK-10: draft tables ------------------------------------------------------------------
def test_split_sizes_are_as_even_as_possible():
    """Rule BRK-6: tables of 8 to 16, sizes differing by at most one."""
    assert split_sizes(40, 4) == [10, 10, 10, 10]
    assert split_sizes(40) == [14, 13, 13]  # fewest tables of at most 16
    assert split_sizes(33) == [11, 11, 11]
    assert split_sizes(16) == [16]
    assert split_sizes(17) == [9, 8]
    assert split_sizes(30, 4) == [8, 8, 7, 7]


def test_split_under_the_minimum_is_refused():
    """Rule BRK-10: at least 4 players a table (Sealed and Arena minimum)."""
    with pytest.raises(InvalidInput, match="leaves a table of 3, under the minimum of 4"):
        split_sizes(12, 4)
    with pytest.raises(InvalidInput, match="too few"):
        split_sizes(3)
    with pytest.raises(InvalidInput, match="over the maximum of 16"):
        split_sizes(40, 2)


def test_split_action_refused_under_minimum_stores_nothing():
    """Rule BRK-10 through the log: a split with a table of 3 is refused, nothing changes."""
    log = EventLog(players=12, fmt="berserk")
    count = len(log.actions)
    with pytest.raises(InvalidInput, match="under the minimum of 4"):
        log.do(SPLIT, log.ruleset.plan_split(log.state, 4))
    tables = [[1, 2, 3], [4, 5, 6, 7, 8, 9, 10, 11, 12]]
    with pytest.raises(InvalidInput, match="under the minimum of 4"):
        log.do(SPLIT, {"divisions": table_divisions(tables), "seed": 0})
    with pytest.raises(InvalidInput, match="under the minimum of 4"):  # a log from before
        log.do(LEGACY_SPLIT, {"tables": tables, "seed": 0})  # core divisions: same rule
    assert len(log.actions) == count and draft_tables(log.state) == []


def test_round_count():
    """Rule BRK-6: 3 rounds when every table is under 8, 4 when most have 8 or more."""
    assert round_count([7, 7, 6]) == 3
    assert round_count([10, 10, 10, 10]) == 4
    assert round_count([8, 8, 7]) == 4
    assert round_count([8, 7, 7]) == 3


def test_every_player_at_one_table_and_duels_stay_inside_tables():
    """Rule BRK-6: duels (pods of 2) inside draft tables; 4 rounds for tables of 10."""
    log = berserk(40, 4)
    tables = draft_tables(log.state)
    assert sorted(len(t) for t in tables) == [10] * 4
    assert sorted(p for t in tables for p in t) == list(range(1, 41))
    home = {p: i for i, t in enumerate(tables) for p in t}
    for _ in range(4):
        play_round(log)
    with pytest.raises(Conflict, match="all 4 table rounds are paired"):
        log.pair()
    for rnd in log.state.rounds:
        assert all(len(t.seats) == 2 for t in rnd.tables)
        assert all(home[t.seats[0]] == home[t.seats[1]] for t in rnd.tables)


def test_no_rematch_while_avoidable():
    """Rule BRK-6, duel Swiss: 4 rounds at tables of 10 and of 8 have no repeated pair."""
    for seed in range(5):
        log = EventLog(players=18, seed=seed, fmt="berserk")
        log.do(SPLIT, log.ruleset.plan_split(log.state, 2))
        for _ in range(4):
            play_round(log, pick=max)
        pairs = Counter(
            frozenset(t.seats) for rnd in log.state.rounds for t in rnd.tables
        )
        assert max(pairs.values()) == 1


def test_rematch_only_when_unavoidable():
    """Four players who all met: the fourth round must repeat two pairs, and says so."""
    order = [1, 2, 3, 4]
    met = {a: {b: 1 for b in order if b != a} for a in order}
    pairs, rematches = pair_duels(order, dict.fromkeys(order, 0), met)
    assert rematches == 2 and len(pairs) == 2
    met[1][2] = met[2][1] = 1
    del met[1][3], met[3][1], met[2][4], met[4][2]
    pairs, rematches = pair_duels(order, dict.fromkeys(order, 0), met)
    assert rematches == 0 and pairs == [(1, 3), (2, 4)]


def test_pairing_follows_the_standings():
    """Duel Swiss: 1st meets 2nd, 3rd meets 4th, when they have not met."""
    pairs, rematches = pair_duels([5, 6, 7, 8], {5: 6, 6: 6, 7: 3, 8: 0}, {})
    assert pairs == [(5, 6), (7, 8)] and rematches == 0


def test_odd_table_gives_the_lowest_a_bye():
    log = berserk(9, 1)
    play_round(log)
    rnd = log.pair()
    [bye] = rnd.byes
    assert bye.points == 3
    standings = log.ruleset.table_standings(log.state, 1)[0][1]
    with_no_bye = [p for p in standings.order() if p != log.state.rounds[0].byes[0].player]
    assert bye.player == with_no_bye[-1]


# points, BRK-8 ----------------------------------------------------------------------------------
def test_win_draw_loss_and_technical_points():
    """Win 3, draw 1, loss 0; technical win 2.5, technical loss 0 (rule BRK-8)."""
    log = berserk(8, 1)
    rnd = log.pair()
    t1, t2, t3, t4 = rnd.tables
    log.result(1, {"winner": t1.seats[1]})
    log.result(2, {"draw": True})
    log.result(3, {"technical": t3.seats[0]})
    log.result(4, {"winner": [t4.seats[0]], "eliminated": []})  # `podium result enter` form
    records = {row.player: row.record for row in log.standings().rows}
    assert records[t1.seats[1]].points == 3 and records[t1.seats[0]].points == 0
    assert records[t2.seats[0]].points == records[t2.seats[1]].points == 1
    assert records[t3.seats[0]].points == Fraction(5, 2)
    assert records[t3.seats[1]].points == 0
    assert records[t4.seats[0]].points == 3


def test_bad_duel_entries_are_refused():
    log = berserk(8, 1)
    rnd = log.pair()
    count = len(log.actions)
    with pytest.raises(InvalidInput, match="exactly one of"):
        log.result(1, {"winner": rnd.tables[0].seats[0], "draw": True})
    with pytest.raises(InvalidInput, match="one of the two players"):
        log.result(1, {"winner": rnd.tables[1].seats[0]})
    assert len(log.actions) == count


def test_technical_points_are_settings():
    log = berserk(4, 1, tech_win_points="2")
    rnd = log.pair()
    log.result(1, {"technical": rnd.tables[0].seats[0]})
    assert log.standings().row(rnd.tables[0].seats[0]).record.points == 2


# BRK-9: Team Sealed -----------------------------------------------------------------------------
def team_match(variant: str, games: list[str], decider: str | None = None):
    log = berserk(4, 1, team_scoring=variant)
    rnd = log.pair()
    table = rnd.tables[0]
    log.result(1, {"games": games, "decider": decider})
    result = log.state.rounds[0].results[1]
    return result.of(table.seats[0]).points, result.of(table.seats[1]).points


def test_team_sealed_match_scoring():
    """Rule BRK-9: more points over the two games wins 3-0; 1-1 only if both games are drawn or
    the deciding game is. Worked by hand with games scoring 3/1/0 and technical 2.5/0."""
    assert team_match("match", ["1", "D"]) == (3, 0)  # 4 : 1
    assert team_match("match", ["2", "2"]) == (0, 3)  # 0 : 6
    assert team_match("match", ["D", "D"]) == (1, 1)  # 2 : 2, both drawn
    assert team_match("match", ["1", "2"], "2") == (0, 3)  # 3 : 3, decider won by team 2
    assert team_match("match", ["1", "2"], "D") == (1, 1)  # 3 : 3, decider drawn
    assert team_match("match", ["T1", "2"]) == (0, 3)  # 2.5 : 3


def test_team_sealed_sum_scoring():
    """Rule BRK-9, alternative: each team gets its two games' points (at most 6), no decider."""
    assert team_match("sum", ["1", "D"]) == (4, 1)
    assert team_match("sum", ["1", "1"]) == (6, 0)
    assert team_match("sum", ["1", "2"]) == (3, 3)
    assert team_match("sum", ["T1", "D"]) == (Fraction(7, 2), 1)


def test_team_sealed_refusals():
    with pytest.raises(InvalidInput, match="enter the deciding game"):
        team_match("match", ["1", "2"])
    with pytest.raises(InvalidInput, match="no deciding game"):
        team_match("match", ["1", "1"], "D")
    with pytest.raises(InvalidInput, match="no deciding game"):
        team_match("sum", ["1", "2"], "1")
    with pytest.raises(InvalidInput, match="two games"):
        team_match("match", ["1"])


# BRK-7, and the TOP from the tables (BRK-3) ----------------------------------------------------
def test_time_limits_on_the_pairings_and_the_top():
    """Rule BRK-7: 40 minutes a game before the TOP, 70 in the TOP (both settings)."""
    log = berserk(8, 1)
    for _ in range(4):
        play_round(log)
    assert "time: 40 minutes per game (rule BRK-7)" in log.state.rounds[0].notes
    log.do(Kind.TOP_BUILT, plan_top(log.ruleset, log.state, 4))
    assert top_of(log.state).minutes == 70
    views = {v.key: v for v in log.ruleset.tables(log.state)}
    assert any("70 minutes" in note for note in views["top"].notes)


def test_top_is_seeded_from_each_tables_standings():
    """Rule BRK-3: the 1st places of tables 1..T are seeds 1..T, then the 2nd places."""
    log = berserk(40, 4)
    for _ in range(4):
        play_round(log)
    log.do(Kind.TOP_BUILT, plan_top(log.ruleset, log.state, 16))
    bracket = top_of(log.state)
    tops = log.ruleset.top_sources(log.state)
    assert [bracket.seeds[t[0]] for t in tops] == [1, 2, 3, 4]
    assert [bracket.seeds[t[1]] for t in tops] == [5, 6, 7, 8]
    home = {p: i for i, t in enumerate(tops) for p in t}
    first_round = [bracket.slots[i : i + 2] for i in range(0, 16, 2)]
    assert all(home[a] != home[b] for a, b in first_round)  # rule BRK-4, goal 1
    views = [v.key for v in log.ruleset.tables(log.state)]
    assert views == ["table-1", "table-2", "table-3", "table-4", "top", "top-seeds"]


def test_tiebreakers_are_configurable():
    log = berserk(8, 1, tiebreakers="wins,random")
    assert [c.name for c in log.standings().criteria] == ["points", "wins", "random"]
    with pytest.raises(InvalidInput, match="not one of"):
        EventLog(players=4, fmt="berserk", tiebreakers="elimination_sum")


def test_table_standings_rank_only_their_members():
    log = berserk(16, 2)
    play_round(log)
    for number, standings in log.ruleset.table_standings(log.state):
        assert set(standings.order()) == set(draft_tables(log.state)[number - 1])
        ranks = [row.rank for row in standings.rows]
        assert ranks == sorted(ranks)


def test_event_standings_list_each_table_with_ranks_inside_it():
    """The standings (and the pairing explanation) rank players within their draft table."""
    log = berserk(16, 2)
    play_round(log)
    rows = log.standings().rows
    assert [row.note for row in rows] == ["table 1"] * 8 + ["table 2"] * 8
    assert [row.rank for row in rows[:8]] == sorted(row.rank for row in rows[:8])
    assert rows[0].rank == rows[8].rank == 1
    tables = draft_tables(log.state)
    assert {row.player for row in rows[:8]} == set(tables[0])


@pytest.mark.parametrize(("players", "size"), [(40, 16), (33, 16), (31, 8), (12, 4), (7, 4),
                                               (300, 64)])
def test_top_size_from_attendance(players: int, size: int) -> None:
    """Rule BRK-1's TOP size, setting ``top_size_rule=half`` (beyond the regulation, as regional
    events run it): half the players rounded down to a power of two, within top_size_min (4)
    and top_size_max (64): 40 -> 20 -> 16; 33 -> 16; 31 -> 15 -> 8; 12 -> 4; 7 -> 3 -> 4 (the
    minimum); 300 -> 150 -> 128 -> 64 (the maximum). The default is the written size."""
    fixed = EventLog(players=players, fmt="berserk")
    assert fixed.ruleset.top_defaults(fixed.state).size == 8
    half = EventLog(players=players, fmt="berserk", top_size_rule="half")
    assert half.ruleset.top_defaults(half.state).size == size


def test_top_size_from_attendance_counts_the_players_still_in() -> None:
    """A dropped player is not in the attendance: 34 players with 3 dropped give 31 -> 8."""
    log = EventLog(players=34, fmt="berserk", top_size_rule="half")
    assert log.ruleset.top_defaults(log.state).size == 16
    for pid in (1, 2, 3):
        log.do(Kind.PLAYER_DROPPED, {"player": pid})
    assert log.ruleset.top_defaults(log.state).size == 8
    log = berserk(40, 4, top_size_rule="half")
    for _ in range(4):
        play_round(log)
    log.do(Kind.TOP_BUILT, plan_top(log.ruleset, log.state, None))
    assert top_of(log.state).size == 16


def test_the_time_zone_setting_is_utc_by_default_and_a_bad_name_is_refused() -> None:
    """Beyond the regulation (it names no zone): the pages' times are shown in ``time_zone``."""
    from podium.formats.berserk.rules import BERSERK

    assert BERSERK.parse_settings({}).time_zone == "UTC"
    assert BERSERK.parse_settings({"time_zone": "Europe/Moscow"}).time_zone == "Europe/Moscow"
    with pytest.raises(InvalidInput, match="time_zone") as refused:
        BERSERK.parse_settings({"time_zone": "Moscow time"})
    assert refused.value.field == "time_zone"


def test_duel_pairing_is_the_least_cost_of_all_pairings():
    """Rule BRK-6: among every perfect pairing of a table (brute force, up to 8 players),
    the pairing found has the fewest rematches, then the smallest point gaps, then the
    smallest standings distances."""
    import random
    from itertools import permutations

    def cost(order, points, met, pairs):
        index = {p: i for i, p in enumerate(order)}
        return (sum(met.get(a, {}).get(b, 0) for a, b in pairs),
                sum(abs(points[a] - points[b]) for a, b in pairs),
                sum(abs(index[a] - index[b]) for a, b in pairs))

    rng = random.Random(3)
    for _case in range(200):
        n = rng.choice([2, 4, 6, 8])
        order = rng.sample(range(1, 50), n)
        points = {p: Fraction(rng.choice([0, 1, 3, 4, 6]), rng.choice([1, 2])) for p in order}
        met: dict = {}
        for _ in range(rng.randint(0, n)):
            a, b = rng.sample(order, 2)
            met.setdefault(a, Counter())[b] += 1
            met.setdefault(b, Counter())[a] += 1
        pairs, rematches = pair_duels(order, points, met)
        every = {tuple(sorted(zip(p[::2], p[1::2], strict=True)))
                 for p in permutations(order)}
        least = min(cost(order, points, met, c) for c in every)
        assert cost(order, points, met, pairs) == least
        assert rematches == least[0]
