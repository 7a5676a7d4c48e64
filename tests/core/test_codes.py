"""Refusal codes: every refusal in ``src`` carries a specific code from the catalogue.

The catalogue is the kernel's constants (:mod:`podium.core.codes`) plus each registered
format's own (``Ruleset.codes``, written in ``formats/<name>/codes.py``). A refusal whose code
falls back to its category (``invalid``, ``not_found``...) says nothing a program can act on, so

- a static scan reads every refusal call in ``src`` (``InvalidInput(...)``, ``NotFound(...)``,
  ..., their subclasses, the web's ``Localised`` and the helpers ``refuse``/``_refuse``) and
  fails, naming each ``file:line``, on one without ``code=`` or with a code from nowhere;
- the catalogue itself is checked (no bare category, one constant per code, a format's codes
  behind its prefix);
- a few refusals are provoked through the service and the declared commands, and their codes
  must be catalogued and specific.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import podium
from podium.core import codes as core_codes
from podium.core.commands import API, CLI, JSON, TEXT, Caller
from podium.core.errors import PodiumError
from podium.formats import all_formats
from podium.service import EventService
from podium.service.catalog import Invocation
from podium.store.db import Database

SRC = Path(podium.__file__).parent

#: Format packages still without their codes (their engineers are adding them in their own
#: ``formats/<name>/codes.py``): the static scan skips them until they land. Empty it then.
NOT_YET: set[str] = set()

#: The classes of a refusal (their subclasses in ``src`` are found by the scan) and their
#: aliases, and the helpers that build one (the code is their ``code`` argument).
REFUSAL_BASES = {"PodiumError", "InvalidInput", "NotFound", "Conflict", "Forbidden",
                 "Unauthorised", "Localised", "TooLarge", "TokenRefused", "TooManyAttempts"}
HELPERS = {"refuse", "_refuse", "player_id"}  # player_id: the 7 Wonders year's, by caller

#: The code prefix of each format of this repository (a format elsewhere keeps to one prefix).
PREFIXES = {"commander": "cmd", "berserk": "brk", "seven-wonders": "sw",
            "mahjong-marathon": "mj"}

CODE_SHAPE = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")


# -- the catalogue ------------------------------------------------------------------------------
def constants(module: Any) -> dict[str, str]:
    """The string constants (UPPER_CASE names) of a codes module."""
    return {name: value for name, value in vars(module).items()
            if name.isupper() and isinstance(value, str)}


def format_code_modules() -> dict[str, Any]:
    """``formats/<package>/codes.py`` of this repository, imported, by package."""
    return {path.parent.name: importlib.import_module(f"podium.formats.{path.parent.name}.codes")
            for path in sorted((SRC / "formats").glob("*/codes.py"))}


KERNEL = set(constants(core_codes).values())
BY_FORMAT = {ruleset.name: tuple(ruleset.codes) for ruleset in all_formats()}
CATALOGUE = KERNEL.union(*map(set, BY_FORMAT.values()))
#: Where an UPPER_CASE constant may come from: module name -> its constants.
CODE_MODULES = {"podium.core.codes": constants(core_codes)} | {
    f"podium.formats.{package}.codes": constants(module)
    for package, module in format_code_modules().items()}


def categories() -> set[str]:
    """Every refusal class's category (the code a refusal without one falls back to)."""
    for name in ("podium.http", "podium.service.accounts", "podium.service.throttle",
                 "podium.api.commands", "podium.store.db", "podium.store.repository"):
        importlib.import_module(name)
    found, todo = set(), [PodiumError]
    while todo:
        cls = todo.pop()
        found.add(cls.category)
        todo.extend(cls.__subclasses__())
    return found


# -- the static scan ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    rel: str
    module: str
    tree: ast.Module


