"""The format-neutral table view: exact values, rounded only when displayed."""

from fractions import Fraction

from podium.core.views import Change, Column, display
from podium.formats.registry import get_format
from tests.builders import EventLog


def test_fraction_rounds_only_for_display():
    column = Column("tp", "TP", numeric=True)
    assert display(Fraction(7, 3), column) == "2.333"
    assert display(Fraction(4, 1), column) == "4"
    assert display(None, column) == ""


def test_change_shows_arrow_and_amount():
    column = Column("move", "±", numeric=True)
    assert display(Change(3), column) == "▲3"
    assert display(Change(-2), column) == "▼2"
    assert display(Change(0), column) == "="
    assert display(Change(0, new=True), column) == "new"


def test_commander_view_matches_its_standings():
    log = EventLog(players=8)
    log.pair()
    state = log.state
    [view] = get_format("commander").tables(state)
    standings = get_format("commander").standings(state)
    assert [row["player"] for row in view.rows] == [
        state.players[pid].name for pid in standings.order()
    ]
    assert {"rank", "player", "points", "wdl", "byes"} <= {c.key for c in view.columns}
