"""What people type, decoded once for every surface: the input language of declared commands.

A declared command (:mod:`podium.core.commands`) lists its fields, each with an :class:`Input`
that reads the field from text (a command-line option, a form field: ``from_text``) or from a
JSON body (``from_json``), and gives the same Python value either way. So ``--order
"Boris,Vera+Gleb"`` on the command line, the same text in a form and ``["Boris", ["Vera",
"Gleb"]]`` in an API body become one value, and every surface refuses the same input with the
same message, naming the field.

Inputs check the shape of what was typed, never the event: "Anna" is a well-formed player
reference here; whether Anna plays in the event is for the command to say, with the state at
hand. No input does I/O: a file arrives as an :class:`Upload` (the adapter read it).
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal as _Decimal
from decimal import InvalidOperation
from fractions import Fraction
from typing import Any, BinaryIO, ClassVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from podium.core import codes, jsontext
from podium.core.errors import SURROGATE, InvalidInput
from podium.core.messages import M, Message
from podium.core.schema import CONTROL, MAX_INT, Schema
from podium.core.views import N_

#: Years a date may name: a tournament's calendar, not any year a parser accepts.
YEARS = (1900, 2200)
#: The longest single-line text a field holds unless it says otherwise.
LINE = 500
#: The longest multi-line text (a list of names, a reason with details).
BLOCK = 20_000


def refuse(field: str, msgid: str, code: str, **params: Any) -> InvalidInput:
    """A refusal of one field's input: the message, the field and a specific code."""
    return InvalidInput(msgid, code=code, field=field, **params)


def clean(text: str, field: str, limit: int, *, multiline: bool = False) -> str:
    """Text as typed, checked: no control characters (tab and newlines aside in a block), no
    lone surrogates (they cannot be stored), at most ``limit`` characters; outer spaces gone,
    and inside one line the spaces collapsed."""
    if not isinstance(text, str):
        raise refuse(field, N_("expected text"), codes.INPUT_TEXT)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise refuse(field, N_("the text holds a character that is not valid Unicode"),
                     codes.INPUT_TEXT) from None
    if multiline:
        lines = [" ".join(line.split()) for line in text.replace("\r\n", "\n").split("\n")]
        text = "\n".join(lines).strip("\n")
    else:
        text = " ".join(text.split())
    if CONTROL.search(text):
        raise refuse(field, N_("the text holds a control character"), codes.INPUT_TEXT)
    if len(text) > limit:
        raise refuse(field, N_("at most %(limit)s characters"), codes.INPUT_TOO_LONG,
                     limit=limit)
    return text


def unicode_checked(value: Any, field: str, depth: int = 0) -> None:
    """Refuse a JSON value holding a lone surrogate (``"\\ud800"``) in any text or key,
    naming where (``names[2]``, ``settings.rounds``): such text can be neither stored nor
    shown, so it is refused before any field is decoded, whatever the field's input."""
    if isinstance(value, str):
        if SURROGATE.search(value):
            raise refuse(field, N_("the text holds a character that is not valid Unicode"),
                         codes.INPUT_TEXT)
    elif isinstance(value, list) and depth < 100:
        for index, item in enumerate(value):
            unicode_checked(item, f"{field}[{index}]", depth + 1)
    elif isinstance(value, dict) and depth < 100:
        for key, item in value.items():
            where = f"{field}.{key}"
            unicode_checked(key, where, depth + 1)
            unicode_checked(item, where, depth + 1)


def items_of(text: str, separators: str) -> list[str]:
    """``text`` split at any of ``separators`` (commas, semicolons, new lines), trimmed, empty
    items dropped."""
    pattern = "[" + re.escape(separators) + "]"
    return [part.strip() for part in re.split(pattern, text) if part.strip()]


class Input:
    """How one field is typed. Subclasses give ``from_text``, ``from_json`` and ``schema``."""

    #: The form control a page draws: text, textarea, number, select, checkbox, file,
    #: datetime, password.
    widget: ClassVar[str] = "text"
    #: A command-line option that may be given several times (each one item of a list).
    multiple: ClassVar[bool] = False
    #: A command-line switch (``--draw``) and a form check box.
    flag: ClassVar[bool] = False

    def from_text(self, text: str, field: str) -> Any:
        raise NotImplementedError

    def from_texts(self, texts: Sequence[str], field: str) -> Any:
        """Several texts for one field (a repeated option or form field): one item each for an
        input of many items, else only one is allowed."""
        if len(texts) == 1:
            return self.from_text(texts[0], field)
        raise refuse(field, N_("give this field once"), codes.INPUT_REPEATED)

    def from_json(self, value: Any, field: str) -> Any:
        if not isinstance(value, str):
            raise refuse(field, N_("expected text"), codes.INPUT_TEXT)
        return self.from_text(value, field)

    def schema(self) -> dict[str, Any]:
        """Its JSON Schema (the API's OpenAPI document)."""
        return {"type": "string"}

    def to_text(self, value: Any) -> str:
        """``value`` as a person would type it (to fill a form again)."""
        return "" if value is None else str(value)

    def hint(self) -> str:
        """What to type, a msgid or a message object (shown with the field's help), or empty."""
        return ""

    def choices(self) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True)
