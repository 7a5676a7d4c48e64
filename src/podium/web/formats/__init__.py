"""The web plug-in surface of a format: what a format adds to the shared pages.

Shared pages never name a format. Standings and other public tables come from the format's
``views(state)`` (:mod:`podium.core.views`), rendered by one shared template. What only a format
knows comes from its :class:`WebFormat`, registered here by the format's name:

- ``result_form``: the template partial of one table's result form (context: ``event``,
  ``state``, ``round``, ``table``, ``seats``, ``prefix``) and ``parse_result(form, state, round,
  table) -> entry``, which turns the submitted fields into the ``entry`` dict that
  :meth:`podium.service.EventService.enter_result` stores (raising InvalidInput naming the
  field). The organiser's entry, the correction form, the player's self-report and the API's
  ``form`` body all use this pair.
- ``describe_result(state, result) -> str``: a one-line text of an entered result.
- ``public_pages``: extra public pages (a bracket, marathon publications): each a
  :class:`PublicPage` with a key (its URL ``/e/{slug}/p/{key}``), a title msgid and a template
  rendered with the event loaded; they get the shared live refresh and QR code.
- ``organiser_actions``: extra organiser forms (penalties, publications...), each an
  :class:`OrganiserAction` with a partial shown on the event's page and a ``handle(ctx, slug,
  form, actor)`` called by ``POST /manage/{slug}/action/{key}`` after the role and CSRF checks.
  ``handle`` returns the flash message (an English msgid, translated when shown) or an
  :class:`ActionPage` to answer with a page of its own (a preview that stores nothing).
- ``shown(state)`` on a page or an action: show it only when this is true (a bracket page once
  the TOP exists, a split form before round 1). Several formats may share parts: see
  :mod:`podium.web.formats.top`, the TOP after any format.

Optional, generic capabilities (all additive, with defaults that keep a round-based format as it
was):

- ``rounds=False``: the format has no rounds or pairings (open play, e.g. a marathon): the
  shared pages hide the round, pairing, slip and self-report parts.
- ``PublicPage.context(loaded, query) -> dict``: extra template context of a public page,
  computed from the replayed event and the page's query parameters.
- ``OrganiserAction.upload=True``: the action's form is sent as multipart; its files reach
  ``handle`` in ``form.files`` ({field: (filename, bytes)}, each at most the upload limit).
- ``api_router``: a FastAPI router with the format's own JSON API routes, included by
  ``create_app`` (see :func:`all_plugins`).

A format with no plug-in still gets its standings, players, rounds, log and a "no result form"
message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from podium.core.model import EventState, Round, Table, TableResult

ParseResult = Callable[[Mapping[str, str], EventState, Round, Table], dict[str, Any]]


Shown = Callable[[EventState], bool]


@dataclass(frozen=True)
class PublicPage:
    key: str
    title: str  # an English msgid
    template: str
    context: Callable[[Any, Mapping[str, str]], dict[str, Any]] | None = None
    shown: Shown | None = None  # the tab is listed only when this is true

    def visible(self, state: EventState) -> bool:
        return self.shown is None or self.shown(state)


@dataclass(frozen=True)
class OrganiserAction:
    key: str
    label: str  # an English msgid
    template: str
    handle: Callable[[Any, str, Mapping[str, str], str], Any]  # a flash msgid or an ActionPage
    shown: Shown | None = None  # the form is on the event's page only when this is true
    upload: bool = False  # a multipart form; files in ``form.files``

    def visible(self, state: EventState) -> bool:
        return self.shown is None or self.shown(state)


class ActionForm(dict[str, str]):
    """The text fields of an organiser action's form, with its uploaded files (if any)."""

    def __init__(self, fields: Mapping[str, str] = (),  # type: ignore[assignment]
                 files: Mapping[str, tuple[str, bytes]] | None = None) -> None:
        super().__init__(fields)
        self.files: dict[str, tuple[str, bytes]] = dict(files or {})


@dataclass(frozen=True)
class ActionPage:
    """What an organiser action answers instead of a flash message: a page of its own (e.g. a
    preview with a button that commits it). The template gets ``event``, ``loaded`` and
    ``context``."""

    template: str
    title: str  # an English msgid
    context: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class WebFormat:
    name: str
    result_form: str | None = None
    parse_result: ParseResult | None = None
    describe_result: Callable[[EventState, TableResult], str] | None = None
    public_pages: tuple[PublicPage, ...] = ()
    organiser_actions: tuple[OrganiserAction, ...] = field(default_factory=tuple)
    rounds: bool = True  # False: open play, no rounds or pairings (the shared pages hide them)
    api_router: Any = None  # a fastapi.APIRouter with the format's own API routes


_PLUGINS: dict[str, WebFormat] = {}


def register_web(plugin: WebFormat) -> WebFormat:
    _PLUGINS[plugin.name] = plugin
    return plugin


def _load_builtin() -> None:
    import podium.web.formats.mahjong_marathon  # noqa: F401
    from podium.web.formats import berserk, commander  # noqa: F401


def web_format(name: str) -> WebFormat:
    """The plug-in of format ``name``, or an empty one (shared pages only)."""
    _load_builtin()
    return _PLUGINS.get(name) or WebFormat(name)


def all_plugins() -> list[WebFormat]:
    """Every registered plug-in (for the app to include their API routers)."""
    _load_builtin()
    return list(_PLUGINS.values())
