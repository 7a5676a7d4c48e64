"""The year's public tables (rule W7-1) as format-neutral :class:`TableView` values, so the CLI,
the pages and the CSV / standalone HTML exports show them alike, in Russian and English:

- ``year``: the year's points ledger, a column per season, and the total, which is also what
  is paid out 1:1 in the site's currency (one column, titled so);
- ``members``: the seasons with their status, ``leagues``: the last season's leagues;
- ``path``: one player's way through the leagues, season by season, with their points;
- ``moves``: the next season's decisions, one line per player (rules W7-4 .. W7-15, W7-35);
- ``due``: what the year waits for (the season's games, the survival battles, the next season,
  the Legendary League's answers and games), ``survival``: the battles before the next season
  (W7-14, W7-23, W7-29), ``legendary``: the Legendary League (W7-31 .. W7-34).

The year's declared views (:mod:`.year_reads`) read them; a row about a season keeps its
event's address (``member``), where the series' pages link it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from podium.core import phases
from podium.core.errors import NotFound
from podium.core.messages import M, Message
from podium.core.model import EventState
from podium.core.series import Ledger
from podium.core.views import N_, Cell, Column, TableView
from podium.formats.seven_wonders import codes, legendary_rules, survival_rules
from podium.formats.seven_wonders.views import LEAGUE_TITLES, league_label
from podium.formats.seven_wonders.year import Line, shared_places


@dataclass(frozen=True)
class Step:
    """One season of a player's path: where they played and what it gave them."""

    season: str
    league: Message | str | None  # None: not in that season
    place: int | None
    points: int | None
    slug: str = ""  # the season's event


def year_view(ledger: Ledger) -> TableView:
    """Rule W7-1: the year table; points are also paid out 1:1 as the site's currency: the
    total is that sum too, one column (a second one repeated it). A season's column reads as
    the season was named (a name is data: never looked up in the catalog)."""
    columns = [Column("rank", N_("Place"), numeric=True), Column("player", N_("Player"))]
    columns += [Column(f"s{i}", as_named(m.label), numeric=True)
                for i, m in enumerate(ledger.members)]
    columns += [Column("total", N_("Total = site currency (1:1)"), numeric=True)]
    rows = []
    places = shared_places([row.total for row in ledger.rows])  # ties share a place
    for rank, row in zip(places, ledger.rows, strict=True):
        cells: dict = {"rank": rank, "player": row.player, "total": row.total}
        for i, points in enumerate(row.points):
            cells[f"s{i}"] = points
        rows.append(cells)
    return TableView("year", N_("Year table"), tuple(columns), tuple(rows))


def as_named(name: str) -> Message:
    """``name`` as it was typed, in every language (a label the pages translate otherwise)."""
    return M("%(name)s", name=name)


def path_view(player: str, steps: Sequence[Step]) -> TableView:
    """A player's path through the leagues and their points per season."""
    rows = tuple({"season": s.season, "league": s.league or "—", "place": s.place,
                  "points": s.points, "member": s.slug} for s in steps)
    return TableView("path", N_("Path of {player}"), (
        Column("season", N_("Season")), Column("league", N_("League")),
        Column("place", N_("Place"), numeric=True), Column("points", N_("Points"),
                                                           numeric=True)),
        rows, {"player": player})


def moves_view(lines: Sequence[Line]) -> TableView:
    """The next season's decisions, player by player, each with its rule."""
    rows = tuple({"decision": line.message()} for line in lines)
    return TableView("moves", N_("Next season: who goes where"),
                     (Column("decision", N_("Decision")),), rows)


def league_name(key: str, name: str) -> Message | str:
    """A league's name as people read it (the regulation's leagues and a starting season's
    numbered ones translated, rules W7-4, W7-15), else the name the organiser gave."""
    if key in LEAGUE_TITLES:
        return Message(LEAGUE_TITLES[key])
    if key.startswith("league-") and key[7:].isdigit():
        return M("League %(n)s", n=int(key[7:]))
    return name


