"""The year's use cases (rules W7-1, W7-4 .. W7-15, W7-35): the starting season from the
sign-ups, and season N+1 from season N, each a new season event added to the year's series
(:mod:`podium.core.series`) with the decisions it was formed by (``basis``), so the year's log
says how every season came to be.

The leagues are computed first (:mod:`.year`, pure) and refused with nothing stored when they
break a rule; then the season is created, its players registered with their profiles (last
season's league and place for the W7-26 ties, the year's overruns for W7-19, the premium account)
and its leagues assigned, and the series records it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from podium.core import phases
from podium.core.divisions import DIVISIONS_ASSIGNED
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Kind
from podium.formats.seven_wonders.rules import FORMAT, PROFILE, league_keys, league_places
from podium.formats.seven_wonders.season import FORTUNE, WILL, book_of, season_rows
from podium.formats.seven_wonders.year import (
    Line,
    NextSeason,
    PlayerSeason,
    SeasonFacts,
    SignUp,
    Swap,
    next_leagues,
    starting_leagues,
)
from podium.formats.seven_wonders.year_views import Step
from podium.service.commands import Command, CreateEvent
from podium.service.events import EventService, LoadedEvent, NewAction
from podium.service.series import AddMember, series_of

ORGANISER_REASON = "formed from the year (rules W7-4 .. W7-15, W7-35)"


def facts_of(loaded: LoadedEvent, leaving: Sequence[str] = ()) -> SeasonFacts:
    """A finished season as the year needs it (:class:`SeasonFacts`); ``leaving`` are the
    players who drop out before the next season (rule W7-35), with those who dropped during it."""
    state = loaded.state
    if loaded.ruleset.name != FORMAT:
        raise Conflict("event %(slug)s is a %(format)s event, not a 7 Wonders season",
                       code="format.other", field="season", slug=state.slug,
                       format=loaded.ruleset.name)
    status = phases.status(state, loaded.ruleset)
    if not status.complete:
        raise Conflict("season %(slug)s is not finished: the next season's leagues follow from "
                       "its places and the Battle of Titans", code="sw.unfinished",
                       field="season", slug=state.slug)
    names = {p.name for p in state.players.values()}
    unknown = [n for n in leaving if n not in names]
    if unknown:
        raise InvalidInput("%(names)s did not play season %(slug)s", code="player.unknown",
                           field="leaving", names=unknown, slug=state.slug)
    book = book_of(state)
    rows = {row.player: row for row in season_rows(state)}
    players = []
    league_names = {}
    for division in state.divisions.values():
        league_names[division.key] = division.name
        places = league_places(state, division.key)
        ladder = book.ladders.get(division.key)
        games = ladder.games if ladder is not None else []
        for pid in division.members:
            player = state.players[pid]
            profile = book.profile(pid)
            row = rows[pid]
            players.append(PlayerSeason(
                name=player.name, league=division.key, level=division.level,
                place=places.get(pid, 7), premium=profile.premium,
                positions=tuple((g.positions or {}).get(pid) for g in games),
                last_level=profile.level, last_place=profile.place, wins=row.wins,
                total=row.total, overruns=profile.overruns + row.overruns, barred=row.barred,
                leaving=player.dropped or player.name in leaving))

    def order(match: str) -> list[str]:
        game = book.specials.get(match)
        return [state.players[p].name for p in game.order] if game is not None else []

    return SeasonFacts(state.settings.starting, players, league_names, order(FORTUNE),
                       order(WILL), state.seed)


@dataclass(frozen=True)
class FormSeason(Command[list[str]]):
    """Register a new season's players with their profiles and assign its leagues (one unit
    of work); ``leagues``: (key, name, level, names) best first."""

    leagues: tuple[tuple[str, str, int, tuple[str, ...]], ...] = ()
    profiles: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    reason: str = ORGANISER_REASON

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = loaded.state
        if state.players:
            raise Conflict("season %(slug)s already has its players", code="sw.formed",
                           field="season", slug=state.slug)
        out: list[NewAction] = []
        ids: dict[str, int] = {}
        for _key, _name, _level, names in self.leagues:
            for name in names:
                ids[name] = len(ids) + 1
                out.append(NewAction(Kind.PLAYER_REGISTERED, {"player": ids[name],
                                                              "name": name}))
        for name, profile in self.profiles.items():
            payload = {"player": ids[name], **{k: v for k, v in profile.items()
                                                if k in ("level", "place", "overruns",
                                                         "premium")}}
            out.append(NewAction(PROFILE, payload, self.reason))
        divisions = [{"key": key, "name": name, "level": level,
                      "players": [ids[n] for n in names]}
                     for key, name, level, names in self.leagues]
        out.append(NewAction(DIVISIONS_ASSIGNED, {"divisions": divisions, "method": "year"},
                             self.reason))
        return out

    def answer(self, loaded: LoadedEvent, stored: list[Any]) -> list[str]:
        return [key for key, *_ in self.leagues]


@dataclass
class Formed:
    """A season formed for the year: its slug and leagues, each decision explained."""

    slug: str
    leagues: list[tuple[str, str, int, list[str]]]
    lines: list[Line]
    qualification: list[str] = field(default_factory=list)
    survival: list[str] = field(default_factory=list)
    playoffs: dict[int, list[str]] = field(default_factory=dict)


def _check_new(service: EventService, series: str, slug: str) -> None:
    series_of(service.load(series))
    from podium.store.repository import EventRepository

    with service.db.session() as session:
        if EventRepository(session).find(slug) is not None:
            raise Conflict("an event %(slug)s already exists", code="event.exists",
                           field="slug", slug=slug)


def start_year(service: EventService, series: str, slug: str, name: str,
               signups: Sequence[SignUp], actor: str, seed: int | None = None,
               settings: Mapping[str, Any] | None = None) -> Formed:
    """Rules W7-4 .. W7-6: the starting season from the sign-ups in order: the cut, the snake
    into 4 or 5 equal leagues, the season stored and added to the year."""
    leagues, lines = starting_leagues(signups)
    _check_new(service, series, slug)
    keys = league_keys(len(leagues), True)
    premium = {s.name: s.premium for s in signups}
    rows = tuple((k, n, lvl, tuple(members)) for (k, n, lvl), members in zip(keys, leagues,
                                                                           strict=True))
    profiles = {n: {"premium": premium[n]} for league in leagues for n in league}
    service.execute(CreateEvent(slug, name, FORMAT, {"season": "starting", **(settings or {})},
                                seed), actor)
    service.execute(FormSeason(slug, rows, profiles), actor)
    playing = {n for league in leagues for n in league}
    qualification = [s.name for s in signups if s.name not in playing]
    basis = {"signups": [{"name": s.name, "rating": s.rating, "premium": s.premium}
                         for s in signups], "qualification": qualification}
    service.execute(AddMember(series, slug, name, basis, ORGANISER_REASON), actor)
    return Formed(slug, [(k, n, lvl, list(m)) for k, n, lvl, m in rows], lines, qualification)


def plan_next(service: EventService, previous: str, newcomers: Sequence[str] = (),
              survivors: Sequence[str] = (), playoffs: Mapping[int, Sequence[str]] | None = None,
              swaps: Sequence[Swap] = (), leaving: Sequence[str] = (),
              premium: Mapping[str, bool] | None = None, preview: bool = True) -> NextSeason:
    """The next season's leagues from ``previous`` (nothing stored): a preview, which may
    still wait for the survival battles' winners."""
    facts = facts_of(service.load(previous), leaving)
    return next_leagues(facts, survivors, newcomers, playoffs or {}, swaps, premium or {},
                        preview)


