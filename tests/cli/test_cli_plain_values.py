"""No Python value is ever printed raw: a TOP's goals as sentences, not message
dictionaries; counts with their grammar ("1 round", not "1 rounds"); settings as they are typed
(yes/no, auto), never True/False/None."""

from __future__ import annotations

import json
import re

from tests.cli.conftest import Podium

RAW = re.compile(r"\{'id'|\"id\":|\bTrue\b|\bFalse\b|\bNone\b|=None|\[\]")


def test_the_top_prints_its_goals_as_sentences(podium: Podium) -> None:
    out = podium.out("demo", "berserk", "--players", "16", "--tables", "2", "--top", "8",
                     "--seed", "3")
    assert not RAW.search(out), out
    assert ("goal 1 (rule BRK-4) met: no first-round match is between players of the same "
            "table") in " ".join(out.split())
    shown = podium.out("top", "show", "demo-berserk-16-2-8-3")
    assert not RAW.search(shown) and "goal 2 (rule BRK-4) " in shown


def test_settings_print_as_typed(podium: Podium) -> None:
    formats = podium.out("event", "formats")
    assert not RAW.search(formats), formats
    assert "fewer_rounds = no" in formats and "rounds = auto" in formats
    podium("event", "create", "cup", "--seed", "1")
    log = " ".join(podium.out("log", "cup").split())
    # the log says each setting by its label (the format's help), its value as typed
    assert "Swiss rounds (auto: CMD-11 formula): auto;" in log
    assert "allow fewer than 5 Swiss rounds (the regulation's minimum): no;" in log
    assert "points for a loss: 0;" in log  # a zero is a value, not an absence
    assert not RAW.search(podium.out("log", "cup"))
    assert not RAW.search(podium.out("event", "show", "cup"))


def test_counts_have_their_grammar(podium: Podium, tmp_path) -> None:
    podium("event", "create", "one", "--seed", "1")
    podium("player", "add", "one", "Ann", "Bob", "Cid", "Dan")
    podium("round", "pair", "one")
    path = tmp_path / "one.json"
    path.write_text(podium.export("one"), encoding="utf-8")
    said = podium.out("import", str(path), "--slug", "two")
    assert "1 round." in said and "4 players" in said, said
    assert json.loads(path.read_text())  # the file is the export
