"""The kernel's declared commands: what every event has, or every event whose format has the
capability that brings it (:mod:`podium.core.commands`).

Each declaration names its fields, role and answer, and ``make`` turns the decoded fields into
one of the service's command objects (:mod:`podium.service.commands`, :mod:`.top`,
:mod:`.series`, :mod:`.selfreport`). A format's result command (``<format>.result``) and the
player's self-report are built here from the format's
:meth:`~podium.core.ruleset.Ruleset.result_entry`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from podium.core import codes, inputs
from podium.core.bracket import DRAW_RULES, Bracket
from podium.core.commands import (
    ACCOUNT,
    API,
    CLI,
    EXPECT,
    OWNER,
    PLAYER,
    Call,
    CommandSpec,
    OpenReport,
    Param,
    ResultEntry,
)
from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.messages import M, Mn
from podium.core.model import EventState, Player, Round, Table
from podium.core.ruleset import Ruleset
from podium.core.views import N_
from podium.pairing.bracket import TOP_SEEDINGS
from podium.service.answers import (
    EventArchived,
    EventCreated,
    EventDeleted,
    EventDetailsSet,
    EventImported,
    EventRenamed,
    MemberAdded,
    Nothing,
    PlayerChanged,
    PlayerRemoved,
    PlayersAdded,
    PlayerSubstituted,
    ReportAnswer,
    ResultSaved,
    RoleChanged,
    RoundPaired,
    RoundUndone,
    TopAnswer,
    player_answer,
    player_changed,
    players_added,
    report_answer,
    round_paired,
    top_answer,
)
from podium.service.commands import (
    AddPlayers,
    ChangeSettings,
    Command,
    CreateEvent,
    DropPlayer,
    EnterResult,
    MoveToDivision,
    ReinstatePlayer,
    UndoRound,
)
from podium.service.events import EventService, LoadedEvent, Outcome

if TYPE_CHECKING:
    from podium.service.named import NamedBracket, PairedRound

REASON = Param("reason", inputs.Text(500), N_("why (kept in the log)"))
NEEDED_REASON = Param("reason", inputs.Text(500, non_empty=True),
                      N_("why (kept in the log)"), required=True)
PREVIEW = Param("preview", inputs.YesNo(), N_("show what it would store, store nothing"))


# What a person would type, on the event as it stands (the conformance kit's examples) -------
def _first_active(state: EventState) -> str | None:
    active = state.active_players()
    return active[0].name if active else None


def _status(state: EventState) -> Any:
    from podium.core import phases
    from podium.formats import get_format

    return phases.status(state, get_format(state.format))


def _settings_example(state: EventState) -> dict[str, Any] | None:
    from podium.formats import get_format

    ruleset = get_format(state.format)
    key, value = next(iter(ruleset.settings_to_json(state.settings).items()))
    text = ",".join(map(str, value)) if isinstance(value, list) else (
        "auto" if value is None else str(value).lower() if isinstance(value, bool) else value)
    return {"settings": f"{key}={text}", "reason": "checked"}


# -- events ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CreateOwnedEvent(Command[Any]):
    """Create an event and make ``owner`` its owner (an organiser account), in that order: an
    unknown owner is refused before the event is stored."""

    name: str = ""
    format: str = ""
    settings: Mapping[str, Any] | None = None
    seed: int | None = None
    owner: str | None = None

    def run(self, service: EventService, actor: str) -> Outcome[Any]:
        from podium.service.accounts import OWNER as OWNER_ROLE
        from podium.service.accounts import AccountService

        accounts = AccountService(service.db, service.clock) if self.owner else None
        if accounts is not None and self.owner:
            accounts.get_user(self.owner)
        done = service.run_command(CreateEvent(self.slug, self.name or self.slug, self.format,
                                           dict(self.settings or {}), self.seed), actor)
        if accounts is not None and self.owner:
            accounts.grant(self.slug, self.owner, OWNER_ROLE, actor)
        return Outcome(done.loaded, done.actions, done.loaded)


def _create(call: Call) -> Command[Any]:
    owner = call.get("owner") or (call.caller.username if not call.caller.local else None)
    return CreateOwnedEvent(call["slug"], call.get("name", ""), call.get("format", "commander"),
                            call.get("settings", {}), call.get("seed"), owner)


def _formats() -> tuple[str, ...]:
    from podium.formats import available

    return tuple(available())


@dataclass(frozen=True)
class FormatChoice(inputs.Choice):
    """The registered formats (known when the catalog is built, after the registry)."""

    def from_text(self, text: str, field: str) -> str:
        return inputs.Choice(_formats()).from_text(text, field)

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(_formats())}

    def choices(self) -> tuple[str, ...]:
        return _formats()


EVENT_CREATE = CommandSpec(
    "event.create", N_("Create an event"),
    lambda call: _create(call),
    params=(
        Param("slug", inputs.Slug(), N_("the event's id in addresses: latin letters, digits, "
                                        "- or _"), required=True, argument=True),
        Param("name", inputs.Text(200), N_("display name (default: the id)")),
        Param("format", FormatChoice(), N_("the regulation it runs"), default="commander"),
        Param("settings", inputs.Assignments(), N_("format settings, KEY=VALUE (see the "
                                                   "formats' settings)"), label=N_("Settings"),
              cli="--set", aliases=("--settings",)),
        Param("seed", inputs.Seed(),
              N_("seed of every random draw (default: a fresh one, recorded)")),
        Param("owner", inputs.Text(40), N_("organiser account that owns it on the web"),
              surfaces=(CLI,)),
    ),
    role=ACCOUNT, event=False, shared=("event", "create"),
    said=lambda value: M("Created %(slug)s (%(format)s), seed %(seed)s.",
                         slug=value.state.slug, format=value.state.format,
                         seed=value.state.seed),
    answer=lambda value: EventCreated(value.state.slug, value.state.format, value.state.seed),
    answers=EventCreated,
)


def _settings_said(_value: Any) -> str:
    return M("Settings changed.")


EVENT_SETTINGS = CommandSpec(
    "event.settings", N_("Change settings"),
    lambda call: ChangeSettings(call.slug, call.get("settings", {}), call.get("reason", "")),
    params=(
        Param("settings", inputs.Assignments(), N_("settings to change, KEY=VALUE"),
              required=True, argument=True, label=N_("Settings")),
        REASON,
    ),
    help=N_("From the next round on; the log keeps the reason."),
    shared=("event", "set"), said=_settings_said, example=_settings_example,
    answer=lambda _value: Nothing(), answers=Nothing,
)


# -- players --------------------------------------------------------------------------------------
def _added(players: list[Player]) -> str:
    return Mn("%(n)s player added.", "%(n)s players added.", len(players))


PLAYER_ADD = CommandSpec(
    "player.add", N_("Add players"),
    lambda call: AddPlayers(call.slug, tuple(call["names"]),
                            (call.get("group") or "",) * len(call["names"])),
    params=(Param("names", inputs.Players(100_000, lines=True, register=True),
                  N_("one name a line (after round 1 they enter late, with 0 points)"),
                  required=True, argument=True, label=N_("Names")),
            Param("group", inputs.Text(80), N_("the group (club, family, team) of every name "
                                               "added, kept apart by the pairing where the "
                                               "event's settings say so"),
                  label=N_("Group"))),
    shared=("player", "add"), said=_added,
    example=lambda state: {"names": "Kit Newcomer"},
    answer=players_added, answers=PlayersAdded,
    render="podium.cli.printing:players_added",
)


def _import_players(call: Call) -> Command[Any]:
    from podium.service.forms import players_from_csv

    upload = call["file"]
    try:
        players = players_from_csv(upload.data)
    except InvalidInput as error:
        raise error.at("file") from None
    return AddPlayers(call.slug, tuple(name for name, _ in players),
                      tuple(group for _, group in players))


PLAYER_IMPORT = CommandSpec(
    "player.import", N_("Import players"),
    _import_players,
    params=(Param("file", inputs.File(1_000_000, ".csv,text/csv"),
                  N_("a CSV with a “name” column and, if you like, a “group” (or “club”, "
                     "“team”) column (UTF-8 or Windows-1251)"), required=True,
                  argument=True, label=N_("File")),),
    shared=("player", "import"),
    example=lambda state: {"file": ("players.csv", "name\nKit Imported\n")},
    said=lambda players: Mn("Imported %(n)s player.", "Imported %(n)s players.",
                            len(players)),
    answer=players_added, answers=PlayersAdded,
)


def _drop(call: Call) -> Command[Any]:
    reason = call.get("reason", "")
    if call.get("disqualify"):
        reason = f"disqualified: {reason}" if reason else "disqualified"
    return DropPlayer(call.slug, call["player"], reason)


PLAYER_ARG = Param("player", inputs.Player(), N_("the player: a name or #id"), required=True,
                   argument=True, label=N_("Player"))

PLAYER_DROP = CommandSpec(
    "player.drop", N_("Drop a player"), _drop,
    params=(PLAYER_ARG, REASON,
            Param("disqualify", inputs.YesNo(), N_("a disqualification (kept in the log)"))),
    help=N_("From the next pairing on; their results stay."),
    shared=("player", "drop"), danger=True,
    example=lambda state: ({"player": name, "reason": "left early"}
                           if (name := _first_active(state)) else None),
    said=lambda p: M("%(name)s dropped.", name=p.name),
    answer=player_changed, answers=PlayerChanged,
)

PLAYER_REINSTATE = CommandSpec(
    "player.reinstate", N_("Reinstate a player"),
    lambda call: ReinstatePlayer(call.slug, call["player"], call.get("reason", "")),
    params=(PLAYER_ARG, REASON), help=N_("Undo a drop."),
    shared=("player", "reinstate"),
    example=lambda state: next(({"player": p.name, "reason": "back"}
                                for p in state.players.values() if p.dropped), None),
    said=lambda p: M("%(name)s is back in.", name=p.name),
    answer=player_changed, answers=PlayerChanged,
)


# -- people: rename, remove, merge, substitute -----------------------------------------
def _people() -> Any:
    from podium.service import people

    return people


def _never_played(state: EventState) -> str | None:
    from podium.core.people import rounds_of

    return next((p.name for p in state.players.values() if not rounds_of(state, p.id)), None)


def _two_apart(state: EventState) -> dict[str, Any] | None:
    """Two players never in one round (what a merge example needs)."""
    from podium.core.people import rounds_of

    players = list(state.players.values())
    for a in players:
        for b in players:
            if a.id < b.id and not set(rounds_of(state, a.id)) & set(rounds_of(state, b.id)):
                return {"player": a.name, "other": b.name, "reason": "same person"}
    return None


PLAYER_RENAME = CommandSpec(
    "player.rename", N_("Rename a player"),
    lambda call: _people().RenamePlayer(call.slug, call["player"], call["name"],
                                        call.get("reason", "")),
    params=(PLAYER_ARG,
            Param("name", inputs.Text(80, non_empty=True), N_("the new name"), required=True,
                  argument=True, label=N_("New name")),
            REASON),
    help=N_("Every page shows the new name; the log keeps the old one."),
    shared=("player", "rename"),
    shown=lambda state: bool(state.players),  # nobody to rename yet (or ever: a series)
    example=lambda state: ({"player": name, "name": "Kit Renamed", "reason": "typo"}
                           if (name := _first_active(state)) else None),
    said=lambda p: M("Renamed: %(name)s.", name=p.name),
    answer=player_changed, answers=PlayerChanged,
)

def _group_said(p: Player) -> str:
    if p.group:
        return M("%(name)s is in group %(group)s.", name=p.name, group=p.group)
    return M("%(name)s has no group.", name=p.name)


PLAYER_GROUP = CommandSpec(
    "player.group", N_("Set a player's group"),
    lambda call: _people().GroupPlayer(call.slug, call["player"], call.get("group", ""),
                                       call.get("reason", "")),
    params=(PLAYER_ARG,
            Param("group", inputs.Text(80), N_("a club, family or team; empty clears it"),
                  argument=True, label=N_("Group")),
            REASON),
    help=N_("Players of one group can be kept apart in the pairing (a setting, beyond the "
            "regulation)."),
    shared=("player", "group"), capability="groups",
    example=lambda state: ({"player": name, "group": "Club Orbit", "reason": "registration"}
                           if (name := _first_active(state)) else None),
    said=_group_said,
    answer=player_changed, answers=PlayerChanged,
)

PLAYER_REMOVE = CommandSpec(
    "player.remove", N_("Remove a player"),
    lambda call: _people().RemovePlayer(call.slug, call["player"], call.get("reason", "")),
    params=(PLAYER_ARG, REASON),
    help=N_("A player added by mistake, before their first table; after it, drop them."),
    shared=("player", "remove"), danger=True, capability="rounds",
    example=lambda state: ({"player": name, "reason": "added by mistake"}
                           if (name := _never_played(state)) else None),
    said=lambda name: M("%(name)s removed.", name=name),
    answer=PlayerRemoved, answers=PlayerRemoved,
)

PLAYER_MERGE = CommandSpec(
    "player.merge", N_("Merge two players"),
    lambda call: _people().MergePlayers(call.slug, call["player"], call["other"],
                                        call.get("reason", "")),
    params=(Param("player", inputs.Player(), N_("the player kept: a name or #id"),
                  required=True, argument=True, label=N_("Player kept")),
            Param("other", inputs.Player(), N_("the other registration of the same person: "
                                               "their games and results follow"),
                  required=True, argument=True, label=N_("Merged into them")),
            NEEDED_REASON),
    help=N_("Two registrations of one person become one; players who sat at one table are "
            "two people and are refused."),
    shared=("player", "merge"), danger=True, capability="rounds",
    example=_two_apart,
    said=lambda p: M("Merged into %(name)s.", name=p.name),
    answer=player_changed, answers=PlayerChanged,
)


def _substitute(call: Call) -> Command[Any]:
    same = call.values.get("same_record")
    return _people().SubstitutePlayer(call.slug, call["player"], call["name"],
                                      call.get("from_round"), True if same else None,
                                      call.get("reason", ""))


def _substitution_said(sub: Any) -> str:
    if sub.record == "same":
        return M("%(name)s plays on %(original)s's record from round %(round)s.",
                 name=sub.substitute.name, original=sub.original, round=sub.from_round)
    return M("%(name)s takes %(original)s's seat from round %(round)s with a new record; "
             "%(original)s is dropped.", name=sub.substitute.name, original=sub.original,
             round=sub.from_round)


PLAYER_SUBSTITUTE = CommandSpec(
    "player.substitute", N_("Substitute a player"), _substitute,
    params=(PLAYER_ARG,
            Param("name", inputs.Text(80, non_empty=True), N_("the substitute's name"),
                  required=True, argument=True, label=N_("Substitute")),
            Param("from_round", inputs.Integer(1, 100_000),
                  N_("from this round on (default: the round being played if the player's "
                     "table has no result, else the next)"), label=N_("From round")),
            Param("same_record", inputs.YesNo(),
                  N_("the substitute plays on the original's record (beyond the regulation "
                     "for Commander and Berserk, where the substitute starts a new record and "
                     "the original is dropped)")),
            REASON),
    help=N_("A substitute takes a player's seat from a round on."),
    shared=("player", "substitute"), capability="rounds",
    example=lambda state: ({"player": name, "name": "Kit Substitute", "reason": "ill"}
                           if (name := _first_active(state)) else None),
    said=_substitution_said,
    answer=lambda sub: PlayerSubstituted(player_answer(sub.substitute), sub.original,
                                         sub.from_round, sub.record),
    answers=PlayerSubstituted,
)


# -- the event's own record: rename, archive, date and venue, delete -----------------
EVENT_RENAME = CommandSpec(
    "event.rename", N_("Rename the event"),
    lambda call: _people().RenameEvent(call.slug, call["name"], call.get("reason", "")),
    params=(Param("name", inputs.Text(200, non_empty=True), N_("the event's new name"),
                  required=True, argument=True, label=N_("New name")), REASON),
    help=N_("Its address stays; the log keeps the old name."),
    shared=("event", "rename"),
    example=lambda state: {"name": state.name + " (renamed)", "reason": "typo"},
    said=lambda name: M("The event is now called %(name)s.", name=name),
    answer=EventRenamed, answers=EventRenamed,
)


def _archive(call: Call) -> Command[Any]:
    return _people().ArchiveEvent(call.slug, not call.get("restore"), call.get("reason", ""))


EVENT_ARCHIVE = CommandSpec(
    "event.archive", N_("Archive the event"), _archive,
    params=(Param("restore", inputs.YesNo(), N_("take it out of the archive (an undo)")),
            REASON),
    help=N_("Off the home page, still reachable by its address; taking it out of the archive "
            "is the undo."),
    shared=("event", "archive"),
    example=lambda state: {"reason": "a test event"} if not state.archived
    else {"restore": "yes"},
    said=lambda archived: M("Archived: off the home page, still at its address.") if archived
    else M("Out of the archive: back on the home page."),
    answer=EventArchived, answers=EventArchived,
)


def _details(call: Call) -> Command[Any]:
    day = call.get("date")
    return _people().EventDetails(call.slug, day.isoformat() if day else None,
                                  call.values.get("venue"), call.get("reason", ""))


EVENT_DETAILS = CommandSpec(
    "event.details", N_("Set the date and venue"), _details,
    params=(Param("date", inputs.Day(), N_("the event's date, such as 2026-12-05"),
                  label=N_("Date")),
            Param("venue", inputs.Text(200), N_("where it is played"), label=N_("Venue")),
            REASON),
    help=N_("Shown on the home page and the event's page."),
    shared=("event", "details"),
    example=lambda state: {"date": "2026-12-05", "venue": "Club Orbit"},
    said=lambda value: M("Date and venue saved."),
    answer=lambda value: EventDetailsSet(value[0], value[1] or ""), answers=EventDetailsSet,
)

EVENT_DELETE = CommandSpec(
    "event.delete", N_("Delete the event"),
    lambda call: _people().DeleteEvent(call.slug, call.get("confirm", ""),
                                       bool(call.get("yes"))),
    params=(Param("confirm", inputs.Text(64), N_("type the event's id to confirm: its log, "
                                                 "players, rounds and results are lost for "
                                                 "good"), label=N_("Confirm")),
            Param("yes", inputs.YesNo(), N_("confirm without typing the id"),
                  surfaces=(CLI,))),
    help=N_("Removes the event, its whole log, its roles and codes for good; archive it to "
            "keep it off the home page instead."),
    role=OWNER, shared=("event", "delete"), danger=True, template="manage/event_delete.html",
    said=lambda lost: M("Deleted %(slug)s: %(actions)s actions, %(players)s players and "
                        "%(rounds)s rounds.", slug=lost.slug, actions=lost.actions,
                        players=lost.players, rounds=lost.rounds),
    answer=lambda lost: EventDeleted(lost.slug, lost.actions, lost.players, lost.rounds),
    answers=EventDeleted,
)


# -- rounds ---------------------------------------------------------------------------------------
def _round_said(rnd: PairedRound) -> str:
    said = (M("Round %(n)s previewed; nothing stored.", n=rnd.number) if rnd.preview
            else M("Round %(n)s paired.", n=rnd.number))
    if rnd.absent:  # check-in was used: the organiser may drop them (checkin.drop-absent)
        return M("%(said)s Not checked in: %(names)s; drop them before pairing with “podium "
                 "signup drop-absent”.", said=said, names=", ".join(rnd.absent))
    return said


ROUND_PAIR = CommandSpec(
    "round.pair", N_("Pair the next round"),
    lambda call: (_named().PreviewRound if call.get("preview") else _named().PairNamed)(
        call.slug),
    params=(PREVIEW,),
    help=N_("The format's pairing, every table explained; `preview` stores nothing."),
    capability="rounds", shared=("round", "pair"),
    shown=lambda state: _status(state).can_pair,
    example=lambda state: {} if _status(state).can_pair else None,
    said=_round_said,
    answer=lambda rnd: round_paired(rnd, rnd.names), answers=RoundPaired,
    render="podium.cli.printing:round_paired",
)

ROUND_UNDO = CommandSpec(
    "round.undo", N_("Undo the last round"),
    lambda call: UndoRound(call.slug, call.get("reason", "")),
    params=(REASON,), help=N_("While it has no result; the log keeps it."),
    capability="rounds", shared=("round", "undo"), danger=True,
    shown=lambda state: _status(state).can_undo_round,
    example=lambda state: {"reason": "paired too early"} if _status(state).can_undo_round
    else None,
    said=lambda number: M("Round %(n)s undone.", n=number),
    answer=RoundUndone, answers=RoundUndone,
)


# -- results --------------------------------------------------------------------------------------
def table_of(state: EventState, number: int | None, table: int) -> tuple[Round, Table]:
    """A round's table (the current round by default), refused with the field it names."""
    current = state.current_round
    if current is None:
        raise Conflict(N_("no round has been paired"), code=codes.ROUND_NONE)
    number = number if number is not None else current.number
    if not 1 <= number <= len(state.rounds):
        raise NotFound(N_("no round %(round)s; rounds paired: %(paired)s"),
                       code=codes.ROUND_UNKNOWN, field="round", round=number,
                       paired=len(state.rounds))
    rnd = state.round(number)
    try:
        return rnd, rnd.table(table)
    except KeyError:
        raise NotFound(N_("round %(round)s has no table %(table)s"), code=codes.TABLE_UNKNOWN,
                       field="table", table=table, round=number) from None


