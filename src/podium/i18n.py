"""The Russian and English catalogs, for every adapter (web pages, CLI tables, CSV/HTML exports).

``src/podium/locale/ru/LC_MESSAGES/messages.po`` is the source of truth, kept with Babel's usual
cycle (``pybabel extract`` -> ``pybabel update`` -> edit the ``.po``; docs/i18n.md). The ``.po`` is
compiled here the first time a language is used and kept in the per-user cache under the hash
of its content (:func:`compiled_catalog`), so a stale ``.mo`` can never show an old text and
nothing is compiled at install. English is the msgids themselves.

Labels that come from the core (``N_`` msgids of table views) and message objects
(:class:`podium.core.messages.Message`: pairing notes, refusals, decisions) are translated here,
at the edge, so the web, the terminal and the exported files say the same thing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
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
    return compiled_catalog(lang)


#: Changed when what is cached changes (the compiled form, the key): old files are not read.
CACHE_FORMAT = "1"


def compiled_catalog(lang: str) -> Translations:
    """``lang``'s ``.po`` compiled (a ``.mo``): read from the per-user cache
    (:func:`podium.usercache.cache_dir`) when it holds the compilation of exactly this
    ``.po``, else compiled and stored there for the next run. Compiling costs a command line
    run about 0.05 s of CPU; the ``.mo`` files are not kept in the repository, and a ``.mo``
    next to the ``.po`` could go stale. The key is the ``.po``'s content (with Babel's
    version and :data:`CACHE_FORMAT`), never its time: an edited, checked-out or copied
    ``.po`` is compiled again. A cache that cannot be read or written (a read-only home, a
    damaged file) only costs the compilation."""
    import hashlib

    from babel import __version__ as babel_version

    from podium.usercache import cache_dir, store

    source = catalog_path(lang).read_bytes()
    digest = hashlib.sha256(f"{CACHE_FORMAT}\0{babel_version}\0".encode() + source)
    stored = cache_dir() / f"messages-{lang}-{digest.hexdigest()[:32]}.mo"
    try:
        return Translations(BytesIO(stored.read_bytes()), domain="messages")
    except Exception:  # no file, unreadable, damaged (a bad .mo raises anything): compile
        pass
    compiled = _compile(source, lang)
    store(stored, compiled, replaces=f"messages-{lang}-")
    return Translations(BytesIO(compiled), domain="messages")


def _compile(source: bytes, lang: str) -> bytes:
    from babel.messages.mofile import write_mo  # here: an English run never reads a .po
    from babel.messages.pofile import read_po

    catalog = read_po(BytesIO(source), locale=lang)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    return compiled.getvalue()


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


@cache
def _number_format(lang: str, pattern: str) -> Callable[[Any], str]:
    """Babel's pattern ``pattern`` parsed once for ``lang`` (``format_decimal`` parses it on
    every call: one call per cell of a large table)."""
    from babel import Locale  # here: a run that prints no number never loads Babel's data
    from babel.numbers import parse_pattern

    locale = Locale.parse(lang)
    parsed = parse_pattern(pattern)
    return lambda value: parsed.apply(value, locale)


def number_text(value: Any, lang: str, decimals: int = 3, fixed: bool = False) -> str:
    """A number for people in ``lang``'s format: ``34,5`` and ``1 234`` in Russian, ``34.5``
    and ``1,234`` in English. Points are exact (Fractions) and rounded here only, to
    ``decimals`` places: an exact half is ``2,5`` (never ``2,500``) unless ``fixed`` keeps every
    place (a column published with a fixed number of decimals: the marathon's ``13,0``).

    Each number is formatted once (Babel's formatting is most of a small table's cells'
    cost, and a table repeats its points): the type is part of the key, so ``1`` and ``1.0``
    never share a text they might not share."""
    kind: Any = type(value)
    try:
        return _number_text(kind, value, lang, decimals, fixed)
    except TypeError:  # a value that cannot be a key
        return _format_number(value, lang, decimals, fixed)


@lru_cache(maxsize=8192)
def _number_text(_kind: Any, value: Any, lang: str, decimals: int, fixed: bool) -> str:
    return _format_number(value, lang, decimals, fixed)


def _format_number(value: Any, lang: str, decimals: int, fixed: bool) -> str:
    from fractions import Fraction

    if isinstance(value, int) and not isinstance(value, bool):
        return _number_format(lang, "#,##0")(value)
    if isinstance(value, Fraction) and value.denominator == 1 and not fixed:
        return _number_format(lang, "#,##0")(value.numerator)
    places = ("0" if fixed else "#") * decimals
    pattern = f"#,##0.{places}" if decimals else "#,##0"
    return _number_format(lang, pattern)(round(float(value), decimals))


def percent_text(value: Any, lang: str, decimals: int = 2) -> str:
    """A ratio as a percentage in ``lang``'s format (``16,67 %`` in Russian), each ratio
    formatted once (as :func:`number_text`)."""
    return _percent_text(float(value), lang, decimals)


@lru_cache(maxsize=8192)
def _percent_text(ratio: float, lang: str, decimals: int) -> str:
    return _number_format(lang, "#,##0." + "0" * decimals + "%")(ratio)
