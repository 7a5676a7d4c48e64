"""A player reports their game with their code (rules W7-19, W7-26, W7-36), through the kernel's
self-report (:mod:`podium.service.selfreport`), as a round-based format's players report their
table.

The season says, as an :class:`~podium.core.commands.OpenReport`, where a code's player plays
now (their league's due game, else the special match they are due in), what they type (the
game's order, ties joined by ``=``, its overruns, a kick, an unfinished end, its link), and what
a report becomes once the other players confirmed it (setting ``confirmations``: all of them
by default, rule W7-36) or the organiser accepted it after a dispute: a ``seven-wonders.game``
(or ``.special``) action stored as the reporter's, checked by replay like the organiser's entry.
A report is checked when it is sent as the game would be (rule W7-2: exactly its players; W7-3:
a ranking), so the others confirm only what could be stored; what it decides for people
(the overruns' −5, a kick, a tie for last that a die may decide) is in its line, which those who
confirm read (:func:`describe`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from podium.core.commands import Correction, OpenReport, Place
from podium.core.errors import PodiumError
from podium.core.messages import M, Message
from podium.core.model import EventState, PlayerId
from podium.core.views import N_
from podium.formats.seven_wonders.commands import as_typed
from podium.formats.seven_wonders.rules import (
    GAME,
    SPECIAL,
    deadline,
    due,
    ladders_complete,
    read_game,
    special_players,
    specials_due,
)
from podium.formats.seven_wonders.season import FORTUNE, SPECIALS, TITANS, book_of
from podium.formats.seven_wonders.season_commands import (
    DEEPEST,
    KICK,
    LINK,
    NO_POSITIONS,
    ORDER_PARAM,
    OVERRUN,
    SCORE,
    UNFINISHED,
    typed_game,
)
from podium.formats.seven_wonders.season_commands import GAME as GAME_COMMAND
from podium.formats.seven_wonders.season_commands import SPECIAL as SPECIAL_COMMAND
from podium.formats.seven_wonders.views import game_label, league_label, player_name

#: The ladder games are filed under their number (1 .. 5) and their league's position; the
#: special matches under 0 and their own position, so no two games share a filing.
SPECIAL_ROUND = 0


def place_of(state: EventState, pid: PlayerId) -> Place | None:
    """Rule W7-2: the game ``pid`` plays next, their league's due game (not while a tie waits
    for its die roll, W7-26 (4)); once the ladders are played, the special match they are due
    in (the Battle of Titans after the Fortune match, whose winner joins it, W7-11)."""
    player = state.players.get(pid)
    if player is None or player.dropped:
        return None
    confirmations = state.settings.confirmations
    league = state.division_of.get(pid)
    if league in state.divisions:
        now = due(state, league)
        if not (now.complete or now.waiting is not None or not now.size_ok) \
                and pid in now.players:
            position = list(state.divisions).index(league) + 1
            return Place(now.ref, game_label(state, now.ref), tuple(now.players), now.number,
                         position, confirmations, deadline(state, league),
                         state.settings.time_zone)
    if not ladders_complete(state):
        return None
    book = book_of(state)
    wanted = specials_due(state)
    for position, match in enumerate(SPECIALS, start=1):
        if match in book.specials or match not in wanted:
            continue
        if match == TITANS and FORTUNE in wanted and FORTUNE not in book.specials:
            continue  # its fourth player is the Fortune match's winner (rule W7-11)
        players = special_players(state, match)
        if pid in players:
            return Place(match, game_label(state, match), tuple(players), SPECIAL_ROUND,
                         position, confirmations)
    return None


def entry_of(values: Mapping[str, Any], state: EventState, place: Place) -> dict[str, Any]:
    """What the player typed as the game's stored fields (players by id), checked as the game
    would be stored (rules W7-2, W7-3, W7-19 .. W7-22), refusals naming the typed field; the
    game it reports is kept with it."""
    typed = typed_game(values, reporter=False)
    try:
        payload = typed.payload(state)
        special = place.game in SPECIALS
        if special:
            for key in ("finished", "kicker", "deepest"):
                payload.pop(key, None)
        league, _, number = place.game.rpartition("/")
        read_game(state, {**payload, "finished": True if special
                          else payload.get("finished", True)},
                  place.game, None if special else league, 0 if special else int(number),
                  list(place.players), 0, None)
    except PodiumError as error:
        raise as_typed(error) from None
    return {"game": place.game, **payload}


def actions_of(state: EventState, place: Place, entry: Mapping[str, Any], reporter: int
               ) -> list[tuple[str, dict[str, Any]]]:
    """The game a confirmed or accepted report becomes, stored as the reporter's (rule W7-36:
    the winner reports the result and the table link)."""
    payload = {key: value for key, value in entry.items() if key != "game"}
    payload.setdefault("reporter", reporter)
    if place.game in SPECIALS:
        return [(SPECIAL, {"match": place.game, **payload})]
    league, _, number = place.game.rpartition("/")
    return [(GAME, {"league": league, "game": int(number), **payload})]


def describe(state: EventState, entry: Mapping[str, Any]) -> str:
    """A report as those who confirm it read it: the game, its order (ties joined by ``=``,
    rule W7-3) and what it decides: the overruns and their −5 (rule W7-19), a kick (W7-20), an
    unfinished end (W7-21), a tie for last place (W7-26: the die may decide it)."""
    results = list(entry.get("results") or [])
    groups: dict[int, list[str]] = {}
    for item in results:
        groups.setdefault(item.get("position") or 0, []).append(
            player_name(state, item.get("player")))
    order = ", ".join(" = ".join(groups[p]) for p in sorted(groups))
    parts: list[Message | str] = [
        M("%(game)s: %(order)s", game=game_label(state, str(entry.get("game", ""))),
          order=order)]
    last = max(groups) if groups else 0
    if len(groups.get(last, [])) > 1 and entry.get("finished", True):
        parts.append(M("a tie for last place, decided by rule W7-26 (a die roll if nothing "
                       "else breaks it)"))
    overruns = [player_name(state, p) for p in entry.get("overruns") or []]
    if overruns:
        parts.append(M("over the time limit: %(names)s, −5 each (rule W7-19)",
                       names=", ".join(overruns)))
    if entry.get("kicker") is not None:
        parts.append(M("%(name)s kicked a player: out with 0 points (rule W7-20)",
                       name=player_name(state, entry["kicker"])))
    if entry.get("finished") is False:
        parts.append(M("unfinished (rule W7-21)"))
    if entry.get("deepest") is not None:
        parts.append(M("deepest in negative time: %(name)s",
                       name=player_name(state, entry["deepest"])))
    if entry.get("link"):
        parts.append(str(entry["link"]))
    out: Message | str = parts[-1]
    for part in reversed(parts[:-1]):
        out = M("%(first)s; %(second)s", first=part, second=out)
    return out


#: Rule W7-19: season points an overrun costs.
OVERRUN_PENALTY = 5


@dataclass(frozen=True)
class Summary:
    """A report as a compact block for those who confirm it and the organiser who decides it
    (rule W7-19: every confirmer sees what they confirm): the places, best first, each with
    its players (more than one: a tie, rule W7-3), the overruns and their −5 each, a kick, an
    unfinished end, the table's link."""

    title: Message | str
    places: tuple[tuple[int, tuple[str, ...]], ...]
    overruns: tuple[str, ...]
    penalty: int
    kicker: str
    unfinished: bool
    deepest: str
    tie_last: bool
    link: str


