"""The typed values of the marathon's views and commands (regulation MJ), plain dataclasses of
JSON types (:mod:`podium.core.values`): the API's schemas are generated from them, the command
line and the pages show them. Exact numbers (a result, TP in twelfths) are
:class:`~podium.core.values.Exact`; times are UTC."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from podium.core.values import Exact, PlayerRef
from podium.core.views import TableView


# -- publications (rule MJ-11) ----------------------------------------------------------------
@dataclass(frozen=True)
class MarathonTable:
    """One of a marathon's tables: its key (``stage-2``, ``total``), its title in English and
    its stage (none for the total)."""

    key: str
    title: str
    stage: int | None


@dataclass(frozen=True)
class MarathonPublication:
    """A publication: its number, when it froze the tables, its action, its tables' keys."""

    number: int
    at: datetime
    seq: int
    tables: list[str]


@dataclass(frozen=True)
class MarathonPublications:
    """Every publication (oldest first) and the one table chosen of one: the publication's
    ``chosen`` number (none when nothing is published), the ``table``'s key, the tables it
    has, the first row shown (0-based), the rows of a page and the chosen table's rows in
    all."""

    items: list[MarathonPublication]
    chosen: int | None
    table: str
    tables: list[MarathonTable]
    first: int
    size: int
    total: int


@dataclass(frozen=True)
class PublicationsShown(MarathonPublications):
    """What the reader returns: :class:`MarathonPublications` with the chosen table's page of rows
    itself (``view``, its exact cells and movement), which the page and the command line
    show. The API answers the declared fields; the same table typed is the view
    ``mahjong-marathon.table`` with ``publication``."""

    view: TableView | None = None


@dataclass(frozen=True)
class MarathonPublished:
    """What ``publish`` answers (rule MJ-11): the new publication's number, time, action and
    the keys of the tables it froze."""

    number: int
    at: datetime
    seq: int
    tables: list[str]


# -- the organiser's decisions (rules MJ-5, MJ-6) -----------------------------------------------
@dataclass(frozen=True)
class MarathonDecision:
    """One decision: its action (what a revert names), its kind as stored, what it is (a
    msgid), the player or game concerned, a one-line detail (the amount, the ground, the
    period), why, who and when, and whether it holds or which action reverted it."""

    seq: int
    kind: str
    title: str
    player: PlayerRef | None
    game: str | None
    detail: str
    reason: str
    actor: str
    at: datetime
    active: bool
    reverted_by: int | None


@dataclass(frozen=True)
class MarathonDecisions:
    event: str
    items: list[MarathonDecision]


@dataclass(frozen=True)
class MarathonPenalty:
    seq: int
    player: str


@dataclass(frozen=True)
class MarathonGameDisqualified:
    seq: int
    game: str


@dataclass(frozen=True)
class MarathonPlayerDisqualified:
    """``zone``: the zone the period's times were read in (rule MJ-2)."""

    seq: int
    player: str
    zone: str


@dataclass(frozen=True)
class MarathonReverted:
    """``seq``: the revert's own action; ``reverted``: the decision it undid."""

    seq: int
    reverted: int


# -- one player (rules MJ-7a, MJ-8, MJ-10) ------------------------------------------------------
@dataclass(frozen=True)
class MarathonOpponent:
    """Someone at the player's table: their name, and their id (none for an anonymous
    guest, who is named but never ranked or linked, rule MJ-3)."""

    name: str
    player: int | None


@dataclass(frozen=True)
class MarathonGame:
    """One of the player's games: GP after an MJ-6a penalty, TP; ``stage`` 0 outside every
    stage; ``why_not`` (``stage``, ``game-dq``, ``player-dq``) and its ``note`` (a msgid)
    when it does not count for them; ``in_series``: one of the stage's best series
    (rule MJ-7a)."""

    game: str
    table: str
    start: datetime
    stage: int
    gp: Exact
    tp: Exact
    opponents: list[MarathonOpponent]
    counted: bool
    why_not: str
    note: str
    in_series: bool


@dataclass(frozen=True)
class MarathonStage:
    """The player's row of one stage's table (rules MJ-7, MJ-8)."""

    stage: int
    place: int
    result: Exact
    tp: Exact
    gp: Exact
    games: int
    nr: int
    series_tp: Exact
    series_gp: Exact
    qualified: bool


@dataclass(frozen=True)
class MarathonPlayer:
    """One player's page: their place and SN in the total (none before a counted game), the
    series length, their stage rows and every game in their own order."""

    player: PlayerRef
    total_place: int | None
    sn: int | None
    series_length: int
    stages: list[MarathonStage]
    games: list[MarathonGame]


__all__ = [
    "MarathonDecision", "MarathonDecisions", "MarathonGame", "MarathonGameDisqualified",
    "MarathonOpponent", "MarathonPenalty", "MarathonPlayer", "MarathonPlayerDisqualified",
    "MarathonPublication", "MarathonPublications", "MarathonPublished", "MarathonReverted",
    "MarathonStage", "MarathonTable", "PublicationsShown",
]
