"""Marathon use cases on SQLite: idempotent import, bad input refused with nothing stored,
decisions with reasons, reverts, publications, and the incremental refresh."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from podium.core.commands import API, JSON, Caller
from podium.core.errors import Conflict, InvalidInput, NotFound, PodiumError
from podium.formats.mahjong_marathon.commands import MarathonService
from podium.formats.mahjong_marathon.demo import generate_year, records
from podium.formats.mahjong_marathon.files import write_csv
from podium.formats.mahjong_marathon.rules import book_of
from podium.formats.mahjong_marathon.views import snapshot
from podium.service.catalog import Invocation
from podium.service.exports import to_csv, to_html

SLUG = "mj"
ACTOR = "judge"
HEADER = "game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"


def csv_bytes(*lines: str) -> bytes:
    return (HEADER + "\n".join(lines) + "\n").encode()


GAMES = [
    "g1,RU-Marathon-1,2015-02-10T12:00:00Z,Anna,40,Boris,20,Clara,0,Dmitri,-60",
    "g2,RU-Marathon-2,2015-02-10T14:00:00Z,Anna,10,Boris,10,Clara,10,Dmitri,-30",
    "g3,Friendly,2015-02-10T15:00:00Z,Anna,10,Boris,10,Clara,10,Dmitri,-30",
]


def log_size(service: MarathonService) -> int:
    return len(service.log(SLUG))


def test_csv_import_counts_skipped_tables_and_registers_players(service):
    """Rule MJ-3: only RU-Marathon-N tables count; the others are skipped and counted."""
    summary = service.import_file(SLUG, csv_bytes(*GAMES), "games.csv", ACTOR)
    assert (summary.read, summary.added, summary.other_tables, summary.new_players) == (3, 2, 1, 4)
    _state, views = service.tables(SLUG)
    anna = {row["player"]: row for row in views[0].rows}["Anna"]
    assert (anna["games"], anna["tp"]) == (2, 4 + Fraction(7, 3))  # rule MJ-4 tie of three


def test_import_is_idempotent_and_overlaps_count_once(service):
    service.import_file(SLUG, csv_bytes(*GAMES[:1]), "a.csv", ACTOR)
    size = log_size(service)
    again = service.import_file(SLUG, csv_bytes(*GAMES[:1]), "a.csv", ACTOR)
    assert (again.added, again.duplicates) == (0, 1)
    assert log_size(service) == size  # nothing to store, nothing stored
    overlap = service.import_file(SLUG, csv_bytes(*GAMES), "b.csv", ACTOR)
    assert (overlap.added, overlap.duplicates, overlap.other_tables) == (1, 1, 1)
    assert book_of(service.load(SLUG).state).games.n == 2


def test_a_changed_game_with_the_same_id_is_reported_not_applied(service):
    service.import_file(SLUG, csv_bytes(GAMES[0]), "a.csv", ACTOR)
    changed = GAMES[0].replace("Clara,0,Dmitri,-60", "Clara,-60,Dmitri,0")
    summary = service.import_file(SLUG, csv_bytes(changed), "b.csv", ACTOR)
    assert summary.changed == ["g1"] and summary.added == 0
    rows = {r["player"]: r for r in service.tables(SLUG)[1][0].rows}
    assert rows["Clara"]["gp"] == 0
    with pytest.raises(Conflict, match="different data"):
        service.add_game(SLUG, "g1", "RU-Marathon-1", "2015-02-10T12:00:00Z", None,
                         [("Anna", 40), ("Boris", 20), ("Clara", -60), ("Dmitri", 0)], ACTOR)


def test_json_import_with_a_declared_zone(service):
    """Rule MJ-2: times without an offset take the file's zone (here San Diego)."""
    doc = {"zone": "America/Los_Angeles", "games": [{
        "id": "j1", "table": "RU-Marathon-3", "start": "2015-03-31 14:00",
        "players": [{"name": "Anna", "gp": 40}, {"name": "Boris", "gp": 20},
                    {"name": "Clara", "gp": 0}, {"name": "Dmitri", "gp": -60}]}]}
    service.import_file(SLUG, json.dumps(doc).encode(), "g.json", ACTOR)
    _state, views = service.tables(SLUG)
    # 14:00 PDT on 31 March is 00:00 on 1 April in Moscow: stage 2
    assert not views[0].rows and len(views[1].rows) == 4


