"""A JSON body checked against the JSON Schema the API publishes for it, before any field is
decoded: what the schema calls invalid is refused (422, every bad field named), so the
published contract and the server say the same thing. Only the keywords the API's schemas
use are read (``type``, ``enum``, ``pattern``, lengths, bounds, ``items``, ``properties``,
``required``, ``additionalProperties``, ``anyOf``/``oneOf``, ``$ref``, ``format: date``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from typing import Any

from podium.core import codes
from podium.core.errors import InvalidInput, printable
from podium.core.views import N_

#: The deepest nesting a body is checked to (deeper is refused): a bound on the work.
DEPTH = 64


def _refuse(field: str, msgid: str, code: str, **params: Any) -> InvalidInput:
    return InvalidInput(msgid, code=code, field=field or "body", **params)


def _is_type(value: Any, kind: str) -> bool:
    if kind == "null":
        return value is None
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str)
    if kind == "array":
        return isinstance(value, list)
    if kind == "object":
        return isinstance(value, dict)
    return True


def _wrong_type(field: str, kind: str) -> InvalidInput:
    """A value not of its schema's JSON type, said in that type's words."""
    if kind == "boolean":
        return _refuse(field, N_("true or false"), codes.INPUT_YES_NO)
    if kind == "integer":
        return _refuse(field, N_("expected a whole number"), codes.INPUT_INTEGER)
    if kind == "number":
        return _refuse(field, N_("expected a number such as 3.5"), codes.INPUT_DECIMAL)
    if kind == "string":
        return _refuse(field, N_("expected text"), codes.INPUT_TEXT)
    if kind == "array":
        return _refuse(field, N_("expected a list"), codes.INPUT_JSON)
    if kind == "object":
        return _refuse(field, N_("expected an object"), codes.INPUT_JSON)
    return _refuse(field, N_("not in the expected form"), codes.INPUT_JSON)


class Checker:
    """Checks values against schemas that may refer to ``components`` (``$ref``)."""

    def __init__(self, components: Mapping[str, Any] | None = None) -> None:
        self.components = components or {}

    def problems(self, value: Any, schema: Mapping[str, Any], field: str = "",
                 depth: int = 0) -> list[InvalidInput]:
        """Every way ``value`` breaks ``schema``, each naming where (``settings.rounds``,
        ``names[2]``); empty when it conforms."""
        if depth > DEPTH:
            return [_refuse(field, N_("not in the expected form"), codes.INPUT_JSON)]
        ref = schema.get("$ref")
        if isinstance(ref, str):
            schema = self.components.get(ref.rsplit("/", 1)[-1], {})
        branches = schema.get("anyOf") or schema.get("oneOf")
        if branches:
            return self._any(value, branches, field, depth)
        kind = schema.get("type")
        if kind is not None:
            kinds = kind if isinstance(kind, list) else [kind]
            if not any(_is_type(value, k) for k in kinds):
                return [_wrong_type(field, kinds[0])]
        if "enum" in schema and value not in schema["enum"]:
            return [_refuse(field, N_("one of %(choices)s"), codes.INPUT_CHOICE,
                            choices=[str(c) for c in schema["enum"]])]
        if isinstance(value, str):
            return self._text(value, schema, field)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return self._number(value, schema, field)
        if isinstance(value, list):
            return self._list(value, schema, field, depth)
        if isinstance(value, dict):
            return self._object(value, schema, field, depth)
        return []

    def _any(self, value: Any, branches: list[Any], field: str,
             depth: int) -> list[InvalidInput]:
        found = [self.problems(value, branch, field, depth + 1) for branch in branches]
        if any(not problems for problems in found):
            return []
        # the one branch of the value's own type says best what is wrong with it
        typed = [problems for branch, problems in zip(branches, found, strict=True)
                 if _is_type(value, str(branch.get("type", "")))]
        if len(typed) == 1:
            return typed[0]
        real = [problems for branch, problems in zip(branches, found, strict=True)
                if branch.get("type") != "null"]
        if len(real) == 1:
            return real[0]
        return [_refuse(field, N_("not in the expected form"), codes.INPUT_JSON)]

    def _text(self, value: str, schema: Mapping[str, Any], field: str) -> list[InvalidInput]:
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            return [_refuse(field, N_("at most %(limit)s characters"), codes.INPUT_TOO_LONG,
                            limit=schema["maxLength"])]
        if "minLength" in schema and len(value) < schema["minLength"]:
            return [_refuse(field, N_("at least %(limit)s characters"), codes.INPUT_TEXT,
                            limit=schema["minLength"])]
        pattern = schema.get("pattern")
        if pattern and not re.search(pattern, value):
            return [_refuse(field, N_("not in the expected form"), codes.INPUT_TEXT)]
        if schema.get("format") == "date":
            try:
                date.fromisoformat(value)
            except ValueError:
                return [_refuse(field, N_("a date such as 2025-03-01"), codes.INPUT_MOMENT)]
        return []

    def _number(self, value: float, schema: Mapping[str, Any],
                field: str) -> list[InvalidInput]:
        if value != value or value in (float("inf"), float("-inf")):
            return [_refuse(field, N_("expected a number such as 3.5"), codes.INPUT_DECIMAL)]
        if "minimum" in schema and value < schema["minimum"]:
            return [_refuse(field, N_("must be at least %(minimum)s"), codes.INPUT_RANGE,
                            minimum=_plain(schema["minimum"]))]
        if "maximum" in schema and value > schema["maximum"]:
            return [_refuse(field, N_("must be at most %(maximum)s"), codes.INPUT_RANGE,
                            maximum=_plain(schema["maximum"]))]
        return []

    def _list(self, value: list[Any], schema: Mapping[str, Any], field: str,
              depth: int) -> list[InvalidInput]:
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            return [_refuse(field, N_("at most %(count)s items"), codes.INPUT_TOO_MANY,
                            count=schema["maxItems"])]
        if "minItems" in schema and len(value) < schema["minItems"]:
            return [_refuse(field, N_("at least %(count)s items"), codes.INPUT_JSON,
                            count=schema["minItems"])]
        if schema.get("uniqueItems"):
            seen = [repr(item) for item in value]
            if len(set(seen)) != len(seen):
                return [_refuse(field, N_("an item is listed twice"), codes.INPUT_REPEATED)]
        items = schema.get("items")
        out: list[InvalidInput] = []
        if isinstance(items, Mapping):
            for index, item in enumerate(value):
                out += self.problems(item, items, f"{field}[{index}]", depth + 1)
        return out

    def _object(self, value: dict[str, Any], schema: Mapping[str, Any], field: str,
                depth: int) -> list[InvalidInput]:
        properties: Mapping[str, Any] = schema.get("properties") or {}
        out: list[InvalidInput] = []
        prefix = f"{field}." if field else ""
        for key in schema.get("required") or ():
            if key not in value:
                out.append(_refuse(prefix + key, N_("this field is required"),
                                   codes.INPUT_MISSING))
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            where = printable(prefix + str(key)[:60])
            if key in properties:
                out += self.problems(item, properties[key], where, depth + 1)
            elif extra is False:
                out.append(_refuse(where, N_("unknown field; known: %(known)s"),
                                   codes.INPUT_UNKNOWN, known=sorted(properties)))
            elif isinstance(extra, Mapping):
                out += self.problems(item, extra, where, depth + 1)
        return out


def _plain(number: Any) -> Any:
    """A bound as people read it: ``9223372036854775807``, not ``9.2e18``."""
    return int(number) if isinstance(number, float) and number.is_integer() else number


__all__ = ["Checker"]
