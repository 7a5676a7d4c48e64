"""A whole W7 year played through the year's declared commands (rule W7-1): the demo, the
property tests and the benchmark drive it.

Sign-ups with ratings and premium accounts, the starting season, then regular seasons with
drop-outs, returning players and newcomers; between seasons the play-offs entered as games
(W7-6, W7-30), the survival battles drawn and played (W7-14, W7-23, W7-29); at the end the
Legendary League selected, answered and played (W7-31 .. W7-34). Every step of the year is an
invocation of a declared command (``EventService.execute(Invocation(...),
Caller.cli("demo"))``), as the command line, the API and the pages run it; the seasons' own
games are the season's sample actions. Every random choice comes from the year's seed.
:func:`shown_year` is what ``podium demo seven-wonders --seasons K`` shows of it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from podium.core.commands import CLI, JSON, Caller
from podium.core.errors import Conflict, InvalidInput
from podium.core.messages import M, Mn
from podium.core.rng import derive_seed
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.demo import Odds, season_actions
from podium.formats.seven_wonders.year_commands import Formed, tournament_barred
from podium.service.catalog import Done, Invocation
from podium.service.commands import AppendActions
from podium.service.events import EventService
from podium.store.repository import EventRepository

ACTOR = "demo"
DEFAULT_ODDS = Odds()
NEWCOMERS_AT_MOST = 8  # qualification candidates a season (the rest wait)
Report = Callable[[Done, str], None]  # the answer and its title, a message object


@dataclass
class Year:
    """What a played year left: the series slug, each season as it was formed, the Legendary
    League's selection and its last answer or game."""

    series: str
    seasons: list[Formed] = field(default_factory=list)
    selection: Done | None = None
    legendary: Done | None = None


def run(service: EventService, name: str, slug: str | None, fields: Mapping[str, Any]) -> Done:
    """One declared command of the year, as the command line runs it (the demo's organiser)."""
    return service.execute(Invocation(f"seven-wonders.{name}", slug, dict(fields), JSON, CLI),
                           Caller.cli(ACTOR))


def play_season(service: EventService, slug: str, rng: random.Random,
                odds: Odds = DEFAULT_ODDS) -> None:
    """Every ladder game, die roll, special match and Battle of Titans of a formed season."""
    for _ in range(1000):
        actions = season_actions(service.load(slug).state, rng, odds)
        if not actions:
            return
        service.run_command(AppendActions(slug, tuple(actions)), ACTOR)


def signups_csv(signups: list[tuple[str, int, bool]]) -> str:
    return "name,rating,premium\n" + "".join(
        f"{name},{rating},{'yes' if premium else 'no'}\n" for name, rating, premium in signups)


