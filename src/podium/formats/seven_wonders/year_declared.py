"""The year's declared commands (rules W7-1, W7-4 .. W7-15, W7-23, W7-29 .. W7-35): the starting
season, the next season, the survival battles and the Legendary League, each declared once
(:mod:`podium.core.commands`) and served by the command line, the API and the pages alike.

They act on the year, a ``series`` event (``on_formats=("series",)``): the event a command
names is the series, and its organiser runs them. The season commands store a new season and
the series' record of it in one unit (:mod:`.year_commands`); the survival battles and the
Legendary League are kept in the year's last season (:mod:`.survival_commands`,
:mod:`.legendary_commands`). On the command line they stand in the 7 Wonders group (``podium sw
start-year YEAR SEASON --signups FILE``, ``podium sw next-season YEAR PREVIOUS [SEASON]
--newcomer ... --preview``...), each with ``--lang`` for its printing.
"""

from __future__ import annotations

from typing import Any

from podium.core import inputs
from podium.core.commands import CLI, Call, CommandSpec, Param
from podium.core.messages import M, Message
from podium.core.model import EventState
from podium.core.series import book_of as series_book
from podium.core.views import N_
from podium.formats.seven_wonders.legendary_commands import (
    AnswerLegendary,
    EnterLegendaryGame,
    League,
    Selected,
    SelectLegendary,
)
from podium.formats.seven_wonders.playoff_commands import EnterPlayoffGame, Playoff
from podium.formats.seven_wonders.survival_commands import (
    Battle,
    Drawn,
    DrawSurvival,
    EnterSurvivalGame,
)
from podium.formats.seven_wonders.year import Swap
from podium.formats.seven_wonders.year_commands import Formed, NextSeason, StartYear
from podium.formats.seven_wonders.year_inputs import (
    Matches,
    Names,
    Playoffs,
    Slots,
    read_signups,
)

SERIES = ("series",)
RENDER = "podium.formats.seven_wonders.year_cli:"

# no default: without it the answer is printed in the run's language (podium --lang, the locale)
LANG = Param("lang", inputs.Choice(("en", "ru")), N_("the language of the printed answer"),
             surfaces=(CLI,))
PREVIEW = Param("preview", inputs.YesNo(), N_("show what it would store, store nothing"))
SEED = Param("seed", inputs.Integer(0, 2**63 - 1),
             N_("the seed of the draw (default: from the year's seed, recorded)"))
SETTINGS = Param("settings", inputs.Assignments(),
                 N_("the season's settings, KEY=VALUE (see the format's settings)"),
                 label=N_("Settings"))
NAMES = Names(200)


def year_shown(state: EventState) -> bool:
    """A page offers the year's commands on a series formed as a 7 Wonders year (its seasons
    recorded with the sign-ups or the season before)."""
    return any("signups" in m.basis or "previous" in m.basis
               for m in series_book(state).members)


def _seasons(formed: Formed) -> list[dict[str, Any]]:
    return [{"key": k, "name": n, "level": lvl, "players": list(m)}
            for k, n, lvl, m in formed.leagues]


def formed_answer(formed: Formed) -> dict[str, Any]:
    return {"season": formed.slug, "preview": formed.preview, "leagues": _seasons(formed),
            "qualification": formed.qualification, "survival": formed.survival,
            "free": formed.free,
            "playoffs": {str(k): v for k, v in formed.playoffs.items()},
            "lines": [line.text() for line in formed.lines]}


FORMED_SCHEMA = {"season": "string?", "preview": "boolean", "leagues": "array",
                 "qualification": "array", "survival": "array", "free": "integer",
                 "playoffs": "object", "lines": "array"}


def formed_said(formed: Formed) -> Message:
    if formed.preview:
        return M("The leagues: a preview, nothing stored (%(count)s leagues).",
                 count=len(formed.leagues))
    return M("Season %(season)s formed: %(count)s leagues of 7.", season=formed.slug,
             count=len(formed.leagues))


# -- the starting season (rules W7-4 .. W7-6) -----------------------------------------------------
def _start(call: Call) -> StartYear:
    return StartYear(call.slug, call["season"], call.get("name", ""),
                     read_signups(call["signups"].data), call.get("seed"),
                     dict(call.get("settings", {})), bool(call.get("preview")))


SEASON = Param("season", inputs.Text(64, non_empty=True),
               N_("the new season's id: latin letters, digits, - or _"), required=True,
               argument=True, label=N_("Season"))

