"""Rule MJ-11: the published tables, as JSON snapshots and as format-neutral TableViews.

A snapshot is what a publication freezes (plain JSON lists, stored in the log); a live table is
the same snapshot made from the current state. A table view compares a snapshot with the
previous one: the place change (an arrow and a number), GP and its change, games and their
change. Exact values stay Fractions; they are rounded only by the renderer.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from podium.core.errors import NotFound
from podium.core.messages import M, Message
from podium.core.model import EventState
from podium.core.views import N_, Cell, Change, Column, TableView
from podium.formats.mahjong_marathon import codes
from podium.formats.mahjong_marathon.book import MarathonBook
from podium.formats.mahjong_marathon.scoring import TP_DEN


def nr_of_stage(stage: int) -> Message:
    """The column of a stage's NR: a message, so each page names it in its language."""
    return M("NR %(n)s", n=stage)


def few_games(minimum: int) -> Message:
    """Rule MJ-8: too few games in a stage count as NR 0."""
    return M("< %(n)s games: NR 0", n=minimum)


def points(value: int, unit: int) -> int | Fraction:
    """GP held in 1/``unit`` points as the exact number (tenths where the event accepts
    them, the ``fractional_points`` setting; whole points stay whole numbers)."""
    return value if unit == 1 else Fraction(value, unit)


def fraction_text(value: Any, decimals: int = 3) -> str:
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{float(value):.{decimals}f}"
    return str(value)


def stage_snapshot(ranking: Any, gp_unit: int = 1) -> dict[str, Any]:
    """One stage table as JSON lists (rules MJ-7, MJ-8); GP in 1/``gp_unit`` points (the
    ``gp_unit`` key only where it is not 1: tenths, the ``fractional_points`` setting)."""
    return {
        **({"gp_unit": gp_unit} if gp_unit != 1 else {}),
        "player": ranking.players.tolist(),
        "place": ranking.place.tolist(),
        "num": ranking.result_num.tolist(),
        "den": ranking.result_den.tolist(),
        "tp12": ranking.tp12.tolist(),
        "gp": ranking.gp.tolist(),
        "games": ranking.games.tolist(),
        "series_tp12": ranking.series_tp12.tolist(),
        "series_gp": ranking.series_gp.tolist(),
        "nr": ranking.nr.tolist(),
        "qualified": ranking.qualified.tolist(),
    }


def total_snapshot(total: Any) -> dict[str, Any]:
    """The year's total as JSON lists (rules MJ-9, MJ-10)."""
    return {
        "player": total.players.tolist(),
        "place": total.place.tolist(),
        "sn": total.sn.tolist(),
        "nr": total.nr.tolist(),
        "played": total.played.tolist(),
        "dropped": total.dropped.tolist(),
        "results": [str(value) for value in total.result_sums()],
        "games": total.total_games.tolist(),
    }


def snapshot(book: MarathonBook, settings: Any) -> dict[str, Any]:
    """Every stage table and the total as JSON lists (what `podium publish` freezes)."""
    stages = {str(r.stage): stage_snapshot(r, book.gp_unit) for r in book.stages(settings)}
    return {"min_games": settings.min_games, "stages": stages,
            "total": total_snapshot(book.total(settings))}


def view_keys(stage_count: int) -> list[tuple[str, str, dict[str, Any]]]:
    """The tables' keys, titles and title arguments, without building any table."""
    keys = [(f"stage-{s}", N_("Stage {n}"), {"n": s}) for s in range(1, stage_count + 1)]
    return [*keys, ("total", N_("Marathon total"), {})]


