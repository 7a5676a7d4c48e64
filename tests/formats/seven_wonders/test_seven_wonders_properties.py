"""Random 7 Wonders seasons (Hypothesis): played through the format's own sample play and the
core's single validation path (:func:`podium.core.replay.apply`), in memory."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from podium.core import phases
from podium.core.log import Action, Kind
from podium.core.model import EventState
from podium.core.replay import apply, replay
from podium.formats.seven_wonders.demo import CALM, Odds, season_actions
from podium.formats.seven_wonders.rules import SEVEN_WONDERS, league_places
from podium.formats.seven_wonders.season import book_of, note_text, season_rows
from podium.service.events import new_event_actions

AT = datetime(2025, 3, 1, tzinfo=UTC)


def play(seed: int, players: int, odds: Odds, **settings: str) -> tuple[EventState, list[Action]]:
    """A whole season: ``players`` sign-ups, the leagues, every ladder, the special matches."""
    created, state = new_event_actions("p", "P", "seven-wonders", settings, "t", seed, AT)
    log = [created]

    def add(kind: str, payload: dict, reason: str = "") -> None:
        action = Action(state.last_seq + 1, kind, "t", AT, payload, reason)
        apply(state, action, SEVEN_WONDERS)
        log.append(action)

    for i in range(1, players + 1):
        add(Kind.PLAYER_REGISTERED, {"player": i, "name": f"P{i:02d}"})
    rng = random.Random(seed)
    for _ in range(400):
        actions = season_actions(state, rng, odds)
        if not actions:
            break
        for kind, payload, reason in actions:
            add(kind, payload, reason)
    return state, log


def summary(state: EventState) -> list[object]:
    rows = [(r.player, r.league, r.place, r.wins, r.unfinished, r.place_points, r.titans,
             r.penalties, r.total, r.barred, [note_text(n) for n in r.notes])
            for r in season_rows(state)]
    games = [(g.ref, g.out, g.order, [note_text(n) for n in g.notes])
             for g in book_of(state).games()]
    return [rows, games]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), leagues=st.integers(1, 5),
       starting=st.booleans(), tie=st.floats(0, 0.6), overrun=st.floats(0, 0.5),
       kick=st.floats(0, 0.2), unfinished=st.floats(0, 0.3), lift=st.floats(0, 1))
def test_random_seasons_fill_every_place_once_never_go_negative_and_replay_identically(
        seed, leagues, starting, tie, overrun, kick, unfinished, lift):
    """Rules W7-2 and W7-15 (places 1..7 once per league), W7-19 (a season total is never
    negative), and the log is the truth (a replay gives the same season)."""
    # rule W7-2, W7-15, W7-19, W7-26
    odds = Odds(tie=tie, last_tie=tie / 2, overrun=overrun, kick=kick, unfinished=unfinished,
                lift=lift)
    state, log = play(seed, 7 * leagues, odds, season="starting" if starting else "regular")
    for key, division in state.divisions.items():
        places = league_places(state, key)
        assert sorted(places.values()) == list(range(1, 8)), key
        assert set(places) == set(division.members)
    rows = season_rows(state)
    assert all(r.total >= 0 for r in rows)
    assert phases.is_complete(state, SEVEN_WONDERS)
    assert summary(replay(log, SEVEN_WONDERS)) == summary(state)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_a_calm_regular_season_hands_out_366_points(seed):
    """Rule W7-17's totals: with no ties and no penalties, 4 regular leagues give
    4 x 25 + (84 + 56 + 28 + 28) + 70 = 366."""
    # rule W7-16, W7-17, W7-18
    state, _log = play(seed, 28, CALM)
    assert sum(r.total for r in season_rows(state)) == 366


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), leagues=st.sampled_from([4, 5]))
def test_a_calm_starting_season_hands_out_394_or_475_points(seed, leagues):
    """Rule W7-17's totals for a starting season: 4 x 25 + 4 x 56 + 70 = 394 with 4 leagues,
    5 x 25 + 5 x 56 + 70 = 475 with 5 (the league winners play the Titans, rule W7-6)."""
    # rule W7-16, W7-17, W7-18
    state, _log = play(seed, 7 * leagues, CALM, season="starting")
    assert sum(r.total for r in season_rows(state)) == {4: 394, 5: 475}[leagues]
