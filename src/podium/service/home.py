"""The public home page's list of events: grouped by status (running, upcoming,
finished), with dates and venues, a series' members under their series, archived events left
out (still reachable by their address), and a search by name, id or venue.

It reads the events' rows, which mirror their logs (:func:`podium.service.events.mirror`), so
the page replays nothing; an event stored before those columns existed is derived once and
its row filled.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from podium.core.people import FINISHED, RUNNING, UPCOMING
from podium.core.text import search_key
from podium.core.views import N_
from podium.service.events import EventService, listing_of
from podium.store.repository import EventRepository, EventSummary

STATUSES = (RUNNING, UPCOMING, FINISHED)
#: How each group is titled (msgids).
TITLES = {RUNNING: N_("Running now"), UPCOMING: N_("Upcoming"), FINISHED: N_("Finished")}
#: One event's status, as a member of a series shows it (msgids).
WORDS = {RUNNING: N_("running"), UPCOMING: N_("upcoming"), FINISHED: N_("finished")}
SERIES = "series"


@dataclass
class Listed:
    """One event on the home page, with its members when it is a series."""

    slug: str
    name: str
    format: str
    date: str | None
    venue: str
    status: str
    created_at: datetime
    members: list[Listed] = field(default_factory=list)

    def matches(self, needle: str) -> bool:
        return any(needle in search_key(text) for text in (self.name, self.slug, self.venue))


@dataclass(frozen=True)
class Home:
    """The groups in their order (``(status, events)``, empty ones left out), the query, and
    how many events it found."""

    groups: list[tuple[str, list[Listed]]]
    query: str
    found: int


def _filled(service: EventService, summaries: list[EventSummary]) -> list[EventSummary]:
    """The summaries, each one stored before migration 0007 derived from its log once."""
    out = []
    for summary in summaries:
        if summary.status is None:
            listing = listing_of(service.load(summary.slug))
            with service.db.session() as session:
                EventRepository(session).mirror(summary.id, *listing)
            summary = service.summary(summary.slug)
        out.append(summary)
    return out


def _order(events: list[Listed], status: str) -> list[Listed]:
    """Running and upcoming: the soonest first (undated last); finished: the latest first."""
    def key(item: Listed) -> tuple[int, str, str]:
        date = item.date or item.created_at.date().isoformat()
        return (0 if item.date else 1, date, item.name.casefold())

    ordered = sorted(events, key=key)
    if status == FINISHED:
        ordered = sorted(events, key=lambda i: (i.date or i.created_at.date().isoformat(),
                                                i.created_at), reverse=True)
    return ordered


def home(service: EventService, query: str = "") -> Home:
    """What the home page lists, ``query`` (a name, an id, a venue) narrowing it."""
    summaries = _filled(service, [s for s in service.list_events() if not s.archived])
    listed = {s.slug: Listed(s.slug, s.name, s.format, s.date, s.venue, s.status or UPCOMING,
                             s.created_at) for s in summaries}
    inside: set[str] = set()
    for item in listed.values():
        if item.format != SERIES:
            continue
        from podium.core.series import book_of

        for member in book_of(service.load(item.slug).state).members:
            child = listed.get(member.event)
            if child is not None and child.format != SERIES:
                item.members.append(child)
                inside.add(child.slug)
    for item in listed.values():
        if item.members:  # a series stands where its members are
            statuses = {m.status for m in item.members}
            item.status = (next(iter(statuses)) if len(statuses) == 1 else RUNNING)
    needle = search_key(query.strip())
    groups: dict[str, list[Listed]] = {status: [] for status in STATUSES}
    found = 0
    for item in listed.values():
        if item.slug in inside:
            continue
        if needle:
            members = [m for m in item.members if m.matches(needle)]
            if not item.matches(needle) and not members:
                continue
            if not item.matches(needle):
                item = Listed(item.slug, item.name, item.format, item.date, item.venue,
                              item.status, item.created_at, members)
        found += 1 + len(item.members)
        groups.setdefault(item.status, []).append(item)
    return Home([(status, _order(events, status)) for status, events in groups.items()
                 if events], query.strip(), found)


__all__ = ["STATUSES", "TITLES", "WORDS", "Home", "Listed", "home"]