class Text(Input):
    """Free text: a reason, a name, a link; ``multiline`` keeps its lines (a textarea)."""

    max_length: int = LINE
    multiline: bool = False
    non_empty: bool = False
    secret: bool = False  # a player code or a password: never shown again

    @property
    def widget(self) -> str:  # type: ignore[override]
        return "password" if self.secret else "textarea" if self.multiline else "text"

    def from_text(self, text: str, field: str) -> str:
        value = clean(text, field, self.max_length, multiline=self.multiline)
        if self.non_empty and not value:
            raise refuse(field, N_("must not be empty"), codes.INPUT_MISSING)
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "maxLength": self.max_length}

    def to_text(self, value: Any) -> str:
        return "" if self.secret else super().to_text(value)


#: The schemes a link may have: what a browser opens as a page (never ``javascript:``,
#: ``data:`` or ``file:``).
LINK_SCHEMES = ("http", "https")


def is_web_link(text: str) -> bool:
    """``text`` is an ``http``/``https`` address with a host: the only kind a page shows as a
    link (a stored log may hold any text; see :class:`Link`)."""
    scheme, sep, rest = text.strip().partition("://")
    return bool(sep) and scheme.lower() in LINK_SCHEMES and bool(rest.split("/")[0].strip())


@dataclass(frozen=True)
class Link(Input):
    """A web address (a game's table on a game site): ``http://`` or ``https://`` and a host,
    no spaces; empty when the field is optional. Other schemes (``javascript:``, ``data:``)
    are refused, since a page shows the address as a link people click."""

    max_length: int = LINE

    def from_text(self, text: str, field: str) -> str:
        value = clean(text, field, self.max_length)
        if value and (" " in value or not is_web_link(value)):
            raise refuse(field, N_("a web address starting with http:// or https://"),
                         codes.INPUT_LINK)
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "maxLength": self.max_length,
                "pattern": "^(|[Hh][Tt][Tt][Pp][Ss]?://[^\\s/]+\\S*)$"}

    def hint(self) -> str:
        return N_("e.g. https://boardgamearena.com/table?table=123")


@dataclass(frozen=True)
class Slug(Input):
    """An event's id in addresses: 1 to 64 lowercase latin letters, digits, ``-`` or ``_``."""

    def from_text(self, text: str, field: str) -> str:
        value = clean(text, field, 200)
        if not re.fullmatch(r"[a-z0-9_-]{1,64}", value):
            raise refuse(field, N_("use 1 to 64 lowercase latin letters, digits, '-' or '_'"),
                         codes.INPUT_SLUG)
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "pattern": "^[a-z0-9_-]{1,64}$"}


@dataclass(frozen=True)
class Integer(Input):
    """A whole number, with bounds."""

    minimum: int | None = None
    maximum: int | None = None
    widget: ClassVar[str] = "number"

    def from_text(self, text: str, field: str) -> int:
        cleaned = clean(text, field, 30).replace(" ", "").lstrip("+")
        if not re.fullmatch(r"-?\d{1,19}", cleaned):
            raise self._wrong(field)
        return self._bounded(int(cleaned), field)

    def from_json(self, value: Any, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, str):
                return self.from_text(value, field)
            raise self._wrong(field)
        return self._bounded(value, field)

    def _wrong(self, field: str) -> InvalidInput:
        if self.minimum is not None and self.maximum is not None:
            return refuse(field, N_("a whole number from %(minimum)s to %(maximum)s"),
                          codes.INPUT_INTEGER, minimum=self.minimum, maximum=self.maximum)
        return refuse(field, N_("expected a whole number"), codes.INPUT_INTEGER)

    def _bounded(self, value: int, field: str) -> int:
        low = self.minimum if self.minimum is not None else -MAX_INT
        high = self.maximum if self.maximum is not None else MAX_INT
        if not low <= value <= high:
            if self.minimum is not None and self.maximum is not None:
                raise self._wrong(field)
            if value < low:
                raise refuse(field, N_("must be at least %(minimum)s"), codes.INPUT_RANGE,
                             minimum=low)
            raise refuse(field, N_("must be at most %(maximum)s"), codes.INPUT_RANGE,
                         maximum=high)
        return value

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    def hint(self) -> str:
        return N_("a whole number") if self.minimum is None else ""


