"""Issue 13: errors people can act on and the pages players use most (find my table,
duplicates on a bulk add, a 404 that stored nothing to begin with)."""

from __future__ import annotations

import html
import random
import re

from podium.service.simulate import play
from tests.web.conftest import Site, csrf_of


def _marked(page: str) -> list[str]:
    return re.findall(r'<li class="me"><span class="seat">\d+</span> ([^<]+)</li>', page)


def test_find_my_table_ignores_case_accents_and_yo(site: Site) -> None:
    """Players type on a phone: "петр" finds "Пётр", "jose" finds "José", "ЁЖ" finds "ёж"."""
    site.events.create_event("cup", "Cup", "commander", {}, "setup", seed=3)
    site.events.add_players("cup", ["Пётр Ёжиков", "José Núñez", "Анна", "Борис", "Вера",
                                    "Глеб", "Дина", "Егор"], "setup")
    site.events.pair_round("cup", "setup")
    client = site.client()
    for typed, name in [("петр", "Пётр Ёжиков"), ("ЕЖИК", "Пётр Ёжиков"),
                        ("jose nunez", "José Núñez"), ("JOSÉ", "José Núñez")]:
        page = html.unescape(client.get("/e/cup/pairings", params={"q": typed}).text)
        assert _marked(page) == [name], typed
        fragment = html.unescape(client.get("/e/cup/live/pairings", params={"q": typed}).text)
        assert _marked(fragment) == [name], typed


def test_the_final_is_named_and_a_player_outside_it_is_told_so(site: Site) -> None:
    """Rule CMD-10: the final pod is "Final" (not "Round 3, table 1"); a player of the event
    who is not in it reads that, not "no table found"."""
    site.event("fin", None, players=8, rounds="2", fewer_rounds="yes")
    play(site.events, "fin", "org", random.Random(1))
    state = site.events.load("fin").state
    final = state.current_round
    assert final.stage == "final"
    outside = next(p.name for p in state.players.values()
                   if p.id not in final.tables[0].seats)
    inside = state.players[final.tables[0].seats[0]].name
    client = site.client()
    page = html.unescape(client.get("/e/fin/pairings", params={"q": outside.lower()}).text)
    assert f"“{outside.lower()}” does not play in the final." in page
    assert "<h2>Final</h2>" in page
    page = html.unescape(client.get("/e/fin/pairings", params={"q": inside}).text)
    assert _marked(page) == [inside] and "<h3>Final" in page
    russian = client.get("/e/fin/pairings", params={"q": "nobody"},
                         headers={"Accept-Language": "ru"}).text
    assert "<h2>Финал</h2>" in russian and "nobody" in russian


def test_duplicates_on_a_bulk_add_are_listed_and_the_rest_added_in_one_click(
    site: Site, anna
) -> None:
    """Reproduced before: 13 names with one case-variant duplicate refused the batch and
    emptied the box. Now the duplicates are named next to the field, the box keeps what was
    typed, nothing is stored, and one button adds the others."""
    client, csrf = anna
    site.event("cup", "anna", players=0)
    site.events.add_players("cup", ["Vera"], "setup")
    typed = "Anna\nvera\nBoris\nanna\nGleb"
    answer = client.post("/manage/cup/players", data={"csrf_token": csrf, "names": typed})
    assert answer.status_code == 422
    page = html.unescape(answer.text)
    assert "These names are already taken: vera, anna." in page
    assert f'id="names" aria-invalid="true" aria-describedby="names-error">{typed}</textarea>' \
        in page
    assert "Add the other 3 players" in page
    assert len(site.events.load("cup").state.players) == 1
    rest = re.search(r'id="add-rest">.*?<textarea name="names" hidden>(.*?)</textarea>', page,
                     re.S).group(1)
    assert client.post("/manage/cup/players",
                       data={"csrf_token": csrf, "names": rest}).status_code == 303
    names = [p.name for p in site.events.load("cup").state.players.values()]
    assert names == ["Vera", "Anna", "Boris", "Gleb"]
    russian = client.post("/manage/cup/players", data={"csrf_token": csrf, "names": "ANNA"},
                          headers={"Accept-Language": "ru"})
    assert "Это имя уже занято: ANNA." in html.unescape(russian.text)


def test_a_404_does_not_say_nothing_was_stored(site: Site) -> None:
    for lang, stored in (("en", "Nothing was stored"), ("ru", "Ничего не сохранено")):
        answer = site.client().get("/e/nope", headers={"Accept-Language": lang})
        assert answer.status_code == 404 and stored not in answer.text


def test_api_docs_work_without_the_internet(site: Site) -> None:
    """Reproduced before: /api/docs loaded Swagger UI from a CDN, a blank page offline. Every
    script and stylesheet it names is served by podium itself."""
    client = site.client()
    page = client.get("/api/docs")
    assert page.status_code == 200
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert assets and all(a.startswith("/") and not a.startswith("//") for a in assets), assets
    for asset in assets:
        answer = client.get(asset)
        assert answer.status_code == 200 and len(answer.content) > 1000, asset
    assert client.get("/openapi.json").json()["openapi"].startswith("3.1")


