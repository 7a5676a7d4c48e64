"""``podium person ...``: the register's commands take no EVENT (they run on the register),
the links take the event's; refusals name the argument and store nothing; the help in English
and Russian."""

from __future__ import annotations

import json

from tests.cli.conftest import Podium, flat, podium  # noqa: F401 - the fixture is used here


def register(podium: Podium) -> list[tuple[str, dict, str, str]]:  # noqa: F811
    return [(a["kind"], a["payload"], a.get("reason", ""), a["actor"])
            for a in json.loads(podium.export("people"))["actions"]]


def test_person_commands_on_the_register(podium: Podium) -> None:  # noqa: F811
    assert podium.out("person", "add", "Ёлкин Пётр", "--aliases", "elkin, petya",
                      "--club", "Ладья").strip() == "Ёлкин Пётр is person #1."
    podium("person", "add", "Ivan Ivanov")
    podium("person", "rename", "#1", "Ёлкин Петр", "--reason", "паспорт")
    podium("person", "hide", "elkin", "--reason", "просил")  # by an other name
    podium("person", "merge", "Ivan Ivanov", "Ёлкин Петр", "--reason", "одно лицо")
    kinds = register(podium)
    assert [k for k, *_ in kinds] == ["event.created", "people.person_added",
                                      "people.person_added", "people.person_changed",
                                      "people.person_hidden", "people.persons_merged"]
    assert kinds[3][1:] == ({"person": 1, "name": "Ёлкин Петр",
                             "old": {"name": "Ёлкин Пётр"}}, "паспорт", "judge")
    assert kinds[5][1:3] == ({"keep": 2, "other": 1}, "одно лицо")


def test_refusals_name_the_argument_and_store_nothing(podium: Podium) -> None:  # noqa: F811
    podium("person", "add", "Ivan Ivanov")
    before = register(podium)
    message = podium.error("person", "rename", "Иванов Иван", "X", code=3)
    assert message.startswith("Error: PERSON:") and "#1 Ivan Ivanov" in message
    assert podium.error("person", "add", "ivan  ivanov", code=4).startswith("Error: NAME:")
    assert podium.error("person", "merge", "#1", "#1", code=2).startswith("Error: --reason:")
    assert register(podium) == before


def test_link_suggest_and_link_all_across_two_events(podium: Podium) -> None:  # noqa: F811
    podium("person", "add", "Ivan Ivanov")
    for slug, names in (("spring", ["Иванов Иван", "Анна"]), ("autumn", ["Ivan Ivanov"])):
        podium("event", "create", slug, "--seed", "1")
        podium("player", "add", slug, *names)
    shown = flat(podium.out("person", "suggest", "spring"))
    assert "Иванов Иван #1 Ivan Ivanov Latin spelling" in shown
    assert "Анна no person resembles them" in shown
    assert "nothing stored" in podium.out("person", "link-all", "spring", "--preview")
    assert len(register(podium)) == 2
    podium("person", "link-all", "spring")  # Анна made; Иванов left to confirm
    podium("person", "link-all", "autumn")  # Ivan Ivanov linked: the same name
    podium("person", "link", "spring", "Иванов Иван", "#1")
    links = [p for k, p, *_ in register(podium) if k == "people.player_linked"]
    assert links == [{"event": "spring", "player": 2, "person": 2},
                     {"event": "autumn", "player": 1, "person": 1},
                     {"event": "spring", "player": 1, "person": 1}]
    message = podium.error("person", "link", "spring", "Анна", "#1", code=4)
    assert message.startswith("Error: PLAYER:") and "unlink them first" in message
    podium("person", "unlink", "spring", "Анна", "--reason", "ошибка")
    assert register(podium)[-1][:3] == ("people.player_unlinked",
                                         {"event": "spring", "player": 2}, "ошибка")


def test_export_to_a_file_and_import_it_elsewhere(podium: Podium, tmp_path) -> None:  # noqa: F811
    podium("person", "add", "Анна Петрова", "--aliases", "anya;x", "--club", "Ладья")
    podium("person", "add", "Boris")
    podium("person", "hide", "Boris")
    text = podium.out("person", "export")
    assert text.splitlines()[1:] == ["1,Анна Петрова,anya; x,Ладья,no", "2,Boris,,,yes"]
    path = tmp_path / "persons.csv"
    podium("person", "export", "--output", str(path))
    assert path.read_text(encoding="utf-8") == text
    other = tmp_path / "other.db"
    assert "nothing stored" in podium("person", "import", str(path), "--preview",
                                      db=other).stdout
    podium("person", "import", str(path), db=other)
    assert podium("person", "export", db=other).stdout == text
    bad = tmp_path / "bad.csv"
    bad.write_text("name,club\nZoya,\n,A\nboris,\n", encoding="utf-8")
    message = podium.error("person", "import", str(bad), code=2)
    assert message.startswith("Error: FILE:") and "3, 4" in message
    assert podium("person", "export", db=other).stdout == text


def test_person_help_in_english_and_russian(podium: Podium) -> None:  # noqa: F811
    shown = flat(podium.out("person", "--help"))
    for name in ("add", "rename", "edit", "hide", "show", "merge", "unlink", "link",
                 "link-all", "new", "suggest", "import", "export"):
        assert f" {name} " in shown, name
    assert "Usage: podium person add [OPTIONS] NAME" in flat(podium.out("person", "add",
                                                                         "--help"))
    assert "EVENT" not in podium.out("person", "add", "--help")
    assert "EVENT PLAYER PERSON" in podium.out("person", "link", "--help")
    russian = flat(podium.out("--lang", "ru", "person", "--help"))
    assert "Добавить человека" in russian and "Add a person" not in russian
