"""The round clock on pages: what the public pairings page, the projector page and
the organiser's page show of the current round's clock at the moment of the request.

A public page is cached per event version, so what it says must stay true while the version
does not change: a running clock is shown by its end ("until 11:35" in the event's time zone)
beside the time left when rendered, and carries its end as a data attribute that
``/static/clock.js`` counts down to (and marks the tables whose time is over) in the browser.
A paused clock's time left does not change until the next clock record (a new version).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from podium.core import clock
from podium.service.clock import now_view
from podium.service.events import LoadedEvent


def _zone(loaded: LoadedEvent) -> ZoneInfo:
    name = str(getattr(loaded.state.settings, "time_zone", "UTC") or "UTC")
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")


def _ms(moment: datetime | None) -> str:
    return "" if moment is None else str(int(moment.timestamp() * 1000))


def clock_context(loaded: LoadedEvent, now: datetime) -> dict[str, Any] | None:
    """The clock as a template reads it, or None while the current round has none (not
    started, no round being played). Per table: the time left and the end of the tables given
    extra time, and whether the table is marked "time" (no result, its time over)."""
    view = now_view(loaded.state, now)
    if view is None:
        return None
    zone = _zone(loaded)
    tables: dict[int, dict[str, Any]] = {}
    rnd = loaded.state.current_round
    assert rnd is not None
    for table in rnd.tables:
        deadline = view.table_deadlines.get(table.number, view.deadline)
        tables[table.number] = {
            "time": table.number in view.time_up,
            "playing": table.number not in rnd.results,
            "extra": view.extra.get(table.number, 0),
            "left": clock.clock_text(view.seconds(table.number)),
            "seconds": view.seconds(table.number),
            "deadline": _ms(deadline if view.running else None),
        }
    return {
        "status": view.status,
        "running": view.running,
        "minutes": view.minutes,
        "seconds": view.seconds(),
        "left": clock.clock_text(view.seconds()),
        "deadline": _ms(view.deadline),
        "until": view.deadline.astimezone(zone).strftime("%H:%M") if view.deadline else "",
        "tables": tables,
        "time_up": list(view.time_up),
    }


__all__ = ["clock_context"]
