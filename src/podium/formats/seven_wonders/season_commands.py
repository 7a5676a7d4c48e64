"""The season's declared commands (regulation W7): leagues, profiles, games, special matches,
penalties and die rolls, each declared once (:mod:`podium.core.commands`) and served by the
command line (``podium sw <command>``), the API (``POST /api/v1/events/{event}/
commands/seven-wonders.<what>``) and the organiser's pages (``/manage/{event}/do/...``) alike.

Each declaration's ``make`` turns the decoded fields into a command object of
:mod:`.commands` (which resolves names with the state at hand and refuses naming the field);
its ``answer`` is a typed value (its type ``answers``: the API's schema), its ``said`` a
message for people, its ``show`` what the command line prints after it (a game with its
decisions, the league's next game). Moving a player between leagues is the kernel's
``division.move`` (``podium sw move``, declared in :mod:`podium.core.command_line` terms as
the kernel command under the format's group). The players' self-report (rule W7-36) is the
kernel's (``seven-wonders.report`` built from :mod:`.season_report`, ``report.confirm``,
``report.dispute``, ``report.decide``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from podium.core import inputs
from podium.core.commands import API, CLI, WEB, Call, CommandSpec, Param
from podium.core.messages import M, Mn
from podium.core.model import EventState
from podium.core.values import PlayerRef
from podium.core.views import N_, TableView
from podium.formats.seven_wonders.commands import (
    AddOverrun,
    AssignLeagues,
    EnterGame,
    EnterSpecial,
    GameInput,
    LeaguesSet,
    LiftPenalty,
    Penalised,
    Played,
    Profiled,
    RollDie,
    SetProfile,
    premium_of,
)
from podium.formats.seven_wonders.inputs import ORDER, Leagues
from podium.formats.seven_wonders.rules import MAX_ROLL, ladders_complete
from podium.formats.seven_wonders.season import (
    PENALTIES,
    SPECIALS,
    book_of,
    note_text,
    penalties_of,
)
from podium.formats.seven_wonders.season_forms import (
    game_players,
    league_players,
    special_offered,
    waiting_players,
)
from podium.formats.seven_wonders.season_reads import game_table
from podium.formats.seven_wonders.settings import LEAGUE_SIZE
from podium.formats.seven_wonders.views import league_name
from podium.service.kernel import DIVISION_MOVE

REASON = Param("reason", inputs.Text(500), N_("why (kept in the season's log)"), label=N_("Reason"))


# -- when a page offers a command -----------------------------------------------------------
def started(state: EventState) -> bool:
    """A league has played a game: the leagues are set for good (rule W7-2)."""
    return any(ladder.games for ladder in book_of(state).ladders.values())


def waiting_roll(state: EventState) -> bool:
    """A game's tie waits for a die roll (rule W7-26 (4))."""
    return any(game.unresolved for game in book_of(state).games())


# -- answers --------------------------------------------------------------------------------
@dataclass(frozen=True)
class LineAnswer:
    """A player's line in a game: position, score, winner points (W7-16, W7-25) and marks."""

    player: str
    position: int | None
    score: int | None
    points: int | None
    marks: list[str]


@dataclass(frozen=True)
class GameAnswer:
    """A game as entered and decided: its players in order and every decision explained
    (English); ``decided`` is false while a tie waits for the die roll (rule W7-26 (4))."""

    game: str
    league: str | None
    number: int
    finished: bool
    decided: bool
    link: str
    players: list[LineAnswer]
    notes: list[str]


def game_json(played: Played) -> GameAnswer:
    """A game as entered and decided: its players in order with position, score, winner
    points and marks, and every decision explained (English)."""
    game = played.game
    return GameAnswer(
        game.ref, game.league, game.number, game.finished, game.decided, game.link,
        [LineAnswer(str(line["name"]), line["position"], line["score"], line["points"],
                    list(line["marks"])) for line in played.lines],
        [note_text(note) for note in game.notes])


