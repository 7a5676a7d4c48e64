"""Sign-up and check-in of any event (beyond the regulations, which leave registration to the
organiser; a 7 Wonders year reads its sign-ups in order, rules W7-4, W7-5, W7-29).

Every step is a record of the log with its actor, UTC time and reason, replayed here into a
:class:`SignupBook` kept in ``state.extra["signup"]``:

- ``signup.opened`` (again: a change, or a reopening): the capacity, the closing time (UTC),
  whether the organiser approves entries, the questions asked (the club, and the format's own
  :class:`~podium.core.ruleset.SignupField` copied in, so the log reads alone);
- ``signup.closed``;
- ``signup.entered``: an entry in sign-up order, with the digest of its secret code (the
  player's confirmation link; the code itself is never stored);
- ``signup.approved``, ``signup.rejected`` (the reason is the action's), ``signup.withdrawn``;
- ``signup.admitted``: the entry takes a place (and in an event of players, the player it was
  registered as by the ``player.registered`` just before it, in the same unit of work).

Who is in and who waits is derived: in sign-up order, admitted entries are in; the other
active ones (approved where approval is asked) wait, in order, for a place; the service
admits the first of them while places are free (a withdrawal moves the next up), so the
sign-up order is the registration order.

Check-in (events of rounds): ``player.checked_in`` and ``player.checkin_undone``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from podium.core import codes
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.log import Action
from podium.core.model import EventState
from podium.core.ruleset import ActionKind, Ruleset
from podium.core.schema import PLAYER, AnyJson, Bool, Int, ListOf, Obj, Str, obj

SIGNUP_OPENED = "signup.opened"
SIGNUP_CLOSED = "signup.closed"
SIGNUP_ENTERED = "signup.entered"
SIGNUP_APPROVED = "signup.approved"
SIGNUP_REJECTED = "signup.rejected"
SIGNUP_WITHDRAWN = "signup.withdrawn"
SIGNUP_ADMITTED = "signup.admitted"
CHECKED_IN = "player.checked_in"
CHECKIN_UNDONE = "player.checkin_undone"
KEY = "signup"

#: An entry's status (derived): in, waiting for a place, waiting for the organiser, out.
IN, WAITLIST, AWAITING, WITHDRAWN, REJECTED = "in", "waitlist", "awaiting", "withdrawn", "rejected"
KINDS_OF_FIELD = ("text", "integer", "yesno")
#: The question every sign-up may ask, whatever the format.
CLUB = "club"


def normalise_code(code: str) -> str:
    """A code as typed, compared as made (as a self-report code is): spaces and dashes
    dropped, upper case; empty when it holds anything a code cannot."""
    wanted = "".join(code.split()).upper().replace("-", "")
    return wanted if wanted.isascii() and wanted.isalnum() and len(wanted) <= 64 else ""


def digest(code: str) -> str:
    """What the log keeps of an entry's secret code (the code itself is never stored)."""
    return hashlib.sha256(f"podium-signup:{normalise_code(code)}".encode()).hexdigest()


def name_key(name: str) -> str:
    """A name as sign-ups compare it: spaces collapsed, case folded, ё read as е (Ёлкин and
    елкин are one person)."""
    return " ".join(name.split()).casefold().replace("ё", "е")


@dataclass
class Entry:
    """One sign-up, as replay keeps it."""

    id: int
    name: str
    at: datetime
    key: str  # the digest of the entry's secret code
    club: str = ""
    fields: dict[str, Any] = field(default_factory=dict)
    approved: bool = False
    withdrawn: bool = False
    rejected: bool = False
    reason: str = ""
    admitted: bool = False
    player: int | None = None

    @property
    def active(self) -> bool:
        return not (self.withdrawn or self.rejected)


@dataclass
class SignupBook:
    """The event's sign-up: its terms as last opened, its entries in order, who checked in."""

    opened: bool = False  # ever opened
    open: bool = False
    capacity: int | None = None
    closes: datetime | None = None
    approval: bool = False
    club: bool = False
    fields: list[dict[str, Any]] = field(default_factory=list)
    entries: dict[int, Entry] = field(default_factory=dict)
    checked_in: set[int] = field(default_factory=set)

    def active(self) -> list[Entry]:
        """The entries still in the running, in sign-up order."""
        return [e for e in self.entries.values() if e.active]

    def admitted(self) -> list[Entry]:
        return [e for e in self.active() if e.admitted]

    def waiting(self) -> list[Entry]:
        """The waitlist in order: active, approved where approval is asked, not admitted."""
        return [e for e in self.active()
                if not e.admitted and (e.approved or not self.approval)]

    def free(self) -> int | None:
        """Places left (None: no capacity)."""
        return None if self.capacity is None else max(0, self.capacity - len(self.admitted()))

    def due(self) -> list[Entry]:
        """The waiting entries a free place admits now, in order."""
        free = self.free()
        waiting = self.waiting()
        return waiting if free is None else waiting[:free]

    def status(self, entry: Entry) -> str:
        if entry.withdrawn:
            return WITHDRAWN
        if entry.rejected:
            return REJECTED
        if entry.admitted:
            return IN
        if self.approval and not entry.approved:
            return AWAITING
        return WAITLIST

    def position(self, entry: Entry) -> int | None:
        """The entry's place on the waitlist (1 = next up), None when not waiting."""
        for number, waiting in enumerate(self.waiting(), start=1):
            if waiting.id == entry.id:
                return number
        return None

    def by_name(self, name: str) -> Entry | None:
        wanted = name_key(name)
        return next((e for e in self.active() if name_key(e.name) == wanted), None)

    def by_key(self, key: str) -> Entry | None:
        return next((e for e in self.entries.values() if e.key == key), None)

    def of_player(self, pid: int) -> Entry | None:
        return next((e for e in self.entries.values() if e.player == pid and e.active), None)

    def next_id(self) -> int:
        return max(self.entries, default=0) + 1