def entry_builder(entry: ResultEntry, values: Mapping[str, Any], number: int | None,
                  table: int) -> Callable[[EventState], dict[str, Any]]:
    """The stored entry from the typed fields, or from ``entry`` as given (player ids, an API
    client's), built with the state at hand."""

    def build(state: EventState) -> dict[str, Any]:
        rnd, tab = table_of(state, number, table)
        if values.get("entry") is not None:
            typed = [p.name for p in entry.params if values.get(p.name) not in (None, False, "",
                                                                                (), {})]
            if typed:
                raise InvalidInput(N_("give either entry or the fields %(fields)s, not both"),
                                   code=codes.INPUT_EXCLUSIVE, field="entry", fields=typed)
            return dict(values["entry"])
        return entry.entry(values, state, rnd, tab)

    return build


@dataclass(frozen=True)
class TableSaved:
    """What a result command answers: the round after it, the table, whether it corrected."""

    round: Round
    table: int
    corrected: bool


@dataclass(frozen=True)
class EnterTableResult(EnterResult):
    """A table's result from the result command's fields; with ``by_entry`` (the stored entry
    given as is), a refusal of the rules names its field inside ``entry``."""

    by_entry: bool = False

    def answer(self, loaded: Any, stored: list[Any]) -> TableSaved:  # type: ignore[override]
        return TableSaved(super().answer(loaded, stored), self.table, self.correct)

    def run(self, service: EventService, actor: str) -> Outcome[Any]:
        try:
            return super().run(service, actor)
        except InvalidInput as error:
            if self.by_entry and error.field and not error.field.startswith(("entry",
                                                                               "reason")):
                error.field = f"entry.{error.field}"
            raise