def live_view(book: MarathonBook, settings: Any, key: str,
              names: dict[int, str]) -> TableView | None:
    """One live table (``stage-N`` or ``total``) against the last publication, building only
    that table (a public page shows one table of a million-game year at a time)."""
    previous = book.publications[-1]["snapshot"] if book.publications else None
    count = len(settings.stage_bounds)
    if key == "total":
        return total_view(total_snapshot(book.total(settings)),
                          previous["total"] if previous else None, names, count)
    number = key.removeprefix("stage-")
    if not number.isdigit() or not 1 <= int(number) <= count:
        return None
    table = stage_snapshot(book.stage(settings, int(number)), book.gp_unit)
    return stage_view(number, table, previous["stages"].get(number) if previous else None,
                      names, settings.min_games)


def _index(table: dict[str, Any] | None) -> dict[int, int]:
    if not table:
        return {}
    return {pid: row for row, pid in enumerate(table["player"])}


def stage_columns() -> tuple[Column, ...]:
    return (
        Column("place", N_("#"), numeric=True),
        Column("move", N_("±"), numeric=True),
        Column("player", N_("Player")),
        Column("result", N_("Result"), numeric=True),
        Column("tp", N_("TP"), numeric=True),
        Column("gp", N_("GP"), numeric=True, decimals=1),
        Column("gp_change", N_("GP ±"), numeric=True, decimals=1),
        Column("games", N_("Games"), numeric=True),
        Column("games_change", N_("Games ±"), numeric=True),
        Column("nr", N_("NR"), numeric=True),
        Column("series_tp", N_("Series TP"), numeric=True),
        Column("series_gp", N_("Series GP"), numeric=True, decimals=1),
        Column("note", N_("Note")),
    )


def stage_view(stage: str, table: dict[str, Any], previous: dict[str, Any] | None,
               names: dict[int, str], min_games: int) -> TableView:
    before = _index(previous)
    rows: list[dict[str, Cell]] = []
    # Fractions repeat a lot (players with few games): build each distinct one once
    results: dict[tuple[int, int], Fraction] = {}
    twelfths: dict[int, Fraction] = {}

    def tp(value: int) -> Fraction:
        found = twelfths.get(value)
        if found is None:
            found = twelfths[value] = Fraction(value, TP_DEN)
        return found

    unit = table.get("gp_unit", 1)
    old_unit = previous.get("gp_unit", 1) if previous else 1
    for row, pid in enumerate(table["player"]):
        old = before.get(pid)
        place = table["place"][row]
        gp = points(table["gp"][row], unit)
        games = table["games"][row]
        key = (table["num"][row], table["den"][row])
        result = results.get(key)
        if result is None:
            result = results[key] = Fraction(*key)
        cells: dict[str, Cell] = {
            "place": place,
            "player": names.get(pid, f"#{pid}"),
            "player_id": pid,  # the typed row's player (core.values), not a column
            "rank": place,
            "result": result,
            "tp": tp(table["tp12"][row]),
            "gp": gp,
            "games": games,
            "nr": table["nr"][row],
            "series_tp": tp(table["series_tp12"][row]),
            "series_gp": points(table["series_gp"][row], unit),
            "note": "" if table["qualified"][row] else few_games(min_games),
        }
        if previous is None or old is None:
            # no earlier publication: no movement to show; a row new since the last: "new"
            cells["move"] = None if previous is None else Change(0, new=True)
            cells["gp_change"] = None
            cells["games_change"] = None
        else:
            cells["move"] = Change(previous["place"][old] - place)
            cells["gp_change"] = Change(gp - points(previous["gp"][old], old_unit))
            cells["games_change"] = Change(games - previous["games"][old])
        rows.append(cells)
    return TableView(f"stage-{stage}", N_("Stage {n}"), stage_columns(), tuple(rows),
                     title_args={"n": int(stage)})


