"""Marathon use cases (regulation MJ): ingest games, penalties, disqualifications, reverts,
publications and the stage/total tables. One transaction each, through
:meth:`EventService.execute`, so a refused action stores nothing.

Players: a game that names an unknown player registers that name in the same transaction
(core ``player.registered`` actions, written before the games), so an import is one step.
Games are stored in batches of :data:`BATCH` per ``mahjong.games.added`` action, which keeps a
million games loadable from the database in seconds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from podium.core.errors import Conflict, InvalidInput
from podium.core.log import Action, Kind
from podium.core.model import EventState
from podium.core.views import N_, TableView
from podium.formats.mahjong_marathon import views as mviews
from podium.formats.mahjong_marathon.book import MarathonBook
from podium.formats.mahjong_marathon.files import (
    GameRecord,
    make_record,
    parse_start,
    read_games,
    resolve_zone,
)
from podium.formats.mahjong_marathon.rules import (
    GAME_DQ,
    GAMES_ADDED,
    PENALTY,
    PLAYER_DQ,
    PUBLISHED,
    REVERTED,
    book_of,
    check_stage,
)
from podium.formats.mahjong_marathon.views import published_views
from podium.service.commands import Command
from podium.service.events import EventService, LoadedEvent, NewAction, Outcome
from podium.service.forms import resolve_player

BATCH = 20_000
FORMAT = "mahjong-marathon"
Progress = Callable[[str, int, int], None]


@dataclass
class ImportSummary:
    """What an import did. ``changed`` lists ids already stored with different data: they are
    reported and NOT applied (what a game counts for changes only by an organiser decision)."""

    read: int = 0
    added: int = 0
    duplicates: int = 0
    other_tables: int = 0
    outside_calendar: int = 0
    new_players: int = 0
    changed: list[str] = field(default_factory=list)
    # games skipped: two of their names are one player when names are compared without case
    case_merged: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"read": self.read, "added": self.added, "duplicates": self.duplicates,
                "other_tables": self.other_tables, "outside_calendar": self.outside_calendar,
                "new_players": self.new_players, "changed": len(self.changed),
                **({"case_merged": len(self.case_merged)} if self.case_merged else {})}


def _marathon(loaded: LoadedEvent) -> MarathonBook:
    if loaded.ruleset.name != FORMAT:
        raise Conflict(
            "event %(slug)r is a %(name)s event, not a mahjong marathon",
            slug=loaded.state.slug, name=loaded.ruleset.name)
    return book_of(loaded.state)


def _same(book: MarathonBook, state: EventState, index: int, record: GameRecord) -> bool:
    g = book.games
    ids = [state.player_by_name(n) for n in record.names]
    return (
        g.table_names[int(g.table[index])] == record.table
        and int(g.start[index]) == record.start
        and int(g.usec[index]) == record.usec
        and all(p is not None for p in ids)
        and [p.id for p in ids if p] == g.players[index].tolist()
        and list(record.gp) == g.gp[index].tolist()
    )


@dataclass(frozen=True)
class IngestGames(Command[ImportSummary]):
    """Idempotent ingest: a game already stored with the same data is a duplicate (not counted
    twice); one stored with different data is reported in ``changed`` and not applied; games at
    other tables (rule MJ-3) or outside the stage calendar (MJ-1, MJ-2) are skipped and
    counted. With ``strict`` (manual entry) those are errors instead."""

    records: tuple[GameRecord, ...]
    source: str = ""
    strict: bool = False
    progress: Progress | None = field(default=None, compare=False)

    def run(self, service: EventService, actor: str) -> Outcome[ImportSummary]:
        with service.unit(self.slug, actor) as work:
            summary, actions = self.plan(work.loaded)
            work.append(actions)
            if self.progress:
                self.progress("stored", summary.read, summary.read)
            return Outcome(work.loaded, list(work.stored), summary)

    def plan(self, loaded: LoadedEvent) -> tuple[ImportSummary, list[NewAction]]:
        records, strict, progress = self.records, self.strict, self.progress
        summary = ImportSummary(read=len(records))
        state = loaded.state
        book = _marathon(loaded)
        settings = state.settings
        regex = settings.table_regex()
        bounds = settings.stage_bounds
        seen: dict[str, GameRecord] = {}
        fresh: list[GameRecord] = []
        for i, r in enumerate(records):
            if not regex.fullmatch(r.table):
                if strict:
                    raise InvalidInput(N_("%(table)s does not count; only tables matching "
                                          "%(pattern)s do (rule MJ-3)"), code="mj.table",
                                       field="table", table=r.table,
                                       pattern=settings.table_pattern)
                summary.other_tables += 1
                continue
            if not any(lo <= r.start < hi for lo, hi in bounds):
                if strict:
                    raise InvalidInput(N_("%(start)s is outside every stage of the calendar "
                                          "(rules MJ-1, MJ-2)"), code="mj.calendar",
                                       field="start",
                                       start=datetime.fromtimestamp(r.start, UTC)
                                       .strftime("%Y-%m-%d %H:%M UTC"))
                summary.outside_calendar += 1
                continue
            twin = seen.get(r.game_id)
            if twin is not None:
                if (twin.table, twin.start, twin.usec, twin.names, twin.gp) != (
                        r.table, r.start, r.usec, r.names, r.gp):
                    raise InvalidInput("%(where)s: game %(game)r appears twice in the file with "
                                       "different data (%(other)s)", code="mj.twice",
                                       where=r.where, game=r.game_id, other=twin.where)
                summary.duplicates += 1
                continue
            keys = [state.name_key(n) for n in r.names]
            if len(set(keys)) < len(keys):  # names that differ only in case, told apart only
                if strict:                  # when the event's names are case-sensitive
                    raise InvalidInput(N_("%(names)s are one player in this event (names are "
                                          "compared without case): they cannot sit at one "
                                          "table"), code="mj.case", field="player1",
                                       names=list(r.names))
                summary.case_merged.append(r.game_id)
                continue
            seen[r.game_id] = r
            stored = book.games.index.get(r.game_id)
            if stored is not None:
                if _same(book, state, stored, r):
                    summary.duplicates += 1
                else:
                    if strict:
                        raise Conflict(N_("game %(game)s is already stored with different data"),
                                       code="mj.changed", field="game_id", game=r.game_id)
                    summary.changed.append(r.game_id)
                continue
            fresh.append(r)
            if progress and i % 20000 == 0:
                progress("checking", i, len(records))
        actions: list[NewAction] = []
        next_id = 0  # found when a first new player needs it: max() scans every player
        known: dict[str, int] = {}
        for r in fresh:
            for name in r.names:
                key = state.name_key(name)
                if key in known:
                    continue
                player = state.player_by_name(name)
                if player is None:
                    next_id = next_id or max(state.players, default=0) + 1
                    known[key] = next_id
                    actions.append(NewAction(Kind.PLAYER_REGISTERED,
                                             {"player": next_id, "name": name}))
                    next_id += 1
                else:
                    known[key] = player.id
        summary.new_players = len(actions)
        summary.added = len(fresh)
        for lo in range(0, len(fresh), BATCH):
            chunk = fresh[lo : lo + BATCH]
            tables = sorted({r.table for r in chunk})
            code = {t: i for i, t in enumerate(tables)}
            payload: dict[str, Any] = {
                "ids": [r.game_id for r in chunk],
                "tables": tables,
                "table": [code[r.table] for r in chunk],
                "start": [r.start for r in chunk],
                "players": [known[state.name_key(n)] for r in chunk for n in r.names],
                "gp": [g for r in chunk for g in r.gp],
            }
            if any(r.usec for r in chunk):
                payload["usec"] = [r.usec for r in chunk]
            if lo + BATCH >= len(fresh):
                payload["summary"] = {"source": self.source, **summary.to_json()}
            actions.append(NewAction(GAMES_ADDED, payload))
        return summary, actions


@dataclass(frozen=True)
class _Decision(Command[int]):
    """An organiser decision; answers the seq of its action (what a revert names)."""

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> int:
        return stored[-1].seq


@dataclass(frozen=True)
class AddPenalty(_Decision):
    """Rule MJ-6: 6a needs the game, 6b and 6c the stage."""

    kind: str = ""
    player: str = ""
    amount: int = 0
    reason: str = ""
    game: str | None = None
    stage: int | None = None

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        _marathon(loaded)
        kind = self.kind.lower().removeprefix("mj-")
        payload: dict[str, Any] = {"kind": kind,
                                   "player": resolve_player(loaded.state, self.player).id,
                                   "amount": self.amount}
        if kind == "6a":
            if not self.game:
                raise InvalidInput("a 6a penalty needs the game (--game ID)", code="mj.game",
                                   field="game")
            payload["game"] = self.game
        elif kind in ("6b", "6c"):
            if self.stage is None:
                raise InvalidInput("a %(kind)s penalty needs the stage (--stage N)",
                                   code="mj.stage", field="stage", kind=kind)
            payload["stage"] = self.stage
        return [NewAction(PENALTY, payload, self.reason)]


@dataclass(frozen=True)
class DisqualifyGame(_Decision):
    """Rule MJ-5."""

    game: str = ""
    ground: str = "other"
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        _marathon(loaded)
        return [NewAction(GAME_DQ, {"game": self.game, "ground": self.ground}, self.reason)]


@dataclass(frozen=True)
class DisqualifyPlayer(_Decision):
    """Rule MJ-6: the player's games from ``start`` (until ``until``) do not count."""

    player: str = ""
    start: str = ""
    until: str | None = None
    zone: str | None = None
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        _marathon(loaded)
        # rule MJ-2: the organiser's decisions are in the decision (stage) zone, Moscow by
        # default, like the stage calendar; ``server`` or any zone name may be given instead
        zone = self.zone or loaded.state.settings.stage_timezone
        try:
            tz = resolve_zone(zone, loaded.state.settings.server_timezone)
        except InvalidInput as error:
            raise InvalidInput(error.msgid, field="zone", code="mj.zone",
                               **error.params) from None
        payload = {
            "player": resolve_player(loaded.state, self.player).id,
            "from": parse_start(self.start, tz, "from"),
            "until": parse_start(self.until, tz, "until") if self.until else None,
        }
        return [NewAction(PLAYER_DQ, payload, self.reason)]


