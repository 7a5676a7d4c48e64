"""Berserk projections (regulation BRK), worked by hand: the chances of making the TOP and of
finishing first at the draft table (rules BRK-3, BRK-6) with the remaining Swiss played
through the format's own pairing, scoring and tiebreakers, what the next duel needs, and the
simulation's paths against the engine's own rounds."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from podium.core.projection import Strengths
from podium.formats.berserk import odds
from podium.formats.berserk.rules import SPLIT
from podium.formats.strengths import as_fraction, duel_chance, standard_scores
from tests.builders import EventLog

A, B, C, D = 1, 2, 3, 4


def four() -> tuple[EventLog, int, int]:
    """Four players at one draft table, two Swiss rounds, a TOP of 2 (rules BRK-1, BRK-6,
    BRK-10). Round 1 (paired by hand): A beats B, C and D draw. Standings: A 3, C 1, D 1,
    B 0; round 2 pairs A with the better of C and D (X: the seeded random tiebreak decides
    between them), and the other (Y) with B: no rematch, smallest point gaps (BRK-6).

    The four ways round 2 can end (a quarter each, ``uniform``):
    - A beats X, Y beats B: A 6, Y 4, X 1, B 0: TOP A, Y; first A;
    - A beats X, B beats Y: A 6, B 3, X 1, Y 1: TOP A, B; first A;
    - X beats A, Y beats B: X 4, Y 4, A 3, B 0: TOP X, Y; first X (Buchholz 4 + 3 = 7
      against Y's 4 + 0 = 4);
    - X beats A, B beats Y: X 4, A 3, B 3, Y 1: TOP X, A (A's Buchholz 3 + 4 = 7 against B's
      3 + 1 = 4); first X.
    """
    log = EventLog(players=4, fmt="berserk", rounds=2, top_size=2)
    log.do(SPLIT, log.ruleset.plan_split(log.state, 1))
    log.seat([A, B], [C, D])
    log.result(1, {"winner": A})
    log.result(2, {"draw": True})
    plan = log.ruleset.plan_round(log.state)
    (first, second), (third, fourth) = plan.tables
    assert first == A and fourth == B
    return log, second, third


def test_one_round_left_is_enumerated_exactly():
    """Rules BRK-3, BRK-6: the four outcomes of round 2 above, counted by hand."""
    log, x, y = four()
    projection = log.ruleset.projection(log.state)
    assert projection.exact and projection.remaining == 1 and not projection.done
    top = {p: c["top"].exact for p, c in projection.chances.items()}
    first = {p: c["first"].exact for p, c in projection.chances.items()}
    assert top == {A: Fraction(3, 4), x: Fraction(1, 2), y: Fraction(1, 2), B: Fraction(1, 4)}
    assert first == {A: Fraction(1, 2), x: Fraction(1, 2), y: 0, B: 0}
    assert projection.chances[y]["first"].impossible


def test_rating_model_weighs_each_duel():
    """Model ``rating``: A (strength 1 among 1, 0, 0, 0: standard score 1.73 against
    -0.58) beats X with the logistic chance p of the difference; Y and B are equal (1/2). A
    misses the TOP only when X beats A and Y beats B: 1 - (1 - p) / 2."""
    log, x, _y = four()
    strengths = Strengths({A: 1.0, B: 0.0, C: 0.0, D: 0.0}, "ratings")
    scores = standard_scores(strengths, [A, B, C, D])
    p = as_fraction(duel_chance(scores[A], scores[x]))
    projection = log.ruleset.projection(log.state, model="rating", strengths=strengths)
    assert projection.exact and projection.model == "rating"
    assert projection.chances[A]["top"].exact == 1 - (1 - p) / 2


def test_monte_carlo_is_within_its_margin_of_the_exact_answer(monkeypatch):
    """The same round simulated (enumeration switched off): each estimate within its 95%
    margin of the exact chance."""
    log, x, y = four()
    exact = {A: 0.75, x: 0.5, y: 0.5, B: 0.25}
    monkeypatch.setattr(odds, "EXACT_LEAVES", 0)
    projection = log.ruleset.projection(log.state, trials=2000, seed=5)
    assert not projection.exact and projection.trials == 2000
    for player, value in exact.items():
        chance = projection.chances[player]["top"]
        assert chance.exact is None and chance.trials == 2000
        assert abs(chance.value - value) <= chance.margin


def test_need_the_next_duel():
    """A, for the TOP: a win or a draw (A 4: above B and X whatever happens) guarantees it,
    a loss leaves 1/2. B: only a win keeps it possible (1/2), nothing guarantees it."""
    log, _x, _y = four()
    need = log.ruleset.need(log.state, A, "top")
    assert need.exact
    assert [o.key for o in need.outcomes] == ["win", "draw", "loss"]
    assert [c.exact for c in need.after] == [1, 1, Fraction(1, 2)]
    assert need.guarantees.key == "draw" and need.keeps_possible.key == "loss"
    need = log.ruleset.need(log.state, B, "top")
    assert [c.exact for c in need.after] == [Fraction(1, 2), 0, 0]
    assert need.keeps_possible.key == "win" and need.guarantees is None
    assert log.ruleset.need(log.state, A, "no-such-goal") is None


def test_when_the_swiss_is_over_the_chances_are_certain():
    """Round 2 played (A beats X, Y beats B): A and Y are in the TOP, certainly; X and B are
    out (rule BRK-3)."""
    log, x, y = four()
    log.pair()
    log.result(1, {"winner": A})
    log.result(2, {"winner": y})
    projection = log.ruleset.projection(log.state)
    assert projection.done and projection.exact
    assert projection.chances[A]["top"].certain and projection.chances[y]["top"].certain
    assert projection.chances[x]["top"].impossible and projection.chances[B]["top"].impossible
    assert projection.chances[A]["first"].certain
    need = log.ruleset.need(log.state, A, "top")
    assert need.outcomes == () and need.keeps_possible is None


def test_a_bye_is_the_only_next_result():
    """Five players: the next round gives the lowest a bye (rule BRK-6), so their need
    lists the bye alone."""
    log = EventLog(players=5, fmt="berserk", rounds=2, top_size=2)
    log.do(SPLIT, log.ruleset.plan_split(log.state, 1))
    rnd = log.pair()
    for table in rnd.tables:
        log.result(table.number, {"winner": min(table.seats)})
    plan = log.ruleset.plan_round(log.state)
    (bye,) = [b.player for b in plan.byes]
    need = log.ruleset.need(log.state, bye, "top")
    assert [o.key for o in need.outcomes] == ["bye"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_simulated_rounds_are_the_engines(seed):
    """Nine players (a bye each round), three rounds: random results played both through
    the projection's steps and through the engine (``round pair`` and result entry) give the
    same pairings, byes and TOP (rules BRK-3, BRK-6)."""
    rng = random.Random(seed)
    log = EventLog(players=9, fmt="berserk", rounds=3, top_size=4)
    log.do(SPLIT, log.ruleset.plan_split(log.state, 1))
    rnd = log.pair()
    for table in rnd.tables:
        log.result(table.number, rng.choice([{"winner": table.seats[0]}, {"draw": True},
                                             {"technical": table.seats[1]}]))
    table = odds.setup(log.ruleset, log.state, "uniform", None).tables[0]
    key: tuple = ()
    rounds = table.base
    for _step in range(table.steps):
        pairing = table.pairing(key, rounds)
        engine = log.pair()
        assert [t.seats for t in engine.tables] == pairing.duels
        assert [b.player for b in engine.byes] == pairing.byes
        ends = tuple(rng.choice([odds.FIRST, odds.SECOND]) for _ in pairing.duels)
        for t, end in zip(engine.tables, ends, strict=True):
            log.result(t.number, {"winner": t.seats[0] if end == odds.FIRST else t.seats[1]})
        key = (*key, ends)
        rounds = table.played(key, rounds, pairing, ends)
    order = log.ruleset.top_sources(log.state)[0]
    reached = table.reached(key, rounds)
    assert reached["top"] == set(order[:4]) and reached["first"] == {order[0]}


def test_the_current_rounds_missing_results_are_played_first():
    """Round 2 paired, A has beaten X, Y-B still playing: A is in the TOP and first; Y and
    B each make it when they win (1/2); X is out."""
    log, x, y = four()
    log.pair()
    log.result(1, {"winner": A})
    projection = log.ruleset.projection(log.state)
    assert projection.exact and projection.remaining == 1
    top = {p: c["top"].exact for p, c in projection.chances.items()}
    assert top == {A: 1, x: 0, y: Fraction(1, 2), B: Fraction(1, 2)}
    assert projection.chances[A]["first"].certain


def test_rating_without_strengths_uses_the_events_own_results():
    """Model ``rating`` with no ratings given: each player's points per round so far (A 3, C
    and D 1, B 0) are the strengths, so A, the strongest, makes the TOP more often than with
    every finish equally likely (3/4)."""
    log, _x, _y = four()
    projection = log.ruleset.projection(log.state, model="rating")
    assert projection.exact
    assert projection.chances[A]["top"].exact > Fraction(3, 4)
    assert sum(c["top"].exact for c in projection.chances.values()) == 2


def test_team_sealed_sum_plays_each_match_as_two_games():
    """Rule BRK-9, ``sum`` scoring: a match is two games, each won by either team half the
    time (6-0, 3-3 or 0-6 with 1/4, 1/2, 1/4); every outcome still sends two teams to the TOP
    and one first."""
    log = EventLog(players=4, fmt="berserk", rounds=2, top_size=2, team_scoring="sum")
    log.do(SPLIT, log.ruleset.plan_split(log.state, 1))
    log.seat([A, B], [C, D])
    log.result(1, {"games": ["1", "1"]})
    log.result(2, {"games": ["1", "2"]})
    projection = log.ruleset.projection(log.state)
    assert projection.exact
    assert sum(c["top"].exact for c in projection.chances.values()) == 2
    assert sum(c["first"].exact for c in projection.chances.values()) == 1
    assert 0 < projection.chances[A]["top"].exact < 1  # X and Y may both reach 9
