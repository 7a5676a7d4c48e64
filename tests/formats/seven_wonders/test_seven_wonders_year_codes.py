"""Every refusal of the year's modules (rules W7-1, W7-4 .. W7-15, W7-23, W7-29 .. W7-35) and
of the series' package carries a specific code from their catalogues (``YEAR_CODES`` in
``formats/seven_wonders/codes.py``; the series' are the kernel's, ``podium.core.codes``: a
series is a kernel capability), never its bare category."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from podium.core import codes as kernel_codes
from podium.formats.series.rules import SERIES
from podium.formats.seven_wonders import codes

SRC = Path(__file__).resolve().parents[3] / "src" / "podium" / "formats"
YEAR_MODULES = sorted([*SRC.glob("seven_wonders/year*.py"), *SRC.glob("seven_wonders/survival*.py"),
                       *SRC.glob("seven_wonders/legendary*.py")])
SERIES_MODULES = sorted(SRC.glob("series/*.py"))
REFUSALS = {"InvalidInput", "NotFound", "Conflict", "Forbidden", "PodiumError", "refuse"}


def refusals(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) in REFUSALS]


def test_every_refusal_has_a_code() -> None:
    for path in [*YEAR_MODULES, *SERIES_MODULES]:
        for call in refusals(path):
            named = any(k.arg == "code" for k in call.keywords)
            positional = getattr(call.func, "id", "") == "refuse" and len(call.args) >= 3
            assert named or positional, f"{path.name}:{call.lineno} has no code"


def test_the_codes_used_are_catalogued() -> None:
    used = set()
    for path in YEAR_MODULES:
        used |= set(re.findall(r"codes\.((?:YEAR|SURVIVAL|LEGENDARY)_[A-Z_]+)",
                               path.read_text(encoding="utf-8")))
    assert used and {getattr(codes, name) for name in used} <= set(codes.YEAR_CODES)
    assert len(set(codes.YEAR_CODES)) == len(codes.YEAR_CODES)
    assert all(code.startswith(("sw.year.", "sw.survival.", "sw.legendary."))
               for code in codes.YEAR_CODES)


def test_the_series_codes_are_the_kernels() -> None:
    assert SERIES.codes == ()
    assert kernel_codes.SERIES_PLAYER == "series.player"
