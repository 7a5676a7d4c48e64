"""Reading marathon games from CSV and JSON files (rule MJ-3), with clear messages.

Both formats give, per game: a game id, the table name, the start time with its zone, and the
4 players with their game points. A start time may carry its own offset (``2015-03-31T22:30
-07:00``, ``...Z``); a time without one takes the zone the file declares (the JSON ``"zone"``
key, a CSV ``zone`` column, or the importer's ``--zone`` option, where ``server`` means the
event's server time zone). A time without any zone is refused. See docs/marathon.md.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import math
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any, BinaryIO, NamedTuple
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from podium.core import jsontext
from podium.core.errors import InvalidInput
from podium.core.inputs import YEARS
from podium.core.messages import M, Message
from podium.core.views import N_
from podium.formats.mahjong_marathon import codes
from podium.service.forms import clean_name

SEATS = 4
FILE_SEATS = range(2, 8)  # a file's game of another table size is read, then skipped and counted
MAX_GP = 1_000_000
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class GameRecord:
    """One game as read from a file or typed in; ``start`` is UTC epoch seconds."""

    game_id: str
    table: str
    start: int
    names: tuple[str, ...]
    gp: tuple[int, ...]
    where: Any = ""  # its place in a file (a :class:`Place`), empty for a game typed in
    usec: int = 0  # microseconds of the start, when the file gives them
    # a file's game with game points that are not whole (``+3.7``): the regulation's server
    # scores whole points, so the import skips and counts it (its ``gp`` are zeros)
    fractional: bool = False
    # such a game's points in tenths, exact (``+3.7`` is 37), when every seat's are: what an
    # event that accepts them stores (the ``fractional_points`` setting, beyond the regulation)
    tenths: tuple[int, ...] | None = None

    def at(self) -> Message:
        """The game as a refusal names it: its place in the file and its id."""
        return _at(self.where, self.game_id)


class Place(NamedTuple):
    """A game's place in a file, kept small (a file's every game carries one; the message is
    made only for a refusal): ``line`` N of a CSV file, or game ``#`` N of a JSON file."""

    what: str
    number: int

    def message(self) -> Message:
        if self.what == "line":
            return M("line %(line)s", line=self.number)
        return M("game #%(number)s", number=self.number)


def _msg(where: Any) -> Any:
    """A place as a refusal names it (a :class:`Place` becomes its message)."""
    return where.message() if isinstance(where, Place) else where


def _at(where: Any, gid: str) -> Message:
    if not where:
        return M("game %(game)s", game=gid)
    return M("%(where)s (game %(game)s)", game=gid,
             where=where.message() if isinstance(where, Place) else where)


def resolve_zone(name: str | None, server_zone: str, field: str | None = None
                 ) -> ZoneInfo | None:
    """Rule MJ-2: a zone name, or ``server`` for the game server's zone; None when empty."""
    if name is None or not str(name).strip():
        return None
    text = str(name).strip()
    if text.lower() == "server":
        text = server_zone
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise InvalidInput(N_("%(text)r is not a time zone name (e.g. America/Los_Angeles)"),
                           code=codes.ZONE, field=field, text=text) from None


def parse_start(text: Any, zone: ZoneInfo | None, where: str) -> int:
    """A start time as UTC epoch seconds; rule MJ-2: times are converted at the edge."""
    return parse_moment(text, zone, where)[0]


def parse_moment(text: Any, zone: ZoneInfo | None, where: Any) -> tuple[int, int]:
    """A start time as UTC epoch seconds and the microseconds within the second (a server log
    may give them; they order games that start in the same second)."""
    raw = str(text if text is not None else "").strip()
    if not raw:
        raise InvalidInput(N_("%(where)s: the start time is missing"), code=codes.START,
                           where=_msg(where))
    year = re.match(r"(\d+)-", raw)
    if year and not YEARS[0] <= int(year.group(1)) <= YEARS[1]:
        raise _out_of_years(where, raw)
    try:
        moment = datetime.fromisoformat(raw.replace("Z", "+00:00").replace(" ", "T", 1))
    except ValueError:
        raise InvalidInput(N_("%(where)s: start time %(raw)r is not a date and time like "
                              "2015-03-31 22:30"), code=codes.START, where=_msg(where),
                           raw=raw) from None
    if moment.tzinfo is None:
        if zone is None:
            raise InvalidInput(N_("%(where)s: start time %(raw)r has no time zone and the file "
                                  "declares none; add an offset (e.g. -07:00) or declare the "
                                  "zone (--zone America/Los_Angeles, or --zone server)"),
                               code=codes.START_ZONE, where=_msg(where), raw=raw)
        moment = moment.replace(tzinfo=zone)
    if not YEARS[0] <= moment.year <= YEARS[1]:  # a calendar's years; year 1 cannot be placed
        raise _out_of_years(where, raw)
    return int(moment.replace(microsecond=0).timestamp()), moment.microsecond


