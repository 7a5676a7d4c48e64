"""Languages of the web pages: Russian and English, Babel catalogs, per-locale formatting.

The language is the ``lang`` cookie (set by the switch on every page), else the browser's
``Accept-Language``, else English. Labels from the core (``N_`` msgids of table views) are
translated here at render time, like the templates' own strings.
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from zoneinfo import ZoneInfo

from babel import Locale
from babel.dates import format_date, format_time, get_datetime_format

from podium.core.errors import InvalidInput, PodiumError
from podium.core.messages import Message
from podium.core.views import Change, Column, display
from podium.i18n import DEFAULT, LANGUAGES, number_text, percent_text, tr_for, translations
from podium.service.logtext import division_name

COOKIE = "lang"
PERCENT = {"opponents_win_pct"}  # criteria shown as percentages (podium.core.tiebreakers)


def negotiate(cookie: str | None, accept: str | None) -> str:
    if cookie in LANGUAGES:
        return cookie
    wanted: list[tuple[float, str]] = []
    for part in (accept or "").split(","):
        piece, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        lang = piece.strip().split("-")[0].lower()
        if lang in LANGUAGES:
            wanted.append((weight, lang))
    if wanted:
        return max(wanted, key=lambda item: item[0])[1]
    return DEFAULT


class Formatter:
    """Numbers, dates and table cells in one locale."""

    def __init__(self, lang: str, zone: str = "UTC") -> None:
        self.lang = lang
        self.locale = Locale.parse(lang)
        self.zone = ZoneInfo(zone)
        self.gettext = translations(lang).gettext
        self.catalog = translations(lang)
        self.ngettext = self.catalog.ngettext
        self.label = tr_for(lang)

    def number(self, value: int | Fraction, decimals: int = 3) -> str:
        """A page's number (:func:`podium.i18n.number_text`): a fraction with every place of
        its column (a table's column reads evenly), a whole number without any."""
        if isinstance(value, Fraction) and value.denominator != 1:
            return number_text(value, self.lang, decimals, fixed=True)
        return number_text(int(value), self.lang)

    def when(self, moment: datetime, zone: str | None = None) -> str:
        """A moment in the locale, in the formatter's time zone or ``zone`` (an event's), to
        the minute: the locale's medium date and short time ("7 дек. 2026 г., 03:00"), no
        seconds (nothing a person reads is timed to the second)."""
        where = ZoneInfo(zone) if zone else self.zone
        local = moment.astimezone(where)
        pattern = str(get_datetime_format("medium", locale=self.locale))
        return pattern.replace("{1}", format_date(local, "medium", locale=self.locale)).replace(
            "{0}", format_time(local, "short", locale=self.locale))

    def cell(self, value: object, column: Column) -> str:
        """A table view's cell: numbers per locale, text labels translated."""
        if value is None:
            return ""
        if isinstance(value, Change):
            if value.new:
                return self.gettext("new")
            return display(value, column)
        if isinstance(value, Message):
            return value.render(self.catalog)
        if isinstance(value, list | tuple):
            return "; ".join(self.cell(item, column) for item in value)
        if isinstance(value, bool):
            return str(value)
        if column.key in PERCENT:
            # a percentage column: a number by the table's declaration
            return percent_text(value, self.lang)
        if isinstance(value, int | Fraction):
            return self.number(value, column.decimals)
        text = str(value)
        if column.key == "note" and text:
            return self.label(text)
        return text


#: Invalid input from a form field. Every refusal carries its msgid and params
#: (podium.core.errors), so this is the core's InvalidInput under the name the forms use.
Localised = InvalidInput


def localise(error: PodiumError | str, lang: str) -> str:
    """A refusal in ``lang``: its msgid translated, then filled with its params, after the name
    of the field it concerns (unless the message starts with it)."""
    catalog = translations(lang)
    if isinstance(error, str):
        return catalog.gettext(error)
    params = dict(error.params)
    for key in CHOICE_LISTS:  # the choices a refusal lists, by their labels, not their keys
        if isinstance(params.get(key), str | list | tuple) and lang != DEFAULT:
            params[key] = ", ".join(f"«{_choice(part, catalog)}»" for part in _items(params[key]))
    if error.msgid.startswith("no division") and isinstance(params.get("known"), str | list):
        params["known"] = ", ".join(division_name(part, catalog)
                                    for part in _items(params["known"]))
    for key in ("key", "format"):
        if isinstance(params.get(key), str) and (key == "format" or error.msgid.startswith(
                "setting")):
            params[key] = _named(key, params[key])
    text = Message(error.msgid, params).render(catalog)
    field = error.field
    if field and not error.msgid.startswith(("%(field_name)s", f"{field}:")) and not (
            text.startswith(f"{field}:")) and field not in map(str, error.params.values()):
        text = f"{_field_label(field, catalog)}: {text}"
    return text


#: The params of refusals that list the allowed choices ("... is not one of %(options)s").
CHOICE_LISTS = ("options", "choices", "draw_rules", "rules")


def _items(value: str | list[object] | tuple[object, ...]) -> list[str]:
    parts = value.split(",") if isinstance(value, str) else [str(v) for v in value]
    return [part.strip() for part in parts if part.strip()]


def _choice(key: str, catalog: object) -> str:
    """A choice's key (``short-pods``) as the settings' selects name it."""
    found = catalog.pgettext("setting value", key)  # type: ignore[attr-defined]
    return found if found != key else catalog.gettext(key)  # type: ignore[attr-defined]


def _named(kind: str, value: str) -> object:
    """A setting's key or a format's id, as a refusal names it: «its label» / its title."""
    from podium.formats.registry import all_formats

    for ruleset in all_formats():
        if kind == "format" and ruleset.name == value:
            return Message(ruleset.title)
        if kind == "key":
            for field in ruleset.fields:
                if field.key == value:
                    return Message("«%(label)s»", {"label": Message(field.help)})
    return value


def _field_label(field: str, catalog: object) -> str:
    """The name of the field a refusal concerns, in the page's language when it is known."""
    return catalog.pgettext("log field", field)  # type: ignore[attr-defined]
