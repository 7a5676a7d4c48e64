"""Hand edits of a paired round: a player moved to another table, two players swapped, a
table's recorded turn order corrected; and the undo of the last edit still in force.

Generic and pure: a format declares the action kinds and says which table sizes it accepts
(:func:`move`'s ``sizes_ok``); this module changes the round's tables and byes in the state,
appends the edit's note to the round's notes (the round's explanation, with who, when and
why), re-scores a table whose turn order changes under a stored result (the elimination order
of a draw's survivors follows turn order, rule CMD-4b), and keeps, per round, the edits in
force so that an undo restores what the last one replaced.

An *unstarted* round is the last paired round with no result at any of its tables; a move or
a swap is refused on any other (a result belongs to the players who sat at the table). A turn
order may be corrected on any stored round, results or not: the result is scored again.

The edits in force live in ``state.extra[KEY]``, per round number, with the round object they
were made on: a round undone and paired again is another object, so its predecessor's edits
are not its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from podium.core import codes
from podium.core.errors import Conflict, InvalidInput, NotFound, Stale
from podium.core.model import Bye, EventState, PlayerId, Round, Table
from podium.core.views import N_

KEY = "round.edits"  # state.extra: round number -> Book

Layout = tuple[tuple[Table, ...], tuple[Bye, ...]]


@dataclass
class Edit:
    """One edit in force: the action that made it and the round's tables and byes before and
    after it (an undo restores ``before`` while the round still holds ``after``)."""

    seq: int
    before: Layout
    after: Layout


@dataclass
class Book:
    round: Round
    edits: list[Edit]


def when(moment: datetime) -> str:
    """The edit's time as the note shows it (UTC, as stored)."""
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def layout(rnd: Round) -> Layout:
    return tuple(rnd.tables), tuple(rnd.byes)


def edits_of(state: EventState, number: int) -> list[Edit]:
    """The edits in force on round ``number`` (oldest first)."""
    book = state.extra.get(KEY, {}).get(number)
    if book is None or number > len(state.rounds) or book.round is not state.rounds[number - 1]:
        return []
    return list(book.edits)


def last_edit(state: EventState) -> tuple[int, Edit] | None:
    """The latest edit in force on any stored round: (round number, edit)."""
    found = [(edit.seq, number, edit) for number in range(1, len(state.rounds) + 1)
             for edit in edits_of(state, number)]
    if not found:
        return None
    _, number, edit = max(found, key=lambda item: item[0])
    return number, edit


def _record(state: EventState, rnd: Round, seq: int, before: Layout) -> None:
    rnd.seq = seq  # the round's tables changed: their version is this action
    books = state.extra.setdefault(KEY, {})
    book = books.get(rnd.number)
    if book is None or book.round is not rnd:
        book = books[rnd.number] = Book(rnd, [])
    book.edits.append(Edit(seq, before, layout(rnd)))


def the_round(state: EventState, number: int) -> Round:
    if not 1 <= number <= len(state.rounds):
        raise NotFound(N_("no round %(round)s"), code=codes.ROUND_EDIT_ROUND, field="round",
                       round=number)
    return state.rounds[number - 1]


def unstarted(state: EventState, number: int) -> Round:
    """The round, when it may still be edited: the last paired round, no result at any table."""
    rnd = the_round(state, number)
    if rnd is not state.current_round:
        raise Conflict(N_("round %(round)s is not the last paired round: only the round about "
                          "to be played can be edited"), code=codes.ROUND_EDIT_ROUND, field="round",
                       round=number)
    if rnd.results:
        raise Conflict(N_("round %(round)s has begun: tables %(tables)s have results; players "
                          "are moved only before any result is entered"),
                       code=codes.ROUND_EDIT_STARTED, field="round", round=number,
                       tables=", ".join(map(str, sorted(rnd.results))))
    return rnd


def _place(rnd: Round, pid: PlayerId) -> Table | Bye | None:
    for table in rnd.tables:
        if pid in table.seats:
            return table
    return next((bye for bye in rnd.byes if bye.player == pid), None)