def sources() -> Iterator[Source]:
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if any(rel.startswith(skipped + "/") for skipped in NOT_YET):
            continue
        parts = ["podium", *path.relative_to(SRC).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        yield Source(rel, ".".join(parts), ast.parse(path.read_text(encoding="utf-8"), rel))


def _bases(node: ast.ClassDef) -> set[str]:
    return {b.id if isinstance(b, ast.Name) else b.attr for b in node.bases
            if isinstance(b, ast.Name | ast.Attribute)}


def refusal_classes(all_sources: list[Source]) -> tuple[set[str], set[str]]:
    """(names of refusal classes and aliases, those that set their own code in ``__init__``
    and so are called without one)."""
    names = set(REFUSAL_BASES)
    own_init: set[str] = set()
    changed = True
    while changed:
        changed = False
        for source in all_sources:
            for node in ast.walk(source.tree):
                if isinstance(node, ast.ClassDef) and node.name not in names \
                        and _bases(node) & names:
                    names.add(node.name)
                    changed = True
                elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) \
                        and node.value.id in names:
                    for target in node.targets:
                        if isinstance(target, ast.Name) and target.id not in names:
                            names.add(target.id)
                            changed = True
    for source in all_sources:
        for node in ast.walk(source.tree):
            if isinstance(node, ast.ClassDef) and node.name in names:
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                        args = item.args
                        given = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
                        if "code" not in given and args.kwarg is None:
                            own_init.add(node.name)
    return names, own_init


def helper_positions(all_sources: list[Source]) -> dict[str, int]:
    """The position of ``code`` among the positional parameters of each helper."""
    positions: dict[str, set[int]] = {}
    for source in all_sources:
        for node in ast.walk(source.tree):
            if isinstance(node, ast.FunctionDef) and node.name in HELPERS:
                names = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
                assert "code" in names, f"{source.rel}:{node.lineno}: {node.name} takes no code"
                positions.setdefault(node.name, set()).add(names.index("code"))
    for name, found in positions.items():
        assert len(found) == 1, f"every {name}() must take its code at the same place"
    return {name: found.pop() for name, found in positions.items()}


