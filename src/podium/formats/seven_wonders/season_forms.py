"""What the season's forms offer to pick (regulation W7): the players of the league or game the
form is about, so that an organiser taps an order, toggles overruns and picks a kicker among
the seven players at the table rather than typing names (:attr:`podium.core.commands.Param.
offers`).

The league or game comes from what the form holds (``/do/seven-wonders.game?league=gods``,
a game picked from the list); without it, the league whose game is due first. The fields still
post the text the command line takes (``#12`` for a player), so every surface runs one decoder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from podium.core.model import EventState
from podium.formats.seven_wonders.commands import game_ref, league_of
from podium.formats.seven_wonders.rules import due, special_players, specials_due
from podium.formats.seven_wonders.season import SPECIALS, book_of


def open_leagues(state: EventState) -> list[str]:
    """The leagues whose next game can be entered (rule W7-2), best league first."""
    out = []
    for key in state.divisions:
        now = due(state, key)
        if not now.complete and now.waiting is None and now.size_ok:
            out.append(key)
    return out


def chosen_league(state: EventState, typed: Mapping[str, Any]) -> str | None:
    """The league a game form is about: the one typed (key or name), else the first whose game
    is due, else the first league."""
    text = typed.get("league")
    if isinstance(text, str) and text.strip():
        key = league_of(state, text)
        if key in state.divisions:
            return key
    due_now = open_leagues(state)
    return due_now[0] if due_now else next(iter(state.divisions), None)


def league_players(state: EventState, typed: Mapping[str, Any]) -> Sequence[int] | None:
    """The players a league's game form offers: those of the game due (rule W7-2: the players
    still in the ladder), or those of an earlier game picked by its number (a correction)."""
    key = chosen_league(state, typed)
    if key is None:
        return None
    members = list(state.divisions[key].members)
    number = str(typed.get("game") or "").strip()
    if number:  # a correction: that game's players
        found = book_of(state).find(f"{key}/{number}")
        return list(found.players) if found is not None else members
    now = due(state, key)
    return list(now.players) if now.players and not now.complete else members


def special_offered(state: EventState, typed: Mapping[str, Any]) -> Sequence[int] | None:
    """The players of the special match the form is about (rules W7-11, W7-12, W7-18): the
    one typed, else the first due and not entered (the form's first choice)."""
    match = typed.get("match")
    entered = book_of(state).specials
    try:
        matches = [match] if match in SPECIALS else [
            m for m in specials_due(state) if m not in entered]
        for name in matches:
            players = list(special_players(state, name))
            if players:
                return players
    except (KeyError, LookupError, ValueError):  # the ladders not played yet
        return None
    return None


def game_players(state: EventState, typed: Mapping[str, Any]) -> Sequence[int] | None:
    """The players of the game a form names (``gods/3``, a special match), else of the last
    game entered: who a die roll, an overrun or a lifting can be about."""
    book = book_of(state)
    text = typed.get("game")
    found = book.find(game_ref(state, text)) if isinstance(text, str) and text else None
    if found is None:
        games = sorted(book.games(), key=lambda g: g.seq)
        found = games[-1] if games else None
    return list(found.players) if found is not None else None


def waiting_players(state: EventState, typed: Mapping[str, Any]) -> Sequence[int] | None:
    """The players a die roll is about (rule W7-26 (4)): those the tie left tied in the game
    named, else in the first game whose tie waits for the die."""
    book = book_of(state)
    text = typed.get("game")
    named = book.find(game_ref(state, text)) if isinstance(text, str) and text else None
    games = [named] if named is not None else [g for g in book.games() if g.unresolved]
    for game in games:
        tied = [pid for group in game.unresolved for pid in group]
        return tied or list(game.players)
    return None


__all__ = ["chosen_league", "game_players", "league_players", "open_leagues",
           "special_offered", "waiting_players"]
