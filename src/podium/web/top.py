"""The TOP on the web, for any format with a play-off: :data:`TOP_PAGE`, the public bracket
page ``/e/{slug}/p/bracket``, listed once a TOP exists. Building it (a preview with the BRK-4
goal report first), entering and correcting a match's result and undoing it are the kernel's
declared commands (:mod:`podium.service.kernel`), forms on the event's page with their own
templates (``formats/top_*.html``)."""

from __future__ import annotations

from podium.core.model import EventState
from podium.core.top_replay import top_of
from podium.core.views import N_
from podium.web.plugins import PublicPage


def has_top(state: EventState) -> bool:
    return top_of(state) is not None


TOP_PAGE = PublicPage("bracket", N_("TOP"), "formats/top_bracket_page.html", shown=has_top)