# part 4: self-report on a phone ---------------------------------------------------------------
def _report_setup(site: Site):
    site.event("cup", None)
    site.events.pair_round("cup", "org")
    return site.reports.codes("cup"), site.events.load("cup").state.current_round.table(1)


def test_a_player_never_sees_or_sends_judge_only_fields(site: Site) -> None:
    """Rule CMD-14: a game loss is the judge's. The player's form taps names, has no seat-code
    typing box shown by default and no game-loss field; a game loss posted anyway is dropped."""
    codes, table = _report_setup(site)
    phone = site.client()
    csrf = csrf_of(phone.get("/e/cup/report").text)
    page = phone.post("/e/cup/report/table", data={"csrf_token": csrf,
                                                   "code": codes[table.seats[0]]}).text
    assert "loss_" not in page and "Game loss" not in page
    assert page.count('class="tap-player"') == 4
    phone.post("/e/cup/report/submit", data={"csrf_token": csrf, "code": codes[table.seats[0]],
                                             "finish": "1234", "loss_2": "slow play"})
    report = site.reports.reports("cup")[0]
    assert report.entry["game_losses"] == []


def test_a_dispute_needs_a_reason_and_the_disputer_is_told_the_truth(site: Site) -> None:
    codes, table = _report_setup(site)
    first, second = table.seats[:2]
    reporter = site.client()
    csrf = csrf_of(reporter.get("/e/cup/report").text)
    reporter.post("/e/cup/report/submit", data={"csrf_token": csrf, "code": codes[first],
                                                "finish": "1234"})
    report = site.reports.reports("cup")[0]
    phone = site.client()
    token = csrf_of(phone.get("/e/cup/report").text)
    page = phone.post("/e/cup/report/table", data={"csrf_token": token,
                                                   "code": codes[second]}).text
    assert 'class="confirm"' in page and 'class="danger"' in page  # they look different
    refused = phone.post("/e/cup/report/dispute", data={
        "csrf_token": token, "code": codes[second], "report": str(report.id), "note": "  "},
        headers={"Accept-Language": "ru"})
    assert refused.status_code == 422
    assert re.search(r'<details class="dispute" open>.*aria-invalid="true".*'
                     r'class="field-error"[^>]*>[^<]*нужна причина', refused.text, re.S)
    assert site.reports.reports("cup")[0].status != "conflict"
    done = phone.post("/e/cup/report/dispute", data={
        "csrf_token": token, "code": codes[second], "report": str(report.id),
        "note": "I won, not seat 1"})
    assert "You disputed this report: the organiser decides" in done.text
    assert "differs from another" not in done.text
    assert "I won, not seat 1" in site.reports.reports("cup")[0].note


def test_the_code_is_remembered_on_the_phone_for_that_event(site: Site) -> None:
    codes, table = _report_setup(site)
    phone = site.client()
    csrf = csrf_of(phone.get("/e/cup/report").text)
    phone.post("/e/cup/report/table", data={"csrf_token": csrf, "code": codes[table.seats[0]]})
    name = site.events.load("cup").state.players[table.seats[0]].name
    again = phone.get("/e/cup/report").text  # after the round, no code typed again
    assert f"Hello, {name}." in again and "Table 1" in again
    phone.post("/e/cup/report/forget", data={"csrf_token": csrf_of(again)})
    assert "Your player code" in phone.get("/e/cup/report").text


def test_code_slips_carry_the_address_and_a_qr_code_with_the_code(site: Site, anna) -> None:
    client, _csrf = anna
    site.event("cup", "anna")
    codes = site.reports.codes("cup")
    page = client.get("/manage/cup/print/codes").text
    assert "http://testserver/e/cup/report" in page
    assert page.count("<svg") == len(codes)
    prefilled = site.client().get("/e/cup/report", params={"code": codes[1]}).text
    assert f'value="{codes[1]}"' in prefilled


def test_standings_say_a_round_is_in_progress_and_when_there_is_nobody(site: Site) -> None:
    site.events.create_event("none", "Empty", "commander", {}, "setup", seed=1)
    page = site.client().get("/e/none").text
    assert "Nothing here yet" in page and "<table" not in page
    site.event("cup", None)
    site.events.pair_round("cup", "org")
    page = site.client().get("/e/cup").text
    assert "Round 1 in progress: 0 of 2 tables in" in page
    russian = site.client().get("/e/cup", headers={"Accept-Language": "ru"}).text
    assert "Тур 1 идёт: результатов 0 из 2 столов" in russian
    # place, name and points first; the tiebreak columns are marked to fold away on a phone
    heads = re.findall(r'<th class="([^"]*)" scope="col">([^<]+)</th>', page)
    assert [label for cls, label in heads if "extra" not in cls] == ["#", "Player", "Pts"]
    assert len([cls for cls, _label in heads if "extra" in cls]) >= 2


