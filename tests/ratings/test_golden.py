"""openskill's published values reproduced through podium's path (rate and apply), and
podium's PlackettLuce equal to openskill's own rate loop on random game sequences.

The published cases usable with one-person teams are openskill.py's "series" tests: three
games of five persons with ties, from tests/models/test_plackett_luce_series.py,
tests/models/test_bradley_terry_full_series.py and
tests/models/test_thurstone_mosteller_full_series.py (repository vivekjoshy/openskill.py,
commit 9e2dbe8e3da8bde5b838fdecd4295a1227a0e9f6). They were computed before openskill added
tau (the widening of sigma before each game), so they are reproduced with tau = 0; the
Thurstone-Mosteller case used epsilon 0.1, openskill 6.2's default. Scores there are turned
into places here (higher score, better place; equal scores tied). The data/*.json cases of
the same repository rate teams of several persons, which a podium game has not."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.ratings import Game, Params, Ratings, rate

# Persons 0..4; game 1 scores 9,7,7,5,5; game 2 (persons 4,2,1) scores 9,5,5;
# game 3 (persons 3,1,2,0) scores 9,9,7,7.
SERIES = [
    Game((0, 1, 2, 3, 4), (1, 2, 2, 4, 4)),
    Game((4, 2, 1), (1, 2, 2)),
    Game((3, 1, 2, 0), (1, 1, 3, 3)),
]

# person: (mu, sigma) after the three games, as published.
PUBLISHED = {
    "plackett-luce": {
        0: (26.353761103, 8.11102706), 1: (24.618479789, 7.90533551),
        2: (23.065819512, 7.822005595), 3: (24.476332403, 8.106111471),
        4: (26.385499685, 8.054090809)},
    "bradley-terry-full": {
        0: (27.643471362, 6.716636758), 1: (28.84497938, 6.310098392),
        2: (20.705805441, 6.310098392), 3: (24.387640207, 6.668755907),
        4: (23.354955778, 6.854096855)},
    "thurstone-mosteller-full": {
        0: (18.688153436, 3.374349435), 1: (27.015047867, 3.250038289),
        2: (22.825795022, 3.261730104), 3: (27.281612237, 3.387011242),
        4: (22.633338874, 3.747505007)},
}


def by_apply(games: list[Game], params: Params) -> Ratings:
    ratings = Ratings(params)
    for game in games:
        ratings.apply(game)
    return ratings


# The published figures have 9 decimals. Thurstone-Mosteller's normal distribution functions
# changed in openskill since (about 1.5e-6 on a mu of 18.7): within the relative 1e-6 the
# source test itself allowed (pytest.approx's default).
TOLERANCE = {"plackett-luce": {"abs": 1e-8}, "bradley-terry-full": {"abs": 1e-8},
             "thurstone-mosteller-full": {"rel": 1e-6}}


@pytest.mark.parametrize("model", sorted(PUBLISHED))
@pytest.mark.parametrize("path", [rate, by_apply])
def test_published_series(model: str, path: object) -> None:
    ratings = path(SERIES, Params(model=model, tau=0.0))  # type: ignore[operator]
    for person, (mu, sigma) in PUBLISHED[model].items():
        got = ratings.of(person)
        assert got.mu == pytest.approx(mu, **TOLERANCE[model])
        assert got.sigma == pytest.approx(sigma, **TOLERANCE[model])
    assert ratings.of(4).games == 2 and ratings.of(0).games == 2


def test_published_series_differs_with_tau() -> None:
    # openskill 6.2's default tau widens sigma before each game: the old figures no longer
    # hold, so the test above does depend on the parameters it passes.
    assert rate(SERIES).of(0).mu != pytest.approx(PUBLISHED["plackett-luce"][0][0], abs=1e-8)


def openskill_loop(games: list[Game], params: Params) -> dict[int, list[tuple[int, float, float]]]:
    """Each person's history by openskill's own PlackettLuce.rate, the weight applied to its
    result as podium's engine documents (mu linear, sigma by a power)."""
    model = params.build()
    now: dict[int, tuple[float, float]] = {}
    history: dict[int, list[tuple[int, float, float]]] = {}
    for index, game in enumerate(games):
        if len(game.persons) < 2:
            continue
        before = [now.get(p, (params.mu, params.sigma)) for p in game.persons]
        teams = [[model.rating(mu=m, sigma=s)] for m, s in before]
        rated = model.rate(teams, ranks=list(game.places))
        w = float(game.weight)
        for p, (m, s), (after,) in zip(game.persons, before, rated, strict=True):
            m2, s2 = m + w * (after.mu - m), s * (after.sigma / s) ** w
            now[p] = (m2, s2)
            history.setdefault(p, []).append((index, m2, s2))
    return history


@st.composite
def game_sequences(draw: st.DrawFn) -> list[Game]:
    pool = draw(st.integers(2, 12))
    games = []
    for _ in range(draw(st.integers(1, 40))):
        k = draw(st.integers(2, min(7, pool)))
        persons = draw(st.permutations(range(pool)))[:k]
        places = draw(st.lists(st.integers(1, k), min_size=k, max_size=k))  # ties likely
        weight = draw(st.sampled_from([Fraction(1), Fraction(1), Fraction(1, 2), Fraction(2),
                                       Fraction(0), Fraction(3, 2)]))
        games.append(Game(tuple(persons), tuple(places), weight))
    return games


@settings(max_examples=60, deadline=None)
@given(game_sequences())
def test_fast_paths_equal_openskill_loop(games: list[Game]) -> None:
    params = Params()
    expected = openskill_loop(games, params)
    half = len(games) // 2
    incremental = rate(games[:half], params)
    for game in games[half:]:
        incremental.apply(game)  # bulk, then the scalar path
    for ratings in (rate(games, params), by_apply(games, params), incremental):
        assert ratings.played == len(games)
        for person, history in expected.items():
            got = ratings.history_of(person)
            assert [g for g, _ in got] == [g for g, _, _ in history]
            for (_, rating), (_, mu, sigma) in zip(got, history, strict=True):
                assert rating.mu == pytest.approx(mu, abs=1e-9)
                assert rating.sigma == pytest.approx(sigma, abs=1e-9)
            last = ratings.of(person)
            assert (last.mu, last.sigma) == pytest.approx(history[-1][1:], abs=1e-9)
            assert last.games == len(history)


def test_openskill_weights_are_not_an_event_weight() -> None:
    # Why podium scales the change itself (see podium.ratings.engine): openskill's weights=
    # on one-person teams, whatever their value, double the gains and halve the losses.
    model = Params().build()
    plain = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 3])
    for value in (0.5, 1.0, 5.0):
        weighted = model.rate([[model.rating()], [model.rating()], [model.rating()]],
                              ranks=[1, 2, 3], weights=[[value], [value], [value]])
        assert weighted[0][0].mu - 25 == pytest.approx(2 * (plain[0][0].mu - 25))
        assert weighted[2][0].mu - 25 == pytest.approx((plain[2][0].mu - 25) / 2)
    # podium's weight 2 doubles both.
    ours = rate([Game((1, 2, 3), (1, 2, 3), Fraction(2))])
    assert ours.of(1).mu - 25 == pytest.approx(2 * (plain[0][0].mu - 25))
    assert ours.of(3).mu - 25 == pytest.approx(2 * (plain[2][0].mu - 25))
