"""Player self-report: personal codes, reports of one's own table, confirmations, and the
organiser's queue of conflicts.

A code belongs to one player of one event. With it a player reports the result of the table
they sit at in the current round: the table comes from the code, never from the request, so a
player can never report another table. The report waits until every other player of the table
confirms it; then it becomes the normal result action (actor ``player:<name>``, reason
"self-report confirmed by ..."), checked by the same :func:`podium.core.replay.apply` as any
entry. A different report for the same table, or a player's dispute, puts the table's reports in
the organiser's queue, and nothing changes until the organiser accepts one or rejects them.
Pending reports live outside the log (they are not decisions yet); accepted ones are the log.

An open-play format whose players report their games (capability ``reports``,
:class:`podium.core.commands.OpenReport`) gets the same: the code's player reports the game
the format says they are due in now (its :class:`~podium.core.commands.Place`: the game, its
players, the round and table numbers its reports are filed under, how many others confirm),
and a report counts while that game is still due with the same players; enough confirmations,
or the organiser's acceptance, make it the format's own actions (``OpenReport.actions``).

Every report, confirmation, dispute and decision runs in the event's unit of work, under the
same serialisation as result entries (:meth:`EventService.unit`: this process's lock, and the
database's, taken before the state and the open reports are read), so four matching reports
sent at once always join one report and make one result. A report records the draw of its round
(the round's seed, new at every draw): when the organiser undoes the round and pairs it again,
the reports of the old draw no longer count, and a player who confirms one is told to report
again. Reports stored before the draw was recorded count for the round's current draw. A report
also records its table's players: when the organiser moves or swaps players of the unstarted
round by hand, the reports of the tables whose players changed no longer count either.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from podium.core import codes
from podium.core.commands import OpenReport, Place
from podium.core.errors import Conflict, Forbidden, InvalidInput, NotFound
from podium.core.log import Action, Kind
from podium.core.model import EventState, Player, Round, Table
from podium.core.ruleset import Ruleset
from podium.core.views import N_
from podium.service.events import Clock, EventService, LoadedEvent, NewAction, UnitOfWork
from podium.service.throttle import Client, Gate
from podium.store.db import insert_if_absent
from podium.store.models import PlayerCodeRow, SelfReportRow
from podium.store.repository import EventRepository

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed on phones
CODE_LENGTH = 8
PENDING = "pending"
CONFLICT = "conflict"
ACCEPTED = "accepted"
REJECTED = "rejected"
OPEN = (PENDING, CONFLICT)

EntryBuilder = Callable[[EventState, Round, Table], dict[str, Any]]
#: An open-play format's report entry from what the player typed, for their game.
GameEntryBuilder = Callable[[EventState, Place], dict[str, Any]]


@dataclass(frozen=True)
class Report:
    id: int
    round: int
    table: int
    reporter: int
    entry: dict[str, Any]
    confirmed_by: tuple[int, ...]
    status: str
    note: str
    created_at: datetime
    decided_by: str
    draw: int | None = None
    seats: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Seat:
    """Where a code's player sits now: the round, the table, or None (no round, a bye); in
    an open-play format, the game they are due in (``place``; None: none is)."""

    player: Player
    round: Round | None
    table: Table | None
    place: Place | None = None


@dataclass(frozen=True)
class Filing:
    """Where a report is filed and what it needs: a round's table (its draw, its players, all
    of whom confirm) or an open-play format's game (its players, and how many of the others
    confirm: None for all)."""

    round: int
    table: int
    seats: tuple[int, ...]
    draw: int | None = None
    confirmations: int | None = None
    place: Place | None = None

    @classmethod
    def of_table(cls, rnd: Round, table: Table) -> Filing:
        return cls(rnd.number, table.number, tuple(table.seats), rnd.seed)

    @classmethod
    def of_place(cls, place: Place) -> Filing:
        return cls(place.round, place.table, tuple(place.players), None, place.confirmations,
                   place)

    def holds(self, row: SelfReportRow | Report) -> bool:
        """Whether ``row`` is a report of this table or game as it is now."""
        if (row.round, row.table) != (self.round, self.table):
            return False
        if self.place is not None:
            return row.seats is None or sorted(row.seats) == sorted(self.seats)
        return (row.draw is None or row.draw == self.draw) and (
            row.seats is None or sorted(row.seats) == sorted(self.seats))

    def confirmed(self, row: SelfReportRow) -> bool:
        """Rule of every table: all its players confirmed; of an open-play game: the reporter
        and as many of the others as the format asks."""
        if self.place is None:
            return not set(row.confirmed_by) < set(self.seats)
        others = len([p for p in row.confirmed_by if p != row.reporter and p in self.seats])
        needed = len(self.seats) - 1
        if self.confirmations is not None:
            needed = min(needed, self.confirmations)
        return others >= needed


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(code: str) -> str:
    """A code as typed, compared as stored: spaces and dashes dropped, upper case; empty (no
    code, never looked up) when it holds anything a code cannot (a NUL, a symbol)."""
    wanted = "".join(code.split()).upper().replace("-", "")
    return wanted if wanted.isascii() and wanted.isalnum() and len(wanted) <= 64 else ""


def _report(row: SelfReportRow) -> Report:
    return Report(
        row.id,
        row.round,
        row.table,
        row.reporter,
        dict(row.entry),
        tuple(row.confirmed_by),
        row.status,
        row.note,
        row.created_at,
        row.decided_by,
        row.draw,
        tuple(row.seats) if row.seats is not None else None,
    )


def _of_draw(row: SelfReportRow | Report, rnd: Round) -> bool:
    """Whether a report of ``rnd``'s number belongs to its current draw (one stored before the
    draw was recorded counts for any)."""
    return row.draw is None or row.draw == rnd.seed


def _still_seated(row: SelfReportRow | Report, rnd: Round) -> bool:
    """Whether the players a report was made for still sit at its table: a hand edit of an
    unstarted round (a move or a swap, :mod:`podium.core.round_edits`) changes who sits there
    without a new draw, and a report then names a player who left and binds one who never saw
    it. A report stored before its seats were recorded counts for the table as it is; a new
    turn order (the same players) keeps it."""
    if row.seats is None:
        return True
    try:
        table = rnd.table(row.table)
    except KeyError:
        return False
    return sorted(row.seats) == sorted(table.seats)


def _counts(row: SelfReportRow | Report, rnd: Round) -> bool:
    """Whether a report of ``rnd``'s number still counts: its draw and its table's players."""
    return _of_draw(row, rnd) and _still_seated(row, rnd)


def _stale(rnd: Round) -> Conflict:
    return Conflict(N_("this report was made for an earlier draw of round %(round)s; the "
                       "organiser undid that draw and paired the round again: report your "
                       "table's result again"), code=codes.REPORT_STALE, round=rnd.number)


class SelfReportService:
    """Reports of players identified by their code. Guessing codes is throttled per client
    (device or address), per (client, event) and per address
    (:mod:`podium.service.throttle`): adapters identify the caller through :meth:`seat` or
    :meth:`table_reports` with the client before anything else."""

    def __init__(self, events: EventService, throttle: Gate | None = None) -> None:
        self.events = events
        self.db = events.db
        # one throttle a service (the web's, the API's, the command line's): a new report
        # service for each call must not start its guesser's count again from zero
        self.throttle = throttle or events.code_throttle()
        #: The actions the last report, confirmation or decision stored (a result, a game)
        self.stored: list[Action] = []

    @property
    def clock(self) -> Clock:  # the event service's clock, so tests control both at once
        return self.events.clock

    # codes -------------------------------------------------------------------------------------
    def codes(self, slug: str) -> dict[int, str]:
        """Every registered player's code (new players get theirs now).

        Codes are made on first read, by whichever request comes first: each is inserted only
        if the player has none yet (:func:`insert_if_absent`), then read back, so concurrent
        first reads (two organisers, two server processes) agree on one code a player and
        none fails on a duplicate key."""
        loaded = self.events.load(slug)
        event_id = loaded.summary.id
        live = loaded.state.players  # a merged-away player is an alias, not one of them
        with self.db.session() as session:
            codes = self._stored_codes(session, event_id)
            gone = [pid for pid in codes if pid not in live]
            if gone:
                # a merged-away or removed player's code is revoked: never listed, printed on
                # a slip or accepted again (the kept player's code stands)
                session.execute(delete(PlayerCodeRow).where(
                    PlayerCodeRow.event_id == event_id, PlayerCodeRow.player_id.in_(gone)))
                codes = {pid: code for pid, code in codes.items() if pid in live}
            for _attempt in range(5):  # a new code may clash with one made at the same time
                missing = [pid for pid in loaded.state.players if pid not in codes]
                if not missing:
                    break
                fresh = self._unused_codes(session, len(missing))
                now = self.clock()
                insert_if_absent(session, PlayerCodeRow, [
                    {"event_id": event_id, "player_id": pid, "code": code, "created_at": now}
                    for pid, code in zip(missing, fresh, strict=True)])
                codes = self._stored_codes(session, event_id)
            return codes

    @staticmethod
    def _stored_codes(session: Session, event_id: int) -> dict[int, str]:
        rows = session.execute(select(PlayerCodeRow.player_id, PlayerCodeRow.code)
                               .where(PlayerCodeRow.event_id == event_id))
        return {player_id: code for player_id, code in rows}

    @staticmethod
    def _unused_codes(session: Session, count: int) -> list[str]:
        """``count`` new codes, none in use in any event (a code names one player anywhere)."""
        fresh: set[str] = set()
        while len(fresh) < count:
            wanted = {new_code() for _ in range(count - len(fresh))} - fresh
            used = set(session.scalars(select(PlayerCodeRow.code)
                                       .where(PlayerCodeRow.code.in_(wanted))))
            fresh |= wanted - used
        return sorted(fresh)[:count]

    def seat(self, slug: str, code: str, address: Client | str = "") -> Seat:
        """The player of ``code`` in event ``slug`` and their table now.

        Throttled per (client, event) pair, per client (``address``: a :class:`Client`, its
        device where known, or an address alone), per address and by a global cap
        (:mod:`podium.service.throttle`): a refused attempt raises TooManyAttempts (HTTP 429)
        before the code is looked up, a right code included; a right code from a client with
        no failures passes until its address's large allowance is used up."""
        with self.throttle.attempt(address, slug, "player code") as attempt:
            try:
                loaded, player = self._identify(slug, code)
            except Forbidden:
                attempt.failed()
                raise
        return _seat_of(loaded.state, player, loaded.ruleset)

    def _identify(self, slug: str, code: str) -> tuple[LoadedEvent, Player]:
        with self.db.session(readonly=True) as session:
            return self._identify_in(session, self.events.load(slug), code)

    # reports -----------------------------------------------------------------------------------
    def reports(self, slug: str, open_only: bool = False) -> list[Report]:
        """The event's reports; ``open_only``: those waiting, of the rounds' current draws (a
        report of an undone draw can no longer be decided)."""
        loaded = self.events.load(slug) if open_only else None
        with self.db.session(readonly=True) as session:
            event_id = EventRepository(session).get(slug).id
            query = select(SelfReportRow).where(SelfReportRow.event_id == event_id)
            if open_only:
                query = query.where(SelfReportRow.status.in_(OPEN))
            found = [_report(r) for r in session.scalars(query.order_by(SelfReportRow.id))]
        if loaded is not None:
            found = [r for r in found if _still_counts(r, loaded.state, loaded.ruleset)]
        return found

    def table_reports(self, slug: str, code: str,
                      address: Client | str = "") -> tuple[Seat, list[Report]]:
        """The code's seat and the open reports of its table."""
        seat = self.seat(slug, code, address)
        if seat.place is not None:
            filing = Filing.of_place(seat.place)
        elif seat.table is None or seat.round is None:
            return seat, []
        else:
            filing = Filing.of_table(seat.round, seat.table)
        return seat, [r for r in self.reports(slug, open_only=True) if filing.holds(r)]

    def report(self, slug: str, code: str, build: EntryBuilder) -> Report:
        """Report the result of the code's own table; returns the report (maybe accepted)."""

        def filed(loaded: LoadedEvent, player: Player) -> tuple[Filing, dict[str, Any]]:
            rnd, table = self._own_table(loaded, player)
            typed = build(loaded.state, rnd, table)
            entry = loaded.ruleset.score_entry(loaded.state, rnd, table, typed)
            return Filing.of_table(rnd, table), entry.entry

        return self.events.retrying(lambda: self._report_once(slug, code, filed))

    def report_game(self, slug: str, code: str, build: GameEntryBuilder) -> Report:
        """Report the game the code's player is due in (an open-play format): ``build``
        turns what they typed into the format's checked entry for that game."""

        def filed(loaded: LoadedEvent, player: Player) -> tuple[Filing, dict[str, Any]]:
            place = _own_place(loaded, player)
            return Filing.of_place(place), build(loaded.state, place)

        return self.events.retrying(lambda: self._report_once(slug, code, filed))

    def _report_once(self, slug: str, code: str,
                     filed: Callable[[LoadedEvent, Player], tuple[Filing, dict[str, Any]]]
                     ) -> Report:
        with self.events.unit(slug, "player", orm=True) as work:
            session, loaded = work.session, work.loaded
            player = self._player_of(session, loaded, code)
            filing, normalised = filed(loaded, player)
            open_rows = self._open_rows(session, loaded.summary.id, filing.round, filing.table)
            for row in open_rows:
                if filing.place is None and row.draw is not None and row.draw != filing.draw:
                    row.status, row.decided_by = REJECTED, "redraw"  # an undo and a new draw
                    row.note = row.note or f"round {filing.round} was drawn again"
                elif not filing.holds(row):  # a hand edit moved a player since
                    row.status, row.decided_by = REJECTED, "edit"
                    row.note = row.note or (f"the players of table {filing.table} changed"
                                            if filing.place is None else
                                            f"the players of {filing.place.game} changed")
            open_rows = [row for row in open_rows if filing.holds(row)]
            same = next((r for r in open_rows if r.entry == normalised), None)
            if same is not None and same.status == PENDING:
                if player.id not in same.confirmed_by:
                    same.confirmed_by = [*same.confirmed_by, player.id]
                self._maybe_accept(work, same, filing)
                self.stored = list(work.stored)
                return _report(same)
            status = CONFLICT if open_rows else PENDING
            for row in open_rows:
                row.status = CONFLICT
            row = SelfReportRow(
                event_id=loaded.summary.id,
                round=filing.round,
                table=filing.table,
                reporter=player.id,
                entry=normalised,
                confirmed_by=[player.id],
                status=status,
                note="",
                created_at=self.clock(),
                decided_by="",
                draw=filing.draw,
                seats=list(filing.seats),
            )
            session.add(row)
            session.flush()
            self._maybe_accept(work, row, filing)
            self.stored = list(work.stored)
            return _report(row)

    def confirm(self, slug: str, code: str, report_id: int) -> Report:
        return self.events.retrying(lambda: self._confirm_once(slug, code, report_id))

    def _confirm_once(self, slug: str, code: str, report_id: int) -> Report:
        with self.events.unit(slug, "player", orm=True) as work:
            player = self._player_of(work.session, work.loaded, code)
            row, filing = self._row_for_player(work.session, work.loaded, player, report_id)
            if row.status != PENDING:
                raise Conflict("this report waits for the organiser's decision",
                               code=codes.REPORT_WAITING)
            if player.id not in row.confirmed_by:
                row.confirmed_by = [*row.confirmed_by, player.id]
            self._maybe_accept(work, row, filing)
            self.stored = list(work.stored)
            return _report(row)

    def dispute(self, slug: str, code: str, report_id: int, note: str = "") -> Report:
        """A player at the table says the report is wrong: the organiser decides."""
        return self.events.retrying(lambda: self._dispute_once(slug, code, report_id, note))

    def _dispute_once(self, slug: str, code: str, report_id: int, note: str) -> Report:
        with self.events.unit(slug, "player", orm=True) as work:
            player = self._player_of(work.session, work.loaded, code)
            row, _table = self._row_for_player(work.session, work.loaded, player, report_id)
            if row.status not in OPEN:
                raise Conflict("this report is already decided", code=codes.REPORT_DECIDED)
            text = " ".join(note.split())[:500]
            if not text:  # the organiser who decides needs to know what is wrong
                raise InvalidInput(N_("note: a dispute needs a reason: say what is wrong"),
                                   code=codes.REPORT_REASON, field="note")
            row.status = CONFLICT
            row.note = f"{player.name}: {text}"
            return _report(row)

    def decide(
        self, slug: str, report_id: int, accept: bool, actor: str, reason: str = ""
    ) -> Report:
        """The organiser accepts one report (it becomes the result) or rejects it."""
        return self.events.retrying(
            lambda: self._decide_once(slug, report_id, accept, actor, reason))

    def _decide_once(self, slug: str, report_id: int, accept: bool, actor: str, reason: str
                     ) -> Report:
        with self.events.unit(slug, actor, orm=True) as work:
            session, loaded = work.session, work.loaded
            row = session.get(SelfReportRow, report_id)
            if row is None or row.event_id != loaded.summary.id:
                raise NotFound(
                    "no self-report %(report_id)s in this event", code=codes.REPORT_UNKNOWN,
                    report_id=report_id)
            if row.status not in OPEN:
                raise Conflict("this report is already decided", code=codes.REPORT_DECIDED)
            open_report = loaded.ruleset.open_report()
            if open_report is not None:
                if accept and not _still_counts(_report(row), loaded.state, loaded.ruleset):
                    raise Conflict(N_("this report was made for a game that is no longer "
                                      "due with those players: reject it"),
                                   code=codes.REPORT_STALE, round=row.round)
            elif accept and (row.round > len(loaded.state.rounds)
                             or not _of_draw(row, loaded.state.round(row.round))):
                raise Conflict(N_("this report was made for an earlier draw of round "
                                  "%(round)s, which was undone: reject it"),
                               code=codes.REPORT_STALE, round=row.round)
            if (accept and open_report is None
                    and not _still_seated(row, loaded.state.round(row.round))):
                raise Conflict(N_("this report was made before players were moved to or from "
                                  "table %(table)s: reject it"),
                               code=codes.REPORT_STALE, table=row.table)
            if accept:
                who = loaded.state.players[row.reporter].name
                why = reason.strip() or f"self-report by {who} accepted by {actor}"
                self._enter(work, row, actor, why)
                for other in self._open_rows(session, loaded.summary.id, row.round, row.table):
                    if other.id != row.id:
                        other.status, other.decided_by = REJECTED, actor
                row.status = ACCEPTED
            else:
                row.status = REJECTED
                why = " ".join(reason.split())[:300]
                if why:  # kept with the report: who rejected it, and why
                    row.note = "; ".join(n for n in (row.note, f"{actor}: {why}") if n)
            row.decided_by = actor
            self.stored = list(work.stored)
            return _report(row)

    # helpers -----------------------------------------------------------------------------------
    def _identify_in(
        self, session: Session, loaded: LoadedEvent, code: str
    ) -> tuple[LoadedEvent, Player]:
        return loaded, self._player_of(session, loaded, code)

    @staticmethod
    def _player_of(session: Session, loaded: LoadedEvent, code: str) -> Player:
        """The player of ``code`` in this event. One answer for every code that is not one of
        this event's (mistyped, made up, another event's): a guesser learns nothing more."""
        wanted = normalise_code(code)
        row = session.scalar(select(PlayerCodeRow).where(
            PlayerCodeRow.code == wanted, PlayerCodeRow.event_id == loaded.summary.id)
        ) if wanted else None
        if row is None or row.player_id not in loaded.state.players:
            raise Forbidden("this player code is not known; check it with the organiser",
                            code=codes.CODE_UNKNOWN)
        return loaded.state.players[row.player_id]

    @staticmethod
    def _own_table(loaded: LoadedEvent, player: Player) -> tuple[Round, Table]:
        seat = _seat_of(loaded.state, player, None)
        if seat.round is None:
            raise Conflict("no round is being played", code=codes.ROUND_NONE)
        if seat.table is None:
            raise Conflict(
                "%(name)s has no table in round %(number)s", code=codes.REPORT_NO_TABLE,
                name=player.name, number=seat.round.number)
        if seat.table.number in seat.round.results:
            raise Conflict(
                "table %(number)s already has its result; ask the organiser to correct it",
                code=codes.RESULT_EXISTS, number=seat.table.number
            )
        return seat.round, seat.table

    def _row_for_player(
        self, session: Session, loaded: LoadedEvent, player: Player, report_id: int
    ) -> tuple[SelfReportRow, Filing]:
        row = session.get(SelfReportRow, report_id)
        if row is None or row.event_id != loaded.summary.id:
            raise NotFound(
                "no self-report %(report_id)s in this event", code=codes.REPORT_UNKNOWN,
                report_id=report_id)
        if loaded.ruleset.open_report() is not None:
            filing = Filing.of_place(_own_place(loaded, player))
            if (row.round, row.table) == (filing.round, filing.table) and not filing.holds(row):
                raise Conflict(N_("this report was made before the players of your game "
                                  "changed: report its result again"),
                               code=codes.REPORT_STALE, table=row.table)
            if not filing.holds(row):
                raise Forbidden("you can only confirm a report of your own game",
                                code=codes.REPORT_OTHER_TABLE)
            return row, filing
        rnd, table = self._own_table(loaded, player)
        if row.round == rnd.number and not _of_draw(row, rnd):
            raise _stale(rnd)
        if (row.round, row.table) == (rnd.number, table.number) and not _still_seated(row, rnd):
            raise Conflict(N_("this report was made before the organiser moved players to or "
                              "from your table: report your table's result again"),
                           code=codes.REPORT_STALE, table=table.number)
        if (row.round, row.table) != (rnd.number, table.number):
            raise Forbidden("you can only confirm the report of your own table",
                            code=codes.REPORT_OTHER_TABLE)
        return row, Filing.of_table(rnd, table)

    @staticmethod
    def _open_rows(session: Session, event_id: int, rnd: int, table: int) -> list[SelfReportRow]:
        return list(
            session.scalars(
                select(SelfReportRow).where(
                    SelfReportRow.event_id == event_id,
                    SelfReportRow.round == rnd,
                    SelfReportRow.table == table,
                    SelfReportRow.status.in_(OPEN),
                )
            )
        )

    def _maybe_accept(self, work: UnitOfWork, row: SelfReportRow, filing: Filing) -> None:
        if row.status != PENDING or not filing.confirmed(row):
            return
        names = work.state.players
        others = [names[pid].name for pid in row.confirmed_by if pid != row.reporter]
        reason = f"self-report confirmed by {', '.join(others)}" if others else "self-report"
        self._enter(work, row, f"player:{names[row.reporter].name}", reason)
        row.status = ACCEPTED
        row.decided_by = "players"

    @staticmethod
    def _enter(work: UnitOfWork, row: SelfReportRow, actor: str, reason: str) -> None:
        """Append the result action in the caller's transaction, checked like any entry (an
        open-play format's report becomes the format's own actions)."""
        open_report = work.loaded.ruleset.open_report()
        if open_report is not None:
            _enter_game(work, open_report, row, actor, reason)
            return
        payload = {"round": row.round, "table": row.table, "entry": dict(row.entry)}
        if row.table in work.state.round(row.round).results:
            raise Conflict("table %(table)s already has its result", code=codes.RESULT_EXISTS,
                           table=row.table)
        saved, work.actor = work.actor, actor
        try:
            work.append([NewAction(Kind.RESULT_ENTERED, payload, reason)])
        finally:
            work.actor = saved


