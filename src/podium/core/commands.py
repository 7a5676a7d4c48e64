"""Declared commands: what people can ask of an event, declared once and served everywhere.

A format declares what is stored (:class:`podium.core.ruleset.ActionKind`) and what people can
ask for: its commands (:meth:`podium.core.ruleset.Ruleset.commands`), each a :class:`CommandSpec`
with its name, its title and help (msgids), its fields (:class:`Param`, each read by an
:class:`podium.core.inputs.Input` from text or JSON), who may run it (:data:`ROLES`), what the
event must have for it (a capability, a phase), what it builds (``make``: the decoded input to a
command object whose ``build`` returns the new actions) and what it answers (a dataclass of JSON
types and a sentence for people). The kernel declares the shared commands (players, rounds, results,
the TOP, series membership, self-report) the same way.

Three generic adapters serve every declaration (the CLI's ``podium <format> <command> EVENT
--field value``, the API's ``POST /api/v1/events/{event}/commands/{name}``, the organiser's
form ``/manage/{event}/do/{name}``), and one place runs them
(:meth:`podium.service.events.EventService.execute`): it decodes the input, checks that the
command belongs to the event's format and that the caller's role allows it, builds and applies
it in one unit of work. No adapter holds a use case of its own.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol

from typing_extensions import TypeVar

from podium.core import codes, inputs
from podium.core.declaration import Fields, Values
from podium.core.errors import InvalidInput, PodiumError
from podium.core.inputs import File, Input, Upload, refuse, unicode_checked
from podium.core.views import N_

if TYPE_CHECKING:
    from podium.core.model import EventState, Round, Table, TableResult
    from podium.core.schema import Schema

# -- who may run a command --------------------------------------------------------------------
#: Anyone, signed in or not (nothing of that kind changes an event today; reads are routes).
ANYONE = "anyone"
#: A player with their personal code, for their own table or game only.
PLAYER = "player"
#: An organiser of the event: its owner or a judge.
ORGANISER = "organiser"
#: The event's owner only (roles, deleting).
OWNER = "owner"
#: Any organiser account (creating an event, which then belongs to it).
ACCOUNT = "account"
ROLES = (ANYONE, PLAYER, ORGANISER, OWNER, ACCOUNT)

#: The surfaces a command is served on.
CLI, API, WEB = "cli", "api", "web"
SURFACES = (CLI, API, WEB)

NAME = re.compile(r"[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+")
FIELD = re.compile(r"[a-z][a-z0-9_]*")

#: The fields any surface may add without declaring them (the page's token, its language), and
#: the command line's own options (``--code`` of a player command, ``--json``).
FORM_EXTRAS = frozenset({"csrf_token", "_lang", "then", "code", "json"})


@dataclass(frozen=True)
class Param:
    """One field of a command: its key (the JSON key, the form field, the ``--option``), how it
    is typed (``input``), its help (a msgid), whether it is required and its default.
    ``argument``: a positional argument on the command line (after the event), in order.
    ``judge_only``: a player's form never sends it (a judge's game loss)."""

    name: str
    input: Input
    help: str = ""
    required: bool = False
    default: Any = None
    argument: bool = False
    judge_only: bool = False
    label: str = ""  # a short msgid for the form's label (default: the help)
    surfaces: tuple[str, ...] = SURFACES  # where the field is offered (an API-only ``entry``)
    cli: str = ""  # its command-line option when not ``--<name>`` (``--set`` for settings)
    aliases: tuple[str, ...] = ()  # other command-line spellings kept (``--player``)
    #: What a page's form holds in this field whatever was typed before: the event as the
    #: page shows it (a version, :data:`EXPECT`), so a form sent again after a refusal
    #: carries what the refusal showed.
    prefill: Callable[[EventState], Any] | None = None
    #: The players a page offers in this field, given the other fields as typed (a table's
    #: players once its number is known); None: every player of the event.
    offers: Callable[[EventState, Mapping[str, Any]], Sequence[int] | None] | None = None
    #: A field a person rarely fills (an override of what podium works out): a page folds it
    #: under "More fields" unless it is filled in or refused
    more: bool = False

    @property
    def option(self) -> str:
        """The command-line option: ``--game-loss`` for ``game_loss``."""
        return self.cli or "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class Caller:
    """Who runs a command: what the log records as the actor, and what they can show for it:
    an organiser account (``username``), a player code, or the local command line (``local``:
    the organiser of every event in the database it opens). ``address`` and ``device`` (a
    browser's signed device id) tell the code throttle who guesses."""

    actor: str
    username: str | None = None
    code: str | None = None
    local: bool = False
    address: str = ""
    device: str = ""

    @classmethod
    def cli(cls, actor: str) -> Caller:
        return cls(actor=actor, local=True)


Progress = Callable[[Any, int, int], None]  # what: a message or a msgid


@dataclass(frozen=True)
class Call(Values):
    """What a command's ``make`` receives: the event, the decoded fields, the caller, and where
    a long command reports its progress (``progress(what, done, total)``: the command line's
    bar; None elsewhere)."""

    slug: str
    values: Mapping[str, Any]
    caller: Caller
    progress: Progress | None = None


Make = Callable[[Call], Any]
#: What a command answers: a dataclass of JSON types (:mod:`podium.core.values`). A bare
#: ``CommandSpec`` answers anything; one declared with ``answer`` and ``answers`` is checked by
#: mypy: its ``answer`` returns the type it declares.
A = TypeVar("A", default=Any)
Said = Callable[[Any], str]
Shown = Callable[["EventState"], bool]


@dataclass(frozen=True)
class CommandSpec(Fields, Generic[A]):
    """One declared command. ``make(call)`` returns a command object (``build(loaded)`` to the
    new actions and ``answer(...)``, :mod:`podium.service.commands`); ``answer(value)`` turns
    what it answered into its typed answer (of type ``answers``), ``said(value)`` into a
    message for people.

    ``capability``: what the event's format must have (``rounds``, ``divisions``,
    ``playoff``, ``series``, ``open_play``) for a kernel command to be offered; ``phase``: a
    phase kind the event must declare (``playoff``); ``shown(state)``: whether a page offers it
    now. ``surfaces`` lists where it is served and ``not_on`` says why not elsewhere (a msgid
    per surface left out). ``event=False``: it makes an event rather than acting on one.
    ``preview``: it stores nothing. ``template``: a page's own form for it; ``render``: the
    command line's own printing of its answer (``"module:function"``)."""

    name: str
    title: str
    make: Make
    params: tuple[Param, ...] = ()
    help: str = ""
    role: str = ORGANISER
    capability: str | None = None
    phase: str | None = None
    shown: Shown | None = None
    answer: Callable[[Any], A] | None = None
    said: Said | None = None
    #: The type ``answer`` returns (a dataclass of :mod:`podium.core.values` types): the API's
    #: schema of the answer is generated from it. Every command offered on the API declares
    #: one (an empty dataclass when it has nothing to answer but its sentence).
    answers: type[A] | None = None
    surfaces: tuple[str, ...] = SURFACES
    not_on: Mapping[str, str] = field(default_factory=dict)
    event: bool = True
    preview: bool = False
    danger: bool = False
    template: str | None = None
    render: str | None = None
    #: What people see of its answer beyond its sentence: tables and sentences (the
    #: command line prints them, the page shows them), from the command's value.
    show: Callable[[Any], Sequence[Any]] | None = None
    #: The command-line path within the format's group (default: the name's last part).
    cli: str = ""
    #: Kernel commands also stand in the shared groups: (group, command), e.g. ("player",
    #: "add") for ``podium player add``.
    shared: tuple[str, str] | None = None
    #: The formats whose events it runs on, when not the declaring format's own (the 7 Wonders
    #: year's commands run on a series).
    on_formats: tuple[str, ...] = ()
    #: The one event it always runs on (the register of persons, ``people``): the command line
    #: takes no EVENT argument for it; the API's and the pages' addresses name that event.
    fixed: str = ""
    #: What a person would type to run it on the event as it stands (the fields as text; a
    #: file as ``(name, text)``), or None when it does not apply now: the conformance kit runs
    #: it on every surface and compares what each stores (:mod:`podium.testing`).
    example: Callable[[EventState], Mapping[str, Any] | None] | None = None
    #: It writes into a round whose number its answer gives (its ``round``, a result):
    #: the answer stays brief (the table and the round's progress), and the API adds the whole
    #: round only when asked (``?round=full``, 253 kB at 10,000 players).
    round_answer: bool = False
    #: Set by the catalog: the format that declares it (None: the kernel's).
    format: str | None = None


def _last_action(state: EventState) -> int:
    return state.last_seq


#: The version of what a command changes, as its caller saw it (an action number: a result's
#: or a round's ``version``, an ``ETag``, or the event's last action when a page was drawn):
#: the command is refused (:class:`podium.core.errors.Stale`, HTTP 412) when what it changes
#: was changed by a later action, so two organisers never silently overwrite each other.
#: Optional: without it the command runs on the state as it is. The command line's
#: ``--expect``, a page's hidden field (the event's last action when the page was drawn),
#: the API's ``expect`` or ``If-Match`` header.
EXPECT = Param("expect", inputs.Version(),
               N_("the version you saw (a result's or a round's, or an ETag): refused if it "
                  "changed since"), label=N_("Version"), prefill=_last_action)


class InvalidFields(InvalidInput):
    """Several fields refused at once (a form shows each next to its field); its own message is
    the first one's."""

    def __init__(self, problems: Sequence[PodiumError]) -> None:
        first = problems[0]
        super().__init__(first.msgid, code=first.code, field=first.field, **first.params)
        self.problems = list(problems)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["problems"] = [p.to_json() for p in self.problems]
        return out


TEXT, JSON = "text", "json"


class Declared(Protocol):
    """What decoding needs of a declaration: its fields on a surface (a command's, a
    view's)."""

    def params_on(self, surface: str) -> tuple[Param, ...]: ...


def decode_input(spec: Declared, raw: Mapping[str, Any], source: str, *,
                 surface: str = API, strict: bool | None = None) -> dict[str, Any]:
    """The fields of ``raw`` decoded by their inputs: from text (``source="text"``: a form's
    fields or the command line's options, each a string or a list of strings for a repeated
    one, an :class:`Upload` for a file) or from a JSON object (``source="json"``). Every bad
    field is refused at once (:class:`InvalidFields`), each naming its field; ``strict``
    refuses a field the command does not have (default: for JSON)."""
    if not isinstance(raw, Mapping):
        raise refuse("body", N_("the body must be a JSON object"), codes.INPUT_BODY)
    strict = source == JSON if strict is None else strict
    params = spec.params_on(surface)
    known = {p.name for p in params}
    problems: list[PodiumError] = []
    if strict:
        for key in raw:
            if key not in known:
                problems.append(refuse(str(key)[:60], N_("unknown field; known: %(known)s"),
                                       codes.INPUT_UNKNOWN, known=sorted(known)))
    values: dict[str, Any] = {}
    for param in params:
        try:
            if source == JSON:
                unicode_checked(raw.get(param.name), param.name)
            values[param.name] = decode_param(param, raw.get(param.name), source)
        except InvalidFields as error:
            problems.extend(error.problems)
        except PodiumError as error:
            problems.append(error.at(param.name))
    if problems:
        raise InvalidFields(problems)
    return values


def _empty(value: Any, source: str = TEXT) -> bool:
    """A field left out: nothing, blank text, and in text a list of blanks (a form's repeated
    field left empty). In JSON a list is empty only when it has no items: ``[null, null]`` is
    a value, refused by the field's input, never read as "not given"."""
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    if isinstance(value, list | tuple):
        if source == JSON:
            return not value
        return all(_empty(item) for item in value)
    return False


def decode_param(param: Param, value: Any, source: str) -> Any:
    """One field: its default when absent or empty (refused when required), else decoded."""
    inp = param.input
    if isinstance(value, Upload):
        if not isinstance(inp, File):
            raise refuse(param.name, N_("expected text, not a file"), codes.INPUT_FILE)
        return inp.from_upload(value, param.name)
    if _empty(value, source) or (inp.flag and source == TEXT and value in ([], ())):
        if param.required:
            raise refuse(param.name, N_("this field is required"), codes.INPUT_MISSING)
        if inp.flag and param.default is None:
            return False
        return param.default
    if source == JSON:
        return inp.from_json(value, param.name)
    texts = [value] if isinstance(value, str) else list(value)
    if not all(isinstance(t, str) for t in texts):
        raise refuse(param.name, N_("expected text"), codes.INPUT_TEXT)
    texts = [t for t in texts if t.strip()] or texts[:1]
    return inp.from_texts(texts, param.name)


def check_params(params: Sequence[Param]) -> list[str]:
    """Problems of a list of fields (a command's or a view's)."""
    problems = []
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        problems.append("a field is declared twice")
    arguments = [p for p in params if p.argument]
    for param in params:
        if not FIELD.fullmatch(param.name) or param.name in FORM_EXTRAS:
            problems.append(f"field {param.name!r} is not a valid name")
        if param.argument and param.input.multiple and param is not arguments[-1]:
            problems.append(f"only the last argument takes several values ({param.name!r})")
    flags = [p.argument for p in params]
    if any(later and not earlier for earlier, later in itertools.pairwise(flags)):
        problems.append("arguments come before options")
    return problems


def check_spec(spec: CommandSpec) -> list[str]:
    """Problems of a declaration (found when the catalog is built, at start-up)."""
    problems = []
    if not NAME.fullmatch(spec.name):
        problems.append(f"command {spec.name!r}: name it '<area>.<what>' in lowercase")
    if not spec.title:
        problems.append(f"command {spec.name!r}: a title is needed")
    if spec.role not in ROLES:
        problems.append(f"command {spec.name!r}: role must be one of {ROLES}")
    problems.extend(f"command {spec.name!r}: {p}" for p in check_params(spec.params))
    for surface in SURFACES:
        if surface not in spec.surfaces and not spec.not_on.get(surface):
            problems.append(f"command {spec.name!r}: say why it is not on {surface} (not_on)")
    if spec.on(API) and (spec.answers is None or spec.answer is None):
        problems.append(f"command {spec.name!r}: on the API it declares what it answers "
                        "(answer and answers, a dataclass)")
    return problems


# -- a format's result entry --------------------------------------------------------------------
EntryOf = Callable[[Mapping[str, Any], "EventState", "Round", "Table"], dict[str, Any]]


@dataclass(frozen=True)
class ResultEntry:
    """How a round-based format's table result is typed and stored: the fields a person
    types (``params``), ``entry(values, state, round, table)`` turning them into the entry the
    log stores, and that entry's schema (``stored``: checked before :meth:`Ruleset.score`
    reads a stored entry, so any JSON in an imported file is a clear refusal). The kernel
    builds the format's result command (``<format>.result``: the organiser's entry and
    correction on every surface) and the player's self-report from it.

    ``template``: the organiser's per-table form partial (context ``table``, ``seats``,
    ``last``); ``report_template``: the player's (tapping on a phone), default the same;
    ``describe(state, result)``: one line for a result that is in."""

    params: tuple[Param, ...]
    entry: EntryOf
    stored: Schema | Callable[[Any], Schema]
    template: str | None = None
    report_template: str | None = None
    describe: Callable[[EventState, TableResult], str] | None = None
    help: str = ""
    #: What a person would type for ``table``'s result (the fields as text): the conformance
    #: kit's example of the result command on every surface.
    example: Callable[[EventState, Round, Table], Mapping[str, str]] | None = None
    #: A stored entry back as a person types it (the fields as text): what a correction's
    #: form starts from, so the organiser changes what is wrong rather than typing it all.
    typed: Callable[[Mapping[str, Any], Table], Mapping[str, str]] | None = None

    def stored_schema(self, settings: Any) -> Schema:
        """The stored entry's schema under the event's settings (Team Sealed stores games)."""
        from podium.core.schema import Schema

        return self.stored if isinstance(self.stored, Schema) else self.stored(settings)


# -- an open-play format's self-report ---------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """Where a player of an open-play event plays now, for the kernel's self-report
    (:class:`OpenReport`): the game as the format names it (``game``, ``gods/3``; ``title``
    for people, a message), its players, the two numbers its reports are filed under (the
    kernel keeps a report by round and table: any pair the format never gives another game of
    the event), how many of the other players must confirm a report before it counts (None:
    all of them), and when it is due (shown to the player in the time zone ``zone``; None: no
    deadline)."""

    game: str
    title: str
    players: tuple[int, ...]
    round: int
    table: int
    confirmations: int | None = None
    due: Any = None  # a datetime
    zone: str = "UTC"


ActionsOf = Callable[["EventState", Place, Mapping[str, Any], int],
                     list[tuple[str, dict[str, Any]]]]


@dataclass(frozen=True)
class OpenReport:
    """How the players of an open-play format report their games with their codes: the
    kernel builds the format's ``<format>.report`` from it and serves ``report.confirm``,
    ``report.dispute`` and ``report.decide`` for its events, as for a round's table
    (:mod:`podium.service.selfreport`).

    ``params``: the fields a player types; ``place(state, player)``: the game the player is
    due in now (None: none is); ``entry(values, state, place)``: the typed fields as the entry
    a report keeps, checked as the game would be (a refusal names the field); ``actions(state,
    place, entry, reporter)``: the format's own actions (kind, payload) that a report becomes
    once enough players confirmed it or the organiser accepted it, checked by replay like any
    action; ``describe(state, entry)``: one line for the players who confirm and the
    organiser's queue (with everything the report decides: penalties, ties); ``template``:
    the player's form (context ``seat``, ``last``). ``summary(state, entry)`` and
    ``summary_template`` (context ``summary``): the report as a compact block above the
    Confirm and Dispute buttons and in the organiser's queue; ``correction(state, entry)``:
    the organiser's command that enters the report's game as corrected, its fixed fields and
    its fields to edit prefilled from the report (name, label, value), for Replace;
    ``league(state, player)``: the player's league as people read it (the codes page and the
    code slips of an online league; "" for none)."""

    params: tuple[Param, ...]
    place: Callable[[EventState, int], Place | None]
    entry: Callable[[Mapping[str, Any], EventState, Place], dict[str, Any]]
    actions: ActionsOf
    describe: Callable[[EventState, Mapping[str, Any]], str] | None = None
    template: str | None = None
    help: str = ""
    summary: Callable[[EventState, Mapping[str, Any]], Any] | None = None
    summary_template: str | None = None
    correction: Callable[[EventState, Mapping[str, Any]], Correction] | None = None
    league: Callable[[EventState, int], Any] | None = None


@dataclass(frozen=True)
class Correction:
    """How the organiser replaces a disputed report (:attr:`OpenReport.correction`): the
    command that enters its game, the fields that name the game (sent as they are) and the
    fields to edit, prefilled from the report as ``(name, label msgid, value)`` (a yes-or-no
    field's value is a bool)."""

    command: str
    fixed: Mapping[str, str]
    fields: tuple[tuple[str, str, str | bool], ...]


def folded(spec: CommandSpec[Any], *names: str) -> CommandSpec[Any]:
    """``spec`` with its fields ``names`` marked :attr:`Param.more` (folded on a page)."""
    from dataclasses import replace

    unknown = set(names) - {p.name for p in spec.params}
    assert not unknown, f"{spec.name} has no field {sorted(unknown)}"
    return replace(spec, params=tuple(replace(p, more=True) if p.name in names else p
                                      for p in spec.params))


__all__ = [
    "ACCOUNT",
    "ANYONE",
    "API",
    "CLI",
    "EXPECT",
    "JSON",
    "ORGANISER",
    "OWNER",
    "PLAYER",
    "ROLES",
    "SURFACES",
    "TEXT",
    "WEB",
    "Call",
    "Caller",
    "CommandSpec",
    "Correction",
    "InvalidFields",
    "OpenReport",
    "Param",
    "Place",
    "ResultEntry",
    "check_params",
    "check_spec",
    "decode_input",
    "decode_param",
    "folded",
]