@dataclass(frozen=True)
class Version(Input):
    """The version of what a command changes, as the command's reader saw it: an action
    number (``17``), also as an HTTP entity tag (``"17"``, ``W/"17"``) so that an ``ETag``
    is sent back as it came. A page keeps it in a hidden field."""

    widget: ClassVar[str] = "hidden"

    def from_text(self, text: str, field: str) -> int:
        cleaned = clean(text, field, 40).strip()
        found = re.fullmatch(r'(?:W/)?"?(\d{1,18})"?', cleaned)
        if found is None:
            raise refuse(field, N_("expected the number of an action, as a result or a round "
                                   "shows it (such as 17)"), codes.INPUT_VERSION)
        return int(found.group(1))

    def from_json(self, value: Any, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise refuse(field, N_("expected the number of an action, as a result or a round "
                                   "shows it (such as 17)"), codes.INPUT_VERSION)
        return self.from_text(str(value), field)

    def schema(self) -> dict[str, Any]:
        return {"anyOf": [{"type": "integer", "minimum": 0},
                          {"type": "string", "maxLength": 40}]}


@dataclass(frozen=True)
class Seed(Integer):
    """The seed of a random draw: typed on the command line to replay a draw, never asked on a
    page (the draw's own seed is recorded in the log), where it rides hidden from a preview to
    the save that stores what the preview showed."""

    minimum: int | None = 0
    maximum: int | None = 2**63 - 1
    widget: ClassVar[str] = "hidden"

    def hint(self) -> str:
        return ""


@dataclass(frozen=True)
class Decimal(Input):
    """An exact decimal (``3.7``, ``3,7`` as Russian writes it) as a :class:`Fraction`."""

    minimum: Fraction | int | None = None
    maximum: Fraction | int | None = None
    places: int = 3

    def from_text(self, text: str, field: str) -> Fraction:
        cleaned = clean(text, field, 40).replace(" ", "").replace(",", ".").lstrip("+")
        if not re.fullmatch(r"-?\d{1,15}(\.\d+)?", cleaned):
            raise refuse(field, N_("expected a number such as 3.5"), codes.INPUT_DECIMAL)
        _, _, part = cleaned.partition(".")
        if len(part) > self.places:
            raise refuse(field, N_("at most %(places)s digits after the point"),
                         codes.INPUT_DECIMAL, places=self.places)
        try:
            value = Fraction(_Decimal(cleaned))
        except (InvalidOperation, ValueError):
            raise refuse(field, N_("expected a number such as 3.5"),
                         codes.INPUT_DECIMAL) from None
        return self._bounded(value, field)

    def from_json(self, value: Any, field: str) -> Fraction:
        if isinstance(value, bool):
            raise refuse(field, N_("expected a number such as 3.5"), codes.INPUT_DECIMAL)
        if isinstance(value, int | float):
            if value != value or value in (float("inf"), float("-inf")):
                raise refuse(field, N_("expected a number such as 3.5"), codes.INPUT_DECIMAL)
            return self.from_text(repr(value) if isinstance(value, float) else str(value), field)
        return super().from_json(value, field)

    def _bounded(self, value: Fraction, field: str) -> Fraction:
        if self.minimum is not None and value < self.minimum:
            raise refuse(field, N_("must be at least %(minimum)s"), codes.INPUT_RANGE,
                         minimum=self.minimum)
        if self.maximum is not None and value > self.maximum:
            raise refuse(field, N_("must be at most %(maximum)s"), codes.INPUT_RANGE,
                         maximum=self.maximum)
        return value

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [{"type": "number"}, {"type": "string", "pattern": r"^-?\d+([.,]\d+)?$"}]}

    def to_text(self, value: Any) -> str:
        if isinstance(value, Fraction):
            return str(value.numerator) if value.denominator == 1 else str(float(value))
        return super().to_text(value)


YES = ("yes", "y", "true", "1", "on", "да", "д")
NO = ("no", "n", "false", "0", "off", "нет", "н", "")


