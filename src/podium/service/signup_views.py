"""The sign-up's reads (:mod:`podium.core.signup`): the list in order and a player's own
entry by their link's code, declared views served by every surface; and the values the
sign-up's commands answer (:mod:`podium.service.signup`). Only the core is imported here:
`podium signup list` reads without the kernel's commands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from podium.core import codes, signup
from podium.core.commands import API, CLI, PLAYER, WEB
from podium.core.errors import Forbidden
from podium.core.messages import M, Message
from podium.core.model import EventState
from podium.core.reads import ViewCall, ViewSpec
from podium.core.signup import Entry, book_of
from podium.core.values import TableValue
from podium.core.views import N_, Column, TableView


# -- what a command answers ---------------------------------------------------------------------
@dataclass(frozen=True)
class SignupStatus:
    """An entry now: its number, name, status (in, waitlist, awaiting, withdrawn,
    rejected), place on the waitlist, whether checked in, and (to the one who just signed up
    only) its secret code."""

    entry: int
    name: str
    status: str
    position: int | None
    checked_in: bool
    code: str = ""


@dataclass(frozen=True)
class SignupTerms:
    """The sign-up's terms as now: open or not, capacity, closing time (UTC), approval, the
    questions asked, the places taken."""

    open: bool
    capacity: int | None
    closes: str | None
    approval: bool
    fields: list[str]
    taken: int


def status_of(state: EventState, entry: Entry, code: str = "") -> SignupStatus:
    book = book_of(state)
    checked = entry.player is not None and entry.player in book.checked_in
    return SignupStatus(entry.id, entry.name, book.status(entry), book.position(entry), checked,
                        code)


def terms_of(state: EventState) -> SignupTerms:
    book = book_of(state)
    return SignupTerms(book.open, book.capacity,
                       book.closes.isoformat() if book.closes else None, book.approval,
                       [f["key"] for f in book.fields] + (["club"] if book.club else []),
                       len(book.admitted()))


STATUS_SAID = {  # msgids
    signup.IN: N_("You are in."),
    signup.WAITLIST: N_("You are on the waitlist."),
    signup.AWAITING: N_("Your sign-up waits for the organiser's approval."),
    signup.WITHDRAWN: N_("Your sign-up is withdrawn."),
    signup.REJECTED: N_("The organiser rejected this sign-up."),
}


def status_said(status: SignupStatus) -> Message:
    if status.checked_in:
        return M("%(name)s: checked in.", name=status.name)
    if status.status == signup.WAITLIST and status.position:
        return M("%(name)s: on the waitlist, number %(position)s.", name=status.name,
                 position=status.position)
    return M(STATUS_SAID[status.status])



def entry_of_code(state: EventState, code: str) -> Entry:
    """The entry of a sign-up code (one answer for every code that is not one of this
    event's)."""
    wanted = signup.normalise_code(code)
    found = book_of(state).by_key(signup.digest(wanted)) if wanted else None
    if found is None:
        raise Forbidden(N_("this sign-up code is not known; check your link"),
                        code=codes.SIGNUP_CODE)
    return found



# -- views ----------------------------------------------------------------------------------------
COLUMNS = (Column("order", N_("#"), numeric=True), Column("name", N_("Player")),
           Column("club", N_("Club")))
STATUS_WORDS = {signup.IN: N_("in"), signup.WAITLIST: N_("waitlist"),
                signup.AWAITING: N_("awaiting approval"), signup.WITHDRAWN: N_("withdrawn"),
                signup.REJECTED: N_("rejected")}


def signup_table(state: EventState) -> TableView:
    """Every sign-up in order: name, club, the answers, status, checked in."""
    book = book_of(state)
    questions = [Column(f["key"], f["label"] or f["key"]) for f in book.fields]
    columns = (*COLUMNS, *questions, Column("status", N_("Status")),
               Column("checked_in", N_("Checked in")))
    rows = []
    for number, entry in enumerate(book.entries.values(), start=1):
        status = book.status(entry)
        word = (M("waitlist %(n)s", n=book.position(entry)) if status == signup.WAITLIST
                else M(STATUS_WORDS[status]))
        row: dict[str, Any] = {"order": number, "name": entry.name, "club": entry.club,
                               "status": word,
                               "checked_in": "✓" if entry.player in book.checked_in else ""}
        for item in book.fields:
            value = entry.fields.get(item["key"])
            row[item["key"]] = ("✓" if value else "") if isinstance(value, bool) else (
                "" if value is None else value)
        rows.append(row)
    return TableView("signup", N_("Sign-ups"), columns, tuple(rows))


def read_list(call: ViewCall) -> TableView:
    return signup_table(call.state)


def read_mine(call: ViewCall) -> SignupStatus:
    entry = entry_of_code(call.state, call.caller.code or "")
    return status_of(call.state, entry)


SIGNUP_LIST: ViewSpec[Any] = ViewSpec(
    "signup.list", N_("Sign-ups"), read_list, TableValue,
    help=N_("Every sign-up in order: name, club, answers, status, checked in."),
    shared=("signup", "list"),
    shown=lambda state: book_of(state).opened,
    example=lambda state: {},
)

SIGNUP_MINE: ViewSpec[Any] = ViewSpec(
    "signup.mine", N_("My sign-up"), read_mine, SignupStatus, role=PLAYER,
    help=N_("Your sign-up's status, with your link's code."),
    surfaces=(API, WEB),
    not_on={CLI: N_("a player reads it on their page, with their link")},
    show=lambda status: [status_said(status)],
)



def signup_views() -> list[ViewSpec[Any]]:
    return [SIGNUP_LIST, SIGNUP_MINE]



__all__ = ["STATUS_SAID", "SignupStatus", "SignupTerms", "entry_of_code", "signup_table",
           "signup_views", "status_of", "status_said", "terms_of"]
