"""The toy format's result form: the seats from first to last, e.g. 312."""

from __future__ import annotations

from podium.core.errors import InvalidInput
from podium.web.plugins import WebFormat


def parse_result(form, state, rnd, table):
    text = str(form.get("order", "")).strip()
    if not text.isdigit() or sorted(text) != [str(i) for i in range(1, len(table.seats) + 1)]:
        raise InvalidInput("type every seat once, first to last", field="order")
    return {"order": [table.seats[int(c) - 1] for c in text]}


TOY_WEB = WebFormat("toy", result_form="formats/toy_result.html", parse_result=parse_result)
