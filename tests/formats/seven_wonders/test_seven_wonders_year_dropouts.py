"""A property over random W7 years with drop-outs, at the level of the year's rules
(pure functions, so a hundred seasons run in seconds): up to 12 players leave at once, players
are barred and come back, newcomers arrive. Every season every league has 7 players, or the
refusal names the rule (W7-15, W7-35); no player is barred without a third overrun in the
tournament (W7-19); every die roll is rolled again until it decides (W7-26 (4), W7-30 (3))."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.core.errors import PodiumError
from podium.formats import get_format
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.rules import league_keys
from podium.formats.seven_wonders.season import bars
from podium.formats.seven_wonders.settings import LEAGUE_SIZE
from podium.formats.seven_wonders.year import (
    DieRoll,
    NextSeason,
    PlayerSeason,
    SeasonFacts,
    SignUp,
    next_leagues,
    starting_leagues,
)

SETTINGS = get_format("seven-wonders").parse_settings({})


def decided(roll: DieRoll) -> bool:
    """Every two players of the roll rolled different values in some round they both rolled."""
    for i, a in enumerate(roll.players):
        for b in roll.players[i + 1:]:
            if not any(dict(r).get(a) is not None and dict(r).get(b) is not None
                       and dict(r)[a] != dict(r)[b] for r in roll.rounds):
                return False
    return True


def season_of(leagues: list[tuple[str, str, int, list[str]]], starting: bool,
              rng: random.Random, history: dict[str, int], last: dict[str, tuple[int, int]],
              seed: int) -> tuple[SeasonFacts, dict[str, int]]:
    """A played season: random places and game positions, now and then an overrun (counted
    over the tournament, rule W7-19, with the bar as the season table gives it)."""
    players = []
    new: dict[str, int] = {}
    for key, _name, level, names in leagues:
        places = list(range(1, LEAGUE_SIZE + 1))
        rng.shuffle(places)
        for name, place in zip(names, places, strict=True):
            now = 1 if rng.random() < 0.15 else 0
            before = history.get(name, 0)
            new[name] = now
            lvl, plc = last.get(name, (None, None))
            players.append(PlayerSeason(
                name, key, level, place, premium=rng.random() < 0.4,
                positions=tuple(rng.randint(1, 7 - g) for g in range(min(place, 5))),
                last_level=lvl, last_place=plc, wins=rng.randint(0, 12),
                overruns=before + now, barred=bars(before, now, SETTINGS)))
    by_level = {p.name: p for p in players}
    fortune, will = [], []
    if not starting:
        def at(key: str, place: int) -> str:
            return next(p.name for p in players if p.league == key and p.place == place)

        fortune = [at("gods", 3), at("priests", 2), at("warriors-a", 1), at("warriors-b", 1)]
        will = [at("priests", 5), at("warriors-a", 2), at("warriors-b", 2)]
        rng.shuffle(fortune)
        rng.shuffle(will)
    del by_level
    names = {k: n for k, n, _l, _m in leagues}
    return SeasonFacts(starting, players, names, fortune, will, seed), new


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.sampled_from([28, 35]),
       leaving_at_most=st.integers(0, 12))
def test_random_years_with_drop_outs(seed: int, size: int, leaving_at_most: int) -> None:
    rng = random.Random(seed)
    signups = [SignUp(f"S{i:02d}", rng.randint(1000, 2400), rng.random() < 0.4)
               for i in range(size)]
    drafted, _lines = starting_leagues(signups)
    leagues = [(k, n, lvl, list(m)) for (k, n, lvl), m in
               zip(league_keys(len(drafted), True), drafted, strict=True)]
    history: dict[str, int] = {}
    last: dict[str, tuple[int, int]] = {}
    fresh = size
    waiting: list[str] = []
    barred_last: set[str] = set()
    for number in range(8):
        facts, new = season_of(leagues, number == 0, rng, history, last, seed + number)
        playing = {p.name for p in facts.players}
        # rule W7-19: no player barred without a third overrun in the tournament, a new one
        for p in facts.players:
            if p.barred:
                assert p.overruns >= SETTINGS.overruns_bar and new[p.name] > 0
        assert not playing & barred_last  # barred from the season after
        for p in facts.players:
            history[p.name] = p.overruns
            last[p.name] = (p.level, p.place)
        able = [p.name for p in facts.players if not p.barred]
        leaving = set(rng.sample(able, rng.randint(0, min(leaving_at_most, len(able)))))
        for p in facts.players:
            p.leaving = p.name in leaving
        pool = [n for n in waiting if n not in playing]
        newcomers = pool[:rng.randint(0, 6)]
        for _attempt in range(3):
            try:
                preview = next_leagues(facts, newcomers=newcomers, preview=True,
                                       history=history)
                survivors = (rng.sample(preview.survival, preview.free) if preview.survival
                             else [])
                result: NextSeason = next_leagues(facts, survivors, newcomers,
                                                  history=history)
                break
            except PodiumError as refusal:
                # rules W7-15, W7-35: a refusal names its rule; too few for the free places:
                # more newcomers come (as an organiser would find them)
                assert "rule W7-" in refusal.message or "rules W7-" in refusal.message
                if refusal.code == codes.YEAR_CONSERVATION:
                    return
                assert refusal.code == codes.YEAR_FREE_PLACES
                for _ in range(refusal.params["free"] - refusal.params["count"]):
                    fresh += 1
                    newcomers.append(f"S{fresh:02d}")
        else:
            raise AssertionError("the free places were never filled")
        # rule W7-15: every league 7, nobody twice
        assert [len(m) for *_x, m in result.leagues] == [7, 7, 7, 7]
        everyone = [n for *_x, m in result.leagues for n in m]
        assert len(set(everyone)) == len(everyone) == 28
        assert not set(everyone) & (leaving | {p.name for p in facts.players if p.barred})
        # rule W7-35: a newcomer only into Warriors
        top = set(result.leagues[0][3]) | set(result.leagues[1][3])
        assert not top & set(newcomers)
        # rules W7-26 (4), W7-30 (3): the die rolled until it decides, every roll kept
        assert all(decided(roll) for roll in result.rolls)
        # rule W7-19: the count over the tournament goes with a returning player
        for name in newcomers:
            if name in result.profiles:
                assert result.profiles[name]["overruns"] == history.get(name, 0)
        barred_last = {p.name for p in facts.players if p.barred}
        waiting = [n for n in waiting if n not in everyone] + sorted(
            playing - set(everyone) - barred_last)
        for _ in range(rng.randint(0, 4)):
            fresh += 1
            waiting.append(f"S{fresh:02d}")
        leagues = result.leagues
