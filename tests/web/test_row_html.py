"""Rows of a public table kept rendered ("cache each unchanged row's HTML"): the
rows :class:`podium.web.rowpages.RowHtml` renders in Python, and keeps by their cells, are byte
for byte what the template's row macro (``table_row`` in ``public/_views.html``) makes, for
every kind of cell: numbers and exact fractions per locale, percentages, movements, empty
cells, notes that are messages (shown in the page's language), text needing escapes, the
columns hidden on a phone and a format's links to a player's page."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest

from podium.core.messages import M
from podium.core.views import Change, Column, TableView
from podium.web import rowpages
from podium.web.i18n import Formatter
from podium.web.render import Renderer

COLUMNS = (
    Column("rank", "#", numeric=True),
    Column("player", "Player"),
    Column("points", "Pts", numeric=True),
    Column("opponents_win_pct", "Opp. win %", numeric=True),
    Column("elimination_sum", "Elim. sum", numeric=True, decimals=2),
    Column("move", "Move", numeric=True),
    Column("wdl", "W-D-L", numeric=True),
    Column("note", "Note"),
)

ROWS: tuple[dict[str, Any], ...] = (
    {"rank": 1, "player": "Anna <b>&\"Ё\"", "points": 12, "opponents_win_pct": Fraction(1, 3),
     "elimination_sum": Fraction(7, 2), "move": Change(2), "wdl": "4-0-0", "note": "dropped"},
    {"rank": 2, "player": "Борис", "points": Fraction(25, 2), "opponents_win_pct": Fraction(0),
     "elimination_sum": 12345, "move": Change(Fraction(-3, 2)), "wdl": "3-1-0",
     "note": M("final: %(place)s", place=2)},
    {"rank": 3, "player": "", "points": 0, "opponents_win_pct": None, "elimination_sum": None,
     "move": Change(0, new=True), "wdl": "0-0-0", "note": M("dropped")},
    {"rank": 4, "player": "Cid & Co", "points": True, "move": Change(0), "wdl": "1-0-0",
     "note": ""},
    {"rank": 5, "player": "Dan", "points": 1, "move": Change(1), "wdl": "1-0-0", "note": ""},
)


def render(lang: str, with_cache: bool, player_page: str, keep: tuple[str, ...]) -> str:
    renderer = Renderer()
    fmt = Formatter(lang)
    view = TableView("standings", "Standings", COLUMNS, ROWS)
    plugin = SimpleNamespace(phone_columns=keep, player_page=player_page)
    context: dict[str, Any] = {
        "views": [view], "fmt": fmt, "event": SimpleNamespace(slug="cup <x>", players={}),
        "slug": "cup <x>", "plugin": plugin, "warnings": [], "tabs": [], "q": "",
        "paging": None, "downloads": [], "in_progress": None,
    }
    if with_cache:
        cells = rowpages.CachedCells(fmt, lang)
        context["fmt"] = cells
        context["row_html"] = rowpages.RowHtml(lang, "cup <x>", cells)
    return renderer.render(lang, "public/_views.html", context)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("player_page", "keep"), [("", ()), ("player & <page>", ("wdl",))])
def test_rows_rendered_in_python_and_kept_equal_the_templates(lang, player_page, keep):
    plain = render(lang, False, player_page, keep)
    assert plain.count("<tr>") == len(ROWS) + 1  # (the head's row too)
    first = render(lang, True, player_page, keep)  # rendered here, then kept
    again = render(lang, True, player_page, keep)  # from what was kept
    assert first == plain
    assert again == plain


def test_a_row_is_kept_by_its_cells_and_the_page_it_is_on():
    rowpages._rows.clear()
    fmt = rowpages.CachedCells(Formatter("en"), "en")
    rows = rowpages.RowHtml("en", "cup", fmt)
    one = rows(ROWS[4], COLUMNS, True, (), "", None)
    assert rows(dict(ROWS[4]), COLUMNS, True, (), "", None) is one  # the same cells: kept
    assert rows({**ROWS[4], "rank": 6}, COLUMNS, True, (), "", None) is not one
    assert rows(ROWS[4], COLUMNS, False, (), "", None) is not one  # other column classes
    assert rowpages.RowHtml("ru", "cup", fmt)(ROWS[4], COLUMNS, True, (), "", None) is not one
    # 1 and True are equal keys in a dict but show differently: the cell's type is kept too
    assert "True" in rows({**ROWS[4], "points": True}, COLUMNS, True, (), "", None)
    assert "True" not in rows({**ROWS[4], "points": 1}, COLUMNS, True, (), "", None)
    # a note that is a message is shown in the page's language: such rows are not kept
    before = len(rowpages._rows)
    rows(ROWS[2], COLUMNS, True, (), "", None)
    assert len(rowpages._rows) == before
