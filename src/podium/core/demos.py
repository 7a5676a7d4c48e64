"""Declared demos and what a format shows of itself: no adapter is named here.

A format's demo (``podium demo <name>``) is a :class:`DemoSpec`: its fields (the same
:class:`~podium.core.commands.Param` as a command's, read by the command line's generated
options) and ``run(call)``, which plays an event through the service it is given and yields
what to show people: tables (:class:`~podium.core.views.TableView`), sentences (messages),
files to write (:class:`Written`) and where its event is (:class:`Stored`). The command line
prints and writes them; the format never imports it.

:class:`Presentation` says how the shared pages show a format's tables and results (the
columns a phone keeps, the page about one player, the legend of its one-line results), as
data the page adapter reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from podium.core.declaration import Values

if TYPE_CHECKING:  # annotations only: a format's class attributes import this cheaply
    from podium.core.commands import Param, Progress


@dataclass(frozen=True)
class Written:
    """A file a demo wants written (its HTML bracket): where, and the text."""

    path: str
    text: str


@dataclass(frozen=True)
class Stored:
    """Where the demo's event is: its id and a hint of what to try next (a message); the
    command line adds the database it is in."""

    slug: str
    hint: str


@dataclass(frozen=True)
class DemoCall(Values):
    """What a demo's ``run`` receives: its decoded fields, the service of the database it
    plays in (an :class:`podium.service.events.EventService`) and where it reports progress
    (``progress(what, done, total)``, ``what`` a message)."""

    values: Mapping[str, Any]
    service: Any
    progress: Progress
    lang: str = "en"  # the language of the run: the demo's event is named in it

    def named(self, message: Any) -> str:
        """The demo event's name (a message) in the run's language."""
        from podium.i18n import translate

        return translate(message, self.lang)


@dataclass(frozen=True)
class DemoSpec:
    """``podium demo <name>``: a simulated event of the format, its fields, and what it
    shows."""

    name: str
    title: str
    run: Callable[[DemoCall], Iterable[Any]]
    params: tuple[Param, ...] = ()
    help: str = ""


@dataclass(frozen=True)
class NewEventEntry:
    """A choice the new-event page lists beside the formats: an event of another format made
    for this one (``format``), under its own title (a msgid): a 7 Wonders year is a series
    of seasons."""

    key: str
    title: str
    format: str


@dataclass(frozen=True)
class Presentation:
    """How the shared pages show a format, beyond its declarations.

    ``phone_columns``: the keys of the columns a phone shows beside the first three (the
    number that decides the place); ``player_page``: the tab view about one player that the
    tables' names link to (its short name); ``result_legend``: what the signs of its one-line
    result mean (a msgid); ``report_path``: where a player's code opens their game under
    ``/e/{slug}/`` (the shared self-report, or a view of its own); ``home_path``: the event's
    public page when it is not the standings (a series' overview); ``setting_help`` and
    ``setting_choices``: the new-event form's words for some settings (msgids by key, and the
    values a select offers); ``moved``: addresses under ``/e/{slug}/`` that people may have
    kept from before a page became a view, each to where it is now (a pattern of the old path,
    ``{name}`` parts carried over, and the new one: ``{"series/overview": "p/overview"}``); the
    old address answers with a redirect, its query kept."""

    phone_columns: tuple[str, ...] = ()
    player_page: str = ""
    result_legend: str = ""
    report_path: str = "report"
    home_path: str = ""
    #: The name podium gives an event of this format when it makes one itself (a msgid: the
    #: register of persons' "Persons"): shown in the reader's language while it is unchanged.
    default_name: str = ""
    setting_help: Mapping[str, str] = field(default_factory=dict)
    setting_choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    moved: Mapping[str, str] = field(default_factory=dict)
    #: More choices for the new-event page (:class:`NewEventEntry`)
    new_event_entries: tuple[NewEventEntry, ...] = ()


__all__ = ["DemoCall", "DemoSpec", "NewEventEntry", "Presentation", "Stored", "Written"]
