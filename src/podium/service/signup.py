"""Sign-up and check-in for any event: the command objects and the declared commands and
views (:mod:`podium.core.signup` replays what they store).

A sign-up's secret code is made as a self-report code is (:mod:`podium.service.selfreport`:
random letters and digits that read aloud well), longer (12, no table to guess against), and
only its digest is stored (the entry's ``key``): the player keeps the link with the code, the
organiser's event file holds no code. Guesses are throttled like player codes.

The command that changes who may take a place (an entry, an approval, a withdrawal, a new
capacity) admits the waiting entries in sign-up order while places are free, in the same unit
of work; in an event of players each admission registers the player first (``player.registered``
then ``signup.admitted``), so the sign-up order is the registration order.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, ClassVar
from zoneinfo import ZoneInfo

from podium.core import codes, inputs, signup
from podium.core.commands import ANYONE, PLAYER, Call, CommandSpec, Param
from podium.core.errors import Conflict, Forbidden, InvalidInput
from podium.core.inputs import Input, clean
from podium.core.log import Kind
from podium.core.messages import M, Mn
from podium.core.model import EventState
from podium.core.people import PLAYER_REMOVED, rounds_of
from podium.core.ruleset import Ruleset, SignupField
from podium.core.signup import Entry, SignupBook, book_of
from podium.core.views import N_
from podium.service.commands import Command
from podium.service.events import EventService, LoadedEvent, NewAction, Outcome, UnitOfWork
from podium.service.forms import resolve_player
from podium.service.signup_views import (
    SignupStatus,
    SignupTerms,
    entry_of_code,
    status_of,
    status_said,
    terms_of,
)

CODE_LENGTH = 12
REASON = Param("reason", inputs.Text(500), N_("why (kept in the log)"))
#: The club: a question any sign-up may ask.
CLUB_FIELD = SignupField(signup.CLUB, N_("Club"))


def new_code() -> str:
    """A new secret code, of the self-report codes' letters and digits (no 0/O, 1/I)."""
    from podium.service.selfreport import CODE_ALPHABET  # its store is not needed to list us

    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


digest = signup.digest


def event_zone(state: EventState) -> ZoneInfo:
    """The event's zone (its ``time_zone`` setting, else UTC): a closing time typed without
    one is in it."""
    settings = state.settings
    name = settings.get("time_zone") if isinstance(settings, dict) else getattr(
        settings, "time_zone", None)
    try:
        return ZoneInfo(str(name or "UTC"))
    except (KeyError, ValueError):
        return ZoneInfo("UTC")


def offered_fields(ruleset: Ruleset) -> tuple[SignupField, ...]:
    """The questions a sign-up of this event may ask: the club, then its format's own; a
    series' (a year of another format's events) those of every format."""
    found: dict[str, SignupField] = {signup.CLUB: CLUB_FIELD}
    if ruleset.capabilities.series:
        from podium.formats import all_formats

        rulesets: list[Ruleset] = list(all_formats())
    else:
        rulesets = [ruleset]
    for each in rulesets:
        for item in each.signup_fields:
            found.setdefault(item.key, item)
    return tuple(found.values())


class Keys(Input):
    """Keys typed comma-separated (``rating, premium``), or repeated (a form's check boxes);
    in JSON a list of strings."""

    multiple: ClassVar[bool] = True

    def from_text(self, text: str, field: str) -> tuple[str, ...]:
        value = clean(text, field, 400)
        return tuple(k for k in value.replace(",", " ").split() if k)

    def from_texts(self, texts: Any, field: str) -> tuple[str, ...]:
        return self.from_text(" ".join(str(t) for t in texts), field)

    def from_json(self, value: Any, field: str) -> tuple[str, ...]:
        if isinstance(value, str):
            return self.from_text(value, field)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise inputs.refuse(field, N_("a list of keys"), codes.INPUT_TEXT)
        return self.from_text(",".join(value), field)

    def to_text(self, value: Any) -> str:
        return ", ".join(value or ())

    def schema(self) -> dict[str, Any]:
        return {"type": "array", "items": {"type": "string", "maxLength": 40}, "maxItems": 20}


# -- admissions -----------------------------------------------------------------------------------
def admit_due(work: UnitOfWork) -> list[Entry]:
    """Admit the waiting entries while places are free, in sign-up order; in an event of
    players each is registered first (its club as the player's group)."""
    done = []
    for entry in book_of(work.state).due():
        if signup.registers(work.loaded.ruleset):
            pid = work.state.next_player_id()
            payload: dict[str, Any] = {"player": pid, "name": entry.name}
            if entry.club:
                payload["group"] = entry.club
            work.append([NewAction(Kind.PLAYER_REGISTERED, payload, "signed up"),
                         NewAction(signup.SIGNUP_ADMITTED, {"signup": entry.id, "player": pid})])
        else:
            work.append([NewAction(signup.SIGNUP_ADMITTED, {"signup": entry.id})])
        done.append(entry)
    return done