@dataclass(frozen=True)
class YesNo(Input):
    """Yes or no: a switch on the command line, a check box on a page, a boolean in JSON."""

    widget: ClassVar[str] = "checkbox"
    flag: ClassVar[bool] = True

    def from_text(self, text: str, field: str) -> bool:
        word = clean(text, field, 10).casefold()
        if word in YES:
            return True
        if word in NO:
            return False
        raise refuse(field, N_("yes or no"), codes.INPUT_YES_NO)

    def from_json(self, value: Any, field: str) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            return self.from_text(value, field)
        raise refuse(field, N_("yes or no"), codes.INPUT_YES_NO)

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def to_text(self, value: Any) -> str:
        return "yes" if value else ""


@dataclass(frozen=True)
class Choice(Input):
    """One of ``options`` (compared without case); ``labels`` name them for people (msgids)."""

    options: tuple[str, ...] = ()
    labels: Mapping[str, str] | None = None
    widget: ClassVar[str] = "select"

    def from_text(self, text: str, field: str) -> str:
        word = clean(text, field, 100)
        for option in self.options:
            if word.casefold() == option.casefold():
                return option
        raise refuse(field, N_("one of %(choices)s"), codes.INPUT_CHOICE,
                     choices=list(self.options))

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.options)}

    def choices(self) -> tuple[str, ...]:
        return self.options


def player_ref(text: str, field: str) -> str:
    """A player as typed: a name, or ``#id``."""
    value = clean(text, field, 100)
    if not value:
        raise refuse(field, N_("name a player (a name or #id)"), codes.INPUT_PLAYER)
    if value.startswith("#") and not value[1:].isdigit():
        raise refuse(field, N_("#id is a player's number, e.g. #12"), codes.INPUT_PLAYER)
    return value


