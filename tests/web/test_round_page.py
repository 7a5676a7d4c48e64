"""The organiser's round page offers only what the event's state allows: no pairing (nor its
preview) while tables play, and none once Berserk's TOP is next; the last result typed
refreshes the next step with the round; undoing a
round is apart, in red; a bad result is refused at its table's field, with the table's number;
the help of the result field once; past rounds' one-line results have a legend and show a
shared place and a simultaneous win (rule CMD-4a); a finished event offers no self-report; a
TOP's first round of 16 is named by its size."""

from __future__ import annotations

import random
import re

from podium.service import simulate
from tests.web.conftest import Site

HELP = "2431: seat 2 won"


def card(page: str, table: int) -> str:
    return page.split(f'id="table-{table}"', 1)[1].split("</article>", 1)[0]


def test_the_round_page_while_tables_play(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cmd", "anna")  # 8 players: two tables
    client.post("/manage/cmd/rounds", data={"csrf_token": csrf})
    page = client.get("/manage/cmd").text
    # pairing now would be refused (tables play): neither the button nor the preview's link
    assert 'id="pair"' not in page and "/manage/cmd/preview" not in page
    assert "Tables are still playing" in page
    assert page.count(HELP) == 1  # once, above the tables
    assert re.search(r'<details class="danger-zone"[^>]*>.*?class="danger">Undo round 1', page,
                     re.S)
    # a bad entry at table 2 (seat 5 does not exist): refused at that table's field
    answer = client.post("/manage/cmd/results/2", data={"csrf_token": csrf, "finish": "5123"},
                         headers={"HX-Request": "true"})
    assert answer.status_code == 422
    table2 = card(answer.text, 2)
    assert 'aria-invalid="true"' in table2 and "Table 2:" in table2
    assert 'class="error"' not in answer.text.split('id="table-1"', 1)[0]  # not at the top
    assert 'aria-invalid' not in card(answer.text, 1)
    client.post("/manage/cmd/results/1", data={"csrf_token": csrf, "finish": "1234"})
    # the last result typed on the page: the next step comes back with the round, together
    answer = client.post("/manage/cmd/results/2", data={"csrf_token": csrf, "finish": "1234"},
                         headers={"HX-Request": "true"})
    assert re.search(r'<button type="submit" id="pair">', answer.text)
    assert "Tables are still playing" not in answer.text and "complete" in answer.text
    page = client.get("/manage/cmd").text
    assert re.search(r'<button type="submit" id="pair">', page)  # the main button again
    assert "Tables are still playing" not in page


def test_no_pairing_once_the_top_is_next(site: Site, anna) -> None:
    client, _csrf = anna
    site.events.create_event("brk", "Cup", "berserk", {"top_size": "4"}, "setup", seed=3)
    site.events.add_players("brk", [f"P{i}" for i in range(1, 9)], "setup")
    site.accounts.grant("brk", "anna", "owner", "setup")
    simulate.play(site.events, "brk", "setup", random.Random(1))  # every Swiss round (BRK-1)
    page = client.get("/manage/brk").text
    assert 'id="pair"' not in page and "Preview the next round" not in page
    assert "the TOP comes next" in page and 'href="/manage/brk/do/top.build"' in page


def test_results_legend_shared_places_and_a_finished_event(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cmd", "anna", final_size="0", rounds="1", fewer_rounds="yes")
    client.post("/manage/cmd/rounds", data={"csrf_token": csrf})
    state = site.events.load("cmd").state
    seats = [state.players[p].name for p in state.rounds[0].table(1).seats]
    # rule CMD-4a: seat 1 took seats 2 and 3 out at once, after seat 4 went out first
    answer = client.post("/manage/cmd/do/commander.result", data={
        "csrf_token": csrf, "table": "1", "winner": seats[0],
        "order": f"{seats[3]},{seats[1]}+{seats[2]}", "simultaneous": "yes"})
    assert answer.status_code == 303, answer.text
    client.post("/manage/cmd/results/2", data={"csrf_token": csrf, "finish": "1234"})
    page = site.client().get("/e/cmd/pairings").text
    assert f"★⚡ {seats[0]} › " in page and " + " in page
    assert "a simultaneous win" in page  # the legend
    assert "/e/cmd/report" not in site.client().get("/e/cmd").text  # the event is over


def test_a_top_of_16_starts_with_its_round_of_16(site: Site) -> None:
    site.events.create_event("brk", "Cup", "berserk", {"top_size": "16"}, "setup", seed=3)
    site.events.add_players("brk", [f"P{i}" for i in range(1, 17)], "setup")
    simulate.play(site.events, "brk", "setup", random.Random(1), top_size=16)
    english = site.client().get("/e/brk/p/bracket").text
    assert "Round of 16" in english
    russian = site.client()
    russian.cookies.set("lang", "ru")
    assert "1/8 финала" in russian.get("/e/brk/p/bracket").text