def _leave(work: UnitOfWork, entry: Entry, kind: str, reason: str) -> None:
    """The entry leaves (withdrawn, rejected); its player too: removed before their first
    table, else dropped; then the next waiting entry moves up."""
    pid = entry.player
    work.append([NewAction(kind, {"signup": entry.id}, reason)])
    state = work.state
    if pid is not None and pid in state.players:
        player = state.players[pid]
        if work.loaded.ruleset.capabilities.rounds and not rounds_of(state, pid):
            work.append([NewAction(PLAYER_REMOVED, {"player": pid, "name": player.name},
                                   reason or "sign-up withdrawn")])
        elif not player.dropped:
            work.append([NewAction(Kind.PLAYER_DROPPED, {"player": pid},
                                   reason or "sign-up withdrawn")])
    admit_due(work)


# -- commands ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OpenSignup(Command[SignupTerms]):
    capacity: int | None = None
    closes: datetime | None = None
    approval: bool = False
    fields: tuple[str, ...] = ()
    reason: str = ""

    def run(self, service: EventService, actor: str) -> Outcome[SignupTerms]:
        with service.unit(self.slug, actor) as work:
            offered = {f.key: f for f in offered_fields(work.loaded.ruleset)}
            unknown = [k for k in self.fields if k not in offered]
            if unknown:
                raise InvalidInput(N_("no such question: %(keys)s; this event's: %(known)s"),
                                   code=codes.SIGNUP_FIELDS, field="fields",
                                   keys=", ".join(unknown), known=", ".join(offered))
            payload: dict[str, Any] = {"approval": self.approval}
            if self.capacity is not None:
                payload["capacity"] = self.capacity
            if self.closes is not None:
                closes = self.closes
                if closes.tzinfo is None:  # typed without a zone: the event's
                    closes = closes.replace(tzinfo=event_zone(work.state))
                payload["closes"] = closes.astimezone(UTC).isoformat()
            asked = list(dict.fromkeys(self.fields))
            payload["club"] = signup.CLUB in asked
            payload["fields"] = [{"key": k, "label": offered[k].label, "kind": offered[k].kind,
                                  "required": offered[k].required}
                                 for k in asked if k != signup.CLUB]
            work.append([NewAction(signup.SIGNUP_OPENED, payload, self.reason)])
            admit_due(work)  # a larger capacity takes the next waiting
            return Outcome(work.loaded, list(work.stored), terms_of(work.state))


@dataclass(frozen=True)
class CloseSignup(Command[SignupTerms]):
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        return [NewAction(signup.SIGNUP_CLOSED, {}, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Any]) -> SignupTerms:
        return terms_of(loaded.state)


