"""Declared views: every read of an event, declared once and served on every surface.

A view is the read side of a declared command (:mod:`podium.core.commands`): its name, title
and help (msgids), its typed parameters (the same :class:`~podium.core.commands.Param` and
inputs as a command's fields), who may read it, and what it answers as a typed value
(:mod:`podium.core.values`, or a format's own dataclass). The kernel declares the shared ones
(the event, its players, rounds, standings, log, codes...; :mod:`podium.service.kernel_views`);
a format declares its own in :meth:`podium.core.ruleset.Ruleset.views`.

One reader runs them (:func:`podium.service.reader.read`): it finds the view, checks that the
event's format has it and that the caller may read it, decodes the parameters (every bad one
refused at once, naming it), and calls ``read`` with the event's state and a :class:`Source`
for what is not in the state (the log, the codes, a series' members, the clock). The three
adapters serve every declaration: ``podium <format> <view> EVENT --param value`` (and the
kernel's in their usual places: ``podium standings``, ``podium round show``), ``GET
/api/v1/events/{event}/views/{name}`` with a response schema generated from ``returns``, and a
page (the view's template, or the generic one for its tables).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from podium.core import inputs
from podium.core.commands import (
    ANYONE,
    NAME,
    ORGANISER,
    PLAYER,
    SURFACES,
    Caller,
    Param,
    check_params,
)
from podium.core.declaration import Fields, Values
from podium.core.views import N_

if TYPE_CHECKING:
    from datetime import datetime

    from podium.core.log import Action
    from podium.core.messages import Message
    from podium.core.model import EventState
    from podium.core.ruleset import Ruleset
    from podium.core.views import TableView

V = TypeVar("V")

#: Who may read a view: anyone, a player with their code, an organiser of the event.
READ_ROLES = (ANYONE, PLAYER, ORGANISER)

#: The rows of one page of a list, unless the caller asks for another number.
PAGE_LIMIT = 100
#: The most rows one page may hold.
MAX_LIMIT = 10_000

#: The paging parameters every list view takes (the catalog adds them to a ``paged`` view).
LIMIT = Param("limit", inputs.Integer(1, MAX_LIMIT), N_("rows per page"),
              default=None, label=N_("Rows"))
OFFSET = Param("offset", inputs.Integer(0, 10**9), N_("rows to skip (the first is 0)"),
               default=0, label=N_("From row"))
PAGING = (LIMIT, OFFSET)


@dataclass(frozen=True)
class Member:
    """One member of a series as its views see it: its label, its state and its format."""

    label: str
    slug: str
    state: EventState
    ruleset: Ruleset


class Source(Protocol):
    """What a view may read beyond the event's state, provided by the service (the core does
    no I/O): each is read only when a view asks for it."""

    def now(self) -> datetime:
        """The reader's clock (a deadline, a round clock)."""
        ...

    def created_at(self) -> datetime:
        """When the event was created."""
        ...

    def log(self, offset: int, limit: int | None) -> tuple[list[Action], int]:
        """A page of the event's action log and the log's length."""
        ...

    def codes(self) -> dict[int, str]:
        """Every live player's self-report code (organisers only)."""
        ...

    def members(self) -> list[Member]:
        """A series' members in order (a series only)."""
        ...

    def extra(self, what: str, **params: Any) -> Any:
        """Anything else the service keeps for a view (the self-report queue, roles)."""
        ...


@dataclass(frozen=True)
class ViewCall(Values):
    """What a view's ``read`` receives: the event (its state and format), the decoded
    parameters, who reads, and the :class:`Source` of what is not in the state."""

    slug: str
    values: Mapping[str, Any]
    caller: Caller
    state: EventState
    ruleset: Ruleset
    source: Source



@dataclass(frozen=True)
class Tab:
    """One tab of a view listed as several (a league's board, one tab a league): its address
    under ``/e/{slug}/p/`` (``key``), its title (a message), the view's parameters it is read
    with (as text), and whether the tab row lists it (an address kept for bookmarks only)."""

    key: str
    title: str
    values: Mapping[str, str] = field(default_factory=dict)
    listed: bool = True


Read = Callable[[ViewCall], Any]
Shown = Callable[["EventState"], bool]
#: How a value is shown to people where a surface has no rendering of its own for its type:
#: tables and sentences, format-neutral (the command line prints them, a page without a
#: template of its own renders them).
Show = Callable[[Any], "Sequence[TableView | Message]"]


