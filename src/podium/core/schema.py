"""Payload schemas: every action's payload is decoded against its kind's schema before any rule
runs, so any JSON value in any field gives a refusal that names the field, never a Python
exception from deep inside a rule.

A schema is a small tree of :class:`Schema` objects (:class:`Int`, :class:`Str`, :class:`Bool`,
:class:`ListOf`, :class:`Obj`, ...). ``decode(value, field)`` returns the value (JSON is kept as
it is, so a stored payload round-trips unchanged) or raises :class:`InvalidInput` with
a ``payload.*`` code (:mod:`podium.core.codes`: ``payload.type``, ``payload.missing``...), the
field's path (``tables[2][1]``) and a message id.

Schemas check shapes and bounds, not rules: "a player id is a positive whole number" belongs
here, "the player is registered" to the rule that reads it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from podium.core import codes
from podium.core.errors import InvalidInput

#: Control characters a payload's text may not hold (tab, newline and return aside): a NUL
#: breaks PostgreSQL, an escape sequence garbles a terminal.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")

#: The longest text a payload may hold (names, reasons, notes, links).
MAX_TEXT = 2_000
#: The largest whole number a payload may hold: what a 64-bit column stores.
MAX_INT = 2**63 - 1


def _refuse(field_path: str, msgid: str, code: str, **params: Any) -> InvalidInput:
    return InvalidInput(msgid, code=code, field=field_path or None,
                        field_name=field_path or "payload", **params)


def is_int(value: object) -> bool:
    """A JSON integer; ``true`` is not 1 here, though Python's bool is an int."""
    return isinstance(value, int) and not isinstance(value, bool)


class Schema:
    """The shape of one JSON value."""

    def decode(self, value: Any, path: str = "") -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def describe(self) -> Any:
        """A JSON description (shown by ``podium event formats --kinds`` and the docs)."""
        return type(self).__name__.lower()


@dataclass(frozen=True)
class AnyJson(Schema):
    """Any JSON value (for free-form parts a format checks itself), size-bounded."""

    max_items: int = 10_000_000

    def decode(self, value: Any, path: str = "") -> Any:
        _check_json(value, path, self.max_items)
        return value

    def describe(self) -> Any:
        return "any"


def _check_json(value: Any, path: str, budget: int) -> int:
    stack = [(value, path)]
    seen = 0
    while stack:
        item, where = stack.pop()
        seen += 1
        if seen > budget:
            raise _refuse(where, "%(field_name)s: too large", codes.PAYLOAD_TOO_MANY)
        if isinstance(item, dict):
            for key, sub in item.items():
                if not isinstance(key, str):
                    raise _refuse(where, "%(field_name)s: keys must be text", codes.PAYLOAD_TYPE)
                stack.append((sub, f"{where}.{key}" if where else key))
        elif isinstance(item, list):
            stack.extend((sub, f"{where}[{i}]") for i, sub in enumerate(item))
        elif isinstance(item, str):
            if len(item) > 100_000:
                raise _refuse(where, "%(field_name)s: the text is too long", codes.PAYLOAD_TOO_LONG)
            if CONTROL.search(item):
                raise _refuse(where, "%(field_name)s: the text holds a control character",
                              codes.PAYLOAD_CONTROL)
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                raise _refuse(where, "%(field_name)s: not a finite number", codes.PAYLOAD_NUMBER)
        elif not (item is None or isinstance(item, bool | int)):
            raise _refuse(where, "%(field_name)s: not a JSON value", codes.PAYLOAD_TYPE)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_INT:
            raise _refuse(where, "%(field_name)s: the number is too large", codes.PAYLOAD_RANGE)
    return seen


@dataclass(frozen=True)
class Int(Schema):
    minimum: int | None = None
    maximum: int | None = MAX_INT

    def decode(self, value: Any, path: str = "") -> int:
        if not is_int(value):
            raise _refuse(path, "%(field_name)s: expected a whole number", codes.PAYLOAD_TYPE)
        if self.minimum is not None and value < self.minimum:
            raise _refuse(path, "%(field_name)s: must be at least %(minimum)s", codes.PAYLOAD_RANGE,
                          minimum=self.minimum)
        if self.maximum is not None and value > self.maximum:
            raise _refuse(path, "%(field_name)s: must be at most %(maximum)s", codes.PAYLOAD_RANGE,
                          maximum=self.maximum)
        return value

    def describe(self) -> Any:
        return {"int": [self.minimum, self.maximum]}


