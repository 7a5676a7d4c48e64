"""The season's public tables (format-neutral :class:`podium.core.views.TableView` values) and
what the league dashboards show (rule W7-36 logistics)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from podium.core.messages import M, Message, Mp
from podium.core.model import EventState, PlayerId
from podium.core.views import N_, Cell, Column, TableView
from podium.formats.seven_wonders.season import (
    FORTUNE,
    SPECIALS,
    TITANS,
    WILL,
    Game,
    Note,
    SeasonRow,
    book_of,
    note_text,
    season_rows,
    titans_shares,
    winner_points,
)

LEAGUE_TITLES = {
    "gods": N_("League of Gods"),
    "priests": N_("League of Priests"),
    "warriors-a": N_("League of Warriors A"),
    "warriors-b": N_("League of Warriors B"),
}
MATCH_TITLES = {
    FORTUNE: N_("Fortune match"),
    WILL: N_("Will match"),
    TITANS: N_("Battle of Titans"),
}
#: A league's table: the total third, so that a phone (which shows the first three columns)
#: shows what decides; the winner points are points (rule W7-16), not a count of wins.
COLUMNS = (
    Column("place", N_("Place"), numeric=True),
    Column("player", N_("Player")),
    Column("total", N_("Total"), numeric=True),
    Column("wins", N_("Winner points"), numeric=True),
    Column("unfinished", N_("Unfinished"), numeric=True),
    Column("place_points", N_("Place points"), numeric=True),
    Column("titans", N_("Titans"), numeric=True),
    Column("penalties", N_("Penalties"), numeric=True),
    Column("note", N_("Note")),
)


def league_title(state: EventState, key: str) -> tuple[str, dict[str, Any]]:
    """A league's title msgid and its arguments."""
    if key in LEAGUE_TITLES:
        return LEAGUE_TITLES[key], {}
    if key.startswith("league-") and key[7:].isdigit():
        return N_("League {n}"), {"n": int(key[7:])}
    return "{name}", {"name": state.divisions[key].name if key in state.divisions else key}


# -- labels and notes as people read them, in any language (issue 20) ---------------------------
# One rendering for every surface: the web (``tr``, ``fmt.cell``), the terminal (``sw table
# --lang ru``) and the downloads render these message objects in their own language, so no
# league key (``warriors-a``), game reference (``gods/3``) or match key (``fortune``) reaches
# a person.
def league_label(state: EventState, key: str) -> Message | str:
    """A league's name: the regulation's leagues (rule W7-15) and a starting season's numbered
    leagues (rule W7-4) by their translated title, a league the organiser named by that name."""
    if key in LEAGUE_TITLES:
        return Message(LEAGUE_TITLES[key])
    if key.startswith("league-") and key[7:].isdigit():
        return M("League %(n)s", n=int(key[7:]))
    return state.divisions[key].name if key in state.divisions else key


def league_name(key: str, name: str) -> Message | str:
    """A league's name from its key and stored name, without the state (a command's answer):
    the regulation's leagues and a starting season's numbered ones translated, else the name
    the organiser gave."""
    if key in LEAGUE_TITLES:
        return Message(LEAGUE_TITLES[key])
    if key.startswith("league-") and key[7:].isdigit():
        return M("League %(n)s", n=int(key[7:]))
    return name


def game_label(state: EventState, ref: str, in_note: bool = False) -> Message | str:
    """A game's name from its reference: ``gods/3`` is the League of Gods' game 3, ``fortune``
    the Fortune match (rules W7-2, W7-11, W7-12, W7-18). ``in_note``: inside a note's sentence
    that already says "game" in its language ("просрочка в игре %(game)s")."""
    if ref in MATCH_TITLES:
        return Message(MATCH_TITLES[ref])
    league, _slash, number = ref.partition("/")
    if number.isdigit() and (league in state.divisions or league in LEAGUE_TITLES):
        if in_note:
            return Mp("a game named in a note", "%(league)s game %(number)s",
                      league=league_label(state, league), number=int(number))
        return M("%(league)s, game %(number)s", league=league_label(state, league),
                 number=int(number))
    return ref