@dataclass(frozen=True)
class ViewSpec(Fields, Generic[V]):
    """One declared read. ``read(call)`` returns the value: a typed dataclass (``returns`` is
    its type, from which the API's schema is generated), or a
    :class:`~podium.core.views.TableView` (``returns`` :class:`~podium.core.values.TableValue`)
    or a list of them (``returns`` :class:`~podium.core.values.Tables`), which every surface
    knows how to show and the API turns into their typed form.

    ``paged``: a list; the catalog adds ``limit`` and ``offset`` (:data:`PAGING`) and the
    value carries its total. ``capability``/``on_formats``: which events have it, as for
    commands. ``shown(state)``: whether a page lists it now (a tab); ``tabs(state)``: the tabs
    it is listed as, each read with its own parameters (:class:`Tab`; default: one tab at
    its short name, with ``tab``). ``template``: the page's
    own template (default: the generic one). ``show``: its tables and sentences for people
    when the value is not a table. ``cli``: its name in the format's group; ``shared``: its
    place among the shared commands (``("round", "show")``). ``example``: the parameters (as
    text) a person would give on the event as it stands, for the conformance kit."""

    name: str
    title: str
    read: Read
    returns: Any
    params: tuple[Param, ...] = ()
    help: str = ""
    role: str = ANYONE
    capability: str | None = None
    on_formats: tuple[str, ...] = ()
    shown: Shown | None = None
    paged: bool = False
    template: str | None = None
    show: Show | None = None
    cli: str = ""
    shared: tuple[str, str] | None = None
    tab: bool = False
    tabs: Callable[[EventState], Sequence[Tab]] | None = None
    surfaces: tuple[str, ...] = SURFACES
    not_on: Mapping[str, str] = field(default_factory=dict)
    event: bool = True
    #: The one event it always runs on (the register of persons, ``people``): the command line
    #: takes no EVENT argument for it; the API's and the pages' addresses name that event.
    fixed: str = ""
    example: Callable[[EventState], Mapping[str, Any] | None] | None = None
    #: The organiser's page shows it first, as what the event needs now (a table whose rows
    #: may name a command to run, ``do``, or a member event, ``member``)
    now: bool = False
    #: It may compute for seconds (a simulation): the command line shows a spinner meanwhile
    slow: bool = False
    #: Set by the catalog: the format that declares it (None: the kernel's).
    format: str | None = None

    def tabs_of(self, state: EventState) -> list[Tab]:
        """The tabs the view is listed as on this event (none unless it is a tab)."""
        if self.tabs is not None:
            return list(self.tabs(state))
        return [Tab(self.command_name, self.title)] if self.tab else []


def with_paging(spec: ViewSpec[Any]) -> ViewSpec[Any]:
    """A paged view with the paging parameters after its own."""
    from dataclasses import replace

    if not spec.paged or spec.param("limit") is not None:
        return spec
    return replace(spec, params=(*spec.params, *PAGING))


def check_view(spec: ViewSpec[Any]) -> list[str]:
    """Problems of a view's declaration (found when the catalog is built, at start-up)."""
    problems = []
    plain = spec.name.replace("-", "")
    if not (NAME.fullmatch(spec.name) or (plain.isalpha() and plain.islower())):
        problems.append(f"view {spec.name!r}: name it '<format>.<what>' or a kernel word")
    if not spec.title:
        problems.append(f"view {spec.name!r}: a title is needed")
    if spec.role not in READ_ROLES:
        problems.append(f"view {spec.name!r}: role must be one of {READ_ROLES}")
    if spec.returns is None:
        problems.append(f"view {spec.name!r}: say what it returns (a type)")
    problems.extend(f"view {spec.name!r}: {p}" for p in check_params(spec.params))
    for surface in SURFACES:
        if surface not in spec.surfaces and not spec.not_on.get(surface):
            problems.append(f"view {spec.name!r}: say why it is not on {surface} (not_on)")
    return problems


__all__ = [
    "LIMIT", "MAX_LIMIT", "OFFSET", "PAGE_LIMIT", "PAGING", "READ_ROLES", "Member", "Source",
    "Tab", "ViewCall", "ViewSpec", "check_view", "with_paging",
]
