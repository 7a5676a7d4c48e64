"""What people read of a 7 Wonders season: its declared views (:mod:`podium.core.reads`), each
served by the command line (``podium sw <view> SLUG``), the API (``GET /api/v1/events/{slug}/
views/seven-wonders.<what>``) and the pages alike.

- ``seven-wonders.leagues`` (``sw status``; the tabs ``/e/{slug}/p/league-<key>``, one a
  league, and ``/e/{slug}/p/leagues``, every league at once): each league's places, its
  ladder so far with every decision explained and its next game: its players, who creates the
  table on the site, the deadline (rules W7-2, W7-36);
- ``seven-wonders.games``: every game entered with its decisions (rules W7-20 .. W7-22,
  W7-26 .. W7-28);
- ``seven-wonders.table`` (``sw table``; the tab ``/e/{slug}/p/season``): the season table
  league by league with a note for each decision, then the special matches (rules W7-16 ..
  W7-19, W7-24, W7-28);
- ``seven-wonders.penalties``: every overrun and kick, lifted or not (rules W7-19, W7-20,
  W7-24);
- ``seven-wonders.reports`` (organisers): the players' self-reports and their state (rule
  W7-36).

Values are typed (:mod:`podium.core.values`); what people read in a sentence (a league's name,
a game's, a decision's note) is a message, its English text in JSON and translated on a page
and on the command line (``podium --lang ru sw table``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from podium.core import inputs
from podium.core.commands import ORGANISER, Param
from podium.core.errors import InvalidInput
from podium.core.messages import M, Message, Mp
from podium.core.model import EventState, PlayerId
from podium.core.reads import Tab, ViewCall, ViewSpec
from podium.core.values import PlayerRef
from podium.core.views import N_, Cell, Column, TableView
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders import views as sw_views
from podium.formats.seven_wonders.rules import (
    deadline,
    due,
    ladders_complete,
    league_places,
    special_players,
    specials_due,
)
from podium.formats.seven_wonders.season import (
    SPECIALS,
    Game,
    book_of,
    penalties_of,
    season_rows,
)

#: A player's marks in a game as people read them (rules W7-2, W7-19 .. W7-22).
MARKS = {"overrun": N_("over time"), "kick": N_("kick"),
         "deepest": N_("deepest in negative time"), "out": N_("out")}


def _ref(state: EventState, pid: PlayerId) -> PlayerRef:
    return PlayerRef(pid, sw_views.player_name(state, pid))


# -- a game ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class LineValue:
    """A player's line in a game: their position (none for an unfinished game entered
    without), score, winner points (rules W7-16, W7-25) and marks (``overrun``, ``kick``,
    ``deepest``, ``out``)."""

    player: PlayerRef
    position: int | None
    score: int | None
    points: int | None
    marks: list[str]


@dataclass(frozen=True)
class GameValue:
    """A game as entered and what it decided: ``game`` is its reference (``gods/3``, or the
    special match), ``title`` its name for people; ``decided`` is false while a tie waits for
    the die roll (rule W7-26 (4)); ``notes`` explain every decision."""

    game: str
    title: str
    league: str | None
    number: int
    finished: bool
    decided: bool
    link: str
    reporter: PlayerRef | None
    at: datetime
    players: list[LineValue]
    waiting: list[PlayerRef]
    notes: list[str]

    @property
    def size(self) -> int:
        return len(self.players)


def game_value(state: EventState, game: Game) -> GameValue:
    lines = [LineValue(_ref(state, line["player"]), line["position"], line["score"],
                       line["points"], list(line["marks"]))
             for line in sw_views.game_lines(state, game)]
    return GameValue(
        game.ref, sw_views.game_label(state, game.ref), game.league, game.number,
        game.finished, game.decided, game.link,
        _ref(state, game.reporter) if game.reporter is not None else None, game.at, lines,
        [_ref(state, p) for group in game.unresolved for p in group],
        [sw_views.note_message(state, note) for note in game.notes])


def game_table(game: GameValue) -> TableView:
    """A game for the command line: its players best first, then its notes under it."""
    title = (game.title if game.league is None else
             M("%(game)s (%(ref)s)", game=game.title, ref=game.game))
    if not game.finished:
        title = M("%(first)s %(second)s", first=title, second=M("(unfinished)"))
    columns = (Column("position", Mp("rank", "Rank"), numeric=True),
               Column("player", N_("Player")), Column("score", N_("Score"), numeric=True),
               Column("points", N_("Points"), numeric=True), Column("marks", ""))
    rows = tuple({"position": line.position, "player": line.player.name,
                  "player_id": line.player.id, "score": line.score, "points": line.points,
                  "marks": joined([Message(MARKS.get(m, m)) for m in line.marks])}
                 for line in game.players)
    notes = ((game.link,) if game.link else ()) + tuple(game.notes)
    return TableView(f"game-{game.game}", title, columns, rows, notes=notes)


def joined(parts: list[Message]) -> Message | str:
    """Messages as one, separated by semicolons ("" without any)."""
    if not parts:
        return ""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = M("%(first)s; %(second)s", first=part, second=out)
    return out


# -- a league: its board and its next game (rules W7-2, W7-36) --------------------------------
@dataclass(frozen=True)
class NextGame:
    """What is due in a league (rule W7-36, supported and not enforced): the game and its
    players, who creates the table on the site (a player with a premium account, with the
    regulation's settings to copy; else the organiser, a turn-based game of those days and
    active hours), the deadline, the players who dropped out and are placed when it is
    entered; or why nothing is due (``complete``, ``waiting``: the game whose tie waits for
    the die, ``size_ok`` false: the league has not 7 players). ``lines`` say it in
    sentences."""

    game: str
    number: int
    complete: bool
    waiting: int | None
    size_ok: bool
    final: bool
    players: list[PlayerRef]
    creator: PlayerRef | None
    site_settings: str
    turn_based_days: int | None
    active_hours: str
    deadline: datetime | None
    withdrawing: list[PlayerRef]
    lines: list[str]


@dataclass(frozen=True)
class PlaceValue:
    """A league place given so far (none: still in the ladder)."""

    place: int | None
    player: PlayerRef


@dataclass(frozen=True)
class LeagueBoard:
    """A league's page: its places so far, its ladder (each game with its decisions) and its
    next game."""

    key: str
    name: str
    title: str
    level: int
    places: list[PlaceValue]
    games: list[GameValue]
    next: NextGame


@dataclass(frozen=True)
class Leagues:
    """Every league of the season (or the one asked for), best first; ``time_zone``: the
    season's, for its deadlines and game times."""

    leagues: list[LeagueBoard]
    time_zone: str


