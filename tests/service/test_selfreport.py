"""Player self-report: own table only, confirmations, conflicts wait for the organiser."""

from __future__ import annotations

from pathlib import Path

import pytest

from podium.core.errors import Conflict, Forbidden
from podium.core.log import Kind
from podium.service.events import EventService
from podium.service.selfreport import ACCEPTED, CONFLICT, PENDING, SelfReportService
from podium.store.db import Database
from tests.web.conftest import Clock


@pytest.fixture
def setup(tmp_path: Path):
    db = Database(str(tmp_path / "s.db"))
    events = EventService(db, Clock())
    events.create_event("cup", "Cup", "commander", {}, "org", seed=3)
    events.add_players("cup", [f"P{i}" for i in range(1, 9)], "org")
    events.create_event("other", "Other", "commander", {}, "org", seed=3)
    events.add_players("other", ["X1", "X2", "X3", "X4"], "org")
    events.pair_round("cup", "org")
    reports = SelfReportService(events)
    yield events, reports
    db.dispose()


def seats(events: EventService, table: int = 1) -> tuple[int, ...]:
    return events.load("cup").state.current_round.table(table).seats


def win_for(first: int):
    """An entry builder: ``first`` wins, the others go out in seat order."""

    def build(state, rnd, table):
        others = [p for p in table.seats if p != first]
        return {"winner": first, "eliminated": others}

    return build


def test_codes_are_personal_and_stable(setup) -> None:
    _events, reports = setup
    codes = reports.codes("cup")
    assert set(codes) == set(range(1, 9))
    assert len(set(codes.values())) == 8
    assert reports.codes("cup") == codes  # not re-issued


def test_confirmed_by_everyone_becomes_the_result(setup) -> None:
    events, reports = setup
    codes = reports.codes("cup")
    a, b, c, d = seats(events)
    before = len(events.log("cup"))
    report = reports.report("cup", codes[a], win_for(b))
    assert report.status == PENDING and report.confirmed_by == (a,)
    reports.confirm("cup", codes[b], report.id)
    reports.confirm("cup", codes[c], report.id)
    assert len(events.log("cup")) == before  # nothing changes until everyone confirmed
    done = reports.confirm("cup", codes[d], report.id)
    assert done.status == ACCEPTED
    log = events.log("cup")
    assert len(log) == before + 1
    action = log[-1]
    assert action.kind == Kind.RESULT_ENTERED
    names = events.load("cup").state.players
    assert action.actor == f"player:{names[a].name}"
    assert action.reason.startswith("self-report confirmed by")
    assert events.load("cup").state.current_round.results[1].of(b).won


def test_a_conflicting_report_waits_for_the_organiser(setup) -> None:
    events, reports = setup
    codes = reports.codes("cup")
    a, b, c, d = seats(events)
    before = len(events.log("cup"))
    first = reports.report("cup", codes[a], win_for(a))
    second = reports.report("cup", codes[b], win_for(b))
    assert second.status == CONFLICT
    assert {r.status for r in reports.reports("cup", open_only=True)} == {CONFLICT}
    with pytest.raises(Conflict):
        reports.confirm("cup", codes[c], first.id)
    assert len(events.log("cup")) == before  # nothing changed
    decided = reports.decide("cup", second.id, True, "judge-anna")
    assert decided.status == ACCEPTED
    assert events.log("cup")[-1].actor == "judge-anna"
    assert reports.reports("cup", open_only=True) == []
    del d


def test_a_code_of_another_event_is_refused(setup) -> None:
    # the same answer as an unknown code (it tells a guesser nothing)
    events, reports = setup
    other = reports.codes("other")
    reports.codes("cup")
    before = len(events.log("cup"))
    with pytest.raises(Forbidden, match="not known"):
        reports.report("cup", other[1], win_for(1))
    with pytest.raises(Forbidden, match="not known"):
        reports.report("cup", "NOPE1234", win_for(1))
    assert len(events.log("cup")) == before


def test_a_player_can_never_report_or_confirm_another_table(setup) -> None:
    events, reports = setup
    codes = reports.codes("cup")
    a, *_ = seats(events, 1)
    e, *_ = seats(events, 2)
    report = reports.report("cup", codes[a], win_for(a))
    with pytest.raises(Forbidden, match="own table"):
        reports.confirm("cup", codes[e], report.id)
    # The builder gets the reporter's own table: naming a player of table 1 from table 2 fails.
    from podium.core.errors import InvalidInput

    with pytest.raises(InvalidInput):
        reports.report("cup", codes[e], win_for(a))


def test_a_dispute_goes_to_the_queue(setup) -> None:
    events, reports = setup
    codes = reports.codes("cup")
    a, b, *_ = seats(events)
    report = reports.report("cup", codes[a], win_for(a))
    disputed = reports.dispute("cup", codes[b], report.id, "I won")
    assert disputed.status == CONFLICT and "I won" in disputed.note
    rejected = reports.decide("cup", report.id, False, "judge")
    assert rejected.status == "rejected"
    assert not events.load("cup").state.current_round.results


