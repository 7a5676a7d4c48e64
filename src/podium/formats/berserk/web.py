"""Berserk's messages that only pages show: the settings' help texts (the duel's result form
is the format's result entry, :mod:`.entry`; the split into draft tables is its declared
command, :mod:`.commands`; the TOP's forms and bracket page are the kernel's)."""

from __future__ import annotations

from podium.core.views import N_

# The settings' help texts (podium.formats.berserk FIELDS), for the catalog.
SETTING_HELP = (
    N_("draft tables (auto: the fewest of at most max_table players)"),
    N_("fewest players at a draft table"), N_("most players at a draft table"),
    N_("Swiss rounds (auto: 3, or 4 when most tables have 8 or more)"),
    N_("points for a draw"), N_("points for a technical win"),
    N_("points for a technical loss"), N_("points for a bye (odd table)"),
    N_("Team Sealed: none (duels), match (3-0 / 1-1) or sum of the two games"),
    N_("minutes per game before the TOP"), N_("minutes per game in the TOP"),
    N_("players in the TOP"), N_("who advances after a draw in the TOP"),
)
