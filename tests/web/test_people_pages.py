"""People and the event's own record on the pages and the API: the organiser's
forms of player rename/remove/merge/substitute and event rename/archive/details/delete, the
same commands through ``POST /api/v1/events/{event}/commands/{name}``, and the public home
page grouped by status with a search that works without script."""

from __future__ import annotations

from podium.service.commands import PairRound
from tests.web.conftest import Site, post


def test_rename_on_the_page_and_every_page_shows_the_new_name(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    page = client.get("/manage/cup").text
    for name in ("player-rename", "player-remove", "player-merge", "player-substitute",
                 "event-rename", "event-archive", "event-details", "event-delete"):
        assert f'id="action-{name}"' in page, name
    answer = post(client, csrf, "cup", "player.rename", player="P1", name="Пётр",
                  reason="опечатка")
    assert answer.status_code == 303
    action = site.events.log("cup")[-1]
    assert (action.kind, action.actor, action.reason) == ("player.renamed", "anna", "опечатка")
    assert action.payload["old"] == "P1"
    assert "Пётр" in site.client().get("/e/cup").text
    log = client.get("/manage/cup/log").text
    assert "P1" in log and "Пётр" in log  # the log keeps the old name


def test_a_rename_to_a_taken_name_is_refused_in_russian_next_to_the_field(
        site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    client.cookies.set("lang", "ru")
    before = site.log_length("cup")
    answer = post(client, csrf, "cup", "player.rename", player="P1", name="p2")
    assert answer.status_code == 422
    assert 'id="f-player-rename-name-error"' in answer.text
    assert "уже" in answer.text and "p2" in answer.text
    assert site.log_length("cup") == before


def test_remove_merge_substitute_on_the_page(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    site.events.add_players("cup", ["Extra"], "setup")
    assert post(client, csrf, "cup", "player.remove", player="Extra").status_code == 303
    assert site.events.log("cup")[-1].kind == "player.removed"
    site.events.run_command(PairRound("cup"), "setup")
    state = site.events.load("cup").state
    first, second = (state.players[p].name for p in state.rounds[0].tables[0].seats[:2])
    before = site.log_length("cup")
    client.cookies.set("lang", "ru")
    answer = post(client, csrf, "cup", "player.merge", player=first, other=first,
                  reason="x")
    assert answer.status_code == 422 and "самим собой" in answer.text
    answer = post(client, csrf, "cup", "player.merge", player=first, other=second,
                  reason="x")
    assert answer.status_code == 409 and "за одним столом" in answer.text
    answer = post(client, csrf, "cup", "player.remove", player=first)
    assert answer.status_code == 409 and "снимите" in answer.text
    assert site.log_length("cup") == before
    answer = post(client, csrf, "cup", "player.substitute", player=second, name="Запасной",
                  reason="заболел")
    assert answer.status_code == 303
    assert site.events.log("cup")[-1].kind == "player.substituted"
    answer = post(client, csrf, "cup", "player.substitute", player=second, name="Ещё")
    assert answer.status_code == 409 and "выбыл" in answer.text
    pairings = site.client().get("/e/cup/pairings").text
    assert "Запасной" in pairings


def test_delete_asks_for_the_id_and_names_what_is_lost(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    form = client.get("/manage/cup/do/event.delete").text
    assert "8 players" in form and 'name="confirm"' in form
    answer = post(client, csrf, "cup", "event.delete", confirm="cu")
    assert answer.status_code == 409 and "removes for good" in answer.text
    assert site.events.list_events()[0].slug == "cup"
    answer = post(client, csrf, "cup", "event.delete", confirm="cup")
    assert answer.status_code == 303 and answer.headers["location"] == "/manage"
    assert site.events.list_events() == []
    assert site.client().get("/e/cup").status_code == 404


def test_the_home_page_groups_dates_series_search_and_archive(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    site.event("old", "anna")
    site.event("test-copy", "anna")
    site.events.run_command(PairRound("cup"), "setup")
    assert post(client, csrf, "cup", "event.details", date="2026-12-05",
                venue="Клуб Орбита").status_code == 303
    assert post(client, csrf, "test-copy", "event.archive",
                reason="тестовый").status_code == 303
    site.events.create_event("year", "Year", "series", {}, "setup", seed=1)
    from podium.service.series import AddMember

    site.events.run_command(AddMember("year", "old", "Season 1", {}, ""), "setup")
    home = site.client().get("/").text
    assert home.index("Running now") < home.index("CUP") < home.index("Upcoming")
    assert "2026-12-05" in home and "Клуб Орбита" in home
    assert "TEST-COPY" not in home
    members = home[home.index(">Year<"):]
    assert '<ul class="members">' in members and "/e/old" in members
    assert home.count('href="/e/old"') == 1  # under its series only
    assert site.client().get("/e/test-copy").status_code == 200  # still reachable
    found = site.client().get("/?q=орбита").text
    assert "/e/cup" in found and "/e/old" not in found
    assert "No event matches" in site.client().get("/?q=nothing-here").text
    russian = site.client()
    russian.cookies.set("lang", "ru")
    page = russian.get("/").text
    assert "Идут сейчас" in page and "Предстоящие" in page and "Найти турнир" in page


# -- the API ------------------------------------------------------------------------------------
def test_the_same_commands_through_the_api(site: Site) -> None:
    site.user("anna")
    site.event("cup", "anna")
    token = site.accounts.create_token("anna")
    client = site.client()
    headers = {"Authorization": f"Bearer {token}"}

    def run(command: str, **body: object):
        return client.post(f"/api/v1/events/cup/commands/{command}", json=body,
                           headers=headers)

    answer = run("player.rename", player="P1", name="Anya", reason="typo")
    assert answer.status_code == 200, answer.text
    assert answer.json()["answer"]["player"]["name"] == "Anya"
    assert site.events.log("cup")[-1].payload == {"player": 1, "name": "Anya", "old": "P1"}
    before = site.log_length("cup")
    refused = run("player.rename", player="Anya", name="P2")
    assert refused.status_code == 422
    assert (refused.json()["code"], refused.json()["field"]) == ("player.duplicate", "name")
    russian = client.post("/api/v1/events/cup/commands/player.merge",
                          json={"player": "P2", "other": "P2", "reason": "x"},
                          headers={**headers, "Accept-Language": "ru"})
    assert russian.status_code == 422 and russian.json()["code"] == "player.merge_self"
    assert run("event.delete").json()["code"] == "event.confirm"
    assert run("event.details", date="2026-02-30").json()["field"] == "date"
    assert site.log_length("cup") == before
    assert run("event.archive", reason="test").json()["answer"] == {"archived": True}
    assert run("event.archive", restore=True).json()["answer"] == {"archived": False}
    assert run("player.substitute", player="P3", name="Sub").status_code == 200
    assert run("player.remove", player="Sub").status_code == 200
    done = run("event.delete", confirm="cup")
    assert done.status_code == 200 and done.json()["answer"]["deleted"] == "cup"


def test_codes_of_merged_away_and_removed_players_are_revoked_everywhere(
        site: Site, anna) -> None:
    """Slips, the codes page, the API and the command line list the same live codes: a
    merged-away or removed player's code is revoked (it once stayed listed under the kept
    name, and a slip printed after a merge carried a dead code)."""
    from click.testing import CliRunner

    from podium.cli.main import cli

    client, csrf = anna
    site.event("cup", "anna")
    site.events.run_command(PairRound("cup"), "setup")
    site.events.add_players("cup", ["Extra", "Newnick"], "setup")  # late: not seated
    before = site.reports.codes("cup")  # printed now: every player has one
    assert len(before) == 10
    state = site.events.load("cup").state
    kept = state.players[state.rounds[0].tables[0].seats[0]]
    assert post(client, csrf, "cup", "player.merge", player="Newnick", other=kept.name,
                reason="one person").status_code == 303
    assert post(client, csrf, "cup", "player.remove", player="Extra").status_code == 303
    removed = next(pid for pid in before if pid not in site.events.load("cup").state.players
                   and pid != kept.id)
    state = site.events.load("cup").state
    merged_away = kept.id
    assert merged_away not in state.players
    live = site.reports.codes("cup")
    assert set(live) == set(state.players)
    assert merged_away not in live
    api_token = site.accounts.create_token("anna")
    listed = site.client().get("/api/v1/events/cup/views/codes",
                               headers={"Authorization": f"Bearer {api_token}"}).json()
    assert {row["code"] for row in listed["items"]} == set(live.values())
    old = site.client().get("/api/v1/events/cup/codes",
                            headers={"Authorization": f"Bearer {api_token}"}).json()
    assert {row["code"] for row in old} == set(live.values())
    page = client.get("/manage/cup/codes").text
    slips = client.get("/manage/cup/print/codes").text
    for code in live.values():
        assert code in page and code in slips
    for gone in (merged_away, removed):
        assert before[gone] not in page and before[gone] not in slips
    printed = CliRunner().invoke(cli, ["--db", str(site.db.url.database), "codes", "cup"])
    assert printed.exit_code == 0, printed.output
    assert before[merged_away] not in printed.output
    assert all(code in printed.output for code in live.values())
    # the merged-away code opens nothing; the kept player's code still does
    refused = site.client().get(f"/api/v1/events/cup/me?code={before[merged_away]}")
    assert refused.status_code in (401, 403), refused.text
    assert site.reports.seat("cup", live[state.player_by_name("Newnick").id]).player