def _placed(state: EventState, rnd: Round, pid: PlayerId, field: str) -> Table | Bye:
    if pid not in state.players:
        raise NotFound(N_("no player #%(player)s"), code=codes.ROUND_EDIT_PLAYER, field=field,
                       player=pid)
    place = _place(rnd, pid)
    name = state.players[pid].name
    if place is None:
        raise Conflict(N_("%(name)s has no seat and no bye in round %(round)s"),
                       code=codes.ROUND_EDIT_PLAYER, field=field, name=name, round=rnd.number)
    if state.players[pid].dropped:
        raise Conflict(N_("%(name)s has dropped"), code=codes.ROUND_EDIT_PLAYER, field=field,
                       name=name)
    return place


def _table(rnd: Round, number: int) -> Table:
    try:
        return rnd.table(number)
    except KeyError:
        raise NotFound(N_("round %(round)s has no table %(table)s"), code=codes.ROUND_EDIT_TABLE,
                       field="table", round=rnd.number, table=number) from None


def _set_table(rnd: Round, table: Table) -> None:
    rnd.tables = [table if t.number == table.number else t for t in rnd.tables]


SizesOk = Callable[[Sequence[int], Sequence[int], int], bool]


def move(state: EventState, number: int, pid: PlayerId, to: int, seq: int, note: str,
         sizes_ok: SizesOk) -> None:
    """Move ``pid`` (seated, or with a bye: the bye is removed) to the last seat of table
    ``to``; the players after the mover in their old table move up one seat, the turn order
    of everyone else is kept. ``sizes_ok(before, after, seated)`` says whether the tables'
    sizes after the move are allowed (the format's pod sizes)."""
    rnd = unstarted(state, number)
    place = _placed(state, rnd, pid, "player")
    target = _table(rnd, to)
    name = state.players[pid].name
    if place is target:
        raise Conflict(N_("%(name)s already sits at table %(table)s"), code=codes.ROUND_EDIT_TABLE,
                       field="table", name=name, table=to)
    before = layout(rnd)
    sizes = [len(t.seats) for t in rnd.tables]
    if isinstance(place, Table):
        _set_table(rnd, replace(place, seats=tuple(p for p in place.seats if p != pid)))
    else:
        rnd.byes = [bye for bye in rnd.byes if bye.player != pid]
    _set_table(rnd, replace(target, seats=(*target.seats, pid)))
    after = [len(t.seats) for t in rnd.tables]
    if min(after) < 2 or not sizes_ok(sizes, after, sum(after)):
        rnd.tables, rnd.byes = list(before[0]), list(before[1])
        raise Conflict(N_("table %(table)s is full: moving %(name)s there leaves tables of "
                          "%(sizes)s players, sizes the event's pods do not take"),
                       code=codes.ROUND_EDIT_SIZE, field="table", table=to, name=name,
                       sizes=", ".join(map(str, after)))
    rnd.notes.append(note)
    _record(state, rnd, seq, before)


def swap(state: EventState, number: int, a: PlayerId, b: PlayerId, seq: int, note: str,
         bye_reason: str) -> None:
    """Swap two players of different tables: each takes the other's seat (the turn order of
    both tables is kept). One of them may have a bye: the other then has it (``bye_reason``)."""
    rnd = unstarted(state, number)
    first = _placed(state, rnd, a, "player")
    second = _placed(state, rnd, b, "other")
    if a == b or first is second or (isinstance(first, Bye) and isinstance(second, Bye)):
        raise Conflict(N_("%(first)s and %(second)s are not at two different tables: a swap "
                          "exchanges players of two tables (to change the turn order of one "
                          "table, correct its seats)"), code=codes.ROUND_EDIT_TABLE, field="other",
                       first=state.players[a].name, second=state.players[b].name)
    before = layout(rnd)

    def put(place: Table | Bye, out: PlayerId, into: PlayerId) -> None:
        if isinstance(place, Table):
            current = rnd.table(place.number)
            _set_table(rnd, replace(current, seats=tuple(
                into if p == out else p for p in current.seats)))
        else:
            rnd.byes = [replace(bye, player=into, reason=bye_reason) if bye.player == out
                        else bye for bye in rnd.byes]

    put(first, a, b)
    put(second, b, a)
    rnd.notes.append(note)
    _record(state, rnd, seq, before)


