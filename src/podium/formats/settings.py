"""Typed, validated format settings: each field knows its default, its parser and its help."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from podium.core import codes
from podium.core.errors import InvalidInput
from podium.core.messages import M
from podium.core.views import N_


@dataclass(frozen=True)
class Field:
    key: str
    default: Any
    parse: Callable[[str, Any], Any]
    help: str
    rule: str = ""


Parser = TypeVar("Parser", bound=Callable[..., Any])


def typed(schema: dict[str, Any], parse: Parser) -> Parser:
    """``parse`` with the JSON Schema of the values it takes (the API's settings objects)."""
    parse.schema = schema  # type: ignore[attr-defined]  # read by the API's schema
    return parse


def field_schema(field: Field) -> dict[str, Any]:
    """The JSON Schema of one setting's value on the API: its parser's, or else its default's
    type (a format's own parser), with its help and rule."""
    schema = dict(getattr(field.parse, "schema", None) or _schema_of(field.default))
    help_text = str(field.help)
    schema["description"] = f"{help_text} ({field.rule})" if field.rule else help_text
    return schema


def _schema_of(value: Any) -> dict[str, Any]:
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, Fraction):
        return {"type": "number"}
    if isinstance(value, tuple | list):
        items = [_schema_of(item) for item in value]
        return {"type": "array", "items": items[0] if items else {"type": "string"}}
    return {"type": "string"}


def settings_schema(fields: Sequence[Field]) -> dict[str, Any]:
    """A format's settings as one JSON object: every setting optional, no other key."""
    return {"type": "object", "additionalProperties": False,
            "properties": {f.key: field_schema(f) for f in fields}}


def parse_fields(fields: Sequence[Field], raw: Mapping[str, Any]) -> dict[str, Any]:
    """Parse ``raw`` over the defaults; unknown keys and bad values raise InvalidInput."""
    known = {f.key: f for f in fields}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise InvalidInput(
            "unknown setting %(unknown)r; known settings: %(known)s", code=codes.SETTING_UNKNOWN,
            unknown=unknown[0], known=', '.join(sorted(known))
        )
    values = {}
    for f in fields:
        value = raw.get(f.key, f.default)
        values[f.key] = f.default if value is None else f.parse(f.key, value)
    return values


