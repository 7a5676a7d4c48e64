"""The ``series`` format: an event that is a series of other events in order (a 7 Wonders
year, a Commander circuit). Its log holds the members (core ``series.*`` kinds,
:mod:`podium.core.series`); its ledger across them is computed by the service
(:mod:`podium.service.series`) from each member format's ``series_points``.

The rules are imported when the plug-in is first asked for (``SERIES``), not when the package
is: :data:`COMMAND_LINE` is read without them (:mod:`podium.core.command_line`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from podium.core.command_line import CommandLine, lazy_rules

if TYPE_CHECKING:
    from podium.formats.series.rules import SERIES, SeriesFormat

COMMAND_LINE = CommandLine("Series of events (a year of seasons, a circuit)")

__getattr__ = lazy_rules(__name__, "SERIES", "SeriesFormat")

__all__ = ["COMMAND_LINE", "SERIES", "SeriesFormat"]