def match_label(match: str) -> Message:
    """A special match's title (rules W7-11, W7-12, W7-18)."""
    return Message(MATCH_TITLES.get(match, match))


def note_message(state: EventState, note: Note) -> Message:
    """A decision's note as a message object; a game it names by reference (``gods/4``) is
    named as people read it (the League of Gods' game 4)."""
    msgid, params = note
    return Message(msgid, {key: game_label(state, value, True) if key == "game" and
                           isinstance(value, str) else value for key, value in params.items()})


def notes_message(state: EventState, notes: list[Note]) -> Message | str:
    """A row's notes as one message, separated by semicolons ("" without any)."""
    if not notes:
        return ""
    out = note_message(state, notes[-1])
    for note in reversed(notes[:-1]):
        out = M("%(first)s; %(second)s", first=note_message(state, note), second=out)
    return out


def _league_cell(state: EventState, key: str) -> str:
    """A league's name in a table (a message object for the regulation's leagues)."""
    return league_label(state, key)


def notes_text(notes: list[Note], gettext: Callable[[str], str] | None = None) -> str:
    return "; ".join(note_text(n, gettext) for n in notes)


def row_cells(state: EventState, row: SeasonRow) -> dict[str, Cell]:
    """A season row's cells; the note a message object (rendered in the reader's language)."""
    return {
        "league": _league_cell(state, row.league),
        "place": row.place,
        "player": state.players[row.player].name,
        "wins": row.wins,
        "unfinished": row.unfinished,
        "place_points": row.place_points,
        "titans": row.titans,
        "penalties": -row.penalties if row.penalties else 0,
        "total": row.total,
        "note": notes_message(state, row.notes),
    }


POINTS_NOTE = N_("Points: winner points (rule W7-16), unfinished games (W7-21), place in the "
                 "league (W7-17), Battle of Titans (W7-18); −5 a time overrun (W7-19); the total "
                 "is floored at 0.")


def season_views(state: EventState) -> list[TableView]:
    rows = season_rows(state)
    views = [TableView("season", N_("Season table"),
                       (Column("league", N_("League")), *COLUMNS),
                       tuple(row_cells(state, r) for r in rows),
                       notes=(POINTS_NOTE,))]
    for key in state.divisions:
        title, args = league_title(state, key)
        own = tuple(row_cells(state, r) for r in rows if r.league == key)
        views.append(TableView(f"league-{key}", title, COLUMNS, own, title_args=args,
                               notes=(POINTS_NOTE,)))
    specials = specials_view(state)
    if specials.rows:
        views.append(specials)
    return views


def view_keys(state: EventState) -> list[tuple[str, str, dict[str, Any]]]:
    """The public page's tables: one a league, as the terminal prints them (the season's
    one long table stays a view of its own, for the API and the downloads), then the special
    matches."""
    if not state.divisions:
        return [("season", N_("Season table"), {})]
    keys: list[tuple[str, str, dict[str, Any]]] = []
    for key in state.divisions:
        title, args = league_title(state, key)
        keys.append((f"league-{key}", title, args))
    if book_of(state).specials:
        keys.append(("specials", N_("Special matches"), {}))
    return keys


def specials_view(state: EventState) -> TableView:
    """The special matches as entered: each player's place and the Titans' points (W7-28)."""
    book = book_of(state)
    settings = state.settings
    rows: list[dict[str, Cell]] = []
    for match in SPECIALS:
        game = book.specials.get(match)
        if game is None:
            continue
        shares = titans_shares(game.groups, settings.titans_points) if match == TITANS else {}
        place = 1
        for group in game.groups or [[p] for p in game.players]:
            for pid in group:
                rows.append({"match": match_label(match), "place": place,
                             "player": state.players[pid].name,
                             "points": shares.get(pid) if match == TITANS else None,
                             "note": M("shared") if len(group) > 1 else ""})
            place += len(group)
    columns = (Column("match", N_("Match")), Column("place", N_("Place"), numeric=True),
               Column("player", N_("Player")), Column("points", N_("Points"), numeric=True),
               Column("note", N_("Note")))
    return TableView("specials", N_("Special matches"), columns, tuple(rows))


