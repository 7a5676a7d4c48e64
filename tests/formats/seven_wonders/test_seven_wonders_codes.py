"""Every refusal of the 7 Wonders season carries a specific code of the format's catalogue
(:mod:`podium.formats.seven_wonders.codes`), never a bare category, and the ruleset lists
every one; the format guard is the catalog's alone (``format.other`` is raised nowhere here)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from podium.formats.seven_wonders import codes
from podium.formats.seven_wonders.rules import SevenWonders

PACKAGE = Path(codes.__file__).resolve().parent
SEASON_MODULES = ("rules", "season", "commands", "season_commands", "season_reads",
                  "season_report", "views", "demo", "settings", "inputs", "odds")
REFUSALS = {"InvalidInput", "NotFound", "Conflict", "Forbidden", "Unauthorised", "PodiumError",
            "Localised", "refuse"}


def _season_codes() -> dict[str, str]:
    """The codes of the module's season section (the year's follow its ``# == the year``)."""
    source = (PACKAGE / "codes.py").read_text(encoding="utf-8")
    year = next(n for n, line in enumerate(source.splitlines(), 1)
                if line.startswith("# == the year"))
    return {node.targets[0].id: getattr(codes, node.targets[0].id)
            for node in ast.parse(source).body
            if isinstance(node, ast.Assign) and node.lineno < year
            and isinstance(node.targets[0], ast.Name) and node.targets[0].id.isupper()}


SEASON_CODES = _season_codes()


def refusals(module: str) -> list[ast.Call]:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", "")) in REFUSALS]


def code_of(call: ast.Call) -> ast.expr | None:
    found = next((k.value for k in call.keywords if k.arg == "code"), None)
    if found is None and getattr(call.func, "id", "") == "refuse" and len(call.args) >= 3:
        return call.args[2]
    return found


@pytest.mark.parametrize("module", SEASON_MODULES)
def test_every_refusal_names_a_code_of_the_catalogue(module: str) -> None:
    calls = refusals(module)
    for call in calls:
        code = code_of(call)
        where = f"{module}.py:{call.lineno}"
        assert code is not None, f"{where}: a refusal without a code"
        assert isinstance(code, ast.Attribute), f"{where}: the code is not a constant"
        owner = getattr(code.value, "id", "")
        if module == "inputs":  # the shape of a field: the core's input codes
            assert owner == "core_codes", where
        else:
            assert owner == "codes" and code.attr in SEASON_CODES, where


def test_the_codes_are_the_formats_own_and_the_ruleset_lists_them() -> None:
    values = list(SEASON_CODES.values())
    assert len(values) > 40 and len(set(values)) == len(values)
    assert all(value.startswith("sw.") for value in values)
    assert set(values) <= set(SevenWonders.codes)
    assert set(codes.catalogue()) == set(SevenWonders.codes)
    assert len(set(SevenWonders.codes)) == len(SevenWonders.codes)


def test_every_season_code_is_used() -> None:
    text = "".join((PACKAGE / f"{m}.py").read_text(encoding="utf-8") for m in SEASON_MODULES)
    unused = [name for name in SEASON_CODES if f"codes.{name}" not in text]
    assert not unused


def test_no_format_guard_of_its_own() -> None:
    for module in SEASON_MODULES:
        assert "format.other" not in (PACKAGE / f"{module}.py").read_text(encoding="utf-8")
