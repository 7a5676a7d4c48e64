"""Any public table (:class:`podium.core.views.TableView`) as CSV or as a standalone HTML page,
with Russian or English headers (first made for the marathon's publications, rule MJ-11).

The labels are the English message ids of the views, translated from the shared catalog
(:mod:`podium.i18n`); the marathon's Russian is the seed's published table's vocabulary
(№, ∆, Игрок, Результат, ТО, ИО, Игр), in the Russian catalog (``locale/ru``).
Changes are written as the organisers publish them: ↑ 1 / ↓ 2 / 0 for places, (+262) for GP
and games, "-" for a new row.
"""

from __future__ import annotations

import csv
import html
import io
import re
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from babel.numbers import format_decimal

from podium.core.messages import Message
from podium.core.views import N_, Cell, Change, Column, TableView
from podium.i18n import translate

if TYPE_CHECKING:
    from podium.core.model import EventState
    from podium.core.ruleset import Ruleset


def label(text: str, lang: str) -> str:
    """A view's English label in ``lang``, from the shared catalog (:mod:`podium.i18n`)."""
    return translate(text, lang)


def title(view: TableView, lang: str) -> str:
    return label(view.title, lang).format(**view.title_args)


def cell_text(value: Cell, column: Column, lang: str = "en") -> str:
    """Fractions rounded here only (2.333); changes as arrows and signed numbers."""
    if value is None:
        return "-" if column.key.endswith("_change") or column.key == "move" else ""
    if isinstance(value, Message):  # a label or a note: in the reader's language
        return translate(value, lang)
    if isinstance(value, Change):
        if column.key == "move":
            if value.new:
                return "-"
            delta = int(value.delta)
            return "0" if delta == 0 else (f"↑ {delta}" if delta > 0 else f"↓ {-delta}")
        if value.new:
            return "-"
        return f"({value.delta:+d})" if value.delta else "(0)"
    if isinstance(value, Fraction):
        if column.key == "result":
            return f"{float(value):.{column.decimals}f}"
        return str(value.numerator) if value.denominator == 1 else (
            f"{float(value):.{column.decimals}f}")
    if isinstance(value, str) and column.key == "note":
        return label(value, lang)
    return str(value)


# A cell a spreadsheet reads as a formula (OWASP "CSV injection"): =, +, - and @ start one,
# and a leading tab or carriage return is dropped by some spreadsheets, exposing what follows.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# Text that is exactly a number ("-3.5", "+2", "1e5") is read as that number, never a formula.
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")


def spreadsheet_safe(value: str | int | float | Fraction | Decimal | None
                     ) -> str | int | float | Fraction | Decimal | None:
    """One cell of a CSV or spreadsheet export, neutralised against formula injection.

    A player's name like ``=HYPERLINK("http://evil.example","x")`` or ``@SUM(1+1)*cmd|...``
    would run as a formula when the organiser opens the export: text starting with ``=``,
    ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'`` (the OWASP rule), so
    the spreadsheet shows it as text. Numbers stay numbers: int, Fraction, Decimal and float
    values pass unchanged, and so does text that is exactly a number (``-3.5``) or the lone
    ``-`` the tables print for "no change" (one character is never a formula)."""
    if not isinstance(value, str) or not value.startswith(_FORMULA_START):
        return value
    if value == "-" or _NUMBER.fullmatch(value):
        return value
    return "'" + value