def _result(entry: ResultEntry) -> Callable[[Call], Command[Any]]:
    def make(call: Call) -> Command[Any]:
        return EnterTableResult(call.slug, call["table"],
                                entry_builder(entry, call.values, call.get("round"),
                                              call["table"]),
                                call.get("round"), bool(call.get("correct")),
                                call.get("reason", ""), expect=call.get("expect"),
                                by_entry=call.get("entry") is not None)

    return make


#: At most this many tables still without a result are named in a result's sentence; past
#: it the sentence counts them (at 10,000 players it named 2,499 tables after every result).
NAMED_MISSING = 10


def _result_said(saved: TableSaved) -> str:
    rnd = saved.round
    if saved.corrected:
        return M("Round %(round)s, table %(table)s: corrected.", round=rnd.number,
                 table=saved.table)
    # at most one table a result is covered: past NAMED_MISSING tables without one, the
    # count says it and the 2,500 tables of a 10,000-player round are not scanned
    many = len(rnd.tables) - len(rnd.results) > NAMED_MISSING
    missing = [] if many else rnd.missing  # otherwise once: a scan of the round's tables
    if many or len(missing) > NAMED_MISSING:
        return Mn("Round %(round)s, table %(table)s: saved; %(done)s of %(total)s table "
                  "entered.",
                  "Round %(round)s, table %(table)s: saved; %(done)s of %(total)s tables "
                  "entered.",
                  len(rnd.tables), round=rnd.number, table=saved.table,
                  done=len(rnd.results), total=len(rnd.tables))
    if missing:
        return Mn("Round %(round)s, table %(table)s: saved. Waiting for table %(tables)s.",
                  "Round %(round)s, table %(table)s: saved. Waiting for tables %(tables)s.",
                  len(missing), round=rnd.number, table=saved.table, tables=missing)
    return M("Round %(round)s, table %(table)s: saved. The round is complete.",
             round=rnd.number, table=saved.table)


