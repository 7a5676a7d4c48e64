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
from fractions import Fraction

from podium.core.messages import Message
from podium.core.views import Cell, Change, Column, TableView
from podium.i18n import translate


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


def to_csv(view: TableView, lang: str = "en") -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([label(c.label, lang) for c in view.columns])
    for row in view.rows:
        writer.writerow([cell_text(row.get(c.key), c, lang) for c in view.columns])
    return out.getvalue()


def to_html(view: TableView, event_name: str, lang: str = "en", subtitle: str = "") -> str:
    """A standalone page: no scripts, no external files, inline CSS."""
    head = "".join(f"<th>{html.escape(label(c.label, lang))}</th>" for c in view.columns)
    body = []
    for row in view.rows:
        cells = []
        for c in view.columns:
            text = cell_text(row.get(c.key), c, lang)
            css = ' class="n"' if c.numeric else ""
            value = row.get(c.key)
            if isinstance(value, Change) and c.key == "move" and not value.new and value.delta:
                css = ' class="n up"' if value.delta > 0 else ' class="n down"'
            cells.append(f"<td{css}>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    notes = "".join(f"<p>{html.escape(label(n, lang))}</p>" for n in view.notes)
    heading = html.escape(title(view, lang))
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{html.escape(event_name)}: {heading}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; }}
table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #ccc; padding: 0.2em 0.6em; }}
th {{ background: #eee; }}
td.n {{ text-align: right; }}
td.up {{ color: #080; }}
td.down {{ color: #b00; }}
</style>
</head>
<body>
<h1>{html.escape(event_name)}</h1>
<h2>{heading}</h2>
<p>{html.escape(subtitle)}</p>
<table>
<thead><tr>{head}</tr></thead>
<tbody>
{chr(10).join(body)}
</tbody>
</table>
{notes}
</body>
</html>
"""