def player_json(value: Any, field: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 1 <= value <= 2**31 - 1:
            raise refuse(field, N_("no such player id"), codes.INPUT_PLAYER)
        return f"#{value}"
    if isinstance(value, str):
        return player_ref(value, field)
    raise refuse(field, N_("name a player: a name, #id or an id number"), codes.INPUT_PLAYER)


PLAYER_SCHEMA: dict[str, Any] = {
    "oneOf": [{"type": "string", "maxLength": 100, "description": "a name or #id"},
              {"type": "integer", "minimum": 1, "description": "a player id"}]}


@dataclass(frozen=True)
class Player(Input):
    """One player of the event: a name (compared as the event compares names) or ``#id``."""

    widget: ClassVar[str] = "player"

    def from_text(self, text: str, field: str) -> str:
        return player_ref(text, field)

    def from_json(self, value: Any, field: str) -> str:
        return player_json(value, field)

    def schema(self) -> dict[str, Any]:
        return PLAYER_SCHEMA

    def hint(self) -> str:
        return N_("a name or #id")


@dataclass(frozen=True)
class Players(Input):
    """Several players: comma-separated (or one a line), or a repeated option; a list in JSON.
    ``lines`` splits at new lines only (names that may hold a comma, e.g. new registrations)."""

    max_items: int = 1_000
    lines: bool = False
    register: bool = False  # new names, not references to players of the event
    ordered: bool = False  # their order matters (seats in turn order): a page taps it
    multiple: ClassVar[bool] = True

    @property
    def widget(self) -> str:  # type: ignore[override]
        # new names are typed one a field; players of the event are picked from its list
        return "names" if self.register else "order" if self.ordered else "players"

    def _item(self, text: str, field: str) -> str:
        if self.register:
            return clean(text, field, 200)
        return player_ref(text, field)

    def from_text(self, text: str, field: str) -> tuple[str, ...]:
        return self.from_texts([text], field)

    def from_texts(self, texts: Sequence[str], field: str) -> tuple[str, ...]:
        items: list[str] = []
        for text in texts:
            body = clean(text, field, BLOCK, multiline=True)
            items.extend(items_of(body, "\n" if self.lines else ",;\n"))
        return self._checked([self._item(item, field) for item in items], field)

    def from_json(self, value: Any, field: str) -> tuple[str, ...]:
        if isinstance(value, str):
            return self.from_text(value, field)
        if not isinstance(value, list):
            raise refuse(field, N_("expected a list of players"), codes.INPUT_PLAYERS)
        if len(value) > self.max_items:
            raise refuse(field, N_("at most %(count)s items"), codes.INPUT_TOO_MANY,
                         count=self.max_items)
        out = []
        for index, item in enumerate(value):
            where = f"{field}[{index}]"
            if self.register:
                if not isinstance(item, str):
                    raise refuse(where, N_("expected text"), codes.INPUT_TEXT)
                out.append(clean(item, where, 200))
            else:
                out.append(player_json(item, where))
        return self._checked([item for item in out if item], field)

    def _checked(self, items: list[str], field: str) -> tuple[str, ...]:
        if len(items) > self.max_items:
            raise refuse(field, N_("at most %(count)s items"), codes.INPUT_TOO_MANY,
                         count=self.max_items)
        return tuple(items)

    def schema(self) -> dict[str, Any]:
        item = {"type": "string", "maxLength": 200} if self.register else PLAYER_SCHEMA
        return {"oneOf": [
            {"type": "array", "items": item, "maxItems": self.max_items},
            {"type": "string", "description": "one name a line" if self.lines
             else "names or #ids, comma-separated"}]}

    def to_text(self, value: Any) -> str:
        return ("\n" if self.lines else ", ").join(value or ())

    def hint(self) -> str:
        return N_("one name a line") if self.lines else N_("names or #ids, comma-separated")


@dataclass(frozen=True)
class Order(Input):
    """Players in order, best first or first out first as the command says, several at one
    place joined by ``tie`` (``Boris,Vera+Gleb``: Vera and Gleb share a place). In JSON a list
    whose items are a player or a list of players sharing that place."""

    tie: str = "+"
    max_items: int = 100
    widget: ClassVar[str] = "order"

    def from_text(self, text: str, field: str) -> tuple[tuple[str, ...], ...]:
        body = clean(text, field, BLOCK)
        groups = items_of(body, ",;\n")
        out = []
        for group in groups:
            members = [m.strip() for m in group.split(self.tie)]
            if any(not m for m in members):
                raise refuse(field, N_("an empty place in the order: %(text)s"),
                             codes.INPUT_ORDER, text=group[:60])
            out.append(tuple(player_ref(m, field) for m in members))
        return self._checked(out, field)

    def from_json(self, value: Any, field: str) -> tuple[tuple[str, ...], ...]:
        if isinstance(value, str):
            return self.from_text(value, field)
        if not isinstance(value, list):
            raise refuse(field, N_("expected a list of players"), codes.INPUT_ORDER)
        out = []
        for index, item in enumerate(value[: self.max_items + 1]):
            where = f"{field}[{index}]"
            if isinstance(item, list):
                if not item:
                    raise refuse(where, N_("an empty place in the order: %(text)s"),
                                 codes.INPUT_ORDER, text="[]")
                out.append(tuple(player_json(m, where) for m in item[:100]))
            else:
                out.append((player_json(item, where),))
        return self._checked(out, field)

    def _checked(self, out: list[tuple[str, ...]], field: str) -> tuple[tuple[str, ...], ...]:
        if len(out) > self.max_items:
            raise refuse(field, N_("at most %(count)s items"), codes.INPUT_TOO_MANY,
                         count=self.max_items)
        return tuple(out)

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [
            {"type": "string", "description": f"names or #ids, comma-separated, "
                                              f"'{self.tie}' joins players at one place"},
            {"type": "array", "maxItems": self.max_items,
             "items": {"oneOf": [PLAYER_SCHEMA, {"type": "array", "items": PLAYER_SCHEMA,
                                                 "minItems": 1}]}}]}

    def to_text(self, value: Any) -> str:
        return ", ".join(self.tie.join(group) for group in value or ())

    def hint(self) -> str:
        # a message object: its placeholder filled (in English on the CLI, translated on a page)
        return M("names comma-separated; %(tie)s joins players at one place", tie=self.tie)


