"""Typed refusals: every error a person can cause carries a code, a field and a message id.

A refusal is raised by the domain (replay, a format's rules, a payload schema) or the service,
and shown by every adapter from the same data: the CLI prints ``str(error)`` (English), the API
answers ``error.to_json()`` (``{"code", "field", "message", "params"}``), and the web translates
``error.msgid`` with ``error.params`` into the page's language next to ``error.field``.

``msgid`` is an English sentence with ``%(name)s`` placeholders; ``params`` fill them. A plain
English sentence (no params) is a valid msgid too, so ``InvalidInput("no player names given")``
still works; a refusal with names or numbers in it gives them as params so the sentence itself
can be translated.

The category (the class) decides the exit code and the HTTP status: :class:`InvalidInput` 422 /
exit 2, :class:`NotFound` 404 / exit 3, :class:`Conflict` 409 / exit 4, :class:`Forbidden` 403,
:class:`Unauthorised` 401; :class:`Stale` (a conflict: what the command changes changed
since the version it named) 412 / exit 4; :class:`Unavailable` 503 (507 when the database is
full) / exit 5.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from podium.core.messages import Message

#: A surrogate code point: in a Python string always a lone one (json.loads joins a valid pair).
SURROGATE = re.compile("[\ud800-\udfff]")


class PodiumError(Exception):
    """Base class: a refusal meant for the person who caused it; nothing was stored."""

    category: ClassVar[str] = "invalid"
    status: ClassVar[int] = 422

    def __init__(self, msgid: str, *, code: str | None = None, field: str | None = None,
                 **params: Any) -> None:
        self.msgid = msgid
        # what was typed is echoed in params and the field: text that cannot be encoded (a
        # lone surrogate from a JSON body) is shown with U+FFFD, so no answer fails to encode
        self.params: dict[str, Any] = {key: printable(value) for key, value in params.items()}
        self.code = code or self.category
        self.field = printable(field)
        #: What a form may fill in for the person to finish, by field, as typed (a die's
        #: players, their rolls to enter): the refusal asks for it, the page offers it.
        self.suggest: dict[str, str] = {}
        super().__init__(render(msgid, self.params))

    @property
    def message(self) -> str:
        """The English text (what ``str(error)`` gives)."""
        return str(self)

    def to_json(self) -> dict[str, Any]:
        """The refusal as the API returns it."""
        return {
            "code": self.code,
            "field": self.field,
            "message": str(self),
            "params": {key: _jsonable(value) for key, value in self.params.items()},
        }

    def as_message(self) -> Message:
        """The refusal as a message object (to render in any language, or to nest in another)."""
        return Message(self.msgid, self.params)

    def at(self, field: str) -> PodiumError:
        """The same refusal attributed to ``field`` (when the caller knows which one it was)."""
        if self.field is None:
            self.field = printable(field)
        return self


class InvalidInput(PodiumError):
    """Bad input (a result, a setting, a file, a payload): nothing was stored."""


class NotFound(PodiumError):
    """An event, player, round or table that does not exist."""

    category = "not_found"
    status = 404


class Conflict(PodiumError):
    """The action does not fit the event's current state (e.g. pairing with results missing)."""

    category = "conflict"
    status = 409


class Stale(Conflict):
    """The command named the version of what it changes (``expect``, ``If-Match``) and that
    changed since: someone else's change came first. Nothing was stored; the message shows
    what is there now. HTTP 412 (Precondition Failed); on the command line a conflict."""

    status = 412


class Forbidden(PodiumError):
    """The caller may not do this (a player code for another table or event, a missing role)."""

    category = "forbidden"
    status = 403


class Unauthorised(PodiumError):
    """No credentials, or unknown ones: who is asking is not known (HTTP 401)."""

    category = "unauthorised"
    status = 401


class Unavailable(PodiumError):
    """The database could not do it now (unreachable, the connection lost, full): nothing was
    stored, unless the refusal says that is not known (``store.unknown``). Not the caller's
    fault: the same request may succeed later (HTTP 503 with ``Retry-After``)."""

    category = "unavailable"
    status = 503
    retry_after = 5  # seconds an HTTP answer asks the caller to wait


class StoreFull(Unavailable):
    """The database's disk (or its size limit) is full: nothing was stored (HTTP 507)."""

    status = 507


def printable(value: Any) -> Any:
    """``value`` with every lone surrogate of its text (``"\\ud800"`` from a JSON body, which
    no encoder can write) replaced by U+FFFD, in lists, tuples and mappings too; anything else
    as it is. Why: a refusal echoes the input, and an echo must never fail (HTTP 500). A
    message stays a message (its params cleaned), so it still renders in the reader's
    language."""
    if isinstance(value, Message):
        return Message(value.id, printable(value.params), value.plural, value.context)
    if isinstance(value, str):
        return SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [printable(item) for item in value]
    if isinstance(value, tuple):
        return tuple(printable(item) for item in value)
    if isinstance(value, Mapping):
        return {printable(key): printable(item) for key, item in value.items()}
    return value


def render(msgid: str, params: Mapping[str, Any]) -> str:
    """``msgid % params`` with the params shown as people read them (lists joined by commas)."""
    if not params:
        return msgid
    try:
        return msgid % {key: display_param(value) for key, value in params.items()}
    except (KeyError, ValueError, TypeError):
        return msgid


def display_param(value: Any) -> Any:
    """A parameter as it reads in a sentence: ``Anna, Boris`` rather than ``['Anna', 'Boris']``."""
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        if all(type(item) is int or type(item) is str for item in items):
            return ", ".join(map(str, items))  # shown as they are (2,500 table numbers)
        return ", ".join(str(display_param(item)) for item in items)
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else str(value)
    if isinstance(value, Message):
        return str(value)
    if value is None:
        return "-"
    return value


def _jsonable(value: Any) -> Any:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _jsonable(item) for key, item in value.items()}
    return str(value)
