"""The Legendary League as command objects (rules W7-31 .. W7-34), run on the year's series and
stored in its last season's log, where the year ends.

- :class:`SelectLegendary` (rules W7-31 .. W7-33): the selection from the whole year: each
  player's points per season (the series' ledger, the starting season included), their Battle
  of Titans points and the year's games for head-to-head, kept as the snapshot the selection
  replays from (``seven-wonders.legendary-selected``). The year's players who did not play the
  last season are registered in it first, in the same unit of work (the selection's players
  are the event's players). A preview stores nothing. A tie only the die breaks (W7-33 (6))
  is the organiser's: they enter the rolls or ask podium to roll; neither refuses the
  selection naming the players (a preview says whom the die decides between).
- :class:`AnswerLegendary` (rule W7-32): a picked player confirms or refuses
  (``seven-wonders.legendary-answer``, at the time it is entered). A place nobody answers for
  within 3 days passes by itself: the roster is derived from the clock, no action is needed.
- :class:`EnterLegendaryGame` (rule W7-34): the next game of the Legendary League's ladder,
  once every place is confirmed (``seven-wonders.legendary-game``).

Every check is the action kind's (:mod:`.legendary_rules`); a refusal names the command's field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from podium.core.errors import Conflict, InvalidInput, PodiumError
from podium.core.messages import Message
from podium.core.model import EventState, PlayerId
from podium.core.rng import derive_seed
from podium.core.series import Ledger
from podium.core.views import N_
from podium.formats.seven_wonders import codes, legendary, legendary_rules
from podium.formats.seven_wonders.season import Note, book_of, season_rows
from podium.formats.seven_wonders.survival_commands import player_id, positions_of, registered
from podium.formats.seven_wonders.year_commands import (
    finished,
    last_season,
    renamed,
    season_of,
    year_of,
)
from podium.service.commands import Command
from podium.service.events import EventService, LoadedEvent, NewAction, Outcome
from podium.service.series import series_ledger, series_members

SELECT_FIELDS = {"declined": "declined", "records": "event"}
GAME_FIELDS = {"results": "order", "games": "order", "players": "order"}


@dataclass(frozen=True)
class Selected:
    """The selection (stored or previewed): each pick's number, player, criterion (None: all
    seasons, k: the best k), points and reasons."""

    season: str
    picks: list[tuple[int, str, int | None, int, list[Note]]]
    notes: list[Note]
    preview: bool = False

    def messages(self) -> list[Message]:
        """Every pick's reasons, then the selection's own."""
        notes = [note for *_pick, reasons in self.picks for note in reasons] + self.notes
        return [Message(msgid, params) for msgid, params in notes]


@dataclass(frozen=True)
class Seat:
    """A place of the Legendary League now: its number, its holder, their status
    (``confirmed``, ``refused``, ``expired``, ``waiting``) and until when they may answer."""

    number: int
    player: str
    status: str
    deadline: datetime


@dataclass(frozen=True)
class League:
    """The Legendary League as of ``now``: its places, the final so far (places given, the
    final's wins, the next game's players, the champion) and every reason."""

    season: str
    seats: list[Seat]
    places: dict[str, int]
    wins: dict[str, int]
    next: list[str]
    champion: str | None
    notes: list[Note]
    answered: tuple[str, bool | None] | None = None  # the answer just given (rule W7-32)

    def messages(self) -> list[Message]:
        return [Message(msgid, params) for msgid, params in self.notes]


def year_inputs(ledger: Ledger, seasons: Sequence[EventState]
                ) -> tuple[dict[str, int], list[dict[str, int]]]:
    """Rule W7-33 (4), (5): each player's Battle of Titans points over the year and the year's
    games as each player's position, by name."""
    titans: dict[str, int] = {}
    games: list[dict[str, int]] = []
    for state in seasons:
        names = {pid: p.name for pid, p in state.players.items()}
        for row in season_rows(state):
            titans[names[row.player]] = titans.get(names[row.player], 0) + row.titans
        games.extend({names[p]: pos for p, pos in game.items()}
                     for game in legendary.season_games(book_of(state)))
    return titans, games