def seasons_view(labels: Sequence[tuple[str, str]], states: Sequence[EventState]
                 ) -> TableView:
    """The year's seasons in order (their label and event), each complete or the phase it
    plays (rule W7-2)."""
    from podium.formats.seven_wonders.rules import SEVEN_WONDERS

    rows = []
    for (label, slug), state in zip(labels, states, strict=True):
        status = phases.status(state, SEVEN_WONDERS)
        done = (M("complete") if status.complete else
                M("playing: %(phase)s", phase=Message(status.phase.title)))
        rows.append({"label": label, "event": slug, "status": done, "member": slug})
    return TableView("members", N_("Seasons"), (
        Column("label", N_("Season")), Column("event", N_("Event id")),
        Column("status", N_("Status"))), tuple(rows))


def leagues_view(state: EventState) -> TableView:
    """A season's leagues with their players, best placed first as formed (rule W7-15)."""
    rows = tuple({"league": league_label(state, d.key),
                  "players": ", ".join(state.players[p].name for p in d.members)}
                 for d in state.divisions.values())
    return TableView("leagues", N_("The last season's leagues"), (
        Column("league", N_("League")), Column("players", N_("Players"))), rows)


# -- the year ------------------------------------------------------------------------------------
def path_steps(ledger: Ledger, members: Sequence[EventState], player: str) -> list[Step]:
    """Rule W7-1: a player's path through the year: each season's league, place and points;
    :class:`NotFound` when they played none of its seasons."""
    from podium.formats.seven_wonders.rules import league_places
    from podium.formats.seven_wonders.season import season_rows

    steps = []
    for member, state in zip(ledger.members, members, strict=True):
        found = state.player_by_name(player)
        if found is None or found.id not in state.division_of:
            steps.append(Step(member.label, None, None, None, member.event))
            continue
        key = state.division_of[found.id]
        row = next(r for r in season_rows(state) if r.player == found.id)
        steps.append(Step(member.label, league_label(state, key),
                          league_places(state, key).get(found.id), row.total, member.event))
    if all(s.league is None for s in steps):
        raise NotFound(N_("%(name)s played no season of the year"), code=codes.YEAR_PLAYER,
                       field="name", name=player)
    return steps


def year_tables(ledger: Ledger, members: Sequence[EventState], now: datetime
                ) -> list[TableView]:
    """The year's table (rule W7-1), what the year waits for, then the survival battles of its
    last season (W7-14) and its Legendary League (W7-31 .. W7-34) once they are drawn."""
    views = [year_view(ledger), due_view(members, now)]
    if members:
        last = members[-1]
        if survival_rules.book_of(last).entrants:
            views.append(survival_view(last))
        views.extend(legendary_views(last, now))
    return views


def legendary_views(state: EventState, now: datetime) -> list[TableView]:
    """The Legendary League once selected (rules W7-31 .. W7-34), and how its places went when
    anything is to tell."""
    if legendary_rules.book_of(state).selection is None:
        return []
    notes = legendary_notes_view(state, now)
    return [legendary_view(state, now), *([notes] if notes.rows else [])]


@dataclass(frozen=True)
class Due:
    """One thing the year waits for and where it is done: a year's command (``do``, its
    form's fields filled in by ``query``: a play-off's place) or a season's own page
    (``member``)."""

    what: Message
    do: str = ""
    query: str = ""
    member: str = ""


def _due_view(rows: Sequence[Due]) -> TableView:
    return TableView("due", N_("What is due"), (Column("what", N_("Due")),), tuple(
        {"what": r.what, "do": r.do, "member": r.member, "query": r.query} for r in rows))