def test_server_zone_and_the_stage_boundary_at_moscow_midnight(service):
    """Rule MJ-2: 13:59 and 14:00 San Diego time on 31 March 2015 are either side of Moscow
    midnight: stages 1 and 2."""
    data = csv_bytes(
        "b1,RU-Marathon-1,2015-03-31 13:59,Anna,40,Boris,20,Clara,0,Dmitri,-60",
        "b2,RU-Marathon-1,2015-03-31 14:00,Anna,40,Boris,20,Clara,0,Dmitri,-60",
    )
    service.import_file(SLUG, data, "g.csv", ACTOR, zone="server")
    views = service.tables(SLUG)[1]
    assert [len(views[0].rows), len(views[1].rows)] == [4, 4]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("x,RU-Marathon-1,2015-02-10T12:00Z,A,1,,,,,,", "1 players"),
        ("x,RU-Marathon-1,2015-02-10T12:00Z,A,1,B,2,A,3,D,4", "sits twice"),
        ("x,RU-Marathon-1,2015-02-10T12:00Z,A,1,B,lots,C,3,D,4", "not a number"),
        ("x,RU-Marathon-1,2015-02-10 12:00,A,1,B,2,C,3,D,4", "no time zone"),
        ("x,RU-Marathon-1,yesterday,A,1,B,2,C,3,D,4", "not a date"),
    ],
)
def test_bad_files_are_refused_with_nothing_stored(service, line, message):
    header = HEADER.rstrip("\n") + (",player5,gp5\n" if "E,5" in line else "\n")
    data = (header + GAMES[0] + "\n" + line + "\n").encode()
    size = log_size(service)
    with pytest.raises(InvalidInput, match=message) as error:
        service.import_file(SLUG, data, "bad.csv", ACTOR)
    assert "line 3" in str(error.value)
    assert log_size(service) == size


def test_a_server_logs_other_games_are_skipped_and_counted_not_refused(service):
    """Rule MJ-3: a game of 4 players with whole GP counts. A server's log also holds 3- and
    5-player games and games scored in tenths: the file is not refused for them; each is
    skipped and counted, as games at other tables are, and the rest is imported."""
    header = HEADER.rstrip("\n") + ",player5,gp5\n"
    lines = [
        "t1,RU-Marathon-1,2015-02-10T12:00Z,Anna,30,Boris,0,Clara,-30,,,,",
        "t2,RU-Marathon-1,2015-02-10T13:00Z,Anna,1,Boris,2,Clara,3,Dmitri,4,Egor,-10",
        "t3,RU-Marathon-1,2015-02-10T14:00Z,Anna,1.5,Boris,-1.5,Clara,0,Dmitri,0,,",
        "t4,RU-Marathon-1,2015-02-10T15:00Z,Anna,40,Boris,20,Clara,0,Dmitri,-60,,",
    ]
    data = (header + "\n".join(lines) + "\n").encode()
    summary = service.import_file(SLUG, data, "lobby.csv", ACTOR)
    assert (summary.read, summary.added, summary.other_sizes, summary.fractional) == (4, 1, 2, 1)
    again = service.import_file(SLUG, data, "lobby.csv", ACTOR)  # idempotent
    assert (again.added, again.duplicates, again.other_sizes, again.fractional) == (0, 1, 2, 1)


def test_anonymous_guests_count_for_the_others_and_are_never_ranked(service):
    """Rule MJ-3 with the server's anonymous guests (``guest_names``, default NoName): each
    guest is a different person, so two at one table are allowed; their seats count for the
    other players' places (Anna 4 TP, Boris 2 TP, Clara 0 TP) and no guest is ranked."""
    data = csv_bytes(
        "n1,RU-Marathon-1,2015-02-10T12:00Z,Anna,50,NoName,20,Boris,10,Clara,-80",
        "n2,RU-Marathon-1,2015-02-11T12:00Z,NoName,50,NoName,20,Boris,10,Clara,-80",
    )
    summary = service.import_file(SLUG, data, "guests.csv", ACTOR)
    assert (summary.added, summary.guest_seats, summary.new_players) == (2, 3, 3)
    state = service.load(SLUG).state
    assert state.player_by_name("NoName") is None
    stage = service.tables(SLUG)[1][0]
    names = [row["player"].text if hasattr(row["player"], "text") else str(row["player"])
             for row in stage.rows]
    assert sorted(names) == ["Anna", "Boris", "Clara"]
    again = service.import_file(SLUG, data, "guests.csv", ACTOR)
    assert (again.added, again.duplicates, again.changed) == (0, 2, [])


