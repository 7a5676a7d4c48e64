"""The year's declared commands (rules W7-1, W7-4 .. W7-15, W7-23, W7-29 .. W7-35): the starting
season, the next season, the survival battles and the Legendary League, each declared once
(:mod:`podium.core.commands`) and served by the command line, the API and the pages alike.

They act on the year, a ``series`` event (``on_formats=("series",)``): the event a command
names is the series, and its organiser runs them. The season commands store a new season and
the series' record of it in one unit (:mod:`.year_commands`); the survival battles and the
Legendary League are kept in the year's last season (:mod:`.survival_commands`,
:mod:`.legendary_commands`). On the command line they stand in the 7 Wonders group (``podium sw
start-year YEAR SEASON --signups FILE``, ``podium sw next-season YEAR PREVIOUS [SEASON]
--newcomer ... --preview``...), each with ``--lang`` for its printing. Each answers a typed
value (``answers``: the API's schema) and shows its decisions, every one with its rule
(``show``: sentences people read on the command line and the pages, in their language).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from podium.core import inputs
from podium.core.commands import CLI, Call, CommandSpec, Param, folded
from podium.core.errors import InvalidInput
from podium.core.messages import M, Message, Mn
from podium.core.series import book_of as series_book
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.legendary_commands import (
    AnswerLegendary,
    EnterLegendaryGame,
    League,
    Selected,
    SelectLegendary,
)
from podium.formats.seven_wonders.playoff_commands import EnterPlayoffGame, Playoff
from podium.formats.seven_wonders.signup_rows import SignUpRows
from podium.formats.seven_wonders.survival_commands import (
    Battle,
    Drawn,
    DrawSurvival,
    EnterSurvivalGame,
)
from podium.formats.seven_wonders.year import SignUp, Swap
from podium.formats.seven_wonders.year_commands import Formed, NextSeason, StartYear
from podium.formats.seven_wonders.year_inputs import (
    Matches,
    Names,
    Playoffs,
    Slots,
    read_signups,
)
from podium.formats.seven_wonders.year_offers import match_players, playoff_players
from podium.formats.seven_wonders.year_reads import SERIES, year_shown
from podium.formats.seven_wonders.year_views import STATUS, league_name

# no default: without it the answer is printed in the run's language (podium --lang, the locale)
LANG = Param("lang", inputs.Choice(("en", "ru")), N_("the language of the printed answer"),
             surfaces=(CLI,))
PREVIEW = Param("preview", inputs.YesNo(), N_("show what it would store, store nothing"))
SEED = Param("seed", inputs.Seed(),
             N_("the seed of the draw (default: from the year's seed, recorded)"))
SETTINGS = Param("settings", inputs.Assignments(format="seven-wonders"),
                 N_("the season's settings, KEY=VALUE (see the format's settings)"),
                 label=N_("Settings"))
NAMES = Names(200)


# -- the answers (the API's schemas come from these types) -----------------------------------------
@dataclass(frozen=True)
class LeagueFormed:
    key: str
    name: str
    level: int
    players: list[str]


@dataclass(frozen=True)
class SeasonFormed:
    """A season formed (or previewed): its leagues, who went to qualification (rule W7-4), who
    must play the survival battles for how many places (W7-14), the play-offs by place (W7-6)
    and each player's decision with its rule, in English."""

    season: str | None
    preview: bool
    leagues: list[LeagueFormed]
    qualification: list[str]
    survival: list[str]
    free: int
    playoffs: dict[str, list[str]]
    lines: list[str]
    playoffs_due: list[int]
    dice_due: list[list[str]]


def formed_answer(formed: Formed) -> SeasonFormed:
    return SeasonFormed(
        formed.slug, formed.preview,
        [LeagueFormed(k, n, lvl, list(m)) for k, n, lvl, m in formed.leagues],
        list(formed.qualification), list(formed.survival), formed.free,
        {str(k): list(v) for k, v in formed.playoffs.items()},
        [line.text() for line in formed.lines], list(formed.unplayed),
        [list(names) for _rule, names in formed.dice_due])