def _result_example(entry: ResultEntry, state: EventState) -> dict[str, Any] | None:
    """The first table of the current round still without a result, typed as a person would."""
    rnd = state.current_round
    if rnd is None or entry.example is None:
        return None
    for table in rnd.tables:
        if table.number not in rnd.results:
            return {"table": str(table.number), **entry.example(state, rnd, table)}
    return None


def _result_answer(saved: TableSaved) -> ResultSaved:
    """The table written and the round's progress: tables with a result of all its tables
    (the whole round is the API's ``?round=full``)."""
    rnd = saved.round
    return ResultSaved(rnd.number, saved.table, saved.corrected, rnd.complete,
                       len(rnd.results), len(rnd.tables), rnd.result_version(saved.table))


def result_command(ruleset: Ruleset, entry: ResultEntry) -> CommandSpec:
    """A round-based format's result command: the organiser's entry of one table's result in
    the current round, or with ``correct`` (and a reason) a correction of any round's."""
    from podium.core.schema import AnyJson, Obj

    return CommandSpec(
        f"{ruleset.name}.result", N_("Enter a table's result"), _result(entry),
        params=(
            Param("table", inputs.Integer(1, 1_000_000), N_("the table's number"),
                  required=True, argument=True, label=N_("Table")),
            *entry.params,
            Param("round", inputs.Integer(1, 100_000),
                  N_("the round (default: the current one)"), label=N_("Round")),
            Param("correct", inputs.YesNo(),
                  N_("replace a result already entered (needs a reason)")),
            REASON,
            EXPECT,
            Param("entry", inputs.Json(Obj(extra=AnyJson(1000))),
                  N_("the entry as stored, by player ids (instead of the fields)"),
                  surfaces=(API,)),
        ),
        help=entry.help, capability="rounds",
        said=_result_said, example=lambda state: _result_example(entry, state),
        answer=_result_answer, answers=ResultSaved,
        round_answer=True,
    )


