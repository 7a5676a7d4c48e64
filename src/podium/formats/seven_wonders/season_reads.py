"""What people read of a 7 Wonders season: its declared views (:mod:`podium.core.reads`)."""

from __future__ import annotations

from typing import Any

from podium.core.reads import ViewSpec

SEASON_VIEWS: tuple[ViewSpec[Any], ...] = ()
