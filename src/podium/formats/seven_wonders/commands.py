"""The season's use cases (regulation W7), each a command run by :meth:`EventService.execute`
in one unit of work, so a refused one stores nothing. The CLI (``podium sw ...``), the web
pages and the API call these and nothing else.

Typed input is decoded here, the same way for every adapter: a game's order is written best
first, separated by commas, tied players joined by ``=`` (``Anna, Boris = Clara, Dmitry``:
Anna 1st, Boris and Clara 2nd, Dmitry 4th, rule W7-3); players by name or ``#id``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from podium.core.divisions import DIVISIONS_ASSIGNED
from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Action
from podium.core.model import EventState, PlayerId
from podium.core.rng import derive_seed
from podium.formats.seven_wonders.rules import (
    CONFIRMED,
    DIE,
    DISPUTED,
    FORMAT,
    GAME,
    LIFTED,
    MAX_ROLL,
    OVERRUN_KIND,
    PROFILE,
    REPORT,
    ROLL,
    SPECIAL,
    confirmations_needed,
    due,
    league_keys,
    parse_ref,
)
from podium.formats.seven_wonders.season import SPECIALS, Game, Report, book_of
from podium.formats.seven_wonders.settings import LEAGUE_SIZE
from podium.service.commands import Command, need_reason
from podium.service.events import EventService, LoadedEvent, NewAction, Outcome
from podium.service.forms import resolve_player
from podium.service.selfreport import SelfReportService


def season(loaded: LoadedEvent) -> EventState:
    if loaded.ruleset.name != FORMAT:
        raise Conflict("event %(slug)s is a %(format)s event, not a 7 Wonders season",
                       code="format.other", slug=loaded.state.slug,
                       format=loaded.ruleset.name)
    return loaded.state


def parse_order(state: EventState, text: str, field: str = "order"
                ) -> list[tuple[PlayerId, int]]:
    """Rule W7-3: ``Anna, Boris = Clara, Dmitry`` as (player, position): best first, ``=``
    joins tied players (a "делёж": equal score and equal secondary indicators)."""
    out: list[tuple[PlayerId, int]] = []
    groups = [g for g in text.replace(";", ",").split(",") if g.strip()]
    if not groups:
        raise InvalidInput("%(field)s: write the players best first, separated by commas, tied "
                           "players joined by = (rule W7-3)", code="sw.order_text",
                           field=field)
    position = 1
    for group in groups:
        members = [name for name in group.split("=") if name.strip()]
        if not members:
            raise InvalidInput("%(field)s: an empty place in %(text)r", code="sw.order_text",
                               field=field, text=text[:100])
        for ref in members:
            out.append((resolve_player(state, ref, field).id, position))
        position += len(members)
    return out


def _player_ref(state: EventState, ref: str | None, field: str) -> PlayerId | None:
    return None if not ref else resolve_player(state, ref, field).id


def game_ref(state: EventState, text: str) -> str:
    """``gods/3``, ``Gods 3`` or a special match, as the stored reference."""
    cleaned = " ".join(text.split()).casefold()
    if cleaned in SPECIALS:
        return cleaned
    found = re.fullmatch(r"(.*?)[\s/#]+(\d+)", cleaned)
    if found:
        head, number = found.groups()
        for division in state.divisions.values():
            if head in (division.key.casefold(), division.name.casefold()):
                return f"{division.key}/{number}"
    return text.strip()


def league_of(state: EventState, text: str) -> str:
    cleaned = text.strip().casefold()
    for division in state.divisions.values():
        if cleaned in (division.key.casefold(), division.name.casefold()):
            return division.key
    return text.strip()


@dataclass(frozen=True)
class GameInput:
    """A game as typed: its order (best first, ``=`` for ties), optional scores, the
    overruns, a kick, an unfinished end with the player deepest in negative time, the link and
    who reported it."""

    order: str = ""
    scores: tuple[tuple[str, int], ...] = ()
    overruns: tuple[str, ...] = ()
    kicker: str | None = None
    unfinished: bool = False
    deepest: str | None = None
    link: str = ""
    reporter: str | None = None
    no_positions: bool = False
    #: instead of ``order``: (player, position or None, score or None), positions as given
    results: tuple[tuple[str, int | None, int | None], ...] = ()

    def payload(self, state: EventState) -> dict[str, Any]:
        scores = {resolve_player(state, name, "scores").id: value
                  for name, value in self.scores}
        results = []
        if self.results:
            for name, position, score in self.results:
                item: dict[str, Any] = {"player": resolve_player(state, name, "results").id}
                if position is not None:
                    item["position"] = position
                if score is not None:
                    item["score"] = score
                results.append(item)
        for pid, position in ([] if self.results else parse_order(state, self.order)):
            item = {"player": pid}
            if not (self.unfinished and self.no_positions):
                item["position"] = position
            if pid in scores:
                item["score"] = scores[pid]
            results.append(item)
        payload: dict[str, Any] = {"results": results}
        if self.overruns:
            payload["overruns"] = [resolve_player(state, n, "overruns").id
                                   for n in self.overruns]
        if self.kicker:
            payload["kicker"] = _player_ref(state, self.kicker, "kicker")
        if self.unfinished:
            payload["finished"] = False
        if self.deepest:
            payload["deepest"] = _player_ref(state, self.deepest, "deepest")
        if self.link.strip():
            payload["link"] = self.link.strip()
        if self.reporter:
            payload["reporter"] = _player_ref(state, self.reporter, "reporter")
        return payload


# -- leagues and players --------------------------------------------------------------------------
@dataclass(frozen=True)
class AssignLeagues(Command[list[str]]):
    """Set the season's leagues (core divisions with their level). ``leagues`` gives each
    league's players by name (best league first); empty: the active players in sign-up order,
    7 a league. Keys and levels: Gods 0, Priests 1, Warriors A and B 2 (rule W7-7), or League 1 ..
    N, all level 0, in a starting season (rule W7-5). Answers the league keys."""

    leagues: tuple[tuple[str, ...], ...] = ()
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = season(loaded)
        if self.leagues:
            groups = [[resolve_player(state, ref, "leagues").id for ref in league]
                      for league in self.leagues]
        else:
            active = [p.id for p in state.active_players()]
            if not active or len(active) % LEAGUE_SIZE:
                raise InvalidInput("%(count)s active players: the leagues need a multiple of "
                                   "%(size)s (rule W7-15); give the leagues or drop the extra "
                                   "players", code="divisions.size", field="leagues",
                                   count=len(active), size=LEAGUE_SIZE)
            groups = [active[i:i + LEAGUE_SIZE] for i in range(0, len(active), LEAGUE_SIZE)]
        keys = league_keys(len(groups), state.settings.starting)
        divisions = [{"key": key, "name": name, "level": level, "players": members}
                     for (key, name, level), members in zip(keys, groups, strict=True)]
        return [NewAction(DIVISIONS_ASSIGNED, {"divisions": divisions, "method": "organiser"},
                          self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> list[str]:
        return [d["key"] for d in stored[-1].payload["divisions"]]


@dataclass(frozen=True)
class SetProfile(Command[None]):
    """Rules W7-19, W7-26, W7-36: a player's league level and place last season, the overruns
    earlier in the year, a premium account (only what is given changes)."""

    player: str = ""
    level: int | None = None
    place: int | None = None
    overruns: int | None = None
    premium: bool | None = None
    clear_history: bool = False
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = season(loaded)
        payload: dict[str, Any] = {"player": resolve_player(state, self.player).id}
        if self.clear_history:
            payload["level"] = payload["place"] = None
        if self.level is not None:
            payload["level"] = self.level
        if self.place is not None:
            payload["place"] = self.place
        if self.overruns is not None:
            payload["overruns"] = self.overruns
        if self.premium is not None:
            payload["premium"] = self.premium
        if len(payload) == 1:
            raise InvalidInput("nothing to record: give the level, the place, the overruns or "
                               "the premium account", code="sw.profile.none", field="level")
        return [NewAction(PROFILE, payload, self.reason)]


# -- games --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class EnterGame(Command[Game]):
    """A ladder game (rules W7-2, W7-3, W7-19 .. W7-22): ``number`` defaults to the game due in
    the league; answers the stored game with its decision."""

    league: str = ""
    game: GameInput = field(default_factory=GameInput)
    number: int | None = None
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = season(loaded)
        key = league_of(state, self.league)
        number = self.number
        if number is None and key in state.divisions:
            number = due(state, key).number
        payload = {"league": key, "game": number or 1, **self.game.payload(state)}
        return [NewAction(GAME, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Game:
        p = stored[-1].payload
        return book_of(loaded.state).ladders[p["league"]].games[p["game"] - 1]


@dataclass(frozen=True)
class EnterSpecial(Command[Game]):
    """A special match (Fortune W7-11, Will W7-12, Battle of Titans W7-18): its order, ties
    joined by ``=``, overruns, link."""

    match: str = ""
    game: GameInput = field(default_factory=GameInput)
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = season(loaded)
        payload = self.game.payload(state)
        for key in ("finished", "kicker", "deepest"):
            payload.pop(key, None)
        return [NewAction(SPECIAL, {"match": self.match.strip().casefold(), **payload},
                          self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Game:
        return book_of(loaded.state).specials[stored[-1].payload["match"]]


@dataclass(frozen=True)
class AddOverrun(Command[None]):
    """Rule W7-19: an overrun reported after the game (``gods/3`` or a special match)."""

    game: str = ""
    player: str = ""
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = season(loaded)
        return [NewAction(OVERRUN_KIND, {"game": game_ref(state, self.game),
                                         "player": resolve_player(state, self.player).id},
                          self.reason)]


@dataclass(frozen=True)
class LiftPenalty(Command[None]):
    """Rule W7-24: lift a player's ``overrun`` or ``kick`` penalty of a game, with the
    reason (kept in the log)."""

    game: str = ""
    player: str = ""
    penalty: str = "overrun"
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = season(loaded)
        need_reason(self.reason, "lifting a penalty")
        return [NewAction(LIFTED, {"game": game_ref(state, self.game),
                                   "player": resolve_player(state, self.player).id,
                                   "penalty": self.penalty}, self.reason)]


@dataclass(frozen=True)
class RollDie(Command[Game]):
    """Rule W7-26 (4): the die roll between players still tied. ``rolls`` are the values rolled
    at the table (name, value); without them the service rolls a die for each from the event's
    seed (re-rolling until the roll decides) and stores the values. Higher is better."""

    game: str = ""
    rolls: tuple[tuple[str, int], ...] = ()
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = season(loaded)
        ref = game_ref(state, self.game)
        game = parse_ref(state, ref)
        if not game.unresolved:
            raise Conflict("%(game)s has no tie waiting for a die roll", code="sw.no_tie",
                           field="game", game=ref)
        payload: dict[str, Any] = {"game": ref}
        if self.rolls:
            payload["rolls"] = [{"player": resolve_player(state, name, "rolls").id,
                                 "value": value} for name, value in self.rolls]
        else:
            seed = derive_seed(state.seed, "roll", ref, state.last_seq)
            rolls, sides = drawn_rolls(game, seed)
            payload.update({"rolls": rolls, "drawn": True, "seed": seed, "sides": sides})
        return [NewAction(ROLL, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Game:
        return parse_ref(loaded.state, stored[-1].payload["game"])


def drawn_rolls(game: Game, seed: int) -> tuple[list[dict[str, int]], int]:
    """A die for each tied player, rolled again until it decides: a unique lowest roll for who
    is out, all different in a final or a special match (a d6; a d1000 if more players than
    faces must all differ). Answers the rolls and the die's sides."""
    rng = random.Random(seed)
    tied = sorted(p for group in game.unresolved for p in group)
    need_all = game.final or game.league is None
    widest = max(len(group) for group in game.unresolved)
    sides = MAX_ROLL if need_all and widest > DIE else DIE
    while True:
        values = {pid: rng.randint(1, sides) for pid in tied}
        decisive = True
        for group in game.unresolved:
            rolled = [values[p] for p in group]
            if need_all:
                decisive = decisive and len(set(rolled)) == len(rolled)
            else:
                decisive = decisive and rolled.count(min(rolled)) == 1
        if decisive:
            return [{"player": p, "value": values[p]} for p in tied], sides


