"""What a user relies on at the command line's edges: ``podium --version``, a clear refusal of a
taken port by ``podium serve``, the sentence of ``podium user grant`` naming the role stored,
the demo's database named by its full path, one name per command in ``podium series``, and
numbers in the run's language (34,5 in Russian; an exact half 2,5, never 2.500)."""

from __future__ import annotations

import os
import socket
from fractions import Fraction
from importlib.metadata import version
from pathlib import Path

import pytest
from click.testing import CliRunner

from podium.cli.main import build_cli
from podium.i18n import number_text
from podium.service.accounts import AccountService
from tests.cli.conftest import Podium, flat

ENV = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None, "PODIUM_LANG": None}


def test_version_prints_the_installed_version() -> None:
    result = CliRunner().invoke(build_cli(), ["--version"], env=ENV)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"podium, version {version('podium')}"


def test_serve_on_a_taken_port_names_the_port_and_prints_no_address(podium: Podium) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = podium("serve", "--port", str(port), code=4)
    assert "http://" not in result.stdout  # the address it will never serve is not printed
    message = flat(result.stderr)
    assert message.startswith("Error:"), message
    assert f"port {port}" in message and "--port" in message, message
    assert "Traceback" not in result.output


def test_grant_says_the_role_it_stored(podium: Podium) -> None:
    podium("event", "create", "cup")
    accounts = AccountService(podium.service().db)
    accounts.create_user("anna", "a long password 1")
    accounts.create_user("boris", "a long password 2")
    said = flat(podium("user", "grant", "cup", "anna", "--role", "owner").stdout)
    assert said == "anna is an owner of the event now.", said
    assert accounts.role_of(accounts.get_user("anna"), "cup") == "owner"
    said = flat(podium("user", "grant", "cup", "boris").stdout)
    assert said == "boris is a judge now.", said


def test_the_demo_names_its_database_by_its_full_path(podium: Podium, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "work"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    db = tmp_path / "home" / "podium-demo.db"
    db.parent.mkdir()
    out = flat(podium("demo", "commander", "--players", "8", db=Path(os.path.relpath(db)))
               .stdout)
    assert f"in {db};" in out and f"(with --db {db})" in out, out[-300:]
    assert "../" not in out


def test_series_lists_each_command_once_and_the_old_name_still_runs(podium: Podium) -> None:
    listing = podium.out("series", "--help")
    names = [line.split()[0] for line in listing.splitlines() if line.startswith("  ")]
    assert "add" in names and "remove" in names
    assert "series-add" not in names and "series-remove" not in names
    assert podium.out("series", "series-add", "--help").startswith("Usage:")


@pytest.mark.parametrize(("value", "lang", "text"), [
    (Fraction(69, 2), "ru", "34,5"), (Fraction(5, 2), "ru", "2,5"), (Fraction(5, 2), "en", "2.5"),
    (Fraction(7), "ru", "7"), (Fraction(1, 3), "ru", "0,333"), (1234, "en", "1,234"),
])
def test_points_in_the_languages_format(value: Fraction | int, lang: str, text: str) -> None:
    assert number_text(value, lang) == text


def test_round_show_prints_half_points_in_russian(podium: Podium, make_event) -> None:
    """A Berserk draw gives each player a half point... here a Commander draw does: the
    points column of `round show` reads 0,5-style numbers, never 0.500."""
    make_event("cup", 8, 42, "draw_points=1/2")
    podium("round", "pair", "cup")
    names = podium.seating("cup")
    podium("result", "enter", "cup", "1", "--draw", "--survivors", ",".join(names[0][:2]),
           "--order", ",".join(names[0][2:]))
    out = podium.out("--lang", "ru", "round", "show", "cup", "1")
    assert "0,5" in out, out
    assert "0.500" not in out and "0,500" not in out
