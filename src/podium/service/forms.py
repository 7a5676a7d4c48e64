"""Turning what a person typed (names, lists) into the id-based entries the log stores."""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from podium.core import codes
from podium.core.errors import InvalidInput
from podium.core.model import EventState, Player
from podium.core.text import has_control, visible

MAX_NAME = 80


def resolve_player(state: EventState, ref: str, field: str = "player") -> Player:
    """A player by name (case-insensitive) or by ``#id``."""
    text = ref.strip()
    if text.startswith("#") and text[1:].isdigit():
        player = state.players.get(int(text[1:]))
        if player is None:
            raise InvalidInput("no player %(ref)s in this event", code=codes.PLAYER_UNKNOWN,
                               field=field, ref=text)
        return player
    player = state.player_by_name(text)
    if player is None:
        raise InvalidInput("no player named %(name)r in this event", code=codes.PLAYER_UNKNOWN,
                           field=field, name=text)
    return player


def clean_name(raw: str, where: str = "") -> str:
    """A player's name as stored (:func:`podium.core.text.clean_name`: NFC, whitespace
    collapsed, no control characters, something visible, at most 80 characters)."""
    prefix = f"{where}: " if where else ""
    if has_control(str(raw)):
        raise InvalidInput(prefix + "the name %(start)r holds a control character (such as NUL "
                           "or an escape)", code=codes.TEXT_CONTROL, field="name",
                           start=str(raw)[:20])
    name = " ".join(unicodedata.normalize("NFC", str(raw)).split())
    if not visible(name):
        raise InvalidInput(prefix + "a player name is empty", code=codes.PLAYER_NAME, field="name")
    if len(name) > MAX_NAME:
        raise InvalidInput(prefix + "the name %(start)r... is longer than %(limit)s characters",
                           code=codes.PLAYER_NAME, field="name", start=name[:20], limit=MAX_NAME)
    if name.startswith("#"):
        raise InvalidInput(prefix + "a name must not start with '#' (that marks a player id)",
                           code=codes.PLAYER_NAME, field="name")
    return name


@dataclass
class PodResult:
    """A Commander pod's result as typed: names, first eliminated first.

    ``winner`` is a list so that two winners can be named, and refused with a clear message.
    """

    winner: Sequence[str] = ()
    eliminated: Sequence[str] = ()
    draw: bool = False
    survivors: Sequence[str] = ()
    simultaneous: bool = False
    game_losses: Sequence[tuple[str, str]] = field(default_factory=tuple)

    def to_entry(self, state: EventState) -> dict[str, Any]:
        def ids(names: Sequence[str]) -> list[int]:
            return [resolve_player(state, name).id for name in names]

        def item(text: str) -> int | list[int]:
            """``Vera+Gleb``: eliminated at the same moment (one item of the order)."""
            group = ids([part for part in text.split("+") if part.strip()])
            return group[0] if len(group) == 1 else group

        winners = ids(self.winner)
        return {
            "winner": winners if len(winners) > 1 else (winners[0] if winners else None),
            "draw": self.draw,
            "eliminated": [item(text) for text in self.eliminated],
            "survivors": ids(self.survivors),
            "simultaneous": self.simultaneous,
            "game_losses": [
                {"player": resolve_player(state, name).id, "reason": reason}
                for name, reason in self.game_losses
            ],
        }


def decode_text(data: bytes) -> str:
    """UTF-8 (with or without BOM), else Windows-1251, which Russian spreadsheets still export."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            return data.decode("cp1251")
        except UnicodeDecodeError:
            raise InvalidInput("the file is neither UTF-8 nor Windows-1251 text",
                               code=codes.FILE_ENCODING) from None


#: Column names of a player's group (club, family or team;), first found wins.
GROUP_COLUMNS = ("group", "club", "team", "группа", "клуб", "команда")
MAX_GROUP = 80


def player_names_from_csv(data: bytes) -> list[str]:
    """Names from a CSV with a ``name`` column (other columns are ignored)."""
    return [name for name, _group in players_from_csv(data)]


def players_from_csv(data: bytes) -> list[tuple[str, str]]:
    """(name, group) pairs from a CSV with a ``name`` column and, optionally, a group column
    (``group``, ``club`` or ``team``, or in Russian ``группа``, ``клуб``, ``команда``: the
    first of these found); a blank group is no group. Other columns are ignored.

    Every problem is reported with its line number, and one bad line refuses the whole file.
    """
    text = decode_text(data)
    sample = text[:2048]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    columns = [c.strip().lower() for c in reader.fieldnames or []]
    if "name" not in columns:
        raise InvalidInput(
            "the CSV needs a 'name' column; found columns: %(value)s", code=codes.CSV_COLUMN,
            value=', '.join(columns) or 'none'
        )
    reader.fieldnames = columns
    group_column = next((c for c in GROUP_COLUMNS if c in columns), None)
    players: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    for row in reader:
        line = reader.line_num  # the file's own line number, blank lines and all
        extra = [value for value in row.get(None) or [] if value.strip()]
        if extra:  # more fields than the header: likely a name split at an unquoted delimiter
            raise InvalidInput(
                "line %(line)s: more fields than the header's %(columns_count)s; quote a "
                "name that contains %(delimiter)r", code=codes.CSV_FIELDS,
                line=line, columns_count=len(columns), delimiter=dialect.delimiter
            )
        name = clean_name(row.get("name") or "", f"line {line}")
        key = name.casefold()
        if key in seen:
            raise InvalidInput(
                "line %(line)s: %(name)r is already on line %(seen)s", code=codes.PLAYER_DUPLICATE,
                line=line, name=name, seen=seen[key])
        seen[key] = line
        group = ""
        if group_column is not None:
            raw = row.get(group_column) or ""
            if has_control(raw):
                raise InvalidInput("line %(line)s: the group %(start)r holds a control character",
                                   code=codes.TEXT_CONTROL, field="group", line=line,
                                   start=raw[:20])
            group = " ".join(unicodedata.normalize("NFC", raw).split())
            if len(group) > MAX_GROUP:
                raise InvalidInput("line %(line)s: the group %(start)r... is longer than "
                                   "%(limit)s characters", code=codes.CSV_FIELDS, field="group",
                                   line=line, start=group[:20], limit=MAX_GROUP)
        players.append((name, group))
    if not players:
        raise InvalidInput("the CSV has no players", code=codes.PLAYERS_NONE)
    return players
