"""A player's group (separation groups, beyond the regulation) on the organiser's
pages and through the API: the form of ``player.group``, the group column of the player list,
a CSV import with a club column, and the refusals in the page's language, storing nothing."""

from __future__ import annotations

from podium.service.people import GroupPlayer
from tests.web.conftest import Site


def test_a_group_set_on_the_page_shows_in_the_player_list(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    assert 'id="action-player-group"' in client.get("/manage/cup").text
    answer = client.post("/manage/cup/do/player.group",
                         data={"csrf_token": csrf, "player": "P1", "group": "Ладья",
                               "reason": "анкета"})
    assert answer.status_code == 303
    action = site.events.log("cup")[-1]
    assert (action.kind, action.actor, action.reason) == ("player.grouped", "anna", "анкета")
    page = client.get("/manage/cup").text
    assert "<td>Ладья</td>" in page
    client.cookies.set("lang", "ru")
    before = site.log_length("cup")
    again = client.post("/manage/cup/do/player.group",
                        data={"csrf_token": csrf, "player": "P1", "group": "Ладья"})
    assert again.status_code == 422
    assert 'id="f-player-group-group-error"' in again.text
    assert "уже в группе Ладья" in again.text
    assert site.log_length("cup") == before
    log = client.get("/manage/cup/log").text
    assert "Группа игрока задана" in log and "Ладья" in log


def test_a_csv_with_a_team_column(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna", players=0)
    csv = b"name,team\nVera,Red\nGleb,\n"
    answer = client.post("/manage/cup/players/import", data={"csrf_token": csrf},
                         files={"file": ("p.csv", csv, "text/csv")})
    assert answer.status_code == 303
    groups = {p.name: p.group for p in site.events.load("cup").state.players.values()}
    assert groups == {"Vera": "Red", "Gleb": ""}


def test_the_group_command_through_the_api(site: Site) -> None:
    site.user("anna")
    site.event("cup", "anna")
    token = site.accounts.create_token("anna")
    client = site.client()
    headers = {"Authorization": f"Bearer {token}"}
    answer = client.post("/api/v1/events/cup/commands/player.group",
                         json={"player": "P2", "group": "Club Orbit"}, headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.json()["answer"]["player"]["group"] == "Club Orbit"
    players = client.get("/api/v1/events/cup/players", headers=headers).json()
    assert [p["group"] for p in players if p["name"] == "P2"] == ["Club Orbit"]
    before = site.log_length("cup")
    russian = client.post("/api/v1/events/cup/commands/player.group",
                          json={"player": "P3"},
                          headers={**headers, "Accept-Language": "ru"})
    assert russian.status_code == 422
    assert (russian.json()["code"], russian.json()["field"]) == ("player.group_same", "group")
    assert site.log_length("cup") == before


def test_the_preview_explains_the_separation_in_the_pages_language(site: Site, anna) -> None:
    client, _csrf = anna
    site.event("cup", "anna", separate_groups="always")
    for i in range(1, 9):
        site.events.run_command(GroupPlayer("cup", f"P{i}", "Red" if i <= 4 else "Blue"), "anna")
    # 8 players, two clubs of 4: 2 + 2 at both pods is the best the pairing allows
    page = client.get("/manage/cup/preview").text
    assert "2 pods have players of one group: table 1: " in page
    assert "no pairing kept them apart within the score groups" in page
    client.cookies.set("lang", "ru")
    page = client.get("/manage/cup/preview").text
    assert "2 стола с игроками одной группы" in page
    assert "настройка «разводить группы», сверх регламента" in page