@dataclass(frozen=True)
class Pairs(Input):
    """``NAME=VALUE`` items (a score per player, a die roll per player): comma-separated or a
    repeated option; in JSON an object ``{name: value}`` or a list of ``[name, value]``."""

    value: Input = Integer()
    max_items: int = 100
    form: str = "NAME=VALUE"  # how one item is written, as the refusals and hints say (a msgid)
    #: What separates items in one text. A value that may hold commas (a commander's full
    #: name) takes ``";\n"``: a comma then parts items only where another ``NAME=`` follows
    #: (``rating=1800, commander=Atraxa, Praetors' Voice`` is two items).
    separators: str = ",;\n"

    #: the forms the formats use, as msgids (a Russian refusal writes ИМЯ=ЗНАЧЕНИЕ)
    FORMS = (N_("NAME=VALUE"), N_("NAME=REASON"))
    multiple: ClassVar[bool] = True
    widget: ClassVar[str] = "pairs"

    def from_text(self, text: str, field: str) -> tuple[tuple[str, Any], ...]:
        return self.from_texts([text], field)

    def from_texts(self, texts: Sequence[str], field: str) -> tuple[tuple[str, Any], ...]:
        out = []
        for text in texts:
            for item in self._items(clean(text, field, BLOCK, multiline=True)):
                name, sep, raw = item.partition("=")
                if not sep or not name.strip():
                    raise refuse(field, N_("write each item as %(form)s: %(text)s"),
                                 codes.INPUT_PAIR, form=Message(self.form), text=item[:60])
                out.append((player_ref(name, field), self.value.from_text(raw, field)))
        return self._checked(out, field)

    def from_json(self, value: Any, field: str) -> tuple[tuple[str, Any], ...]:
        if isinstance(value, str):
            return self.from_text(value, field)
        if isinstance(value, dict):
            items: list[Any] = list(value.items())
        elif isinstance(value, list):
            items = value
        else:
            raise refuse(field, N_("expected an object of NAME: VALUE"), codes.INPUT_PAIR)
        out = []
        for index, item in enumerate(items[: self.max_items + 1]):
            where = f"{field}[{index}]"
            if not isinstance(item, list | tuple) or len(item) != 2:
                raise refuse(where, N_("expected a pair [NAME, VALUE]"), codes.INPUT_PAIR)
            out.append((player_json(item[0], where), self.value.from_json(item[1], where)))
        return self._checked(out, field)

    def _checked(self, out: list[tuple[str, Any]], field: str) -> tuple[tuple[str, Any], ...]:
        if len(out) > self.max_items:
            raise refuse(field, N_("at most %(count)s items"), codes.INPUT_TOO_MANY,
                         count=self.max_items)
        return tuple(out)

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [{"type": "object", "additionalProperties": self.value.schema()},
                          {"type": "array", "items": {"type": "array", "minItems": 2,
                                                      "maxItems": 2}},
                          {"type": "string"}]}

    def to_text(self, value: Any) -> str:
        return ", ".join(f"{name}={self.value.to_text(v)}" for name, v in value or ())

    def _items(self, text: str) -> list[str]:
        if "," in self.separators:
            return items_of(text, self.separators)
        pattern = "[" + re.escape(self.separators) + "]|,(?=[^,=;\n]+=)"
        return [part.strip() for part in re.split(pattern, text) if part.strip()]

    def hint(self) -> str:
        return N_("NAME=VALUE, comma-separated") if self.form == "NAME=VALUE" else ""


@dataclass(frozen=True)
class Assignments(Input):
    """``KEY=VALUE`` settings: repeated options, one a line in a form, an object in JSON. The
    values stay as typed (the format's settings parse them)."""

    #: The format whose settings these are, when known: a page then shows each setting as a
    #: field of its own (a choice as a list) instead of ``KEY=VALUE`` lines.
    format: str = ""
    multiple: ClassVar[bool] = True

    @property
    def widget(self) -> str:  # type: ignore[override]
        return "settings" if self.format else "textarea"

    def from_text(self, text: str, field: str) -> dict[str, Any]:
        return self.from_texts([text], field)

    def from_texts(self, texts: Sequence[str], field: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for text in texts:
            for item in items_of(clean(text, field, BLOCK, multiline=True), "\n"):
                key, sep, value = item.partition("=")
                if not sep or not key.strip():
                    raise refuse(field, N_("write it as key=value: %(text)s"),
                                 codes.INPUT_PAIR, text=item[:60])
                out[key.strip()] = value.strip()
        return out

    def from_json(self, value: Any, field: str) -> dict[str, Any]:
        if isinstance(value, str | list):
            texts = [value] if isinstance(value, str) else value
            if all(isinstance(t, str) for t in texts):
                return self.from_texts(texts, field)
        if not isinstance(value, dict):
            raise refuse(field, N_("expected an object of settings"), codes.INPUT_PAIR)
        if len(value) > 200:
            raise refuse(field, N_("at most %(count)s items"), codes.INPUT_TOO_MANY, count=200)
        # a null value is kept: it sets the setting to its default (``rounds``: automatic)
        return {clean(str(k), field, 100): v for k, v in value.items()}

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [{"type": "object"}, {"type": "string", "description": "KEY=VALUE, "
                                                                            "one a line"}]}

    def to_text(self, value: Any) -> str:
        return "\n".join(f"{k}={v}" for k, v in (value or {}).items())


def _year_ok(moment: date, field: str) -> None:
    if not YEARS[0] <= moment.year <= YEARS[1]:
        raise refuse(field, N_("a year from %(first)s to %(last)s"), codes.INPUT_MOMENT,
                     first=YEARS[0], last=YEARS[1])


def zone_of(name: str, field: str) -> ZoneInfo:
    """An IANA time zone (``Europe/Moscow``), refused with the field when unknown."""
    try:
        if not re.fullmatch(r"[A-Za-z0-9_+\-/]{1,64}", name) or ".." in name:
            raise ZoneInfoNotFoundError(name)
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise refuse(field, N_("unknown time zone %(zone)r (e.g. Europe/Moscow)"),
                     codes.INPUT_ZONE, zone=name[:64]) from None