@dataclass(frozen=True)
class Str(Schema):
    max_length: int = MAX_TEXT
    choices: tuple[str, ...] = ()
    non_empty: bool = False

    def decode(self, value: Any, path: str = "") -> str:
        if not isinstance(value, str):
            raise _refuse(path, "%(field_name)s: expected text", codes.PAYLOAD_TYPE)
        if len(value) > self.max_length:
            raise _refuse(path, "%(field_name)s: at most %(limit)s characters",
                          codes.PAYLOAD_TOO_LONG,
                          limit=self.max_length)
        if CONTROL.search(value):
            raise _refuse(path, "%(field_name)s: the text holds a control character",
                          codes.PAYLOAD_CONTROL)
        if self.choices and value not in self.choices:
            raise _refuse(path, "%(field_name)s: one of %(choices)s",
                          codes.PAYLOAD_CHOICE, choices=self.choices)
        if self.non_empty and not value.strip():
            raise _refuse(path, "%(field_name)s: must not be empty", codes.PAYLOAD_EMPTY)
        return value

    def describe(self) -> Any:
        return {"choice": list(self.choices)} if self.choices else "text"


@dataclass(frozen=True)
class Bool(Schema):
    def decode(self, value: Any, path: str = "") -> bool:
        if not isinstance(value, bool):
            raise _refuse(path, "%(field_name)s: expected true or false", codes.PAYLOAD_TYPE)
        return value


@dataclass(frozen=True)
class Nullable(Schema):
    inner: Schema

    def decode(self, value: Any, path: str = "") -> Any:
        return None if value is None else self.inner.decode(value, path)

    def describe(self) -> Any:
        return {"nullable": self.inner.describe()}


@dataclass(frozen=True)
class OneOf(Schema):
    """The first alternative that decodes (e.g. a player id or a list of them)."""

    options: tuple[Schema, ...]

    def decode(self, value: Any, path: str = "") -> Any:
        first: InvalidInput | None = None
        for option in self.options:
            try:
                return option.decode(value, path)
            except InvalidInput as error:
                first = first or error
        assert first is not None
        raise first

    def describe(self) -> Any:
        return {"one_of": [o.describe() for o in self.options]}


@dataclass(frozen=True)
class ListOf(Schema):
    item: Schema
    min_items: int = 0
    max_items: int = 100_000

    def decode(self, value: Any, path: str = "") -> list[Any]:
        if not isinstance(value, list):
            raise _refuse(path, "%(field_name)s: expected a list", codes.PAYLOAD_TYPE)
        if len(value) < self.min_items:
            raise _refuse(path, "%(field_name)s: at least %(count)s items needed",
                          codes.PAYLOAD_TOO_FEW,
                          count=self.min_items)
        if len(value) > self.max_items:
            raise _refuse(path, "%(field_name)s: at most %(count)s items",
                          codes.PAYLOAD_TOO_MANY, count=self.max_items)
        for index, item in enumerate(value):
            self.item.decode(item, f"{path}[{index}]")
        return value

    def describe(self) -> Any:
        return {"list": self.item.describe()}


@dataclass(frozen=True)
class IntColumn(Schema):
    """A long list of whole numbers (a column of a games batch), checked in one vector pass."""

    minimum: int = -MAX_INT
    maximum: int = MAX_INT
    max_items: int = 1_000_000

    def decode(self, value: Any, path: str = "") -> list[int]:
        if not isinstance(value, list):
            raise _refuse(path, "%(field_name)s: expected a list", codes.PAYLOAD_TYPE)
        if len(value) > self.max_items:
            raise _refuse(path, "%(field_name)s: at most %(count)s items",
                          codes.PAYLOAD_TOO_MANY, count=self.max_items)
        if not value:
            return value
        import numpy as np  # here: most processes never decode a games batch

        try:
            array = np.asarray(value)
        except (ValueError, OverflowError):
            raise _refuse(path, "%(field_name)s: expected whole numbers only",
                          codes.PAYLOAD_TYPE) from None
        if array.ndim != 1 or array.dtype.kind not in "iu":
            raise _refuse(path, "%(field_name)s: expected whole numbers only", codes.PAYLOAD_TYPE)
        if int(array.min()) < self.minimum or int(array.max()) > self.maximum:
            raise _refuse(path, "%(field_name)s: a number is out of range (%(minimum)s to "
                          "%(maximum)s)",
                          codes.PAYLOAD_RANGE, minimum=self.minimum, maximum=self.maximum)
        return value

    def describe(self) -> Any:
        return {"int_column": [self.minimum, self.maximum]}


