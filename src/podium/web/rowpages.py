"""Long public tables shown a page of rows at a time, and searched across every page.

Why: at 10,000 players the whole standings page was 2.6 MB of HTML and 1.2 s of CPU to render,
and every write makes the next reader render it again (issue 24). A page of
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

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from podium.core.text import search_key
from podium.core.views import TableView

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