@dataclass(frozen=True)
class SelectLegendary(Command[Selected]):
    """Rules W7-31 .. W7-33: the Legendary League's selection over the year ``slug``;
    ``declined``: the players who declined in advance (W7-32); ``seed``: the die of W7-33 (6)
    when podium rolls it (default: from the year's seed); ``rolls``: the organiser's die, a
    value per tied player; ``podium_rolls``: the organiser asks podium to roll instead."""

    declined: tuple[str, ...] = ()
    seed: int | None = None
    preview: bool = False
    rolls: Mapping[str, int] = field(default_factory=dict)
    podium_rolls: bool = False

    def run(self, service: EventService, actor: str) -> Outcome[Selected]:
        series, members = series_members(service, year_of(service.load(self.slug)).state.slug)
        seasons = [season_of(m) for m in members]
        if not seasons:
            raise Conflict(N_("the year %(slug)s has no season yet: start it from the sign-ups "
                              "(rule W7-4)"), code=codes.YEAR_EMPTY, field="event",
                           slug=self.slug)
        last = finished(seasons[-1], "event")
        ledger = series_ledger(service, self.slug, loaded=(series, members))
        players = [row.player for row in ledger.rows]
        strangers = [n for n in self.declined if n not in players]
        if strangers:
            raise InvalidInput(N_("%(names)s played no season of the year (rule W7-32)"),
                               code=codes.LEGENDARY_DECLINED, field="declined",
                               names=strangers)
        titans, games = year_inputs(ledger, [s.state for s in seasons])
        seed = self.seed if self.seed is not None else derive_seed(series.state.seed,
                                                                   "legendary")
        try:
            with service.unit(last.state.slug, actor, dry_run=self.preview) as work:
                ids, new = registered(work.state, players)
                if new:
                    work.append(new)
                records = [{"player": ids[row.player], "titans": titans.get(row.player, 0),
                            "seasons": [{"season": i, "points": p}
                                        for i, p in enumerate(row.points) if p is not None]}
                           for row in ledger.rows]
                payload: dict[str, Any] = {
                    "records": records, "declined": [ids[n] for n in self.declined],
                    "seed": seed, "last_season": len(seasons) - 1,
                    "games": [[{"player": ids[n], "position": pos} for n, pos in game.items()]
                              for game in games if len(game) >= 2]}
                # rule W7-33 (6): the selection worked out with the organiser's die first, so
                # a tie nobody rolled for is named (refused, or said by a preview), never drawn
                dice = legendary.Dice(seed, {ids[n]: v for n, v in self.rolls.items()
                                             if n in ids}, self.podium_rolls, ask=True)
                probe = legendary_rules.selection_of(
                    legendary_rules.inputs_of(work.state, payload), dice)
                names = {pid: p.name for pid, p in work.state.players.items()}
                if not self.preview:
                    self.check_dice(probe, names)
                payload["rolls"] = [roll.payload() for roll in probe.rolls]
                payload["podium_rolls"] = self.podium_rolls
                work.append([NewAction(legendary_rules.SELECTED, payload)])
                value = (selected_from(work.state.slug, probe, names, True) if self.preview
                         else selected_of(work.state))
                return Outcome(work.loaded, list(work.stored), value)
        except PodiumError as error:
            raise renamed(error, SELECT_FIELDS) from None

    def check_dice(self, selection: legendary.Selection, names: Mapping[PlayerId, str]) -> None:
        """Rule W7-33 (6): every die is the organiser's, or podium's when asked; a roll is
        for a player of a tie the die decides."""
        if selection.missing:
            needed = Conflict(N_("a die roll by the organiser decides between %(names)s (rule "
                                 "%(rule)s): enter each one's roll, or let podium roll"),
                              code=codes.YEAR_DIE_NEEDED, field="roll",
                              names=[names[p] for p in selection.missing[0]], rule="W7-33 (6)")
            # every tie the die decides so far, to roll at once
            tied = dict.fromkeys(names[p] for group in selection.missing for p in group)
            needed.suggest = {"roll": ", ".join(f"{name}=" for name in tied)}
            raise needed
        used = {names[p] for roll in selection.rolls if roll.by == "organiser"
                for p in roll.players}
        strangers = sorted(n for n in self.rolls if n not in used)
        if strangers:
            raise InvalidInput(N_("no tie the die decides involves %(names)s (rule W7-33 (6))"),
                               code=codes.YEAR_DIE, field="roll", names=strangers)


def selected_of(state: EventState, preview: bool = False) -> Selected:
    """The selection stored in ``state``, as people read it."""
    book = legendary_rules.book_of(state)
    names = {pid: p.name for pid, p in state.players.items()}
    if book.selection is None:
        return Selected(state.slug, [], [], preview)
    return selected_from(state.slug, book.selection, names, preview)


def selected_from(slug: str, selection: legendary.Selection, names: Mapping[PlayerId, str],
                  preview: bool = False) -> Selected:
    picks = [(p.number, names[p.player], p.best, p.points, list(p.notes))
             for p in selection.picks]
    return Selected(slug, picks, list(selection.notes), preview)


