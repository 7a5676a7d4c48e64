"""The Russian and English catalogs, for every adapter (web pages, CLI tables, CSV/HTML exports).

``src/podium/locale/ru/LC_MESSAGES/messages.po`` is the source of truth, kept with Babel's usual
cycle (``pybabel extract`` -> ``pybabel update`` -> edit the ``.po``; docs/i18n.md). The ``.po`` is
compiled here, in memory, the first time a language is used, so a stale ``.mo`` can never show
an old text and nothing is compiled at install. English is the msgids themselves.

Labels that come from the core (``N_`` msgids of table views) and message objects
(:class:`podium.core.messages.Message`: pairing notes, refusals, decisions) are translated here,
at the edge, so the web, the terminal and the exported files say the same thing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.support import NullTranslations, Translations

from podium.core.messages import Message, is_message

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "ru")
DEFAULT = "en"


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"


@cache
def translations(lang: str) -> NullTranslations:
    """``lang``'s catalog, compiled from its ``.po`` (fuzzy entries are not used)."""
    if lang == DEFAULT or not catalog_path(lang).exists():
        return NullTranslations()
    from babel.messages.mofile import write_mo  # here: an English run never reads a .po
    from babel.messages.pofile import read_po

    with open(catalog_path(lang), "rb") as handle:
        catalog = read_po(handle, locale=lang)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain="messages")


def tr_for(lang: str) -> Callable[[Any], str]:
    """``tr(x)``: a message object rendered, or a plain msgid translated (itself without one)."""
    catalog = translations(lang)

    def tr(message: Any) -> str:
        if isinstance(message, Message):
            return message.render(catalog)
        if is_message(message):  # a message as the log stores it
            return Message.from_json(message).render(catalog)
        if not message:
            return ""
        return catalog.gettext(str(message))

    return tr


def translate(message: Any, lang: str) -> str:
    """``message`` (a message object or an English msgid) in ``lang``."""
    return tr_for(lang)(message)