# -- a game as people read it -------------------------------------------------------------------
def game_lines(state: EventState, game: Game) -> list[dict[str, Any]]:
    """A game's players in their order with position, score, winner points and marks."""
    names = {pid: p.name for pid, p in state.players.items()}
    wins = winner_points(game)
    positions = game.positions or {}
    order = sorted(game.players, key=lambda p: (positions.get(p, 99), names.get(p, "")))
    out = []
    for pid in order:
        marks = []
        if pid in game.overruns:
            marks.append("overrun")
        if pid == game.kicker:
            marks.append("kick")
        if pid == game.deepest:
            marks.append("deepest")
        if pid == game.out:
            marks.append("out")
        out.append({"player": pid, "name": names.get(pid, pid),
                    "position": positions.get(pid), "score": game.scores.get(pid),
                    "points": wins.get(pid), "marks": marks})
    return out


def when(moment: datetime | None) -> str:
    return "" if moment is None else moment.strftime("%Y-%m-%d %H:%M UTC")


def player_name(state: EventState, pid: PlayerId | None) -> str:
    if pid is None:
        return ""
    player = state.players.get(pid)
    return player.name if player else f"#{pid}"


# -- a league's dashboard (rules W7-2, W7-36) ---------------------------------------------------
def next_game(state: EventState, key: str) -> dict[str, Any]:
    """What is due in league ``key`` (rule W7-36, supported and not enforced): the game, its
    players, who creates the table on the site (a player with a premium account, with the
    regulation's settings to copy; else the organiser, as a turn-based game of 5 or 7 days
    with its active hours), the deadline, who reports; or why nothing is due."""
    from podium.formats.seven_wonders.rules import deadline, due

    settings = state.settings
    book = book_of(state)
    now = due(state, key)
    info: dict[str, Any] = {"ref": now.ref, "number": now.number, "complete": now.complete,
                            "waiting": now.waiting, "size_ok": now.size_ok,
                            "players": [], "final": now.final, "creator": None,
                            "premium": [], "turn_based": None, "deadline": "",
                            "deadline_at": None,
                            "withdrawing": [player_name(state, p) for p in now.withdrawing]}
    if now.complete or now.waiting is not None or not now.size_ok:
        return info
    ladder = book.ladders.get(key)
    previous = ladder.games[-1] if ladder and ladder.games else None

    def standing(pid: PlayerId) -> tuple[int, str]:
        pos = (previous.positions or {}).get(pid, 99) if previous else 99
        return (pos, player_name(state, pid))

    players = sorted(now.players, key=standing)
    premium = [p for p in players if book.profile(p).premium]
    info["players"] = [player_name(state, p) for p in players]
    info["premium"] = [player_name(state, p) for p in premium]
    if premium:
        info["creator"] = player_name(state, premium[0])
        info["site_settings"] = settings.site_settings
    else:
        info["turn_based"] = {"days": settings.days_for(len(players)),
                              "hours": settings.active_hours}
    info["deadline_at"] = deadline(state, key)
    info["deadline"] = when(info["deadline_at"])
    return info


def dashboard(state: EventState, key: str) -> dict[str, Any]:
    """League ``key``'s page: the ladder so far (each game with its players, positions, marks
    and the explanation of its decisions), the places given, and the next game."""
    from podium.formats.seven_wonders.rules import league_places

    book = book_of(state)
    ladder = book.ladders.get(key)
    title, args = league_title(state, key)
    places = league_places(state, key)
    division = state.divisions[key]
    # places 1-3 of the final, then the players still in, then those out (4th to 7th)
    standing = sorted(division.members, key=lambda p: (places.get(p, 3.5),
                                                       player_name(state, p)))
    return {
        "key": key, "title": title, "title_args": args, "name": division.name,
        "label": league_label(state, key),
        "level": division.level,
        "games": [{"game": g, "lines": game_lines(state, g), "when": when(g.at), "at": g.at,
                   "reporter": player_name(state, g.reporter)}
                  for g in (ladder.games if ladder else [])],
        "places": [(places.get(p), player_name(state, p)) for p in standing],
        "next": next_game(state, key),
    }
