"""The web plug-in surface of a format: what a format adds to the shared pages.

Shared pages never name a format. Standings and other public tables come from the format's
``views(state)`` (:mod:`podium.core.views`), rendered by one shared template. What only a format
knows comes from its :class:`WebFormat`, which the format names in its manifest
(``Contributions(web="podium.formats.<name>.web:PLUGIN")``) and the composition root
(:func:`podium.compose.web_format`) completes with the shared parts its capabilities bring:

- ``result_form``: the template partial of one table's result form (context: ``event``,
  ``state``, ``round``, ``table``, ``seats``, ``prefix``) and ``parse_result(form, state, round,
  table) -> entry``, which turns the submitted fields into the ``entry`` dict that
  :meth:`podium.service.EventService.enter_result` stores (raising InvalidInput naming the
  field). The organiser's entry, the correction form, the player's self-report and the API's
  ``form`` body all use this pair.
- ``report_form``: the player's self-report partial (the same fields as ``result_form``,
  entered by tapping), ``judge_only``: prefixes of fields dropped from a player's report.
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
  :mod:`podium.web.top`, the TOP after any format.

From the format's capabilities (not set by the format):

- ``rounds``: false for open play (a marathon): the shared pages hide the round, pairing, slip
  and self-report parts;
- the TOP's forms and public bracket page (:mod:`podium.web.top`) for a format with a play-off.

Optional parts of a plug-in:

- ``routes``: a FastAPI router with pages of the format's own (e.g. downloads);
- ``PublicPage.context(loaded, query) -> dict``: extra template context of a public page,
  computed from the replayed event and the page's query parameters.
- ``OrganiserAction.upload=True``: the action's form is sent as multipart; its files reach
  ``handle`` in ``form.files`` ({field: (filename, bytes)}, each at most the upload limit).

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
    # The player's self-report form (tapping on a phone; default: ``result_form``) and the
    # prefixes of judge-only fields a player's form never sends (a game loss's reason).
    report_form: str | None = None
    judge_only: tuple[str, ...] = ()
    describe_result: Callable[[EventState, TableResult], str] | None = None
    public_pages: tuple[PublicPage, ...] = ()
    organiser_actions: tuple[OrganiserAction, ...] = field(default_factory=tuple)
    routes: Any = None  # a fastapi.APIRouter with the format's own pages (downloads...)
    # Set by the composition root from the format's capabilities (podium.compose.web_format):
    rounds: bool = True  # False: open play, no rounds or pairings (the shared pages hide them)