def formed_show(formed: Formed) -> list[Message]:
    """The leagues, the survival battles and play-offs due (rules W7-6, W7-14), then each
    player's move with its rule."""
    out = [M("%(league)s: %(names)s", league=league_name(key, name), names=", ".join(names))
           for key, name, _level, names in formed.leagues]
    if formed.survival:
        out.append(Mn("Survival battles: %(names)s for %(n)s Warriors place (rule W7-14).",
                      "Survival battles: %(names)s for %(n)s Warriors places (rule W7-14).",
                      formed.free, names=", ".join(formed.survival)))
    out += [M("Play-off of place %(place)s: %(names)s (rule W7-6).", place=place,
              names=", ".join(group)) for place, group in formed.playoffs.items()
            if place not in formed.unplayed]
    out += [M("Play-off of place %(place)s still due: %(names)s; enter its game (rule W7-6).",
              place=place, names=", ".join(formed.playoffs[place]))
            for place in formed.unplayed]
    out += [M("A die roll by the organiser decides between %(names)s (rule %(rule)s).",
              names=", ".join(names), rule=rule) for rule, names in formed.dice_due]
    return [*out, *formed.messages()]


def formed_said(formed: Formed) -> Message:
    if formed.preview:
        return M("The leagues: a preview, nothing stored (%(count)s leagues).",
                 count=len(formed.leagues))
    return M("Season %(season)s formed: %(count)s leagues of 7.", season=formed.slug,
             count=len(formed.leagues))


# -- the starting season (rules W7-4 .. W7-6) -----------------------------------------------------
def _start(call: Call) -> StartYear:
    return StartYear(call.slug, call["season"], call.get("name", ""), _signups(call),
                     call.get("seed"), dict(call.get("settings", {})),
                     bool(call.get("preview")))


def _signups(call: Call) -> tuple[SignUp, ...]:
    """Rule W7-4: the sign-ups from the file, or as typed: one of them."""
    file, typed = call.get("signups"), call.get("entries")
    if file is not None and typed:
        raise InvalidInput(N_("give the sign-ups once: a file or the rows, not both"),
                           code=codes.YEAR_SIGNUPS_TYPED, field="entries")
    if file is not None:
        return read_signups(file.data)
    return tuple(typed or ())  # none: the year's own sign-up list (rule W7-4)


SEASON = Param("season", inputs.Text(64, non_empty=True),
               N_("the new season's id: latin letters, digits, - or _"), required=True,
               argument=True, label=N_("Season"))

START_YEAR = CommandSpec(
    "seven-wonders.start-year", N_("Start the year from the sign-ups"), _start,
    params=(
        SEASON,
        Param("signups", inputs.File(1_000_000, ".csv,text/csv"),
              N_("CSV with the columns name, rating, premium, in sign-up order (rule W7-4)"),
              label=N_("Sign-ups file")),
        Param("entries", SignUpRows(),
              N_("or the sign-ups typed, in sign-up order: a name, the site rating, a "
                 "premium account (rules W7-4, W7-5)"), label=N_("Sign-ups")),
        Param("name", inputs.Text(200), N_("the season's name (default: its id)")),
        SEED, SETTINGS, PREVIEW, LANG,
    ),
    help=N_("The starting season of the year: the first 28 or 35 sign-ups in 4 or 5 leagues by "
            "the snake (premium accounts first, then the site rating), the rest to "
            "qualification (rules W7-4, W7-5)."),
    on_formats=SERIES, cli="start-year",
    shown=lambda state: not series_book(state).members,
    template="formats/seven_wonders_year_form.html",
    said=formed_said, answer=formed_answer, answers=SeasonFormed, show=formed_show,
)