@dataclass(frozen=True)
class RevertDecision(_Decision):
    seq: int = 0
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        _marathon(loaded)
        return [NewAction(REVERTED, {"seq": self.seq}, self.reason)]


@dataclass(frozen=True)
class Publish(Command[int]):
    """Rule MJ-11: freeze a snapshot; its tables compare with the previous publication.
    Answers the publication's number."""

    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        book = _marathon(loaded)
        snap = mviews.snapshot(book, loaded.state.settings)
        return [NewAction(PUBLISHED, {"number": len(book.publications) + 1, "snapshot": snap},
                          self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> int:
        return len(book_of(loaded.state).publications)


class MarathonService(EventService):
    """The marathon's use cases on top of the event service: each method runs one command."""

    def import_file(self, slug: str, data: bytes, filename: str, actor: str,
                    zone: str | None = None, progress: Progress | None = None) -> ImportSummary:
        """Read a CSV or JSON file and ingest its games (see :class:`IngestGames`)."""
        loaded = self.load(slug)
        _marathon(loaded)
        records = read_games(data, filename, loaded.state.settings.server_timezone, zone, progress)
        return self.ingest(slug, records, actor, progress=progress, source=filename)

    def ingest(self, slug: str, records: Sequence[GameRecord], actor: str, *,
               progress: Progress | None = None, source: str = "",
               strict: bool = False) -> ImportSummary:
        command = IngestGames(slug, tuple(records), source, strict, progress)
        return self.execute(command, actor).value

    def add_game(self, slug: str, game_id: str, table: str, start: str, zone: str | None,
                 seats: Sequence[tuple[str, Any]], actor: str) -> ImportSummary:
        """Manual entry of one game (strict: a non-counting table or a changed id is an error)."""
        loaded = self.load(slug)
        _marathon(loaded)
        tz = resolve_zone(zone, loaded.state.settings.server_timezone)
        record = make_record(game_id, table, parse_start(start, tz, "start"), list(seats), "")
        return self.ingest(slug, [record], actor, strict=True, source="manual entry")

    def penalty(self, slug: str, kind: str, player: str, amount: int, reason: str, actor: str,
                *, game: str | None = None, stage: int | None = None) -> int:
        return self.execute(AddPenalty(slug, kind, player, amount, reason, game, stage),
                            actor).value

    def disqualify_game(self, slug: str, game: str, ground: str, reason: str, actor: str) -> int:
        return self.execute(DisqualifyGame(slug, game, ground, reason), actor).value

    def disqualify_player(self, slug: str, player: str, start: str, until: str | None,
                          zone: str | None, reason: str, actor: str) -> int:
        return self.execute(DisqualifyPlayer(slug, player, start, until, zone, reason),
                            actor).value

    def revert(self, slug: str, seq: int, reason: str, actor: str) -> int:
        return self.execute(RevertDecision(slug, seq, reason), actor).value

    def decisions(self, slug: str) -> tuple[EventState, MarathonBook]:
        loaded = self.load(slug)
        return loaded.state, _marathon(loaded)

    def publish(self, slug: str, actor: str, reason: str = "") -> tuple[EventState, int,
                                                                         list[TableView]]:
        done = self.execute(Publish(slug, reason), actor)
        book = book_of(done.state)
        return done.state, done.value, published_views(done.state, book, done.value)

    def tables(self, slug: str, publication: int | None = None) -> tuple[EventState,
                                                                          list[TableView]]:
        """The live tables (against the last publication), or a frozen publication's."""
        loaded = self.load(slug)
        book = _marathon(loaded)
        if publication is None:
            return loaded.state, loaded.ruleset.views(loaded.state)
        return loaded.state, published_views(loaded.state, book, publication)


def pick_view(views: list[TableView], stage: int | None, state: EventState) -> TableView:
    """The table of ``stage`` (1-based), or the total when None."""
    if stage is None:
        return views[-1]
    check_stage(state.settings, stage)
    return views[stage - 1]