def next_game(state: EventState, key: str) -> NextGame:
    now = due(state, key)
    settings = state.settings
    book = book_of(state)
    waiting = now.waiting.number if now.waiting is not None else None
    withdrawing = [_ref(state, p) for p in now.withdrawing]
    if now.complete or now.waiting is not None or not now.size_ok:
        nothing = NextGame(now.ref, now.number, now.complete, waiting, now.size_ok, now.final,
                           [], None, "", None, settings.active_hours, None, withdrawing, [])
        return _with_lines(state, key, nothing)
    ladder = book.ladders.get(key)
    previous = ladder.games[-1] if ladder and ladder.games else None

    def standing(pid: PlayerId) -> tuple[int, str]:
        pos = (previous.positions or {}).get(pid, 99) if previous else 99
        return (pos, sw_views.player_name(state, pid))

    players = sorted(now.players, key=standing)
    premium = [p for p in players if book.profile(p).premium]
    found = NextGame(
        now.ref, now.number, False, None, True, now.final, [_ref(state, p) for p in players],
        _ref(state, premium[0]) if premium else None,
        settings.site_settings if premium else "",
        None if premium else settings.days_for(len(players)), settings.active_hours,
        deadline(state, key), withdrawing, [])
    return _with_lines(state, key, found)


def _with_lines(state: EventState, key: str, found: NextGame) -> NextGame:
    from dataclasses import replace

    return replace(found, lines=next_lines(state, key, found))


