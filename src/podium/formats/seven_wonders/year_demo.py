"""A whole W7 year played by the service (rule W7-1): the demo, the property tests and the
benchmark drive it. Sign-ups with ratings and premium accounts, the starting season, then
regular seasons with drop-outs, returning players and newcomers, play-off and survival results
drawn from the year's seed (recorded in the series' log with each season)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from podium.core.errors import Conflict
from podium.core.rng import derive_seed
from podium.formats.seven_wonders import legendary, survival
from podium.formats.seven_wonders.demo import Odds, season_actions
from podium.formats.seven_wonders.season import Note, season_rows
from podium.formats.seven_wonders.year import SeasonFacts, SignUp
from podium.formats.seven_wonders.year_commands import (
    Formed,
    facts_of,
    next_season,
    plan_next,
    start_year,
)
from podium.service.commands import AppendActions
from podium.service.events import EventService
from podium.service.series import series_ledger

ACTOR = "demo"
DEFAULT_ODDS = Odds()
NEWCOMERS_AT_MOST = 8  # qualification candidates a season (the rest wait)


@dataclass
class Year:
    """What a played year left: the series slug and each season as it was formed."""

    series: str
    seasons: list[Formed] = field(default_factory=list)


def play_season(service: EventService, slug: str, rng: random.Random,
                odds: Odds = DEFAULT_ODDS) -> None:
    """Every ladder game, die roll, special match and Battle of Titans of a formed season."""
    for _ in range(1000):
        actions = season_actions(service.load(slug).state, rng, odds)
        if not actions:
            return
        service.execute(AppendActions(slug, tuple(actions)), ACTOR)


def play_year(service: EventService, prefix: str, players: int = 35, seasons: int = 11,
              seed: int = 1, odds: Odds = DEFAULT_ODDS,
              report: Callable[[Formed, str], None] | None = None,
              report_notes: Callable[[str, list[Note]], None] | None = None) -> Year:
    """A starting season of ``players`` sign-ups and ``seasons - 1`` regular seasons."""
    rng = random.Random(derive_seed(seed, "year"))
    series = f"{prefix}-year"
    service.create_event(series, f"7 Wonders year {seed}", "series", {}, ACTOR, seed)
    signups = [SignUp(f"Player {i:02d}", rng.randint(1200, 2400), rng.random() < 0.4)
               for i in range(1, players + 1)]
    ratings = {s.name: (s.rating, s.premium) for s in signups}
    formed = start_year(service, series, f"{prefix}-s0", "Season 0 (starting)", signups, ACTOR,
                        derive_seed(seed, "season", 0), {"start": "2025-01-01"})
    year = Year(series, [formed])
    if report:
        report(formed, "Season 0 (starting)")
    waiting = list(formed.qualification)  # rule W7-4: the rest go to qualification
    fresh = players
    previous = formed.slug
    for number in range(1, seasons):
        play_season(service, previous, random.Random(derive_seed(seed, "play", number)), odds)
        current = {n for league in formed.leagues for n in league[3]}
        leaving = [n for n in sorted(current) if rng.random() < 0.03]
        for _ in range(rng.randint(2, 4)):
            fresh += 1
            waiting.append(f"Player {fresh:02d}")
            ratings[waiting[-1]] = (rng.randint(1200, 2400), rng.random() < 0.4)
        newcomers = [n for n in waiting if n not in current][:NEWCOMERS_AT_MOST]
        while True:
            try:
                plan = plan_next(service, previous, newcomers, leaving=leaving)
                break
            except Conflict as short:  # more places freed than entrants: more newcomers come
                if short.code != "sw.conservation" or "free" not in short.params:
                    raise
                for _ in range(short.params["free"] - short.params["count"]):
                    fresh += 1
                    newcomers.append(f"Player {fresh:02d}")
                    ratings[newcomers[-1]] = (rng.randint(1200, 2400), rng.random() < 0.4)
        playoffs = {}
        for place, group in plan.playoffs.items():  # rule W7-6: the play-off matches
            order = list(group)
            rng.shuffle(order)
            playoffs[place] = order
        survivors: list[str] = []
        if plan.survival:  # rule W7-14: the survival battles, drawn and played
            survivors, battle_notes = survival_battles(
                facts_of(service.load(previous)), plan.survival, plan.free, ratings, rng,
                derive_seed(seed, "survival", number))
            if report_notes:
                report_notes(f"Survival battles before season {number}", battle_notes)
        name = f"Season {number}"
        formed = next_season(service, series, previous, f"{prefix}-s{number}", name, ACTOR,
                             newcomers, survivors, playoffs, (), leaving,
                             seed=derive_seed(seed, "season", number),
                             settings={"start": f"2025-{min(number + 1, 12):02d}-01"})
        year.seasons.append(formed)
        if report:
            report(formed, name)
        playing = {n for league in formed.leagues for n in league[3]}
        # the ones out of this season (dropped, barred, survival lost) may qualify again later
        waiting = [n for n in waiting if n not in playing] + sorted(current - playing)
        previous = formed.slug
    play_season(service, previous, random.Random(derive_seed(seed, "play", seasons)), odds)
    return year


def survival_battles(facts: SeasonFacts, players: Sequence[str], free: int,
                     ratings: Mapping[str, tuple[int, bool]], rng: random.Random, seed: int
                     ) -> tuple[list[str], list[Note]]:
    """Rule W7-14: the proposed format, the draw (a premium player in every match, league mates
    apart, the snake) and a random game per match; the winners (W7-29 ties) play in Warriors."""
    by = facts.by_name()
    ids = {name: i for i, name in enumerate(players, start=1)}
    entrants = []
    for name in players:
        p = by.get(name)
        rating, premium = ratings.get(name, (1500, False))
        if p is not None:
            entrants.append(survival.defender(ids[name], name, facts.league_names[p.league],
                                              p.level, p.place, p.premium, rating=rating))
        else:
            entrants.append(survival.newcomer(ids[name], name, rating, premium,
                                              signup=ids[name]))
    newcomers = sum(1 for e in entrants if not e.defender)
    fmt = survival.propose_format(len(entrants), free, newcomers)
    drawn = survival.draw(fmt, entrants, seed)
    notes: list[Note] = [*fmt.notes, *drawn.notes]
    by_id = {e.player: e for e in entrants}
    names = {i: n for n, i in ids.items()}
    outcomes = []
    for slot, match in zip(fmt.slots, drawn.matches, strict=True):
        order = list(match)
        rng.shuffle(order)
        game = survival.BattleGame(tuple(match), {pid: i for i, pid in enumerate(order, 1)})
        outcome = survival.battle_outcome(slot, game, by_id)
        notes.extend(outcome.notes)
        outcomes.append(outcome)
    return [names[p] for p in survival.to_warriors(outcomes)], notes


def legendary_selection(service: EventService, year: Year) -> tuple[Any, dict[int, str]]:
    """Rules W7-31 .. W7-33: the Legendary League's selection over the year's seasons."""
    ledger = series_ledger(service, year.series)
    titans: dict[str, int] = {}
    for formed in year.seasons:
        state = service.load(formed.slug).state
        for row in season_rows(state):
            name = state.players[row.player].name
            titans[name] = titans.get(name, 0) + row.titans
    records = []
    names = {}
    for i, row in enumerate(ledger.rows, start=1):
        names[i] = row.player
        records.append(legendary.YearRecord(
            i, row.player, {n: p for n, p in enumerate(row.points) if p is not None},
            titans.get(row.player, 0)))
    return legendary.select(records, seed=service.load(year.series).state.seed), names