def book_of(state: EventState) -> SignupBook:
    """The event's sign-up (an empty one before any record)."""
    found = state.extra.get(KEY)
    return found if isinstance(found, SignupBook) else SignupBook()


def _book(state: EventState) -> SignupBook:
    return state.book(KEY, SignupBook)


def registers(ruleset: Ruleset) -> bool:
    """Whether an admitted entry becomes a registered player (an event of players; a
    series has none: its members have them)."""
    return not ruleset.capabilities.series


# -- replay -------------------------------------------------------------------------------------
def opened(state: EventState, action: Action, ruleset: Ruleset) -> None:
    book = _book(state)
    payload = action.payload
    for item in payload.get("fields") or ():
        if item["kind"] not in KINDS_OF_FIELD:
            raise InvalidInput("a sign-up field's kind is text, integer or yesno",
                               code=codes.SIGNUP_FIELDS, field="fields")
    book.opened = book.open = True
    book.capacity = payload.get("capacity")
    closes = payload.get("closes")
    book.closes = datetime.fromisoformat(closes) if closes else None
    book.approval = bool(payload.get("approval"))
    book.club = bool(payload.get("club"))
    book.fields = [dict(item) for item in payload.get("fields") or ()]


def closed(state: EventState, action: Action, ruleset: Ruleset) -> None:
    book = _book(state)
    if not book.open:
        raise Conflict("the sign-up is not open", code=codes.SIGNUP_NOT_OPEN)
    book.open = False


def check_open(book: SignupBook, at: datetime) -> None:
    """Refused unless the sign-up takes entries at ``at``: opened, not closed, before its
    closing time."""
    if not book.open:
        raise Conflict("the sign-up is closed", code=codes.SIGNUP_NOT_OPEN)
    if book.closes is not None and at >= book.closes:
        raise Conflict("the sign-up closed at %(closes)s", code=codes.SIGNUP_CLOSED,
                       closes=book.closes.isoformat())