@dataclass(frozen=True)
class Zone(Input):
    """An IANA time zone name."""

    widget: ClassVar[str] = "zone"

    def from_text(self, text: str, field: str) -> str:
        name = clean(text, field, 64)
        zone_of(name, field)
        return name

    def hint(self) -> str:
        return N_("e.g. Europe/Moscow")


MOMENT = re.compile(r"(\d{1,6})-(\d{1,2})-(\d{1,2})"
                    r"(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?"
                    r"\s*(Z|[+-]\d{2}:?\d{2})?(?:\s+([A-Za-z_]+/[A-Za-z0-9_+\-/]+|UTC))?")


@dataclass(frozen=True)
class Moment(Input):
    """A date and time, with its zone when given: ``2025-03-01 13:30`` (in the zone the command
    says), ``2025-03-01T13:30+03:00``, ``2025-03-01 13:30 Europe/Moscow``. Naive when no zone
    was typed: the command places it in the event's zone."""

    widget: ClassVar[str] = "datetime"

    def from_text(self, text: str, field: str) -> datetime:
        value = clean(text, field, 80)
        found = MOMENT.fullmatch(value)
        if not found:
            raise refuse(field, N_("a date and time such as 2025-03-01 13:30"),
                         codes.INPUT_MOMENT)
        year, month, day, hour, minute, second, offset, zone = found.groups()
        if not YEARS[0] <= int(year) <= YEARS[1]:  # year 0 or 10000: the range, not "a date"
            raise refuse(field, N_("a year from %(first)s to %(last)s"), codes.INPUT_MOMENT,
                         first=YEARS[0], last=YEARS[1])
        try:
            moment = datetime(int(year), int(month), int(day), int(hour or 0), int(minute or 0),
                              int(second or 0))
        except ValueError:
            raise refuse(field, N_("a date and time such as 2025-03-01 13:30"),
                         codes.INPUT_MOMENT) from None
        _year_ok(moment, field)
        if offset:
            return datetime.fromisoformat(moment.isoformat() + (
                "+00:00" if offset == "Z" else offset[:3] + ":" + offset[-2:]))
        if zone:
            return moment.replace(tzinfo=zone_of(zone, field))
        return moment

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "description": "2025-03-01 13:30, with an offset or a zone "
                                                 "name optionally"}

    def to_text(self, value: Any) -> str:
        if isinstance(value, datetime):
            return value.strftime("%Y-%m-%d %H:%M")
        return super().to_text(value)

    def hint(self) -> str:
        return N_("e.g. 2025-03-01 13:30")


@dataclass(frozen=True)
class Day(Input):
    """A date: ``2025-03-01``."""

    widget: ClassVar[str] = "date"

    def from_text(self, text: str, field: str) -> date:
        value = clean(text, field, 20)
        try:
            day = date.fromisoformat(value)
        except ValueError:
            raise refuse(field, N_("a date such as 2025-03-01"), codes.INPUT_MOMENT) from None
        _year_ok(day, field)
        return day

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "format": "date"}


class Upload:
    """A file as it arrived: its name and its bytes, or an open binary stream of them (the
    command line's file, a page's spooled upload) so that a long file can be read as it is
    parsed, never held whole (bounded memory). ``data`` reads a stream whole, for
    the small files that need it; ``open()`` gives a stream either way."""

    __slots__ = ("_data", "name", "size", "stream")

    def __init__(self, name: str, data: bytes | None = b"", *, stream: BinaryIO | None = None,
                 size: int | None = None) -> None:
        self.name = name
        self.stream = stream
        self._data = None if stream is not None else (data or b"")
        self.size = len(self._data) if self._data is not None else size

    @property
    def data(self) -> bytes:
        if self._data is None:
            assert self.stream is not None
            self._data = self.stream.read()
            self.stream = None
            self.size = len(self._data)
        return self._data

    def open(self) -> BinaryIO:
        """The file's bytes as a stream, read once."""
        if self.stream is not None:
            return self.stream
        return io.BytesIO(self.data)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Upload) and self.name == other.name
                and self.data == other.data)

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:  # never print a whole file in a refusal or a log
        return f"Upload({self.name!r}, {self.size} bytes)"