def due_view(members: Sequence[EventState], now: datetime) -> TableView:
    """What the year waits for now: the last season's next games (rule W7-2) or special
    matches (W7-11, W7-12, W7-18); once it is finished, its survival battles (W7-14) and the
    next season, or at the year's end the Legendary League (W7-31 .. W7-34)."""
    if not members:
        return _due_view([Due(M("The starting season, from the sign-ups (rule W7-4)."),
                              "seven-wonders.start-year")])
    last = members[-1]
    playing = season_due(last)
    if playing:
        return _due_view([Due(m, member=last.slug) for m in playing])
    league = legendary_rules.legendary_of(last, now)
    if league.roster is not None:
        answering = any(seat.holder.status == "waiting" for seat in league.roster.seats)
        final_over = league.final is None or league.final.champion is not None
        do = "" if final_over and not answering else (
            "seven-wonders.legendary-answer" if answering else "seven-wonders.legendary-game")
        return _due_view([Due(m, do) for m in legendary_due(last, league)])
    battles = survival_rules.survival_of(last)
    drawn = bool(survival_rules.book_of(last).entrants)
    if drawn:
        names = {pid: p.name for pid, p in last.players.items()}
        open_ = [Due(M("Survival match %(match)s: %(names)s (rule W7-14).", match=match,
                       names=[names[p] for p in players]),
                     "seven-wonders.survival-game", f"match={match}")
                 for match, players in battles.due.items() if players]
        if open_:
            return _due_view(open_)
    rows = [Due(m, "seven-wonders.playoff-game", f"place={place}")
            for place, m in playoffs_due(last)]
    if not drawn:  # rule W7-14: none drawn yet
        rows.append(Due(M("Survival battles, when newcomers apply: the draw (rule W7-14)."),
                        "seven-wonders.survival-draw"))
    rows += [
        Due(M("Season %(slug)s is finished: the next season (with its survival battles when "
              "newcomers apply), or at the year's end the Legendary League.", slug=last.slug),
            "seven-wonders.next-season"),
        Due(M("At the year's end: the Legendary League's selection (rule W7-31)."),
            "seven-wonders.legendary-select")]
    return _due_view(rows)


def playoffs_due(state: EventState) -> list[tuple[int, Message]]:
    """A finished starting season's play-offs not entered yet (rule W7-6), as its places stand
    (the players who dropped during it out; those leaving later may change them, W7-35)."""
    if not state.settings.starting or survival_rules.book_of(state).entrants:
        return []
    from podium.formats.seven_wonders.playoff_rules import stored_playoffs
    from podium.formats.seven_wonders.year import starting_tiers
    from podium.formats.seven_wonders.year_commands import facts_from

    facts = facts_from(state)
    due = starting_tiers(facts, len(state.divisions), {})[2]
    stored = stored_playoffs(state)
    return [(place, M("Play-off of the %(place)s places: %(names)s (rule W7-6).",
                      place=place, names=names))
            for place, names in sorted(due.items()) if place not in stored]


def season_due(state: EventState) -> list[Message]:
    """A season's games due, league by league, then its special matches (rules W7-2, W7-11,
    W7-12, W7-18); empty once its Battle of Titans is played."""
    from podium.formats.seven_wonders.rules import (
        SEVEN_WONDERS,
        due,
        ladders_complete,
        special_players,
        specials_due,
    )
    from podium.formats.seven_wonders.season import book_of

    if phases.status(state, SEVEN_WONDERS).complete:
        return []
    names = {pid: p.name for pid, p in state.players.items()}
    if not ladders_complete(state):
        out = []
        for key in state.divisions:
            now = due(state, key)
            if now.complete:
                continue
            if now.waiting is not None:
                out.append(M("%(league)s: a die roll decides the tie of game %(game)s (rule "
                             "W7-26 (4)).", league=league_label(state, key),
                             game=now.waiting.number))
            else:
                out.append(M("%(league)s: game %(number)s, %(names)s (rule W7-2).",
                             league=league_label(state, key), number=now.number,
                             names=[names[p] for p in now.players]))
        return out
    played = book_of(state).specials
    return [M("%(match)s: %(names)s.", match=Message(MATCH_TITLES.get(match, match)),
              names=[names[p] for p in special_players(state, match)])
            for match in specials_due(state) if match not in played]


def legendary_due(state: EventState, league: legendary_rules.Legendary) -> list[Message]:
    """The Legendary League's places waiting for an answer (rule W7-32), then its next game or
    its champion (rule W7-34)."""
    names = {pid: p.name for pid, p in state.players.items()}
    assert league.roster is not None
    out = [M("Legendary League #%(number)s %(name)s: to confirm by %(deadline)s (rule W7-32).",
             number=seat.number, name=names[seat.holder.player],
             deadline=seat.holder.deadline.strftime("%Y-%m-%d %H:%M UTC"))
           for seat in league.roster.seats if seat.holder.status == "waiting"]
    if out:
        return out
    final = league.final
    if final is None:
        return [M("The Legendary League has fewer than 3 confirmed players (rule W7-34).")]
    if final.champion is not None:
        return [M("%(name)s won the Legendary League: the year is over.",
                  name=names[final.champion])]
    return [M("Legendary League: the next game, %(names)s (rule W7-34).",
              names=[names[p] for p in final.next])]


