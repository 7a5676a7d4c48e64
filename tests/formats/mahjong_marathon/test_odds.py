"""Marathon projections (regulation MJ), worked by hand: the chances of winning the stage and
the year (rules MJ-7e, MJ-10) with the stage's remaining games played at each player's pace
(MJ-1), what the next game needs, and the vectorised simulation against the format's own
scoring (MJ-4, MJ-7, MJ-8, MJ-9)."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import numpy as np
import pytest

from podium.core.projection import Strengths
from podium.formats.mahjong_marathon import odds
from podium.formats.mahjong_marathon.batch_rank import stage_rows, total_frame, total_top
from podium.formats.mahjong_marathon.scoring import (
    PlayerStats,
    player_stats,
    rank_stage,
    total_standings,
)
from podium.formats.strengths import as_fraction
from tests.formats.mahjong_marathon.builders import Marathon


def at(moment: int) -> datetime:
    return datetime.fromtimestamp(moment, tz=UTC)


def race(a_places: list[int] | None = None) -> Marathon:
    """Stage 1, nine tenths of it gone (rule MJ-1: no game limit, so each player keeps their
    pace): Anna played 9 games, the last one just now, so one more is left to her (9 x 1/9);
    Boris played 4, all won (16 TP: result 1.6, rule MJ-7d), and at his pace (4/9 of a game)
    none is left; each filler played 1. Every game's points are 40/20/0/-60 by place."""
    m = Marathon()
    lo, hi = m.state.settings.stage_bounds[0]
    now = lo + (hi - lo) * 9 // 10
    places = a_places or [1, 1, 1, 4, 4, 4, 4, 4, 3]  # 13 TP: result 1.3
    m.play("Boris", [1, 1, 1, 1], at=at(lo) + timedelta(days=2))
    m.play("Anna", places[:-1], at=at(lo) + timedelta(days=1))
    m.play("Anna", places[-1:], at=at(now))
    return m


def chances(m: Marathon, **options):
    projection = m.ruleset.projection(m.state, **options)
    return projection, {m.state.players[p].name: c for p, c in projection.chances.items()}


def test_the_games_left_are_each_players_pace():
    """Rule MJ-1: no limit on games; each player's pace in the stage so far, to its end."""
    m = race()
    begin = odds.start(m.state, m.book)
    left = {m.state.players[int(p)].name: int(k)
            for p, k in zip(begin.players, begin.left, strict=True)}
    assert left["Anna"] == 1 and left["Boris"] == 0
    assert sum(left.values()) == 1


def test_one_game_left_is_enumerated_exactly():
    """Anna's one game: 1st gives 17 TP, result 1.7 above Boris's 1.6 (rules MJ-4, MJ-7d,
    MJ-7e); 2nd 1.5, 3rd 1.4, 4th 1.3 leave Boris first. Every place a quarter: 1/4 and
    3/4. Only stage 1 has games, so its NR (MJ-8) is the year's total (MJ-9, MJ-10)."""
    m = race()
    projection, by_name = chances(m)
    assert projection.exact and projection.remaining == 1
    assert by_name["Anna"]["stage_first"].exact == Fraction(1, 4)
    assert by_name["Boris"]["stage_first"].exact == Fraction(3, 4)
    assert by_name["Anna"]["total_first"].exact == Fraction(1, 4)
    assert by_name["Boris"]["total_first"].exact == Fraction(3, 4)
    assert by_name["Anna"]["stage_top3"].certain and by_name["Boris"]["stage_top3"].certain
    # a filler with one game of 0 TP is already out of the stage's first place (MJ-7e)
    assert by_name["f1-0"]["stage_first"].impossible
    assert by_name["f1-0"]["stage_first"].exact == 0


def test_a_player_already_certain():
    """Anna at 20 TP in 9 games (2.0) stays above Boris's 1.6 whatever her last place."""
    m = race([1, 1, 1, 1, 1, 4, 4, 4, 4])
    _projection, by_name = chances(m)
    assert by_name["Anna"]["stage_first"].certain
    assert by_name["Anna"]["stage_first"].exact == 1
    assert by_name["Boris"]["stage_first"].impossible


def test_rating_model_uses_the_players_strengths():
    """Model ``rating``: Anna (standard score 1 of Anna 1, Boris 0) wins a game against
    three average players with the Plackett-Luce chance e / (e + 3), and only a win
    makes her first."""
    m = race()
    anna, boris = (m.state.player_by_name(n).id for n in ("Anna", "Boris"))
    _projection, by_name = chances(m, model="rating",
                                   strengths=Strengths({anna: 1.0, boris: 0.0}, "ratings"))
    assert by_name["Anna"]["stage_first"].exact == as_fraction(math.e / (math.e + 3))