def _out_of_years(where: Any, raw: str) -> InvalidInput:
    return InvalidInput(N_("%(where)s: start time %(raw)r: the year must be from %(first)s to "
                           "%(last)s"), code=codes.START, where=_msg(where), raw=raw[:80],
                        first=YEARS[0], last=YEARS[1])


def whole_gp(value: Any, where: str, name: str) -> int:
    if isinstance(value, bool):
        raise InvalidInput(N_("%(where)s: GP of %(name)s is %(value)r, not a number"),
                           code=codes.GP, where=where, name=name, value=value)
    if isinstance(value, int):
        return _in_range(value, where, name)
    text = str(value).strip().replace("\u2212", "-")
    try:
        return _in_range(int(text), where, name)
    except ValueError:
        pass
    try:
        number = float(text)
        if not math.isfinite(number):
            raise ValueError(text)
    except ValueError:
        raise InvalidInput(N_("%(where)s: GP of %(name)s is %(text)r, not a number"),
                           code=codes.GP, where=where, name=name, text=text) from None
    if number.is_integer():
        return _in_range(int(number), where, name)
    raise InvalidInput(N_("%(where)s: GP of %(name)s is %(text)r; game points are whole "
                          "numbers"), code=codes.GP_FRACTION, where=where, name=name, text=text)


def _in_range(value: int, where: str, name: str) -> int:
    if abs(value) > MAX_GP:
        raise InvalidInput(N_("%(where)s: GP of %(name)s is %(value)s, beyond ±%(max_gp)s"),
                           code=codes.GP, where=where, name=name, value=value, max_gp=MAX_GP)
    return value


def make_record(game_id: Any, table: Any, start: int, seats: list[tuple[Any, Any]],
                where: str | Place, usec: int = 0, guests: frozenset[str] = frozenset()
                ) -> GameRecord:
    """Rule MJ-3: exactly 4 distinct players, each with whole game points. ``where`` names
    the game's place in a file (empty for a game typed in: the refusal names the field).

    A file's game may have another table size (a server log holds 3-player games too): it is
    read so that the import skips and counts it, as it does another table's games. ``guests``
    are the names the server gives anonymous guests: two of them at one table are two people."""
    gid = str(game_id if game_id is not None else "").strip()
    place = where
    if not gid:
        raise InvalidInput(N_("%(value)s: the game id is missing"), code=codes.GAME_ID,
                           field=None if where else "id",
                           value=(where.message() if isinstance(where, Place) else where)
                           or M("the game"))
    if len(seats) != SEATS and not (place and len(seats) in FILE_SEATS):
        raise InvalidInput(N_("%(where)s: %(seats_count)s players; a marathon game has exactly "
                              "4 (rule MJ-3)"), code=codes.SEATS,
                           field=None if place else "players", where=_at(place, gid),
                           seats_count=len(seats))
    names = []
    for name, _gp in seats:
        text = " ".join(str(name if name is not None else "").split())
        if not text:
            raise InvalidInput(N_("%(where)s: a player name is missing"), code=codes.NAME,
                               field=None if place else "players", where=_at(place, gid))
        try:
            try:  # the message naming the game is made only for a refusal
                names.append(sys.intern(clean_name(text, "")))
            except InvalidInput:
                clean_name(text, _at(place, gid))
                raise
        except InvalidInput as error:  # the kernel's check of a name, at the game's seat
            error.field = None if place else f"player{len(names) + 1}"
            raise
    for k, n in enumerate(names, start=1):
        # as written: whether "anna" is "Anna" is the event's call; two guests are two people
        if names.index(n) != k - 1 and n not in guests:
            if place:  # a file's game: the line or game at fault
                raise InvalidInput(N_("%(where)s: %(name)s sits twice at the table (rule MJ-3)"),
                                   code=codes.TWICE, where=_at(place, gid), name=n)
            raise InvalidInput(N_("%(name)s sits twice at the table (rule MJ-3)"),
                               code=codes.TWICE, field=f"player{k}", name=n)
    gp = []
    fractional = False
    tenths: tuple[int, ...] | None = None
    for k, (n, (_, g)) in enumerate(zip(names, seats, strict=True), start=1):
        try:
            try:
                gp.append(whole_gp(g, "", n))
            except InvalidInput:
                whole_gp(g, _at(place, gid), n)
                raise
        except InvalidInput as error:
            if place and error.code == codes.GP_FRACTION:
                fractional = True
                gp.append(0)
                continue
            error.field = None if place else f"gp{k}"
            raise
    if fractional:
        tenths = tenths_of([g for _n, g in seats])
        gp = [0] * len(gp)
    return GameRecord(gid, sys.intern(str(table or "").strip()), start, tuple(names), tuple(gp),
                      place, usec, fractional, tenths)