def _enter_game(work: UnitOfWork, open_report: OpenReport, row: SelfReportRow, actor: str,
                reason: str) -> None:
    place = open_report.place(work.state, row.reporter)
    if place is None or not Filing.of_place(place).holds(row):
        raise Conflict(N_("this report was made for a game that is no longer due with those "
                          "players: reject it"), code=codes.REPORT_STALE, round=row.round)
    actions = open_report.actions(work.state, place, dict(row.entry), row.reporter)
    saved, work.actor = work.actor, actor
    try:
        work.append([NewAction(kind, payload, reason) for kind, payload in actions])
    finally:
        work.actor = saved


def _own_place(loaded: LoadedEvent, player: Player) -> Place:
    """The game an open-play format's player is due in now (refused when none is)."""
    open_report = loaded.ruleset.open_report()
    place = open_report.place(loaded.state, player.id) if open_report is not None else None
    if place is None:
        raise Conflict("%(name)s has no game to report now", code=codes.REPORT_NO_GAME,
                       name=player.name)
    return place


def _still_counts(report: Report, state: EventState, ruleset: Ruleset) -> bool:
    """Whether an open report still counts: its round's draw and table's players (a round's
    table), or its game still due with the same players (an open-play format's)."""
    open_report = ruleset.open_report()
    if open_report is None:
        return report.round <= len(state.rounds) and _counts(report, state.round(report.round))
    if report.reporter not in state.players:
        return False
    place = open_report.place(state, report.reporter)
    return place is not None and Filing.of_place(place).holds(report)


def _seat_of(state: EventState, player: Player, ruleset: Ruleset | None) -> Seat:
    open_report = ruleset.open_report() if ruleset is not None else None
    if open_report is not None:
        return Seat(player, None, None, open_report.place(state, player.id))
    rnd = state.current_round
    if rnd is None:
        return Seat(player, None, None)
    for table in rnd.tables:
        if player.id in table.seats:
            return Seat(player, rnd, table)
    return Seat(player, rnd, None)

