"""The table cells' numbers, formatted from patterns parsed once, read exactly as
Babel's own ``format_decimal`` and ``format_percent`` write them in both languages."""

from __future__ import annotations

from fractions import Fraction

import pytest
from babel.numbers import format_decimal, format_percent

from podium.core.views import Column
from podium.web.i18n import Formatter


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_cells_read_as_babel_writes_them(lang: str) -> None:
    fmt = Formatter(lang)
    for whole in (0, 7, -3, 12345, 10**7):
        assert fmt.number(whole) == format_decimal(whole, locale=lang)
    for part in (Fraction(7, 2), Fraction(-12345678, 7), Fraction(1, 3)):
        for decimals in (1, 2, 3):
            assert fmt.number(part, decimals) == format_decimal(
                round(float(part), decimals), format="#,##0." + "0" * decimals, locale=lang)
    share = Column("opponents_win_pct", "OMW%", numeric=True)
    for value in (Fraction(1, 3), Fraction(33, 100), 1):
        assert fmt.cell(value, share) == format_percent(float(value), "#,##0.00%", locale=lang)
