"""What people read of a 7 Wonders year: its declared views (:mod:`podium.core.reads`)."""

from __future__ import annotations

from typing import Any

from podium.core.reads import ViewSpec

YEAR_VIEWS: tuple[ViewSpec[Any], ...] = ()