def next_season(service: EventService, series: str, previous: str, slug: str, name: str,
                actor: str, newcomers: Sequence[str] = (), survivors: Sequence[str] = (),
                playoffs: Mapping[int, Sequence[str]] | None = None,
                swaps: Sequence[Swap] = (), leaving: Sequence[str] = (),
                premium: Mapping[str, bool] | None = None, seed: int | None = None,
                settings: Mapping[str, Any] | None = None) -> Formed:
    """Season N+1 from season N (rules W7-7 .. W7-15, W7-35), stored and added to the year."""
    planned = plan_next(service, previous, newcomers, survivors, playoffs, swaps, leaving,
                        premium, preview=False)
    _check_new(service, series, slug)
    rows = tuple((k, n, lvl, tuple(m)) for k, n, lvl, m in planned.leagues)
    service.execute(CreateEvent(slug, name, FORMAT, {"season": "regular", **(settings or {})},
                                seed), actor)
    service.execute(FormSeason(slug, rows, planned.profiles), actor)
    basis = {"previous": previous, "newcomers": list(newcomers), "survivors": list(survivors),
             "playoffs": {str(k): list(v) for k, v in (playoffs or {}).items()},
             "swaps": [{"first": s.first, "second": s.second, "reason": s.reason}
                       for s in swaps],
             "leaving": list(leaving)}
    service.execute(AddMember(series, slug, name, basis, ORGANISER_REASON), actor)
    return Formed(slug, [(k, n, lvl, list(m)) for k, n, lvl, m in rows], planned.lines,
                  survival=planned.survival, playoffs=planned.playoffs)


def player_path(service: EventService, series: str, player: str) -> list[Step]:
    """A player's path through the year: each season's league, place and points (rule W7-1)."""
    from podium.core.series import book_of as series_book

    steps = []
    for member in series_book(series_of(service.load(series)).state).members:
        state = service.load(member.event).state
        found = state.player_by_name(player)
        if found is None or found.id not in state.division_of:
            steps.append(Step(member.label, None, None, None))
            continue
        key = state.division_of[found.id]
        row = next(r for r in season_rows(state) if r.player == found.id)
        steps.append(Step(member.label, state.divisions[key].name,
                          league_places(state, key).get(found.id), row.total))
    if all(s.league is None for s in steps):
        raise NotFound("%(name)s played no season of the year", code="player.unknown",
                       field="player", name=player)
    return steps