# -- self-report (rule W7-36) -------------------------------------------------------------------
def _player_of_code(work: Any, code: str) -> PlayerId:
    return SelfReportService._player_of(work.session, work.loaded, code).id


@dataclass(frozen=True)
class ReportGame(Command[Report]):
    """A player reports a game they play (the league's due game, or a special match) with
    their code; it waits for the other players' confirmations (setting ``confirmations``: all
    of them by default), then becomes the game."""

    code: str = ""
    game: str = ""
    entry: GameInput = field(default_factory=GameInput)

    def run(self, service: EventService, actor: str) -> Outcome[Report]:
        with service.unit(self.slug, "player") as work:
            state = season(work.loaded)
            pid = _player_of_code(work, self.code)
            work.actor = f"player:{state.players[pid].name}"
            ref = game_ref(state, self.game)
            entry = self.entry.payload(state)
            if ref.partition("/")[1] == "":
                for key in ("finished", "kicker", "deepest"):
                    entry.pop(key, None)
            entry.setdefault("reporter", pid)
            work.append([NewAction(REPORT, {"game": ref, "reporter": pid, "entry": entry})])
            report = book_of(state).reports[work.stored[-1].seq]
            _maybe_store(work, report)
            return Outcome(work.loaded, list(work.stored), report)


