"""How the year's fields are typed (:mod:`podium.core.inputs`), read alike from a command-line
option, a form field and a JSON body: play-off orders (rule W7-6), the Warriors swaps (W7-13),
a survival format and seating (W7-14), and the sign-ups file (W7-4).

An input checks the shape of what was typed, never the year: whether "Anna" plays the
play-off is for the command to say, with the season at hand.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from podium.core import codes as core_codes
from podium.core.errors import InvalidInput
from podium.core.inputs import (
    BLOCK,
    Input,
    Players,
    clean,
    items_of,
    player_json,
    player_ref,
    refuse,
)
from podium.core.text import visible
from podium.core.views import N_
from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.year import SignUp

TABLE_MAX = 7


def _names(text: str, field: str) -> tuple[str, ...]:
    return tuple(player_ref(name, field) for name in items_of(text, ",;"))


def _tied(text: str, field: str) -> tuple[Any, ...]:
    """An order best first, players tied joined by ``=`` (a tuple of them, rule W7-3)."""
    out: list[Any] = []
    for item in items_of(text, ",;"):
        group = tuple(player_ref(name, field) for name in items_of(item, "="))
        out.append(group[0] if len(group) == 1 else group)
    return tuple(out)


@dataclass(frozen=True)
class Names(Players):
    """Players of the year by name (a newcomer not registered anywhere yet, a player of an
    earlier season): names as a season registers them, never ``#id`` (the year's seasons
    number their players each their own way)."""

    register: bool = True

    def _item(self, text: str, field: str) -> str:
        name = clean(text, field, 80)
        if not visible(name) or name.startswith("#"):
            raise refuse(field, N_("a player's name, not %(text)s"), core_codes.INPUT_PLAYERS,
                         text=name[:60])
        return name

    def from_json(self, value: Any, field: str) -> tuple[str, ...]:
        if not isinstance(value, list):
            return super().from_json(value, field)
        if len(value) > self.max_items:
            raise refuse(field, N_("at most %(count)s items"), core_codes.INPUT_TOO_MANY,
                         count=self.max_items)
        out = []
        for index, item in enumerate(value):
            if not isinstance(item, str):
                raise refuse(f"{field}[{index}]", N_("expected text"), core_codes.INPUT_TEXT)
            out.append(self._item(item, f"{field}[{index}]"))
        return tuple(out)

    def hint(self) -> str:
        return N_("names, comma-separated")


@dataclass(frozen=True)
class Playoffs(Input):
    """Rule W7-6: each play-off match's order, best first: ``"2: Anna, Boris = Clara"`` (an
    option given once a match, or one a line; players tied joined by ``=``, ordered by rule
    W7-30); in JSON ``{"2": ["Anna", ["Boris", "Clara"]]}``."""

    multiple: ClassVar[bool] = True
    widget: ClassVar[str] = "playoffs"

    def from_text(self, text: str, field: str) -> tuple[tuple[int, tuple[Any, ...]], ...]:
        return self.from_texts([text], field)

    def from_texts(self, texts: Sequence[str], field: str
                   ) -> tuple[tuple[int, tuple[Any, ...]], ...]:
        out = []
        for text in texts:
            for line in items_of(clean(text, field, BLOCK, multiline=True), "\n"):
                place, sep, names = line.partition(":")
                if not sep or not place.strip().isdigit() or not names.strip():
                    raise refuse(field, N_("write the place and the match's order, best first: "
                                           "2: Anna, Boris, Clara, Dmitry"),
                                 core_codes.INPUT_ORDER)
                out.append((int(place), _tied(names, field)))
        return self._checked(out, field)

    def from_json(self, value: Any, field: str) -> tuple[tuple[int, tuple[Any, ...]], ...]:
        if isinstance(value, str):
            return self.from_text(value, field)
        if not isinstance(value, dict):
            raise refuse(field, N_("expected an object of PLACE: [players, best first]"),
                         core_codes.INPUT_ORDER)
        out = []
        for place, names in list(value.items())[:TABLE_MAX + 1]:
            where = f"{field}[{str(place)[:10]}]"
            if not str(place).isdigit() or not isinstance(names, list) or not names:
                raise refuse(where, N_("expected an object of PLACE: [players, best first]"),
                             core_codes.INPUT_ORDER)
            items: list[Any] = []
            for n in names[:50]:
                if isinstance(n, list) and n:
                    items.append(tuple(player_json(x, where) for x in n[:50]))
                else:
                    items.append(player_json(n, where))
            out.append((int(place), tuple(items)))
        return self._checked(out, field)

    @staticmethod
    def _checked(out: list[tuple[int, tuple[Any, ...]]], field: str
                 ) -> tuple[tuple[int, tuple[Any, ...]], ...]:
        places = [place for place, _ in out]
        if len(set(places)) != len(places) or any(not 1 <= p <= TABLE_MAX for p in places):
            raise refuse(field, N_("one order a place, places 1 to 7"), core_codes.INPUT_ORDER)
        return tuple(out)

    def schema(self) -> dict[str, Any]:
        name = {"type": "string"}
        return {"oneOf": [{"type": "object", "additionalProperties": {
            "type": "array", "items": {"oneOf": [name, {"type": "array", "items": name}]}}},
            {"type": "string"}]}

    def to_text(self, value: Any) -> str:
        return "\n".join(f"{place}: " + ", ".join(n if isinstance(n, str) else " = ".join(n)
                                                   for n in names)
                          for place, names in value or ())

    def hint(self) -> str:
        return N_("PLACE: players best first, e.g. 2: Anna, Boris, Clara, Dmitry")


@dataclass(frozen=True)
class Slots(Input):
    """Rule W7-14: the organiser's format of the survival battles, each match as ``SIZE/
    QUALIFYING`` (``"5/2, 4/2"``); in JSON ``[[5, 2], [4, 2]]``. A page asks for each match's
    size and qualifying places in a row of their own."""

    widget: ClassVar[str] = "slots"

    def from_text(self, text: str, field: str) -> tuple[tuple[int, int], ...]:
        out = []
        for item in items_of(clean(text, field, 2_000), ",;"):
            size, sep, qualifying = item.partition("/")
            if not sep or not size.strip().isdigit() or not qualifying.strip().isdigit():
                raise refuse(field, N_("write each match as SIZE/QUALIFYING: 5/2, 4/2"),
                             core_codes.INPUT_PAIR)
            out.append((int(size), int(qualifying)))
        return self._checked(out, field)

    def from_json(self, value: Any, field: str) -> tuple[tuple[int, int], ...]:
        if isinstance(value, str):
            return self.from_text(value, field)
        if not isinstance(value, list):
            raise refuse(field, N_("write each match as SIZE/QUALIFYING: 5/2, 4/2"),
                         core_codes.INPUT_PAIR)
        out = []
        for item in value[:201]:
            if (not isinstance(item, list) or len(item) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)):
                raise refuse(field, N_("write each match as SIZE/QUALIFYING: 5/2, 4/2"),
                             core_codes.INPUT_PAIR)
            out.append((item[0], item[1]))
        return self._checked(out, field)

    @staticmethod
    def _checked(out: list[tuple[int, int]], field: str) -> tuple[tuple[int, int], ...]:
        if not out or len(out) > 200 or any(not 0 <= v <= TABLE_MAX for pair in out
                                            for v in pair):
            raise refuse(field, N_("1 to 200 matches, at most 7 players each"),
                         core_codes.INPUT_RANGE)
        return tuple(out)

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [{"type": "array", "items": {"type": "array", "items": {
            "type": "integer"}, "minItems": 2, "maxItems": 2}}, {"type": "string"}]}

    def to_text(self, value: Any) -> str:
        return ", ".join(f"{size}/{q}" for size, q in value or ())

    def hint(self) -> str:
        return N_("SIZE/QUALIFYING, comma-separated")


@dataclass(frozen=True)
class Matches(Input):
    """An adjusted seating (rule W7-14): one match's players a line or an option each; in JSON
    a list of lists of players."""

    multiple: ClassVar[bool] = True
    widget: ClassVar[str] = "matches"

    def from_text(self, text: str, field: str) -> tuple[tuple[str, ...], ...]:
        return self.from_texts([text], field)

    def from_texts(self, texts: Sequence[str], field: str) -> tuple[tuple[str, ...], ...]:
        out = []
        for text in texts:
            for line in items_of(clean(text, field, BLOCK, multiline=True), "\n;"):
                out.append(_names(line, field))
        return self._checked(out, field)

    def from_json(self, value: Any, field: str) -> tuple[tuple[str, ...], ...]:
        if isinstance(value, str):
            return self.from_text(value, field)
        if not isinstance(value, list) or not all(isinstance(m, list) for m in value):
            raise refuse(field, N_("expected a list of matches, each a list of players"),
                         core_codes.INPUT_PLAYERS)
        return self._checked([tuple(player_json(n, field) for n in m[:TABLE_MAX + 1])
                              for m in value[:201]], field)

    @staticmethod
    def _checked(out: list[tuple[str, ...]], field: str) -> tuple[tuple[str, ...], ...]:
        if len(out) > 200 or any(not 1 <= len(m) <= TABLE_MAX for m in out):
            raise refuse(field, N_("1 to 200 matches, at most 7 players each"),
                         core_codes.INPUT_RANGE)
        return tuple(out)

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [{"type": "array", "items": {"type": "array", "items": {
            "type": "string"}}}, {"type": "string"}]}

    def to_text(self, value: Any) -> str:
        return "\n".join(", ".join(m) for m in value or ())

    def hint(self) -> str:
        return N_("one match a line, its players comma-separated")


def read_signups(data: bytes, field: str = "signups") -> tuple[SignUp, ...]:
    """Sign-ups in order (rule W7-4): CSV columns ``name``, ``rating``, ``premium`` (yes/no)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidInput(N_("the sign-ups file is not UTF-8 text"),
                           code=codes.YEAR_SIGNUPS_FILE, field=field) from None
    out = []
    try:
        rows = list(csv.DictReader(io.StringIO(text)))
    except csv.Error:
        raise InvalidInput(N_("the sign-ups file is not a CSV file"),
                           code=codes.YEAR_SIGNUPS_FILE, field=field) from None
    for number, row in enumerate(rows, start=2):
        name = " ".join(str(row.get("name") or "").split())
        rating = str(row.get("rating") or "0").strip()
        if not name or not rating.lstrip("-").isdigit() or len(rating) > 9:
            raise InvalidInput(N_("sign-ups line %(line)s: a name and a whole rating are "
                                  "needed"), code=codes.YEAR_SIGNUPS_FILE, field=field,
                               line=number)
        premium = str(row.get("premium") or "").strip().lower() in ("1", "yes", "true", "да")
        out.append(SignUp(name, int(rating), premium))
    return tuple(out)


__all__ = ["Matches", "Names", "Playoffs", "Slots", "read_signups"]