def show_game(played: Played) -> list[TableView | str]:
    """The game with its decisions, then (a ladder game) what is next in its league (rule
    W7-36)."""
    return [game_table(played.view), *(played.next.lines if played.next else [])]


def _game_said(played: Played) -> str:
    """The game by its name for people ("League of Gods, game 1"), never its key."""
    title = played.view.title
    if not played.game.decided:
        return M("Entered: %(game)s; a tie waits for the die roll (rule W7-26 (4)).",
                 game=title)
    return M("Entered: %(game)s.", game=title)


@dataclass(frozen=True)
class PenaltyAnswer:
    """A penalty recorded or lifted: the game, the player, ``overrun`` or ``kick``."""

    game: str
    player: str
    penalty: str


def _penalty_json(done: Penalised) -> PenaltyAnswer:
    return PenaltyAnswer(done.game.ref, done.player.name, done.penalty)


# -- the fields a game has -------------------------------------------------------------------
ORDER_PARAM = Param("order", ORDER, N_("the players best first, comma-separated; tied players "
                                       "joined by = (rule W7-3): Anna, Boris = Clara, Dmitry"),
                    required=True, argument=True, label=N_("Order"))
SCORE = Param("score", inputs.Pairs(inputs.Integer(-10_000, 10_000), LEAGUE_SIZE),
              N_("a player's score, kept for the record"), label=N_("Scores"))
OVERRUN = Param("overrun", inputs.Players(LEAGUE_SIZE),
                N_("a player over the time limit: −5 (rule W7-19)"),
                label=N_("Over the time limit"))
LINK = Param("link", inputs.Link(500), N_("the table's link on the site"),
             label=N_("Table link"))
KICK = Param("kick", inputs.Player(), N_("the player who kicked another: out with 0 points "
                                         "(rule W7-20)"), label=N_("Kick"))
UNFINISHED = Param("unfinished", inputs.YesNo(), N_("the game was not finished (rule W7-21)"))
DEEPEST = Param("deepest", inputs.Player(),
                N_("the player deepest in negative time (rules W7-21, W7-22)"),
                label=N_("Deepest in negative time"))
NO_POSITIONS = Param("no_positions", inputs.YesNo(),
                     N_("an unfinished game: the order lists the players only, no positions"))
GAME_REF = Param("game", inputs.Text(60, non_empty=True),
                 N_("the game: league/number (gods/3, Gods 3) or a special match (fortune, "
                    "will, titans)"), required=True, argument=True, label=N_("Game"))
PLAYER_ARG = Param("player", inputs.Player(), N_("the player, by name or #id"), required=True,
                   argument=True, label=N_("Player"))
REPORTER = Param("reporter", inputs.Player(), N_("the player who reported it"),
                 label=N_("Reported by"))


def picked_from(offers: Any, *params: Param) -> tuple[Param, ...]:
    """``params`` offering the players ``offers`` names (a league's, a match's): the form
    draws them to tap and toggle instead of names to type."""
    return tuple(replace(p, offers=offers) for p in params)


def game_input(call: Call, reporter: bool = True) -> GameInput:
    """The game's typed fields as the command's input (names resolved when it runs)."""
    return typed_game(call.values, reporter)


def typed_game(values: Mapping[str, Any], reporter: bool = True) -> GameInput:
    """A game's decoded fields (a command's, a player's report) as a :class:`GameInput`."""
    def get(key: str, default: Any = None) -> Any:
        value = values.get(key)
        return default if value is None else value

    return GameInput(order=values["order"], scores=tuple(get("score", ())),
                     overruns=tuple(get("overrun", ())), kicker=get("kick"),
                     unfinished=bool(get("unfinished")), deepest=get("deepest"),
                     link=get("link", ""), reporter=get("reporter") if reporter else None,
                     no_positions=bool(get("no_positions")))