def tenths_of(values: list[Any]) -> tuple[int, ...] | None:
    """Game points in tenths, exactly (``+3.7`` is 37, ``-12`` is -120), or None when one of
    them is not a whole number of tenths (``3.75``) or is beyond the limit: such a game is
    skipped and counted even where tenths are accepted."""
    out = []
    for value in values:
        try:
            number = Decimal(str(value).strip().replace("\u2212", "-")) * 10
        except InvalidOperation:
            return None
        if not number.is_finite() or number != number.to_integral_value() or abs(
                number) > MAX_GP * 10:
            return None
        out.append(int(number))
    return tuple(out)


#: Bytes read from a file at a time: a file is parsed as it is read, never held whole.
CHUNK = 1 << 16
#: The longest single game of a JSON file (a game is some hundred bytes).
MAX_JSON_GAME = 1_000_000


class TooManyGames(InvalidInput):
    """A file with more games than one import takes (refused at the first game past it)."""


def _limit(count: int, max_games: int | None) -> None:
    if max_games is not None and count > max_games:
        raise TooManyGames(N_("the file holds more than %(count)s games, the most one import "
                              "takes here; split it (importing again adds only new games) or "
                              "import it with the command line"), code=codes.FILE_TOO_MANY,
                           count=max_games)


def text_lines(stream: BinaryIO) -> Iterator[str]:
    """The file's lines, decoded chunk by chunk (rule MJ-3's files: UTF-8 with or without a BOM,
    else Windows-1251). A file read as UTF-8 that turns out not to be, where everything before
    was plain ASCII (the same in both), goes on as Windows-1251; a NUL byte (never text) or
    bytes that are neither are refused with their place."""
    decoder: codecs.IncrementalDecoder = codecs.getincrementaldecoder("utf-8-sig")()
    encoding = "utf-8"
    ascii_so_far = True
    offset = 0  # bytes given to the decoder before this chunk
    rest = ""
    while True:
        chunk = stream.read(CHUNK)
        final = not chunk
        pending = decoder.getstate()[0] if encoding == "utf-8" else b""
        try:
            text = decoder.decode(chunk, final)
        except UnicodeDecodeError as error:
            data = pending + chunk
            if encoding == "utf-8" and ascii_so_far and data[: error.start].isascii():
                decoder = codecs.getincrementaldecoder("cp1251")()
                encoding = "cp1251"
                text = _cp1251(decoder, data, final, offset - len(pending))
            else:
                raise _not_text(offset - len(pending) + error.start) from None
        if encoding == "utf-8" and ascii_so_far and not text.isascii():
            ascii_so_far = False
        if "\x00" in text:
            raise InvalidInput(N_("not a text file (it holds NUL bytes); save it as UTF-8 CSV"),
                               code=codes.FILE_ENCODING)
        offset += len(chunk)
        lines = (rest + text).split("\n")
        rest = lines.pop()
        for line in lines:
            yield line + "\n"
        if final:
            if rest:
                yield rest
            return


def _cp1251(decoder: codecs.IncrementalDecoder, data: bytes, final: bool, at: int) -> str:
    try:
        return decoder.decode(data, final)
    except UnicodeDecodeError as error:
        raise _not_text(at + error.start) from None


def _not_text(start: int) -> InvalidInput:
    return InvalidInput(N_("byte %(start)s is neither UTF-8 nor Windows-1251 text; save the "
                           "file as UTF-8 or Windows-1251"), code=codes.FILE_ENCODING,
                        start=start + 1)


