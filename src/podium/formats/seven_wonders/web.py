"""The 7 Wonders season's web plug-in (placeholder, completed below)."""

from __future__ import annotations

from podium.web.plugins import WebFormat

SEVEN_WONDERS_WEB = WebFormat(name="seven-wonders")