# -- leagues (rules W7-2, W7-5, W7-7, W7-15) -------------------------------------------------
def _leagues(call: Call) -> AssignLeagues:
    names = tuple(call.get("names", ()))
    given = tuple(call.get("league", ()))
    upload = call.get("csv")
    assign = bool(call.get("assign")) or bool(given) or upload is not None or not names
    return AssignLeagues(call.slug, given, call.get("reason", ""), names, assign,
                         upload.data if upload is not None else b"")


@dataclass(frozen=True)
class LeagueAnswer:
    """A league set: its key, name, level (0 the top one) and players."""

    key: str
    name: str
    level: int
    players: list[str]


@dataclass(frozen=True)
class LeaguesAnswer:
    """The leagues set (none when only players were added) and the players added."""

    leagues: list[LeagueAnswer]
    added: list[PlayerRef]


def show_leagues(done: LeaguesSet) -> list[str]:
    """Each player added, then each league set (with its level) and its players."""
    out: list[str] = [f"#{player.id} {player.name}" for player in done.added]
    for key, name, level, names in done.leagues:
        out.append(M("%(league)s (level %(level)s): %(names)s",
                     league=league_name(key, name), level=level, names=", ".join(names)))
    return out


def _leagues_said(done: LeaguesSet) -> str:
    if not done.leagues:
        return Mn("%(n)s player added; the leagues are not set yet.",
                  "%(n)s players added; the leagues are not set yet.", len(done.added))
    return Mn("%(n)s league set.", "%(n)s leagues set.", len(done.leagues))


LEAGUES = CommandSpec(
    "seven-wonders.leagues", N_("Players and leagues"), _leagues,
    params=(
        Param("league", Leagues(), N_("a league's players, best league first (the option once "
                                      "a league)"),
              label=N_("Leagues")),
        Param("csv", inputs.File(1_000_000, ".csv,text/csv"),
              N_("a CSV with the columns name and league (a league's key, name or number)"),
              label=N_("Leagues from a file")),
        Param("names", inputs.Players(1_000, lines=True, register=True),
              N_("new players, added first"), label=N_("New players")),
        Param("assign", inputs.YesNo(),
              N_("with new players: also set the leagues now, in sign-up order")),
        REASON,
    ),
    help=N_("Rules W7-2, W7-5, W7-7, W7-15: the leagues as given, from a file, or the active "
            "players in sign-up order, 7 a league (Gods, Priests, Warriors A, Warriors B; "
            "League 1, 2... in a starting season); before the first game. New players are "
            "added first, in the same step."),
    shown=lambda state: not started(state),
    template="formats/seven_wonders_leagues_form.html",
    said=_leagues_said,
    answer=lambda done: LeaguesAnswer(
        [LeagueAnswer(key, name, level, list(names)) for key, name, level, names in done.leagues],
        [PlayerRef(p.id, p.name) for p in done.added]),
    answers=LeaguesAnswer, show=show_leagues,
)


# -- a player's profile (rules W7-19, W7-26, W7-36) ------------------------------------------
@dataclass(frozen=True)
class ProfileAnswer:
    """A player's profile as recorded: last season's league level and place (W7-26), the
    year's earlier overruns (W7-19), a premium account (W7-36)."""

    player: str
    level: int | None
    place: int | None
    overruns: int
    premium: bool


def _profile_json(done: Profiled) -> ProfileAnswer:
    profile = done.profile
    return ProfileAnswer(done.player.name, profile.level, profile.place, profile.overruns,
                         profile.premium)


