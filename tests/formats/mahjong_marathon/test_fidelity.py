"""What organisers found surprising in the marathon, fixed as regulation MJ reads (rules MJ-1,
MJ-3, MJ-6, MJ-7a), each with a hand-worked regression test."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from podium.core.errors import InvalidInput
from podium.formats.mahjong_marathon.book import id_order
from podium.formats.mahjong_marathon.commands import MarathonService
from podium.formats.mahjong_marathon.files import read_csv
from podium.formats.mahjong_marathon.rules import book_of
from podium.store.db import Database

HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"


@pytest.fixture
def service(tmp_path: Path) -> MarathonService:
    svc = MarathonService(Database(str(tmp_path / "mj.db")))
    svc.create_event("mj", "MJ", "mahjong-marathon", {}, "judge", seed=1)
    return svc


def csv(*rows: str) -> bytes:
    return (HEADER + "".join(row + "\n" for row in rows)).encode()


def test_mj7a_games_in_the_same_second_go_by_id_numeric_ids_numerically(service):
    """Rule MJ-7a (a player's own chronological order) and docs/marathon.md: games that start
    in the same second go by game id, numeric ids numerically (9 before 10), whatever order
    the file lists them in; a file's sub-second times are kept and decide first."""
    assert sorted(["10", "9", "a", "100"], key=id_order) == ["9", "10", "100", "a"]
    rows = [f"{gid},RU-Marathon-1,2015-03-01T12:00:00+00:00,A,10,B,0,C,0,D,-10"
            for gid in ("10", "9", "100")]
    rows.append("x,RU-Marathon-1,2015-03-01T12:00:00.5+00:00,A,10,B,0,C,0,D,-10")
    rows.append("y,RU-Marathon-1,2015-03-01T12:00:00.25+00:00,A,10,B,0,C,0,D,-10")
    service.ingest("mj", read_csv(csv(*rows), "America/Los_Angeles"), "judge")
    book = book_of(service.load("mj").state)
    order = [book.games.ids[i] for i in book.chronological()]
    assert order == ["9", "10", "100", "y", "x"]
    assert int(book.games.usec[book.games.index["y"]]) == 250_000


def test_mj6_penalty_amounts_are_bounded(service):
    """Rule MJ-6 with custom amounts: before, two penalties of 1,500,000,000 GP wrapped around
    the 32-bit column to +1,294,967,376 and one of 2^31 raised an OverflowError. Now an amount
    beyond the GP limit is refused, naming the field."""
    service.change_settings("mj", {"custom_penalties": "yes"}, "judge")
    service.ingest("mj", read_csv(csv("g1,RU-Marathon-1,2015-03-01T12:00:00+00:00,"
                                      "A,10,B,0,C,0,D,-10"), "America/Los_Angeles"), "judge")
    for amount in (1_500_000_000, 2**31, 10**30):
        with pytest.raises(InvalidInput, match=r"beyond the limit|must be at most") as refused:
            service.penalty("mj", "6a", "A", amount, "x", "judge", game="g1")
        assert refused.value.field == "amount"
    service.penalty("mj", "6a", "A", 600_000, "x", "judge", game="g1")
    with pytest.raises(InvalidInput, match="would pass the GP limit"):
        service.penalty("mj", "6a", "A", 600_000, "x", "judge", game="g1")


def test_a_players_disqualification_is_in_moscow_time_by_default(service):
    """Rule MJ-2: the organiser's times are in the decision zone (Moscow), as the stage
    calendar; before, `disqualify player --from` took UTC."""
    service.ingest("mj", read_csv(csv("g1,RU-Marathon-1,2015-03-01T12:00:00+00:00,"
                                      "A,10,B,0,C,0,D,-10"), "America/Los_Angeles"), "judge")
    service.disqualify_player("mj", "A", "2015-05-01", None, None, "cheating", "judge")
    decision = next(iter(book_of(service.load("mj").state).decisions.values()))
    assert decision.payload["from"] == int(datetime(2015, 4, 30, 21, 0, tzinfo=UTC).timestamp())


def test_nicknames_that_differ_only_in_case_are_two_players_by_default(service):
    """Rule MJ-3: the server's accounts are case-sensitive, so "Anna" and "anna" are two
    players (setting case_sensitive_names). Before, they were merged, and a game seating both
    made the whole import fail."""
    data = csv("g1,RU-Marathon-1,2015-03-01T12:00:00+00:00,Anna,10,anna,0,C,0,D,-10",
               "g2,RU-Marathon-1,2015-03-01T13:00:00+00:00,Anna,10,B,0,C,0,D,-10")
    summary = service.ingest("mj", read_csv(data, "America/Los_Angeles"), "judge")
    assert summary.added == 2 and summary.new_players == 5


def test_with_names_compared_without_case_such_a_game_is_skipped_not_the_file(tmp_path):
    svc = MarathonService(Database(str(tmp_path / "ci.db")))
    svc.create_event("mj", "MJ", "mahjong-marathon", {"case_sensitive_names": "no"}, "judge")
    data = csv("g1,RU-Marathon-1,2015-03-01T12:00:00+00:00,Anna,10,anna,0,C,0,D,-10",
               "g2,RU-Marathon-1,2015-03-01T13:00:00+00:00,ANNA,10,B,0,C,0,D,-10")
    summary = svc.ingest("mj", read_csv(data, "America/Los_Angeles"), "judge")
    assert summary.added == 1 and summary.case_merged == ["g1"]
    state = svc.load("mj").state
    assert state.player_by_name("anna") is state.player_by_name("Anna")
