"""How two spellings of one name are recognised: case, spaces, ё/е, the order of the words, and
Cyrillic against Latin (Иванов, Ivanov). A suggestion only: the organiser confirms a link.

The key transliterates Cyrillic to Latin, then folds the spellings transliteration systems
disagree on (ks/x, kh/h, iy/y, yu/iu...), so "Юрий Хохлов" and "Yuriy Khokhlov" meet."""

from __future__ import annotations

import re
import unicodedata

_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
    "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "sh", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
}
#: Spellings of one sound in the common Latin transliterations, folded to one (order matters).
_FOLDS = (("shch", "sh"), ("kh", "h"), ("ks", "x"), ("tz", "ts"), ("iy", "i"), ("yy", "i"),
          ("ij", "i"), ("y", "i"), ("j", "i"), ("w", "v"), ("ph", "f"), ("ck", "k"),
          ("iu", "iu"), ("ia", "ia"), ("ie", "e"), ("ii", "i"))
_WORD = re.compile(r"[^\W_]+")


def plain(name: str) -> str:
    """A name as people mean it: spaces collapsed (what is stored and shown)."""
    return " ".join(name.split())


def exact_key(name: str) -> str:
    """One key for spellings that differ by case, spaces and ё/е only (a duplicate)."""
    return plain(name).casefold().replace("ё", "е")


def _latin(word: str) -> str:
    word = "".join(_CYRILLIC.get(ch, ch) for ch in word.casefold())
    word = "".join(ch for ch in unicodedata.normalize("NFKD", word)
                   if not unicodedata.combining(ch))
    for old, new in _FOLDS:
        word = word.replace(old, new)
    return word


def loose_key(name: str) -> str:
    """The key a suggestion compares: transliterated, folded, the words in sorted order
    ("Иванов Иван" meets "Ivan Ivanov")."""
    return " ".join(sorted(_latin(w) for w in _WORD.findall(name)))


def initials(name: str) -> str:
    """A hidden person's shown name: each word's first letter ("Анна Петрова" -> "А. П.")."""
    words = _WORD.findall(name)
    return " ".join(f"{w[0].upper()}." for w in words) or "?"