PROFILE = CommandSpec(
    "seven-wonders.profile", N_("Player profile (last season, overruns, premium)"),
    lambda call: SetProfile(call.slug, call["player"], call.get("level"), call.get("place"),
                            call.get("overruns"),
                            premium_of(bool(call.get("premium")),
                                       bool(call.get("no_premium"))),
                            bool(call.get("newcomer")), call.get("reason", "")),
    params=(
        PLAYER_ARG,
        Param("level", inputs.Integer(0, 100),
              N_("league level last season (0 = Gods; rule W7-26 (2))"),
              label=N_("League level last season (0 = Gods)")),
        Param("place", inputs.Integer(1, LEAGUE_SIZE), N_("place last season (rule W7-26 (3))"),
              label=N_("Place last season")),
        Param("overruns", inputs.Integer(0, 100),
              N_("overruns earlier in the year (rule W7-19)"),
              label=N_("Overruns earlier this year")),
        Param("premium", inputs.YesNo(), N_("a premium account on the site (rule W7-36)")),
        Param("no_premium", inputs.YesNo(), N_("no premium account (any more)")),
        Param("newcomer", inputs.YesNo(), N_("newcomer: no league last season")),
        REASON,
    ),
    help=N_("What the season needs to know of a player from before it (rules W7-19, W7-26, "
            "W7-36); only what is given changes. Last season's league and place are set before "
            "the player's league plays."),
    said=lambda done: M("Profile of %(name)s recorded.", name=done.player.name),
    answer=_profile_json, answers=ProfileAnswer,
)


# -- a ladder game (rules W7-2, W7-3, W7-19 .. W7-22) ------------------------------------------
GAME = CommandSpec(
    "seven-wonders.game", N_("Enter a game"),
    lambda call: EnterGame(call.slug, call["league"], game_input(call), call.get("game"),
                           call.get("reason", "")),
    params=(
        Param("league", inputs.Text(40, non_empty=True), N_("the league: its key or name"),
              required=True, argument=True, label=N_("League")),
        *picked_from(league_players, ORDER_PARAM),
        Param("game", inputs.Integer(1, LEAGUE_SIZE),
              N_("its number in the ladder (default: the game due)"), label=N_("Game number")),
        *picked_from(league_players, SCORE, OVERRUN, KICK), UNFINISHED,
        *picked_from(league_players, DEEPEST), NO_POSITIONS, LINK,
        *picked_from(league_players, REPORTER),
        REASON,
    ),
    help=N_("The league's next game (rule W7-2): its order as the site shows it (rule W7-3), "
            "the overruns (W7-19), a kick (W7-20), an unfinished end (W7-21, W7-22). The last "
            "place is out; a tie for it is broken by rule W7-26."),
    shown=lambda state: bool(state.divisions),
    template="formats/seven_wonders_game.html",
    said=_game_said, answer=game_json, answers=GameAnswer, show=show_game,
)


# -- a die roll (rule W7-26 (4)) ---------------------------------------------------------------
ROLL = CommandSpec(
    "seven-wonders.roll", N_("Die roll (rule W7-26)"),
    lambda call: RollDie(call.slug, call["game"], tuple(call.get("roll", ())),
                         call.get("reason", "")),
    params=(
        GAME_REF,
        Param("roll", inputs.Pairs(inputs.Integer(1, MAX_ROLL), LEAGUE_SIZE),
              N_("a value rolled at the table; none: the service rolls a die for each from "
                 "the event's seed"),
              label=N_("Rolls at the table"), offers=waiting_players),
        REASON,
    ),
    help=N_("Rule W7-26 (4): the die roll between the players a tie left tied; higher is "
            "better."),
    shown=waiting_roll,
    template="formats/seven_wonders_roll.html",
    said=lambda played: M("Die roll recorded (rule W7-26)."),
    answer=game_json, answers=GameAnswer, show=show_game,
)


# -- an overrun after the game (rule W7-19) ---------------------------------------------------
OVERRUN_COMMAND = CommandSpec(
    "seven-wonders.overrun", N_("Time-limit overrun (rule W7-19)"),
    lambda call: AddOverrun(call.slug, call["game"], call["player"], call.get("reason", "")),
    params=(GAME_REF, *picked_from(game_players, PLAYER_ARG), REASON),
    help=N_("A player over the time limit in a game already entered: −5 (rule W7-19)."),
    shown=started, template="formats/seven_wonders_overrun.html",
    said=lambda done: M("Overrun recorded (rule W7-19)."),
    answer=_penalty_json, answers=PenaltyAnswer,
)


