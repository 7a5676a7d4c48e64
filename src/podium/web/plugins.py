"""What the shared pages know of a format, built by the composition root from its declarations.

Shared pages never name a format. Its public tables come from ``Ruleset.tables(state)``
(:mod:`podium.core.views`), rendered by one shared template; a table's result form from its
result entry (:meth:`podium.core.ruleset.Ruleset.result_entry`); what organisers can do from
its declared commands, each a form on the event's page posted to ``/manage/{slug}/do/{name}``;
its other pages from its declared views (a view with ``tab=True`` is a tab at
``/e/{slug}/p/{key}``). :class:`WebFormat` gathers what the pages need of one format:

- ``public_pages``: its tabs (each a :class:`PublicPage`: key, title msgid, template,
  ``shown(state)``), the TOP's bracket page for a format with a play-off;
- ``routes``: the redirects of its pages' old addresses (``Presentation.moved``);
- from its :class:`~podium.core.demos.Presentation`: ``phone_columns``, ``player_page``,
  ``result_legend``, ``report_path``, ``home_path``;
- from its capabilities: ``rounds`` (false for open play: the shared pages hide the round,
  pairing and slip parts) and ``reports`` (the shared self-report).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from podium.core.model import EventState

Shown = Callable[[EventState], bool]


@dataclass(frozen=True)
class PublicPage:
    key: str
    title: str  # an English msgid
    template: str
    context: Callable[[Any, Mapping[str, str]], dict[str, Any]] | None = None
    shown: Shown | None = None  # the tab is listed only when this is true
    #: A declared view listed as several tabs (:class:`podium.core.reads.Tab`, one a league)
    tabs: Callable[[EventState], Sequence[Any]] | None = None

    def visible(self, state: EventState) -> bool:
        return self.shown is None or self.shown(state)

    def listed(self, state: EventState) -> list[tuple[str, str]]:
        """The tabs the page adds to the event's row of tabs: (key, title)."""
        if not self.visible(state):
            return []
        if self.tabs is None:
            return [(self.key, self.title)]
        return [(tab.key, tab.title) for tab in self.tabs(state) if tab.listed]


@dataclass(frozen=True)
class WebFormat:
    name: str
    public_pages: tuple[PublicPage, ...] = ()
    routes: Any = None  # a fastapi.APIRouter with the format's own pages (downloads...)
    # On a phone a public table shows its first three columns (place, name, points) and these
    # too: the number that decides the place when it is not the third (the marathon's result).
    phone_columns: tuple[str, ...] = ()
    # The key of a public page about one player (``/e/{slug}/p/{key}?name=...``): the tables'
    # player names link to it.
    player_page: str = ""
    # What the signs of its one-line result (``ResultEntry.describe``) mean: a msgid the round
    # pages show once beside the results (Commander's "★ A › B + C").
    result_legend: str = ""
    # Set by the composition root from the format's capabilities:
    rounds: bool = True  # False: open play, no rounds or pairings (the shared pages hide them)
    #: Players report their results with their codes (rounds, or an open-play format's games)
    reports: bool = True
    #: Where a player's code opens their game, under ``/e/{slug}/`` (a code slip's QR code adds
    #: ``?code=...``): the shared self-report, or a format's own player page.
    report_path: str = "report"
    #: A format whose public page is a page of its own under ``/e/{slug}/`` (a series'
    #: overview): ``/e/{slug}`` sends there; "" for the shared standings.
    home_path: str = ""


@dataclass(frozen=True)
class WebParts:
    """What the composition root hands the application: the catalog of declared commands,
    each format's pages, the routers of the formats' own pages and JSON reads, and the
    formats' template folders."""

    catalog: Any  # podium.service.catalog.Catalog
    formats: Mapping[str, WebFormat] = field(default_factory=dict)
    routers: tuple[Any, ...] = ()
    template_dirs: tuple[Path, ...] = ()

    def format(self, name: str) -> WebFormat:
        """Format ``name``'s pages (an unknown format gets the shared pages only)."""
        return self.formats.get(name) or WebFormat(name)
