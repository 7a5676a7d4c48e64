"""The season's public tables (format-neutral :class:`podium.core.views.TableView` values) and
the words people read of a season in any language: leagues', games' and special matches' names
and the decisions' notes as message objects (the views of :mod:`.season_reads` are built on
them)."""

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


# -- labels and notes as people read them, in any language ---------------------------
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
