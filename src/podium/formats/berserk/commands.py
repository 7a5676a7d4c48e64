"""Berserk's own command: the split into draft tables (rules BRK-6, BRK-10), declared
(:class:`podium.core.commands.CommandSpec`) and served on every surface."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from podium.core import inputs
from podium.core.commands import CommandSpec, Param
from podium.core.log import Action
from podium.core.messages import M, Message
from podium.core.values import PlayerRef, player_ref
from podium.core.views import N_
from podium.formats.berserk.rules import SPLIT, Berserk
from podium.service.commands import Command
from podium.service.events import EventService, LoadedEvent, NewAction


def berserk_of(loaded: LoadedEvent) -> Berserk:
    """The event's Berserk rules (the catalog runs this format's commands on its events only)."""
    assert isinstance(loaded.ruleset, Berserk)
    return loaded.ruleset


@dataclass(frozen=True)
class DraftTablesDrawn:
    """The draft tables just drawn: each table's players (their ids), table 1 first."""

    tables: list[list[int]]


@dataclass(frozen=True)
class SplitTables(Command[list[list[PlayerRef]]]):
    """Draw the draft tables (rules BRK-6, BRK-10) and store them with the draw's seed, as
    core divisions; answers each table's players."""

    tables: int | None = None
    reason: str = ""

    def build(self, loaded: LoadedEvent) -> list[NewAction]:
        payload = berserk_of(loaded).plan_split(loaded.state, self.tables)
        return [NewAction(SPLIT, payload, self.reason)]

    def answer(self, loaded: LoadedEvent, stored: list[Action]) -> list[list[PlayerRef]]:
        return [[player_ref(loaded.state, pid) for pid in d["players"]]
                for d in stored[-1].payload["divisions"]]


def drawn(tables: list[list[PlayerRef]]) -> DraftTablesDrawn:
    return DraftTablesDrawn([[p.id for p in members] for members in tables])


def shown(tables: list[list[PlayerRef]]) -> Sequence[Message]:
    """The draft tables just drawn, one line each, as the command line prints them."""
    return [M("Draft table %(n)s (%(size)s): %(names)s", n=number, size=len(members),
              names=", ".join(p.name for p in members))
            for number, members in enumerate(tables, start=1)]


SPLIT_COMMAND = CommandSpec(
    "berserk.split", N_("Draw the draft tables"),
    lambda call: SplitTables(call.slug, call.get("tables"), call.get("reason", "")),
    params=(Param("tables", inputs.Integer(1, 1000),
                  N_("the number of draft tables (default: the setting, else 8-16 a table)"),
                  label=N_("Draft tables")),
            Param("reason", inputs.Text(500), N_("why (kept in the log)"))),
    help=N_("The players drawn into draft tables of 8-16, as even as possible (rules BRK-6, "
            "BRK-10); before round 1."),
    shown=lambda state: not state.rounds, template="formats/berserk_split.html",
    said=lambda tables: M("Draft tables drawn."),
    answer=drawn, answers=DraftTablesDrawn, show=shown,
)


def split_tables(service: EventService, slug: str, actor: str, tables: int | None = None,
                 reason: str = "") -> list[list[int]]:
    """Draw the draft tables; each table's players (their ids)."""
    value = service.run_command(SplitTables(slug, tables, reason), actor).value
    return drawn(value).tables
