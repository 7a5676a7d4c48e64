"""The year's seasons as command objects (rules W7-1, W7-4 .. W7-15, W7-30, W7-35): the
starting season from the sign-ups (:class:`StartYear`) and season N+1 from season N
(:class:`NextSeason`), each run on the year's series and stored as **one unit**.

Why one unit: a season of the year is three things at once: a new season event, its players
with their profiles (last season's league and place for the W7-26 ties, the year's overruns for
W7-19, the premium account) and its leagues, and the series' record of it with the decisions it
was formed by (``basis``, so the year's log says how every season came to be). Everything is
computed and checked first (the leagues by :mod:`.year`, pure; the new season's actions replayed
on a state of their own); then the season and the series' record are written in one database
transaction, so a refusal at any step leaves neither a new season event nor a series member.

A preview (``preview``) stops after the checks: nothing is stored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from podium.core import phases
from podium.core.divisions import DIVISIONS_ASSIGNED
from podium.core.errors import Conflict, InvalidInput, NotFound, PodiumError
from podium.core.log import Action, Kind
from podium.core.messages import M, Message
from podium.core.model import EventState
from podium.core.replay import apply
from podium.core.ruleset import Ruleset
from podium.core.series import MEMBER_ADDED
from podium.core.series import book_of as series_book
from podium.core.signup import IN, WAITLIST
from podium.core.signup import book_of as signup_book
from podium.core.views import N_
from podium.formats.seven_wonders import codes, survival_rules
from podium.formats.seven_wonders.playoff_rules import stored_playoffs
from podium.formats.seven_wonders.rules import FORMAT, PROFILE, league_keys, league_places
from podium.formats.seven_wonders.season import FORTUNE, WILL, book_of, season_rows
from podium.formats.seven_wonders.year import (
    Dice,
    Line,
    PlayerSeason,
    Playoff,
    SeasonFacts,
    SignUp,
    Swap,
    next_leagues,
    starting_leagues,
)
from podium.formats.seven_wonders.year import NextSeason as Plan
from podium.service.commands import Command
from podium.service.events import EventService, LoadedEvent, NewAction, Outcome, new_event_actions

ORGANISER_REASON = "formed from the year (rules W7-4 .. W7-15, W7-35)"
League = tuple[str, str, int, tuple[str, ...]]  # key, name, level, players best first


# -- the year and its seasons ---------------------------------------------------------------------
def year_of(loaded: LoadedEvent) -> LoadedEvent:
    """``loaded`` if it is a series (the year), else a refusal naming it."""
    if not loaded.ruleset.capabilities.series:
        raise Conflict(N_("event %(slug)s is a %(format)s event, not a series (the year)"),
                       code=codes.YEAR_NOT_SERIES, field="event", slug=loaded.state.slug,
                       format=loaded.ruleset.name)
    return loaded


def season_slugs(series: EventState) -> list[str]:
    """The year's seasons in order (the series' members)."""
    return [m.event for m in series_book(series).members]


def signed_up(series: EventState) -> tuple[SignUp, ...]:
    """Rules W7-4, W7-5: the year's own sign-up list (the series' sign-up page,
    :mod:`podium.core.signup`) in sign-up order: the entries still in the running (approved
    where the organiser approves), with the site rating and the premium account they gave."""
    book = signup_book(series)
    return tuple(SignUp(e.name, int(e.fields.get("rating") or 0), bool(e.fields.get("premium")))
                 for e in book.active() if book.status(e) in (IN, WAITLIST))


def candidates(service: EventService, series: EventState,
               barred: Sequence[str] = ()) -> tuple[str, ...]:
    """Rule W7-29: the applicants wishing to join the tournament («список претендентов»), by
    default the year's sign-ups not yet playing (in no season's leagues, not barred by rule
    W7-23), in sign-up order."""
    playing = {p.name for slug in season_slugs(series)
               for p in service.load(slug).state.players.values()}
    return tuple(s.name for s in signed_up(series)
                 if s.name not in playing and s.name not in barred)


def signups_of(series: EventState) -> dict[str, SignUp]:
    """Rules W7-4, W7-5, W7-13, W7-14: every sign-up of the year as the starting season
    recorded it (``basis.signups``: the site rating and the premium account), by name, so the
    survival draw and the next season's newcomers use them without the organiser typing them
    again (a value typed there still wins)."""
    out: dict[str, SignUp] = {}
    for member in series_book(series).members:
        for row in member.basis.get("signups") or ():
            name = str(row.get("name", ""))
            if name and name not in out:
                out[name] = SignUp(name, int(row.get("rating") or 0),
                                   bool(row.get("premium")))
    for signed in signed_up(series):  # signed up on the year's page after the start
        out.setdefault(signed.name, signed)
    return out


def last_season(service: EventService, series: str) -> LoadedEvent:
    """The year's last season: where its survival battles before the next season and its
    Legendary League are kept (rules W7-14, W7-31)."""
    slugs = season_slugs(year_of(service.load(series)).state)
    if not slugs:
        raise Conflict(N_("the year %(slug)s has no season yet: start it from the sign-ups "
                          "(rule W7-4)"), code=codes.YEAR_EMPTY, field="event", slug=series)
    return season_of(service.load(slugs[-1]))


def season_of(loaded: LoadedEvent) -> LoadedEvent:
    """``loaded`` if it is a 7 Wonders season, else a refusal naming it."""
    if loaded.ruleset.name != FORMAT:
        raise Conflict(N_("event %(slug)s is a %(format)s event, not a 7 Wonders season"),
                       code=codes.YEAR_NOT_SEASON, field="previous", slug=loaded.state.slug,
                       format=loaded.ruleset.name)
    return loaded


def finished(loaded: LoadedEvent, field_: str = "previous") -> LoadedEvent:
    """``loaded`` once its Battle of Titans has its result: the next steps of the year follow
    from its places (rules W7-6 .. W7-14, W7-31)."""
    if not phases.status(loaded.state, loaded.ruleset).complete:
        raise Conflict(N_("season %(slug)s is not finished: the next season's leagues follow "
                          "from its places and the Battle of Titans"),
                       code=codes.YEAR_SEASON_OPEN, field=field_, slug=loaded.state.slug)
    return loaded


def facts_of(loaded: LoadedEvent, leaving: Sequence[str] = ()) -> SeasonFacts:
    """A finished season as the year needs it (:class:`SeasonFacts`); ``leaving`` are the
    players who drop out before the next season (rule W7-35), with those who dropped during it."""
    return facts_from(finished(season_of(loaded)).state, leaving)


def facts_from(state: EventState, leaving: Sequence[str] = ()) -> SeasonFacts:
    """:func:`facts_of` over a season's state already known to be finished."""
    names = {p.name for p in state.players.values()}
    unknown = [n for n in leaving if n not in names]
    if unknown:
        raise InvalidInput(N_("%(names)s did not play season %(slug)s"), code=codes.YEAR_PLAYER,
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
                kicked=row.kicked, leaving=player.dropped or player.name in leaving))

    def order(match: str) -> list[str]:
        game = book.specials.get(match)
        return [state.players[p].name for p in game.order] if game is not None else []

    settings = state.settings
    return SeasonFacts(settings.starting, players, league_names, order(FORTUNE), order(WILL),
                       state.seed, settings.leaving_winner_seat, settings.starting_playoffs,
                       settings.playoff_ranks_split)


