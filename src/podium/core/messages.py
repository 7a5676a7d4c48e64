"""Message objects: what the domain says, as an id and its parameters, in no language yet.

The core never picks a language. A sentence for people (a pairing note, a bye's reason, a
refusal, a decision) is a :class:`Message`: an English msgid with ``%(name)s`` placeholders, its
parameters, and when a number decides the grammar a plural msgid (``ngettext``), or a context
when one English word means two things (``pgettext``: a player's *rank* and a table's *seat*
are both "Место" unless told apart). Each adapter renders it with its own catalog; ``str()``
gives the English text for the CLI, the API and logs.

What the log stores is :meth:`Message.to_json` (``{"id": ..., "params": ...}``, with
``"plural"``/``"context"`` when used), so a page renders a stored note in its own language.
Events written before message objects stored English sentences: :meth:`Message.from_json`
reads such a string as a message without parameters, shown as written (or translated, when the
sentence is itself a msgid).

``M``, ``Mn`` and ``Mp`` are the constructors ``pybabel extract`` looks for (see docs/i18n.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol


class Translator(Protocol):
    """What a catalog offers (``babel.support.Translations`` and ``NullTranslations`` do)."""

    # Babel's stubs type the context forms as ``str | object``: read as text below.
    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str | object: ...
    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str | object: ...


class Message(str):
    """An English msgid, its params, and optionally a plural msgid (counted by ``params["n"]``)
    and a context. Params may be messages themselves (rendered in the same language).

    A message *is* its English text (a ``str``), so code and tests that read notes as English
    keep working; what makes it translatable is that it also keeps its id and params.
    """

    id: str
    params: dict[str, Any]
    plural: str | None
    context: str | None

    def __new__(cls, id: str, params: Mapping[str, Any] | None = None,
                plural: str | None = None, context: str | None = None) -> Message:
        params = dict(params or {})
        self = super().__new__(cls, _render(id, params, plural, context, None))
        self.id, self.params, self.plural, self.context = id, params, plural, context
        return self

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return (self.id, self.params, self.plural, self.context)

    def render(self, catalog: Translator | None = None) -> str:
        """The sentence in ``catalog``'s language (English without one)."""
        if catalog is None:
            return str.__str__(self)
        return _render(self.id, self.params, self.plural, self.context, catalog)

    def to_json(self) -> dict[str, Any]:
        """The message as the log stores it (JSON: nested messages as objects, lists as lists)."""
        out: dict[str, Any] = {"id": self.id}
        if self.params:
            out["params"] = {key: _json(value) for key, value in self.params.items()}
        if self.plural is not None:
            out["plural"] = self.plural
        if self.context is not None:
            out["context"] = self.context
        return out

    @classmethod
    def from_json(cls, value: Any) -> Message:
        """A stored message; a plain string (events written before messages) is kept as is."""
        if isinstance(value, Message):
            return value
        if isinstance(value, Mapping) and isinstance(value.get("id"), str):
            params = {key: _unjson(item) for key, item in (value.get("params") or {}).items()}
            return cls(value["id"], params, value.get("plural"), value.get("context"))
        return cls("" if value is None else str(value))


def stored(value: Any) -> Any:
    """What the log keeps of a note: a message as its JSON object, any other text as it is."""
    return value.to_json() if isinstance(value, Message) else value


def _render(msgid: str, params: Mapping[str, Any], plural: str | None, context: str | None,
            catalog: Translator | None) -> str:
    count = int(params.get("n", 1) or 0) if plural is not None else 1
    if catalog is None:
        text = msgid if (plural is None or count == 1) else plural
    elif plural is not None and context is not None:
        text = str(catalog.npgettext(context, msgid, plural, count))
    elif plural is not None:
        text = catalog.ngettext(msgid, plural, count)
    elif context is not None:
        text = str(catalog.pgettext(context, msgid))
    else:
        text = catalog.gettext(msgid) if msgid else ""
    if not params:
        return text
    values = {key: _shown(value, catalog) for key, value in params.items()}
    try:
        return text % values
    except (KeyError, ValueError, TypeError):
        return text


def M(msgid: str, **params: Any) -> Message:
    """A message (``gettext``)."""
    return Message(msgid, params)


def Mn(singular: str, plural: str, n: int, **params: Any) -> Message:
    """A message whose grammar depends on the number ``n`` (``ngettext``; ``%(n)s`` shows it)."""
    return Message(singular, {"n": n, **params}, plural=plural)


def Mp(context: str, msgid: str, **params: Any) -> Message:
    """A message with a context, for a word that means two things (``pgettext``)."""
    return Message(msgid, params, context=context)


def is_message(value: Any) -> bool:
    """Whether a stored value is a message object (as :meth:`Message.to_json` writes it)."""
    return isinstance(value, Mapping) and isinstance(value.get("id"), str)


def _shown(value: Any, catalog: Translator | None) -> Any:
    from podium.core.errors import display_param

    if isinstance(value, Message):
        return value.render(catalog)
    if isinstance(value, list | tuple) and any(isinstance(item, Message) for item in value):
        return ", ".join(str(_shown(item, catalog)) for item in value)
    return display_param(value)


def _json(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, list | tuple):
        return [_json(item) for item in value]
    if isinstance(value, bool | int | str) or value is None:
        return value
    return str(value)


def _unjson(value: Any) -> Any:
    if is_message(value):
        return Message.from_json(value)
    if isinstance(value, list):
        return [_unjson(item) for item in value]
    return value