@dataclass(frozen=True)
class AnswerReport(Command[Report]):
    """Another player of the game confirms (``dispute`` False) or disputes a self-report with
    their code; enough confirmations store the game (actor ``player:<reporter>``)."""

    code: str = ""
    report: int = 0
    dispute: bool = False
    note: str = ""

    def run(self, service: EventService, actor: str) -> Outcome[Report]:
        with service.unit(self.slug, "player") as work:
            state = season(work.loaded)
            pid = _player_of_code(work, self.code)
            work.actor = f"player:{state.players[pid].name}"
            if self.dispute:
                payload: dict[str, Any] = {"report": self.report, "player": pid}
                if self.note.strip():
                    payload["note"] = " ".join(self.note.split())[:500]
                work.append([NewAction(DISPUTED, payload)])
            else:
                work.append([NewAction(CONFIRMED, {"report": self.report, "player": pid})])
            report = book_of(state).reports[self.report]
            _maybe_store(work, report)
            return Outcome(work.loaded, list(work.stored), report)


@dataclass(frozen=True)
class AcceptReport(Command[Game]):
    """The organiser stores a self-report as the game (after a dispute, or without waiting)."""

    report: int = 0
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        state = season(loaded)
        report = book_of(state).reports.get(self.report)
        if report is None:
            raise InvalidInput("no self-report %(report)s", code="sw.report", field="report",
                               report=self.report)
        return [report_action(report, self.reason or f"self-report {report.seq} accepted")]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Game:
        p = stored[-1].payload
        ref = p["match"] if "match" in p else f"{p['league']}/{p['game']}"
        return parse_ref(loaded.state, ref)