# part 2/3: settings forms ---------------------------------------------------------------------
def test_every_bad_field_of_the_new_event_form_is_named_next_to_it_at_once(
    site: Site, anna
) -> None:
    client, csrf = anna
    answer = client.post("/manage/new", data={
        "csrf_token": csrf, "format": "commander", "slug": "Cup 9!", "name": "Cup",
        "set_pod_size": "четыре", "set_win_points": "lots", "set_bye_policy": "byes",
        "seed": "x"}, headers={"Accept-Language": "ru"})
    assert answer.status_code == 422
    page = html.unescape(answer.text)
    errors = re.findall(r'<p class="field-error"[^>]*>([^<]+)</p>', page)
    assert len(errors) == 4, errors  # the event id, two settings and the seed, all at once
    assert 'name="set_pod_size" value="четыре" aria-invalid="true"' in page  # kept as typed
    assert "строчные латинские буквы a–z" in page  # the id's allowed characters named
    assert '<select name="set_bye_policy">' in page and "баи" in page
    assert site.events.list_events() == []


def test_a_settings_change_needs_a_reason_and_keeps_what_was_typed(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    answer = client.post("/manage/cup/settings", data={
        "csrf_token": csrf, "set_win_points": "4", "reason": ""})
    assert answer.status_code == 422
    page = html.unescape(answer.text)
    assert "reason: say why the settings change" in page
    assert 'name="set_win_points" value="4"' in page and '<details id="settings" open>' in page
    before = site.log_length("cup")
    assert client.post("/manage/cup/settings", data={
        "csrf_token": csrf, "set_win_points": "4", "set_fewer_rounds": "no",
        "reason": "house rule"}).status_code == 303
    assert site.log_length("cup") == before + 1


def test_public_pages_show_earlier_rounds_game_losses_and_corrections(site: Site) -> None:
    """Rule CMD-14 (a game loss) and a correction are public: a player checks them later."""
    site.event("cup", None)
    _state, rnd = site.events.pair_round("cup", "org")
    for table in rnd.tables:
        seats = table.seats
        site.events.enter_result("cup", table.number, {
            "winner": seats[0], "draw": False, "survivors": [], "simultaneous": False,
            "eliminated": [seats[3], seats[2], seats[1]],
            "game_losses": [{"player": seats[3], "reason": "slow play"}]
            if table.number == 1 else []}, "org")
    seats = rnd.tables[1].seats
    site.events.enter_result("cup", 2, {
        "winner": seats[1], "draw": False, "survivors": [], "simultaneous": False,
        "eliminated": [seats[3], seats[2], seats[0]], "game_losses": []}, "org",
        round_number=1, correct=True, reason="slip misread")
    site.events.pair_round("cup", "org")
    state = site.events.load("cup").state
    page = html.unescape(site.client().get("/e/cup/pairings").text)
    earlier = page.split('id="earlier"')[1]
    assert "Round 1" in earlier
    assert f"Game loss: {state.players[rnd.tables[0].seats[3]].name} (slow play)" in earlier
    table2 = earlier.split("Table 2")[1].split("</li>")[0]
    assert "corrected" in table2 and f"★ {state.players[seats[1]].name}" in table2
    russian = site.client().get("/e/cup/pairings", headers={"Accept-Language": "ru"}).text
    assert "Прошлые туры" in russian and "исправлено" in russian


def test_counts_read_as_sentences(site: Site, anna) -> None:
    """No "1 tables": one missing table is "waiting for table 2" (ngettext), in both languages."""
    client, _csrf = anna
    site.event("cup", "anna")
    _state, rnd = site.events.pair_round("cup", "org")
    seats = rnd.tables[0].seats
    site.events.enter_result("cup", 1, {"winner": seats[0], "eliminated": list(seats[1:])},
                             "org")
    assert "waiting for table 2<" in client.get("/manage/cup").text
    russian = client.get("/manage/cup", headers={"Accept-Language": "ru"}).text
    assert "ждём стол 2<" in russian


def test_times_on_the_log_page_are_in_the_events_time_zone(site: Site, anna) -> None:
    """Stored in UTC (10:00 by the test clock), shown in the event's zone: 13:00 in Moscow."""
    client, _csrf = anna
    site.event("cup", "anna", time_zone="Europe/Moscow")
    page = client.get("/manage/cup/log").text
    assert "Times in Europe/Moscow" in page and "Nov 30, 2026, 1:00\u202fPM" in page
    site.event("utc", "anna")
    assert "Nov 30, 2026, 10:00\u202fAM" in client.get("/manage/utc/log").text
    refused = client.post("/manage/new", data={
        "csrf_token": _csrf, "format": "commander", "slug": "x", "set_time_zone": "Mars/Base"})
    assert refused.status_code == 422 and "is not a time zone name" in refused.text
