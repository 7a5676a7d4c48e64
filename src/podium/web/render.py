"""Jinja2 rendering: one environment per language, Babel translations, QR codes."""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import segno
from fastapi import Request
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from podium.compose import template_dirs
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
def qr_svg(url: str) -> Markup:
    """The QR code of ``url`` as inline SVG (for the venue's projector)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff")
    return Markup(svg)


class Renderer:
    def __init__(self) -> None:
        self._envs = {lang: self._environment(lang) for lang in LANGUAGES}

    @staticmethod
    def _environment(lang: str) -> Environment:
        env = Environment(
            loader=ChoiceLoader([FileSystemLoader(TEMPLATE_DIR),
                                 *(FileSystemLoader(d) for d in template_dirs())]),
            autoescape=select_autoescape(["html"]),
            extensions=["jinja2.ext.i18n"],
            trim_blocks=True,
            lstrip_blocks=True,
        )
        env.install_gettext_translations(translations(lang), newstyle=True)
        # Dynamic msgids (labels from the core, titles, kinds): translated without %-formatting.
        env.globals["tr"] = tr_for(lang)
        env.globals["LANGUAGES"] = LANGUAGES
        env.globals["lang"] = lang
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


@cache
def formatter(lang: str) -> Formatter:
    return Formatter(lang)
