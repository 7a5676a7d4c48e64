"""The Russian catalog is complete: CI fails on a message without Russian, a fuzzy entry, a
translation whose placeholders differ from its msgid's, or a refusal that cannot be translated.

The extraction is the one docs/i18n.md gives, run into a temporary file, so a message added
without running the cycle fails here, naming it.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from podium.core.messages import M, Message, Mn, Mp
from podium.i18n import catalog_path, translate, translations

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = ["N_", "M", "Mn:1,2", "Mp:1c,2", "InvalidInput", "NotFound", "Conflict", "Forbidden",
            "Localised", "PodiumError", "Field:4", "ActionKind:4"]
REFUSALS = {"InvalidInput", "NotFound", "Conflict", "Forbidden", "Localised", "PodiumError"}
PLACEHOLDER = re.compile(r"%\((\w+)\)([sdr])")


def read(path: Path):
    with open(path, "rb") as handle:
        return read_po(handle)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("pot") / "messages.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    command = [str(pybabel), "extract", "-F", "babel.cfg"]
    for keyword in KEYWORDS:
        command += ["-k", keyword]
    command += ["--no-location", "--omit-header", "--sort-output", "-o", str(out), "."]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    return read(out)


def key(message) -> tuple[str | None, str]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, msgid


def test_the_docs_give_the_same_extraction_command() -> None:
    text = (ROOT / "docs" / "i18n.md").read_text()
    for keyword in KEYWORDS:
        assert f"-k {keyword}" in text


def test_every_extracted_message_has_russian(extracted) -> None:
    russian = {key(m): m for m in read(catalog_path("ru")) if m.id}
    missing = [key(m) for m in extracted if m.id and key(m) not in russian]
    assert not missing, "run the cycle of docs/i18n.md; not in ru/messages.po:\n" + "\n".join(
        f"  {ctx + ' | ' if ctx else ''}{msgid}" for ctx, msgid in missing)
    plural = [key(m) for m in extracted if m.id and m.pluralizable
              and not russian[key(m)].pluralizable]
    assert not plural, f"extracted as plural, singular in the catalog: {plural}"


def test_no_russian_entry_is_empty_or_fuzzy() -> None:
    bad = []
    for message in read(catalog_path("ru")):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            bad.append(key(message)[1])
        if message.pluralizable:
            assert len(strings) == 3, f"Russian has three plural forms: {message.id}"
    assert not bad, "empty or fuzzy Russian entries:\n  " + "\n  ".join(bad)


def test_placeholders_are_the_msgids() -> None:
    """A translation fills the msgid's placeholders with the same conversions (``%(value)r``
    stays ``r``); it may use another parameter the code passes too (a number ``%(n)s`` where
    English says "1st"), but no placeholder of a msgid may turn into a different conversion."""
    wrong = []
    for message in read(catalog_path("ru")):
        if not message.id or "python-format" not in message.flags:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = dict(PLACEHOLDER.findall(ids[-1])) | dict(PLACEHOLDER.findall(ids[0]))
        for text in strings:
            found = dict(PLACEHOLDER.findall(text))
            if any(wanted.get(name, kind) != kind for name, kind in found.items()) or (
                    len(strings) == 1 and not found and wanted):
                wrong.append(f"{ids[0]!r} -> {text!r}")
    assert not wrong, "placeholders differ:\n  " + "\n  ".join(wrong)


def test_no_refusal_is_built_from_an_f_string() -> None:
    found = []
    for path in sorted((ROOT / "src").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in REFUSALS and node.args
                    and isinstance(node.args[0], ast.JoinedStr)):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, "refusals written as f-strings cannot be translated:\n  " + "\n  ".join(
        found)


def test_the_catalog_is_read_from_the_po_file() -> None:
    # what the .po says is what a page shows: no compiled file can lag behind it
    assert translate("Standings", "ru") == "Турнирная таблица"
    assert translations("ru").gettext("no round has been paired") == "ни один тур ещё не рассажен"


def test_plural_forms_follow_russian_grammar() -> None:
    catalog = translations("ru")
    def players(n: int) -> Message:
        return Mn("%(n)s player", "%(n)s players", n)

    forms = [players(n).render(catalog) for n in (1, 2, 5, 11, 21, 22)]
    assert forms == ["1 игрок", "2 игрока", "5 игроков", "11 игроков", "21 игрок", "22 игрока"]
    assert (players(1), players(3)) == ("1 player", "3 players")


def test_rank_and_seat_are_different_words_in_russian() -> None:
    catalog = translations("ru")
    rank = Mp("rank", "Rank").render(catalog)
    seat = Mp("seat", "Seat").render(catalog)
    assert (rank, seat) == ("Место", "Позиция за столом")
    assert Mp("seat", "Seat").render() == "Seat"


def test_one_word_for_a_bye_and_wins_draws_losses_not_misread() -> None:
    """Players read one word for one thing: a bye is the regulation's «бай» (rules CMD-8,
    CMD-9), never «пропуск тура» too; «П-Н-П» read «победы» and «поражения» alike."""
    catalog = translations("ru")
    noun = re.compile(r"пропуск(?:а|ом|ов|и|у)?\b", re.I)
    both = {str(key): text for key, text in catalog._catalog.items()  # type: ignore[attr-defined]
            if re.search(r"\bbyes?\b", str(key[0] if isinstance(key, tuple) else key), re.I)
            and noun.search(text)}
    assert not both, both
    spelled = catalog.gettext("W-D-L")
    words = [word for word in re.split(r"[-–\s]+", spelled) if word]
    # spelled out, or letters that cannot be read twice
    assert all(len(word) > 3 for word in words) or len({w[0].lower() for w in words}) == 3, \
        spelled


def test_a_stored_message_renders_in_each_language_and_an_old_string_as_written() -> None:
    note = M("%(who)s: %(plan)s", who=Mn("%(n)s player", "%(n)s players", 12),
             plan=M("%(pods)s, %(byes)s", pods=Mn("%(n)s pod of %(size)s",
                                                 "%(n)s pods of %(size)s", 3, size=4),
                    byes=M("no byes")))
    stored = note.to_json()
    assert stored["params"]["who"] == {"id": "%(n)s player", "params": {"n": 12},
                                       "plural": "%(n)s players"}
    again = Message.from_json(stored)
    assert again == "12 players: 3 pods of 4, no byes"
    assert again.render(translations("ru")) == "12 игроков: 3 стола на 4, без баев"
    old = Message.from_json("9 players: 2 pods of 4, 1 bye (rule CMD-8)")
    assert old.render(translations("ru")) == "9 players: 2 pods of 4, 1 bye (rule CMD-8)"