def test_an_undo_and_a_new_draw_leave_the_old_reports_behind(setup) -> None:
    events, reports = setup
    codes = reports.codes("cup")
    a, *_ = seats(events)
    old = reports.report("cup", codes[a], win_for(a))
    assert old.draw == events.load("cup").state.current_round.seed
    events.undo_round("cup", "org", "wrong players list")
    events.pair_round("cup", "org")
    rnd = events.load("cup").state.current_round
    assert rnd.seed != old.draw  # a new draw of round 1
    assert reports.reports("cup", open_only=True) == []  # not in the organiser's queue
    mate = next(p for t in rnd.tables if a in t.seats for p in t.seats if p != a)
    with pytest.raises(Conflict, match="earlier draw of round 1") as refused:
        reports.confirm("cup", codes[mate], old.id)
    assert refused.value.code == "report.stale"
    with pytest.raises(Conflict, match="earlier draw"):
        reports.decide("cup", old.id, True, "judge")
    # Reports of the new draw start afresh (the old one does not turn them into a conflict),
    # and the table's four matching reports make its result.
    table = next(t for t in rnd.tables if a in t.seats)
    first = reports.report("cup", codes[a], win_for(a))
    assert first.status == PENDING and first.id != old.id
    for pid in table.seats:
        last = reports.report("cup", codes[pid], win_for(a))
    assert last.id == first.id and last.status == ACCEPTED
    assert events.load("cup").state.current_round.results[table.number].of(a).won
    stale = next(r for r in reports.reports("cup") if r.id == old.id)
    assert stale.status == "rejected" and "drawn again" in stale.note


def test_a_report_stored_before_draws_were_recorded_still_counts(setup) -> None:
    from sqlalchemy import update

    from podium.store.models import SelfReportRow

    events, reports = setup
    codes = reports.codes("cup")
    a, b, c, d = seats(events)
    report = reports.report("cup", codes[a], win_for(b))
    with events.db.session() as session:  # as a database written before migration 0004
        session.execute(update(SelfReportRow).values(draw=None))
    for pid in (b, c):
        reports.confirm("cup", codes[pid], report.id)
    assert reports.confirm("cup", codes[d], report.id).status == ACCEPTED
    assert events.load("cup").state.current_round.results[1].of(b).won


def _swap(events: EventService, first: int, second: int) -> None:
    """The organiser swaps two players of the unstarted round by hand."""
    from podium.core.commands import Caller
    from podium.service.catalog import Invocation

    names = events.load("cup").state.players
    events.execute(Invocation("commander.swap", "cup", {
        "player": names[first].name, "other": names[second].name, "reason": "same club"}),
        Caller.cli("org"))


def test_a_hand_edit_leaves_the_reports_of_the_changed_tables_behind(setup) -> None:
    """Worked by hand: table 1 is (a, b, c, d), table 2 (e, f, g, h). a reports "b wins" and
    b confirms; then the organiser swaps d and e. Table 1 is (a, b, c, e) now: e never saw the
    report and d, who left, is named in it. So the report no longer counts: not in the queue,
    confirming it is refused with "report again", the organiser cannot accept it, and the new
    table's own four reports make its result. Table 2's report, made after the swap, counts."""
    events, reports = setup
    codes = reports.codes("cup")
    a, b, c, d = seats(events, 1)
    e, *_rest = seats(events, 2)
    old = reports.report("cup", codes[a], win_for(b))
    assert old.seats == (a, b, c, d)
    reports.confirm("cup", codes[b], old.id)
    _swap(events, d, e)
    assert sorted(seats(events, 1)) == sorted((a, b, c, e))
    assert reports.reports("cup", open_only=True) == []
    for who in (c, e):  # still at table 1: told to report again, nothing stored
        with pytest.raises(Conflict, match="moved players") as refused:
            reports.confirm("cup", codes[who], old.id)
        assert refused.value.code == "report.stale"
    with pytest.raises(Forbidden):  # d sits at table 2 now
        reports.confirm("cup", codes[d], old.id)
    with pytest.raises(Conflict, match="moved to or from table 1"):
        reports.decide("cup", old.id, True, "judge")
    before = len(events.log("cup"))
    # the new table's reports start afresh (the old one is set aside, not a conflict)
    first = reports.report("cup", codes[e], win_for(e))
    assert first.status == PENDING and first.seats == tuple(seats(events, 1))
    for pid in (a, b, c):
        last = reports.report("cup", codes[pid], win_for(e))
    assert last.id == first.id and last.status == ACCEPTED
    assert len(events.log("cup")) == before + 1
    assert events.load("cup").state.current_round.results[1].of(e).won
    left = next(r for r in reports.reports("cup") if r.id == old.id)
    assert (left.status, left.decided_by) == ("rejected", "edit")
    assert "players of table 1 changed" in left.note


def test_a_new_turn_order_keeps_the_report(setup) -> None:
    """Rule CMD-4b's turn-order correction seats the same players: their report still
    counts."""
    events, reports = setup
    codes = reports.codes("cup")
    a, b, c, d = seats(events, 1)
    report = reports.report("cup", codes[a], win_for(b))
    names = events.load("cup").state.players
    from podium.core.commands import Caller
    from podium.service.catalog import Invocation

    events.execute(Invocation("commander.seats", "cup", {
        "table": "1", "order": ",".join(names[p].name for p in (d, c, b, a)),
        "reason": "wrong order"}), Caller.cli("org"))
    assert seats(events, 1) == (d, c, b, a)
    assert [r.id for r in reports.reports("cup", open_only=True)] == [report.id]
    for pid in (b, c):
        reports.confirm("cup", codes[pid], report.id)
    assert reports.confirm("cup", codes[d], report.id).status == ACCEPTED