# -- the next season (rules W7-6 .. W7-15, W7-30, W7-35) ------------------------------------------
ROLL = Param("roll", inputs.Pairs(inputs.Integer(1, 6), max_items=35),
             N_("the organiser's die for a tie nothing else breaks, a value per player (rules "
                "W7-26 (4), W7-30 (3))"), label=N_("Die rolls"))
PODIUM_ROLLS = Param("podium_rolls", inputs.YesNo(),
                     N_("let podium roll the die for the ties nothing else breaks (the rolls "
                        "are recorded; rules W7-26 (4), W7-30 (3))"),
                     label=N_("Podium rolls the die"))


def _names_or_none(call: Call, key: str) -> tuple[str, ...] | None:
    value = call.values.get(key)
    return None if value is None else tuple(value)


def _next(call: Call) -> NextSeason:
    swaps = tuple(Swap(first, second, call.get("reason", ""))
                  for first, second in call.get("swap", ()))
    return NextSeason(
        call.slug, call.get("previous", ""), call.get("season"), call.get("name", ""),
        _names_or_none(call, "newcomer"), _names_or_none(call, "survivor"),
        {place: list(names) for place, names in call.get("playoff", ())}, swaps,
        _names_or_none(call, "leaving"), call.get("seed"), dict(call.get("settings", {})),
        bool(call.get("preview")), dict(call.get("rating", ())),
        _names_or_none(call, "newcomer_order"), _names_or_none(call, "premium"),
        dict(call.get("roll", ())), bool(call.get("podium_rolls")),
        bool(call.get("decide_playoffs")), call.get("playoff_reason", ""))


NEXT_SEASON = CommandSpec(
    "seven-wonders.next-season", N_("Form the next season"), _next,
    params=(
        Param("previous", inputs.Text(64),
              N_("the season it follows (default: the year's last season)"), argument=True,
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
                                        "default: the play-off games entered)"),
              label=N_("Play-offs")),
        Param("rating", inputs.Pairs(inputs.Integer(0, 100_000), max_items=200),
              N_("a newcomer's site rating, NAME=RATING: their strength in the Warriors split "
                 "(rule W7-13; default: the survival draw's)"), label=N_("Ratings")),
        Param("newcomer_order", NAMES, N_("the newcomers' strength for the Warriors split, "
                                          "strongest first (rule W7-13; default: by site "
                                          "rating)"), label=N_("Newcomers' order")),
        Param("premium", NAMES, N_("the newcomers with a premium account (rule W7-13; "
                                   "default: the sign-ups' and the survival draw's)"),
              label=N_("Premium accounts")),
        Param("decide_playoffs", inputs.YesNo(),
              N_("decide the play-offs not played by rule W7-30 instead of their games "
                 "(needs a reason)"), label=N_("Decide unplayed play-offs")),
        Param("playoff_reason", inputs.Text(500),
              N_("why the play-offs are decided without playing (kept in the log)"),
              label=N_("Reason for the play-offs")),
        ROLL, PODIUM_ROLLS,
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
    said=formed_said, answer=formed_answer, answers=SeasonFormed, show=formed_show,
)


# -- the survival battles (rules W7-14, W7-23, W7-29) ---------------------------------------------
def _draw(call: Call) -> DrawSurvival:
    return DrawSurvival(call.slug, tuple(call.get("newcomer", ())),
                        tuple(call.get("leaving", ())), tuple(call.get("rating", ())),
                        tuple(call.get("premium", ())), tuple(call.get("format", ())),
                        tuple(call.get("match", ())), call.get("reason", ""), call.get("seed"),
                        bool(call.get("preview")))


@dataclass(frozen=True)
class MatchDrawn:
    match: int
    size: int
    qualifying: int
    players: list[str]


@dataclass(frozen=True)
class BattlesDrawn:
    """Rule W7-14: each survival match's size, qualifying places and players, for ``free``
    Warriors places; ``notes``: every placement explained, in English."""

    season: str
    preview: bool
    free: int
    matches: list[MatchDrawn]
    notes: list[str]