def to_csv(view: TableView, lang: str = "en") -> str:
    """A table as CSV; every cell through :func:`spreadsheet_safe` (names are user input)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([spreadsheet_safe(label(c.label, lang)) for c in view.columns])
    for row in view.rows:
        writer.writerow([spreadsheet_safe(cell_text(row.get(c.key), c, lang))
                         for c in view.columns])
    return out.getvalue()


def joined(views: list[TableView], lang: str = "en") -> TableView:
    """Several tables of the same columns as one, a first "Table" column naming each row's
    table in ``lang``: the whole of a Berserk event's draft tables (rule BRK-3 seeds the TOP
    from several) in one CSV or page. One table comes back unchanged; the cells still go
    through :func:`to_csv`, so they stay neutralised."""
    if len(views) == 1:
        return views[0]
    first = views[0]
    column = Column("draft_table", N_("Table"))
    rows = tuple({"draft_table": title(view, lang), **row} for view in views for row in view.rows)
    return TableView("standings", N_("Standings"), (column, *first.columns), rows,
                     notes=first.notes)


def split_standings(ruleset: Ruleset, state: EventState, lang: str = "en") -> TableView | None:
    """The whole standings of an event whose standings are split across tables of the same
    columns (Berserk's draft tables), joined into one table (:func:`joined`) for an export that
    names no table; ``None`` when the main table is the standings itself or stands alone."""
    key = ruleset.main_table_key(state)
    main = None if key == "standings" else ruleset.table(state, key)
    if main is None:
        return None
    views = [v for v in ruleset.tables(state) if v.columns == main.columns]
    return joined(views, lang) if len(views) > 1 else None


# The standalone page's stylesheet, embedded so the file looks right opened from disk; the web
# service's security policy allows exactly this block by its hash (podium.web.security).
STYLE = """
body { font-family: system-ui, sans-serif; margin: 1rem; color: #222; }
h1 { font-size: 1.4rem; margin: 0 0 .2rem; }
h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
.wrap { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #ccc; padding: .2em .6em; white-space: nowrap; }
th { background: #eee; position: sticky; top: 0; }
tbody tr:nth-child(even) { background: #f7f7f7; }
td.n { text-align: right; }
td.up { color: #080; }
td.down { color: #b00; }
@media (max-width: 600px) {
  body { margin: .5rem; }
  th, td { padding: .15em .35em; font-size: .9rem; }
}
@media print { th { position: static; } }
"""


def html_cell_text(value: Cell, column: Column, lang: str = "en") -> str:
    """A cell of the standalone page: numbers in ``lang``'s format (Russian ``2,930``), an
    unchanged place or sum as "=" (as the live table shows it), the published arrows
    (↑ 1 / ↓ 2, (+262)) otherwise. CSV keeps :func:`cell_text` (machine-readable)."""
    locale = "ru" if lang == "ru" else "en"
    if isinstance(value, Change):
        if value.new:
            return "-"
        delta = int(value.delta)
        if delta == 0:
            return "="
        amount = format_decimal(abs(delta), locale=locale)
        if column.key == "move":
            return f"↑ {amount}" if delta > 0 else f"↓ {amount}"
        return f"(+{amount})" if delta > 0 else f"(−{amount})"
    if isinstance(value, bool):
        return cell_text(value, column, lang)
    if isinstance(value, Fraction) and (value.denominator != 1 or column.key == "result"):
        return format_decimal(round(float(value), column.decimals),
                              format="#,##0." + "0" * column.decimals, locale=locale)
    if isinstance(value, int | Fraction):
        return format_decimal(int(value), locale=locale)
    if isinstance(value, Message):
        return label(value, lang)
    return cell_text(value, column, lang)


def to_html(view: TableView, event_name: str, lang: str = "en", subtitle: str = "") -> str:
    """A standalone page: no scripts, no external files, its stylesheet embedded (allowed by
    hash when the web service sends it), a phone viewport, numbers in ``lang``'s format."""
    head = "".join(f"<th>{html.escape(label(c.label, lang))}</th>" for c in view.columns)
    body = []
    for row in view.rows:
        cells = []
        for c in view.columns:
            text = html_cell_text(row.get(c.key), c, lang)
            css = ' class="n"' if c.numeric else ""
            value = row.get(c.key)
            if isinstance(value, Change) and c.key == "move" and not value.new and value.delta:
                css = ' class="n up"' if value.delta > 0 else ' class="n down"'
            cells.append(f"<td{css}>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    notes = "".join(f"<p>{html.escape(label(n, lang))}</p>" for n in view.notes)
    heading = html.escape(title(view, lang))
    sub = f"<p>{html.escape(subtitle)}</p>\n" if subtitle else ""
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(event_name)}: {heading}</title><link rel="icon" href="data:,">
<style>{STYLE}</style>
</head>
<body>
<h1>{html.escape(event_name)}</h1>
<h2>{heading}</h2>
{sub}<div class="wrap">
<table>
<thead><tr>{head}</tr></thead>
<tbody>
{chr(10).join(body)}
</tbody>
</table>
</div>
{notes}
</body>
</html>
"""