def tournament_overruns(seasons: Sequence[EventState]) -> dict[str, int]:
    """Rule W7-19 («Третья просрочка в течение турнира»): each player's overruns over the whole
    tournament, as of the last season they played (its profile's earlier count plus its own
    overruns not lifted), so a player back after a season out keeps their count."""
    out: dict[str, int] = {}
    for state in seasons:
        book = book_of(state)
        for row in season_rows(state):
            out[state.players[row.player].name] = book.profile(row.player).overruns + row.overruns
    return out


# -- a new season's actions -----------------------------------------------------------------------
def season_actions(leagues: Sequence[League], profiles: Mapping[str, Mapping[str, Any]],
                   reason: str = ORGANISER_REASON) -> list[NewAction]:
    """A new season's players (in league order), their profiles and its leagues (rules W7-2,
    W7-7, W7-19, W7-26 (2), (3), W7-36)."""
    out: list[NewAction] = []
    ids: dict[str, int] = {}
    for _key, _name, _level, names in leagues:
        for name in names:
            ids[name] = len(ids) + 1
            out.append(NewAction(Kind.PLAYER_REGISTERED, {"player": ids[name], "name": name}))
    for name, profile in profiles.items():
        payload = {"player": ids[name], **{k: v for k, v in profile.items()
                                            if k in ("level", "place", "overruns", "premium")}}
        out.append(NewAction(PROFILE, payload, reason))
    divisions = [{"key": key, "name": name, "level": level, "players": [ids[n] for n in names]}
                 for key, name, level, names in leagues]
    out.append(NewAction(DIVISIONS_ASSIGNED, {"divisions": divisions, "method": "year"}, reason))
    return out


