"""The organiser's pages: events of any format, players, rounds, keyboard result entry,
corrections, judges, log and print. Every refused form stores nothing."""

from __future__ import annotations

import html
import re

import pytest

from podium.core.log import Kind
from podium.formats import available
from tests.web.conftest import Site, csrf_of


def test_the_create_form_shows_every_format_and_its_defaults(site: Site, anna) -> None:
    client, _csrf = anna
    page = client.get("/manage/new?format=commander").text
    for name in available():
        assert f'value="{name}"' in page
    assert 'name="set_pod_size" value="4"' in page
    assert "CMD-11" in page


def test_create_an_event_and_own_it(site: Site, anna) -> None:
    client, csrf = anna
    answer = client.post("/manage/new", data={
        "csrf_token": csrf, "format": "commander", "slug": "cup", "name": "Кубок",
        "set_pod_size": "4", "set_win_points": "5", "seed": "9",
    })
    assert answer.status_code == 303 and answer.headers["location"] == "/manage/cup"
    loaded = site.events.load("cup")
    assert loaded.state.settings.win_points == 5
    assert site.events.log("cup")[0].actor == "anna"
    assert site.accounts.role_of(site.accounts.get_user("anna"), "cup") == "owner"


def test_a_bad_setting_names_the_field_and_stores_nothing(site: Site, anna) -> None:
    client, csrf = anna
    answer = client.post("/manage/new", data={
        "csrf_token": csrf, "format": "commander", "slug": "cup", "set_pod_size": "99",
    })
    assert answer.status_code == 422
    assert "pod_size" in answer.text
    assert site.events.list_events() == []


