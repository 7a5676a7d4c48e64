"""JSON read from people and clients, with Python's own limits turned into refusals.

Python's JSON reader raises ``RecursionError`` past about a thousand levels of nesting and a
plain ``ValueError`` for an integer of more than 4,300 digits; neither is a
``JSONDecodeError``, and both once reached a user as a server error or a traceback. Every
JSON text that comes from outside (a body, an event file, a games file, a form's field) is
read through :func:`parse` or, piece by piece, :func:`decode_at`.
"""

from __future__ import annotations

import json
from typing import Any

from podium.core import codes
from podium.core.errors import InvalidInput
from podium.core.views import N_

_DECODER = json.JSONDecoder()


def too_deep(field: str | None = None) -> InvalidInput:
    return InvalidInput(N_("the JSON is nested too deep (about a thousand levels at most)"),
                        code=codes.INPUT_NESTING, field=field)


def too_long_number(field: str | None = None) -> InvalidInput:
    return InvalidInput(N_("a number in the JSON has more than 4,300 digits"),
                        code=codes.INPUT_NUMBER, field=field)


def parse(text: str | bytes | bytearray, field: str | None = None) -> Any:
    """``json.loads(text)``; a text that is not JSON raises ``JSONDecodeError`` as there (the
    callers word it), nesting or a number past Python's limits a refusal naming ``field``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise too_deep(field) from None
    except ValueError:  # "Exceeds the limit (4300 digits) for integer string conversion"
        raise too_long_number(field) from None


def decode_at(text: str, index: int, field: str | None = None) -> tuple[Any, int]:
    """``JSONDecoder.raw_decode(text, index)`` with the same refusals as :func:`parse`."""
    try:
        return _DECODER.raw_decode(text, index)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise too_deep(field) from None
    except ValueError:
        raise too_long_number(field) from None
