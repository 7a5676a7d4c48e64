"""Every refusal of the marathon's package carries a specific code (never its bare category):
a constant of ``formats/mahjong_marathon/codes.py`` (``mj.``), listed in the ruleset's catalogue
(``MahjongMarathon.codes``), or a kernel code (``podium.core.codes``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from podium.core import codes as kernel_codes
from podium.formats.mahjong_marathon import codes
from podium.formats.mahjong_marathon.rules import MAHJONG_MARATHON

PACKAGE = Path(codes.__file__).parent
REFUSALS = {"InvalidInput", "NotFound", "Conflict", "Forbidden", "Unauthorised", "PodiumError",
            "BadJson", "TooLarge"}


def refusals() -> list[tuple[str, int, ast.Call]]:
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name in REFUSALS:
                    found.append((path.name, node.lineno, node))
    return found


def test_the_catalogue_lists_every_code_once_each_with_the_prefix() -> None:
    assert MAHJONG_MARATHON.codes == codes.CODES
    assert len(set(codes.CODES)) == len(codes.CODES)
    assert all(code.startswith("mj.") for code in codes.CODES)


def test_every_refusal_of_the_package_carries_a_code_of_the_catalogue() -> None:
    kernel = {v for k, v in vars(kernel_codes).items() if k.isupper() and isinstance(v, str)}
    known = set(codes.CODES) | kernel
    found = refusals()
    assert len(found) > 40  # the scan sees the package's refusals
    for name, line, call in found:
        code = next((kw.value for kw in call.keywords if kw.arg == "code"), None)
        assert code is not None, f"{name}:{line}: a refusal without a code"
        if isinstance(code, ast.Attribute):  # codes.SOMETHING
            assert getattr(codes, code.attr, None) in known or getattr(
                kernel_codes, code.attr, None) in known, f"{name}:{line}: {code.attr}"
        else:
            assert isinstance(code, ast.Constant) and code.value in known, (
                f"{name}:{line}: the code {ast.unparse(code)} is not in the catalogue")


def test_no_format_guard_is_left_in_the_package() -> None:
    """The catalog refuses a command of another format, in one place (``format.other``)."""
    for path in PACKAGE.glob("*.py"):
        assert "format.other" not in path.read_text(encoding="utf-8"), path.name


def test_the_package_imports_no_other_format_and_no_adapter() -> None:
    """A format gives declarations, views, message ids and templates: the command line, the
    API and the pages serve them; it imports none of them (nor click or FastAPI)."""
    adapter = re.compile(r"^\s*(from|import) (podium\.(cli|web|api)\b|click\b|fastapi\b)", re.M)
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for other in ("commander", "berserk", "seven_wonders", "series"):
            assert f"podium.formats.{other}" not in text, path.name
        assert not adapter.search(text), path.name