def test_players_add_import_drop(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna", players=0)
    client.post("/manage/cup/players", data={"csrf_token": csrf, "names": "Аня\nБорис\n\n"})
    csv = "name;club\nВера;A\nГлеб;B\n".encode("cp1251")
    answer = client.post("/manage/cup/players/import", data={"csrf_token": csrf},
                         files={"file": ("p.csv", csv, "text/csv")})
    assert answer.status_code == 303
    names = [p.name for p in site.events.load("cup").state.players.values()]
    assert names == ["Аня", "Борис", "Вера", "Глеб"]
    answer = client.post("/manage/cup/players/2/drop",
                         data={"csrf_token": csrf, "reason": "cheating", "disqualify": "1"})
    assert answer.status_code == 303
    dropped = site.events.load("cup").state.players[2]
    assert dropped.dropped and dropped.drop_reason == "disqualified: cheating"


@pytest.mark.parametrize(
    ("content", "message", "status"),
    [(b"nickname\nA\n", "needs a &#39;name&#39; column", 422),
     (b"name\n\x81\x98\n", "neither UTF-8 nor Windows-1251", 422),
     (b"name\nA\n" + b"x" * 1_000_000, "larger than", 422),
     (b"x" * 2_000_001, "larger than", 413)],
)
def test_a_bad_csv_stores_nothing(site: Site, anna, content: bytes, message: str,
                                  status: int) -> None:
    client, csrf = anna
    site.event("cup", "anna", players=0)
    before = site.log_length("cup")
    answer = client.post("/manage/cup/players/import", data={"csrf_token": csrf},
                         files={"file": ("p.csv", content, "text/csv")})
    assert answer.status_code == status
    assert message in answer.text
    assert site.log_length("cup") == before


def test_preview_pair_results_undo(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    preview = client.get("/manage/cup/preview")
    assert preview.status_code == 200
    assert "8 players: 2 pods of 4, no byes" in preview.text  # the pairing explanation
    assert site.events.load("cup").state.rounds == []  # a preview stores nothing
    client.post("/manage/cup/rounds", data={"csrf_token": csrf})
    state = site.events.load("cup").state
    assert len(state.rounds) == 1
    # undo while it has no result, then pair again
    client.post("/manage/cup/rounds/undo", data={"csrf_token": csrf, "reason": "late player"})
    assert site.events.load("cup").state.rounds == []
    client.post("/manage/cup/rounds", data={"csrf_token": csrf})
    table = site.events.load("cup").state.current_round.table(1)
    # rule CMD-2: "2431" = seat 2 won, then seat 4, seat 3, seat 1 first out
    answer = client.post("/manage/cup/results/1", data={"csrf_token": csrf, "finish": "243"},
                         headers={"HX-Request": "true"})
    assert answer.status_code == 200
    result = site.events.load("cup").state.current_round.results[1]
    assert result.entry["winner"] == table.seats[1]
    assert result.entry["eliminated"] == [table.seats[0], table.seats[2], table.seats[3]]
    assert site.events.log("cup")[-1].actor == "anna"
    # the next open table's input has the focus, for the next keystrokes
    assert re.search(r'id="table-2".*?autofocus', answer.text, re.S)


def test_a_correction_needs_a_reason(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    site.events.pair_round("cup", "anna")
    client.post("/manage/cup/results/1", data={"csrf_token": csrf, "finish": "1234"})
    before = site.log_length("cup")
    url = "/manage/cup/rounds/1/tables/1/correct"
    answer = client.post(url, data={"csrf_token": csrf, "finish": "4321", "reason": " "})
    assert answer.status_code == 422 and "reason" in answer.text.lower()
    assert site.log_length("cup") == before
    answer = client.post(url, data={"csrf_token": csrf, "finish": "4321", "reason": "slip"})
    assert answer.status_code == 303
    last = site.events.log("cup")[-1]
    assert last.kind == Kind.RESULT_CORRECTED and last.reason == "slip"


def test_the_log_says_who_did_what_and_when(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    client.post("/manage/cup/players/3/drop", data={"csrf_token": csrf, "reason": "ill"})
    page = client.get("/manage/cup/log").text
    assert "anna" in page and "player.dropped" in page and "ill" in page
    assert "player: P3" in page  # names, not ids
    assert "2026" in page  # the time


def test_print_pages_show_tables_and_seats(site: Site, anna) -> None:
    client, _csrf = anna
    site.event("cup", "anna")
    site.events.pair_round("cup", "anna")
    pairings = client.get("/manage/cup/print/pairings").text
    assert "print.css" in pairings and "Seat 4" in pairings
    slips = client.get("/manage/cup/print/slips").text
    assert slips.count('class="slip"') == 2


def test_the_owner_invites_a_judge_who_can_run_the_event(site: Site, anna) -> None:
    client, csrf = anna
    site.user("boris")
    site.event("cup", "anna")
    assert client.post("/manage/cup/judges", data={"csrf_token": csrf, "username": "boris"}
                       ).status_code == 303
    boris = site.login("boris")
    bcsrf = csrf_of(boris.get("/manage/cup").text)
    assert boris.post("/manage/cup/rounds", data={"csrf_token": bcsrf}).status_code == 303
    assert site.events.log("cup")[-1].actor == "boris"
    # a judge does not manage judges
    assert boris.post("/manage/cup/judges", data={"csrf_token": bcsrf, "username": "anna"}
                      ).status_code == 403


def test_someone_elses_event_is_refused(site: Site, anna) -> None:
    client, csrf = anna
    site.user("carl")
    site.event("cup", "carl")
    before = site.log_length("cup")
    assert client.get("/manage/cup").status_code == 403
    assert client.post("/manage/cup/rounds", data={"csrf_token": csrf}).status_code == 403
    assert site.log_length("cup") == before
    assert client.get("/manage/nope").status_code == 404


def test_a_form_field_of_the_wrong_type_is_named(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    before = site.log_length("cup")
    answer = client.post("/manage/cup/players/abc/drop", data={"csrf_token": csrf})
    assert answer.status_code == 422 and "player" in answer.text
    answer = client.post("/manage/cup/players/1/drop", data={"csrf_token": csrf,
                                                            "reason": "x" * 501})
    assert answer.status_code == 422 and "reason" in answer.text.lower()
    assert site.log_length("cup") == before


def test_refusals_are_in_the_page_language(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    site.events.pair_round("cup", "anna")
    client.get("/lang/ru?next=/manage")
    answer = client.post("/manage/cup/results/1", data={"csrf_token": csrf, "finish": "9"},
                         headers={"HX-Request": "true"})
    assert answer.status_code == 422
    assert "«9» — не номер позиции (от 1 до 4)" in answer.text
    answer = client.post("/manage/cup/rounds", data={"csrf_token": csrf})
    assert answer.status_code == 409
    assert "Ничего не сохранено" in answer.text


def test_a_refusal_and_nothing_stored_are_two_sentences(site: Site, anna) -> None:
    """A refusal built of parts reads as whole sentences: «…уже есть. Ничего не сохранено.»,
    not «…уже есть Ничего не сохранено.»."""
    client, csrf = anna
    site.event("cup", "anna")
    client.get("/lang/ru?next=/manage")
    answer = client.post("/manage/new", data={"csrf_token": csrf, "format": "commander",
                                              "slug": "cup", "name": "Ещё один"})
    assert answer.status_code == 409, answer.text
    alert = re.search(r'<p class="error" role="alert">(.*?)</p>', answer.text, re.S)
    assert alert and re.fullmatch(r"[А-ЯЁ][^<]*уже есть\. Ничего не сохранено\.",
                                  html.unescape(alert.group(1)).strip()), answer.text
    site.events.pair_round("cup", "anna")  # a table's refusal, next to its field
    answer = client.post("/manage/cup/results/1", data={"csrf_token": csrf, "finish": "9"},
                         headers={"HX-Request": "true"})
    assert "(от 1 до 4). Ничего не сохранено." in html.unescape(answer.text), answer.text


def test_settings_change_from_the_next_round(site: Site, anna) -> None:
    client, csrf = anna
    site.event("cup", "anna")
    page = client.get("/manage/cup").text
    assert 'name="set_win_points" value="3"' in page
    answer = client.post("/manage/cup/settings", data={"csrf_token": csrf, "set_win_points": "4",
                                                        "set_pod_size": "4", "reason": "house"})
    assert answer.status_code == 303
    last = site.events.log("cup")[-1]
    assert last.kind == Kind.SETTINGS_CHANGED and last.payload == {"settings": {"win_points": 4}}
    assert last.reason == "house"
    before = site.log_length("cup")
    answer = client.post("/manage/cup/settings", data={"csrf_token": csrf, "set_pod_size": "99"})
    assert answer.status_code == 422 and "pod_size" in answer.text
    assert site.log_length("cup") == before


def test_a_finished_event_offers_nothing_more_and_names_its_champion(site: Site, anna) -> None:
    """Rule CMD-10. Reproduced before: after the final pod's result the organiser page still
    offered "Pair the next round" and "Build the TOP"; now the event says it is finished, with
    its champion, on the organiser page and the public page."""
    import random

    from podium.core import phases
    from podium.service.simulate import play

    client, _csrf = anna
    site.event("fin", "anna", players=8, rounds="2", fewer_rounds="yes")
    play(site.events, "fin", "org", random.Random(1))
    loaded = site.events.load("fin")
    champion = loaded.state.players[phases.champion(loaded.state, loaded.ruleset)].name
    page = client.get("/manage/fin").text
    assert 'id="pair"' not in page and "Pair the next round" not in page
    assert "/action/top-build" not in page and "Build the TOP" not in page
    assert "Final standings" in page and f"Champion: {champion}" in page
    public = site.client().get("/e/fin").text
    assert "Final standings" in public and champion in public