@dataclass(frozen=True)
class StrColumn(Schema):
    """A long list of short texts (the game ids of a batch), checked without a per-item call."""

    max_length: int = 200
    max_items: int = 1_000_000

    def decode(self, value: Any, path: str = "") -> list[str]:
        if not isinstance(value, list):
            raise _refuse(path, "%(field_name)s: expected a list", codes.PAYLOAD_TYPE)
        if len(value) > self.max_items:
            raise _refuse(path, "%(field_name)s: at most %(count)s items",
                          codes.PAYLOAD_TOO_MANY, count=self.max_items)
        if not all(type(item) is str for item in value):
            raise _refuse(path, "%(field_name)s: expected texts only", codes.PAYLOAD_TYPE)
        if value and max(map(len, value)) > self.max_length:
            raise _refuse(path, "%(field_name)s: a text is longer than %(limit)s characters",
                          codes.PAYLOAD_TOO_LONG,
                          limit=self.max_length)
        if any(CONTROL.search(item) for item in value):
            raise _refuse(path, "%(field_name)s: a text holds a control character",
                          codes.PAYLOAD_CONTROL)
        return value

    def describe(self) -> Any:
        return "text_column"


@dataclass(frozen=True)
class Obj(Schema):
    """A JSON object: ``required`` and ``optional`` keys with their schemas; unknown keys are
    refused unless ``extra`` is given (then any other key must match it)."""

    required: Mapping[str, Schema] = field(default_factory=dict)
    optional: Mapping[str, Schema] = field(default_factory=dict)
    extra: Schema | None = None

    def decode(self, value: Any, path: str = "") -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _refuse(path, "%(field_name)s: expected an object", codes.PAYLOAD_TYPE)
        for key, schema in self.required.items():
            where = f"{path}.{key}" if path else key
            if key not in value:
                raise _refuse(where, "%(field_name)s: missing", codes.PAYLOAD_MISSING)
            schema.decode(value[key], where)
        for key, item in value.items():
            if key in self.required:
                continue
            where = f"{path}.{key}" if path else str(key)
            found = self.optional.get(key) or self.extra
            if found is None:
                raise _refuse(where, "%(field_name)s: unknown field; known: %(known)s",
                              codes.PAYLOAD_UNKNOWN,
                              known=sorted([*self.required, *self.optional]))
            found.decode(item, where)
        return value

    def describe(self) -> Any:
        return {
            "required": {k: s.describe() for k, s in self.required.items()},
            "optional": {k: s.describe() for k, s in self.optional.items()},
        }


# Shared pieces --------------------------------------------------------------------------------
PLAYER = Int(1, 2**31 - 1)
PLAYERS = ListOf(PLAYER, max_items=100_000)
TEXT = Str()
NAME = Str(200, non_empty=True)
SEED = Int(0, MAX_INT)
ROUND = Int(1, 100_000)
TABLE = Int(1, 1_000_000)
#: A note for people in the log: a message object (podium.core.messages: its id and params, so
#: a page shows it in its language) or, in events written before message objects, English text.
NOTE = OneOf((TEXT, Obj({"id": Str(MAX_TEXT)},
                        {"params": AnyJson(1_000), "plural": Str(MAX_TEXT),
                         "context": Str(100)})))


def obj(required: Mapping[str, Schema] | None = None,
        optional: Mapping[str, Schema] | None = None) -> Obj:
    return Obj(dict(required or {}), dict(optional or {}))


def decode_payload(schema: Schema | None, payload: Any) -> dict[str, Any]:
    """Decode an action's payload; ``schema=None`` accepts any bounded JSON object."""
    if not isinstance(payload, dict):
        raise _refuse("", "the action's payload must be an object", codes.PAYLOAD_TYPE)
    if schema is None:
        _check_json(payload, "", 10_000_000)
        return payload
    return schema.decode(payload, "")