def survival_view(state: EventState | None) -> TableView:
    """Rule W7-14: the survival battles kept in ``state`` (a season; none: no rows): each
    match's players, its qualifying places and its outcome so far (W7-23, W7-29)."""
    rows: list[dict[str, Cell]] = []
    book = survival_rules.book_of(state) if state is not None else None
    names = {pid: p.name for pid, p in state.players.items()} if state is not None else {}
    slots = book.draw.format.slots if book is not None and book.draw is not None else ()
    matches = book.matches if book is not None else []
    outcomes = book.outcomes if book is not None else {}
    for number, (slot, players) in enumerate(zip(slots, matches, strict=True), start=1):
        games = outcomes.get(number, [])
        last = games[-1] if games else None
        if last is None or last.replay is not None or last.waiting:
            result: Message | str = M("due")
        else:
            result = ", ".join(names[p] for p in last.qualified)
        rows.append({"match": number, "players": ", ".join(names[p] for p in players),
                     "places": slot.qualifying, "games": len(games), "result": result})
    return TableView("survival", N_("Survival battles"), (
        Column("match", N_("Match"), numeric=True), Column("players", N_("Players")),
        Column("places", N_("Places"), numeric=True), Column("games", N_("Games"),
                                                              numeric=True),
        Column("result", N_("Qualified"))), tuple(rows))


MATCH_TITLES = {"fortune": N_("Fortune match"), "will": N_("Will match"),
                "titans": N_("Battle of Titans")}  # rules W7-11, W7-12, W7-18
STATUS = {"confirmed": N_("confirmed"), "refused": N_("refused"),
          "expired": N_("no answer in 3 days"), "waiting": N_("waiting")}


def _joined(notes: Sequence[tuple[str, dict]]) -> Message | str:
    """Notes (message id, params) as one message, separated by semicolons."""
    if not notes:
        return ""
    out = Message(*notes[-1])
    for note in reversed(notes[:-1]):
        out = M("%(first)s; %(second)s", first=Message(*note), second=out)
    return out


def legendary_view(state: EventState, now: datetime) -> TableView:
    """Rules W7-31 .. W7-34: each place of the Legendary League, its holders in turn with how
    their answer ended, the places of the final so far, and why each was picked (the
    selection's criterion, W7-31, its points and its tie decisions, W7-33)."""
    league = legendary_rules.legendary_of(state, now)
    names = {pid: p.name for pid, p in state.players.items()}
    places = league.final.places if league.final is not None else {}
    picks = {p.number: p for p in league.selection.picks} if league.selection else {}
    rows: list[dict[str, Cell]] = []
    for seat in league.roster.seats if league.roster is not None else ():
        for index, holder in enumerate(seat.holders):
            pick = picks.get(seat.number)
            why = pick.notes if index == 0 and pick is not None and pick.player == holder.player \
                else ()
            rows.append({"number": seat.number, "player": names[holder.player],
                         "status": M(STATUS[holder.status]),
                         "place": places.get(holder.player), "why": _joined(why)})
    return TableView("legendary", N_("Legendary League"), (
        Column("number", N_("#"), numeric=True), Column("player", N_("Player")),
        Column("status", N_("Answer")), Column("place", N_("Place"), numeric=True),
        Column("why", N_("Why selected"))),
        tuple(rows))


def legendary_notes_view(state: EventState, now: datetime) -> TableView:
    """Rules W7-31 .. W7-33: how the selection went, step by step (who declined in advance,
    who refused or did not answer in time, whom each place passed to)."""
    league = legendary_rules.legendary_of(state, now)
    notes = list(league.selection.notes if league.selection else ())
    notes += list(league.roster.notes if league.roster is not None else ())
    return TableView("legendary-notes", N_("Legendary League: how the places went"),
                     (Column("note", N_("Decision")),),
                     tuple({"note": Message(*note)} for note in notes))
