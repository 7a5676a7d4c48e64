"""The plug-in surface of a format: one declared :class:`Ruleset` per regulation.

A format is a subclass of :class:`Ruleset` (as chess variants subclass a board): it declares its
name, title, settings fields, :class:`Capabilities`, :class:`Phase` sequence, its own
:class:`ActionKind` list (each with a payload schema), its commands, views and demos (served by
the generic adapters: a format never imports one), and it overrides the typed hooks it needs.
Every hook has a default, so the core, the service and the adapters call hooks directly and
never probe a format with ``getattr``. :func:`check_ruleset` verifies the declaration when the
format registers.

What a capability brings:

- ``rounds``: round-based play. The format overrides :meth:`Ruleset.plan_round` and
  :meth:`Ruleset.score`; the core gives pairing, result entry, corrections, undo, self-report.
- ``open_play``: players play when they like and the organiser ingests finished games (format
  action kinds); no pairings.
- ``divisions``: named groups of players inside the event (core ``divisions.assigned`` and
  ``division.moved``), with standings per division (:meth:`Ruleset.division_standings`).
- ``playoff``: a TOP phase (a single-elimination bracket, core ``top.*`` kinds) declared in
  :meth:`Ruleset.phases`.
- ``reports``: an open-play format's players report their games with their codes
  (:meth:`Ruleset.open_report`): the kernel's self-report, as for a round's table.
- ``series``: the event is a series of other events in order (a year of seasons, a circuit of
  nights): the core ``series.*`` kinds (:mod:`podium.core.series`); each member's format says
  what a player earned in it (:meth:`Ruleset.series_points`), and a format may declare views
  of series events (a 7 Wonders year's table and a player's path through its leagues:
  ``ViewSpec(on_formats=("series",))``), so the series' pages name no format.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from podium.core import codes
from podium.core.demos import Presentation
from podium.core.errors import Conflict, InvalidInput, PodiumError
from podium.core.messages import stored
from podium.core.model import EventState, PlayerId, Round, Table, TableResult
from podium.core.projection import DEFAULT_MODEL, DEFAULT_TRIALS, Need, Projection, Strengths
from podium.core.rated import RatedColumns, RatedGame, columns_of
from podium.core.schema import Schema
from podium.core.standings import Standings
from podium.core.views import TableView, standings_view

if TYPE_CHECKING:

    from podium.core.commands import CommandSpec, OpenReport, ResultEntry
    from podium.core.demos import DemoSpec
    from podium.core.divisions import Division
    from podium.core.log import Action
    from podium.core.reads import ViewSpec

@dataclass(frozen=True)
class SignupField:
    """One question a format's sign-up may ask (:attr:`Ruleset.signup_fields`): its key (the
    form field and the stored key), its label (a msgid), its kind (``text``, ``integer`` or
    ``yesno``: a check box) and whether an answer is required when asked."""

    key: str
    label: str
    kind: str = "text"
    required: bool = False


#: A phase in which rounds are paired (Swiss, a final pod, a league's ladder).
ROUNDS = "rounds"
#: A single-elimination play-off (the TOP, core ``top.*`` kinds).
PLAYOFF = "playoff"
#: Open play: games arrive whenever they are played (a marathon).
OPEN = "open"
PHASE_KINDS = (ROUNDS, PLAYOFF, OPEN)

Handler = Callable[[EventState, "Action", "Ruleset"], None]
#: The formats a service runs: a format's plug-in by its name (the registry's
#: :func:`podium.formats.registry.get_format`, passed in by the composition root).
Formats = Callable[[str], "Ruleset"]


@dataclass(frozen=True)
class ByePlan:
    player: PlayerId
    reason: str


@dataclass
class RoundPlan:
    """A proposed round, before it is committed to the log.

    ``notes`` explain the pairing to people (swaps, byes, unavoidable repeats) and are stored
    with the round, so the explanation stays what it was when the round was paired.
    """

    number: int
    stage: str
    tables: list[tuple[PlayerId, ...]]
    byes: list[ByePlan]
    seed: int
    notes: list[str] = field(default_factory=list)

    def to_payload(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "stage": self.stage,
            "tables": [list(seats) for seats in self.tables],
            "byes": [{"player": b.player, "reason": stored(b.reason)} for b in self.byes],
            "seed": self.seed,
            "notes": [stored(note) for note in self.notes],
        }


@dataclass(frozen=True)
class Capabilities:
    """What a format can do; pages, commands and routes appear only for what it has."""

    rounds: bool = False
    open_play: bool = False
    divisions: bool = False
    playoff: bool = False
    series: bool = False
    #: Open play whose players report their games with their codes
    #: (:meth:`Ruleset.open_report`); a round-based format has its self-report with its rounds.
    reports: bool = False
    #: The kernel's player groups (a club, a family, kept apart by a pairing): a format whose
    #: divisions are its groups (7 Wonders' leagues) has no second kind to set.
    groups: bool = True

    @property
    def self_report(self) -> bool:
        """Whether players report results with their codes (the kernel's ``report.*``)."""
        return self.rounds or self.reports


@dataclass(frozen=True)
class Phase:
    """One step of an event (Swiss, then a final pod; table rounds, then a TOP).

    ``key`` is what a round's ``stage`` names; ``optional`` phases may be skipped: an event whose
    remaining phases are all optional is complete, and may still enter them.
    """

    key: str
    kind: str
    title: str  # an English msgid
    optional: bool = False


@dataclass(frozen=True)
class ActionKind:
    """One kind of logged action a format adds, with the schema its payload is decoded by."""

    name: str
    handler: Handler
    schema: Schema | None
    title: str = ""  # an English msgid naming the action in the log
    legacy: bool = False  # accepted from old logs and files; new actions use another kind


@dataclass(frozen=True)
class TopDefaults:
    """What a format proposes for its TOP (rules BRK-1, BRK-5, BRK-7)."""

    size: int | None = None
    draw_rule: str = "higher_seed"
    minutes: int | None = None
    seeding: str = "written"
    #: How the size was found, when people should be told (a message; empty: nothing to say):
    #: the TOP's notes carry it when it is built with this size.
    note: str = ""


#: A format's settings type (a frozen dataclass of its own; a mapping for a format declared by
#: fields alone): every hook that takes the settings takes this type.
SettingsT = TypeVar("SettingsT")


class Ruleset(Generic[SettingsT]):
    """Base class of every format. Subclasses set the class attributes and override hooks.

    What a format must give: its name, title, settings fields, capabilities and phases; a
    round-based one also how a round is paired (``plan_round``), scored (``score``) and entered
    (``result_entry``), the standings and a plausible result (``sample_result``). Everything
    else has a default: its declarations (action kinds, commands, views, demos, presentation),
    then the rules it may refine, grouped below by what they concern."""

    # what every format gives
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""  # an English msgid
    fields: ClassVar[tuple[Any, ...]] = ()  # podium.formats.settings.Field
    capabilities: ClassVar[Capabilities] = Capabilities()
    # what it may give
    #: How the shared pages show the format (:class:`podium.core.demos.Presentation`).
    presentation: ClassVar[Presentation] = Presentation()
    #: Bump when the shape of this format's replayed state changes (snapshots are per version).
    state_version: ClassVar[int] = 1
    #: The prefix of the format's own action kinds (default: its name).
    kind_prefix: ClassVar[str] = ""
    #: The formats whose own declarations (action kinds, commands and tour actions named
    #: ``"<that format>.<what>"``) a format built on their rules (a subclass) takes over: an
    #: explicit opt-in, empty by default, so a subclass inherits none of them by accident.
    #: The registry accepts the adopted formats' prefixes (:func:`check_ruleset`) and the
    #: catalog brings their commands to this format's events (:mod:`podium.service.catalog`).
    adopts: ClassVar[tuple[str, ...]] = ()
    #: Public pages show one table at a time, with tabs (many large tables, e.g. stages).
    one_table_per_page: ClassVar[bool] = False
    #: The format's own refusal codes (``podium.core.codes`` has the kernel's): the catalogue
    #: a refusal's code must come from.
    codes: ClassVar[tuple[str, ...]] = ()
    #: The game system a rating across events counts this format's games for
    #: (:mod:`podium.ratings`: ``commander``, ``seven-wonders``...); empty: never rated.
    rating_system: ClassVar[str] = ""
    #: The format's own questions of a sign-up form (:class:`SignupField`: a 7 Wonders
    #: site rating, a Commander's commander), which an organiser opening a sign-up may ask
    #: (:mod:`podium.core.signup`); data, so no adapter knows a format.
    signup_fields: ClassVar[tuple[SignupField, ...]] = ()
    #: Settings the examples run with (:meth:`sample_result`...), together covering every
    #: phase the format can have; the conformance kit plays one event with each.
    example_settings: ClassVar[tuple[dict[str, Any], ...]] = ({},)

    # -- What every format gives --------------------------------------------------------------
    # Its phases; a round-based format also the five hooks after them, which
    # :func:`check_ruleset` requires.
    def phases(self, settings: SettingsT) -> tuple[Phase, ...]:
        """The event's phases under ``settings``, in order."""
        if self.capabilities.open_play:
            return (Phase("play", OPEN, "Open play"),)
        return (Phase("swiss", ROUNDS, "Swiss"),)

    def plan_round(self, state: EventState) -> RoundPlan:
        """Propose the next round; raise Conflict when it cannot be paired now."""
        raise Conflict("this format has no pairings", code=codes.CAPABILITY_ROUNDS)

    def score(self, state: EventState, rnd: Round, table: Table,
              entry: Mapping[str, Any]) -> TableResult:
        """Validate a result entry for ``table`` and score it; raise InvalidInput if it is bad."""
        raise Conflict("this format has no rounds", code=codes.CAPABILITY_ROUNDS)

    def result_entry(self) -> ResultEntry | None:
        """How a table's result is typed and stored (round-based formats): the kernel builds
        the format's result command and its self-report from it."""
        return None

    def standings(self, state: EventState, through_round: int | None = None) -> Standings:
        """Standings after ``through_round`` rounds (all rounds when None)."""
        raise InvalidInput("this format has no standings", code=codes.CAPABILITY_STANDINGS)

    def sample_result(self, state: EventState, rnd: Round, table: Table,
                      rng: random.Random) -> dict[str, Any]:
        """A plausible entry for ``table``'s result (formats with rounds must give one)."""
        raise Conflict("this format has no rounds", code=codes.CAPABILITY_ROUNDS)

    # -- What it may declare ------------------------------------------------------------------
    # Its own action kinds, commands, views and demos: the generic adapters serve them.
    def action_kinds(self) -> Sequence[ActionKind]:
        """The format's own action kinds (named ``"<format>.<what>"``)."""
        return ()

    def commands(self) -> Sequence[CommandSpec]:
        """What people can ask of the format's events beyond the kernel's commands
        (:mod:`podium.core.commands`), each named ``"<format>.<what>"``."""
        return ()

    def views(self) -> Sequence[ViewSpec[Any]]:
        """What people can read of the format's events beyond the kernel's views
        (:mod:`podium.core.reads`), each named ``"<format>.<what>"``."""
        return ()

    def demos(self) -> Sequence[DemoSpec]:
        """The format's demos (``podium demo <name>``, :mod:`podium.core.demos`)."""
        return ()

    def open_report(self) -> OpenReport | None:
        """How an open-play format's players report their games with their codes (capability
        ``reports``): the kernel builds its ``<format>.report`` and serves ``report.*`` for
        it (:class:`podium.core.commands.OpenReport`)."""
        return None

    def declares(self, owner: str) -> bool:
        """Whether this format gets the declarations the format named ``owner`` makes in its
        hooks: ``owner`` itself, or a format that adopts it (:attr:`adopts`). A hook a
        subclass inherits asks this instead of comparing names or classes."""
        return self.name == owner or owner in self.adopts

    # -- Settings -----------------------------------------------------------------------------
    def parse_settings(self, raw: Mapping[str, Any]) -> SettingsT:
        """Validate settings given as JSON values or strings; raise InvalidInput naming the key."""
        from podium.formats import settings as fs

        # A format declared by its fields alone has their mapping as its settings; one with a
        # settings class of its own overrides this hook.
        return cast(SettingsT, fs.parse_fields(self.fields, raw))

    def settings_to_json(self, settings: SettingsT) -> dict[str, Any]:
        from podium.formats import settings as fs

        def value(key: str) -> Any:
            return settings[key] if isinstance(settings, Mapping) else getattr(settings, key)

        return {f.key: fs.to_json(value(f.key)) for f in self.fields}

    def check_new_settings(self, settings: SettingsT) -> None:
        """Refuse settings the regulation allows only with an explicit override, when they are
        chosen (creating an event, changing a setting); a stored log is replayed as it is."""

    def warnings(self, state: EventState) -> list[str]:
        """Sentences about the event that the organiser and the players should see (a departure
        from the regulation that the organiser allowed)."""
        return []

    def names_case_sensitive(self, settings: SettingsT) -> bool:
        """Whether "Anna" and "anna" are two players (an online server's accounts) or one."""
        return False

    def substitute_record(self, settings: SettingsT) -> str:
        """Whose record a substitute plays on (``podium player substitute``): ``"new"``, their
        own (the original is dropped: Commander's and Berserk's literal reading, where a
        player's points are their own), or ``"same"``, the original's, continued."""
        return "new"

    def round_minutes(self, state: EventState, rnd: Round) -> int | None:
        """A round's length in minutes for the round clock (:mod:`podium.core.clock`), from
        the event's settings (CMD-12, BRK-7); None: the format sets none (the organiser gives
        it when starting the clock)."""
        return None

    # -- Play ---------------------------------------------------------------------------------
    def bye_award(self, settings: SettingsT) -> tuple[Fraction, int | None]:
        """Points and elimination order a bye is worth."""
        return Fraction(0), None

    def planned_rounds(self, state: EventState, phase: str) -> int | None:
        """How many rounds ``phase`` is planned to have (None: no fixed number)."""
        return None

    def check_round(self, state: EventState, payload: Mapping[str, Any]) -> None:
        """A format's own checks of a round about to be stored (all seats are known players)."""

    def phase_complete(self, state: EventState, phase: Phase) -> bool:
        """Whether ``phase`` has been played out (its last round has every result)."""
        if phase.kind == PLAYOFF:
            from podium.core.top_replay import top_of

            bracket = top_of(state)
            return bracket is not None and bracket.champion is not None
        if phase.kind == OPEN:
            return False
        rounds = [r for r in state.rounds if r.stage == phase.key]
        planned = self.planned_rounds(state, phase.key)
        if not rounds or not rounds[-1].complete:
            return False
        return planned is not None and len(rounds) >= planned

    def entry_schema(self, settings: SettingsT) -> Schema:
        """The shape of one table's stored result entry, decoded before :meth:`score` reads
        it: the result entry's (:meth:`result_entry`), else any bounded object."""
        from podium.core.schema import AnyJson, Obj

        entry = self.result_entry()
        return entry.stored_schema(settings) if entry is not None else Obj(extra=AnyJson(1000))

    def score_entry(self, state: EventState, rnd: Round, table: Table,
                    entry: Any) -> TableResult:
        """:meth:`score` of an entry decoded by :meth:`entry_schema` first (any JSON value is
        refused with the field it concerns, never a Python error from the rules)."""
        from podium.core.schema import decode_payload

        try:
            decode_payload(self.entry_schema(state.settings), entry)
        except InvalidInput as error:
            raise InvalidInput("entry: %(problem)s", code=error.code,
                               field=f"entry.{error.field}" if error.field else "entry",
                               problem=error.as_message()) from None
        return self.score(state, rnd, table, entry)

    # -- Groups of players --------------------------------------------------------------------
    def check_divisions(self, state: EventState, divisions: Sequence[Division]) -> None:
        """Refuse an assignment of the players to divisions that the format cannot play."""
        if state.rounds:
            raise Conflict("the divisions are set before round 1; round 1 is paired",
                           code=codes.DIVISIONS_STARTED)

    def check_move(self, state: EventState, player: PlayerId, target: Division) -> None:
        """Refuse moving ``player`` into ``target`` (default: only before they have played)."""
        if any(player in set(r.players()) for r in state.rounds):
            raise Conflict("%(name)s has already played in a division and cannot move",
                           code=codes.DIVISIONS_PLAYED, name=state.players[player].name)

    def division_standings(self, state: EventState, through_round: int | None = None
                           ) -> list[tuple[Division, Standings]]:
        """Each division's own standings, in division order (empty without divisions)."""
        return []

    # -- Public tables ------------------------------------------------------------------------
    # What the public sees (:mod:`podium.core.views`); a format with many large tables may
    # override the look-ups for speed.
    def tables(self, state: EventState) -> list[TableView]:
        """The public tables (:mod:`podium.core.views`)."""
        return [standings_view(state, self.standings(state))]

    def table_keys(self, state: EventState) -> list[tuple[str, str, dict[str, Any]]]:
        """The public tables' keys, title msgids and title arguments."""
        return [(view.key, view.title, view.title_args) for view in self.tables(state)]

    def table(self, state: EventState, key: str) -> TableView | None:
        """One public table, or None for an unknown key."""
        return next((view for view in self.tables(state) if view.key == key), None)

    def main_table_key(self, state: EventState) -> str:
        """The public table shown when none is asked for: the standings, or the first table
        when the format has none of that name (Berserk's per-draft-table standings)."""
        keys = [key for key, _title, _args in self.table_keys(state)]
        return "standings" if "standings" in keys or not keys else keys[0]

    def warm(self, state: EventState) -> None:
        """Bring the derived caches of ``state`` (:attr:`EventState.caches`) up to date, so a
        snapshot stores them (default: none)."""

    # -- The TOP ------------------------------------------------------------------------------
    def top_sources(self, state: EventState) -> list[list[PlayerId]]:
        """The tables the TOP is seeded from, each best first, active players only."""
        return [[pid for pid in self.standings(state).order()
                 if not state.players[pid].dropped]]

    def top_defaults(self, state: EventState) -> TopDefaults:
        return TopDefaults()

    # -- The end, and a series ----------------------------------------------------------------
    def champion(self, state: EventState) -> PlayerId | None:
        """The winner of a complete event (:func:`podium.core.phases.is_complete`)."""
        from podium.core.top_replay import top_of

        bracket = top_of(state)
        if bracket is not None:
            return bracket.champion
        order = self.standings(state).order()
        return order[0] if order else None

    def rated_games(self, state: EventState) -> Iterable[RatedGame]:
        """Each finished game of the event as a rating across events counts it
        (:class:`podium.core.rated.RatedGame`), in the order played; default: none."""
        return ()

    def rated_columns(self, state: EventState) -> RatedColumns:
        """The games of :meth:`rated_games` as columns (a format with many games gives them
        without building each game)."""
        return columns_of(self.rated_games(state))

    # -- Projections (:mod:`podium.core.projection`) ------------------------------------------
    def projection(self, state: EventState, *, model: str = DEFAULT_MODEL,
                   trials: int = DEFAULT_TRIALS, seed: int = 0,
                   strengths: Strengths | None = None) -> Projection | None:
        """Every player's chance of each goal the regulation rewards, by playing what
        remains through the format's own pairing and scoring (exactly when the tree is
        small); None: the format makes no projections."""
        return None

    def need(self, state: EventState, player: PlayerId, goal: str, *,
             model: str = DEFAULT_MODEL, trials: int = DEFAULT_TRIALS, seed: int = 0,
             strengths: Strengths | None = None) -> Need | None:
        """What ``player`` needs in the next round for ``goal`` (a key of the projection's
        goals); None: the format makes no projections."""
        return None

    def series_points(self, state: EventState) -> dict[str, int]:
        """What each player (by name) earned in this event as a member of a series
        (:mod:`podium.core.series`); default: the points of the standings, whole points."""
        try:
            standings = self.standings(state)
        except PodiumError:  # a format without standings earns nothing in a series
            return {}
        return {state.players[row.player].name: int(row.record.points)
                for row in standings.rows if row.player in state.players}

    # -- Plausible play -----------------------------------------------------------------------
    # Drawn from a seeded ``rng``: the demos, the conformance kit every format passes
    # (tests/conformance) and the property tests all drive a format through these.
    def setup_actions(self, state: EventState, rng: random.Random
                      ) -> list[tuple[str, dict[str, Any], str]]:
        """Actions (kind, payload, reason) an organiser takes before the next round can be
        paired (Berserk's draft tables before round 1); none by default."""
        return []

    def tour_actions(self, state: EventState) -> list[tuple[str, dict[str, Any], str]]:
        """Organiser's actions of the format's own kinds that no simulation takes by itself
        (Commander's byes given in advance, its hand edits of a round), for the conformance
        kit's tour to store on a round just paired and between two rounds; none by default."""
        return []

    def sample_actions(self, state: EventState, rng: random.Random
                       ) -> list[tuple[str, dict[str, Any], str]]:
        """A few plausible actions of the format's own kinds (an open-play format's games and
        decisions), as (kind, payload, reason); none by default."""
        return []


class RulesetError(Exception):
    """A format's declaration is inconsistent (a programming error, found at registration)."""


def check_ruleset(ruleset: Ruleset) -> None:
    """Check a format's declaration when it registers; raise RulesetError listing every problem."""
    problems: list[str] = []
    cls = type(ruleset)
    caps = ruleset.capabilities
    if not ruleset.name or not all(c.isalnum() or c == "-" for c in ruleset.name):
        problems.append(f"name {ruleset.name!r}: use lowercase letters, digits and '-'")
    if not ruleset.title:
        problems.append("a title is needed")
    if caps.rounds and caps.open_play:
        problems.append("a format is either round-based or open play, not both")
    if not (caps.rounds or caps.open_play):
        problems.append("declare rounds or open_play")
    if caps.rounds:
        for hook in ("plan_round", "score", "standings", "sample_result", "result_entry"):
            if getattr(cls, hook) is getattr(Ruleset, hook):
                problems.append(f"rounds: override {hook}()")
    if caps.reports and (not caps.open_play or cls.open_report is Ruleset.open_report):
        problems.append("reports: an open-play format that overrides open_report()")
    if caps.divisions and cls.division_standings is Ruleset.division_standings:
        problems.append("divisions: override division_standings()")
    kinds = [kind.name for kind in ruleset.action_kinds()]
    if len(set(kinds)) != len(kinds):
        problems.append("an action kind is declared twice")
    prefix = f"{ruleset.kind_prefix or ruleset.name}."
    prefixes = (prefix, *(f"{owner}." for owner in ruleset.adopts))
    for kind in ruleset.action_kinds():
        if not kind.legacy and not kind.name.startswith(prefixes):
            problems.append(f"action kind {kind.name!r} must start with {prefix!r}")
    try:
        phases = ruleset.phases(ruleset.parse_settings({}))
    except Exception as error:  # a declaration error, reported with the rest
        problems.append(f"phases() with the default settings failed: {error}")
        phases = ()
    keys = [p.key for p in phases]
    if not phases or len(set(keys)) != len(keys):
        problems.append("declare at least one phase, each key once")
    for phase in phases:
        if phase.kind not in PHASE_KINDS:
            problems.append(f"phase {phase.key!r}: kind must be one of {PHASE_KINDS}")
        if phase.kind == PLAYOFF and not caps.playoff:
            problems.append(f"phase {phase.key!r} is a play-off: declare the playoff capability")
        if phase.kind == ROUNDS and not caps.rounds:
            problems.append(f"phase {phase.key!r} has rounds: declare the rounds capability")
    if problems:
        raise RulesetError(f"format {ruleset.name!r}: " + "; ".join(problems))


def makes_projections(ruleset: Ruleset[Any]) -> bool:
    """Whether the format answers :meth:`Ruleset.projection` (it overrides the hook): the
    events that have the chances' views (:data:`podium.core.projection.PROJECTIONS`)."""
    return type(ruleset).projection is not Ruleset.projection
