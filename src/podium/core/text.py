"""Text that people type, made safe to store and to show: one rule for every adapter.

Names, reasons, notes and ids arrive from forms, files, the API and the command line. Before
anything is stored they are normalised (Unicode NFC, runs of whitespace as one space) and
checked: no control characters (a NUL breaks PostgreSQL; an escape sequence garbles a
terminal), no invisible name (zero-width spaces only), and a length limit. A refusal names the
field and says what was wrong, in the user's terms.
"""

from __future__ import annotations

import unicodedata

from podium.core import codes
from podium.core.errors import InvalidInput

#: Unicode categories that show nothing by themselves: controls, formats (zero-width space,
#: joiners, direction marks), unassigned and private-use code points, separators.
INVISIBLE = {"Cc", "Cf", "Cn", "Co", "Cs", "Zs", "Zl", "Zp"}


def has_control(text: str, newlines: bool = False) -> bool:
    """True when ``text`` holds a control character (tabs and, if allowed, newlines aside)."""
    allowed = "\t\n\r" if newlines else "\t"
    return any(unicodedata.category(c) == "Cc" and c not in allowed for c in text)


def clean_text(raw: object, field: str, limit: int, *, required: bool = False,
               newlines: bool = False) -> str:
    """``raw`` as stored text: NFC, whitespace collapsed (newlines kept when ``newlines``),
    at most ``limit`` characters; refused with ``field`` named when it holds a control
    character, is too long, or (``required``) is empty."""
    text = unicodedata.normalize("NFC", "" if raw is None else str(raw))
    if has_control(text, newlines):
        raise InvalidInput("%(field)s: the text holds a control character (such as NUL or an "
                           "escape); type it again without", code=codes.TEXT_CONTROL, field=field)
    if newlines:
        text = "\n".join(" ".join(line.split()) for line in text.strip().splitlines())
    else:
        text = " ".join(text.split())
    if len(text) > limit:
        raise InvalidInput("%(field)s: at most %(limit)s characters (this one has %(count)s)",
                           code=codes.TEXT_LENGTH, field=field, limit=limit, count=len(text))
    if required and not visible(text):
        raise InvalidInput("%(field)s: it is empty", code=codes.TEXT_EMPTY, field=field)
    return text


def visible(text: str) -> bool:
    """Whether ``text`` shows at least one character (not only spaces or zero-width marks)."""
    return any(unicodedata.category(c) not in INVISIBLE for c in text)


def clean_name(raw: object, field: str = "name", limit: int = 80) -> str:
    """A player's (or an event's) name: like :func:`clean_text`, and it must show a character
    (80 zero-width spaces are not a name)."""
    text = clean_text(raw, field, limit)
    if not visible(text):
        raise InvalidInput("%(field)s: a name needs at least one visible character",
                           code=codes.TEXT_EMPTY, field=field)
    return text


def search_key(text: str) -> str:
    """``text`` as a name search compares it: case, accents and ``ё``/``е`` ignored.

    A player at the venue types "петр" for "Пётр" or "jose" for "José" on a phone keyboard:
    the decomposed form without its combining marks, case-folded, finds both."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()
