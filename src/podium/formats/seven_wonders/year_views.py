"""The year's public tables (rule W7-1) as format-neutral :class:`TableView` values, so the CLI,
the pages and the CSV / standalone HTML exports show them alike, in Russian and English:

- ``year``: the year's points ledger, a column per season, the total, and the same total paid
  out 1:1 in the site's currency;
- ``path``: one player's way through the leagues, season by season, with their points;
- ``moves``: the next season's decisions, one line per player (rules W7-4 .. W7-15, W7-35).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from podium.core.series import Ledger
from podium.core.views import N_, Column, TableView
from podium.formats.seven_wonders.year import Line


@dataclass(frozen=True)
class Step:
    """One season of a player's path: where they played and what it gave them."""

    season: str
    league: str | None  # None: not in that season
    place: int | None
    points: int | None


def year_view(ledger: Ledger) -> TableView:
    """Rule W7-1: the year table; points are also paid out 1:1 as the site's currency."""
    columns = [Column("rank", N_("Place"), numeric=True), Column("player", N_("Player"))]
    columns += [Column(f"s{i}", m.label, numeric=True) for i, m in enumerate(ledger.members)]
    columns += [Column("total", N_("Total"), numeric=True),
                Column("currency", N_("Site currency (1:1)"), numeric=True)]
    rows = []
    for rank, row in enumerate(ledger.rows, start=1):
        cells: dict = {"rank": rank, "player": row.player, "total": row.total,
                       "currency": row.total}
        for i, points in enumerate(row.points):
            cells[f"s{i}"] = points
        rows.append(cells)
    return TableView("year", N_("Year table"), tuple(columns), tuple(rows))


def path_view(player: str, steps: Sequence[Step]) -> TableView:
    """A player's path through the leagues and their points per season."""
    rows = tuple({"season": s.season, "league": s.league or "—", "place": s.place,
                  "points": s.points} for s in steps)
    return TableView("path", N_("Path of {player}"), (
        Column("season", N_("Season")), Column("league", N_("League")),
        Column("place", N_("Place"), numeric=True), Column("points", N_("Points"),
                                                           numeric=True)),
        rows, {"player": player})


def moves_view(lines: Sequence[Line], gettext: Callable[[str], str] | None = None
               ) -> TableView:
    """The next season's decisions, player by player, each with its rule."""
    rows = tuple({"decision": line.text(gettext)} for line in lines)
    return TableView("moves", N_("Next season: who goes where"),
                     (Column("decision", N_("Decision")),), rows)
