"""The links on the API and the pages: ``POST .../commands/person.link`` by the event's
organiser (refused to another's), the register made with the caller as its owner, the
suggestion page's one-tap link (the link's form filled in) and its form answering."""

from __future__ import annotations

from podium.formats.people.book import book_of
from tests.web.conftest import Site, csrf_of, post, site  # noqa: F401 - the fixture is used


def _setup(site: Site) -> dict[str, str]:  # noqa: F811
    for name in ("anna", "other"):
        site.user(name)
    site.event("cup", "anna", players=0)
    site.events.add_players("cup", ["Иванов Иван", "Zoya"], "setup")
    return {name: site.accounts.create_token(name) for name in ("anna", "other")}


def test_the_api_links_a_player_and_makes_the_register_owned(site: Site) -> None:  # noqa: F811
    tokens = _setup(site)
    client = site.client()
    # the first person: the register is made, and anna owns it
    answer = client.post("/api/v1/events/people/commands/people.add",
                         json={"name": "Ivan Ivanov"},
                         headers={"Authorization": f"Bearer {tokens['anna']}"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["answer"]["person"] == 1
    assert [(g.username, g.role) for g in site.accounts.grants("people")] == [("anna", "owner")]
    # another organiser cannot link anna's players
    refused = client.post("/api/v1/events/cup/commands/person.link",
                          json={"player": "Иванов Иван", "person": "#1"},
                          headers={"Authorization": f"Bearer {tokens['other']}"})
    assert refused.status_code == 403 and refused.json()["code"] == "role.missing"
    unknown = client.post("/api/v1/events/cup/commands/person.link",
                          json={"player": "Иванов Иван", "person": "Nobody"},
                          headers={"Authorization": f"Bearer {tokens['anna']}"})
    assert unknown.status_code == 404
    assert (unknown.json()["code"], unknown.json()["field"]) == ("people.unknown", "person")
    done = client.post("/api/v1/events/cup/commands/person.link",
                       json={"player": "Иванов Иван", "person": "#1"},
                       headers={"Authorization": f"Bearer {tokens['anna']}"})
    assert done.status_code == 200, done.text
    assert done.json()["answer"] == {"event": "cup", "player": 1, "player_name": "Иванов Иван",
                                     "person": 1, "person_name": "Ivan Ivanov"}
    assert book_of(site.events.load("people").state).links == {("cup", 1): 1}


def test_the_suggestion_page_links_with_one_tap(site: Site) -> None:  # noqa: F811
    _setup(site)
    site.events.invoke("people.add", None, {"name": "Ivan Ivanov"}, "anna")
    client = site.login("anna")
    page = client.get("/e/cup/v/person.suggest")
    assert page.status_code == 200, page.text
    html = page.text
    assert "Latin spelling" in html and "#1 Ivan Ivanov" in html
    link = ("/manage/cup/do/person.link?player=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%20"
            "%D0%98%D0%B2%D0%B0%D0%BD&amp;person=%231")
    assert link in html
    form = client.get(link.replace("&amp;", "&"))
    assert form.status_code == 200
    # the player and the person filled in: one tap to save
    assert 'value="Иванов Иван" required' in form.text
    assert 'value="#1" required' in form.text
    before = len(site.events.log("people"))
    answer = post(client, csrf_of(form.text), "cup", "person.link", player="#1", person="#1")
    assert answer.status_code in (200, 303), answer.text
    assert len(site.events.log("people")) == before + 1
    assert book_of(site.events.load("people").state).person_of("cup", 1).name == "Ivan Ivanov"
    again = post(client, csrf_of(form.text), "cup", "person.link", player="#2", person="#1")
    assert again.status_code == 409  # a person plays once in an event: refused, named
    assert len(site.events.log("people")) == before + 1


def test_linking_from_an_events_page_makes_the_register_its_organisers(site: Site  # noqa: F811
                                                                        ) -> None:
    _setup(site)
    client = site.login("anna")
    csrf = csrf_of(client.get("/manage/cup").text)
    preview = post(client, csrf, "cup", "person.link-all", preview="yes")
    assert preview.status_code == 200 and "Zoya" in preview.text
    assert site.events.summary("cup") and "people" not in {
        e.slug for e in site.events.list_events()}  # a preview makes nothing
    done = post(client, csrf, "cup", "person.link-all")
    assert done.status_code == 303, done.text
    reg = book_of(site.events.load("people").state)
    assert sorted(p.name for p in reg.persons.values()) == ["Zoya", "Иванов Иван"]
    # anna owns the register now: its page and its forms are hers
    assert client.get("/manage/people").status_code == 200
    form = client.get("/manage/people/do/people.rename")
    assert form.status_code == 200
    answer = post(client, csrf_of(form.text), "people", "people.rename", person="Zoya",
                  name="Zoya Ivanova", reason="married")
    assert answer.status_code == 303, answer.text
    assert book_of(site.events.load("people").state).get(2).name == "Zoya Ivanova"


def test_the_export_page_shows_the_persons(site: Site) -> None:  # noqa: F811
    _setup(site)
    site.events.invoke("people.add", None, {"name": "Ivan Ivanov", "aliases": "ivan77"}, "x")
    site.accounts.grant("people", "anna", "owner", "setup")
    client = site.login("anna")
    form = client.get("/manage/people/do/people.export")
    assert form.status_code == 200
    answer = post(client, csrf_of(form.text), "people", "people.export")
    assert answer.status_code == 200, answer.text
    assert "<td>Ivan Ivanov</td><td>ivan77</td>" in answer.text
