"""What the round clock says while a round is played (the round's view and the organiser's
page read it): apart from the clock's commands (:mod:`podium.service.clock`), so reading a round
imports no command."""

from __future__ import annotations

from datetime import datetime

from podium.core import clock
from podium.core.messages import M, Message, Mn
from podium.core.model import EventState


def joined(parts: list[Message]) -> Message:
    """Sentences one after another, each in the reader's language."""
    out = parts[0]
    for part in parts[1:]:
        out = M("%(first)s %(second)s", first=out, second=part)
    return out


def playing(state: EventState) -> bool:
    rnd = state.current_round
    return rnd is not None and bool(rnd.tables) and not rnd.complete


def status_line(view: clock.ClockView | None) -> Message | None:
    """One sentence for the round's display (the command line's ``round show``, the organiser's
    page): whether it runs, the time left, the tables whose time is over."""
    if view is None:
        return None
    left = clock.clock_text(view.seconds())
    if view.status == clock.IDLE:
        line = M("Clock: not started (%(minutes)s min).", minutes=view.minutes)
    elif view.status == clock.RUNNING:
        line = M("Clock: running, %(left)s left of %(minutes)s min.", left=left,
                 minutes=view.minutes)
    elif view.status == clock.PAUSED:
        line = M("Clock: paused, %(left)s left of %(minutes)s min.", left=left,
                 minutes=view.minutes)
    else:
        line = M("Clock: the round's time is over.")
    parts = [line]
    for table, minutes in sorted(view.extra.items()):
        parts.append(M("Table %(table)s: +%(minutes)s min, %(left)s left.", table=table,
                       minutes=minutes, left=clock.clock_text(view.seconds(table))))
    if view.time_up:
        parts.append(Mn("Time: table %(tables)s.", "Time: tables %(tables)s.",
                        len(view.time_up), tables=", ".join(map(str, view.time_up))))
    return joined(parts)


def now_view(state: EventState, now: datetime) -> clock.ClockView | None:
    """The current round's clock at ``now`` while the round is played (None otherwise)."""
    return clock.view(state, now) if playing(state) else None


__all__ = ["joined", "now_view", "playing", "status_line"]