def league_of(state: EventState, now: datetime) -> League:
    """The Legendary League stored in ``state`` as of ``now``."""
    names = {pid: p.name for pid, p in state.players.items()}
    found = legendary_rules.legendary_of(state, now)
    seats: list[Seat] = []
    notes: list[Note] = []
    if found.roster is not None:
        seats = [Seat(s.number, names[s.holder.player], s.holder.status, s.holder.deadline)
                 for s in found.roster.seats]
        notes.extend(found.roster.notes)
    final = found.final
    if final is None:
        return League(state.slug, seats, {}, {}, [], None, notes)
    for game in final.games:
        notes.extend(game.notes)
    notes.extend(final.notes)
    return League(state.slug, seats, {names[p]: n for p, n in final.places.items()},
                  {names[p]: n for p, n in final.wins.items()}, [names[p] for p in final.next],
                  None if final.champion is None else names[final.champion], notes)


@dataclass(frozen=True)
class AnswerLegendary(Command[League]):
    """Rule W7-32: ``player`` confirms (``accepted``) or refuses their place, now; or
    (``accepted`` None) the organiser states that they did not answer within their 3 days:
    the place has passed on by itself, so nothing is stored and the roster is the answer;
    refused while their 3 days run."""

    player: str = ""
    accepted: bool | None = True

    def run(self, service: EventService, actor: str) -> Outcome[League]:
        season = last_season(service, self.slug)
        if self.accepted is None:
            return self.no_answer(season, service.clock())
        with service.unit(season.state.slug, actor) as work:
            pid = player_id(work.state, self.player, "player", codes.LEGENDARY_PLAYER)
            work.append([NewAction(legendary_rules.ANSWER,
                                   {"player": pid, "accepted": self.accepted})])
            value = replace(league_of(work.state, work.stored[-1].at),
                            answered=(work.state.players[pid].name, self.accepted))
            return Outcome(work.loaded, list(work.stored), value)

    def no_answer(self, season: LoadedEvent, now: datetime) -> Outcome[League]:
        state = season.state
        pid = player_id(state, self.player, "player", codes.LEGENDARY_PLAYER)
        name = state.players[pid].name
        roster = legendary_rules.legendary_of(state, now).roster
        if roster is None:
            raise Conflict(N_("no Legendary League selection yet"),
                           code=codes.LEGENDARY_NONE, field="player")
        held = [h for seat in roster.seats for h in seat.holders if h.player == pid]
        if not held:
            raise Conflict(N_("%(name)s holds no place waiting for a confirmation (rule "
                              "W7-32)"), code=codes.LEGENDARY_NOT_WAITING, field="player",
                           name=name)
        holder = held[-1]
        if holder.status == "waiting":
            raise Conflict(N_("%(name)s has until %(deadline)s to answer (rule W7-32)"),
                           code=codes.LEGENDARY_DEADLINE, field="answer", name=name,
                           deadline=holder.deadline.strftime("%Y-%m-%d %H:%M UTC"))
        if holder.status != "expired":
            raise Conflict(N_("%(name)s has answered already (rule W7-32)"),
                           code=codes.LEGENDARY_ANSWERED, field="answer", name=name)
        return Outcome(season, [], replace(league_of(state, now), answered=(name, None)))


@dataclass(frozen=True)
class EnterLegendaryGame(Command[League]):
    """Rule W7-34: the Legendary League's next game, the site's standings best first (ties at
    one position joined, W7-3)."""

    order: tuple[tuple[str, ...], ...] = ()

    def run(self, service: EventService, actor: str) -> Outcome[League]:
        season = last_season(service, self.slug)
        try:
            with service.unit(season.state.slug, actor) as work:
                results = [{"player": self._id(work.state, name), "position": position}
                           for name, position in positions_of(self.order)]
                work.append([NewAction(legendary_rules.GAME, {"results": results})])
                value = league_of(work.state, work.stored[-1].at)
                return Outcome(work.loaded, list(work.stored), value)
        except PodiumError as error:
            raise renamed(error, GAME_FIELDS) from None

    @staticmethod
    def _id(state: EventState, name: str) -> PlayerId:
        return player_id(state, name, "order", codes.LEGENDARY_PLAYER)


__all__ = ["AnswerLegendary", "EnterLegendaryGame", "League", "Seat", "SelectLegendary",
           "Selected", "league_of", "selected_of", "year_inputs"]