# -- divisions ------------------------------------------------------------------------------------
DIVISION_MOVE = CommandSpec(
    "division.move", N_("Move a player to another group"),
    lambda call: MoveToDivision(call.slug, call["player"], call["to"], "organiser",
                                call.get("reason", "")),
    params=(PLAYER_ARG,
            Param("to", inputs.Text(100, non_empty=True), N_("the group: its key or name"),
                  required=True, argument=True, label=N_("Group")),
            NEEDED_REASON),
    help=N_("Before either group has played; the log keeps the reason."),
    capability="divisions", shared=("division", "move"),
    said=lambda _value: M("Moved."), answer=lambda _value: Nothing(), answers=Nothing,
)


def _phase_status(state: EventState) -> Any:
    from podium.core import phases
    from podium.formats import get_format

    return phases.status(state, get_format(state.format))


def _top(state: EventState) -> Bracket | None:
    from podium.core.top_replay import top_of

    return top_of(state)


# -- the TOP --------------------------------------------------------------------------------------
def _named() -> Any:
    from podium.service import named

    return named


def _top_build(call: Call) -> Command[Any]:
    kind = _named().PreviewNamedTop if call.get("preview") else _named().BuildNamedTop
    return kind(call.slug, call.get("size"), call.get("draw_rule"), call.get("minutes"),
                call.get("reason", ""), call.get("seeding"))


def _top_answer(bracket: NamedBracket) -> TopAnswer:
    return top_answer(bracket, bracket.names)


def _top_built_said(bracket: NamedBracket) -> str:
    if bracket.preview:
        return M("TOP previewed; nothing stored.")
    return M("The TOP is built.")


TOP_BUILD = CommandSpec(
    "top.build", N_("Build the TOP"), _top_build,
    params=(
        Param("size", inputs.Integer(2, 4096), N_("players in the TOP (default: the format's)"),
              label=N_("Size")),
        Param("draw_rule", inputs.Choice(DRAW_RULES), N_("who advances after a draw "
                                                         "(rule BRK-5)")),
        Param("minutes", inputs.Integer(1, 1440), N_("time per game in the TOP (rule BRK-7)")),
        Param("seeding", inputs.Choice(TOP_SEEDINGS),
              N_("written: the regulation's bracket; goals: the one that best meets goals 1 to "
                 "3 (rule BRK-4)")),
        REASON, PREVIEW,
    ),
    help=N_("Seeded from the standings (rules BRK-1 .. BRK-4)."),
    capability="playoff", phase="playoff", shared=("top", "build"),
    shown=lambda state: _phase_status(state).can_build_top,
    template="formats/top_build.html",
    example=lambda state: {"size": "2"} if _phase_status(state).can_build_top else None,
    said=_top_built_said, answer=_top_answer, answers=TopAnswer,
    render="podium.cli.printing:top_built",
)


def _top_example(state: EventState) -> dict[str, Any] | None:
    bracket = _top(state)
    if bracket is None:
        return None
    for match in bracket.matches():
        if match.known and not match.is_bye and match.result is None:
            return {"match": str(match.number), "result": "1"}
    return None