def next_lines(state: EventState, key: str, found: NextGame) -> list[str]:
    """What is due in league ``key`` as sentences (rule W7-36): the game, its players, who
    creates the table on the site and with which settings, the deadline, who reports."""
    league = sw_views.league_label(state, key)
    if found.complete:
        return [M("%(league)s: the ladder is played.", league=league)]
    if found.waiting is not None:
        return [M("%(league)s: game %(n)s waits for the die roll (podium sw roll, rule W7-26).",
                  league=league, n=found.waiting)]
    if not found.size_ok:
        return [M("%(league)s: the league needs 7 players to start (rule W7-2).",
                  league=league)]
    kind = (M("the final: its order gives places 1 to 3") if found.final else
            M("%(count)s players, the last one is out", count=len(found.players)))
    lines: list[str] = [M("%(league)s: next is game %(n)s (%(kind)s): %(names)s.",
                          league=league, n=found.number, kind=kind,
                          names=", ".join(p.name for p in found.players))]
    if found.creator is not None:
        lines.append(M("Creates the table: %(name)s (premium account), with these "
                       "settings: %(settings)s", name=found.creator.name,
                       settings=Message(found.site_settings)))
    else:
        lines.append(M("No player has a premium account: the organiser creates a "
                       "turn-based game of %(days)s days, active time %(hours)s (rule W7-36).",
                       days=found.turn_based_days, hours=found.active_hours))
    if found.deadline is not None:
        lines.append(M("Deadline: %(when)s", when=sw_views.when(found.deadline)))
    lines.append(M("The winner reports the result and the table link; the other players "
                   "confirm."))
    return lines


def league_board(state: EventState, key: str) -> LeagueBoard:
    book = book_of(state)
    ladder = book.ladders.get(key)
    places = league_places(state, key)
    division = state.divisions[key]
    # places 1-3 of the final, then the players still in, then those out (4th to 7th)
    standing = sorted(division.members, key=lambda p: (places.get(p, 3.5),
                                                       sw_views.player_name(state, p)))
    return LeagueBoard(
        key, division.name, sw_views.league_label(state, key), division.level,
        [PlaceValue(places.get(p), _ref(state, p)) for p in standing],
        [game_value(state, g) for g in (ladder.games if ladder else [])],
        next_game(state, key))


def league_key(state: EventState, text: str, field: str = "league") -> str:
    """A league by its key or its name (``gods``, ``Gods``), refused when the season has no
    such league."""
    cleaned = text.strip().casefold()
    for division in state.divisions.values():
        if cleaned in (division.key.casefold(), division.name.casefold()):
            return division.key
    raise InvalidInput("no league %(league)s; leagues: %(known)s", code=codes.LEAGUE,
                       field=field, league=text.strip(), known=list(state.divisions))


def read_leagues(call: ViewCall) -> Leagues:
    state = call.state
    wanted = call.get("league")
    keys = [league_key(state, wanted)] if wanted else list(state.divisions)
    return Leagues([league_board(state, key) for key in keys], state.settings.time_zone)


def show_leagues(value: Leagues) -> list[Any]:
    """Each league: its title, its games with their decisions, its next game's lines."""
    out: list[Any] = []
    for board in value.leagues:
        out.append(board.title)
        out.extend(game_table(game) for game in board.games)
        out.extend(board.next.lines)
    return out


def league_tabs(state: EventState) -> list[Tab]:
    """One tab a league (``league-gods``, ``league-league-1`` in a starting season), and the
    page of every league at once (``leagues``, kept at its address)."""
    return [*(Tab(f"league-{key}", sw_views.league_label(state, key), {"league": key})
              for key in state.divisions),
            Tab("leagues", N_("Leagues"), {}, listed=False)]


LEAGUE = Param("league", inputs.Text(40, non_empty=True), N_("One league (key or name)."),
               label=N_("League"))

LEAGUES_VIEW: ViewSpec[Leagues] = ViewSpec(
    "seven-wonders.leagues", N_("Leagues"), read_leagues, Leagues, params=(LEAGUE,),
    help=N_("Each league's ladder so far and its next game: players, who creates it, the "
            "deadline."),
    cli="status", tabs=league_tabs, template="formats/seven_wonders_leagues.html",
    show=show_leagues, example=lambda state: {},
)


# -- every game ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Games:
    """Every game entered, league by league, then the special matches."""

    games: list[GameValue]


def read_games(call: ViewCall) -> Games:
    state = call.state
    return Games([game_value(state, g) for g in book_of(state).games()])


GAMES_VIEW: ViewSpec[Games] = ViewSpec(
    "seven-wonders.games", N_("Games"), read_games, Games,
    help=N_("Every game entered, each with its decisions explained (rules W7-20 .. W7-22, "
            "W7-26 .. W7-28)."),
    show=lambda value: [game_table(g) for g in value.games], example=lambda state: {},
)


# -- the season table (rules W7-16 .. W7-19, W7-21, W7-24, W7-25, W7-28) ----------------------
@dataclass(frozen=True)
class SeasonRowValue:
    """One player's season: what each part of the points comes from; the total floored at 0
    (rule W7-19), 0 for a kicker (W7-20); ``barred`` from the next season; a note for each
    decision."""

    league: str
    place: int | None
    player: PlayerRef
    total: int
    wins: int
    unfinished: int
    place_points: int
    titans: int
    penalties: int
    barred: bool
    note: str
    notes: list[str]