START_YEAR = CommandSpec(
    "seven-wonders.start-year", N_("Start the year from the sign-ups"), _start,
    params=(
        SEASON,
        Param("signups", inputs.File(1_000_000, ".csv,text/csv"),
              N_("CSV with the columns name, rating, premium, in sign-up order (rule W7-4)"),
              required=True, label=N_("Sign-ups")),
        Param("name", inputs.Text(200), N_("the season's name (default: Season 0)")),
        SEED, SETTINGS, PREVIEW, LANG,
    ),
    help=N_("The starting season of the year: the first 28 or 35 sign-ups in 4 or 5 leagues by "
            "the snake (premium accounts first, then the site rating), the rest to "
            "qualification (rules W7-4, W7-5)."),
    on_formats=SERIES, cli="start-year",
    shown=lambda state: not series_book(state).members,
    template="formats/seven_wonders_year_form.html",
    said=formed_said, answer=formed_answer, answer_schema=FORMED_SCHEMA,
    render=RENDER + "print_formed",
)


# -- the next season (rules W7-6 .. W7-15, W7-30, W7-35) ------------------------------------------
def _names_or_none(call: Call, key: str) -> tuple[str, ...] | None:
    value = call.values.get(key)
    return None if value is None else tuple(value)


def _next(call: Call) -> NextSeason:
    swaps = tuple(Swap(first, second, call.get("reason", ""))
                  for first, second in call.get("swap", ()))
    return NextSeason(
        call.slug, call["previous"], call.get("season"), call.get("name", ""),
        _names_or_none(call, "newcomer"), _names_or_none(call, "survivor"),
        {place: list(names) for place, names in call.get("playoff", ())}, swaps,
        _names_or_none(call, "leaving"), call.get("seed"), dict(call.get("settings", {})),
        bool(call.get("preview")), dict(call.get("rating", ())),
        _names_or_none(call, "newcomer_order"))


NEXT_SEASON = CommandSpec(
    "seven-wonders.next-season", N_("Form the next season"), _next,
    params=(
        Param("previous", inputs.Text(64, non_empty=True),
              N_("the season it follows (a season of the year)"), required=True, argument=True,
              label=N_("Previous season")),
        Param("season", inputs.Text(64), N_("the new season's id (without it: a preview)"),
              argument=True, label=N_("Season")),
        Param("name", inputs.Text(200), N_("the season's name (default: its id)")),
        Param("newcomer", NAMES, N_("newcomers from qualification, in sign-up order (rules "
                                    "W7-14, W7-35; default: the survival battles' own)"),
              label=N_("Newcomers")),
        Param("survivor", NAMES, N_("the survival battles' winners (rule W7-14; default: "
                                    "those of the battles entered)"), label=N_("Survivors")),
        Param("leaving", NAMES, N_("players who drop out before the next season (rule W7-35)"),
              label=N_("Leaving")),
        Param("playoff", Playoffs(), N_("after the starting season: each play-off's order, "
                                        "best first, tied players joined by = (rule W7-6; "
                                        "default: the play-off games entered, else rule "
                                        "W7-30)"),
              label=N_("Play-offs")),
        Param("rating", inputs.Pairs(inputs.Integer(0, 100_000), max_items=200),
              N_("a newcomer's site rating, NAME=RATING: their strength in the Warriors split "
                 "(rule W7-13; default: the survival draw's)"), label=N_("Ratings")),
        Param("newcomer_order", NAMES, N_("the newcomers' strength for the Warriors split, "
                                          "strongest first (rule W7-13; default: by site "
                                          "rating)"), label=N_("Newcomers' order")),
        Param("swap", inputs.Pairs(inputs.Player(), max_items=14),
              N_("two players changing Warriors league, A=B (rule W7-13)"),
              label=N_("Warriors swaps")),
        Param("reason", inputs.Text(500), N_("why the Warriors are swapped (rule W7-13)")),
        SEED, SETTINGS, PREVIEW, LANG,
    ),
    help=N_("Season N+1 from season N: promotions and relegations, the Fortune and Will "
            "matches, drop-outs and newcomers, the Warriors balance, every move explained; "
            "refused, nothing stored, when a league would not have 7 (rules W7-6 .. W7-15, "
            "W7-35)."),
    on_formats=SERIES, cli="next-season", shown=year_shown,
    template="formats/seven_wonders_year_form.html",
    said=formed_said, answer=formed_answer, answer_schema=FORMED_SCHEMA,
    render=RENDER + "print_formed",
)


