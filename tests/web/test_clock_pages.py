"""The round clock on the pages and the API (beyond the regulation, the round's length
is rule CMD-12's 90 minutes): the organiser's forms (start, pause, add time), the same commands
through the API, the time left on the public pairings page, "time" on the tables still playing
once it is over, the projector page, Russian text, refusals that store nothing."""

from __future__ import annotations

import re

from podium.service.commands import EnterResult, PairRound
from tests.web.conftest import Site, post


def paired(site: Site, players: int = 16) -> None:
    site.event("cup", "anna", players, rounds="3", fewer_rounds="yes")
    site.events.run_command(PairRound("cup"), "setup")


def win(site: Site, table: int) -> None:
    rnd = site.events.load("cup").state.rounds[-1]
    seats = rnd.tables[table - 1].seats
    site.events.run_command(EnterResult("cup", table, {"winner": seats[0],
                                                   "eliminated": list(seats[1:])}), "setup")


def clock_value(html: str) -> str:
    found = re.search(r"data-clock-value>([^<]+)<", html)
    assert found, "no clock on the page"
    return found.group(1).strip()


def test_start_pause_add_on_the_organiser_page(site: Site, anna) -> None:
    client, csrf = anna
    paired(site)
    page = client.get("/manage/cup").text
    assert 'id="action-clock-start"' in page and 'id="action-clock-add"' in page
    assert 'id="action-clock-pause"' not in page  # offered once it runs
    assert post(client, csrf, "cup", "clock.start").status_code == 303
    action = site.events.log("cup")[-1]
    assert (action.kind, action.actor, action.payload) == (
        "clock.started", "anna", {"round": 1, "minutes": 90})  # rule CMD-12
    site.clock.advance(minutes=20)
    page = client.get("/manage/cup").text
    assert 'id="action-clock-pause"' in page and clock_value(page) == "1:10:00"
    assert post(client, csrf, "cup", "clock.pause", reason="судейское решение").status_code == 303
    assert site.events.log("cup")[-1].reason == "судейское решение"
    answer = post(client, csrf, "cup", "clock.add", minutes="5", table="3", reason="ruling")
    assert answer.status_code == 303
    assert site.events.log("cup")[-1].payload == {"round": 1, "minutes": 5, "table": 3}
    log = client.get("/manage/cup/log").text
    assert "clock.started" in log and "clock.added" in log