def drawn_answer(drawn: Drawn) -> BattlesDrawn:
    return BattlesDrawn(drawn.season, drawn.preview, drawn.free,
                        [MatchDrawn(i, size, q, list(players))
                         for i, (size, q, players) in enumerate(drawn.matches, start=1)],
                        [str(m) for m in drawn.messages()])


def drawn_show(drawn: Drawn) -> list[Message]:
    """Each match with its places and players, then every placement explained (rule
    W7-14)."""
    out = [M("Match %(number)s (%(players)s, %(places)s): %(names)s", number=number,
             players=Mn("%(n)s player", "%(n)s players", size),
             places=Mn("%(n)s place", "%(n)s places", qualifying), names=", ".join(players))
           for number, (size, qualifying, players) in enumerate(drawn.matches, start=1)]
    return [*out, *drawn.messages()]


SURVIVAL_DRAW = CommandSpec(
    "seven-wonders.survival-draw", N_("Draw the survival battles"), _draw,
    params=(
        Param("newcomer", NAMES, N_("newcomers from qualification, in sign-up order (rules "
                                    "W7-14, W7-29 (3); default: the year's sign-ups not "
                                    "yet playing)"), label=N_("Newcomers")),
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
    answer=drawn_answer, answers=BattlesDrawn, show=drawn_show,
)

ORDER = Param("order", inputs.Order(tie="=", max_items=7),
              N_("the site's final standings, best first; players tied joined by = (rule "
                 "W7-3)"), argument=True, label=N_("Order"))


def _game(call: Call) -> EnterSurvivalGame:
    return EnterSurvivalGame(call.slug, call["match"], tuple(call.get("order", ())),
                             bool(call.get("unfinished")), call.get("kicker"),
                             tuple(call.get("negative_time", ())), call.get("deepest"),
                             tuple(call.get("roll", ())))


@dataclass(frozen=True)
class BattlePlayed:
    """A survival match after its game: who qualifies for Warriors (ties by rule W7-29), who
    replays and who is barred (W7-23), a tie the die must decide, the matches still due."""

    season: str
    match: int
    qualified: list[str]
    out: list[str]
    replay: list[str] | None
    barred: str | None
    waiting: list[str]
    warriors: list[str]
    due: dict[str, list[str]]
    notes: list[str]


def battle_answer(battle: Battle) -> BattlePlayed:
    return BattlePlayed(battle.season, battle.match, list(battle.qualified), list(battle.out),
                        None if battle.replay is None else list(battle.replay), battle.barred,
                        list(battle.waiting), list(battle.warriors),
                        {str(k): list(v) for k, v in battle.due.items()},
                        [str(m) for m in battle.messages()])


def battle_show(battle: Battle) -> list[Message]:
    """The match's decisions (rules W7-23, W7-29), then the matches still due."""
    return [*battle.messages(),
            *(M("Due: match %(match)s, %(names)s.", match=match, names=", ".join(players))
              for match, players in battle.due.items())]


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
        replace(ORDER, offers=match_players),
        Param("unfinished", inputs.YesNo(), N_("the game did not finish: name its kicker, or "
                                               "the deepest in negative time (rule W7-23)")),
        Param("kicker", inputs.Player(), N_("the player who kicked another (rule W7-23)"),
              offers=match_players),
        Param("negative_time", inputs.Players(7),
              N_("the players who went into negative time (rule W7-23)"),
              offers=match_players),
        Param("deepest", inputs.Player(), N_("the player deepest in negative time, the game "
                                             "ended by the time limit (rule W7-23)"),
              offers=match_players),
        Param("roll", inputs.Pairs(inputs.Integer(1, 100), max_items=7),
              N_("a die roll for a tie rule W7-29 leaves open, NAME=VALUE, with the same order "
                 "again"), label=N_("Die rolls")),
        LANG,
    ),
    help=N_("A match's game as the site shows it, or its unfinished end: who qualifies for "
            "Warriors (ties by rule W7-29), who replays and who is barred (rule W7-23)."),
    on_formats=SERIES, cli="survival-game", shown=year_shown,
    said=battle_said, answer=battle_answer, answers=BattlePlayed, show=battle_show,
)