# -- the survival battles (rules W7-14, W7-23, W7-29) ---------------------------------------------
def _draw(call: Call) -> DrawSurvival:
    return DrawSurvival(call.slug, tuple(call.get("newcomer", ())),
                        tuple(call.get("leaving", ())), tuple(call.get("rating", ())),
                        tuple(call.get("premium", ())), tuple(call.get("format", ())),
                        tuple(call.get("match", ())), call.get("reason", ""), call.get("seed"),
                        bool(call.get("preview")))


def drawn_answer(drawn: Drawn) -> dict[str, Any]:
    return {"season": drawn.season, "preview": drawn.preview, "free": drawn.free,
            "matches": [{"match": i, "size": size, "qualifying": q, "players": players}
                        for i, (size, q, players) in enumerate(drawn.matches, start=1)],
            "notes": [str(m) for m in drawn.messages()]}


SURVIVAL_DRAW = CommandSpec(
    "seven-wonders.survival-draw", N_("Draw the survival battles"), _draw,
    params=(
        Param("newcomer", NAMES, N_("newcomers from qualification, in sign-up order (rules "
                                    "W7-14, W7-29 (3))"), required=True,
              label=N_("Newcomers")),
        Param("leaving", NAMES, N_("players who drop out before the next season (rule W7-35)"),
              label=N_("Leaving")),
        Param("rating", inputs.Pairs(inputs.Integer(0, 100_000), max_items=200),
              N_("a newcomer's site rating, NAME=RATING (their strength, rule W7-14)"),
              label=N_("Ratings")),
        Param("premium", NAMES, N_("players with a premium account: one creates each match's "
                                   "table (rules W7-14, W7-36)"), label=N_("Premium accounts")),
        Param("format", Slots(), N_("the organiser's format instead of the proposal: each "
                                    "match as SIZE/QUALIFYING (rule W7-14)"),
              label=N_("Format")),
        Param("match", Matches(), N_("an adjusted seating instead of the draw: one match a "
                                     "line (needs a reason, rule W7-14)"),
              label=N_("Seating")),
        Param("reason", inputs.Text(500), N_("why the seating is adjusted (kept in the log)")),
        SEED, PREVIEW, LANG,
    ),
    help=N_("Newcomers against the players who must defend their Warriors place, for the free "
            "places of the next season: a premium player in every match, last season's league "
            "mates apart, strength by the snake (rule W7-14). Kept in the year's last season."),
    on_formats=SERIES, cli="survival-draw", shown=year_shown,
    template="formats/seven_wonders_year_form.html",
    said=lambda drawn: (M("Survival battles: a preview, nothing stored (%(count)s matches).",
                          count=len(drawn.matches)) if drawn.preview else
                        M("Survival battles drawn: %(count)s matches for %(free)s Warriors "
                          "places.", count=len(drawn.matches), free=drawn.free)),
    answer=drawn_answer,
    answer_schema={"season": "string", "preview": "boolean", "free": "integer",
                   "matches": "array", "notes": "array"},
    render=RENDER + "print_drawn",
)

ORDER = Param("order", inputs.Order(tie="=", max_items=7),
              N_("the site's final standings, best first; players tied joined by = (rule "
                 "W7-3)"), argument=True, label=N_("Order"))


def _game(call: Call) -> EnterSurvivalGame:
    return EnterSurvivalGame(call.slug, call["match"], tuple(call.get("order", ())),
                             bool(call.get("unfinished")), call.get("kicker"),
                             tuple(call.get("negative_time", ())), call.get("deepest"),
                             tuple(call.get("roll", ())))


def battle_answer(battle: Battle) -> dict[str, Any]:
    return {"season": battle.season, "match": battle.match, "qualified": battle.qualified,
            "out": battle.out, "replay": battle.replay, "barred": battle.barred,
            "waiting": battle.waiting, "warriors": battle.warriors,
            "due": {str(k): v for k, v in battle.due.items()},
            "notes": [str(m) for m in battle.messages()]}