@dataclass(frozen=True)
class LeagueTable:
    key: str
    title: str
    rows: list[SeasonRowValue]


@dataclass(frozen=True)
class SpecialValue:
    """A special match (rules W7-11, W7-12, W7-18): entered (its game), or due (its
    players)."""

    match: str
    title: str
    game: GameValue | None
    players: list[PlayerRef]


@dataclass(frozen=True)
class SeasonTable:
    leagues: list[LeagueTable]
    specials: list[SpecialValue]
    note: str


def read_table(call: ViewCall) -> SeasonTable:
    return season_table(call.state, call.get("league"))


def season_table(state: EventState, wanted: str | None = None) -> SeasonTable:
    """The season table, of every league (then the special matches) or of league
    ``wanted``."""
    keys = [league_key(state, wanted)] if wanted else list(state.divisions)
    rows = season_rows(state)
    leagues = []
    for key in keys:
        own = [SeasonRowValue(
            r.league, r.place, _ref(state, r.player), r.total, r.wins, r.unfinished,
            r.place_points, r.titans, -r.penalties if r.penalties else 0, r.barred,
            sw_views.notes_message(state, r.notes),
            [sw_views.note_message(state, n) for n in r.notes])
            for r in rows if r.league == key]
        leagues.append(LeagueTable(key, sw_views.league_label(state, key), own))
    return SeasonTable(leagues, [] if wanted else specials_of(state),
                       Message(sw_views.POINTS_NOTE))


def specials_of(state: EventState) -> list[SpecialValue]:
    """The special matches: entered (with their decisions) or due (with their players)."""
    book = book_of(state)
    done = ladders_complete(state)
    wanted = specials_due(state) if done else []
    out = []
    for match in SPECIALS:
        game = book.specials.get(match)
        if game is None and match not in wanted:
            continue
        out.append(SpecialValue(match, sw_views.match_label(match),
                                game_value(state, game) if game is not None else None,
                                [_ref(state, p) for p in special_players(state, match)]))
    return out


def show_table(value: SeasonTable) -> list[Any]:
    """Each league's table with a note for each decision, then the special matches."""
    out: list[Any] = []
    for league in value.leagues:
        rows = tuple({"place": r.place, "player": r.player.name, "player_id": r.player.id,
                      "total": r.total, "wins": r.wins, "unfinished": r.unfinished,
                      "place_points": r.place_points, "titans": r.titans,
                      "penalties": r.penalties, "note": r.note} for r in league.rows)
        out.append(TableView(f"league-{league.key}", league.title, sw_views.COLUMNS, rows))
    for special in value.specials:
        if special.game is not None:
            out.append(game_table(special.game))
        else:
            out.append(M("%(match)s: due: %(names)s", match=special.title,
                         names=", ".join(p.name for p in special.players)))
    return out


TABLE_VIEW: ViewSpec[SeasonTable] = ViewSpec(
    "seven-wonders.table", N_("Season table"), read_table, SeasonTable, params=(LEAGUE,),
    help=N_("The season table: place, player, wins, unfinished, place points, Titans, "
            "penalties, total, with a note for each decision; then the special matches."),
    tabs=lambda state: [Tab("season", N_("Season table"))],
    template="formats/seven_wonders_season.html", show=show_table, example=lambda state: {},
)


# -- penalties (rules W7-19, W7-20, W7-24) -----------------------------------------------------
@dataclass(frozen=True)
class LiftingValue:
    reason: str
    by: str
    seq: int


@dataclass(frozen=True)
class PenaltyValue:
    """An overrun (``overrun``, rule W7-19) or a kick (``kick``, W7-20) in a game, and its
    lifting by the organiser with the reason (W7-24)."""

    game: str
    title: str
    player: PlayerRef
    penalty: str
    lifted: LiftingValue | None


@dataclass(frozen=True)
class Penalties:
    penalties: list[PenaltyValue]


def read_penalties(call: ViewCall) -> Penalties:
    state = call.state
    book = book_of(state)
    out = []
    for ref, pid, what in penalties_of(book):
        lifting = book.lifted(ref, pid, what)
        out.append(PenaltyValue(
            ref, sw_views.game_label(state, ref), _ref(state, pid), what,
            LiftingValue(lifting.reason, lifting.actor, lifting.seq) if lifting else None))
    return Penalties(out)