def test_refusals_name_the_field_and_store_nothing(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna", 16, rounds="3", fewer_rounds="yes")
    client.cookies.set("lang", "ru")
    before = site.log_length("cup")
    answer = post(client, csrf, "cup", "clock.start")  # no round paired yet
    assert answer.status_code == 409 and "не рассажен" in answer.text
    site.events.run_command(PairRound("cup"), "setup")
    before = site.log_length("cup")
    assert post(client, csrf, "cup", "clock.pause").status_code == 409
    answer = post(client, csrf, "cup", "clock.add", minutes="0")
    assert answer.status_code == 422 and 'id="f-clock-add-minutes-error"' in answer.text
    answer = post(client, csrf, "cup", "clock.add", minutes="-5")
    assert answer.status_code == 422
    answer = post(client, csrf, "cup", "clock.add", minutes="5", table="9")
    assert answer.status_code == 404 and 'id="f-clock-add-table-error"' in answer.text
    assert "стола 9" in answer.text
    assert site.log_length("cup") == before
    for table in range(1, 5):
        win(site, table)
    before = site.log_length("cup")
    answer = post(client, csrf, "cup", "clock.add", minutes="5")  # a finished round
    assert answer.status_code == 409 and "завершён" in answer.text
    assert site.log_length("cup") == before


def test_the_api_runs_the_same_commands(site: Site) -> None:
    site.user("anna")
    paired(site)
    token = site.accounts.create_token("anna")
    client = site.client()
    headers = {"Authorization": f"Bearer {token}"}

    def run(command: str, **body: object):
        return client.post(f"/api/v1/events/cup/commands/{command}", json=body,
                           headers=headers)

    started = run("clock.start")
    assert started.status_code == 200, started.text
    assert started.json()["answer"]["status"] == "running"
    assert started.json()["answer"]["remaining_seconds"] == 90 * 60
    site.clock.advance(minutes=30)
    added = run("clock.add", minutes=5, table=2)
    assert added.json()["answer"]["remaining_seconds"] == 60 * 60
    assert added.json()["answer"]["extra"] == {"2": 5}
    refused = run("clock.add", minutes=0)
    assert (refused.status_code, refused.json()["field"]) == (422, "minutes")
    refused = run("clock.add", minutes=5, table=99)
    assert (refused.status_code, refused.json()["field"]) == (404, "table")
    undone = run("clock.undo", reason="wrong table")
    assert undone.json()["answer"]["extra"] == {}
    assert site.events.log("cup")[-1].payload == {"round": 1, "undone": "clock.added"}


def test_public_pairings_show_the_time_left_and_mark_time(site: Site) -> None:
    site.user("anna")
    from podium.service.clock import AddTime, PauseClock, StartClock

    paired(site)
    public = site.client()
    assert "data-clock" not in public.get("/e/cup/pairings").text  # not started: no clock
    site.events.run_command(StartClock("cup"), "anna")
    site.clock.advance(minutes=20)
    site.events.run_command(PauseClock("cup"), "anna")
    page = public.get("/e/cup/pairings").text
    assert clock_value(page) == "1:10:00" and 'data-status="paused"' in page
    assert '<script src="/static/clock.js" defer></script>' in page
    site.clock.advance(minutes=5)
    site.events.run_command(StartClock("cup"), "anna")  # 10:25
    site.events.run_command(AddTime("cup", "", 5, 3), "anna")
    page = public.get("/e/cup/pairings").text
    assert "until 11:35" in page and 'data-status="running"' in page
    deadline = re.search(r'data-deadline="(\d+)"', page)
    now_ms = int(site.clock.now.timestamp() * 1000)
    assert deadline and int(deadline.group(1)) == now_ms + 70 * 60_000
    assert "+5 min" in page
    win(site, 1)
    site.clock.advance(minutes=70)  # 11:35: the round's time is over, table 3 has 5 more
    page = public.get("/e/cup/pairings").text
    assert "Time is over" in page
    marks = re.findall(r'<span class="badge time" data-time-badge( hidden)?>', page)
    assert marks == ["", " hidden", ""]  # tables 2 and 4 marked; 3 not yet; 1 has its result
    russian = site.client()
    russian.cookies.set("lang", "ru")
    page = russian.get("/e/cup/pairings").text
    assert "Время вышло" in page and "время" in page


def test_projector_page(site: Site) -> None:
    site.user("anna")
    from podium.service.clock import StartClock

    paired(site, 64)
    site.events.run_command(StartClock("cup"), "anna")
    public = site.client()
    page = public.get("/e/cup/projector").text
    assert clock_value(page) == "1:30:00"
    assert page.count('class="pod') == 16 and "pj-tables d2" in page
    assert "<svg" in page and "/e/cup/pairings" in page  # the QR code of the pairings
    name = site.events.load("cup").state.rounds[0].tables[6].seats[0]
    player = site.events.load("cup").state.players[name].name
    found = public.get(f"/e/cup/projector?q={player.lower()}").text
    assert re.search(r'<ul class="pj-found"[^>]*>\s*<li><strong>Table 7</strong> '
                     + re.escape(player), found)
    live = public.get("/e/cup/live/projector").text
    assert "<html" not in live and "data-clock" in live
    russian = site.client()
    russian.cookies.set("lang", "ru")
    page = russian.get("/e/cup/projector").text
    assert "Найти мой стол" in page and "Осталось" in page


def test_the_clocks_end_is_shown_in_the_events_time_zone(site: Site, anna) -> None:
    """Stored in UTC, shown in the event's ``time_zone`` (beyond the regulation): the test
    clock's 10:00 UTC start plus rule CMD-12's 90 minutes ends at 11:30 UTC, 14:30 in Moscow
    (UTC+3) on the public pairings, the projector and the organiser's page."""
    from podium.service.clock import StartClock

    client, csrf = anna
    site.event("msk", "anna", 16, rounds="3", fewer_rounds="yes", time_zone="Europe/Moscow")
    site.events.run_command(PairRound("msk"), "setup")
    site.events.run_command(StartClock("msk"), "anna")
    assert site.events.log("msk")[-1].at.hour == 10  # stored in UTC
    public = site.client()
    for url in ("/e/msk/pairings", "/e/msk/projector"):
        page = public.get(url).text
        assert "until 14:30" in page and "until 11:30" not in page, url
    assert "until 14:30" in client.get("/manage/msk").text
    russian = site.client()
    russian.cookies.set("lang", "ru")
    assert "14:30" in russian.get("/e/msk/pairings").text
    paired(site)  # the same event without a zone: UTC, the default
    site.events.run_command(StartClock("cup"), "anna")
    assert "until 11:30" in public.get("/e/cup/pairings").text
    before = site.log_length("msk")
    client.cookies.set("lang", "ru")
    answer = client.post("/manage/msk/settings", data={
        "csrf_token": csrf, "set_time_zone": "Europe/Atlantis", "reason": "ошибка"})
    assert answer.status_code == 422 and "time_zone" in answer.text
    assert "не название часового пояса" in answer.text
    assert site.log_length("msk") == before
    assert site.events.load("msk").state.settings.time_zone == "Europe/Moscow"


def test_the_public_tabs_link_the_projector_while_a_round_is_paired(site: Site) -> None:
    site.user("anna")
    site.event("cup", "anna", 16, rounds="3", fewer_rounds="yes")
    public = site.client()
    link = '<a href="/e/cup/projector">'
    assert link not in public.get("/e/cup").text  # no round paired yet
    site.events.run_command(PairRound("cup"), "setup")
    for url in ("/e/cup", "/e/cup/pairings"):
        assert link + "Projector</a>" in public.get(url).text, url
    russian = site.client()
    russian.cookies.set("lang", "ru")
    assert link + "Проектор</a>" in russian.get("/e/cup/pairings").text
    assert public.get("/e/cup/projector").status_code == 200
    for table in range(1, 5):
        win(site, table)
    assert link not in public.get("/e/cup/pairings").text  # the round is over
