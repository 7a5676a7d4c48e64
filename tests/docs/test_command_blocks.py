"""The documentation as written works: every ``sh`` block of README.md and docs/*.md runs, line
by line, on a fresh database, and every link to a file of the repository points to one.

Conventions of the docs: a block fenced as ```` ```sh ```` is a walk-through run in order, as a
new user pastes it: from a clone of the repository (a copy of its ``docs/examples``), one shell
session per file (a ``cd`` holds for the next lines), with the README's quick start done (the
environment active, the scratch folder ``~/podium-try``; ``HOME`` is a temporary folder). After
the walk-through no file may be left in the clone: podium.db, an export, a page go to the scratch
folder. A block with placeholders (``SLUG``) or output is fenced as ```` ```text ````. Lines that
start a server (``podium serve``), install the package (``python3 -m venv``, ``pip install``) or
activate the environment are not run; ``podium`` is the installed one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
PODIUM = str(Path(sys.executable).with_name("podium"))
PASSWORD = "correct horse battery"


def commands(text: str) -> list[str]:
    """The shell lines of a file's ``sh`` blocks, continuations joined, comments kept."""
    lines: list[str] = []
    for block in BLOCK.findall(text):
        pending = ""
        for raw in block.splitlines():
            if raw.rstrip().endswith("\\"):
                pending += raw.rstrip()[:-1] + " "
                continue
            line = (pending + raw).strip()
            pending = ""
            if line and not line.startswith("#"):
                lines.append(line)
    return lines


def runnable(line: str) -> str | None:
    """The line as the test runs it: the install prefix of the quick start dropped, ``podium``
    and ``.venv/bin/podium`` the installed one; None for a line that is not run."""
    if re.match(r"(\.venv/bin/)?podium serve\b", line) or "pytest" in line:
        return None
    if re.match(r"(\.|source)\s+\.venv/bin/activate\b|(\.venv/bin/)?pip install\b", line):
        return None
    if line.startswith("python3 -m venv"):
        line = line.split("&&")[-1].strip()
        if not re.match(r"(\.venv/bin/)?podium\b", line):
            return None
    line = re.sub(r"(^|&&\s*|\|\s*)(\.venv/bin/)?podium\b", lambda m: m.group(1) + PODIUM, line)
    return line


def scratch_line() -> str:
    """The quick start's line that makes the scratch folder (every other file assumes it)."""
    return next(line for line in commands((ROOT / "README.md").read_text())
                if line.startswith("mkdir") and "~/podium-try" in line)


def files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")}


@pytest.mark.parametrize("doc", [d for d in DOCS if BLOCK.search(d.read_text())],
                         ids=lambda d: d.relative_to(ROOT).as_posix())
def test_every_sh_block_runs_as_written(doc: Path, tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    shutil.copytree(ROOT / "docs" / "examples", clone / "docs" / "examples")
    (tmp_path / "home").mkdir()
    before = files(clone)
    env = {**os.environ, "HOME": str(tmp_path / "home"), "PODIUM_ACTOR": "docs",
           "COLUMNS": "120", "PATH": f"{Path(PODIUM).parent}{os.pathsep}{os.environ['PATH']}"}
    for name in ("PODIUM_DB", "PODIUM_LANG"):  # the default database: podium.db, here
        env.pop(name, None)
    lines = commands(doc.read_text())
    if doc.name != "README.md":
        lines = [scratch_line(), *lines]
    where = tmp_path / "cwd"
    cwd = clone
    ran = 0
    for line in lines:
        command = runnable(line)
        if command is None:
            continue
        stdin = f"{PASSWORD}\n{PASSWORD}\n" if " user create " in f" {command} " else ""
        done = subprocess.run(
            ["bash", "-c", 'cd "$1" && eval "$2"; code=$?; pwd > "$3"; exit $code', "line",
             str(cwd), command, str(where)], env=env, input=stdin, capture_output=True,
            text=True, timeout=300, start_new_session=True)  # no terminal: getpass reads stdin
        assert done.returncode == 0, f"{doc.name}: {line}\n{done.stdout}\n{done.stderr}"
        cwd = Path(where.read_text().strip())
        ran += 1
    assert ran, f"{doc.name}: no command ran"
    left = sorted(files(clone) - before)
    assert not left, f"{doc.name} leaves files in the clone: {left}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.relative_to(ROOT).as_posix())
def test_links_point_to_files_in_the_repository(doc: Path) -> None:
    for target in LINK.findall(doc.read_text()):
        if re.match(r"[a-z]+:", target):  # http:, mailto:
            continue
        assert (doc.parent / target).exists(), f"{doc.name} links {target}, which is not here"