def report_action(report: Report, reason: str) -> NewAction:
    entry = {**report.payload, "report": report.seq}
    entry.setdefault("reporter", report.reporter)
    if "/" in report.ref:
        league, _, number = report.ref.rpartition("/")
        return NewAction(GAME, {"league": league, "game": int(number), **entry}, reason)
    return NewAction(SPECIAL, {"match": report.ref, **entry}, reason)


def _maybe_store(work: Any, report: Report) -> None:
    state = work.state
    if report.status != "pending":
        return
    others = [p for p in report.confirmed if p != report.reporter]
    if len(others) < confirmations_needed(state, report):
        return
    names = [state.players[p].name for p in others]
    reason = ("self-report confirmed by " + ", ".join(names)) if names else "self-report"
    work.actor = f"player:{state.players[report.reporter].name}"
    work.append([report_action(report, reason)])


# -- reading ------------------------------------------------------------------------------------
class SeasonService(EventService):
    """The season's use cases on top of the event service (each method runs one command)."""

    def season(self, slug: str) -> LoadedEvent:
        loaded = self.load(slug)
        season(loaded)
        return loaded


def names_list(text: str | None) -> tuple[str, ...]:
    return tuple(n.strip() for n in (text or "").split(",") if n.strip())


def pairs(items: Sequence[str], what: str) -> tuple[tuple[str, int], ...]:
    """``Name=57`` items as (name, number)."""
    out = []
    for item in items:
        name, sep, value = item.rpartition("=")
        value = value.strip().lstrip("+")
        if not sep or not name.strip() or not value.lstrip("-").isdigit():
            raise InvalidInput("%(what)s %(item)r: write it as NAME=NUMBER", code="sw.pair",
                               field=what, what=what, item=item[:60])
        out.append((name.strip(), int(value)))
    return tuple(out)