def total_view(table: dict[str, Any], previous: dict[str, Any] | None,
               names: dict[int, str], stage_count: int) -> TableView:
    columns = [
        Column("place", N_("#"), numeric=True),
        Column("move", N_("±"), numeric=True),
        Column("player", N_("Player")),
        Column("sn", N_("SN"), numeric=True),
    ]
    columns += [Column(f"nr{s}", nr_of_stage(s), numeric=True)
                for s in range(1, stage_count + 1)]
    columns += [
        Column("results", N_("Result sum"), numeric=True),
        Column("games", N_("Games"), numeric=True),
        Column("stages", N_("Stages"), numeric=True),
    ]
    before = _index(previous)
    rows: list[dict[str, Cell]] = []
    sums = {text: Fraction(text) for text in set(table["results"])}
    for row, pid in enumerate(table["player"]):
        old = before.get(pid)
        place = table["place"][row]
        cells: dict[str, Cell] = {
            "place": place,
            "move": (None if previous is None else Change(0, new=True) if old is None
                     else Change(previous["place"][old] - place)),
            "player": names.get(pid, f"#{pid}"),
            "player_id": pid,
            "rank": place,
            "sn": table["sn"][row],
            "results": sums[table["results"][row]],
            "games": table["games"][row],
            "stages": sum(table["played"][row]),
        }
        for s in range(stage_count):
            if not table["played"][row][s]:
                cells[f"nr{s + 1}"] = None
            elif table["dropped"][row] == s:
                cells[f"nr{s + 1}"] = f"({table['nr'][row][s]})"  # rule MJ-9: dropped stage
            else:
                cells[f"nr{s + 1}"] = table["nr"][row][s]
        rows.append(cells)
    return TableView("total", N_("Marathon total"), tuple(columns), tuple(rows),
                     notes=(N_("NR in brackets: the worst stage, dropped (rule MJ-9)"),))


def table_views(current: dict[str, Any], previous: dict[str, Any] | None,
                names: dict[int, str]) -> list[TableView]:
    stages = current["stages"]
    out = [
        stage_view(key, table, previous["stages"].get(key) if previous else None, names,
                   current.get("min_games", 4))
        for key, table in stages.items()
    ]
    out.append(total_view(current["total"], previous["total"] if previous else None, names,
                          len(stages)))
    return out


def published_views(state: EventState, book: MarathonBook, number: int) -> list[TableView]:
    if not 1 <= number <= len(book.publications):
        raise NotFound(N_("no publication %(number)s; publications: %(count)s"),
                       code=codes.PUBLICATION_UNKNOWN, field="publication", number=number,
                       count=len(book.publications))
    current = book.publications[number - 1]["snapshot"]
    previous = book.publications[number - 2]["snapshot"] if number > 1 else None
    names = {pid: p.name for pid, p in state.players.items()}
    return table_views(current, previous, names)


def published_view(state: EventState, book: MarathonBook, number: int,
                   key: str) -> TableView | None:
    """Table ``key`` (``stage-N``, ``total``) of publication ``number`` against the one before
    (rule MJ-11), building only that table; None for an unknown key."""
    if not 1 <= number <= len(book.publications):
        raise NotFound(N_("no publication %(number)s; publications: %(count)s"),
                       code=codes.PUBLICATION_UNKNOWN, field="publication", number=number,
                       count=len(book.publications))
    current = book.publications[number - 1]["snapshot"]
    previous = book.publications[number - 2]["snapshot"] if number > 1 else None
    names = {pid: p.name for pid, p in state.players.items()}
    if key == "total":
        return total_view(current["total"], previous["total"] if previous else None,
                                 names, len(current["stages"]))
    stage = key.removeprefix("stage-")
    if stage not in current["stages"]:
        return None
    return stage_view(stage, current["stages"][stage],
                             previous["stages"].get(stage) if previous else None, names,
                             current.get("min_games", 4))


def top(view: TableView, rows: int) -> TableView:
    """The first ``rows`` rows of a table, saying how many it has (a terminal shows a year's
    first places, not its hundreds of thousands of rows)."""
    if len(view.rows) <= rows:
        return view
    said = M("Rows %(first)s to %(last)s of %(total)s", first=1, last=rows, total=len(view.rows))
    return replace(view, rows=view.rows[:rows], notes=(said, *view.notes))  # type: ignore[arg-type]  # a Message note