# -- the starting season's play-offs (rules W7-6, W7-30) ------------------------------------------
@dataclass(frozen=True)
class PlayoffPlayed:
    """A play-off of the starting season (rule W7-6): its groups as entered, the order the
    next season takes (a tie by rule W7-30, the die rolls told in ``rolls``), the play-offs
    still due."""

    season: str
    place: int
    groups: list[list[str]]
    order: list[str]
    rolls: str
    due: list[int]
    notes: list[str]
    die_due: list[list[str]]


def playoff_answer(playoff: Playoff) -> PlayoffPlayed:
    return PlayoffPlayed(playoff.season, playoff.place, [list(g) for g in playoff.groups],
                         list(playoff.order), playoff.rolls, list(playoff.due),
                         [str(m) for m in playoff.messages()],
                         [list(n) for n in playoff.die_due])


PLAYOFF_GAME = CommandSpec(
    "seven-wonders.playoff-game", N_("Enter a play-off game"),
    lambda call: EnterPlayoffGame(call.slug, call["place"], tuple(call.get("order", ())),
                                  tuple(call.get("leaving", ())),
                                  bool(call.get("correction"))),
    params=(
        Param("place", inputs.Integer(1, 7), N_("the place its players took in their leagues "
                                                "of the starting season (rule W7-6)"),
              required=True, argument=True, label=N_("Place")),
        Param("order", inputs.Order(tie="=", max_items=7),
              N_("the site's final standings, best first; players tied joined by = (a tie by "
                 "rule W7-30)"), argument=True, required=True, label=N_("Order"),
              offers=playoff_players),
        Param("leaving", NAMES, N_("players who drop out before the next season (rule W7-35)"),
              label=N_("Leaving")),
        Param("correction", inputs.YesNo(), N_("replace the game entered for this place (a "
                                               "correction; a second game is refused "
                                               "otherwise)"), label=N_("Correction")),
        LANG,
    ),
    help=N_("After the starting season: a play-off between players of one place in different "
            "leagues, as the site shows it; the next season takes its order, a tie by ladder "
            "wins, the previous games, then the die (rules W7-6, W7-30)."),
    on_formats=SERIES, cli="playoff-game", shown=year_shown,
    said=lambda playoff: M("Play-off of the %(place)s places: %(names)s (rules W7-6, W7-30).",
                           place=playoff.place, names=playoff.order),
    answer=playoff_answer, answers=PlayoffPlayed,
    show=lambda playoff: playoff.messages(),
)


# -- the Legendary League (rules W7-31 .. W7-34) --------------------------------------------------
@dataclass(frozen=True)
class Pick:
    number: int
    player: str
    best: int | None
    points: int


@dataclass(frozen=True)
class LegendarySelected:
    """The Legendary League's seven picks, each with its criterion's value and points (rules
    W7-31 .. W7-33); ``notes``: every pick and tie explained, in English."""

    season: str
    preview: bool
    picks: list[Pick]
    notes: list[str]


def selected_answer(selected: Selected) -> LegendarySelected:
    return LegendarySelected(selected.season, selected.preview,
                             [Pick(n, name, best, points)
                              for n, name, best, points, _notes in selected.picks],
                             [str(m) for m in selected.messages()])


def selected_show(selected: Selected) -> list[Message]:
    """Each pick with its points and why it was picked (rules W7-31 .. W7-33), then how the
    selection went."""
    out: list[Message] = [M("Legendary League: the selection (rules W7-31 .. W7-33)")]
    for number, name, _best, points, notes in selected.picks:
        out.append(M("#%(number)s %(name)s (%(points)s)", number=number, name=name,
                     points=points))
        out += [Message(msgid, params) for msgid, params in notes]
    return [*out, *(Message(msgid, params) for msgid, params in selected.notes)]


