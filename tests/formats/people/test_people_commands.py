"""The register's commands and the links from events' players, through the service's one
entry point (``EventService.invoke``: the API's JSON, as the local organiser). Beyond the
regulations (none says how a register of persons is kept): each action keeps its actor, time
and reason; a refusal names its field and stores nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from podium.core.errors import PodiumError
from podium.formats.people.book import book_of
from podium.service import EventService
from podium.store.db import Database

REG = "people"


@pytest.fixture
def service(tmp_path: Path):
    found = EventService(Database(str(tmp_path / "p.db")))
    yield found
    found.db.dispose()


def run(service: EventService, command: str, slug: str | None = None, /,
        actor: str = "anna", **fields: object):
    return service.invoke(command, slug, fields, actor)


def refused(service: EventService, command: str, slug: str | None = None, /,
            **fields: object) -> PodiumError:
    """The command refused, and nothing stored in the register (nor the register made)."""
    before = service.log(REG) if _exists(service) else None
    with pytest.raises(PodiumError) as caught:
        run(service, command, slug, **fields)
    after = service.log(REG) if _exists(service) else None
    assert (before is None) == (after is None), "a refusal made the register"
    assert before is None or len(before) == len(after or []), "a refusal stored"
    return caught.value


def _exists(service: EventService) -> bool:
    from podium.formats.people.registry import registry_exists

    return registry_exists(service, REG)


def event(service: EventService, slug: str, *names: str) -> None:
    service.create_event(slug, slug, "commander", {}, "setup", seed=1)
    service.add_players(slug, list(names), "setup")


def book(service: EventService):
    return book_of(service.load(REG).state)


def test_the_first_add_makes_the_register_and_answers_the_id(service) -> None:
    assert not _exists(service)
    done = run(service, "people.add", name="Анна  Петрова", aliases="anya, ap77", club="Ладья")
    assert done.answer_json() == {"person": 1, "name": "Анна Петрова",
                                  "aliases": ["anya", "ap77"], "club": "Ладья",
                                  "hidden": False}
    log = service.log(REG)
    assert [a.kind for a in log] == ["event.created", "people.person_added"]
    assert log[0].payload["format"] == "people" and log[1].actor == "anna"
    assert run(service, "people.add", name="Boris").answer_json()["person"] == 2


def test_a_refused_first_add_leaves_no_register(service) -> None:
    error = refused(service, "people.add", name="   ")
    assert error.field == "name"
    assert not _exists(service)


def test_rename_keeps_the_old_name_and_the_reason(service) -> None:
    run(service, "people.add", name="Ёлкин Пётр")
    run(service, "people.rename", person="елкин пётр", name="Ёлкин Петр", reason="паспорт",
        actor="boris")
    last = service.log(REG)[-1]
    assert (last.kind, last.actor, last.reason) == ("people.person_changed", "boris", "паспорт")
    assert last.payload == {"person": 1, "name": "Ёлкин Петр", "old": {"name": "Ёлкин Пётр"}}
    assert book(service).get(1).name == "Ёлкин Петр"


def test_edit_replaces_other_names_and_club_keeping_the_old(service) -> None:
    run(service, "people.add", name="Vera", aliases="v1", club="A")
    run(service, "people.edit", person="#1", aliases="v2, v3")
    assert book(service).get(1).aliases == ("v2", "v3")
    assert service.log(REG)[-1].payload["old"] == {"aliases": ["v1"]}
    run(service, "people.edit", person="v2", club="B", reason="moved")  # by an other name
    assert book(service).get(1).club == "B"
    assert refused(service, "people.edit", person="#1").code == "people.nothing"


def test_hide_and_show_keep_the_person(service) -> None:
    run(service, "people.add", name="Анна Петрова")
    done = run(service, "people.hide", person="#1", reason="попросила")
    assert done.said.params["shown"] == "А. П."
    assert book(service).get(1).hidden and book(service).get(1).shown == "А. П."
    run(service, "people.show", person="Анна Петрова")
    assert not book(service).get(1).hidden
    assert [a.reason for a in service.log(REG)[-2:]] == ["попросила", ""]


def test_an_unknown_or_ambiguous_person_is_refused_with_its_field(service) -> None:
    run(service, "people.add", name="Ivan Ivanov")
    error = refused(service, "people.rename", person="Иванов Иван", name="X")
    assert (error.code, error.field) == ("people.unknown", "person")
    assert "#1 Ivan Ivanov" in error.params["persons"]  # the loose match, suggested back
    assert refused(service, "people.hide", person="#9").field == "person"
    assert refused(service, "people.merge", person="#1", other="Nobody",
                   reason="x").field == "other"


def test_merge_needs_a_reason_and_keeps_the_first(service) -> None:
    run(service, "people.add", name="Gleb")
    run(service, "people.add", name="Глеб", club="C")
    assert refused(service, "people.merge", person="#1", other="#2").field == "reason"
    done = run(service, "people.merge", person="Gleb", other="Глеб", reason="одно лицо")
    assert done.answer_json()["aliases"] == ["Глеб"]
    assert book(service).resolve(2) == 1 and book(service).get(2).club == "C"
    assert service.log(REG)[-1].reason == "одно лицо"


def test_two_persons_who_played_one_event_are_not_merged(service) -> None:
    event(service, "cup", "Gleb", "Глеб")
    run(service, "person.link-all", "cup")  # two new persons: no person resembled either
    assert refused(service, "people.merge", person="#1", other="#2",
                   reason="same").code == "people.merge_met"


def test_link_and_unlink_across_two_events(service) -> None:
    event(service, "spring", "Анна Петрова", "Boris")
    event(service, "autumn", "анна петрова", "Vera")
    run(service, "people.add", name="Анна Петрова")
    done = run(service, "person.link", "spring", player="Анна Петрова", person="#1")
    assert done.answer_json() == {"event": "spring", "player": 1,
                                  "player_name": "Анна Петрова", "person": 1,
                                  "person_name": "Анна Петрова"}
    run(service, "person.link", "autumn", player="#1", person="Анна Петрова")
    assert book(service).players_of(1) == [("spring", 1), ("autumn", 1)]
    assert service.log("spring")[-1].kind == "player.registered"  # the event's log unchanged
    # linked already: to the same person, or to another (unlink first)
    assert refused(service, "person.link", "spring", player="#1",
                   person="#1").code == "people.linked"
    run(service, "people.add", name="Other")
    error = refused(service, "person.link", "spring", player="#1", person="Other")
    assert (error.code, error.field) == ("people.linked", "player")
    # a person plays once in an event
    assert refused(service, "person.link", "spring", player="Boris",
                   person="#1").code == "people.twice"
    assert refused(service, "person.link", "spring", player="Nobody",
                   person="#1").field == "player"
    run(service, "people.unlink", event="spring", player="Анна Петрова", reason="ошибка")
    last = service.log(REG)[-1]
    assert (last.kind, last.payload, last.reason) == (
        "people.player_unlinked", {"event": "spring", "player": 1}, "ошибка")
    run(service, "person.link", "spring", player="#1", person="Other")
    assert book(service).person_of("spring", 1).name == "Other"


def test_new_person_from_a_player(service) -> None:
    event(service, "cup", "Dmitry", "Zoya")
    done = run(service, "person.new", "cup", player="Dmitry", club="Chess")
    assert done.answer_json()["person"] == 1
    assert [a.kind for a in service.log(REG)[-2:]] == ["people.person_added",
                                                      "people.player_linked"]
    assert book(service).get(1).club == "Chess"
    event(service, "cup2", "dmitry")
    error = refused(service, "person.new", "cup2", player="dmitry")
    assert (error.code, error.field) == ("people.duplicate", "player")


def test_suggestions_say_why(service) -> None:
    from podium.service.person_link_run import suggestions

    for name in ("Ёлкин Пётр", "Ivan Ivanov", "Анна Петрова"):
        run(service, "people.add", name=name)
    run(service, "people.edit", person="Анна Петрова", aliases="anya")
    reg = book(service)
    assert [(s.person, s.reason, s.exact) for s in suggestions(reg, "Елкин Петр")] == [
        (1, "ё/е", True)]
    assert [(s.person, s.reason) for s in suggestions(reg, "ёлкин пётр")] == [
        (1, "same name, other case")]
    assert [(s.person, s.reason, s.exact) for s in suggestions(reg, "Иванов Иван")] == [
        (2, "Latin spelling", False)]
    assert [(s.person, s.reason) for s in suggestions(reg, "Петрова Анна")] == [
        (3, "word order")]
    assert [(s.person, s.reason) for s in suggestions(reg, "Anya")] == [
        (3, "an other name, other case")]
    assert suggestions(reg, "Zoya") == []


def test_link_all_links_exact_makes_new_and_leaves_loose(service) -> None:
    run(service, "people.add", name="Ёлкин Пётр")
    run(service, "people.add", name="Ivan Ivanov")
    event(service, "cup", "Елкин Пётр", "Иванов Иван", "Zoya")
    before = len(service.log(REG))
    preview = run(service, "person.link-all", "cup", preview=True).answer_json()
    assert len(service.log(REG)) == before  # a preview stores nothing
    done = run(service, "person.link-all", "cup").answer_json()
    assert {k: v for k, v in done.items() if k != "preview"} == \
        {k: v for k, v in preview.items() if k != "preview"}
    assert [(one["player_name"], one["person"]) for one in done["linked"]] == [
        ("Елкин Пётр", 1)]
    assert [(one["player_name"], one["person"]) for one in done["created"]] == [("Zoya", 3)]
    assert [(s["player_name"], [p["person"] for p in s["persons"]])
            for s in done["suggested"]] == [("Иванов Иван", [2])]
    run(service, "person.link", "cup", player="Иванов Иван", person="#2")
    again = run(service, "person.link-all", "cup").answer_json()
    assert again == {"linked": [], "created": [], "suggested": [], "preview": False}


def test_the_suggest_view_rows_name_the_command_to_run(service) -> None:
    from podium.core.commands import API, Caller
    from podium.service.catalog import Invocation

    run(service, "people.add", name="Ivan Ivanov")
    event(service, "cup", "Иванов Иван", "Zoya")
    seen = service.read(Invocation("person.suggest", "cup", {}, "json", API),
                        Caller.cli("anna"))
    rows = list(seen.value.rows)
    assert [(r["player"], r["person"], r["why"].id, r["do"], r["query"])
            for r in rows] == [
        ("Иванов Иван", "#1 Ivan Ivanov", "Latin spelling", "person.link",
         "player=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%20%D0%98%D0%B2%D0%B0%D0%BD&person=%231"),
        ("Zoya", "", "no person resembles them", "person.new", "player=Zoya")]


def test_csv_round_trip_into_an_empty_register(tmp_path, service) -> None:
    run(service, "people.add", name="Анна Петрова", aliases="anya, a77", club="Ладья")
    run(service, "people.add", name="=Boris", club="+1")  # cells a spreadsheet would run
    run(service, "people.add", name="Vera")
    run(service, "people.hide", person="Vera")
    text = run(service, "people.export").answer_json()["csv"]
    assert text.splitlines() == ["id,name,aliases,club,hidden",
                                 "1,Анна Петрова,anya; a77,Ладья,no",
                                 "2,'=Boris,,'+1,no", "3,Vera,,,yes"]
    other = EventService(Database(str(tmp_path / "other.db")))
    try:
        preview = other.invoke("people.import", None, {
            "file": {"name": "p.csv", "text": text}, "preview": True}, "anna")
        assert len(preview.answer_json()["persons"]) == 3
        from podium.formats.people.registry import registry_exists

        assert not registry_exists(other, REG)  # a preview makes nothing
        other.invoke("people.import", None, {"file": {"name": "p.csv", "text": text}}, "anna")
        assert other.invoke("people.export", None, {}, "anna").answer_json()["csv"] == text
    finally:
        other.db.dispose()


def test_a_bad_file_is_refused_with_its_lines_and_stores_nothing(service) -> None:
    run(service, "people.add", name="Анна Петрова")
    text = ("имя;другие имена;клуб;скрыт\n"
            "Boris;b1;;нет\n"
            "анна петрова;;;\n"  # line 3: a name already registered
            ";x;;\n"  # line 4: no name
            "Vera;b1;;\n"  # line 5: an other name already on line 2
            "Gleb;;;может быть\n")  # line 6: hidden is yes or no
    error = refused(service, "people.import", file={"name": "p.csv", "text": text})
    assert (error.code, error.field) == ("people.csv", "file")
    assert error.params["lines"] == "3, 4, 5, 6"
    ok = 'имя;другие имена;клуб;скрыт\nBoris;"b1; b2";;да\n'
    done = run(service, "people.import", file={"name": "p.csv", "text": ok}).answer_json()
    assert done["persons"] == [{"person": 2, "name": "Boris", "aliases": ["b1", "b2"],
                                "club": "", "hidden": True}]
    assert refused(service, "people.import",
                   file={"name": "p.csv", "text": "who\nX\n"}).code == "people.csv"