def battle_said(battle: Battle) -> Message:
    if battle.waiting:
        return M("Match %(match)s: still tied, a die roll decides between %(names)s (rule "
                 "W7-29).", match=battle.match, names=battle.waiting)
    if battle.replay:
        return M("Match %(match)s is replayed by %(names)s (rule W7-23).", match=battle.match,
                 names=battle.replay)
    return M("Match %(match)s: %(names)s play in Warriors next season (rule W7-14).",
             match=battle.match, names=battle.qualified)


SURVIVAL_GAME = CommandSpec(
    "seven-wonders.survival-game", N_("Enter a survival battle's game"), _game,
    params=(
        Param("match", inputs.Integer(1, 200), N_("the match's number in the draw"),
              required=True, argument=True, label=N_("Match")),
        ORDER,
        Param("unfinished", inputs.YesNo(), N_("the game did not finish: name its kicker, or "
                                               "the deepest in negative time (rule W7-23)")),
        Param("kicker", inputs.Player(), N_("the player who kicked another (rule W7-23)")),
        Param("negative_time", inputs.Players(7),
              N_("the players who went into negative time (rule W7-23)")),
        Param("deepest", inputs.Player(), N_("the player deepest in negative time, the game "
                                             "ended by the time limit (rule W7-23)")),
        Param("roll", inputs.Pairs(inputs.Integer(1, 100), max_items=7),
              N_("a die roll for a tie rule W7-29 leaves open, NAME=VALUE, with the same order "
                 "again")),
        LANG,
    ),
    help=N_("A match's game as the site shows it, or its unfinished end: who qualifies for "
            "Warriors (ties by rule W7-29), who replays and who is barred (rule W7-23)."),
    on_formats=SERIES, cli="survival-game", shown=year_shown,
    said=battle_said, answer=battle_answer,
    answer_schema={"season": "string", "match": "integer", "qualified": "array",
                   "out": "array", "replay": "any", "barred": "string?", "waiting": "array",
                   "warriors": "array", "due": "object", "notes": "array"},
    render=RENDER + "print_battle",
)


# -- the starting season's play-offs (rules W7-6, W7-30) ------------------------------------------
def playoff_answer(playoff: Playoff) -> dict[str, Any]:
    return {"season": playoff.season, "place": playoff.place, "groups": playoff.groups,
            "order": playoff.order, "rolls": playoff.rolls, "due": playoff.due,
            "notes": [str(m) for m in playoff.messages()]}


PLAYOFF_GAME = CommandSpec(
    "seven-wonders.playoff-game", N_("Enter a play-off game"),
    lambda call: EnterPlayoffGame(call.slug, call["place"], tuple(call.get("order", ())),
                                  tuple(call.get("leaving", ()))),
    params=(
        Param("place", inputs.Integer(1, 7), N_("the place its players took in their leagues "
                                                "of the starting season (rule W7-6)"),
              required=True, argument=True, label=N_("Place")),
        Param("order", inputs.Order(tie="=", max_items=7),
              N_("the site's final standings, best first; players tied joined by = (a tie by "
                 "rule W7-30)"), argument=True, required=True, label=N_("Order")),
        Param("leaving", NAMES, N_("players who drop out before the next season (rule W7-35)"),
              label=N_("Leaving")),
        LANG,
    ),
    help=N_("After the starting season: a play-off between players of one place in different "
            "leagues, as the site shows it; the next season takes its order, a tie by ladder "
            "wins, the previous games, then the die (rules W7-6, W7-30)."),
    on_formats=SERIES, cli="playoff-game", shown=year_shown,
    said=lambda playoff: M("Play-off of the %(place)s places: %(names)s (rules W7-6, W7-30).",
                           place=playoff.place, names=playoff.order),
    answer=playoff_answer,
    answer_schema={"season": "string", "place": "integer", "groups": "array",
                   "order": "array", "rolls": "string", "due": "array", "notes": "array"},
)


# -- the Legendary League (rules W7-31 .. W7-34) --------------------------------------------------
def selected_answer(selected: Selected) -> dict[str, Any]:
    return {"season": selected.season, "preview": selected.preview,
            "picks": [{"number": n, "player": name, "best": best, "points": points}
                      for n, name, best, points, _notes in selected.picks],
            "notes": [str(m) for m in selected.messages()]}