# rule W7-33 (6): the same inputs as the next season's die, read for the selection's ties
LEGENDARY_ROLL = replace(ROLL, help=N_("the organiser's die for a selection tie nothing else "
                                       "breaks, a value per tied player (rule W7-33 (6))"))
LEGENDARY_PODIUM_ROLLS = replace(PODIUM_ROLLS, help=N_(
    "let podium roll the die for the selection's ties nothing else breaks (the rolls are "
    "recorded; rule W7-33 (6))"))


def _select(call: Call) -> SelectLegendary:
    return SelectLegendary(call.slug, tuple(call.get("declined", ())), call.get("seed"),
                           bool(call.get("preview")), dict(call.get("roll", ())),
                           bool(call.get("podium_rolls")))


LEGENDARY_SELECT = CommandSpec(
    "seven-wonders.legendary-select", N_("Select the Legendary League"), _select,
    params=(
        Param("declined", NAMES, N_("players who declined in advance (rule W7-32)"),
              label=N_("Declined")),
        LEGENDARY_ROLL, LEGENDARY_PODIUM_ROLLS,
        Param("seed", inputs.Seed(),
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
    answer=selected_answer, answers=LegendarySelected, show=selected_show,
)


@dataclass(frozen=True)
class SeatAnswer:
    number: int
    player: str
    status: str
    deadline: str  # ISO 8601, UTC: 3 days after the pick (rule W7-32)


@dataclass(frozen=True)
class LegendaryLeague:
    """The Legendary League's places with their holders' answers (rule W7-32), the final's
    places and wins so far, its next game and its champion (rule W7-34)."""

    season: str
    seats: list[SeatAnswer]
    places: dict[str, int]
    wins: dict[str, int]
    next: list[str]
    champion: str | None
    notes: list[str]


def league_answer(league: League) -> LegendaryLeague:
    return LegendaryLeague(league.season,
                           [SeatAnswer(s.number, s.player, s.status, s.deadline.isoformat())
                            for s in league.seats],
                           dict(league.places), dict(league.wins), list(league.next),
                           league.champion, [str(m) for m in league.messages()])


def league_show(league: League) -> list[Message]:
    """Each place's holder and answer (rule W7-32), then the final's places (rule W7-34)."""
    out = [M("#%(number)s %(name)s: %(status)s", number=seat.number, name=seat.player,
             status=Message(STATUS.get(seat.status, seat.status))) for seat in league.seats]
    return [*out, *(M("Place %(place)s: %(name)s", place=place, name=name)
                    for name, place in sorted(league.places.items(), key=lambda i: i[1]))]


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
    said=answered_said, answer=league_answer, answers=LegendaryLeague, show=league_show,
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
    said=league_said, answer=league_answer, answers=LegendaryLeague, show=league_show,
)


# What podium works out itself (the survival battles' winners, the sign-ups' ratings, the
# proposed format...) folded under "More fields" on a page: the overrides stay one tap away
YEAR_COMMANDS: tuple[CommandSpec, ...] = (
    folded(START_YEAR, "settings"),
    folded(NEXT_SEASON, "newcomer", "survivor", "leaving", "playoff", "rating",
           "newcomer_order", "premium", "decide_playoffs", "playoff_reason", "swap", "reason",
           "settings"),
    folded(PLAYOFF_GAME, "leaving", "correction"),
    folded(SURVIVAL_DRAW, "leaving", "rating", "premium", "format", "match", "reason"),
    folded(SURVIVAL_GAME, "unfinished", "kicker", "negative_time", "deepest"),
    LEGENDARY_SELECT, LEGENDARY_ANSWER, LEGENDARY_GAME,
)