def show_penalties(value: Penalties) -> list[Any]:
    columns = (Column("game", N_("Game")), Column("player", N_("Player")),
               Column("penalty", N_("Penalty")), Column("lifted", N_("Lifted")))
    rows = tuple({"game": p.title, "player": p.player.name, "player_id": p.player.id,
                  "penalty": Message(MARKS[p.penalty]),
                  "lifted": (M("lifted by %(who)s: %(why)s", who=p.lifted.by,
                               why=p.lifted.reason) if p.lifted else "")}
                 for p in value.penalties)
    return [TableView("penalties", N_("Penalties"), columns, rows)]


PENALTIES_VIEW: ViewSpec[Penalties] = ViewSpec(
    "seven-wonders.penalties", N_("Penalties"), read_penalties, Penalties,
    help=N_("Every time-limit overrun and kick of the season, lifted or not (rules W7-19, "
            "W7-20, W7-24)."),
    show=show_penalties, example=lambda state: {},
)


# -- self-reports (rule W7-36) -----------------------------------------------------------------
@dataclass(frozen=True)
class ReportValue:
    """A player's self-report of a game: its number (``report.confirm``, ``report.decide``
    take it), the game, what it says, who made and who confirmed it, its status and a
    dispute's note. ``logged``: a report kept in the season's log (before the season used the
    shared self-report), which the organiser enters as the game."""

    report: int
    game: str
    title: str
    result: str
    reporter: PlayerRef
    confirmed: list[PlayerRef]
    status: str
    note: str
    logged: bool


@dataclass(frozen=True)
class Reports:
    reports: list[ReportValue]


def read_reports(call: ViewCall) -> Reports:
    from podium.formats.seven_wonders.season_report import describe

    state = call.state
    out = []
    for report in book_of(state).reports.values():  # the log's, from before
        entry = {"game": report.ref, **report.payload}
        out.append(ReportValue(
            report.seq, report.ref, sw_views.game_label(state, report.ref),
            describe(state, entry), _ref(state, report.reporter),
            [_ref(state, p) for p in report.confirmed if p != report.reporter],
            report.status, "; ".join(f"{sw_views.player_name(state, p)}: {note}"
                                     for p, note in report.disputed), True))
    for found in call.source.extra("reports", all=True):
        game = str(found.entry.get("game", ""))
        out.append(ReportValue(
            found.id, game, sw_views.game_label(state, game), describe(state, found.entry),
            _ref(state, found.reporter),
            [_ref(state, p) for p in found.confirmed_by if p != found.reporter],
            found.status, found.note, False))
    return Reports(out)


def show_reports(value: Reports) -> list[Any]:
    columns = (Column("report", N_("Report"), numeric=True), Column("game", N_("Game")),
               Column("result", N_("Result")), Column("by", N_("By")),
               Column("confirmed", N_("Confirmed by")), Column("status", N_("Status")),
               Column("note", N_("Disputed")))
    rows: tuple[dict[str, Cell], ...] = tuple(
        {"report": r.report, "game": r.title, "result": r.result, "by": r.reporter.name,
         "player_id": r.reporter.id, "confirmed": ", ".join(p.name for p in r.confirmed),
         "status": Message(r.status), "note": r.note} for r in value.reports)
    return [TableView("reports", N_("Self-reports"), columns, rows)]


REPORTS_VIEW: ViewSpec[Reports] = ViewSpec(
    "seven-wonders.reports", N_("Self-reports"), read_reports, Reports, role=ORGANISER,
    help=N_("The players' self-reports and their state (rule W7-36)."),
    show=show_reports, example=lambda state: {},
)

SEASON_VIEWS: tuple[ViewSpec[Any], ...] = (
    LEAGUES_VIEW, GAMES_VIEW, TABLE_VIEW, PENALTIES_VIEW, REPORTS_VIEW,
)

__all__ = [
    "GAMES_VIEW", "LEAGUES_VIEW", "PENALTIES_VIEW", "REPORTS_VIEW", "SEASON_VIEWS",
    "TABLE_VIEW", "GameValue", "Games", "LeagueBoard", "Leagues", "NextGame", "Penalties",
    "Reports", "SeasonTable", "game_table", "game_value", "league_key", "next_game",
    "next_lines", "season_table", "show_table",
]

