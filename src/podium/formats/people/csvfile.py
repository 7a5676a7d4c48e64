"""The register's persons as CSV, and back: what ``people.export`` writes and
``people.import`` reads.

Columns (a header row; English or Russian names, any order): ``id`` (written, not read back: a
new person gets the register's next id), ``name``, ``aliases`` (other names separated by
``;``), ``club``, ``hidden`` (yes/no). A file is taken whole or not at all: every bad row is
named by its line, and a name already in the register (a person's name or other name, up to
case, spaces and ё/е) or twice in the file is refused, never merged silently."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from podium.core.errors import InvalidInput
from podium.core.messages import M, Message
from podium.core.text import has_control
from podium.core.views import N_
from podium.formats.people import codes
from podium.formats.people.book import PeopleBook
from podium.formats.people.names import exact_key, plain

#: Each column and the header names it is known by (lowercase).
COLUMNS = {
    "id": ("id", "#", "№", "номер"),
    "name": ("name", "имя", "фио", "игрок"),
    "aliases": ("aliases", "other names", "nicknames", "другие имена", "псевдонимы", "ники"),
    "club": ("club", "клуб"),
    "hidden": ("hidden", "скрыт", "скрыто", "скрытый"),
}
YES = {"yes", "y", "true", "1", "да", "д", "+"}
NO = {"", "no", "n", "false", "0", "нет", "н", "-"}
NAME_LENGTH = 80


@dataclass(frozen=True)
class Row:
    line: int
    name: str
    aliases: tuple[str, ...]
    club: str
    hidden: bool


def write_persons(book: PeopleBook) -> str:
    """Every person, by id: the file :func:`read_persons` reads back."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "name", "aliases", "club", "hidden"])
    for person in sorted(book.persons.values(), key=lambda p: p.id):
        writer.writerow([person.id, _safe(person.name), _safe("; ".join(person.aliases)),
                         _safe(person.club), "yes" if person.hidden else "no"])
    return out.getvalue()


def _safe(text: str) -> str:
    """A cell a spreadsheet must not run as a formula (=, +, -, @ first)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def _unsafe(text: str) -> str:
    return text[1:] if text[:1] == "'" and text[1:2] in ("=", "+", "-", "@") else text


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1251", errors="replace")


def _bad(line: int, msgid: str, **params: object) -> Message:
    return M(msgid, line=line, **params)


def read_persons(data: bytes, book: PeopleBook) -> list[Row]:
    """The rows of a persons file, each checked against the register and the rows before it;
    refused (field ``file``) with every bad line when any is bad."""
    text = _decode(data)
    first = text.split("\n", 1)[0]
    delimiter = "," if "," in first else ";" if ";" in first else "\t" if "\t" in first \
        else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = next(reader, None)
    where: dict[str, int] = {}
    for index, title in enumerate(header or []):
        key = " ".join(title.strip().casefold().split())
        for column, names in COLUMNS.items():
            if key in names and column not in where:
                where[column] = index
    if "name" not in where:
        raise InvalidInput(N_("the file needs a “name” column; found: %(columns)s"),
                           code=codes.PERSON_CSV, field="file",
                           columns=", ".join(header or []) or "-")
    rows: list[Row] = []
    problems: list[tuple[int, Message]] = []
    seen: dict[str, int] = {}
    for cells in reader:
        line = reader.line_num
        if not any(c.strip() for c in cells):
            continue

        def cell(column: str, cells: list[str] = cells) -> str:
            index = where.get(column)
            return _unsafe(cells[index].strip()) if index is not None and index < len(cells) \
                else ""

        name = plain(cell("name"))
        aliases = tuple(a for a in (plain(x) for x in cell("aliases").split(";")) if a)
        club = plain(cell("club"))
        hidden = cell("hidden").casefold()
        if any(has_control(t) for t in (name, club, *aliases)):
            problems.append((line, _bad(line, N_("line %(line)s: a control character"))))
            continue
        if not name:
            problems.append((line, _bad(line, N_("line %(line)s: no name"))))
            continue
        if len(name) > NAME_LENGTH or any(len(a) > 200 for a in aliases) or len(club) > 200:
            problems.append((line, _bad(line, N_("line %(line)s: too long"))))
            continue
        if hidden not in YES | NO:
            problems.append((line, _bad(line, N_("line %(line)s: hidden is yes or no, not "
                                                 "%(value)s"), value=cell("hidden"))))
            continue
        clash = None
        for one in (name, *aliases):
            owner = book.by_name(one)
            if owner is not None:
                clash = _bad(line, N_("line %(line)s: %(name)s is already a name of #%(person)s "
                                      "%(other)s"), name=one, person=owner.id, other=owner.name)
                break
            if exact_key(one) in seen:
                clash = _bad(line, N_("line %(line)s: %(name)s is already on line %(seen)s"),
                             name=one, seen=seen[exact_key(one)])
                break
        if clash is not None:
            problems.append((line, clash))
            continue
        for one in (name, *aliases):
            seen.setdefault(exact_key(one), line)
        rows.append(Row(line, name, aliases, club, hidden in YES))
    if problems:
        raise InvalidInput(N_("nothing stored: bad lines %(lines)s; %(problem)s"),
                           code=codes.PERSON_CSV, field="file",
                           lines=", ".join(str(line) for line, _ in problems),
                           problem=problems[0][1])
    if not rows:
        raise InvalidInput(N_("the file has no persons"), code=codes.PERSON_CSV, field="file")
    return rows


__all__ = ["Row", "read_persons", "write_persons"]
