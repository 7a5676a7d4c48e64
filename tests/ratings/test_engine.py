"""Hand-worked PlackettLuce games, the history "as of" a game, ignored games and weights."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from podium.ratings import Game, Params, Rating, Ratings, rate, rate_arrays

# openskill's defaults: mu 25, sigma 25/3, beta 25/6, kappa 1e-4, tau 25/300.
# Before a game every sigma is widened by tau: s^2 = (25/3)^2 + (25/300)^2 = 69.451389.
S2 = (25 / 3) ** 2 + (25 / 300) ** 2
B2 = (25 / 6) ** 2


def test_duel_by_hand() -> None:
    # c^2 = 2 (s^2 + beta^2) = 173.625, c = 13.176684. Equal mu, so e_1 = e_2 = e.
    # Winner (place 1): Q_1 = e_1 + e_2 = 2e, t = 1/2: omega = 1 - 1/2 = 1/2,
    # delta = t(1 - t) = 1/4. Loser: q in {1, 2}: Q_1 = 2e (t = 1/2), Q_2 = e (t = 1):
    # omega = 1 - 1/2 - 1 = -1/2, delta = 1/4 + 0 = 1/4.
    # mu' = 25 +- 1/2 * s^2 / c = 25 +- 2.635389;
    # sigma' = s * sqrt(1 - 1/4 * s^2/c^2 * s/c) = 8.333750 * 0.967860 = 8.065901.
    c = math.sqrt(2 * (S2 + B2))
    sigma = math.sqrt(S2) * math.sqrt(1 - 0.25 * S2 / c**2 * math.sqrt(S2) / c)
    ratings = rate([Game((7, 9), (1, 2))])
    assert ratings.of(7).mu == pytest.approx(25 + 0.5 * S2 / c, abs=1e-12)
    assert ratings.of(9).mu == pytest.approx(25 - 0.5 * S2 / c, abs=1e-12)
    assert ratings.of(7).sigma == ratings.of(9).sigma == pytest.approx(sigma, abs=1e-12)
    assert (ratings.of(7).mu, ratings.of(7).sigma) == pytest.approx((27.635389, 8.065901),
                                                                    abs=1e-6)
    assert ratings.of(9).mu == pytest.approx(22.364611, abs=1e-6)
    assert ratings.of(7).games == 1


def test_three_players_second_place_tied_by_hand() -> None:
    # Places 1, 2, 2; c^2 = 3 (s^2 + beta^2) = 260.4375, c = 16.138076; all e equal.
    # Ties A: a_1 = 1, a_2 = a_3 = 2. Q_1 = 3e, Q_2 = Q_3 = 2e (both tied ones).
    # First: q in {1}: t = 1/3, omega = 1 - 1/3 = 2/3, delta = 1/3 * 2/3 = 2/9.
    # Each tied: q in {1, 2, 3}: t = 1/3, 1/2, 1/2 over a = 1, 2, 2:
    #   omega = 1/2 - (1/3 + 1/4 + 1/4) = -1/3,
    #   delta = 2/9 + (1/4)/2 + (1/4)/2 = 17/36.
    # mu'_1 = 25 + 2/3 * s^2/c = 27.869049, mu'_2 = mu'_3 = 25 - 1/3 * s^2/c = 23.565476.
    c = math.sqrt(3 * (S2 + B2))
    s = math.sqrt(S2)
    ratings = rate([Game((1, 2, 3), (1, 2, 2))])
    first, second, third = (ratings.of(p) for p in (1, 2, 3))
    assert first.mu == pytest.approx(25 + 2 / 3 * S2 / c, abs=1e-12)
    assert second.mu == third.mu == pytest.approx(25 - 1 / 3 * S2 / c, abs=1e-12)
    assert first.sigma == pytest.approx(s * math.sqrt(1 - 2 / 9 * S2 / c**2 * s / c), abs=1e-12)
    assert second.sigma == pytest.approx(s * math.sqrt(1 - 17 / 36 * S2 / c**2 * s / c),
                                         abs=1e-12)
    assert (first.mu, second.mu) == pytest.approx((27.869049, 23.565476), abs=1e-6)
    assert (first.sigma, second.sigma) == pytest.approx((8.205243, 8.058224), abs=1e-6)
    # The incremental path gives the same numbers.
    one = Ratings(Params())
    one.apply(Game((1, 2, 3), (1, 2, 2)))
    assert one.of(2) == second and one.of(1) == first


GAMES = [
    Game((1, 2), (1, 2)),        # index 0
    Game((3, 4), (1, 2)),        # 1
    Game((1, 3), (2, 1)),        # 2
    Game((5,), (1,)),            # 3: one person, not rated
    Game((2, 1, 4), (1, 1, 3)),  # 4
]


@pytest.mark.parametrize("incremental", [False, True])
def test_history_and_before(incremental: bool) -> None:
    if incremental:
        ratings = Ratings(Params())
        for game in GAMES:
            ratings.apply(game)
    else:
        ratings = rate(GAMES)
    initial = Rating(25.0, 25 / 3, 0)
    duel = rate(GAMES[:1])
    assert ratings.played == 5
    assert [g for g, _ in ratings.history_of(1)] == [0, 2, 4]
    assert ratings.of(1, before=0) == initial
    assert ratings.of(1, before=1) == duel.of(1)       # after game 0 only
    assert ratings.of(1, before=2) == duel.of(1)       # game 1 was not theirs
    assert ratings.of(1, before=3) == rate(GAMES[:3]).of(1)
    assert ratings.of(1, before=3).games == 2
    assert ratings.of(1, before=5) == ratings.of(1) == ratings.history_of(1)[-1][1]
    assert ratings.of(1, before=99) == ratings.of(1)
    assert ratings.of(1).games == 3
    # The one-person game changed nothing and counted for nobody.
    assert ratings.of(5) == initial and ratings.history_of(5) == []
    assert ratings.of(404) == initial
    assert [p for p, _ in ratings.table()] == sorted(
        [1, 2, 3, 4], key=lambda p: (-ratings.of(p).ordinal, p))


def test_apply_after_bulk_continues_the_history() -> None:
    ratings = rate(GAMES[:3])
    ratings.apply(GAMES[3])
    ratings.apply(GAMES[4])
    whole = rate(GAMES)
    for person in (1, 2, 3, 4):
        got, want = ratings.history_of(person), whole.history_of(person)
        assert [(g, r.games) for g, r in got] == [(g, r.games) for g, r in want]
        for (_, a), (_, b) in zip(got, want, strict=True):
            assert (a.mu, a.sigma) == pytest.approx((b.mu, b.sigma), abs=1e-12)
    assert ratings.of(1, before=4) == whole.of(1, before=4)
    assert ratings.of(1, before=5).games == 3


def test_weights() -> None:
    plain = rate([Game((1, 2), (1, 2))])
    zero = rate([Game((1, 2), (1, 2), Fraction(0))])
    half = rate([Game((1, 2), (1, 2), Fraction(1, 2))])
    double = Ratings(Params())
    double.apply(Game((1, 2), (1, 2), Fraction(2)))
    base = Rating(25.0, 25 / 3, 1)
    # Weight 0: no change at all (not even tau's widening), yet the game counts.
    assert zero.of(1) == zero.of(2) == base
    # Weight 1/2: half the mu change; sigma shrinks by the square root of the game's factor.
    gain = plain.of(1).mu - 25
    factor = plain.of(1).sigma / (25 / 3)
    assert half.of(1).mu == pytest.approx(25 + gain / 2, abs=1e-12)
    assert half.of(2).mu == pytest.approx(25 - gain / 2, abs=1e-12)
    assert half.of(1).sigma == pytest.approx(25 / 3 * math.sqrt(factor), abs=1e-12)
    # Weight 2: the change doubled for winner and loser alike (openskill's own weights
    # would double the gain and halve the loss).
    assert double.of(1).mu == pytest.approx(25 + 2 * gain, abs=1e-12)
    assert double.of(2).mu == pytest.approx(25 - 2 * gain, abs=1e-12)
    assert double.of(2).sigma == pytest.approx(25 / 3 * factor**2, abs=1e-12)
    with pytest.raises(ValueError):
        rate([Game((1, 2), (1, 2), Fraction(-1))])
    with pytest.raises(ValueError):
        Ratings(Params()).apply(Game((1, 2), (1, 2), Fraction(-1, 2)))


def test_rate_arrays_equals_rate() -> None:
    # Person ids need not be dense; a size below K leaves the other slots unused.
    persons = np.array([[10, 20, -1], [30, 40, 10], [20, 30, 0], [99, -1, -1]], dtype=np.int32)
    places = np.array([[1, 2, 0], [2, 1, 2], [1, 1, 0], [1, 0, 0]])
    sizes = np.array([2, 3, 2, 1])
    weights = np.array([1.0, 0.5, 2.0, 1.0])
    got = rate_arrays(persons, places, sizes, weights)
    want = rate([Game((10, 20), (1, 2)), Game((30, 40, 10), (2, 1, 2), Fraction(1, 2)),
                 Game((20, 30), (1, 1), Fraction(2)), Game((99,), (1,))])
    assert got.played == want.played == 4
    for person in (10, 20, 30, 40, 99):
        assert got.history_of(person) == want.history_of(person)
    assert got.of(99).games == 0
    # The history is kept in arrays grouped by person, not in Python objects.
    assert isinstance(got.hist_mu, np.ndarray) and got.hist_mu.shape == (7,)


def test_a_person_twice_in_a_game_is_refused() -> None:
    with pytest.raises(ValueError):
        rate([Game((1, 1), (1, 2))])
    with pytest.raises(ValueError):
        Ratings(Params()).apply(Game((1, 2, 1), (1, 2, 3)))