LEGENDARY_SELECT = CommandSpec(
    "seven-wonders.legendary-select", N_("Select the Legendary League"),
    lambda call: SelectLegendary(call.slug, tuple(call.get("declined", ())), call.get("seed"),
                                 bool(call.get("preview"))),
    params=(
        Param("declined", NAMES, N_("players who declined in advance (rule W7-32)"),
              label=N_("Declined")),
        Param("seed", inputs.Integer(0, 2**63 - 1),
              N_("the seed of a die roll for a tie (rule W7-33 (6); default: from the year's "
                 "seed, recorded)")),
        PREVIEW, LANG,
    ),
    help=N_("Seven players picked one by one from the whole year's points, every pick and tie "
            "explained (rules W7-31 .. W7-33); each then has 3 days to confirm (rule W7-32)."),
    on_formats=SERIES, cli="legendary-select", shown=year_shown,
    template="formats/seven_wonders_year_form.html",
    said=lambda selected: (M("The Legendary League: a preview, nothing stored.")
                           if selected.preview else
                           M("The Legendary League selected: %(names)s.",
                             names=[name for _n, name, *_rest in selected.picks])),
    answer=selected_answer,
    answer_schema={"season": "string", "preview": "boolean", "picks": "array",
                   "notes": "array"},
    render=RENDER + "print_selected",
)


def league_answer(league: League) -> dict[str, Any]:
    return {"season": league.season,
            "seats": [{"number": s.number, "player": s.player, "status": s.status,
                       "deadline": s.deadline.isoformat()} for s in league.seats],
            "places": league.places, "wins": league.wins, "next": league.next,
            "champion": league.champion, "notes": [str(m) for m in league.messages()]}


LEAGUE_SCHEMA = {"season": "string", "seats": "array", "places": "object", "wins": "object",
                 "next": "array", "champion": "string?", "notes": "array"}


def answered_said(league: League) -> Message:
    name, accepted = league.answered or ("", True)
    if accepted is None:
        return M("%(name)s did not answer within 3 days: the place has passed on (rule "
                 "W7-32).", name=name)
    if accepted:
        return M("%(name)s confirmed their place in the Legendary League.", name=name)
    return M("%(name)s refused: the place passes on (rule W7-32).", name=name)


ANSWERS = {"accept": True, "decline": False, "none": None}


LEGENDARY_ANSWER = CommandSpec(
    "seven-wonders.legendary-answer", N_("A Legendary League player's answer"),
    lambda call: AnswerLegendary(call.slug, call["player"], ANSWERS[call["answer"]]),
    params=(
        Param("player", inputs.Player(), N_("the picked player who answers"), required=True,
              argument=True, label=N_("Player")),
        Param("answer", inputs.Choice(tuple(ANSWERS), {
            "accept": N_("accept"), "decline": N_("decline"),
            "none": N_("no answer in 3 days")}),
              N_("accept or decline the place, or none: no answer within the 3 days (rule "
                 "W7-32)"), required=True, argument=True, label=N_("Answer")),
        LANG,
    ),
    help=N_("Within 3 days of being picked (rule W7-32); a place nobody answers for in time "
            "passes by itself to the highest all-seasons total not picked (none: says so, "
            "stores nothing)."),
    on_formats=SERIES, cli="legendary-answer", shown=year_shown,
    said=answered_said, answer=league_answer, answer_schema=LEAGUE_SCHEMA,
    render=RENDER + "print_league",
)


def league_said(league: League) -> Message:
    if league.champion:
        return M("%(name)s wins the Legendary League.", name=league.champion)
    return M("Game saved; the next game: %(names)s.", names=league.next)


LEGENDARY_GAME = CommandSpec(
    "seven-wonders.legendary-game", N_("Enter a Legendary League game"),
    lambda call: EnterLegendaryGame(call.slug, tuple(call["order"])),
    params=(Param("order", inputs.Order(tie="=", max_items=7),
                  N_("the site's final standings, best first; players tied joined by = (rule "
                     "W7-3)"), required=True, argument=True, label=N_("Order")), LANG),
    help=N_("The Legendary League's ladder: the last of each game is out; with 3 players left, "
            "to two wins (rule W7-34)."),
    on_formats=SERIES, cli="legendary-game", shown=year_shown,
    said=league_said, answer=league_answer, answer_schema=LEAGUE_SCHEMA,
    render=RENDER + "print_league",
)


YEAR_COMMANDS: tuple[CommandSpec, ...] = (
    START_YEAR, NEXT_SEASON, PLAYOFF_GAME, SURVIVAL_DRAW, SURVIVAL_GAME, LEGENDARY_SELECT,
    LEGENDARY_ANSWER, LEGENDARY_GAME,
)