def test_monte_carlo_is_within_its_margin_of_the_exact_answer(monkeypatch):
    """The same stage simulated (enumeration switched off): each estimate within its 95%
    margin of the exact 1/4 and 3/4."""
    m = race()
    monkeypatch.setattr(odds, "EXACT_LEAVES", 0)
    projection, by_name = chances(m, trials=2000, seed=3)
    assert not projection.exact and projection.trials == 2000
    for name, exact in (("Anna", 0.25), ("Boris", 0.75)):
        chance = by_name[name]["stage_first"]
        assert chance.trials == 2000
        assert abs(chance.value - exact) <= chance.margin


def test_need_the_next_game():
    """Anna needs the 1st place (1, 0, 0, 0 after 1st..4th). Boris, with no game left at his
    pace, plays one more: 1st (2.0) or 2nd (1.8) are above Anna's best 1.7; 3rd gives 1.7,
    level with Anna's if she wins, and the best series' GP decides (MJ-7e: his 160 against
    her -140), so a 3rd place guarantees it; 4th (1.6) loses only to Anna's win: 3/4."""
    m = race()
    anna, boris = (m.state.player_by_name(n).id for n in ("Anna", "Boris"))
    need = m.ruleset.need(m.state, anna, "stage_first")
    assert need.exact
    assert [o.key for o in need.outcomes] == ["1", "2", "3", "4"]
    assert [c.exact for c in need.after] == [1, 0, 0, 0]
    assert need.keeps_possible.key == "1" and need.guarantees.key == "1"
    # one stage only: the year's first place is the stage's (MJ-9, MJ-10)
    assert [c.exact for c in m.ruleset.need(m.state, anna, "total_first").after] == [1, 0, 0, 0]
    need = m.ruleset.need(m.state, boris, "stage_first")
    assert [c.exact for c in need.after] == [1, 1, 1, Fraction(3, 4)]
    assert need.guarantees.key == "3" and need.keeps_possible.key == "4"
    assert m.ruleset.need(m.state, anna, "no-such-goal") is None


def test_nothing_counted_yet():
    m = Marathon()
    projection = m.ruleset.projection(m.state)
    assert projection.done and projection.chances == {}