def play_year(service: EventService, prefix: str, players: int = 35, seasons: int = 11,
              seed: int = 1, odds: Odds = DEFAULT_ODDS, report: Report | None = None,
              report_done: Report | None = None, legendary: bool = True) -> Year:
    """A starting season of ``players`` sign-ups, ``seasons - 1`` regular seasons, then (with
    ``legendary``) the Legendary League."""
    rng = random.Random(derive_seed(seed, "year"))
    series = f"{prefix}-year"
    service.create_event(series, f"7 Wonders year {seed}", "series", {}, ACTOR, seed)
    ratings = {f"Player {i:02d}": (rng.randint(1200, 2400), rng.random() < 0.4)
               for i in range(1, players + 1)}
    csv = signups_csv([(name, r, p) for name, (r, p) in ratings.items()])
    done = run(service, "start-year", series, {
        "season": f"{prefix}-s0", "name": "Season 0 (starting)",
        "signups": {"name": "signups.csv", "text": csv},
        "seed": derive_seed(seed, "season", 0), "settings": {"start": "2025-01-01"}})
    formed: Formed = done.value
    year = Year(series, [formed])
    if report:
        report(done, M("Season 0 (starting)"))
    waiting = list(formed.qualification)  # rule W7-4: the rest go to qualification
    fresh = players
    previous = str(formed.slug)
    barred: set[str] = set()  # rule W7-23: barred from the tournament by a survival battle
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
                plan: Formed = run(service, "next-season", series, {
                    "previous": previous, "newcomer": newcomers, "leaving": leaving,
                    "preview": True}).value
                break
            except Conflict as short:  # more places freed than entrants: more newcomers come
                if short.code != codes.YEAR_FREE_PLACES:
                    raise
                for _ in range(short.params["free"] - short.params["count"]):
                    fresh += 1
                    newcomers.append(f"Player {fresh:02d}")
                    ratings[newcomers[-1]] = (rng.randint(1200, 2400), rng.random() < 0.4)
        for place, group in sorted(plan.playoffs.items()):  # rule W7-6: the play-off games
            order: list[Any] = list(group)
            rng.shuffle(order)
            if rng.random() < 0.3:  # a tie at the bottom: rule W7-30 orders it
                order = [*order[:-2], order[-2:]]
            played = run(service, "playoff-game", series, {"place": place, "order": order,
                                                           "leaving": leaving})
            if report_done:
                report_done(played, Mn("Play-off of the %(n)s place",
                                           "Play-off of the %(n)s places", place))
        if plan.survival:  # rule W7-14: the survival battles, drawn and played
            fresh_ones = [n for n in newcomers if n in plan.survival]
            drawn = run(service, "survival-draw", series, {
                "newcomer": newcomers, "leaving": leaving,
                "rating": {n: ratings[n][0] for n in fresh_ones},
                "premium": [n for n in fresh_ones if ratings[n][1]],
                "seed": derive_seed(seed, "survival", number)})
            if report_done:
                report_done(drawn, M("Survival battles before season %(n)s", n=number))
            play_battles(service, series, drawn, rng, report_done)
            # rule W7-23: a kicker of a survival battle is out of the tournament for good
            barred |= set(tournament_barred([service.load(previous).state]))
            newcomers = [n for n in newcomers if n not in barred]
        name = f"Season {number}"
        done = run(service, "next-season", series, {
            "previous": previous, "season": f"{prefix}-s{number}", "name": name,
            "newcomer": newcomers, "leaving": leaving,
            "podium_rolls": True,  # the organiser lets podium roll (rules W7-26 (4), W7-30 (3))
            "seed": derive_seed(seed, "season", number),
            "settings": {"start": f"2025-{min(number + 1, 12):02d}-01"}})
        formed = done.value
        year.seasons.append(formed)
        if report:
            report(done, M("Season %(n)s", n=number))
        playing = {n for league in formed.leagues for n in league[3]}
        # the ones out of this season (dropped, barred, survival lost) may qualify again later
        waiting = [n for n in [*waiting, *sorted(current - playing)]
                   if n not in playing and n not in barred]
        previous = str(formed.slug)
    play_season(service, previous, random.Random(derive_seed(seed, "play", seasons)), odds)
    if legendary:
        play_legendary(service, year, rng, report_done)
    return year


def play_battles(service: EventService, series: str, drawn: Done, rng: random.Random,
                 report_done: Report | None = None) -> None:
    """Rules W7-14, W7-23, W7-29: every match played until decided: now and then a tie at the
    last qualifying place (a die roll entered with the same order when W7-29 leaves it open)
    or an unfinished game (its kicker barred, the others replay)."""
    due = {number: players for number, (_s, _q, players) in
           enumerate(drawn.value.matches, start=1)}
    while due:
        match, players = min(due.items())
        order: list[Any] = list(players)
        rng.shuffle(order)
        luck = rng.random()
        fields: dict[str, Any] = {"match": match}
        if luck < 0.08 and len(order) > 2:
            fields.update(unfinished=True, kicker=order[-1])
        else:
            if luck < 0.25 and len(order) > 2:
                at = rng.randrange(1, len(order) - 1)
                order = [*order[:at], [order[at], order[at + 1]], *order[at + 2:]]
            fields["order"] = order
        done = run(service, "survival-game", series, fields)
        battle = done.value
        if battle.waiting:  # rule W7-29 leaves the tie open: the die decides
            faces = rng.sample(range(1, 101), len(battle.waiting))
            done = run(service, "survival-game", series, {
                **fields, "roll": dict(zip(battle.waiting, faces, strict=True))})
            battle = done.value
        if report_done:
            report_done(done, M("Survival match %(n)s", n=match))
        due = dict(battle.due)