def checked(state: EventState, ruleset: Ruleset, actor: str, at: datetime,
            new: Sequence[NewAction]) -> list[Action]:
    """``new`` as actions after ``state``, each applied (so checked) as replay will apply it."""
    out = []
    for item in new:
        action = Action(seq=state.last_seq + 1, kind=item.kind, actor=actor, at=at,
                        payload=item.payload, reason=item.reason)
        apply(state, action, ruleset)
        out.append(action)
    return out


def renamed(error: PodiumError, fields: Mapping[str, str]) -> PodiumError:
    """``error`` naming the command's field instead of the stored payload's (``results`` is
    what the organiser typed as ``order``)."""
    base = (error.field or "").split("[")[0].split(".")[0]
    if base in fields:
        error.field = fields[base]
    return error


@dataclass
class Formed:
    """A season formed for the year (or previewed): its slug and leagues, each decision
    explained, who goes to qualification (rule W7-4), who must play the survival battles for
    how many places (W7-14), the play-offs (W7-6)."""

    slug: str | None
    leagues: list[tuple[str, str, int, list[str]]]
    lines: list[Line]
    qualification: list[str] = field(default_factory=list)
    survival: list[str] = field(default_factory=list)
    free: int = 0
    playoffs: dict[int, list[str]] = field(default_factory=dict)
    preview: bool = False
    unplayed: list[int] = field(default_factory=list)  # play-offs still due (rule W7-6)
    dice_due: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # W7-26, W7-30

    def messages(self) -> list[Message]:
        """Each player's decision, with its rule, as a message (a page renders it in its own
        language)."""
        return [line.message() for line in self.lines]

    def league_lines(self) -> list[Message]:
        """Each league by its name in the reader's language, with its players."""
        from podium.formats.seven_wonders.year_views import league_name

        return [M("%(league)s: %(names)s", league=league_name(key, name), names=", ".join(m))
                for key, name, _level, m in self.leagues]


def store_season(service: EventService, series: str, actor: str, season: str, name: str,
                 settings: Mapping[str, Any], seed: int | None, leagues: Sequence[League],
                 profiles: Mapping[str, Mapping[str, Any]], basis: Mapping[str, Any],
                 formed: Formed, check: Callable[[], None] | None = None) -> Outcome[Formed]:
    """The new season and the series' record of it, in one transaction: the season's actions
    are built and replayed first (its settings, players, profiles and leagues checked), then
    the season event, its log and the series' ``member_added`` are written together; any
    refusal rolls all of it back. ``check``: the command's own refusals, once the season's id
    and settings are known to be good (so a bad id is named first)."""
    at = service.clock()
    try:
        created, state = new_event_actions(season, name or season, FORMAT, settings, actor,
                                           seed, at)
    except PodiumError as error:  # the slug, the name, else the settings
        error.field = {"slug": "season", "name": "name"}.get(error.field or "", "settings")
        raise error from None
    actions = [created, *checked(state, get_ruleset(), created.actor, at,
                                 season_actions(leagues, profiles))]
    if check is not None:
        check()
    with service.unit(series, actor, orm=True) as work:
        year_of(work.loaded)
        if work.repo.find(season) is not None:
            raise Conflict(N_("an event %(slug)s already exists"), code=codes.YEAR_EXISTS,
                           field="season", slug=season)
        summary = work.repo.create(season, created.payload["name"], FORMAT, at)
        work.repo.append(summary.id, actions)
        # the year's owners and judges run the seasons it creates
        work.repo.share_roles(series, season, actor, at)
        payload = {"event": season, "label": created.payload["name"], "basis": dict(basis)}
        work.append([NewAction(MEMBER_ADDED, payload, ORGANISER_REASON)])
        outcome = Outcome(work.loaded, list(work.stored), formed)
    holder = service.states.holder(season)  # a state left by an event of that slug, deleted
    with holder.lock:
        holder.discard()
    return outcome


def get_ruleset() -> Ruleset:
    from podium.formats import get_format

    return get_format(FORMAT)


def _rows(leagues: Sequence[tuple[str, str, int, Sequence[str]]]) -> list[League]:
    return [(k, n, lvl, tuple(m)) for k, n, lvl, m in leagues]


