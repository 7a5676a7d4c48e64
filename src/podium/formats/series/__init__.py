"""The ``series`` format: an event that is a series of other events in order (a 7 Wonders
year, a Commander circuit). Its log holds the members (core ``series.*`` kinds,
:mod:`podium.core.series`); its ledger across them is computed by the service
(:mod:`podium.service.series`) from each member format's ``series_points``."""

from podium.formats.series.rules import SERIES, SeriesFormat

__all__ = ["SERIES", "SeriesFormat"]
