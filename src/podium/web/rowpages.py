"""Long public tables shown a page of rows at a time, and searched across every page.

Why: at 10,000 players the whole standings page was 2.6 MB of HTML and 1.2 s of CPU to render,
and every write makes the next reader render it again. A page of
:data:`PAGE_SIZE` rows renders in a bounded time whatever the event's size, the way the
marathon's tables already page (``PAGE_ROWS`` rows of one table). The search of a long table
(``?q=``) runs on the server over every row, so a player on page 5 is found from page 1;
the whole table stays a download (``/e/<event>/standings.csv`` and ``.html``).

The rows of the tables shown are one stream, paged as a whole: a format that shows several
small tables (Berserk's draft tables) pages them as it would one long one, each table's
heading kept above its first row on a page. Nothing here touches the event's state: it works
on the views taken from it (:class:`podium.core.views.TableView`), outside the event's lock.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from jinja2.filters import do_urlencode
from markupsafe import Markup, escape

from podium.core.text import search_key
from podium.core.views import Change, Column, TableView

PAGE_SIZE = 100  # rows of a page when a format shows all its tables at once
LINKS_AROUND = 2  # page links either side of the current page (with the first and the last)


def row_key(row: Any, view: TableView) -> str:
    """What a search compares of a row: the player's name as names are searched (case,
    accents, ё/е ignored), else every text cell of it."""
    name = row.get("player")
    if isinstance(name, str):
        return name_key(name)
    return search_key(" ".join(v for v in row.values() if isinstance(v, str)))


def keys_of(view: TableView, cache: dict[str, list[str]]) -> list[str]:
    """The search keys of ``view``'s rows, computed once per view and kept in ``cache`` (the
    views of one event version: a race computes them twice, the same)."""
    found = cache.get(view.key)
    if found is None or len(found) != len(view.rows):
        names = getattr(view.rows, "names", None)  # rows made when read: their names only
        found = cache[view.key] = (list(map(name_key, names())) if names is not None
                                   else [row_key(row, view) for row in view.rows])
    return found


@lru_cache(maxsize=1 << 16)
def name_key(name: str) -> str:
    """A player's name as searched (:func:`search_key`), kept between versions: names
    seldom change, and a search of 10,000 rows computed each again."""
    return search_key(name)


def matching(views: Sequence[TableView], query: str, cache: dict[str, list[str]]
             ) -> list[TableView]:
    """The views with only their rows whose search key holds ``query``'s (all rows when the
    query is blank); a view without a match is left out."""
    needle = search_key(query)
    if not needle:
        return list(views)
    out = []
    for view in views:
        keys = keys_of(view, cache)
        rows = tuple(view.rows[at] for at, key in enumerate(keys) if needle in key)
        if rows:
            out.append(replace(view, rows=rows))
    return out


def total_rows(views: Sequence[TableView]) -> int:
    return sum(len(v.rows) for v in views)


def first_of_page(start: int, total: int, size: int) -> int:
    """The first row of the page holding row ``start`` (the last page past the end)."""
    return min(start - start % size, max(total - 1, 0) // size * size)


def page_of(views: Sequence[TableView], start: int, size: int) -> list[TableView]:
    """The rows ``start`` to ``start + size`` of the views' rows taken as one stream, each view
    keeping the slice of its own that falls in that window (views outside it left out)."""
    out = []
    at = 0
    end = start + size
    for view in views:
        count = len(view.rows)
        lo, hi = max(start - at, 0), min(end - at, count)
        if lo < hi:
            out.append(replace(view, rows=view.rows[lo:hi]))
        at += count
        if at >= end:
            break
    return out


def paging(first: int, total: int, size: int, href: Callable[[int], str]) -> dict[str, Any]:
    """The paging bar of a long table: the rows shown, the previous and next pages' links and
    the page links (the first, the last and :data:`LINKS_AROUND` either side of the current;
    ``None`` marks a gap)."""
    pages = (total + size - 1) // size
    current = first // size
    links: list[tuple[int, str, bool] | None] = []
    for index in range(pages):
        if index in (0, pages - 1) or abs(index - current) <= LINKS_AROUND:
            links.append((index + 1, href(index * size), index == current))
        elif links and links[-1] is not None:
            links.append(None)
    return {"first": first, "last": min(first + size, total), "total": total, "size": size,
            "prev": href(first - size) if first > 0 else "",
            "next": href(first + size) if first + size < total else "",
            "pages": links if pages > 1 else []}



# --- rows kept rendered ("cache each unchanged row's HTML") ---

ROW_ITEMS = 8192  # rendered rows kept (all events and languages): a few MB at most
CELL_ITEMS = 32768  # formatted cells kept
#: cell types whose value and type alone decide what a cell shows (a note that is a message
#: is rendered in the page's language from its id and params: such rows are not kept)
_KEPT_TYPES = frozenset({str, int, Fraction, float, bool, type(None), Change})

_rows: dict[Hashable, Markup] = {}
_cells: dict[Hashable, str] = {}


def _keep(store: dict[Hashable, Any], key: Hashable, value: Any, limit: int) -> None:
    """Keep ``value`` (bounded: emptied when full, cheaper than an LRU per lookup)."""
    if len(store) >= limit:
        store.clear()
    store[key] = value


class CachedCells:
    """A page's :class:`podium.web.i18n.Formatter` whose ``cell`` is kept per language,
    column and value (typed: ``1`` and ``True`` show differently): Babel's number formatting
    was most of a page's render. Everything else is the formatter's."""

    def __init__(self, fmt: Any, lang: str) -> None:
        self._fmt = fmt
        self._lang = lang

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fmt, name)

    def cell(self, value: object, column: Column) -> str:
        kind = type(value)
        if kind not in _KEPT_TYPES:
            return str(self._fmt.cell(value, column))
        key = (self._lang, column, kind, value)
        found = _cells.get(key)
        if found is None:
            found = self._fmt.cell(value, column)
            _keep(_cells, key, found, CELL_ITEMS)
        return found


class RowHtml:
    """The rendered rows of a page's tables, kept by their cells: a row whose cells (and the
    page's language, event, columns and column classes) are unchanged since any earlier
    render is not rendered again; a new one is rendered here, in Python, with its cells
    formatted through :class:`CachedCells`. The markup is the template's row macro's
    (``table_row`` in ``public/_views.html``, used where a page has no ``row_html``),
    byte for byte (tests/web/test_row_html.py): the macro cost 0.1-0.2 ms a row in Jinja,
    and after a result most rows of a page only moved (their rank changed)."""

    def __init__(self, lang: str, slug: str, fmt: Any) -> None:
        self._lang = lang
        self._slug = slug
        self._fmt = fmt if isinstance(fmt, CachedCells) else CachedCells(fmt, lang)

    def __call__(self, row: Mapping[str, Any], columns: tuple[Column, ...], extra: bool,
                 keep: Any, player_page: str, render: Callable[..., Markup] | None = None
                 ) -> Markup:
        values = tuple(row.get(c.key) for c in columns)
        types = tuple(map(type, values))
        if not _KEPT_TYPES.issuperset(types):
            return self.render(values, columns, extra, keep, player_page)
        key = (self._lang, self._slug, columns, extra, tuple(keep), player_page, types, values)
        found = _rows.get(key)
        if found is None:
            found = self.render(values, columns, extra, keep, player_page)
            _keep(_rows, key, found, ROW_ITEMS)
        return found

    def render(self, values: tuple[Any, ...], columns: tuple[Column, ...], extra: bool,
               keep: Any, player_page: str) -> Markup:
        """One ``<tr>`` as the template's ``table_row`` macro makes it."""
        cell = self._fmt.cell
        parts = ["<tr>"]
        for index, (column, value) in enumerate(zip(columns, values, strict=True), start=1):
            shown = ("num" if column.numeric else "") + (
                " extra" if extra and index > 3 and column.key not in keep else "")
            if player_page and column.key == "player" and value:
                inner = (f'<a href="/e/{escape(self._slug)}/p/{escape(player_page)}?name='
                         f'{escape(do_urlencode(value))}">{escape(value)}</a>')
            else:
                inner = escape(cell(value, column))
            parts.append(f'<td class="{shown}">{inner}</td>')
        parts.append("</tr>")
        return Markup("".join(parts))
