"""Text as a person types it (a command line's options, a form's fields) as the JSON body the
API takes: each field read by its own input, then written in JSON types (a number a number, a
list a list, settings typed by the format's declarations). For tools that hold text and call
the API, such as the conformance kit, which runs one example on every surface."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from fractions import Fraction
from typing import Any

from podium.core.commands import API, TEXT, CommandSpec, Param, decode_param


def json_fields(spec: CommandSpec, fields: Mapping[str, Any],
                format_name: str | None = None) -> dict[str, Any]:
    """``fields`` (text) as a JSON body of ``spec``; ``format_name``: the format whose settings
    a settings field gives (the event's, or the one being made; default the body's
    ``format``)."""
    params = {p.name: p for p in spec.params_on(API)}
    out: dict[str, Any] = {}
    for key, value in fields.items():
        param = params.get(key)
        if param is None or not _text(value):
            out[key] = value  # not a field of the API, or not text: as it is (refused alike)
            continue
        if not (value.strip() if isinstance(value, str) else any(v.strip() for v in value)):
            continue  # left empty: not given
        out[key] = json_value(param, value, format_name or str(fields.get("format") or ""))
    return out


def _text(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, list) and all(
        isinstance(item, str) for item in value))


def json_value(param: Param, text: str | list[str], format_name: str) -> Any:
    from podium.api.commands import field_schema, settings_param

    if settings_param(param):
        return settings_json(decode_param(param, text, TEXT), format_name)
    schema = field_schema(param)
    if schema.get("type") == "string":
        return text  # read the same from JSON as from text
    try:
        value = decode_param(param, text, TEXT)
    except Exception:
        return text  # refused alike on every surface
    return plain(value, schema)


def plain(value: Any, schema: Mapping[str, Any] | None = None) -> Any:
    """A decoded value in JSON types (pairs as an object where the schema wants one)."""
    if isinstance(value, bool) or value is None or isinstance(value, int | str):
        return value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        if (schema or {}).get("type") == "object" and all(
                isinstance(item, tuple) and len(item) == 2 for item in value):
            return {str(k): plain(v) for k, v in value}
        return [plain(item) for item in value]
    return str(value)


def settings_json(values: Mapping[str, Any], format_name: str) -> dict[str, Any]:
    """``KEY=VALUE`` settings (text) typed as the format declares them."""
    from podium.formats import get_format

    try:
        fields = {f.key: f for f in get_format(format_name or "commander").fields}
    except Exception:
        return dict(values)
    out = {}
    for key, text in values.items():
        field = fields.get(key)
        try:
            out[key] = plain(field.parse(key, text)) if field is not None else text
        except Exception:
            out[key] = text  # refused alike on every surface
    return out


__all__ = ["json_fields"]