def summary(state: EventState, entry: Mapping[str, Any]) -> Summary:
    """What a report claims, read from its entry (rules W7-3, W7-19 .. W7-21, W7-26)."""
    # rule W7-19
    groups: dict[int, list[str]] = {}
    for item in entry.get("results") or []:
        groups.setdefault(item.get("position") or 0, []).append(
            player_name(state, item.get("player")))
    last = max(groups) if groups else 0
    link = str(entry.get("link") or "")
    return Summary(
        title=game_label(state, str(entry.get("game", ""))),
        places=tuple((position, tuple(groups[position])) for position in sorted(groups)),
        overruns=tuple(player_name(state, p) for p in entry.get("overruns") or []),
        penalty=OVERRUN_PENALTY,
        kicker=player_name(state, entry.get("kicker")),
        unfinished=entry.get("finished") is False,
        deepest=player_name(state, entry.get("deepest")),
        tie_last=len(groups.get(last, [])) > 1 and entry.get("finished", True) is not False,
        link=link if link.startswith(("https://", "http://")) else "",
    )


def correction(state: EventState, entry: Mapping[str, Any]) -> Correction:
    """The organiser's entry of a report's game, prefilled from what it claims, for Replace:
    the game (its league and number, or its special match) and the reporter (``entry``'s
    ``reporter``, which the caller adds) fixed, the order, overruns, kick and link to edit."""
    shown = summary(state, entry)
    order = ", ".join(" = ".join(names) for _position, names in shown.places)
    ref = str(entry.get("game", ""))
    reporter = entry.get("reporter")
    fixed = {"reporter": f"#{reporter}"} if reporter is not None else {}
    fields: list[tuple[str, str, str | bool]] = [
        ("order", N_("Order"), order),
        ("overrun", N_("Over the time limit"), ", ".join(shown.overruns))]
    scores = [f"{player_name(state, item.get('player'))}={item['score']}"
              for item in entry.get("results") or [] if item.get("score") is not None]
    if scores:
        fields.append(("score", N_("Scores"), ", ".join(scores)))
    if ref in SPECIALS:
        fields.append(("link", N_("Table link"), str(entry.get("link") or "")))
        return Correction(SPECIAL_COMMAND.name, {"match": ref, **fixed}, tuple(fields))
    league, _, number = ref.rpartition("/")
    fields += [("kick", N_("Kick"), shown.kicker),
               ("unfinished", N_("the game was not finished (rule W7-21)"), shown.unfinished),
               ("deepest", N_("Deepest in negative time"), shown.deepest)]
    fields.append(("link", N_("Table link"), str(entry.get("link") or "")))
    return Correction(GAME_COMMAND.name, {"league": league, "game": number, **fixed}, tuple(fields))


def league_of(state: EventState, pid: PlayerId) -> Message | str:
    """The league ``pid`` plays in (rule W7-2), for their code slip and personal link."""
    key = state.division_of.get(pid)
    return league_label(state, key) if key in state.divisions else ""


SEASON_REPORT = OpenReport(
    params=(ORDER_PARAM, SCORE, OVERRUN, KICK, UNFINISHED, DEEPEST, NO_POSITIONS, LINK),
    place=place_of, entry=entry_of, actions=actions_of, describe=describe,
    template="formats/seven_wonders_report_form.html",
    help=N_("A player reports the game they are due in (their league's next game, or a special "
            "match) with their code; the other players of the game confirm it (setting "
            "confirmations), and then it is entered; a dispute goes to the organiser (rule "
            "W7-36)."),
    summary=summary, summary_template="formats/seven_wonders_report_summary.html",
    correction=correction, league=league_of,
)

__all__ = ["SEASON_REPORT", "Summary", "actions_of", "correction", "describe", "entry_of",
           "place_of", "summary"]
