"""The Russian and English catalogs, for every adapter (web pages, CLI tables, CSV/HTML exports).

Labels that come from the core (``N_`` msgids of table views) are translated here, at the edge,
so the web, the terminal and the exported files say the same thing from one Babel catalog
(``src/podium/locale``; ``tools/ru_catalog.py`` writes it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from babel.support import NullTranslations, Translations

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "ru")
DEFAULT = "en"
_NUMBER = re.compile(r"\d+")


@cache
def translations(lang: str) -> NullTranslations:
    if lang == DEFAULT:
        return NullTranslations()
    return Translations.load(str(LOCALE_DIR), [lang], domain="messages")


def numbered(gettext: Callable[[str], str]) -> Callable[[str], str]:
    """``gettext`` that also finds labels built with a number (``NR 3``, ``< 4 games: NR 0``):
    when the text itself has no translation, its first number is replaced by ``{n}`` (the
    msgids ``NR {n}``, ``< {n} games: NR 0``), and the number is put back in the translation."""

    def translate(message: str) -> str:
        text = gettext(message)
        if text != message or not message:
            return text
        numbers = _NUMBER.findall(message)
        if not numbers:
            return text
        template = _NUMBER.sub("{n}", message, count=1)
        found = gettext(template)
        return text if found == template else found.replace("{n}", numbers[0])

    return translate


def translate(message: str, lang: str) -> str:
    """``message`` (an English msgid) in ``lang``; itself when there is no translation."""
    return numbered(translations(lang).gettext)(message)