def iter_csv(stream: BinaryIO, server_zone: str, zone: str | None = None,
             guests: frozenset[str] = frozenset(), max_games: int | None = None
             ) -> Iterator[GameRecord]:
    """Columns: game_id, table, start, player1, gp1, ... player4, gp4 (more playerN/gpN
    columns are allowed so that a wrong player count is reported), and an optional zone.
    Row by row as the file is read: the first game past ``max_games`` is refused there."""
    reader = csv.DictReader(text_lines(stream))
    try:
        names = reader.fieldnames
    except csv.Error as error:
        raise _unreadable(error) from None
    fields = [f.strip().lower() for f in names or []]
    reader.fieldnames = fields
    missing = [c for c in ("game_id", "table", "start") if c not in fields]
    if missing:
        raise InvalidInput(N_("the CSV file needs the columns game_id, table, start, player1, "
                              "gp1 ... player4, gp4; missing: %(missing)s"),
                           code=codes.FILE_COLUMNS, missing=", ".join(missing))
    seats = sorted(int(f[6:]) for f in fields if f.startswith("player") and f[6:].isdigit())
    declared = resolve_zone(zone, server_zone)
    count = 0
    rows = iter(reader)
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except csv.Error as error:
            raise _unreadable(error) from None
        count += 1
        _limit(count, max_games)
        where = Place("line", reader.line_num)
        row_zone = resolve_zone(row.get("zone"), server_zone) or declared
        start, usec = parse_moment(row.get("start"), row_zone, where)
        pairs = [(row.get(f"player{k}"), row.get(f"gp{k}")) for k in seats]
        pairs = [(n, g) for n, g in pairs if (n or "").strip() or (g or "").strip()]
        yield make_record(row.get("game_id"), row.get("table"), start, pairs, where, usec,
                          guests)


def _unreadable(error: csv.Error) -> InvalidInput:
    return InvalidInput(N_("not a readable CSV file (%(error)s)"), code=codes.FILE,
                        error=str(error))


def iter_json(stream: BinaryIO, server_zone: str, zone: str | None = None,
              guests: frozenset[str] = frozenset(), max_games: int | None = None
              ) -> Iterator[GameRecord]:
    """``{"zone": ..., "games": [{"id", "table", "start", "players": [{"name", "gp"}, ...]}]}``
    or just the list of games, read game by game as the file is read (:class:`_JsonGames`)."""
    doc = _JsonGames(text_lines(stream))
    declared: ZoneInfo | None = None
    declared_known = False
    count = 0
    for game_zone, game in doc.games():
        if not declared_known:  # the file's own zone ("zone" before "games"), else the caller's
            declared = resolve_zone(game_zone or zone, server_zone)
            declared_known = True
        count += 1
        _limit(count, max_games)
        yield _json_record(count, game, declared, server_zone, guests)
    if count == 0 and not doc.found:
        raise InvalidInput(N_('the JSON file needs a list of games (or {"games": [...]})'),
                           code=codes.FILE)
    if count and doc.zone and declared_known and resolve_zone(
            doc.zone, server_zone) != declared:  # read after the games it would have placed
        raise InvalidInput(N_('the JSON file gives its "zone" after its games; put "zone" '
                              'before "games"'), code=codes.FILE)


def _json_record(number: int, game: Any, declared: ZoneInfo | None, server_zone: str,
                 guests: frozenset[str]) -> GameRecord:
    where = Place("game", number)
    if not isinstance(game, dict):
        raise InvalidInput(N_("%(where)s: a game must be an object"), code=codes.FILE,
                           where=_msg(where))
    game_zone = resolve_zone(game.get("zone"), server_zone) or declared
    start, usec = parse_moment(game.get("start"), game_zone, where)
    players = game.get("players")
    if not isinstance(players, list):
        raise InvalidInput(N_("%(where)s: 'players' must be a list of {name, gp}"),
                           code=codes.FILE, where=_msg(where))
    pairs = []
    for p in players:
        if not isinstance(p, dict):
            raise InvalidInput(N_("%(where)s: each player must be an object with name and "
                                  "gp"), code=codes.FILE, where=_msg(where))
        pairs.append((p.get("name"), p.get("gp")))
    return make_record(game.get("id"), game.get("table"), start, pairs, where, usec, guests)