def _typed_fields(book: SignupBook, typed: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """The answers as typed, read by each question's kind (a number, yes or no)."""
    kinds = {f["key"]: f["kind"] for f in book.fields}
    out: dict[str, Any] = {}
    for key, text in typed:
        kind = kinds.get(key)
        if kind is None:
            raise InvalidInput(N_("this sign-up does not ask %(key)s"), code=codes.SIGNUP_FIELD,
                               field="fields", key=key)
        if kind == "integer":
            if text.strip():
                out[key] = inputs.Integer(0, 10**9).from_text(text, key)
        elif kind == "yesno":
            out[key] = bool(inputs.YesNo().from_text(text or "no", key))
        elif text.strip():
            out[key] = " ".join(text.split())[:200]
    return out


@dataclass(frozen=True)
class EnterSignup(Command[SignupStatus]):
    name: str = ""
    club: str = ""
    fields: tuple[tuple[str, str], ...] = ()

    def run(self, service: EventService, actor: str) -> Outcome[SignupStatus]:
        name = " ".join(self.name.split())
        if actor == "anonymous":  # the public page: the log names who signed up
            actor = f"player:{name}"[:120]
        with service.unit(self.slug, actor) as work:
            book = book_of(work.state)
            signup.check_open(book, service.clock())
            answers = _typed_fields(book, self.fields)
            code = new_code()
            payload: dict[str, Any] = {"signup": book.next_id(), "name": name,
                                       "digest": signup.digest(code)}
            if self.club.strip() and book.club:
                payload["club"] = " ".join(self.club.split())[:80]
            if answers:
                payload["fields"] = answers
            work.append([NewAction(signup.SIGNUP_ENTERED, payload)])
            admit_due(work)
            entry = book_of(work.state).entries[payload["signup"]]
            return Outcome(work.loaded, list(work.stored), status_of(work.state, entry, code))


def _entry_by_code(service: EventService, slug: str, call: Call) -> Entry:
    """The caller's entry, the guess throttled as player codes are."""
    from podium.service.throttle import Client

    client = Client(call.caller.address, call.caller.device)
    with service.code_throttle().attempt(client, slug, "sign-up code") as attempt:
        try:
            return entry_of_code(service.load(slug).state, call.caller.code or "")
        except Forbidden:
            attempt.failed()
            raise


def _entry_by_name(book: SignupBook, name: str) -> Entry:
    found = book.by_name(name)
    if found is None:
        raise InvalidInput(N_("no sign-up of %(name)s"), code=codes.SIGNUP_ENTRY,
                           field="name", name=name)
    return found


@dataclass(frozen=True)
class Decide(Command[SignupStatus]):
    """The organiser approves an entry (it takes a place if one is free) or rejects it."""

    name: str = ""
    approve: bool = True
    reason: str = ""

    def run(self, service: EventService, actor: str) -> Outcome[SignupStatus]:
        with service.unit(self.slug, actor) as work:
            entry = _entry_by_name(book_of(work.state), self.name)
            if self.approve:
                work.append([NewAction(signup.SIGNUP_APPROVED, {"signup": entry.id},
                                       self.reason)])
                admit_due(work)
            else:
                _leave(work, entry, signup.SIGNUP_REJECTED, self.reason)
            found = book_of(work.state).entries[entry.id]
            return Outcome(work.loaded, list(work.stored), status_of(work.state, found))


@dataclass(frozen=True)
class Withdraw(Command[SignupStatus]):
    """The player withdraws with their link's code; the next waiting moves up."""

    call: Call | None = field(default=None, compare=False)

    def run(self, service: EventService, actor: str) -> Outcome[SignupStatus]:
        assert self.call is not None
        entry = _entry_by_code(service, self.slug, self.call)
        with service.unit(self.slug, f"player:{entry.name}"[:120]) as work:
            found = book_of(work.state).entries[entry.id]
            _leave(work, found, signup.SIGNUP_WITHDRAWN, "withdrawn by the player")
            return Outcome(work.loaded, list(work.stored), status_of(work.state, found))


@dataclass(frozen=True)
class CheckIn(Command[SignupStatus]):
    """A player checks in: by the organiser (a name) or by their sign-up link's code."""

    player: str = ""
    call: Call | None = field(default=None, compare=False)
    undo: bool = False
    reason: str = ""

    def run(self, service: EventService, actor: str) -> Outcome[SignupStatus]:
        if self.call is not None:
            entry: Entry | None = _entry_by_code(service, self.slug, self.call)
            assert entry is not None
            if entry.player is None:
                raise Conflict(N_("%(name)s has no place yet: only players who are in check "
                                  "in"), code=codes.CHECKIN_NOT_IN, name=entry.name)
            actor, pid = f"player:{entry.name}"[:120], entry.player
        with service.unit(self.slug, actor) as work:
            if self.call is None:
                pid = resolve_player(work.state, self.player).id
            kind = signup.CHECKIN_UNDONE if self.undo else signup.CHECKED_IN
            work.append([NewAction(kind, {"player": pid}, self.reason)])
            name = work.state.players[pid].name
            entry = book_of(work.state).of_player(pid)
            value = (status_of(work.state, entry) if entry is not None else SignupStatus(
                0, name, signup.IN, None, pid in book_of(work.state).checked_in))
            return Outcome(work.loaded, list(work.stored), value)


@dataclass(frozen=True)
class DropAbsent(Command[list[str]]):
    """Before round 1: every active player not checked in is dropped (``preview``: only
    named)."""

    preview: bool = False
    reason: str = ""

    def run(self, service: EventService, actor: str) -> Outcome[list[str]]:
        with service.unit(self.slug, actor, dry_run=self.preview) as work:
            absent = absent_players(work.state)
            if work.state.rounds:
                raise Conflict(N_("round 1 is paired: drop players one by one"),
                               code=codes.CHECKIN_LATE)
            if not book_of(work.state).checked_in:
                raise Conflict(N_("nobody has checked in: check-in was not used"),
                               code=codes.CHECKIN_UNUSED)
            work.append([NewAction(Kind.PLAYER_DROPPED, {"player": p.id},
                                   self.reason or "not checked in") for p in absent])
            return Outcome(work.loaded, list(work.stored), [p.name for p in absent])


def absent_players(state: EventState) -> list[Any]:
    """The active players who have not checked in, in registration order (none when nobody
    checked in: check-in was not used)."""
    checked = book_of(state).checked_in
    if not checked:
        return []
    return [p for p in state.active_players() if p.id not in checked]


def drop_offered(state: EventState) -> bool:
    """Whether the pairing of round 1 offers to drop those not checked in."""
    return not state.rounds and bool(absent_players(state))


# -- declarations ---------------------------------------------------------------------------------
def _open_example(state: EventState) -> dict[str, Any] | None:
    return None if book_of(state).open else {"capacity": "100"}


def _enter_example(state: EventState) -> dict[str, Any] | None:
    book = book_of(state)
    if not book.open or book.closes is not None or any(f.get("required") for f in book.fields):
        return None
    name = next(f"Kit Signup {n}" for n in range(1, 10**6)
                if book.by_name(f"Kit Signup {n}") is None
                and state.player_by_name(f"Kit Signup {n}") is None)
    return {"name": name}


def _awaiting(state: EventState) -> str | None:
    book = book_of(state)
    return next((e.name for e in book.active() if book.status(e) == signup.AWAITING), None)


NAME = Param("name", inputs.Text(80, non_empty=True), N_("the name, as the player gives it"),
             required=True, argument=True, label=N_("Name"))

SIGNUP_OPEN = CommandSpec(
    "signup.open", N_("Open the sign-up"),
    lambda call: OpenSignup(call.slug, call.get("capacity"), call.get("closes"),
                            bool(call.get("approval")), tuple(call.get("fields") or ()),
                            call.get("reason", "")),
    params=(Param("capacity", inputs.Integer(1, 100_000),
                  N_("the places; later sign-ups wait on a waitlist"), label=N_("Places")),
            Param("closes", inputs.Moment(),
                  N_("when the sign-up closes, in the event's time zone"),
                  label=N_("Closes at")),
            Param("approval", inputs.YesNo(), N_("each sign-up waits for your approval"),
                  label=N_("Approval")),
            Param("fields", Keys(), N_("what the form asks besides the name: the club and "
                                       "the format's own questions, by key (a key not known "
                                       "is refused with the list)"), label=N_("Questions")),
            REASON),
    help=N_("A public page where players sign up from their phones; open it again to change "
            "its terms or to reopen it."),
    shared=("signup", "open"), template="signup/open_form.html",
    example=_open_example,
    said=lambda terms: M("The sign-up is open."),
    answer=lambda terms: terms, answers=SignupTerms,
)

SIGNUP_CLOSE = CommandSpec(
    "signup.close", N_("Close the sign-up"),
    lambda call: CloseSignup(call.slug, call.get("reason", "")),
    params=(REASON,), help=N_("No new sign-ups; open it again to reopen."),
    shared=("signup", "close"), shown=lambda state: book_of(state).open,
    example=lambda state: {} if book_of(state).open else None,
    said=lambda terms: M("The sign-up is closed."),
    answer=lambda terms: terms, answers=SignupTerms,
)

SIGNUP_ENTER = CommandSpec(
    "signup.enter", N_("Sign up"),
    lambda call: EnterSignup(call.slug, call["name"], call.get("club", ""),
                             tuple(call.get("fields") or ())),
    params=(NAME, Param("club", inputs.Text(80), N_("the club"), label=N_("Club")),
            # an answer may hold commas («Atraxa, Praetors' Voice»): items part at ";" only
            Param("fields", inputs.Pairs(inputs.Text(200), max_items=20, separators=";\n"),
                  N_("the answers to the sign-up's questions, KEY=VALUE (an answer may hold "
                     "commas)"),
                  label=N_("Answers"))),
    help=N_("A player signs up (anyone, on the public page), or the organiser signs someone "
            "up; when the event is full the sign-up waits on the waitlist."),
    role=ANYONE, shared=("signup", "enter"), shown=lambda state: book_of(state).open,
    example=_enter_example,
    said=status_said, answer=lambda status: status, answers=SignupStatus,
)

SIGNUP_APPROVE = CommandSpec(
    "signup.approve", N_("Approve a sign-up"),
    lambda call: Decide(call.slug, call["name"], True, call.get("reason", "")),
    params=(NAME, REASON), help=N_("It takes a place when one is free."),
    shared=("signup", "approve"), shown=lambda state: _awaiting(state) is not None,
    example=lambda state: {"name": name} if (name := _awaiting(state)) else None,
    said=status_said, answer=lambda status: status, answers=SignupStatus,
)


def _last_active(state: EventState) -> str | None:
    active = book_of(state).active()
    return active[-1].name if active else None


SIGNUP_REJECT = CommandSpec(
    "signup.reject", N_("Reject a sign-up"),
    lambda call: Decide(call.slug, call["name"], False, call.get("reason", "")),
    params=(NAME, Param("reason", inputs.Text(500, non_empty=True), N_("why (kept in the log)"),
                        required=True)),
    help=N_("Its place goes to the next on the waitlist."),
    shared=("signup", "reject"), danger=True,
    shown=lambda state: bool(book_of(state).active()),
    example=lambda state: {"name": name, "reason": "a test"}
    if (name := _last_active(state)) else None,
    said=status_said, answer=lambda status: status, answers=SignupStatus,
)

SIGNUP_WITHDRAW = CommandSpec(
    "signup.withdraw", N_("Withdraw my sign-up"),
    lambda call: Withdraw(call.slug, call),
    params=(), help=N_("With your sign-up link; your place goes to the next on the waitlist."),
    role=PLAYER,
    said=status_said, answer=lambda status: status, answers=SignupStatus,
)

CHECKIN = CommandSpec(
    "checkin.mark", N_("Check a player in"),
    lambda call: CheckIn(call.slug, call["player"], reason=call.get("reason", "")),
    params=(Param("player", inputs.Player(), N_("the player: a name or #id"), required=True,
                  argument=True, label=N_("Player")), REASON),
    help=N_("The player is at the venue; at round 1 those not checked in can be dropped."),
    capability="rounds", shared=("", "checkin"),
    example=lambda state: next(({"player": p.name} for p in state.active_players()
                                if p.id not in book_of(state).checked_in), None)
    if not state.rounds else None,
    said=status_said, answer=lambda status: status, answers=SignupStatus,
)

CHECKIN_SELF = CommandSpec(
    "checkin.self", N_("Check in"),
    lambda call: CheckIn(call.slug, call=call),
    params=(), help=N_("With your sign-up link, at the venue."),
    role=PLAYER, capability="rounds",
    said=status_said, answer=lambda status: status, answers=SignupStatus,
)

CHECKIN_UNDO = CommandSpec(
    "checkin.undo", N_("Undo a check-in"),
    lambda call: CheckIn(call.slug, call["player"], undo=True, reason=call.get("reason", "")),
    params=(Param("player", inputs.Player(), N_("the player: a name or #id"), required=True,
                  argument=True, label=N_("Player")), REASON),
    capability="rounds", shared=("signup", "checkin-undo"),
    shown=lambda state: bool(book_of(state).checked_in),
    example=lambda state: next(({"player": state.players[p].name}
                                for p in sorted(book_of(state).checked_in)
                                if p in state.players), None),
    said=lambda status: M("%(name)s: check-in undone.", name=status.name),
    answer=lambda status: status, answers=SignupStatus,
)


@dataclass(frozen=True)
class Dropped:
    """The players dropped (or, in a preview, who would be)."""

    names: list[str]
    preview: bool


CHECKIN_DROP = CommandSpec(
    "checkin.drop-absent", N_("Drop those not checked in"),
    lambda call: DropAbsent(call.slug, bool(call.get("preview")), call.get("reason", "")),
    params=(Param("preview", inputs.YesNo(), N_("name them, store nothing")), REASON),
    help=N_("Before round 1: every player who has not checked in is dropped."),
    capability="rounds", shared=("signup", "drop-absent"), danger=True,
    shown=drop_offered,
    example=lambda state: {"preview": "yes"} if drop_offered(state) else None,
    said=lambda names: Mn("%(n)s player dropped: %(names)s.", "%(n)s players dropped: "
                          "%(names)s.", len(names), names=", ".join(names)),
    answer=lambda names: Dropped(list(names), False), answers=Dropped,
)


def signup_commands() -> list[CommandSpec]:
    return [SIGNUP_OPEN, SIGNUP_CLOSE, SIGNUP_ENTER, SIGNUP_APPROVE, SIGNUP_REJECT,
            SIGNUP_WITHDRAW, CHECKIN, CHECKIN_SELF, CHECKIN_UNDO, CHECKIN_DROP]


__all__ = ["SignupStatus", "SignupTerms", "absent_players", "digest", "drop_offered",
           "entry_of_code", "event_zone", "offered_fields", "signup_commands", "status_of"]
