"""Jinja2 rendering: one environment per language, Babel translations, QR codes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import segno
from fastapi import Request
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from podium.core.errors import PodiumError
from podium.web.i18n import (
    DEFAULT,
    LANGUAGES,
    Formatter,
    localise,
    negotiate,
    tr_for,
    translations,
)

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"


@lru_cache(maxsize=512)
def qr_svg(url: str, fluid: bool = False) -> Markup:
    """The QR code of ``url`` as inline SVG (for the venue's projector); ``fluid``: sized by
    the page's stylesheet (a viewBox, no width and height)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff",
                                                omitsize=fluid)
    return Markup(svg)


def record_fields(value: Any) -> list[tuple[str, Any]]:
    """A dataclass value's fields as (name, value), for the generic page of a view."""
    import dataclasses

    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return []
    return [(f.name, getattr(value, f.name)) for f in dataclasses.fields(value)]


def is_records(value: Any) -> bool:
    """Whether ``value`` is a list of dataclass values (a table on the generic page)."""
    import dataclasses

    return (isinstance(value, list) and bool(value)
            and all(dataclasses.is_dataclass(v) and not isinstance(v, type) for v in value))



def event_title(lang: str) -> Callable[[Any], str]:
    """An event's name as its heading shows it: a name podium gave (its format's
    ``Presentation.default_name``, a msgid) in the page's language, else as stored."""
    tr = tr_for(lang)

    def title(event: Any) -> str:
        from podium.formats.registry import get_format

        name = str(event.name)
        try:
            default = get_format(event.format).presentation.default_name
        except Exception:
            return name
        return tr(name) if default and name == default else name

    return title


@cache
def zone_names() -> tuple[str, ...]:
    """The IANA time zones of places (``Europe/Moscow``), sorted: what a zone field suggests."""
    from zoneinfo import available_timezones

    return tuple(sorted(z for z in available_timezones() if "/" in z
                        and not z.startswith(("Etc/", "SystemV/", "posix/", "right/"))))

class Renderer:
    """One Jinja environment per language over the shared templates and the formats' own
    (``template_dirs``, from the composition root)."""

    def __init__(self, template_dirs: Sequence[Path] = ()) -> None:
        self.template_dirs = tuple(template_dirs)
        self._envs = {lang: self._environment(lang) for lang in LANGUAGES}

    def _environment(self, lang: str) -> Environment:
        env = Environment(
            loader=ChoiceLoader([FileSystemLoader(TEMPLATE_DIR),
                                 *(FileSystemLoader(d) for d in self.template_dirs)]),
            autoescape=select_autoescape(["html"]),
            extensions=["jinja2.ext.i18n"],
            trim_blocks=True,
            lstrip_blocks=True,
        )
        env.install_gettext_translations(  # type: ignore[attr-defined]  # the i18n extension's
            translations(lang), newstyle=True)
        # Dynamic msgids (labels from the core, titles, kinds): translated without %-formatting.
        env.globals["tr"] = tr_for(lang)
        env.globals["setting_value"] = setting_value(lang)
        env.filters["sentence"] = sentence
        from podium.service.logtext import reason_text

        # a reason the app wrote ("disqualified: ...", a formed season's) in the page's language
        env.globals["log_reason"] = lambda reason: reason_text(reason or "", lang)
        env.globals["format_title"] = format_title(lang)
        env.globals["event_title"] = event_title(lang)
        env.globals["stage_name"] = stage_name(lang)
        env.globals["LANGUAGES"] = LANGUAGES
        from podium.service.top import seeding_choices

        env.globals["seeding_choices"] = seeding_choices  # what each TOP seeding gives
        env.globals["lang"] = lang
        from podium.core.inputs import is_web_link

        # a stored link (an old log may hold any text) is drawn as a link only when http(s)
        env.globals["is_web_link"] = is_web_link
        env.globals["event_complete"] = event_complete
        from podium.service.signup import offered_fields

        env.globals["signup_questions"] = offered_fields  # what signup.open's form offers
        env.globals["record_fields"] = record_fields  # a declared view's value, generically
        env.globals["is_records"] = is_records
        env.globals["zones"] = zone_names  # a time zone field's suggestions
        return env

    def env(self, lang: str) -> Environment:
        return self._envs.get(lang, self._envs[DEFAULT])

    def render(self, lang: str, template: str, context: dict[str, Any]) -> str:
        return self.env(lang).get_template(template).render(context)

    def error_page(self, request: Request, message: PodiumError | str, status: int) -> str:
        lang = negotiate(request.cookies.get("lang"), request.headers.get("accept-language"))
        return self.render(
            lang,
            "error.html",
            {
                "message": localise(message, lang),
                "status": status,
                "fmt": formatter(lang),
                "page": None,
                "request": request,
                "qr": None,
                "title": "",
            },
        )


def sentence(text: object, capital: bool = True) -> str:
    """``text`` as a whole sentence: a capital first letter and a full stop at its end, so a
    refusal followed by «Ничего не сохранено.» reads as two sentences, not one run together."""
    said = str(text or "").strip()
    if not said:
        return ""
    if capital:  # not after "Table 2:", where the sentence goes on
        said = said[0].upper() + said[1:]
    return said if said[-1] in ".!?…" else said + "."


def setting_value(lang: str) -> Callable[[object], str]:
    """A setting's value as the page shows it: a choice's code (``byes``, ``random``) in the
    page's language (``pgettext("setting value", ...)``), anything else as it is."""
    catalog = translations(lang)

    def one(text: str) -> str:
        if not text:
            return ""
        found = str(catalog.pgettext("setting value", text))
        return found if found != text else catalog.gettext(text)

    def shown(value: object) -> str:
        text = str(value)
        if "," in text and " " not in text:  # a list of choices (tiebreakers)
            return ", ".join(one(part) for part in text.split(","))
        return one(text)

    return shown


def event_complete(state: Any) -> bool:
    """Whether an event is over (its tabs then offer no "report a result")."""
    from podium.core import phases
    from podium.formats.registry import get_format

    return phases.is_complete(state, get_format(state.format))


def stage_name(lang: str) -> Callable[[object], str]:
    """A stage's key (``swiss``, ``final``, ``top``) as the page names it."""
    catalog = translations(lang)
    return lambda key: str(catalog.pgettext("stage", str(key)))


def format_title(lang: str) -> Callable[[str], str]:
    """A format's title (not its id) in the page's language."""
    tr = tr_for(lang)

    def title(name: str) -> str:
        from podium.formats.registry import get_format

        try:
            return tr(get_format(name).title)
        except Exception:
            return name

    return title


@cache
def formatter(lang: str) -> Formatter:
    return Formatter(lang)