def _listed(leagues: Sequence[League]) -> list[tuple[str, str, int, list[str]]]:
    return [(k, n, lvl, list(m)) for k, n, lvl, m in leagues]


# -- the starting season (rules W7-4 .. W7-6) -----------------------------------------------------
@dataclass(frozen=True)
class StartYear(Command[Formed]):
    """Rules W7-4 .. W7-6: the year's starting season ``season`` from the sign-ups in order
    (the cut at 28 or 35, the snake into 4 or 5 equal leagues), stored with the series' record
    of it (``basis``: the sign-ups and who went to qualification). ``slug`` is the series."""

    season: str = ""
    name: str = ""
    signups: tuple[SignUp, ...] = ()
    seed: int | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)
    preview: bool = False

    def run(self, service: EventService, actor: str) -> Outcome[Formed]:
        series = year_of(service.load(self.slug))
        if season_slugs(series.state):
            raise Conflict(N_("the year %(slug)s has its starting season already (rule W7-4)"),
                           code=codes.YEAR_STARTED, field="event", slug=self.slug)
        # rule W7-4: the sign-ups typed or sent as a file, else the year's own sign-up list
        signups = self.signups or signed_up(series.state)
        if not signups:
            raise InvalidInput(N_("give the sign-ups: a file, or one row a player"),
                               code=codes.YEAR_SIGNUPS_NONE, field="signups")
        leagues, lines = starting_leagues(signups)
        keys = league_keys(len(leagues), True)
        rows = [(k, n, lvl, tuple(m)) for (k, n, lvl), m in zip(keys, leagues, strict=True)]
        playing = {n for league in leagues for n in league}
        qualification = [s.name for s in signups if s.name not in playing]
        formed = Formed(self.season or None, _listed(rows), lines, qualification,
                        preview=self.preview)
        if self.preview:
            return Outcome(series, [], formed)
        premium = {s.name: s.premium for s in signups}
        profiles = {n: {"premium": premium[n]} for league in leagues for n in league}
        basis = {"signups": [{"name": s.name, "rating": s.rating, "premium": s.premium}
                             for s in signups], "qualification": qualification}
        settings = {**self.settings, "season": "starting"}
        return store_season(service, self.slug, actor, self.season, self.name or self.season,
                            settings, self.seed, rows, profiles, basis, formed)


# -- the next season (rules W7-6 .. W7-15, W7-30, W7-35) ------------------------------------------
@dataclass(frozen=True)
class Stored:
    """What the survival battles stored in a season give the next season (rule W7-14): the
    newcomers who entered them (in sign-up order), the players leaving (W7-35), the winners
    (None while a match is undecided: ``due`` names the matches) and their premium accounts."""

    newcomers: tuple[str, ...]
    leaving: tuple[str, ...]
    winners: tuple[str, ...] | None
    due: tuple[int, ...]
    premium: dict[str, bool]
    ratings: dict[str, int] = field(default_factory=dict)
    barred: tuple[str, ...] = ()  # rule W7-23: out of the tournament, not back as newcomers


def stored_battles(state: EventState) -> Stored | None:
    """The survival battles drawn in season ``state`` before the next one, if any."""
    book = survival_rules.book_of(state)
    if not book.entrants:
        return None
    name = {pid: p.name for pid, p in state.players.items()}
    newcomers = sorted((e for e in book.entrants.values() if not e.defender),
                       key=lambda e: (e.signup is None, e.signup or 0, e.name))
    now = survival_rules.survival_of(state)
    due = tuple(m for m, players in now.due.items() if players)
    return Stored(tuple(e.name for e in newcomers), tuple(name[p] for p in book.leaving),
                  None if due else tuple(name[p] for p in now.warriors), due,
                  {e.name: e.premium for e in book.entrants.values()},
                  {e.name: e.rating for e in book.entrants.values() if not e.defender},
                  tuple(name[p] for p in now.barred))


def tournament_barred(seasons: Sequence[EventState]) -> list[str]:
    """Rule W7-23 («отстраняется от турнира»): the players an unfinished survival battle of any
    season so far barred from the tournament, in season order: never back, as a newcomer or a
    survivor, in a later season of the year."""
    out: list[str] = []
    for state in seasons:
        for pid in survival_rules.survival_of(state).barred:
            if state.players[pid].name not in out:
                out.append(state.players[pid].name)
    return out


