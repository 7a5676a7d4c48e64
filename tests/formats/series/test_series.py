"""A series of events (core capability ``series``): members in order in the series' own log,
and the ledger across them from each member format's ``series_points``."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from podium.core.errors import Conflict, InvalidInput, NotFound
from podium.core.series import Member, history, ledger
from podium.service.commands import AddPlayers
from podium.service.events import EventService
from podium.service.series import AddMember, RemoveMember, series_ledger
from podium.store.db import Database

A, B, C = (Member(slug, slug.upper(), n) for n, slug in enumerate(("a", "b", "c"), start=1))


def test_ledger_sums_every_member_and_keeps_who_was_absent() -> None:
    table = ledger([A, B, C], [{"Anna": 10, "Boris": 3}, {"Boris": 7}, {"Anna": 1, "Clara": 4}])
    assert [(r.player, r.points, r.total, r.played) for r in table.rows] == [
        ("Anna", [10, None, 1], 11, 2), ("Boris", [3, 7, None], 10, 2),
        ("Clara", [None, None, 4], 4, 1)]
    assert history(table, "Boris") == [(A, 3), (B, 7), (C, None)]
    assert history(table, "Nobody") == []


def test_best_n_counts_only_a_players_best_members() -> None:
    # a Commander circuit's best-N scoring: the best 2 of 3 nights
    table = ledger([A, B, C], [{"Anna": 5}, {"Anna": 9}, {"Anna": 7}], best=2)
    row = table.rows[0]
    assert row.total == 16 and row.counted == [False, True, True]


def test_ties_in_the_ledger_by_name() -> None:
    table = ledger([A], [{"boris": 5, "Anna": 5}])
    assert [r.player for r in table.rows] == ["Anna", "boris"]


@pytest.fixture
def service(tmp_path: Path) -> EventService:
    clock = iter(datetime(2025, 1, 1, h, tzinfo=UTC) for h in range(24))
    svc = EventService(Database(str(tmp_path / "series.db")), clock=lambda: next(clock))
    svc.create_event("year", "A year", "series", {}, "org", 1)
    return svc


def test_members_in_order_and_removed_with_a_reason(service: EventService) -> None:
    for slug in ("night-1", "night-2"):
        service.create_event(slug, slug, "commander", {}, "org", 1)
    service.run_command(AddMember("year", "night-1", "Night 1"), "org")
    service.run_command(AddMember("year", "night-2"), "org")
    with pytest.raises(Conflict) as twice:
        service.run_command(AddMember("year", "night-1"), "org")
    assert twice.value.code == "series.twice"
    with pytest.raises(InvalidInput) as no_reason:
        service.run_command(RemoveMember("year", "night-1", " "), "org")
    assert no_reason.value.code == "reason.missing"
    service.run_command(RemoveMember("year", "night-1", "entered by mistake"), "org")
    log = service.log("year")
    assert [a.kind for a in log[1:]] == ["series.member_added", "series.member_added",
                                         "series.member_removed"]
    assert log[-1].reason == "entered by mistake"
    assert [m.event for m in series_ledger(service, "year").members] == ["night-2"]


def test_unknown_or_nested_members_are_refused(service: EventService) -> None:
    with pytest.raises(NotFound):
        service.run_command(AddMember("year", "no-such-event"), "org")
    service.create_event("other", "Other", "series", {}, "org", 1)
    with pytest.raises(Conflict) as nested:
        service.run_command(AddMember("year", "other"), "org")
    assert nested.value.code == "series.nested"
    service.create_event("plain", "Plain", "commander", {}, "org", 1)
    with pytest.raises(Conflict) as not_series:
        service.run_command(AddMember("plain", "year"), "org")
    assert not_series.value.code == "series.not_series"  # the command object run directly
    assert len(service.log("year")) == 1  # nothing stored


def test_ledger_from_a_formats_own_points(service: EventService) -> None:
    # default hook: the standings' points (a Commander night with no rounds: 0 each)
    service.create_event("night-1", "Night 1", "commander", {}, "org", 1)
    service.run_command(AddPlayers("night-1", ("Anna", "Boris")), "org")
    service.run_command(AddMember("year", "night-1"), "org")
    table = series_ledger(service, "year")
    assert {r.player: r.points for r in table.rows} == {"Anna": [0], "Boris": [0]}


def test_members_are_caught_up_with_what_another_process_stored(service: EventService,
                                                                tmp_path: Path) -> None:
    service.create_event("night-1", "Night 1", "commander", {}, "org", 1)
    service.run_command(AddMember("year", "night-1"), "org")
    assert series_ledger(service, "year").rows == []
    other = EventService(Database(str(tmp_path / "series.db")))  # another process
    other.run_command(AddPlayers("night-1", ("Anna",)), "org")
    assert [r.player for r in series_ledger(service, "year").rows] == ["Anna"]
    with pytest.raises(NotFound):
        service.load_many(["night-1", "no-such-event"])


def test_members_are_added_and_removed_on_the_command_line(tmp_path) -> None:
    """``podium series add SERIES EVENT``: the series is the command's event, the member its
    ``event`` field (two arguments that once shared one name and overwrote each other)."""
    from click.testing import CliRunner

    from podium.cli.main import cli

    db = str(tmp_path / "s.db")

    def run(*args: str) -> str:
        result = CliRunner().invoke(cli, ["--db", db, *args])
        assert result.exit_code == 0, result.output
        return result.output

    run("event", "create", "year", "--format", "series")
    run("event", "create", "night1", "--seed", "1")
    assert "night1 added as Night 1." in run("series", "add", "year", "night1", "--label",
                                             "Night 1")
    assert "SERIES EVENT" in run("series", "add", "--help")
    run("series", "remove", "year", "night1", "--reason", "a test event")
    service = EventService(Database(db))
    assert [a.kind for a in service.log("year")][1:] == ["series.member_added",
                                                         "series.member_removed"]