def top_entry(values: Mapping[str, Any], bracket: Bracket, number: int) -> dict[str, Any]:
    """A TOP match's entry: ``result`` typed like a duel (``1``, ``2``, ``=``, ``=1``, ``=2``)
    or ``winner`` / ``draw`` with ``advances`` by name (rule BRK-5 for draws)."""
    if not 1 <= number < len(bracket.slots):
        raise NotFound(N_("the TOP's matches are 1 to %(n)s"), code=codes.TOP_MATCH, field="match",
                       n=len(bracket.slots) - 1)
    match = bracket.match(number)
    code = "".join(str(values.get("result") or "").split()).lower()
    by_name = values.get("winner") or values.get("draw")
    if bool(code) == bool(by_name):
        raise InvalidInput(N_("give the result (1, 2, =, =1, =2) or the winner or draw"),
                           code=codes.INPUT_EXCLUSIVE, field="result")
    side = {"1": 0, "2": 1}

    def seat(which: str) -> int:
        player = match.players[side[which]]
        if player is None:
            raise Conflict(N_("match %(n)s has no player %(side)s yet"), code=codes.TOP_SIDE,
                           field="result", n=number, side=which)
        return player

    if code in side:
        return {"winner": seat(code)}
    if code == "=":
        return {"draw": True}
    if len(code) == 2 and code[0] == "=" and code[1] in side:
        return {"draw": True, "advances": seat(code[1])}
    if code:
        raise InvalidInput(N_("1 or 2 (that player won), = (a draw: the TOP’s draw rule "
                              "decides, rule BRK-5), =1 or =2 (a draw, that player advances "
                              "as the judge names)"), code=codes.TOP_RESULT, field="result")
    return {"by_name": True}


@dataclass(frozen=True)
class EnterTopMatch(Command[Bracket]):
    """A TOP match's result from the typed fields, names resolved with the state at hand."""

    match: int = 0
    values: Mapping[str, Any] | None = None
    correct: bool = False
    reason: str = ""

    def run(self, service: EventService, actor: str) -> Outcome[Bracket]:
        from podium.service.forms import resolve_player
        from podium.service.top import EnterTopResult, bracket_of

        values = dict(self.values or {})

        def entry(state: EventState) -> dict[str, Any]:
            built = top_entry(values, bracket_of(state), self.match)
            if not built.pop("by_name", False):
                return built
            if values.get("draw"):
                out: dict[str, Any] = {"draw": True}
                if values.get("advances"):
                    out["advances"] = resolve_player(state, values["advances"], "advances").id
                return out
            return {"winner": resolve_player(state, values["winner"], "winner").id}

        done = service.run_command(EnterTopResult(self.slug, self.match, entry, self.correct,
                                                  self.reason), actor)
        return Outcome(done.loaded, done.actions,
                       _named().named_bracket(done.loaded.state, done.value))


TOP_RESULT = CommandSpec(
    "top.result", N_("Enter a TOP result"),
    lambda call: EnterTopMatch(call.slug, call["match"], call.values,
                               bool(call.get("correct")), call.get("reason", "")),
    params=(
        Param("match", inputs.Integer(1, 4096), N_("the TOP match's number"), required=True,
              argument=True, label=N_("Match")),
        Param("result", inputs.Text(10), N_("1 or 2 (that player won), = (a draw, rule BRK-5), "
                                            "=1 or =2 (a draw, that player advances)"),
              label=N_("Result")),
        Param("winner", inputs.Player(), N_("the winner, by name")),
        Param("draw", inputs.YesNo(), N_("the match was drawn (rule BRK-5)")),
        Param("advances", inputs.Player(), N_("after a draw with the draw rule 'named': who "
                                              "advances")),
        Param("correct", inputs.YesNo(), N_("replace a result already entered (needs a "
                                            "reason)")),
        REASON,
    ),
    capability="playoff", phase="playoff", shared=("top", "result"),
    shown=lambda state: _top(state) is not None, template="formats/top_result.html",
    example=lambda state: _top_example(state),
    said=lambda bracket: M("TOP result saved."), answer=_top_answer, answers=TopAnswer,
    render="podium.cli.printing:top_result",
)


def _top_undo(call: Call) -> Command[Any]:
    from podium.service.top import UndoTop

    return UndoTop(call.slug, call.get("reason", ""))


TOP_UNDO = CommandSpec(
    "top.undo", N_("Undo the TOP"), _top_undo, params=(REASON,),
    help=N_("While no match has a result; the log keeps it."),
    capability="playoff", phase="playoff", shared=("top", "undo"), danger=True,
    shown=lambda state: _phase_status(state).can_undo_top, template="formats/top_undo.html",
    example=lambda state: {"reason": "wrong size"} if _phase_status(state).can_undo_top
    else None,
    said=lambda _value: M("The TOP is undone; it can be built again."),
    answer=lambda _value: Nothing(), answers=Nothing,
)


# -- series ---------------------------------------------------------------------------------------
def _series_add(call: Call) -> Command[Any]:
    from podium.service.series import AddMember

    return AddMember(call.slug, call["event"], call.get("label", ""), {},
                     call.get("reason", ""))


def _series_remove(call: Call) -> Command[Any]:
    from podium.service.series import RemoveMember

    return RemoveMember(call.slug, call["event"], call.get("reason", ""))


MEMBER = Param("event", inputs.Text(64, non_empty=True), N_("the member event's id"),
               required=True, argument=True, label=N_("Event"))

SERIES_ADD = CommandSpec(
    "series.add", N_("Add an event to the series"), _series_add,
    params=(MEMBER, Param("label", inputs.Text(100), N_("how the member is called (Season "
                                                        "3)")), REASON),
    capability="series", shared=("series", "add"),
    said=lambda member: M("%(event)s added as %(label)s.", event=member.event,
                          label=member.label),
    answer=lambda member: MemberAdded(member.event, member.label), answers=MemberAdded,
)

SERIES_REMOVE = CommandSpec(
    "series.remove", N_("Remove an event from the series"), _series_remove,
    params=(MEMBER, NEEDED_REASON), help=N_("The log keeps it and the reason."),
    capability="series", shared=("series", "remove"), danger=True,
    said=lambda _value: M("Removed from the series."),
    answer=lambda _value: Nothing(), answers=Nothing,
)