def test_bad_json_is_refused_with_nothing_stored(service):
    size = log_size(service)
    for data in (b"{", b'{"games": 3}', json.dumps([{"id": "a", "table": "RU-Marathon-1",
                 "start": "2015-02-10T12:00Z", "players": [{"name": "A", "gp": 1}]}]).encode()):
        with pytest.raises(InvalidInput):
            service.import_file(SLUG, data, "bad.json", ACTOR)
    assert log_size(service) == size


def test_decisions_refuse_bad_input_with_nothing_stored(service):
    service.import_file(SLUG, csv_bytes(GAMES[0]), "a.csv", ACTOR)
    size = log_size(service)
    bad = [
        (lambda: service.penalty(SLUG, "6c", "Anna", 2, "late", ACTOR, stage=9), NotFound),
        (lambda: service.penalty(SLUG, "6a", "Anna", 15, "slow", ACTOR, game="g1"),
         InvalidInput),
        (lambda: service.penalty(SLUG, "6a", "Anna", 5, "slow", ACTOR), InvalidInput),
        (lambda: service.penalty(SLUG, "6b", "Anna", 50, "", ACTOR, stage=1), InvalidInput),
        (lambda: service.penalty(SLUG, "6x", "Anna", 5, "x", ACTOR), InvalidInput),
        (lambda: service.disqualify_game(SLUG, "zz", "left", "x", ACTOR), NotFound),
        (lambda: service.disqualify_player(SLUG, "Nobody", "2015-02-01", None, "UTC", "x",
                                           ACTOR), InvalidInput),
        (lambda: service.revert(SLUG, 99, "x", ACTOR), NotFound),
    ]
    for call, error in bad:
        with pytest.raises(error):
            call()
    assert log_size(service) == size


def test_decisions_are_logged_with_reason_and_revertible(service):
    """Rules MJ-5, MJ-6: every decision is an action with actor and reason; a revert too."""
    service.import_file(SLUG, csv_bytes(GAMES[0]), "a.csv", ACTOR)
    seq = service.penalty(SLUG, "6a", "Anna", 20, "slow play", ACTOR, game="g1")
    rows = {r["player"]: r for r in service.tables(SLUG)[1][0].rows}
    # Anna 40 - 20 = 20 ties Boris 20 for 1st-2nd: both 3 TP (rule MJ-6a)
    assert (rows["Anna"]["tp"], rows["Boris"]["tp"]) == (3, 3)
    service.revert(SLUG, seq, "appeal upheld", ACTOR)
    log = service.log(SLUG)
    assert (log[-2].kind, log[-2].reason, log[-2].actor) == ("mahjong.penalty", "slow play", ACTOR)
    assert (log[-1].kind, log[-1].payload, log[-1].reason) == (
        "mahjong.reverted", {"seq": seq}, "appeal upheld")
    rows = {r["player"]: r for r in service.tables(SLUG)[1][0].rows}
    assert (rows["Anna"]["tp"], rows["Boris"]["tp"]) == (4, 2)


def test_publish_freezes_and_exports_in_two_languages(service):
    """Rule MJ-11."""
    service.import_file(SLUG, csv_bytes(GAMES[0]), "a.csv", ACTOR)
    service.publish(SLUG, ACTOR)
    service.import_file(SLUG, csv_bytes(
        "g9,RU-Marathon-1,2015-02-11T12:00:00Z,Dmitri,40,Clara,20,Boris,0,Anna,-60"),
        "b.csv", ACTOR)
    state, number, views = service.publish(SLUG, ACTOR, "weekly")
    assert number == 2
    text = to_csv(views[0], "ru")
    header, *lines = text.splitlines()
    assert header.startswith("№,∆,Игрок,Результат,ТО,ИО,∆ ИО,Игр,∆ Игр,НР")
    dmitri = next(line for line in lines if ",Dmitri," in line)
    # Dmitri: 4th -> shared 1st: up 3; GP -60 + 40 = -20 (+40); 2 games (+1)
    assert dmitri.startswith("1,↑ 3,Dmitri,0.400,4,-20,(+40),2,(+1),")
    assert to_csv(views[0], "en").startswith("#,±,Player,Result,TP,GP,GP ±,Games,Games ±,NR")
    page = to_html(views[-1], state.name, "ru")
    assert "<table>" in page and "Итоги марафона" in page and "http" not in page
    _state, frozen = service.tables(SLUG, publication=1)
    assert {r["player"]: r["games"] for r in frozen[0].rows}["Dmitri"] == 1
    with pytest.raises(NotFound):
        service.tables(SLUG, publication=3)