def check_name(state: EventState, book: SignupBook, name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise InvalidInput("a sign-up needs a name", code=codes.SIGNUP_NAME, field="name")
    wanted = name_key(name)
    if book.by_name(name) is not None or any(
            name_key(p.name) == wanted for p in state.players.values()):
        raise InvalidInput("%(name)s has signed up already", code=codes.SIGNUP_DUPLICATE,
                           field="name", name=name)
    return name


def check_fields(book: SignupBook, given: dict[str, Any]) -> None:
    """Every answer is to a question asked, of its kind; every required one is given."""
    asked = {item["key"]: item for item in book.fields}
    for key, value in given.items():
        item = asked.get(key)
        kind = item["kind"] if item else None
        ok = (kind == "text" and isinstance(value, str)) or (
            kind == "integer" and isinstance(value, int) and not isinstance(value, bool)) or (
            kind == "yesno" and isinstance(value, bool))
        if not ok:
            raise InvalidInput("this sign-up does not ask %(key)s so", code=codes.SIGNUP_FIELD,
                               field=key, key=key)
    for key, item in asked.items():
        if item.get("required") and given.get(key) in (None, ""):
            raise InvalidInput("%(key)s is required", code=codes.SIGNUP_FIELD_MISSING,
                               field=key, key=key)


def entered(state: EventState, action: Action, ruleset: Ruleset) -> None:
    book = _book(state)
    payload = action.payload
    check_open(book, action.at)
    name = check_name(state, book, payload["name"])
    fields = dict(payload.get("fields") or {})
    check_fields(book, fields)
    number = payload["signup"]
    if number in book.entries:
        raise InvalidInput("sign-up %(entry)s is not new", code=codes.SIGNUP_ENTRY,
                           field="signup", entry=number)
    club = " ".join((payload.get("club") or "").split())
    book.entries[number] = Entry(number, name, action.at, payload["digest"], club, fields)


def _entry(state: EventState, action: Action) -> Entry:
    book = _book(state)
    found = book.entries.get(action.payload["signup"])
    if found is None:
        raise NotFound("no sign-up %(entry)s", code=codes.SIGNUP_ENTRY, field="signup",
                       entry=action.payload["signup"])
    if not found.active:
        raise Conflict("%(name)s's sign-up is withdrawn or rejected",
                       code=codes.SIGNUP_INACTIVE, field="signup", name=found.name)
    return found


def approved(state: EventState, action: Action, ruleset: Ruleset) -> None:
    entry = _entry(state, action)
    if not _book(state).approval or entry.approved:
        raise Conflict("%(name)s needs no approval", code=codes.SIGNUP_APPROVAL, field="signup",
                       name=entry.name)
    entry.approved = True


def rejected(state: EventState, action: Action, ruleset: Ruleset) -> None:
    entry = _entry(state, action)
    entry.rejected, entry.reason = True, action.reason


def withdrawn(state: EventState, action: Action, ruleset: Ruleset) -> None:
    _entry(state, action).withdrawn = True


def admitted(state: EventState, action: Action, ruleset: Ruleset) -> None:
    """The entry takes a place: only one waiting (approved where asked), while one is free;
    in an event of players, with the player registered for it."""
    book = _book(state)
    entry = _entry(state, action)
    if entry.admitted:
        raise Conflict("%(name)s is in already", code=codes.SIGNUP_ADMITTED, field="signup",
                       name=entry.name)
    if book.approval and not entry.approved:
        raise Conflict("%(name)s waits for the organiser's approval",
                       code=codes.SIGNUP_APPROVAL, field="signup", name=entry.name)
    if book.free() == 0:
        raise Conflict("the event is full", code=codes.SIGNUP_FULL, field="signup")
    pid = action.payload.get("player")
    if registers(ruleset):
        if pid not in state.players or book.of_player(pid) is not None:
            raise InvalidInput("an admission names the player registered for it",
                               code=codes.SIGNUP_PLAYER, field="player")
    elif pid is not None:
        raise InvalidInput("a series registers no players", code=codes.SIGNUP_PLAYER,
                           field="player")
    entry.admitted, entry.player = True, pid


def checked_in(state: EventState, action: Action, ruleset: Ruleset) -> None:
    pid = action.payload["player"]
    if pid not in state.players:
        raise NotFound("no player %(player)s in event %(event)s", code=codes.PLAYER_UNKNOWN,
                       field="player", player=pid, event=state.slug)
    book = _book(state)
    if pid in book.checked_in:
        raise Conflict("%(name)s has checked in already", code=codes.CHECKIN_DONE,
                       field="player", name=state.players[pid].name)
    book.checked_in.add(pid)


def checkin_undone(state: EventState, action: Action, ruleset: Ruleset) -> None:
    pid = action.payload["player"]
    book = _book(state)
    if pid not in book.checked_in:
        raise Conflict("player %(player)s has not checked in", code=codes.CHECKIN_NONE,
                       field="player", player=pid)
    book.checked_in.discard(pid)


ENTRY = Int(1, 2**31 - 1)
FIELD = Obj({"key": Str(40, non_empty=True), "label": Str(200), "kind": Str(10)},
            {"required": Bool()})

#: Every event's: sign-up (:mod:`podium.core.replay` adds them to the core kinds).
KINDS: tuple[ActionKind, ...] = (
    ActionKind(SIGNUP_OPENED, opened, obj(
        {"approval": Bool()},
        {"capacity": Int(1, 100_000), "closes": Str(40), "club": Bool(),
         "fields": ListOf(FIELD, max_items=20)}), "Sign-up opened"),
    ActionKind(SIGNUP_CLOSED, closed, obj(), "Sign-up closed"),
    ActionKind(SIGNUP_ENTERED, entered, obj(
        {"signup": ENTRY, "name": Str(80, non_empty=True), "digest": Str(64, non_empty=True)},
        {"club": Str(80), "fields": Obj(extra=AnyJson(2_000))}), "Signed up"),
    ActionKind(SIGNUP_APPROVED, approved, obj({"signup": ENTRY}), "Sign-up approved"),
    ActionKind(SIGNUP_REJECTED, rejected, obj({"signup": ENTRY}), "Sign-up rejected"),
    ActionKind(SIGNUP_WITHDRAWN, withdrawn, obj({"signup": ENTRY}), "Sign-up withdrawn"),
    ActionKind(SIGNUP_ADMITTED, admitted, obj({"signup": ENTRY}, {"player": PLAYER}),
               "Sign-up admitted"),
)
#: An event of rounds': check-in.
CHECKIN_KINDS: tuple[ActionKind, ...] = (
    ActionKind(CHECKED_IN, checked_in, obj({"player": PLAYER}), "Checked in"),
    ActionKind(CHECKIN_UNDONE, checkin_undone, obj({"player": PLAYER}), "Check-in undone"),
)
#: None of them starts play (:data:`podium.core.people.SETUP_KINDS`).
SETUP = frozenset(k.name for k in (*KINDS, *CHECKIN_KINDS))

__all__ = ["CHECKIN_KINDS", "KINDS", "SETUP", "Entry", "SignupBook", "book_of", "digest",
           "name_key", "normalise_code", "registers"]
