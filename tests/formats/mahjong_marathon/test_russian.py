"""The marathon's forms in Russian (regulation MJ): each form of its declared commands, on the
event's page and on a page of its own, and each refusal shown next to its field, with no English
word (the check of ``tests/web/test_russian_pages.py``: rule IDs, zones, URLs and names people
typed aside)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

import podium
from podium.i18n import translations
from tests.formats.mahjong_marathon.conftest import DO, post
from tests.web.conftest import Site, csrf_of
from tests.web.test_russian_pages import latin_words, visible_text

SEATS = [("Анна", 30), ("Борис", 25), ("Вера", 0), ("Глеб", -55)]
COMMANDS = ("add-game", "import-games", "penalty", "disqualify-game", "disqualify-player",
            "revert", "publish")
#: A refused form of each command: every field it names is shown in Russian.
REFUSED = {
    "add-game": {"id": "", "table": "Лобби", "start": "вчера", "zone": "Марс/База",
                 "player1": "Анна", "gp1": "много", "player2": "Анна", "gp2": "2,5",
                 "player3": "", "gp3": "0", "player4": "Глеб", "gp4": "99999999999"},
    "penalty": {"player": "Никто", "kind": "6a", "amount": "7", "game": "", "reason": ""},
    "disqualify-game": {"game": "нет", "ground": "other", "reason": "причина"},
    "disqualify-player": {"player": "Анна", "from": "2015-05-01", "until": "2015-04-01",
                          "reason": "причина"},
    "revert": {"seq": "999", "reason": "причина"},
    "publish": {"reason": "ы" * 501},
}


@pytest.fixture
def russian(site: Site):
    site.user("anna")
    client = site.login("anna")
    client.cookies.set("lang", "ru")
    csrf = csrf_of(client.get("/manage").text)
    client.post("/manage/new", data={"csrf_token": csrf, "format": "mahjong-marathon",
                                     "slug": "mj", "name": "Марафон"})
    data = {"id": "1", "table": "RU-Marathon-1", "start": "2015-03-01 12:00",
            "zone": "server"}
    for k, (name, gp) in enumerate(SEATS, 1):
        data |= {f"player{k}": name, f"gp{k}": str(gp)}
    assert post(client, csrf, "add-game", data).status_code == 303
    assert post(client, csrf, "penalty", {"player": "Анна", "kind": "6a", "amount": "5",
                                          "game": "1", "reason": "опоздание"}).status_code == 303
    return client, csrf


#: The kernel's refusals of what was typed (a field required, a number out of bounds), whose
#: Russian another branch adds: tolerated here while the catalog lacks them, never
#: the marathon's own.
KERNEL = ("core/inputs.py", "core/commands.py")


def pending() -> list[re.Pattern[str]]:
    catalog = translations("ru")
    root = Path(podium.__file__).parent
    out = []
    for name in KERNEL:
        for _line, msgid, _comments, _context in extract_from_file(
                "python", root / name, keywords={"N_": None}):
            if catalog.gettext(msgid) == msgid:  # no Russian yet
                out.append(re.compile(re.sub(r"%\\\(\w+\\\)[sr]", ".*?", re.escape(msgid))))
    return out


PENDING = pending()


def english(page: str) -> list[str]:
    text = visible_text(page)
    for pattern in PENDING:
        text = pattern.sub(" ", text)
    return latin_words(text, {"server", "anna", "mj"})  # mj: the event's id (data)


def test_the_forms_are_russian(site: Site, russian) -> None:
    client, _csrf = russian
    page = client.get("/manage/mj").text
    menu = page[page.index('<div class="menu">'):]
    assert not english(menu), english(menu)
    for command in COMMANDS:
        assert not english(client.get(DO + command).text), command


@pytest.mark.parametrize("command", sorted(REFUSED))
def test_a_refused_form_is_russian_field_by_field(site: Site, russian, command: str) -> None:
    client, csrf = russian
    before = site.log_length("mj")
    answer = post(client, csrf, command, REFUSED[command])
    assert answer.status_code in (404, 409, 422)
    assert 'role="alert"' in answer.text
    assert not english(answer.text), english(answer.text)
    assert site.log_length("mj") == before