@dataclass(frozen=True)
class NextSeason(Command[Formed]):
    """Season ``season`` of the year ``slug`` from its season ``previous`` (rules W7-6 ..
    W7-15, W7-35): each player's move explained; refused with the places when the leagues do not
    add up. Without ``season`` (or with ``preview``) nothing is stored: the leagues, the
    play-offs and the survival battles due are shown.

    The newcomers, the players leaving and the survival battles' winners default to what the
    survival battles stored in ``previous`` (``survival-draw``, ``survival-game``); given, they
    replace it (``survivors``: None for that default). A newcomer's site rating and premium
    account come from the year's sign-ups, then the survival draw, then ``ratings`` and
    ``premium`` (rules W7-13, W7-14).

    Nothing is decided silently (rules W7-6, W7-26 (4), W7-30): a starting season's play-off
    without its game refuses the season unless ``decide_playoffs`` with a ``playoff_reason``;
    a tie only the die breaks, when its order changes the leagues or the Warriors' strength,
    refuses it unless the organiser gives the ``rolls`` or asks ``podium_rolls``. A preview
    says which play-offs and dice are still due."""

    previous: str = ""
    season: str | None = None
    name: str = ""
    newcomers: tuple[str, ...] | None = None
    survivors: tuple[str, ...] | None = None
    playoffs: Mapping[int, Playoff] = field(default_factory=dict)
    swaps: tuple[Swap, ...] = ()
    leaving: tuple[str, ...] | None = None
    seed: int | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)
    preview: bool = False
    ratings: Mapping[str, int] = field(default_factory=dict)
    newcomer_order: tuple[str, ...] | None = None
    premium: tuple[str, ...] | None = None  # newcomers with a premium account (rule W7-13)
    rolls: Mapping[str, int] = field(default_factory=dict)  # the organiser's die (W7-26, W7-30)
    podium_rolls: bool = False  # the organiser asks podium to roll the die instead
    decide_playoffs: bool = False  # the play-offs not played decided by rule W7-30
    playoff_reason: str = ""  # why they are not played (kept in the log)

    def run(self, service: EventService, actor: str) -> Outcome[Formed]:
        series = year_of(service.load(self.slug))
        if not self.previous:  # the year's last season, the one a next season follows
            return replace(self, previous=last_season(service, self.slug).state.slug).run(
                service, actor)
        if self.previous not in season_slugs(series.state):
            raise NotFound(N_("%(season)s is not a season of the year %(slug)s"),
                           code=codes.YEAR_NOT_MEMBER, field="previous",
                           season=self.previous, slug=self.slug)
        previous = service.load(self.previous)
        preview = self.preview or not self.season
        seasons = [service.load(slug).state for slug in season_slugs(series.state)]
        history, barred = tournament_overruns(seasons), tournament_barred(seasons)
        plan, basis = self.plan(previous, preview, history, barred,
                                signups_of(series.state))
        formed = Formed(None if preview else self.season, _listed(_rows(plan.leagues)),
                        plan.lines, survival=plan.survival, free=plan.free,
                        playoffs=plan.playoffs, preview=preview, unplayed=plan.unplayed,
                        dice_due=plan.dice_due)
        if preview:
            return Outcome(series, [], formed)
        assert self.season is not None
        # the year's settings carry on from season to season (the rules' open points among
        # them); the season's kind and first day are its own
        inherited = {k: v for k, v in previous.ruleset.settings_to_json(
            previous.state.settings).items() if k not in ("season", "start")}
        return store_season(service, self.slug, actor, self.season, self.name or self.season,
                            {**inherited, **self.settings, "season": "regular"}, self.seed,
                            _rows(plan.leagues), plan.profiles, basis, formed,
                            lambda: self.check_decided(plan))

    def check_decided(self, plan: Plan) -> None:
        """Nothing the regulation leaves to a game or to the organiser's die is decided
        silently: the play-offs are played (rule W7-6) unless the organiser decides them
        with a reason (W7-30), and every die is the organiser's or podium's when asked
        (W7-26 (4), W7-30 (3))."""
        if plan.unplayed:
            raise Conflict(N_("play-off matches are still due: %(matches)s; enter their games "
                              "(rule W7-6), or decide them without playing, with a reason "
                              "(rule W7-30)"), code=codes.YEAR_PLAYOFF_DUE, field="playoff",
                           matches="; ".join(f"{place}: {', '.join(plan.playoffs[place])}"
                                             for place in plan.unplayed))
        if plan.dice_due:
            rule, names = plan.dice_due[0]
            needed = Conflict(N_("a die roll by the organiser decides between %(names)s (rule "
                                 "%(rule)s): enter each one's roll, or let podium roll"),
                              code=codes.YEAR_DIE_NEEDED, field="roll", names=list(names),
                              rule=rule)
            # every tie the die decides, to roll at once
            tied = dict.fromkeys(name for _rule, group in plan.dice_due for name in group)
            needed.suggest = {"roll": ", ".join(f"{name}=" for name in tied)}
            raise needed
        used = {n for roll in plan.rolls if roll.by == "organiser" for n in roll.players}
        strangers = sorted(n for n in self.rolls if n not in used)
        if strangers:
            raise InvalidInput(N_("no tie the die decides involves %(names)s (rules W7-26 (4), "
                                  "W7-30 (3))"), code=codes.YEAR_DIE, field="roll",
                               names=strangers)

    def plan(self, previous: LoadedEvent, preview: bool, history: Mapping[str, int] = {},
             barred: Sequence[str] = (), signups: Mapping[str, SignUp] = {}
             ) -> tuple[Plan, dict[str, Any]]:
        """The next season's leagues (rules W7-6 .. W7-15, W7-35) and the basis the series
        records (with every die rolled and who rolled it, W7-26 (4), W7-30 (3)). ``barred``:
        the players out of the tournament (rule W7-23); the stored battles' newcomers leave
        them out. ``signups``: the year's sign-ups, whose ratings and premium accounts the
        newcomers keep unless given here or in the survival draw (rules W7-13, W7-14)."""
        if self.decide_playoffs and not self.playoff_reason.strip():
            raise InvalidInput(N_("deciding a play-off without playing it is an organiser "
                                  "decision and needs a reason (rule W7-30)"),
                               code=codes.YEAR_PLAYOFF_REASON, field="playoff_reason")
        battles = stored_battles(season_of(previous).state)
        out = [*barred, *(n for n in (battles.barred if battles else ()) if n not in barred)]
        newcomers = self.newcomers if self.newcomers is not None else (
            tuple(n for n in battles.newcomers if n not in out) if battles else ())
        leaving = self.leaving if self.leaving is not None else (
            battles.leaving if battles else ())
        survivors = self.survivors
        if survivors is None:
            survivors = ()
            if battles is not None and battles.winners is not None:
                survivors = battles.winners
            elif battles is not None and not preview:
                raise Conflict(N_("survival matches %(matches)s are not decided yet (rule "
                                  "W7-14)"), code=codes.SURVIVAL_UNDECIDED, field="survivor",
                               matches=list(battles.due))
        facts = facts_of(previous, leaving)
        # rules W7-13, W7-14: a newcomer's sign-up facts, then the draw's, then what is typed
        fresh = [n for n in newcomers if n not in {p.name for p in facts.players}]
        premium = {**{n: signups[n].premium for n in fresh if n in signups},
                   **(battles.premium if battles else {})}
        if self.premium is not None:
            premium.update({n: n in self.premium for n in fresh})
        ratings = {**{n: signups[n].rating for n in fresh if n in signups},
                   **(battles.ratings if battles else {}), **self.ratings}
        playoffs = self.playoffs or stored_playoffs(season_of(previous).state)
        dice = Dice(facts.seed, dict(self.rolls), self.podium_rolls)
        decided = self.playoff_reason.strip() if self.decide_playoffs else None
        plan = next_leagues(facts, survivors, newcomers, playoffs, self.swaps, premium,
                            preview, ratings, self.newcomer_order, history, out, dice, decided)
        basis = {"previous": self.previous, "newcomers": list(newcomers),
                 "survivors": list(survivors),
                 "playoffs": {str(k): [n if isinstance(n, str) else list(n) for n in v]
                              for k, v in playoffs.items()},
                 "rolls": [roll.payload() for roll in plan.rolls],
                 "ratings": {n: r for n, r in ratings.items() if n in newcomers},
                 "newcomer_order": list(self.newcomer_order or ()),
                 "swaps": [{"first": s.first, "second": s.second, "reason": s.reason}
                           for s in self.swaps],
                 "leaving": list(leaving)}
        if decided is not None:  # rule W7-30: the organiser's decision and its reason
            basis["playoffs_decided"] = {"places": [int(p) for p in plan.playoffs
                                                    if not playoffs.get(p)],
                                         "reason": decided}
        return plan, basis


__all__ = ["Formed", "NextSeason", "StartYear", "facts_of", "last_season", "stored_battles",
           "tournament_barred", "year_of"]