def to_json(value: Any) -> Any:
    """A JSON value for a parsed setting (Fractions as text, so they stay exact)."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    if isinstance(value, tuple):
        return [to_json(v) for v in value]
    return value


def integer(minimum: int, maximum: int | None = None) -> Callable[[str, Any], int]:
    def parse(key: str, value: Any) -> int:
        if isinstance(value, bool):
            raise InvalidInput(
                "setting %(key)s: expected a whole number, got %(value)r", code=codes.SETTING_TYPE,
                key=key, value=value)
        try:
            number = int(str(value).strip())
        except ValueError:
            raise InvalidInput(
                "setting %(key)s: %(value)r is not a whole number", code=codes.SETTING_TYPE,
                key=key, value=value) from None
        if number < minimum or (maximum is not None and number > maximum):
            # a message, so the refusal reads in one language ("от 2 до 7", not "between")
            bound = (M("between %(minimum)s and %(maximum)s", minimum=minimum, maximum=maximum)
                     if maximum is not None else M("at least %(minimum)s", minimum=minimum))
            raise InvalidInput(
                "setting %(key)s: %(number)s must be %(bound)s", code=codes.SETTING_RANGE,
                key=key, number=number, bound=bound)
        return number

    bounds = {"minimum": minimum} | ({} if maximum is None else {"maximum": maximum})
    return typed({"type": "integer", **bounds}, parse)


def optional_integer(minimum: int, maximum: int | None = None
                     ) -> Callable[[str, Any], int | None]:
    inner = integer(minimum, maximum)

    def parse(key: str, value: Any) -> int | None:
        if value in ("", "auto", "авто"):  # "авто": as the Russian pages name it
            return None
        return inner(key, value)

    integer_schema = getattr(inner, "schema", {"type": "integer"})
    return typed({"anyOf": [integer_schema, {"type": "null"}]}, parse)


MAX_POINTS = 1_000_000  # far beyond any regulation; keeps every sum exact and printable


def points(key: str, value: Any) -> Fraction:
    """A non-negative exact number of points: 3, 2.5 or 5/2 (at most :data:`MAX_POINTS`)."""
    if isinstance(value, bool):
        raise InvalidInput("setting %(key)s: expected a number, got %(value)r", field=key,
                           code=codes.SETTING_TYPE, key=key, value=value)
    text = str(value).strip()
    if len(text) > 24 or "e" in text.lower():
        raise InvalidInput("setting %(key)s: %(value)r is not a number like 3, 2.5 or 5/2",
                           field=key, code=codes.SETTING_TYPE, key=key, value=text[:24])
    try:
        number = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InvalidInput("setting %(key)s: %(value)r is not a number", field=key,
                           code=codes.SETTING_TYPE, key=key, value=text) from None
    if number < 0 or number > MAX_POINTS:
        raise InvalidInput("setting %(key)s: %(value)s must be between 0 and %(limit)s",
                           field=key, code=codes.SETTING_RANGE, key=key, value=text,
                           limit=MAX_POINTS)
    return number


typed({"type": "number", "minimum": 0, "maximum": MAX_POINTS}, points)


def choice(options: Sequence[str]) -> Callable[[str, Any], str]:
    def parse(key: str, value: Any) -> str:
        text = str(value).strip()
        if text not in options:
            raise InvalidInput(
                "setting %(key)s: %(text)r is not one of %(options)s", code=codes.SETTING_CHOICE,
                key=key, text=text, options=', '.join(options))
        return text

    parse.options = tuple(options)  # type: ignore[attr-defined]  # a form shows a select
    return typed({"type": "string", "enum": list(options)}, parse)


def name_list(options: Sequence[str]) -> Callable[[str, Any], tuple[str, ...]]:
    """A list given as JSON or as comma-separated text, each item from ``options``."""

    def parse(key: str, value: Any) -> tuple[str, ...]:
        items = value.split(",") if isinstance(value, str) else list(value)
        names = tuple(str(item).strip() for item in items if str(item).strip())
        for name in names:
            if name not in options:
                raise InvalidInput(
                    "setting %(key)s: %(name)r is not one of %(options)s",
                    code=codes.SETTING_CHOICE, key=key, name=name, options=', '.join(options))
        if len(set(names)) != len(names):
            raise InvalidInput(
                "setting %(key)s: a name is listed twice", code=codes.SETTING_REPEATED,
                key=key)
        return names

    return typed({"type": "array", "uniqueItems": True,
                  "items": {"type": "string", "enum": list(options)}}, parse)


def boolean(key: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise InvalidInput(
        "setting %(key)s: %(value)r is not yes or no", code=codes.SETTING_TYPE,
        key=key, value=value)


typed({"type": "boolean"}, boolean)


def time_zone(key: str, value: Any) -> str:
    """An IANA time zone name (``Europe/Moscow``): the times on an event's pages are shown in
    it (they are stored in UTC)."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    text = str(value).strip()
    try:
        ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise InvalidInput("setting %(key)s: %(value)s is not a time zone name such as "
                           "Europe/Moscow", field=key, code=codes.SETTING_ZONE, key=key,
                           value=text[:64]) from None
    return text


typed({"type": "string", "maxLength": 64}, time_zone)


#: The shared setting of the time zone an event's pages show times in (a msgid: the settings
#: forms and the log show it in the page's language).
TIME_ZONE_HELP = N_("time zone of the times on the event's pages (e.g. Europe/Moscow)")



#: The shared setting of an event's weight in a rating across events (the regulations'
#: «коэффициент турнира»: the marathon's announcement's «рейтинговый коэффициент», Berserk's
#: rules 4.3 «коэффициенты турниров»; no rule ID in the digest, MJ and BRK): each of its games
#: moves a rating by this multiple of an ordinary event's change (:mod:`podium.ratings`).
RATING_WEIGHT = Field("rating_weight", Fraction(1), points,
                      N_("the event's weight in ratings across events (the tournament "
                         "coefficient): 1 an ordinary event, 2 twice its change"))

#: Whether the public standings show each player's chances (:mod:`podium.core.projection`):
#: off by default, some events do not want them; organisers read them regardless.
ODDS_SHOWN = Field("odds_shown", False, boolean,
                   N_("show each player's chances (of the final, of first place...) on the "
                      "public standings and the player's page; organisers always see them"))
#: How a projection supposes a game ends (:data:`podium.core.projection.MODELS`).
ODDS_MODEL = Field("odds_model", "uniform", choice(("uniform", "rating")),
                   N_("how the chances suppose a game ends: uniform (every finish equally "
                      "likely) or rating (by the players' ratings across events, else their "
                      "results in this event)"))