class _JsonGames:
    """A games file's JSON read value by value from its lines: the top level is the list of
    games, or an object whose ``games`` key holds it (its ``zone`` key, when it comes first,
    places the games' times). Each game is decoded alone (``raw_decode``), so the file is never
    held whole; anything else in the object is decoded and dropped."""

    def __init__(self, lines: Iterator[str]) -> None:
        self.lines = lines
        self.buf = ""
        self.pos = 0
        self.found = False  # a list of games was found
        self.zone: Any = None
        self.decoder = json.JSONDecoder()

    def _more(self) -> bool:
        self.buf = self.buf[self.pos:]
        self.pos = 0
        added = 0
        for line in self.lines:
            self.buf += line
            added += len(line)
            if added >= CHUNK:
                break
        return added > 0

    def _skip(self) -> str:
        """The next character that is not white space (empty at the end of the file)."""
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in " \t\r\n":
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._more():
                return ""

    def _value(self) -> Any:
        self._skip()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as error:
                if len(self.buf) - self.pos > MAX_JSON_GAME or not self._more():
                    raise _bad_json(error) from None
                continue
            except RecursionError:
                raise InvalidInput(N_("the JSON file is not valid JSON: %(error)s"),
                                   code=codes.FILE, error="too deeply nested") from None
            except ValueError:  # an integer past Python's 4,300 digits
                raise jsontext.too_long_number("file") from None
            if end == len(self.buf) and self._more():  # a number may go on in the next chunk
                continue
            self.pos = end
            return value

    def _expect(self, chars: str) -> str:
        found = self._skip()
        if not found or found not in chars:
            raise InvalidInput(N_("the JSON file is not valid JSON: %(error)s"), code=codes.FILE,
                               error=f"expected {' or '.join(chars)} at character "
                                     f"{self.pos + 1}")
        self.pos += 1
        return found

    def games(self) -> Iterator[tuple[Any, Any]]:
        """(the file's zone as known when the game is read, the game)."""
        first = self._skip()
        if first == "[":
            yield from self._list()
        elif first == "{":
            self.pos += 1
            if self._skip() == "}":
                self.pos += 1
            else:
                while True:
                    key = self._value()
                    self._expect(":")
                    if key == "games" and self._skip() == "[":
                        yield from self._list()
                    else:
                        value = self._value()
                        if key == "zone":
                            self.zone = value
                    if self._expect(",}") == "}":
                        break
        else:
            self._value()  # not a list nor an object: a clear error, or the shape's refusal
        if self._skip():
            raise InvalidInput(N_("the JSON file is not valid JSON: %(error)s"), code=codes.FILE,
                               error="extra data after the games")

    def _list(self) -> Iterator[tuple[Any, Any]]:
        self.pos += 1  # the "["
        self.found = True
        if self._skip() == "]":
            self.pos += 1
            return
        while True:
            yield self.zone, self._value()
            if self._expect(",]") == "]":
                return


def _bad_json(error: json.JSONDecodeError) -> InvalidInput:
    return InvalidInput(N_("the JSON file is not valid JSON: %(error)s"), code=codes.FILE,
                        error=error.msg)


def iter_games(source: bytes | BinaryIO, filename: str, server_zone: str,
               zone: str | None = None, guests: frozenset[str] = frozenset(),
               max_games: int | None = None) -> Iterator[GameRecord]:
    """By extension: ``.json`` is JSON, anything else CSV; game by game as read."""
    stream = io.BytesIO(source) if isinstance(source, bytes | bytearray) else source
    if filename.lower().endswith(".json"):
        return iter_json(stream, server_zone, zone, guests, max_games)
    return iter_csv(stream, server_zone, zone, guests, max_games)


def read_games(source: bytes | BinaryIO, filename: str, server_zone: str,
               zone: str | None = None, progress: Progress | None = None,
               guests: frozenset[str] = frozenset(), max_games: int | None = None
               ) -> list[GameRecord]:
    """Every game of a file, read as a stream (its memory: the games, not the file); more
    than ``max_games`` are refused at the first one past it, the rest left unread."""
    out = []
    for record in iter_games(source, filename, server_zone, zone, guests, max_games):
        out.append(record)
        if progress and len(out) % 5000 == 0:
            progress(N_("reading"), len(out), len(out))
    return out


def read_csv(data: bytes, server_zone: str, zone: str | None = None,
             progress: Progress | None = None, guests: frozenset[str] = frozenset()
             ) -> list[GameRecord]:
    return read_games(data, "games.csv", server_zone, zone, progress, guests)


def read_json(data: bytes, server_zone: str, zone: str | None = None,
              progress: Progress | None = None, guests: frozenset[str] = frozenset()
              ) -> list[GameRecord]:
    return read_games(data, "games.json", server_zone, zone, progress, guests)


def write_csv(records: Iterable[GameRecord], zone: str = "UTC") -> str:
    """The CSV import format (used by the demo and the tests)."""
    tz = ZoneInfo(zone)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game_id", "table", "start",
                     *[c for k in range(1, 5) for c in (f"player{k}", f"gp{k}")]])
    for r in records:
        start = datetime.fromtimestamp(r.start, tz).isoformat()
        writer.writerow([r.game_id, r.table, start,
                         *[c for n, g in zip(r.names, r.gp, strict=True) for c in (n, g)]])
    return out.getvalue()
