"""What the kernel's commands answer, typed: plain dataclasses of JSON types, from which the
API's schema of each answer is generated (:attr:`podium.core.commands.CommandSpec.answers`).

A player named beside their id is :class:`~podium.core.values.PlayerRef` (as ``GET
.../rounds/{n}`` names them), an exact number :class:`~podium.core.values.Exact`. The functions
here turn what a command object answered (a round, a bracket, a player...) into its answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from podium.core.values import Exact, PlayerRef

if TYPE_CHECKING:
    from podium.core.bracket import Bracket
    from podium.core.model import Player, Round


@dataclass(frozen=True, slots=True)
class Nothing:
    """A command with nothing to answer beyond its sentence: an empty object."""


# -- events ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EventCreated:
    """The event made: its id, format and the seed of its draws."""

    slug: str
    format: str
    seed: int


@dataclass(frozen=True, slots=True)
class EventImported:
    """The event stored from an event file: its id and how many actions its log has."""

    slug: str
    actions: int


@dataclass(frozen=True, slots=True)
class EventRenamed:
    name: str


@dataclass(frozen=True, slots=True)
class EventArchived:
    """Whether the event is in the archive now (false: taken out of it)."""

    archived: bool


@dataclass(frozen=True, slots=True)
class EventDetailsSet:
    """The event's date (ISO, none when not set) and venue."""

    date: str | None
    venue: str


@dataclass(frozen=True, slots=True)
class EventDeleted:
    """The event deleted for good, and how much of it was lost."""

    deleted: str
    actions: int
    players: int
    rounds: int


# -- players --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayerAnswer:
    """A player as a command leaves them: id, name, whether dropped, their group."""

    id: int
    name: str
    dropped: bool
    group: str = ""


def player_answer(player: Player) -> PlayerAnswer:
    return PlayerAnswer(player.id, player.name, player.dropped, player.group)


@dataclass(frozen=True, slots=True)
class PlayersAdded:
    players: list[PlayerAnswer]


def players_added(players: list[Player]) -> PlayersAdded:
    return PlayersAdded([player_answer(p) for p in players])


@dataclass(frozen=True, slots=True)
class PlayerChanged:
    """The player a command changed (dropped, back in, renamed, grouped, merged into)."""

    player: PlayerAnswer


def player_changed(player: Player) -> PlayerChanged:
    return PlayerChanged(player_answer(player))


@dataclass(frozen=True, slots=True)
class PlayerRemoved:
    """The name of the player removed."""

    removed: str


@dataclass(frozen=True, slots=True)
class PlayerSubstituted:
    """The substitute, the name of the player they replace, from which round, and whose record
    they play on (``same``: the original's; ``new``: their own)."""

    player: PlayerAnswer
    replaces: str
    from_round: int
    record: str


# -- rounds ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SeatedTable:
    """A table of a round: its number and its players in turn order (seat 1 first)."""

    number: int
    seats: list[PlayerRef]


@dataclass(frozen=True, slots=True)
class ByeAnswer:
    """A player who sits the round out, with the points the bye gives and why."""

    id: int
    name: str
    points: Exact
    reason: str


@dataclass(frozen=True, slots=True)
class RoundPaired:
    """A round as paired (or, for a preview, as it would be): its number, stage, tables and
    byes."""

    round: int
    stage: str
    tables: list[SeatedTable]
    byes: list[ByeAnswer]


def round_paired(rnd: Round, names: Mapping[int, str]) -> RoundPaired:
    """``rnd``'s answer, its players named by ``names`` (their names now, by id)."""
    return RoundPaired(
        rnd.number, rnd.stage,
        [SeatedTable(t.number, [PlayerRef(p, names[p]) for p in t.seats]) for t in rnd.tables],
        [ByeAnswer(b.player, names[b.player], Exact.of(b.points), b.reason) for b in rnd.byes])


@dataclass(frozen=True, slots=True)
class RoundUndone:
    round: int


@dataclass(frozen=True, slots=True)
class ResultSaved:
    """A table's result written: the round and table, whether it corrected one, and the
    round's progress (tables with a result of all its tables)."""

    round: int
    table: int
    corrected: bool
    complete: bool
    done: int
    total: int
    #: The result's version now (the action that wrote it): send it back as ``expect`` (or
    #: ``If-Match``) with a later correction.
    version: int = 0


# -- the TOP --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TopAnswer:
    """The TOP: its size, its slots in bracket order (none for a bye) and its champion once
    the final has a result."""

    size: int
    slots: list[PlayerRef | None]
    champion: PlayerRef | None


def top_answer(bracket: Bracket, names: Mapping[int, str]) -> TopAnswer:
    def ref(pid: int | None) -> PlayerRef | None:
        return None if pid is None else PlayerRef(pid, names[pid])

    return TopAnswer(bracket.size, [ref(p) for p in bracket.slots], ref(bracket.champion))


# -- series, roles, self-report -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MemberAdded:
    """The member event added to the series and how it is called there."""

    event: str
    label: str


@dataclass(frozen=True, slots=True)
class RoleChanged:
    """The organiser account whose role in the event changed."""

    username: str


@dataclass(frozen=True, slots=True)
class ReportAnswer:
    """A player's report of a result: its number, the round and table it is filed under, its
    status (pending, accepted, conflict, rejected, disputed), the entry as the format stores
    it, the ids of the players who confirmed it, and a disputing player's note."""

    id: int
    round: int
    table: int
    status: str
    entry: dict[str, Any]
    confirmed_by: list[int]
    note: str


def report_answer(report: Any) -> ReportAnswer:
    """A self-report (:class:`podium.service.selfreport.Report`) as its answer."""
    return ReportAnswer(report.id, report.round, report.table, report.status,
                        dict(report.entry), list(report.confirmed_by), report.note)


__all__ = [
    "ByeAnswer", "EventArchived", "EventCreated", "EventDeleted", "EventDetailsSet",
    "EventImported", "EventRenamed", "MemberAdded", "Nothing", "PlayerAnswer",
    "PlayerChanged", "PlayerRemoved", "PlayerSubstituted", "PlayersAdded", "ReportAnswer",
    "ResultSaved", "RoleChanged", "RoundPaired", "RoundUndone", "SeatedTable", "TopAnswer",
    "player_answer", "player_changed", "players_added", "report_answer", "round_paired",
    "top_answer",
]