def test_manual_entry_is_strict(service):
    with pytest.raises(InvalidInput, match="does not count"):
        service.add_game(SLUG, "m1", "Lobby-2", "2015-02-10 10:00", "server",
                         [("A", 1), ("B", 2), ("C", 3), ("D", 4)], ACTOR)
    with pytest.raises(InvalidInput, match="outside every stage"):
        service.add_game(SLUG, "m1", "RU-Marathon-1", "2015-12-10 10:00", "server",
                         [("A", 1), ("B", 2), ("C", 3), ("D", 4)], ACTOR)
    service.add_game(SLUG, "m1", "RU-Marathon-1", "2015-02-10 10:00", "server",
                     [("A", 1), ("B", 2), ("C", 3), ("D", 4)], ACTOR)
    assert book_of(service.load(SLUG).state).games.n == 1


def test_a_commander_event_is_not_a_marathon(service):
    """The catalog refuses a marathon command on another format's event (one place, the code
    ``format.other``); the marathon's reads refuse it too, with their own code."""
    service.create_event("cmd", "Cup", "commander", {}, ACTOR, seed=1)
    size = len(service.log("cmd"))
    invocation = Invocation("mahjong-marathon.import-games", "cmd",
                            {"file": {"name": "a.csv", "text": csv_bytes(GAMES[0]).decode()}},
                            JSON, API)
    with pytest.raises(Conflict, match="is not for") as error:
        service.execute(invocation, Caller.cli(ACTOR))
    assert error.value.code == "format.other"
    assert len(service.log("cmd")) == size
    with pytest.raises(Conflict, match="not a mahjong marathon") as error:
        service.tables("cmd")
    assert error.value.code == "mj.not_marathon"


def test_incremental_refresh_equals_full_recompute(service):
    """Adding games one at a time to cached tables gives the same tables as a recompute."""
    state = service.load(SLUG).state
    year = generate_year(30, 400, 3, state.settings.stage_bounds)
    games = records(year, 3, 30)
    service.ingest(SLUG, games[:300], ACTOR)
    loaded = service.load(SLUG)
    book = book_of(loaded.state)
    book.total(loaded.state.settings)  # fill the caches
    from podium.core.log import Action
    from podium.core.replay import apply
    from podium.formats.mahjong_marathon.rules import GAMES_ADDED

    for record in games[300:]:
        if not record.table.startswith("RU-Marathon"):
            continue
        ids = [loaded.state.player_by_name(n).id for n in record.names]
        action = Action(loaded.state.last_seq + 1, GAMES_ADDED, ACTOR, service.log(SLUG)[0].at, {
            "ids": [record.game_id], "tables": [record.table], "table": [0],
            "start": [record.start], "players": ids, "gp": list(record.gp)})
        apply(loaded.state, action, loaded.ruleset)
        book.stage(loaded.state.settings, 1)  # read between additions: the cached path
    incremental = snapshot(book, loaded.state.settings)
    assert book._overlay  # the cached path was taken
    book.invalidate()
    assert snapshot(book, loaded.state.settings) == incremental


def test_write_csv_round_trips(service):
    state = service.load(SLUG).state
    year = generate_year(12, 50, 5, state.settings.stage_bounds)
    games = records(year, 5, 12)
    data = write_csv(games, "America/Los_Angeles").encode()
    summary = service.import_file(SLUG, data, "year.csv", ACTOR)
    assert summary.added + summary.other_tables == 50
    with pytest.raises(PodiumError):
        service.tables(SLUG, publication=1)


def test_a_real_lobby_log_imports_without_refusing_the_file(service, external_dir):
    """92 real games of a public lobby log (Tenhou result lines, converted): 3- and 4-player
    games, anonymous guests (NoName), games scored in tenths. With ``table_pattern=.+`` the
    file is read whole: the 4-player games with whole points count, the rest is skipped and
    counted, and no guest is ranked (rule MJ-3)."""
    path = external_dir / "tenhou_lobby_logs" / "converted" / "all_games.csv"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    slug = "lobby"
    service.create_event(slug, "Lobby", "mahjong-marathon",
                         {"table_pattern": ".+", "stages": "2012-01-01..2018-12-31"}, ACTOR)
    summary = service.import_file(slug, path.read_bytes(), path.name, ACTOR)
    # report.txt beside the file: 54 four-player games (8 of them in tenths), 38 three-player
    assert (summary.read, summary.other_sizes, summary.fractional) == (92, 38, 8)
    assert summary.added == 46 and summary.guest_seats >= 1
    stage = service.tables(slug)[1][0]
    assert stage.rows and all("NoName" not in str(row["player"]) for row in stage.rows)