def random_marathon(seed: int) -> Marathon:
    """Random games among eight players over two stages, with MJ-6b and MJ-6c penalties."""
    rng = np.random.default_rng(seed)
    m = Marathon()
    bounds = m.state.settings.stage_bounds
    names = [f"p{i}" for i in range(8)]
    moments = sorted(int(rng.integers(bounds[0][0], bounds[1][0] + (bounds[1][1] - bounds[1][0])
                                      // 2)) for _ in range(60))
    for moment in moments:
        seats = rng.choice(8, size=4, replace=False)
        gps = (8 * rng.integers(-5, 6, size=4)).tolist()  # ties on GP happen (MJ-4)
        m.game(*((names[s], g) for s, g in zip(seats, gps, strict=True)), at=at(moment))
    m.penalty("6c", "p1", 2, stage=2)
    m.penalty("6b", "p2", 50, stage=2)
    return m


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_simulation_scores_as_the_format_does(seed):
    """Random new games: each player's stage stats equal the format's own MJ-7a over the
    games before and after (:func:`player_stats`), the batch's places and NR equal
    :func:`rank_stage` (MJ-7e, MJ-8, penalties included), and the year's first three equal
    :func:`total_standings` (MJ-9, MJ-10)."""
    m = random_marathon(seed)
    begin = odds.start(m.state, m.book)
    assert begin.stage == 2
    # the start reproduces the book's own table
    book_table = m.book.stage(m.state.settings, 2)
    ranked = rank_stage(2, PlayerStats(begin.players, begin.games, begin.tp12, begin.gp,
                                       begin.series_tp12, begin.series_gp),
                        begin.tp_penalty, begin.gp_penalty, m.state.settings.rank_rules)
    assert ranked.players.tolist() == book_table.players.tolist()
    assert ranked.nr.tolist() == book_table.nr.tolist()
    rng = np.random.default_rng(seed)
    left = rng.integers(0, 13, size=begin.players.size)
    layout = odds._layout(begin, left)
    trials = 40
    new_tp = rng.choice([0, 12, 24, 48, 36, 18, 6, 21, 28], size=(trials, int(left.sum())))
    new_gp = rng.integers(-100, 100, size=new_tp.shape)
    batch = odds.stage_stats(begin, layout, left, new_tp, new_gp)
    rows = stage_rows(begin.players, batch.games, batch.tp12, batch.gp, batch.series_tp12,
                      batch.series_gp, begin.tp_penalty, begin.gp_penalty,
                      m.state.settings.rank_rules)
    frame = total_frame(begin.stages, begin.stage_count, 2, begin.players, begin.games + left)
    top, near = total_top(frame, rows)
    assert near.sum() < trials // 2  # most trials are ranked by the batch alone
    length = m.state.settings.series_length
    for trial in range(trials):
        for j, player in enumerate(begin.players.tolist()):
            tp, gp = m.book.player_entries(m.state.settings, 2, player)
            mine = new_tp[trial, layout.entry_player == j]
            mine_gp = new_gp[trial, layout.entry_player == j]
            expected = player_stats(np.concatenate([tp, mine]), np.concatenate([gp, mine_gp]),
                                    length)
            got = (batch.games[j], batch.tp12[trial, j], batch.gp[trial, j],
                   batch.series_tp12[trial, j], batch.series_gp[trial, j])
            assert tuple(int(x) for x in got) == expected
        ranking = rank_stage(2, batch.stats(begin.players, trial), begin.tp_penalty,
                             begin.gp_penalty, m.state.settings.rank_rules)
        by_player = dict(zip(ranking.players.tolist(), ranking.place.tolist(), strict=True))
        nr = dict(zip(ranking.players.tolist(), ranking.nr.tolist(), strict=True))
        assert rows.place[trial].tolist() == [by_player[p] for p in begin.players.tolist()]
        assert rows.nr[trial].tolist() == [nr[p] for p in begin.players.tolist()]
        stages = list(begin.stages)
        stages[1] = ranking
        total = total_standings(stages, begin.stage_count)
        if not near[trial]:
            assert frame.players[top[trial]].tolist() == total.players[:3].tolist()
            assert total.place[:3].tolist() == [1, 2, 3]


def test_need_by_monte_carlo_agrees_with_the_enumeration(monkeypatch):
    """The same needs simulated (enumeration switched off, the four places sharing their
    draws): the certain and impossible places are so in every trial, Boris's 4th place
    within its margin of 3/4."""
    m = race()
    anna, boris = (m.state.player_by_name(n).id for n in ("Anna", "Boris"))
    monkeypatch.setattr(odds, "EXACT_LEAVES", 0)
    need = m.ruleset.need(m.state, anna, "stage_first", trials=1000, seed=2)
    assert not need.exact
    assert [c.hits for c in need.after] == [1000, 0, 0, 0]
    need = m.ruleset.need(m.state, boris, "stage_first", trials=1000, seed=2)
    assert [c.certain for c in need.after] == [True, True, True, False]
    assert abs(need.after[3].value - 0.75) <= need.after[3].margin
    assert need.guarantees.key == "3"


def test_rating_without_strengths_uses_the_events_own_results():
    """Model ``rating`` with no ratings given: each player's TP per game over the stages are
    the strengths. Anna's 13/9 a game is below the field's mean (Boris 4, the 39 fillers 62
    TP in all: 1.6 a player), so she wins her game, and the stage, less than a quarter of the
    time."""
    m = race()
    _projection, by_name = chances(m, model="rating")
    assert 0 < by_name["Anna"]["stage_first"].exact < Fraction(1, 4)


def test_an_enormous_stage_is_played_fewer_times_and_says_so(monkeypatch):
    """Where the stage is too large for the trials asked (a year of a million games), the
    simulation is bounded by the seats it plays: fewer trials, a note, each chance with its
    own wider margin."""
    m = race()
    monkeypatch.setattr(odds, "EXACT_LEAVES", 0)
    monkeypatch.setattr(odds, "WORK", 1000)  # seats in all: fewer than 2000 trials of 53
    monkeypatch.setattr(odds, "MIN_TRIALS", 100)
    projection = m.ruleset.projection(m.state, trials=2000)
    assert projection.trials < 2000
    assert any("times, not 2000: each chance says its own wider margin" in n
               for n in projection.notes)
    anna = m.state.player_by_name("Anna").id
    chance = projection.chances[anna]["stage_first"]
    assert chance.trials == projection.trials and chance.margin > 0.02