# -- the event file -------------------------------------------------------------------------------
@dataclass(frozen=True)
class ImportEvent(Command[Any]):
    """Store the event of an event file (``podium export``), replayed through every check."""

    file: inputs.Upload = field(default_factory=lambda: inputs.Upload("upload"), compare=False)

    def run(self, service: EventService, actor: str) -> Outcome[Any]:
        from podium.service.transfer import import_document, read_document

        # read as a stream, not as bytes kept for the whole import (a 200,000-player file's
        # 169 MB held through the replay and the snapshot)
        try:
            document = read_document(self.file.open())
        except UnicodeDecodeError:
            raise InvalidInput(N_("the event file is not UTF-8 text"), code=codes.FILE_ENCODING,
                               field="file") from None
        loaded = import_document(service, document, self.slug or None)
        return Outcome(loaded, [], loaded)


EVENT_IMPORT = CommandSpec(
    "event.import", N_("Import an event file"),
    lambda call: ImportEvent(call.get("slug") or "", call["file"]),
    params=(Param("file", inputs.File(200_000_000, ".json,application/json"),
                  N_("an event file written by export (- for standard input)"), required=True,
                  argument=True, label=N_("File")),
            Param("slug", inputs.Slug(), N_("store under this id instead of the file's"))),
    role=ACCOUNT, event=False, shared=("", "import"),
    said=lambda loaded: M(
        "Imported %(slug)s: %(actions)s, %(players)s, %(rounds)s.", slug=loaded.summary.slug,
        actions=Mn("%(n)s action", "%(n)s actions", loaded.state.last_seq),
        players=Mn("%(n)s player", "%(n)s players", len(loaded.state.players)),
        rounds=Mn("%(n)s round", "%(n)s rounds", len(loaded.state.rounds))),
    answer=lambda loaded: EventImported(loaded.summary.slug, loaded.state.last_seq),
    answers=EventImported,
)


# -- roles ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GrantRole(Command[Any]):
    username: str = ""
    role: str = "judge"

    def run(self, service: EventService, actor: str) -> Outcome[Any]:
        from podium.service.accounts import OWNER as OWNER_ROLE
        from podium.service.accounts import AccountService

        accounts = AccountService(service.db, service.clock)
        loaded = service.load(self.slug)
        target = accounts.get_user(self.username)
        if self.role != OWNER_ROLE and accounts.role_of(target, self.slug) == OWNER_ROLE:
            raise Conflict(N_("that user owns this event"), code=codes.ROLE_OWNER,
                           field="username")
        accounts.grant(self.slug, self.username, self.role, actor)
        for member in _members(service, loaded):  # a series' organisers run its members
            if self.role == OWNER_ROLE or accounts.role_of(target, member) != OWNER_ROLE:
                accounts.grant(member, self.username, self.role, actor)
        return Outcome(loaded, [], Granted(self.username, self.role))


@dataclass(frozen=True)
class RevokeRole(Command[Any]):
    username: str = ""

    def run(self, service: EventService, actor: str) -> Outcome[Any]:
        from podium.service.accounts import AccountService

        accounts = AccountService(service.db, service.clock)
        loaded = service.load(self.slug)
        target = accounts.get_user(self.username)
        if target.username == actor:
            raise Conflict(N_("the owner cannot remove their own role"), code=codes.ROLE_SELF,
                           field="username")
        if accounts.role_of(target, self.slug) is None:
            raise NotFound(N_("%(username)s has no role in this event"), code=codes.ROLE_NONE,
                           field="username", username=self.username)
        accounts.revoke(self.slug, self.username)
        for member in _members(service, loaded):
            accounts.revoke(member, self.username)
        return Outcome(loaded, [], self.username)


def _members(service: EventService, loaded: LoadedEvent) -> list[str]:
    """A series' member events still stored (none for any other event)."""
    if not loaded.ruleset.capabilities.series:
        return []
    from podium.core.series import book_of

    stored = {e.slug for e in service.list_events()}
    return [m.event for m in book_of(loaded.state).members if m.event in stored]


class Granted(str):
    """The account a role was granted to (the command's value: the name, as every adapter
    reads it) and the role now stored, so the sentence names that role."""

    role: str

    def __new__(cls, username: str, role: str) -> Granted:
        granted = super().__new__(cls, username)
        granted.role = role
        return granted


def granted_said(name: Any) -> Any:
    """The sentence of ``podium user grant``: the role stored, judge or owner."""
    if getattr(name, "role", "judge") == "owner":  # podium.service.accounts.OWNER
        return M("%(name)s is an owner of the event now.", name=str(name))
    return M("%(name)s is a judge now.", name=str(name))


USERNAME = Param("username", inputs.Text(40, non_empty=True), N_("the organiser's account"),
                 required=True, argument=True, label=N_("Account"))

ROLE_GRANT = CommandSpec(
    "role.grant", N_("Invite a judge"),
    lambda call: GrantRole(call.slug, call["username"], call.get("role", "judge")),
    params=(USERNAME, Param("role", inputs.Choice(("judge", "owner")),
                            N_("judge, or owner to hand the event over"), default="judge")),
    role=OWNER, shared=("user", "grant"),
    said=granted_said,
    answer=RoleChanged, answers=RoleChanged,
)

ROLE_REVOKE = CommandSpec(
    "role.revoke", N_("Remove a judge"),
    lambda call: RevokeRole(call.slug, call["username"]),
    params=(USERNAME,), role=OWNER, shared=("user", "revoke"), danger=True,
    said=lambda name: M("%(name)s has no role in the event now.", name=name),
    answer=RoleChanged, answers=RoleChanged,
)


# -- self-report ----------------------------------------------------------------------------------
REPORT_SAID = {  # msgids
    "pending": N_("Thank you: the other players of your table now confirm it."),
    "accepted": N_("Confirmed by everyone: the result is in."),
    "conflict": N_("Your report differs from another one: the organiser decides."),
    "rejected": N_("The organiser rejected this report."),
    "disputed": N_("You disputed this report: the organiser decides, and nothing counts until "
                   "then."),
}