# -- lifting a penalty (rule W7-24) -----------------------------------------------------------
LIFT = CommandSpec(
    "seven-wonders.lift", N_("Lift a penalty (rule W7-24)"),
    lambda call: LiftPenalty(call.slug, call["game"], call["player"],
                             call.get("penalty", "overrun"), call["reason"]),
    params=(
        GAME_REF, PLAYER_ARG,
        Param("penalty", inputs.Choice(PENALTIES),
              N_("the penalty: overrun or kick"),
              default="overrun", label=N_("Penalty")),
        Param("reason", inputs.Text(500, non_empty=True),
              N_("the organiser's reason (kept in the log, rule W7-24)"), required=True,
              label=N_("Reason")),
    ),
    help=N_("Rule W7-24: an overrun's −5 and its count toward the bar, or a kick's 0 points "
            "and bar (the elimination stands), lifted by the organiser with the reason."),
    shown=lambda state: bool(penalties_of(book_of(state))),
    template="formats/seven_wonders_lift.html",
    said=lambda done: M("Penalty lifted (rule W7-24)."),
    answer=_penalty_json, answers=PenaltyAnswer,
)


# -- special matches (rules W7-6, W7-11, W7-12, W7-18) -----------------------------------------
SPECIAL = CommandSpec(
    "seven-wonders.special", N_("Special matches and the Battle of Titans"),
    lambda call: EnterSpecial(call.slug, call["match"], game_input(call),
                              call.get("reason", "")),
    params=(
        Param("match", inputs.Choice(SPECIALS),
              N_("the match: fortune (rule W7-11), will (W7-12) or titans (W7-18)"),
              required=True, argument=True, label=N_("Match")),
        *picked_from(special_offered, ORDER_PARAM, SCORE, OVERRUN), LINK,
        *picked_from(special_offered, REPORTER),
        REASON,
    ),
    help=N_("After the ladders: the Fortune match (W7-11), whose winner is the fourth player "
            "of the Battle of Titans (W7-18), and the Will match (W7-12); ties by rules W7-27, "
            "W7-28."),
    shown=ladders_complete,
    template="formats/seven_wonders_special.html",
    said=lambda played: M("Special match entered."),
    answer=game_json, answers=GameAnswer, show=show_game,
)


# -- a move between leagues (rule W7-15), the kernel's division.move in the season's words ----
MOVE = replace(
    DIVISION_MOVE, name="seven-wonders.move", title=N_("Move a player into another league"),
    help=N_("Before either league has played (a swap is two moves: a league starts only with "
            "7 players, rule W7-15); needs --reason."),
    params=(DIVISION_MOVE.params[0],
            Param("to", inputs.Text(100, non_empty=True), N_("the league: its key or name"),
                  required=True, argument=True, label=N_("League")),
            *DIVISION_MOVE.params[2:]),
    capability=None, shared=None, cli="move", surfaces=(CLI, WEB),
    not_on={API: N_("the kernel's division.move")},
    # the organiser's page offers it in the season's words (a league, never a "group") in
    # place of the kernel's, while no league has played
    shown=lambda state: bool(state.divisions) and not started(state),
    template="formats/seven_wonders_move.html",
)

#: In the order the organiser's page lists them, the next step first: a tie's die roll
#: blocks its league (rule W7-26 (4)); after the ladders the special matches (W7-11, W7-12,
#: W7-18); else the league's game, or the leagues before any is set (each shown only when the
#: state allows it).
SEASON_COMMANDS: tuple[CommandSpec, ...] = (
    ROLL, SPECIAL, GAME, LEAGUES, PROFILE, OVERRUN_COMMAND, LIFT, MOVE,
)

__all__ = ["SEASON_COMMANDS", "GameAnswer", "game_input", "game_json", "started",
           "typed_game"]