def play_legendary(service: EventService, year: Year, rng: random.Random,
                   report_done: Report | None = None) -> None:
    """Rules W7-31 .. W7-34: the selection, every picked player's answer (the third declines,
    so the place passes on), then the final's games until its champion."""
    year.selection = run(service, "legendary-select", year.series,
                         {"podium_rolls": True})  # the organiser lets podium roll (W7-33 (6))
    declined = False
    league = None
    for _ in range(50):
        seats = league.value.seats if league is not None else [
            _Waiting(name) for _n, name, *_rest in year.selection.value.picks]
        waiting = [s.player for s in seats if s.status == "waiting"]
        if not waiting:
            break
        for name in waiting:
            refuse = not declined and len(seats) >= 3 and name == seats[2].player
            declined = declined or refuse
            league = run(service, "legendary-answer", year.series,
                         {"player": name, "answer": "decline" if refuse else "accept"})
    for _ in range(50):
        assert league is not None
        if league.value.champion or not league.value.next:
            break
        order = list(league.value.next)
        rng.shuffle(order)
        league = run(service, "legendary-game", year.series, {"order": order})
    year.legendary = league
    if report_done and league is not None:
        report_done(league, M("Legendary League"))


@dataclass(frozen=True)
class _Waiting:
    """A picked player before any answer (rule W7-32)."""

    player: str
    status: str = "waiting"


# -- what the demo shows --------------------------------------------------------------------------
def shown_year(service: EventService, players: int, seasons: int, seed: int) -> list[Any]:
    """Rule W7-1: a whole year (``demo-sw-PLAYERS-SEED-year``, an earlier one of that name
    replaced) through the year's commands, and what the demo shows of it: each season's leagues
    and moves, the play-offs, the survival battles, the year table, the Legendary League's
    selection and final (tables and sentences, in the reader's language)."""
    from podium.formats.seven_wonders.year_declared import league_show, selected_show
    from podium.formats.seven_wonders.year_views import league_name, moves_view, year_view
    from podium.service.series import series_ledger

    if players < 28:
        raise InvalidInput("--players: a year starts with at least 28 sign-ups (rule W7-4)",
                           code=codes.YEAR_PLAYERS, field="players")
    prefix = f"demo-sw-{players}-{seed}"
    with service.db.session() as session:
        repo = EventRepository(session)
        for slug in [f"{prefix}-year"] + [f"{prefix}-s{n}" for n in range(seasons)]:
            old = repo.find(slug)
            if old is not None:
                repo.delete(old.id)
    shown: list[Any] = []

    def report(done: Done, title: str) -> None:
        formed: Formed = done.value
        shown.append(title)
        shown.extend(M("%(league)s: %(names)s", league=league_name(key, name),
                       names=", ".join(names)) for key, name, _level, names in formed.leagues)
        shown.append(moves_view(formed.lines))

    def report_done(done: Done, title: str) -> None:
        shown.append(title)
        shown.extend(done.value.messages())

    year = play_year(service, prefix, players, seasons, seed, report=report,
                     report_done=report_done)
    shown.append(year_view(series_ledger(service, year.series)))
    if year.selection is not None:
        shown.extend(selected_show(year.selection.value))
    if year.legendary is not None:
        shown.append(M("Legendary League: the final (rule W7-34)"))
        shown.extend(league_show(year.legendary.value))
    shown.append(M("Year %(series)s: try `%(command)s`.", series=year.series,
                   command=f"podium sw year {year.series}"))
    return shown