@dataclass(frozen=True)
class SelfReportCall(Command[Any]):
    """A self-report use case of :class:`podium.service.selfreport.SelfReportService`: the
    caller's code is identified first (throttled per event and address)."""

    what: str = ""
    code: str = ""
    address: str = ""
    values: Mapping[str, Any] | None = None
    entry: ResultEntry | OpenReport | None = None
    device: str = ""

    def run(self, service: EventService, actor: str) -> Outcome[Any]:
        from podium.service.selfreport import SelfReportService

        reports = SelfReportService(service)
        values = {k: v for k, v in (self.values or {}).items() if v is not None}
        if self.what == "decide":
            report = reports.decide(self.slug, values["report"], bool(values.get("accept")),
                                    actor, values.get("reason", ""))
            return Outcome(service.load(self.slug), reports.stored, report)
        from podium.service.throttle import Client

        reports.seat(self.slug, self.code, Client(self.address, self.device))
        if self.what == "submit" and isinstance(self.entry, OpenReport):
            game_entry = self.entry.entry
            report = reports.report_game(
                self.slug, self.code, lambda state, place: game_entry(values, state, place))
        elif self.what == "submit":
            assert isinstance(self.entry, ResultEntry)
            entry = self.entry

            def build(state: EventState, rnd: Round, table: Table) -> dict[str, Any]:
                return entry.entry(values, state, rnd, table)

            report = reports.report(self.slug, self.code, build)
        elif self.what == "confirm":
            report = reports.confirm(self.slug, self.code, values["report"])
        else:
            report = reports.dispute(self.slug, self.code, values["report"],
                                     values.get("note", ""))
        return Outcome(service.load(self.slug), reports.stored, report)


def report_command(ruleset: Ruleset, entry: ResultEntry) -> CommandSpec:
    """A player's report of their own table's result: the format's result fields a player may
    give (not a judge's)."""
    params = tuple(p for p in entry.params if not p.judge_only)
    return CommandSpec(
        f"{ruleset.name}.report", N_("Report your table's result"),
        lambda call: SelfReportCall(call.slug, "submit", call.caller.code or "",
                                    call.caller.address, call.values, entry,
                                    device=call.caller.device),
        params=params, role=PLAYER, capability="rounds",
        said=lambda report: M(REPORT_SAID.get(report.status, REPORT_SAID["pending"])),
        answer=report_answer, answers=ReportAnswer,
    )


def open_report_command(ruleset: Ruleset, entry: OpenReport) -> CommandSpec:
    """An open-play format's player reports the game they are due in (capability
    ``reports``): the format's fields; the game comes from the code, never from the request."""
    return CommandSpec(
        f"{ruleset.name}.report", N_("Report your game"),
        lambda call: SelfReportCall(call.slug, "submit", call.caller.code or "",
                                    call.caller.address, call.values, entry,
                                    device=call.caller.device),
        params=entry.params, help=entry.help, role=PLAYER, capability="self_report",
        said=lambda report: M(REPORT_SAID.get(report.status, REPORT_SAID["pending"])),
        answer=report_answer, answers=ReportAnswer,
    )


REPORT_ID = Param("report", inputs.Integer(1, 2**31 - 1), N_("the report's number"),
                  required=True, argument=True, label=N_("Report"))

REPORT_CONFIRM = CommandSpec(
    "report.confirm", N_("Confirm a report of your table"),
    lambda call: SelfReportCall(call.slug, "confirm", call.caller.code or "",
                                call.caller.address, call.values,
                                device=call.caller.device),
    params=(REPORT_ID,), role=PLAYER, capability="self_report",
    said=lambda report: M(REPORT_SAID.get(report.status, REPORT_SAID["pending"])),
    answer=report_answer, answers=ReportAnswer,
)

REPORT_DISPUTE = CommandSpec(
    "report.dispute", N_("Dispute a report of your table"),
    lambda call: SelfReportCall(call.slug, "dispute", call.caller.code or "",
                                call.caller.address, call.values,
                                device=call.caller.device),
    params=(REPORT_ID, Param("note", inputs.Text(500), N_("what is wrong (for the "
                                                          "organiser)"))),
    role=PLAYER, capability="self_report",
    said=lambda report: M(REPORT_SAID["disputed"]),
    answer=report_answer, answers=ReportAnswer,
)

REPORT_DECIDE = CommandSpec(
    "report.decide", N_("Decide a self-report"),
    lambda call: SelfReportCall(call.slug, "decide", values=call.values),
    params=(REPORT_ID, Param("accept", inputs.YesNo(), N_("accept it (it becomes the result); "
                                                          "no: reject it")), REASON),
    capability="self_report",
    said=lambda report: M("Decision saved."),
    answer=report_answer, answers=ReportAnswer,
)


def kernel_commands() -> list[CommandSpec]:
    """Every kernel declaration (a format's result and self-report commands are built from
    its result entry: :func:`result_command`, :func:`report_command`)."""
    return [EVENT_CREATE, EVENT_SETTINGS, EVENT_IMPORT, EVENT_RENAME, EVENT_ARCHIVE,
            EVENT_DETAILS, EVENT_DELETE, PLAYER_ADD, PLAYER_IMPORT, PLAYER_DROP,
            PLAYER_REINSTATE, PLAYER_RENAME, PLAYER_GROUP, PLAYER_REMOVE, PLAYER_MERGE,
            PLAYER_SUBSTITUTE,
            ROUND_PAIR, ROUND_UNDO, DIVISION_MOVE, TOP_BUILD, TOP_RESULT,
            TOP_UNDO, SERIES_ADD, SERIES_REMOVE, ROLE_GRANT, ROLE_REVOKE, REPORT_CONFIRM,
            REPORT_DISPUTE, REPORT_DECIDE, *_clock_commands(), *_person_commands(),
            *_signup_commands()]


def _person_commands() -> list[CommandSpec]:
    from podium.service.person_link import person_commands  # linking players to persons

    return person_commands()


def _signup_commands() -> list[CommandSpec]:
    from podium.service.signup import signup_commands  # sign-up and check-in

    return signup_commands()


def _clock_commands() -> list[CommandSpec]:
    from podium.service.clock import clock_commands  # the round clock

    return clock_commands()


__all__ = ["kernel_commands", "open_report_command", "report_command", "result_command",
           "table_of", "top_entry"]
