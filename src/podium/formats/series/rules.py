"""A series event (see :mod:`podium.core.series`): players are not registered in it (they are
the members' players); its own table lists the members in order. What people read of it are
its declared views (:mod:`.reads`): the overview (its public page), the ledger and a player's
history."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from podium.core.demos import Presentation
from podium.core.model import EventState
from podium.core.reads import ViewSpec
from podium.core.ruleset import OPEN, Capabilities, Phase, Ruleset
from podium.core.series import MEMBER_ADDED, MEMBER_REMOVED, book_of
from podium.core.standings import Standings
from podium.core.views import N_, Cell, Column, TableView
from podium.formats import settings as fs

FIELDS = (
    fs.Field("best", 0, fs.integer(0, 1000),
             N_("count only each player's best N members (0: all of them)")),
)


class SeriesFormat(Ruleset[Mapping[str, Any]]):
    """Events in order with a points ledger across them."""

    name = "series"
    title = "Series of events (a year of seasons, a circuit)"
    fields = FIELDS
    capabilities = Capabilities(open_play=True, series=True, groups=False)
    presentation = Presentation(
        # the public page is the overview; the tables' names open a player's history
        home_path="p/overview", player_page="player",
        moved={"series/overview": "p/overview",
               "series/table.csv": "v/series.overview.csv",
               "series/table.html": "v/series.overview.html",
               "series/player/{name}.csv": "v/series.player.csv?name={name}",
               "series/player/{name}.html": "v/series.player.html?name={name}",
               "series/player/{name}": "p/player?name={name}"})

    def views(self) -> tuple[ViewSpec[Any], ...]:
        from podium.formats.series.reads import SERIES_VIEWS

        return SERIES_VIEWS

    def phases(self, settings: Mapping[str, Any]) -> tuple[Phase, ...]:
        return (Phase("members", OPEN, "Members"),)

    def standings(self, state: EventState, through_round: int | None = None) -> Standings:
        """A series ranks nobody by itself: its ledger comes from its members."""
        return Standings([])

    def tables(self, state: EventState) -> list[TableView]:
        book = book_of(state)
        rows: tuple[dict[str, Cell], ...] = tuple(
            {"n": i, "event": m.event, "label": m.label}
            for i, m in enumerate(book.members, start=1))
        return [TableView("members", N_("Members"),
                          (Column("n", N_("#"), numeric=True), Column("event", N_("Event")),
                           Column("label", N_("Label"))), rows)]

    def main_table_key(self, state: EventState) -> str:
        return "members"

    def sample_actions(self, state: EventState, rng: random.Random
                       ) -> list[tuple[str, dict[str, Any], str]]:
        """Members added (some removed again with a reason), by slugs of made-up events."""
        book = book_of(state)
        if len(book.members) >= 4:
            return []
        number = len(book.members) + len(book.removed) + 1
        out: list[tuple[str, dict[str, Any], str]] = [
            (MEMBER_ADDED, {"event": f"member-{number}", "label": f"Part {number}"}, "")]
        if (len(book.members) == 2 and not book.removed) or (book.members and rng.random() < 0.3):
            out.append((MEMBER_REMOVED, {"event": book.members[-1].event}, "entered by mistake"))
        return out

    def parse_settings(self, raw: Mapping[str, Any]) -> Mapping[str, Any]:
        return fs.parse_fields(self.fields, raw)


SERIES = SeriesFormat()