class Bounded(io.RawIOBase):
    """A binary stream refused (``InvalidInput`` naming ``field``) as soon as more than
    ``limit`` bytes are read from it: a file whose size is not known before (standard input)
    is never read past its limit."""

    def __init__(self, raw: BinaryIO, limit: int, field: str) -> None:
        super().__init__()
        self.raw, self.limit, self.field, self.count = raw, limit, field, 0

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        chunk = self.raw.read(size if size is not None and size >= 0 else self.limit + 1)
        self.count += len(chunk)
        if self.count > self.limit:
            raise refuse(self.field, N_("the file is larger than %(kb)s kB"), codes.INPUT_FILE,
                         kb=self.limit // 1000)
        return chunk

    def readinto(self, buffer: Any) -> int:
        chunk = self.read(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)


@dataclass(frozen=True)
class File(Input):
    """A file: a path on the command line (``-``: standard input), an upload on a page, and in
    JSON ``{"name": ..., "text": ...}`` (UTF-8 text) or ``{"name": ..., "base64": ...}``."""

    max_bytes: int = 1_000_000
    accept: str = ""  # the page's file chooser filter (".csv,.json")
    widget: ClassVar[str] = "file"

    def from_text(self, text: str, field: str) -> Upload:
        raise refuse(field, N_("choose a file"), codes.INPUT_FILE)

    def from_upload(self, upload: Upload, field: str) -> Upload:
        name = clean(upload.name, field, 200) or "upload"
        if upload.size == 0:
            raise refuse(field, N_("choose a file"), codes.INPUT_FILE)
        if upload.size is not None and upload.size > self.max_bytes:
            raise refuse(field, N_("the file is larger than %(kb)s kB"), codes.INPUT_FILE,
                         kb=self.max_bytes // 1000)
        if upload.stream is None:
            return Upload(name, upload.data)
        # a stream of a size not known (standard input) is refused as it passes the limit
        stream = upload.stream if upload.size is not None else Bounded(
            upload.stream, self.max_bytes, field)
        return Upload(name, stream=stream, size=upload.size)  # type: ignore[arg-type]

    def from_json(self, value: Any, field: str) -> Upload:
        if not isinstance(value, dict) or not isinstance(value.get("name", ""), str):
            raise refuse(field, N_("expected {\"name\": ..., \"text\": ...}"), codes.INPUT_FILE)
        name = value.get("name") or "upload"
        if isinstance(value.get("text"), str):
            try:
                data = value["text"].encode("utf-8")
            except UnicodeEncodeError:
                raise refuse(field, N_("the text holds a character that is not valid Unicode"),
                             codes.INPUT_TEXT) from None
        elif isinstance(value.get("base64"), str):
            try:
                data = base64.b64decode(value["base64"], validate=True)
            except (binascii.Error, ValueError):
                raise refuse(field, N_("base64: not valid base64"), codes.INPUT_FILE) from None
        else:
            raise refuse(field, N_("expected {\"name\": ..., \"text\": ...}"), codes.INPUT_FILE)
        return self.from_upload(Upload(name, data), field)

    def schema(self) -> dict[str, Any]:
        return {"type": "object", "properties": {
            "name": {"type": "string", "maxLength": 200},
            "text": {"type": "string"}, "base64": {"type": "string"}}, "required": ["name"]}


@dataclass(frozen=True)
class Json(Input):
    """A JSON value checked by a core schema (an API client's stored entry, by player ids);
    as text, the JSON itself."""

    shape: Schema | None = None
    widget: ClassVar[str] = "textarea"

    def from_text(self, text: str, field: str) -> Any:
        try:
            value = jsontext.parse(text, field)
        except json.JSONDecodeError:
            raise refuse(field, N_("not readable JSON"), codes.INPUT_JSON) from None
        return self.from_json(value, field)

    def from_json(self, value: Any, field: str) -> Any:
        if self.shape is None:
            from podium.core.schema import AnyJson

            AnyJson(10_000).decode(value, field)
            return value
        try:
            return self.shape.decode(value, field)
        except InvalidInput as error:
            raise InvalidInput(error.msgid, code=error.code, field=error.field or field,
                               **error.params) from None

    def schema(self) -> dict[str, Any]:
        return {}

    def to_text(self, value: Any) -> str:
        return "" if value is None else json.dumps(value, ensure_ascii=False)


__all__ = [
    "Assignments",
    "Choice",
    "Day",
    "Decimal",
    "File",
    "Input",
    "Integer",
    "Json",
    "Link",
    "Moment",
    "Order",
    "Pairs",
    "Player",
    "Players",
    "Seed",
    "Slug",
    "Text",
    "Upload",
    "Version",
    "YesNo",
    "Zone",
    "clean",
    "is_web_link",
    "items_of",
    "refuse",
    "unicode_checked",
    "zone_of",
]