def reseat(state: EventState, number: int, table_no: int, order: Sequence[PlayerId], seq: int,
           note: str, score: Callable[[Round, Table, Any], Any]) -> None:
    """Correct the recorded turn order of one table (rule CMD-4b): ``order`` names the table's
    players, first turn first. A stored result is scored again with the new order."""
    rnd = the_round(state, number)
    table = _table(rnd, table_no)
    names = state.players
    if sorted(order) != sorted(table.seats) or len(set(order)) != len(order):
        raise InvalidInput(N_("the turn order names each player of table %(table)s once "
                              "(%(players)s)"), code=codes.ROUND_EDIT_SEATS, field="order",
                           table=table_no,
                           players=", ".join(names[p].name for p in table.seats))
    if tuple(order) == table.seats:
        raise Conflict(N_("table %(table)s already has this turn order"),
                       code=codes.ROUND_EDIT_SEATS, field="order", table=table_no)
    before = layout(rnd)
    _set_table(rnd, replace(table, seats=tuple(order)))
    _rescore(rnd, before, score, seq)
    rnd.notes.append(note)
    _record(state, rnd, seq, before)


def _rescore(rnd: Round, before: Layout, score: Callable[[Round, Table, Any], Any],
             seq: int) -> None:
    """Score again each table whose seats changed and that has a result (turn order decides a
    draw's survivors' elimination order, rule CMD-4b); the result keeps its corrected mark and
    takes action ``seq`` as its version."""
    old = {t.number: t.seats for t in before[0]}
    for table in rnd.tables:
        result = rnd.results.get(table.number)
        if result is not None and old.get(table.number) != table.seats:
            rnd.results[table.number] = replace(score(rnd, table, result.entry),
                                                corrected=result.corrected)
            rnd.versions[table.number] = seq


def undo(state: EventState, number: int, seq: int, note: str,
         score: Callable[[Round, Table, Any], Any], at: int = 0) -> None:
    """Undo edit ``seq`` of round ``number``: it must be the last edit in force there, and the
    round must still be as that edit left it; a move or a swap is undone only while the round
    is unstarted. The edit's note stays (the round's history); the undo adds its own. ``at``:
    the undo's own action, the round's version after it."""
    rnd = the_round(state, number)
    edits = edits_of(state, number)
    if not edits or edits[-1].seq != seq:
        raise Conflict(N_("action %(seq)s is not the last hand edit in force of round "
                          "%(round)s"), code=codes.ROUND_EDIT_UNDO, field="seq", seq=seq,
                       round=number)
    edit = edits[-1]
    if layout(rnd) != edit.after:
        raise Conflict(N_("round %(round)s has changed since action %(seq)s: edit it by hand "
                          "instead"), code=codes.ROUND_EDIT_UNDO, field="seq", seq=seq,
                       round=number)
    players_moved = {t.number: set(t.seats) for t in edit.before[0]} != {
        t.number: set(t.seats) for t in edit.after[0]} or edit.before[1] != edit.after[1]
    if players_moved:
        unstarted(state, number)
    current = layout(rnd)
    rnd.tables, rnd.byes = list(edit.before[0]), list(edit.before[1])
    _rescore(rnd, current, score, at)
    rnd.seq = at
    rnd.notes.append(note)
    state.extra[KEY][number].edits.pop()


def check_version(rnd: Round, expect: int | None) -> None:
    """Refuse a hand edit that names the version of the round's tables it was made on
    (``expect``: an action number, such as the round's version or the event's last action
    when the page was drawn) when the round's tables or byes changed after it (someone
    else's edit came first): nothing is stored, and the message says what changed last (the
    round's last note: each edit leaves one)."""
    if expect is None or rnd.seq <= expect:
        return
    raise Stale(N_("round %(round)s changed after version %(expected)s (now version "
                   "%(version)s): %(change)s. Nothing was stored; look at the round again "
                   "before you edit it."), code=codes.ROUND_STALE, field="expect",
                round=rnd.number, expected=expect, version=rnd.seq,
                change=rnd.notes[-1] if rnd.notes else "")
