"""Issue 22: a marathon import is read as a stream. A file past the server's limit of games is
refused at the first game past it, the rest of the file never read, nothing stored; the memory
an import takes follows the games it reads, not the file. No test here depends on speed."""

from __future__ import annotations

import io
import json
import tracemalloc
from collections.abc import Iterator

import pytest

from podium.core.errors import InvalidInput
from podium.formats.mahjong_marathon import codes
from podium.formats.mahjong_marathon.commands import ImportGames
from podium.formats.mahjong_marathon.declared import SERVER_GAMES
from podium.formats.mahjong_marathon.files import CHUNK, read_games

SLUG = "mj"
ACTOR = "judge"
HEADER = b"game_id,table,start,player1,gp1,player2,gp2,player3,gp3,player4,gp4\n"


def row(k: int) -> bytes:
    """Game ``k``: four of 400 players at a marathon table, inside stage 1 (rule MJ-1)."""
    names = [f"Player{(k * 7 + s * 101) % 400:03d}" for s in range(4)]
    if len(set(names)) < 4:
        names = [f"Player{(k + s) % 400:03d}" for s in range(4)]
    gp = (40, 20, 0, -60)
    seats = ",".join(f"{n},{g}" for n, g in zip(names, gp, strict=True))
    return (f"g{k},RU-Marathon-{k % 9 + 1},2015-02-{10 + k % 18:02d}T{k % 24:02d}:"
            f"{k % 60:02d}:00Z,{seats}\n").encode()


class CountingFile(io.RawIOBase):
    """A file of ``games`` rows made as it is read (never held whole), counting the bytes read."""

    def __init__(self, games: int) -> None:
        super().__init__()
        self.rows = self._rows(games)
        self.buffer = b""
        self.read_bytes = 0
        self.size = len(HEADER) + sum(len(row(k)) for k in range(1, games + 1))

    @staticmethod
    def _rows(games: int) -> Iterator[bytes]:
        yield HEADER
        for k in range(1, games + 1):
            yield row(k)

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        want = size if size is not None and size >= 0 else 1 << 62
        while len(self.buffer) < want:
            chunk = next(self.rows, b"")
            if not chunk:
                break
            self.buffer += chunk
        out, self.buffer = self.buffer[:want], self.buffer[want:]
        self.read_bytes += len(out)
        return out


def test_refused_at_the_game_past_the_limit_before_the_rest_is_read(service):
    """A server import of 60,000 games stops at game 20,001: the file is read up to that row
    (and one chunk of read-ahead), the refusal names the limit, nothing is stored."""
    stored = len(service.log(SLUG))
    big = CountingFile(3 * SERVER_GAMES)
    with pytest.raises(InvalidInput) as refused:
        service.run_command(ImportGames(SLUG, big, "big.csv", max_games=SERVER_GAMES), ACTOR)
    assert refused.value.code == codes.FILE_TOO_MANY and refused.value.field == "file"
    assert refused.value.params["count"] == SERVER_GAMES
    through_limit = len(HEADER) + sum(len(row(k)) for k in range(1, SERVER_GAMES + 2))
    assert big.read_bytes <= through_limit + 2 * CHUNK < big.size / 2
    assert len(service.log(SLUG)) == stored  # one unit of work: nothing half-written
    assert service.load(SLUG).state.players == {}


def test_the_limit_itself_is_taken(service):
    """Exactly the limit's number of games is one import (a file of 20,000 games)."""
    summary = service.run_command(ImportGames(SLUG, CountingFile(SERVER_GAMES), "year.csv",
                                          max_games=SERVER_GAMES), ACTOR).value
    assert summary.read == summary.added == SERVER_GAMES


def test_memory_of_a_refused_import_follows_the_rows_read_not_the_file():
    """tracemalloc's peak for a refused 20,001-row read stays under a generous bound per row
    read (a game is some hundred bytes of objects), while the file is ten times larger."""
    file = CountingFile(10 * SERVER_GAMES)
    tracemalloc.start()
    try:
        with pytest.raises(InvalidInput):
            read_games(file, "big.csv", "America/Los_Angeles", max_games=SERVER_GAMES)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 5_000 * (SERVER_GAMES + 1)  # bytes per row read, far from the file's size
    assert peak < file.size  # less than the whole file's bytes


def test_json_is_read_game_by_game():
    """A JSON file's games are refused past the limit too, and a ``zone`` after the games it
    would place is refused rather than ignored (rule MJ-2)."""
    games = [{"id": f"g{k}", "table": "RU-Marathon-1", "start": "2015-02-10 12:00",
              "players": [{"name": f"P{k}-{s}", "gp": 0} for s in range(4)]} for k in range(5)]
    data = json.dumps({"zone": "UTC", "games": games}).encode()
    assert len(read_games(data, "g.json", "America/Los_Angeles")) == 5
    with pytest.raises(InvalidInput) as refused:
        read_games(data, "g.json", "America/Los_Angeles", max_games=4)
    assert refused.value.code == codes.FILE_TOO_MANY
    late = json.dumps({"games": games, "zone": "Asia/Tokyo"}).encode()
    with pytest.raises(InvalidInput, match="zone"):
        read_games(late, "g.json", "America/Los_Angeles", zone="UTC")


@pytest.mark.parametrize(("data", "expected"), [
    (HEADER + "g1,RU-Marathon-1,2015-02-10T12:00:00Z,Анна,1,B,0,C,0,D,-1\n".encode(), "Анна"),
    (HEADER + "g1,RU-Marathon-1,2015-02-10T12:00:00Z,Анна,1,B,0,C,0,D,-1\n".encode("cp1251"),
     "Анна"),
    (b"\xef\xbb\xbf" + HEADER + "g1,RU-Marathon-1,2015-02-10T12:00:00Z,Анна,1,B,0,C,0,D,-1\n"
     .encode(), "Анна"),
])
def test_encodings_across_chunks(data: bytes, expected: str):
    """UTF-8 (with or without a BOM) and Windows-1251, also when the first non-ASCII byte comes
    after many chunks of ASCII rows (the decision is made where the file shows it)."""
    padding = b"".join(row(k) for k in range(1, 3000))  # about 3 chunks of ASCII first
    head, game = data.rsplit(b"\n", 2)[0], data.rsplit(b"\n", 2)[1]
    head = head[: head.index(b"\n") + 1] if b"\n" in head else head + b"\n"
    records = read_games(io.BytesIO(head + padding + game + b"\n"), "g.csv",
                         "America/Los_Angeles")
    assert records[-1].names[0] == expected and len(records) == 3000


def test_utf8_then_a_bad_byte_is_refused_with_its_place():
    """Bytes that are neither UTF-8 (after UTF-8 text) nor text: refused naming the byte."""
    good = HEADER + "g1,RU-Marathon-1,2015-02-10T12:00:00Z,Анна,1,B,0,C,0,D,-1\n".encode()
    with pytest.raises(InvalidInput) as refused:
        read_games(good + b"g2,\xff\xfe", "g.csv", "UTC")
    assert refused.value.code == codes.FILE_ENCODING
    assert refused.value.params["start"] == len(good) + 4
