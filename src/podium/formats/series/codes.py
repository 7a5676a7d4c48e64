"""The ``series`` format's refusal codes: every refusal of its pages carries one, and the
ruleset lists them (``SeriesFormat.codes``). The series' membership is the kernel's
(``series.add``, ``series.remove``, :mod:`podium.core.series`) with the kernel's codes."""

from __future__ import annotations

#: A player who played no member of the series (their history; the default of
#: ``Ruleset.series_history`` raises it too).
SERIES_PLAYER = "series.player"

SERIES_CODES: tuple[str, ...] = (SERIES_PLAYER,)
