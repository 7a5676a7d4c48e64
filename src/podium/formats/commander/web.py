"""Commander's messages that only pages show: the settings' help texts and their choices (the
result's fields, form and description are the format's result entry, :mod:`.entry`), and its
web plug-in: the legend of the one-line results (``★ A › B + C``) the round pages show."""

from __future__ import annotations

from podium.core.views import N_
from podium.formats.commander.entry import LEGEND
from podium.web.plugins import WebFormat

# The settings' help texts (podium.formats.commander FIELDS), for the catalog.
SETTING_HELP = (
    N_("players per pod"), N_("points for a win"), N_("points for each survivor of a draw"),
    N_("points for a loss"), N_("points for a bye"), N_("tiebreakers after points, in order"),
    N_("Swiss rounds (auto: CMD-11 formula)"), N_("what leftover players get"),
    N_("repeat handling"), N_("players in the final pod (0: no final)"),
    N_("time zone of the times on the event's pages (e.g. Europe/Moscow)"),
)
# The choices of those settings, shown in the settings' selects (issue 13).
SETTING_CHOICES = (
    N_("byes"), N_("short-pods"), N_("long-pods"), N_("swap"), N_("avoid"), N_("random"),
    N_("standings"), N_("reverse"),
)

COMMANDER_WEB = WebFormat(name="commander", result_legend=LEGEND)