def imported_names(source: Source) -> dict[str, str]:
    """Local name -> the dotted name it was imported as, in one module."""
    names = {}
    package = source.module if source.rel.endswith("__init__.py") \
        else source.module.rpartition(".")[0]
    for node in ast.walk(source.tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                names[alias.asname or alias.name] = f"{base}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = alias.name
    return names


def constant_problem(node: ast.expr, imports: dict[str, str]) -> str | None:
    """Why ``node`` (``codes.X``, ``X``) is not a catalogued constant, or None."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        owner, name = imports.get(node.value.id), node.attr
    elif isinstance(node, ast.Name):
        dotted = imports.get(node.id, "")
        owner, name = dotted.rpartition(".")[0] or None, node.id
    else:
        return f"code={ast.unparse(node)} is not a constant of a codes module"
    if not name.isupper():
        return f"code={ast.unparse(node)} is not an UPPER_CASE constant"
    if owner in CODE_MODULES:
        if name not in CODE_MODULES[owner]:
            return f"code={ast.unparse(node)}: {owner} has no {name}"
        value = CODE_MODULES[owner][name]
    else:  # not resolved through an import: any codes module defining it
        values = [found[name] for found in CODE_MODULES.values() if name in found]
        if not values:
            return f"code={ast.unparse(node)} is defined in no codes module"
        value = values[0]
    if value not in CATALOGUE:
        return f"code={ast.unparse(node)} ({value!r}) is not in a format's Ruleset.codes"
    return None


def code_problem(node: ast.expr, imports: dict[str, str], helper_params: set[str]) -> str | None:
    """Why the code given to a refusal is not a catalogued one, or None when it is."""
    if isinstance(node, ast.Constant):
        if isinstance(node.value, str) and node.value in CATALOGUE:
            return None
        return f"code={node.value!r} is not in the catalogue (podium.core.codes)"
    if isinstance(node, ast.IfExp):
        return code_problem(node.body, imports, helper_params) or code_problem(
            node.orelse, imports, helper_params)
    if isinstance(node, ast.Attribute) and node.attr == "code":
        return None  # the code of a refusal already made, passed on (``error.code``)
    if isinstance(node, ast.Name) and node.id in helper_params:
        return None  # a helper's own parameter: its callers are checked
    return constant_problem(node, imports)


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _is_super_init(node: ast.Call) -> bool:
    func = node.func
    return (isinstance(func, ast.Attribute) and func.attr == "__init__"
            and isinstance(func.value, ast.Call) and isinstance(func.value.func, ast.Name)
            and func.value.func.id == "super")


def scan(targets: list[Source] | None = None) -> tuple[int, list[str]]:
    """(refusal calls seen, problems as ``file:line: ...``) in ``targets`` (default: ``src``)."""
    all_sources = list(sources())
    refusals, own_init = refusal_classes(all_sources)
    helpers = helper_positions(all_sources)
    seen, problems = 0, []

    def visit(source: Source, node: ast.AST, imports: dict[str, str], helper_params: set[str],
              own_code: bool) -> None:
        nonlocal seen
        if isinstance(node, ast.ClassDef):  # a refusal class that sets its code itself
            own_code = node.name in own_init
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            helper_params = ({a.arg for a in node.args.args} if node.name in HELPERS
                             else helper_params)
        if isinstance(node, ast.Call):
            name = _call_name(node)
            given = {k.arg: k.value for k in node.keywords}
            code: ast.expr | None = given.get("code")
            checked = False
            if name in HELPERS and name in helpers:
                checked = True
                if code is None and len(node.args) > helpers[name]:
                    code = node.args[helpers[name]]
            elif (name in refusals and name not in own_init) or (
                    own_code and _is_super_init(node)):
                checked = True
            if checked:
                seen += 1
                where = f"src/podium/{source.rel}:{node.lineno}"
                if code is None:
                    problems.append(f"{where}: {name}(...) gives no code=")
                else:
                    problem = code_problem(code, imports, helper_params)
                    if problem:
                        problems.append(f"{where}: {problem}")
        for child in ast.iter_child_nodes(node):
            visit(source, child, imports, helper_params, own_code)

    for source in all_sources if targets is None else targets:
        visit(source, source.tree, imported_names(source), set(), False)
    return seen, problems


def test_every_refusal_in_src_gives_a_catalogued_code() -> None:
    seen, problems = scan()
    assert seen > 300, f"the scan found only {seen} refusals: is it still reading src?"
    assert not problems, (
        f"{len(problems)} refusals without a catalogued code (add the code to "
        "podium/core/codes.py, or to the format's codes.py and Ruleset.codes):\n  "
        + "\n  ".join(problems))


def test_the_scan_names_each_refusal_without_a_catalogued_code() -> None:
    probe = Source("probe.py", "podium.probe", ast.parse(
        "from podium.core import codes\n"
        "from podium.core import codes as kernel\n"
        "raise NotFound('no %(x)s', x=1)\n"
        "raise Conflict('late', code='conflict')\n"
        "raise InvalidInput('bad', code=codes.NO_SUCH_CODE)\n"
        "raise Localised('typed', code=kind)\n"
        "raise _refuse('path', 'bad')\n"
        "raise InvalidInput('fine', code=codes.TOP_MATCH)\n"
        "raise Forbidden('fine', code=kernel.ROLE_MISSING if a else 'round.none')\n"
        "raise InvalidInput(error.msgid, code=error.code)\n"
        "raise _refuse('path', 'fine', codes.PAYLOAD_TYPE)\n"))
    seen, problems = scan([probe])
    assert seen == 9
    assert [p.split(":")[1] for p in problems] == ["3", "4", "5", "6", "7"], problems
    assert "has no NO_SUCH_CODE" in problems[2]


# -- the catalogue ------------------------------------------------------------------------------
def test_no_code_is_a_bare_category() -> None:
    bare = categories()
    assert {"invalid", "not_found", "conflict", "forbidden", "unauthorised"} <= bare
    assert not CATALOGUE & bare, sorted(CATALOGUE & bare)


def test_every_code_is_area_dot_problem() -> None:
    assert not [code for code in CATALOGUE if not CODE_SHAPE.fullmatch(code)]


def test_one_constant_per_code() -> None:
    path = SRC / "core" / "codes.py"
    assigned = [target.id for node in ast.parse(path.read_text(encoding="utf-8")).body
                if isinstance(node, ast.Assign) for target in node.targets
                if isinstance(target, ast.Name) and target.id.isupper()]
    assert len(assigned) == len(set(assigned)), "a constant is assigned twice in core/codes.py"
    for module, found in CODE_MODULES.items():
        values = list(found.values())
        twice = sorted({v for v in values if values.count(v) > 1})
        assert not twice, f"{module}: one code, several constants: {twice}"


def test_a_formats_codes_are_its_own_behind_its_prefix() -> None:
    owners: dict[str, str] = {}
    for name, format_codes in BY_FORMAT.items():
        assert len(format_codes) == len(set(format_codes)), f"{name}: a code listed twice"
        assert not set(format_codes) & KERNEL, f"{name} repeats kernel codes"
        prefixes = {code.split(".")[0] for code in format_codes}
        if name in PREFIXES and format_codes:
            assert prefixes == {PREFIXES[name]}, (name, sorted(prefixes))
        assert len(prefixes) <= 1, f"{name}: codes behind several prefixes {sorted(prefixes)}"
        for prefix in prefixes:
            assert owners.setdefault(prefix, name) == name, f"{name} and {owners[prefix]}"
    kernel_areas = {code.split(".")[0] for code in KERNEL}
    assert not set(owners) & kernel_areas, "a format's prefix is an area of the kernel"


def test_a_formats_codes_module_is_its_ruleset_codes() -> None:
    by_module = {type(r).__module__.split(".")[2]: set(r.codes) for r in all_formats()
                 if type(r).__module__.startswith("podium.formats.")}
    for package, module in format_code_modules().items():
        assert set(constants(module).values()) == by_module.get(package), (
            f"formats/{package}/codes.py and its Ruleset.codes differ")


# -- refusals met through the service -----------------------------------------------------------
JUDGE = Caller.cli("judge")


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    database = Database(str(tmp_path / "codes.db"))
    events = EventService(database)
    events.execute(Invocation("event.create", None, {
        "slug": "cup", "format": "commander", "seed": "3"}), JUDGE)
    events.execute(Invocation("player.add", "cup", {"names": "Ann\nBob\nCid\nDan\nEve"}), JUDGE)
    events.execute(Invocation("event.create", None, {
        "slug": "duel", "format": "berserk", "seed": "3"}), JUDGE)
    events.execute(Invocation("player.add", "duel", {"names": "Ann\nBob\nCid\nDan"}), JUDGE)
    yield events
    database.dispose()


def run(name: str, slug: str | None, fields: dict[str, Any],
        caller: Caller = JUDGE, source: str = TEXT) -> Callable[[EventService], Any]:
    surface = API if source == JSON else CLI
    return lambda service: service.execute(Invocation(name, slug, fields, source, surface),
                                           caller)


def _transfer(text: str) -> Callable[[EventService], Any]:
    def go(service: EventService) -> Any:
        from podium.service.transfer import parse_document
        return parse_document(text)
    return go


def _accounts(username: str, password: str) -> Callable[[EventService], Any]:
    def go(service: EventService) -> Any:
        from podium.service.accounts import AccountService
        return AccountService(service.db).create_user(username, password)
    return go


def _csv(data: bytes) -> Callable[[EventService], Any]:
    def go(service: EventService) -> Any:
        from podium.service.forms import player_names_from_csv
        return player_names_from_csv(data)
    return go


def _settings(fmt: str, raw: dict[str, Any]) -> Callable[[EventService], Any]:
    def go(service: EventService) -> Any:
        from podium.formats import get_format
        return get_format(fmt).parse_settings(raw)
    return go


def _paired_then(step: Callable[[EventService], Any]) -> Callable[[EventService], Any]:
    def go(service: EventService) -> Any:
        service.execute(Invocation("round.pair", "cup", {}), JUDGE)
        return step(service)
    return go


def _append(slug: str, kind: str, payload: dict[str, Any]) -> Callable[[EventService], Any]:
    def go(service: EventService) -> Any:
        from podium.service.commands import AppendActions
        return service.run_command(AppendActions(slug, ((kind, payload, ""),)), "judge")
    return go


def _command(name: str, *args: Any, **kwargs: Any) -> Callable[[EventService], Any]:
    def go(service: EventService) -> Any:
        from podium.service import commands
        return service.run_command(getattr(commands, name)(*args, **kwargs), "judge")
    return go


REFUSED: dict[str, tuple[Callable[[EventService], Any], str]] = {
    "an unknown command": (run("chess.move", "cup", {}), "command.unknown"),
    "a bad event id": (run("event.create", None, {"slug": "Big Cup!"}), "input.slug"),
    "an unknown field": (run("player.add", "cup", {"names": ["Zed"], "colour": "red"},
                             source=JSON), "input.unknown"),
    "a missing field": (run("player.add", "cup", {}), "input.missing"),
    "an unknown player": (run("player.drop", "cup", {"player": "Nobody"}), "player.unknown"),
    "a command of another format": (run("berserk.split", "cup", {}), "format.other"),
    "an unknown event": (run("round.pair", "nowhere", {}), "event.unknown"),
    "an unknown setting": (run("event.settings", "cup", {"settings": "colour=red"}),
                           "setting.unknown"),
    "a setting of the wrong type": (run("event.settings", "cup", {"settings": "pod_size=x"}),
                                    "setting.type"),
    "too few Swiss rounds (CMD-11)": (run("event.settings", "cup", {"settings": "rounds=2"}),
                                      "cmd.min_rounds"),
    "undo with no round": (run("round.undo", "cup", {"reason": "oops"}), "round.none"),
    "a TOP result before the TOP": (run("top.result", "cup", {"match": "1", "result": "1"}),
                                    "top.none"),
    "a player's command without a code": (
        run("report.confirm", "cup", {"report": "1"}, Caller(actor="someone")),
        "auth.required"),
    "a result before any round": (run("commander.result", "cup", {"table": "1",
                                                                  "finish": "1234"}),
                                  "round.none"),
    "an unknown table": (_paired_then(run("commander.result", "cup", {
        "table": "9", "finish": "1234"})), "table.unknown"),
    "a finish that is not seats": (_paired_then(run("commander.result", "cup", {
        "table": "1", "finish": "1x"})), "cmd.finish"),
    "two winners in an entry": (_paired_then(run("commander.result", "cup", {
        "table": "1", "entry": {"winner": [1, 2]}}, source=JSON)), "cmd.winners"),
    "Berserk rounds before the draft tables": (run("round.pair", "duel", {}),
                                               "divisions.unassigned"),
    "no divisions in Commander": (_command("MoveToDivision", "cup", "Ann", "a", reason="r"),
                                  "capability.divisions"),
    "a series command on an event": (run("series.add", "cup", {"event": "duel"}),
                                     "format.other"),
    "a payload of the wrong shape": (_append("cup", "player.registered", {
        "player": "six", "name": "Fay"}), "payload.type"),
    "a TOP of odd slots": (_append("duel", "top.built", {
        "slots": [1, 2, 3], "size": 3, "seeds": [[1, 1], [2, 2], [3, 3]]}),
                           "top.slots"),
    "an event file that is not JSON": (_transfer("{"), "file.json"),
    "a JSON file that is not an event": (_transfer("[]"), "file.format"),
    "a short password": (_accounts("ann", "x"), "user.password"),
    "a bad user name": (_accounts("Ann Smith", "long enough password"), "user.name"),
    "a CSV without names": (_csv(b"nick\nann\n"), "csv.column"),
    "a Berserk table range upside down": (_settings("berserk", {"min_table": 8,
                                                                "max_table": 4}),
                                          "brk.table_sizes"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_refusal_met_through_the_service_has_a_specific_code(
        service: EventService, case: str) -> None:
    provoke, expected = REFUSED[case]
    with pytest.raises(PodiumError) as refused:
        provoke(service)
    error = refused.value
    assert error.code in CATALOGUE, (case, error.code, str(error))
    assert error.code != error.category, (case, error.code, str(error))
    assert error.code == expected, (case, error.code, str(error))
