"""Marathon use cases (regulation MJ): ingest games, penalties, disqualifications, reverts,
publications and the stage/total tables. One transaction each, through
:meth:`EventService.execute`, so a refused action stores nothing.

These command objects are what the declarations build (:mod:`.declared`, served by the
command line, the API and the pages alike); :class:`MarathonService` runs them from Python
(the demo, tests). The catalog runs a format's commands on that format's events only, so none
of them checks the event's format again.

Players: a game that names an unknown player registers that name in the same transaction
(core ``player.registered`` actions, written before the games), so an import is one step.
Games are stored in batches of :data:`BATCH` per ``mahjong.games.added`` action, which keeps a
million games loadable from the database in seconds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, BinaryIO

from podium.core.errors import Conflict, InvalidInput, PodiumError
from podium.core.log import Action, Kind
from podium.core.model import EventState
from podium.core.views import N_, TableView
from podium.formats.mahjong_marathon import codes
from podium.formats.mahjong_marathon import views as mviews
from podium.formats.mahjong_marathon.book import MarathonBook
from podium.formats.mahjong_marathon.files import (
    SEATS,
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
SERVER = "server"  # rule MJ-2: the zone word meaning the game server's zone
Progress = Callable[[str, int, int], None]
#: The fields of a game typed seat by seat (a page's form), refused as ``players`` elsewhere.
SEAT_FIELDS = frozenset({f"{what}{k}" for what in ("player", "gp") for k in range(1, 5)})


@dataclass
class ImportSummary:
    """What an import did. ``changed`` lists ids already stored with different data: they are
    reported and NOT applied (what a game counts for changes only by an organiser decision).
    ``game``: the id of a game typed in by hand."""

    read: int = 0
    added: int = 0
    duplicates: int = 0
    other_tables: int = 0
    other_sizes: int = 0  # games of another table size (a server log's 3-player games), skipped
    outside_calendar: int = 0
    fractional: int = 0  # games with fractional game points (not the regulation's), skipped
    tenths: int = 0  # games scored in tenths, added (``fractional_points``: accept; MJ-3)
    guest_seats: int = 0  # seats of anonymous guests (the ``guest_names`` setting, rule MJ-3)
    new_players: int = 0
    changed: list[str] = field(default_factory=list)
    # games skipped: two of their names are one player when names are compared without case
    case_merged: list[str] = field(default_factory=list)
    game: str = ""

    def to_json(self) -> dict[str, Any]:
        """What the log stores of it (the batch's ``summary``): counts only."""
        return {"read": self.read, "added": self.added, "duplicates": self.duplicates,
                "other_tables": self.other_tables, "outside_calendar": self.outside_calendar,
                "new_players": self.new_players, "changed": len(self.changed),
                **({"case_merged": len(self.case_merged)} if self.case_merged else {}),
                **({"other_sizes": self.other_sizes} if self.other_sizes else {}),
                **({"fractional": self.fractional} if self.fractional else {}),
                **({"tenths": self.tenths} if self.tenths else {}),
                **({"guest_seats": self.guest_seats} if self.guest_seats else {})}

    def answer(self) -> dict[str, Any]:
        """What a command answers: the counts, and the ids changed or skipped."""
        return {**self.to_json(), "other_sizes": self.other_sizes,
                "guest_seats": self.guest_seats, "fractional": self.fractional,
                "tenths": self.tenths,
                "changed": list(self.changed),
                "case_merged": list(self.case_merged)}


def marathon_book(loaded: LoadedEvent) -> MarathonBook:
    """The event's book. The catalog runs this format's commands on its events only; a
    Python caller (:class:`MarathonService`) names a marathon."""
    assert loaded.ruleset.name == FORMAT, f"{loaded.state.slug} is not a mahjong marathon"
    return book_of(loaded.state)


def require_marathon(loaded: LoadedEvent) -> MarathonBook:
    """For the marathon's reads (its tables, publications, decisions): the event's book, or a
    refusal naming the event's format."""
    if loaded.ruleset.name != FORMAT:
        raise Conflict(N_("event %(slug)r is a %(name)s event, not a mahjong marathon"),
                       code=codes.NOT_MARATHON, slug=loaded.state.slug,
                       name=loaded.ruleset.name)
    return book_of(loaded.state)


def guest_seat(seat: int) -> int:
    """The id a game stores for an anonymous guest at ``seat`` (0-based): -1 to -4. A guest is
    a different person each time, so no player is registered for one (rule MJ-3)."""
    return -(seat + 1)


def _seat_ids(state: EventState, record: GameRecord, guests: frozenset[str]) -> list[int | None]:
    ids: list[int | None] = []
    for seat, name in enumerate(record.names):
        if name in guests:
            ids.append(guest_seat(seat))
        else:
            player = state.player_by_name(name)
            ids.append(None if player is None else player.id)
    return ids


def _same(book: MarathonBook, state: EventState, index: int, record: GameRecord,
          guests: frozenset[str]) -> bool:
    g = book.games
    ids = _seat_ids(state, record, guests)
    return (
        g.table_names[int(g.table[index])] == record.table
        and int(g.start[index]) == record.start
        and int(g.usec[index]) == record.usec
        and ids == g.players[index].tolist()
        and _in_unit(record, book.gp_unit) == g.gp[index].tolist()
    )


def _in_unit(record: GameRecord, unit: int) -> list[int | None]:
    """The game's GP in 1/``unit`` points, as the book holds them (None: not a whole number of
    them, a game in tenths against whole points)."""
    if record.tenths is not None:
        return [t * unit // 10 if t * unit % 10 == 0 else None for t in record.tenths]
    return [g * unit for g in record.gp]


@dataclass(frozen=True)
class IngestGames(Command[ImportSummary]):
    """Idempotent ingest: a game already stored with the same data is a duplicate (not counted
    twice); one stored with different data is reported in ``changed`` and not applied; games at
    other tables (rule MJ-3) or outside the stage calendar (MJ-1, MJ-2) are skipped and
    counted. With ``strict`` (manual entry) those are errors instead, naming the field."""

    records: tuple[GameRecord, ...]
    source: str = ""
    strict: bool = False
    progress: Progress | None = field(default=None, compare=False)

    def run(self, service: EventService, actor: str) -> Outcome[ImportSummary]:
        with service.unit(self.slug, actor) as work:
            summary, actions = self.plan(work.loaded)
            work.append(actions)
            if self.progress:
                self.progress(N_("stored"), summary.read, summary.read)
            return Outcome(work.loaded, list(work.stored), summary)

    def plan(self, loaded: LoadedEvent) -> tuple[ImportSummary, list[NewAction]]:
        records, strict, progress = self.records, self.strict, self.progress
        summary = ImportSummary(read=len(records))
        state = loaded.state
        book = marathon_book(loaded)
        settings = state.settings
        regex = settings.table_regex()
        bounds = settings.stage_bounds
        guests = frozenset(settings.guest_names)
        tenths = settings.accepts_tenths
        seen: dict[str, GameRecord] = {}
        fresh: list[GameRecord] = []
        for i, r in enumerate(records):
            if not regex.fullmatch(r.table):
                if strict:
                    raise InvalidInput(N_("%(table)s does not count; only tables matching "
                                          "%(pattern)s do (rule MJ-3)"), code=codes.TABLE,
                                       field="table", table=r.table,
                                       pattern=settings.table_pattern)
                summary.other_tables += 1
                continue
            if len(r.names) != SEATS:  # a file's game of another table size (rule MJ-3)
                summary.other_sizes += 1
                continue
            if r.fractional and not (tenths and r.tenths is not None):
                summary.fractional += 1  # scored in fractions of a point: rule MJ-3's default
                continue
            if not any(lo <= r.start < hi for lo, hi in bounds):
                if strict:
                    raise InvalidInput(N_("%(start)s is outside every stage of the calendar "
                                          "(rules MJ-1, MJ-2)"), code=codes.CALENDAR,
                                       field="start",
                                       start=datetime.fromtimestamp(r.start, UTC)
                                       .strftime("%Y-%m-%d %H:%M UTC"))
                summary.outside_calendar += 1
                continue
            twin = seen.get(r.game_id)
            if twin is not None:
                if (twin.table, twin.start, twin.usec, twin.names, twin.gp, twin.tenths) != (
                        r.table, r.start, r.usec, r.names, r.gp, r.tenths):
                    raise InvalidInput(N_("%(where)s: game %(game)r appears twice in the file "
                                          "with different data (%(other)s)"), code=codes.TWICE,
                                       where=r.at(), game=r.game_id, other=twin.at())
                summary.duplicates += 1
                continue
            keys = [state.name_key(n) for n in r.names if n not in guests]
            if len(set(keys)) < len(keys):  # names that differ only in case, told apart only
                if strict:                  # when the event's names are case-sensitive
                    raise InvalidInput(N_("%(names)s are one player in this event (names are "
                                          "compared without case): they cannot sit at one "
                                          "table"), code=codes.CASE, field="player1",
                                       names=list(r.names))
                summary.case_merged.append(r.game_id)
                continue
            seen[r.game_id] = r
            stored = book.games.index.get(r.game_id)
            if stored is not None:
                if _same(book, state, stored, r, guests):
                    summary.duplicates += 1
                else:
                    if strict:
                        raise Conflict(N_("game %(game)s is already stored with different data"),
                                       code=codes.CHANGED, field="id", game=r.game_id)
                    summary.changed.append(r.game_id)
                continue
            fresh.append(r)
            if progress and i % 20000 == 0:
                progress(N_("checking"), i, len(records))
        actions: list[NewAction] = []
        next_id = 0  # found when a first new player needs it: max() scans every player
        known: dict[str, int] = {}
        for r in fresh:
            for name in r.names:
                if name in guests:
                    summary.guest_seats += 1
                    continue
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
        summary.tenths = sum(1 for r in fresh if r.tenths is not None)
        for lo in range(0, len(fresh), BATCH):
            chunk = fresh[lo : lo + BATCH]
            tables = sorted({r.table for r in chunk})
            code = {t: i for i, t in enumerate(tables)}
            payload: dict[str, Any] = {
                "ids": [r.game_id for r in chunk],
                "tables": tables,
                "table": [code[r.table] for r in chunk],
                "start": [r.start for r in chunk],
                "players": [guest_seat(seat) if n in guests else known[state.name_key(n)]
                            for r in chunk for seat, n in enumerate(r.names)],
                "gp": [g for r in chunk for g in r.gp],
            }
            if any(r.tenths is not None for r in chunk):  # beyond the regulation (MJ-3)
                payload["gp"] = [g for r in chunk for g in (
                    r.tenths if r.tenths is not None else [x * 10 for x in r.gp])]
                payload["gp_scale"] = 10
            if any(r.usec for r in chunk):
                payload["usec"] = [r.usec for r in chunk]
            if lo + BATCH >= len(fresh):
                payload["summary"] = {"source": self.source, **summary.to_json()}
            actions.append(NewAction(GAMES_ADDED, payload))
        return summary, actions


def zone_of(loaded: LoadedEvent, zone: str | None, field: str) -> Any:
    """Rule MJ-2: a zone typed with a command (``server``: the game server's), refused naming
    ``field``; None when none was typed."""
    return resolve_zone(zone, loaded.state.settings.server_timezone, field)


@dataclass(frozen=True)
class ImportGames(Command[ImportSummary]):
    """A CSV or JSON file of games (rule MJ-3; ``zone``: the zone of times that carry none,
    ``server`` for the game server's, rule MJ-2), read and ingested idempotently
    (:class:`IngestGames`). A file that cannot be read is refused naming ``file``, with the
    line or game at fault; nothing is stored. ``data``: the file's bytes or a binary stream,
    read as it is parsed; more than ``max_games`` games are refused at the first one past it,
    the rest left unread (an import's memory follows the games it takes)."""

    data: bytes | BinaryIO = b""
    filename: str = ""
    zone: str | None = None
    progress: Progress | None = field(default=None, compare=False)
    max_games: int | None = None

    def run(self, service: EventService, actor: str) -> Outcome[ImportSummary]:
        loaded = service.load(self.slug)
        marathon_book(loaded)
        zone_of(loaded, self.zone, "zone")  # a bad zone names its own field, not the file
        try:  # read as a stream: the games are held, never the file
            records = read_games(self.data, self.filename,
                                 loaded.state.settings.server_timezone, self.zone,
                                 self.progress, frozenset(loaded.state.settings.guest_names),
                                 self.max_games)
        except PodiumError as error:
            raise error.at("file") from None
        return service.run_command(IngestGames(self.slug, tuple(records), self.filename,
                                           progress=self.progress), actor)


def _at_seat(error: PodiumError, seat_fields: bool) -> PodiumError:
    """A refusal of a typed game: a page's form names the seat (``gp3``), the command line and
    the API the one field that carries every seat (``players``)."""
    if not seat_fields and error.field in SEAT_FIELDS:
        error.field = "players"
    return error


def _moment(value: datetime | str | None, zone: Any, where: str) -> tuple[int, int]:
    """Rule MJ-2: a typed moment as UTC epoch seconds and microseconds; one without its own
    zone or offset is in ``zone``."""
    if isinstance(value, datetime):
        if value.tzinfo is None:
            assert zone is not None, "a typed moment is placed in a zone"
            value = value.replace(tzinfo=zone)
        return int(value.replace(microsecond=0).timestamp()), value.microsecond
    try:
        return parse_start(value, zone, where), 0
    except InvalidInput as error:
        error.field = where
        raise


@dataclass(frozen=True)
class AddGame(Command[ImportSummary]):
    """One game typed in (rule MJ-3: its id, a counting table, the start with its zone (MJ-2),
    four players and their GP), strict: a table that does not count, a start outside the
    calendar, a known id with other data are refused naming the field. The same game again
    changes nothing (``duplicates`` 1). ``zone`` (default the game server's) places a start
    typed without one. ``seat_fields``: refusals name the seat's field (a page's form)."""

    game: str = ""
    table: str = ""
    start: datetime | str | None = None
    zone: str | None = SERVER
    seats: tuple[tuple[str, Any], ...] = ()
    seat_fields: bool = False

    def run(self, service: EventService, actor: str) -> Outcome[ImportSummary]:
        with service.unit(self.slug, actor) as work:
            try:
                record = self.record(work.loaded)
                summary, actions = IngestGames(self.slug, (record,), "manual entry",
                                               strict=True).plan(work.loaded)
            except PodiumError as error:
                raise _at_seat(error, self.seat_fields) from None
            work.append(actions)
            summary.game = record.game_id
            return Outcome(work.loaded, list(work.stored), summary)

    def record(self, loaded: LoadedEvent) -> GameRecord:
        tz = zone_of(loaded, self.zone or SERVER, "zone")
        start, usec = _moment(self.start, tz, "start")
        state = loaded.state
        seats = []
        for k, (name, gp) in enumerate(self.seats, start=1):
            if isinstance(name, str) and name.startswith("#") and name[1:].isdigit():
                name = resolve_player(state, name, f"player{k}").name  # a player by #id
            seats.append((name, gp))
        return make_record(self.game, self.table, start, seats, "", usec)


@dataclass(frozen=True)
class Decided:
    """What a decision answers: its action's number (what a revert names), what it is about
    (the player, the game, the decision reverted) and the zone its times were read in."""

    seq: int
    subject: str = ""
    zone: str = ""


@dataclass(frozen=True)
class _Decision(Command[Decided]):
    """An organiser decision (rules MJ-5, MJ-6): one action with its reason."""

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Decided:
        return Decided(stored[-1].seq, self.subject(loaded, stored[-1]))

    def subject(self, loaded: LoadedEvent, action: Action) -> str:
        pid = action.payload.get("player")
        player = loaded.state.players.get(pid) if isinstance(pid, int) else None
        return player.name if player is not None else str(action.payload.get("game", ""))


@dataclass(frozen=True)
class AddPenalty(_Decision):
    """Rule MJ-6: 6a (GP in one game) needs the game, 6b (GP from the total) and 6c (TP of
    a stage) the stage; the amount is the regulation's unless ``custom_penalties``."""

    kind: str = ""
    player: str = ""
    amount: int = 0
    reason: str = ""
    game: str | None = None
    stage: int | None = None

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        marathon_book(loaded)
        kind = self.kind.lower().removeprefix("mj-")
        payload: dict[str, Any] = {"kind": kind,
                                   "player": resolve_player(loaded.state, self.player).id,
                                   "amount": self.amount}
        if kind == "6a":
            if not self.game:
                raise InvalidInput(N_("a 6a penalty needs the game (rule MJ-6a)"),
                                   code=codes.PENALTY_GAME, field="game")
            payload["game"] = self.game
        elif kind in ("6b", "6c"):
            if self.stage is None:
                raise InvalidInput(N_("a %(kind)s penalty needs the stage (rule MJ-%(kind)s)"),
                                   code=codes.PENALTY_STAGE, field="stage", kind=kind)
            payload["stage"] = self.stage
        return [NewAction(PENALTY, payload, self.reason)]


@dataclass(frozen=True)
class DisqualifyGame(_Decision):
    """Rule MJ-5: the game counts for none of its players."""

    game: str = ""
    ground: str = "other"
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        marathon_book(loaded)
        return [NewAction(GAME_DQ, {"game": self.game, "ground": self.ground}, self.reason)]


@dataclass(frozen=True)
class DisqualifyPlayer(_Decision):
    """Rule MJ-6 (last line): the player's games from ``start`` (until ``until``) do not count
    for them. Rule MJ-2: the times are in the decision (stage) zone, Moscow by default, like
    the stage calendar; ``server`` or any zone name may be given instead."""

    player: str = ""
    start: datetime | str | None = None
    until: datetime | str | None = None
    zone: str | None = None
    reason: str = ""

    def used_zone(self, loaded: LoadedEvent) -> str:
        zone = self.zone or loaded.state.settings.stage_timezone
        return loaded.state.settings.server_timezone if zone == SERVER else zone

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        marathon_book(loaded)
        tz = zone_of(loaded, self.zone or loaded.state.settings.stage_timezone, "zone")
        payload = {
            "player": resolve_player(loaded.state, self.player).id,
            "from": _moment(self.start, tz, "from")[0],
            "until": _moment(self.until, tz, "until")[0] if self.until else None,
        }
        return [NewAction(PLAYER_DQ, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Decided:
        return Decided(stored[-1].seq, self.subject(loaded, stored[-1]), self.used_zone(loaded))


@dataclass(frozen=True)
class RevertDecision(_Decision):
    """Undo a penalty or a disqualification (it stays in the log, marked reverted)."""

    seq: int = 0
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        marathon_book(loaded)
        return [NewAction(REVERTED, {"seq": self.seq}, self.reason)]

    def subject(self, loaded: LoadedEvent, action: Action) -> str:
        return str(self.seq)


@dataclass(frozen=True)
class Publication:
    """What a publication answers (rule MJ-11): its number, time, action and table keys; and
    for what the command line shows of it, the event as it stands after it and where (``out``)
    and in what language (``lang``) to write its tables."""

    number: int
    at: str
    seq: int
    tables: tuple[str, ...]
    state: EventState | None = field(default=None, compare=False, repr=False)
    out: str = ""
    lang: str = "en"


@dataclass(frozen=True)
class Publish(Command[Publication]):
    """Rule MJ-11: freeze a snapshot; its tables compare with the previous publication.
    ``out`` and ``lang``: where the command line writes the tables, and in what language."""

    reason: str = ""
    out: str = ""
    lang: str = "en"

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        book = marathon_book(loaded)
        snap = mviews.snapshot(book, loaded.state.settings)
        return [NewAction(PUBLISHED, {"number": len(book.publications) + 1, "snapshot": snap},
                          self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> Publication:
        book = book_of(loaded.state)
        last = book.publications[-1]
        keys = mviews.view_keys(len(last["snapshot"]["stages"]))
        return Publication(last["number"], last["at"], last["seq"],
                           tuple(key for key, _title, _args in keys), loaded.state, self.out,
                           self.lang)


class MarathonService(EventService):
    """The marathon's use cases from Python (the demo, tests): each method runs one command
    object; people reach the same ones through the declared commands (:mod:`.declared`)."""

    def import_file(self, slug: str, data: bytes, filename: str, actor: str,
                    zone: str | None = None, progress: Progress | None = None) -> ImportSummary:
        """Read a CSV or JSON file and ingest its games (see :class:`IngestGames`)."""
        return self.run_command(ImportGames(slug, data, filename, zone, progress), actor).value

    def ingest(self, slug: str, records: Sequence[GameRecord], actor: str, *,
               progress: Progress | None = None, source: str = "",
               strict: bool = False) -> ImportSummary:
        command = IngestGames(slug, tuple(records), source, strict, progress)
        return self.run_command(command, actor).value

    def add_game(self, slug: str, game_id: str, table: str, start: str, zone: str | None,
                 seats: Sequence[tuple[str, Any]], actor: str) -> ImportSummary:
        """Manual entry of one game (strict: a non-counting table or a changed id is an error)."""
        return self.run_command(AddGame(slug, game_id, table, start, zone or SERVER, tuple(seats)),
                            actor).value

    def penalty(self, slug: str, kind: str, player: str, amount: int, reason: str, actor: str,
                *, game: str | None = None, stage: int | None = None) -> int:
        return self.run_command(AddPenalty(slug, kind, player, amount, reason, game, stage),
                            actor).value.seq

    def disqualify_game(self, slug: str, game: str, ground: str, reason: str, actor: str) -> int:
        return self.run_command(DisqualifyGame(slug, game, ground, reason), actor).value.seq

    def disqualify_player(self, slug: str, player: str, start: str, until: str | None,
                          zone: str | None, reason: str, actor: str) -> int:
        return self.run_command(DisqualifyPlayer(slug, player, start, until, zone, reason),
                            actor).value.seq

    def revert(self, slug: str, seq: int, reason: str, actor: str) -> int:
        return self.run_command(RevertDecision(slug, seq, reason), actor).value.seq

    def publish(self, slug: str, actor: str, reason: str = "") -> tuple[EventState, int,
                                                                         list[TableView]]:
        done = self.run_command(Publish(slug, reason), actor)
        book = book_of(done.state)
        number = done.value.number
        return done.state, number, published_views(done.state, book, number)

    def tables(self, slug: str, publication: int | None = None) -> tuple[EventState,
                                                                          list[TableView]]:
        """The live tables (against the last publication), or a frozen publication's."""
        loaded = self.load(slug)
        book = require_marathon(loaded)
        if publication is None:
            return loaded.state, loaded.ruleset.tables(loaded.state)
        return loaded.state, published_views(loaded.state, book, publication)


def pick_view(views: list[TableView], stage: int | None, state: EventState) -> TableView:
    """The table of ``stage`` (1-based), or the total when None."""
    if stage is None:
        return views[-1]
    check_stage(state.settings, stage)
    return views[stage - 1]


__all__ = [
    "AddGame", "AddPenalty", "Decided", "DisqualifyGame", "DisqualifyPlayer", "ImportGames",
    "ImportSummary", "IngestGames", "MarathonService", "Publication", "Publish",
    "RevertDecision", "marathon_book", "require_marathon",
]
