"""The mahjong marathon on the web (regulation MJ): created on the web, games by hand and by
upload, decisions, publications with movement arrows, Russian headers, refusals storing
nothing. The organiser's forms are the marathon's declared commands, posted to
``/manage/mj/do/mahjong-marathon.<command>``. Expected tables are worked by hand from the
regulation (see each test)."""

from __future__ import annotations

import re

import pytest

from tests.formats.mahjong_marathon.conftest import (
    API,
    CSV_HEADER,
    DO,
    add_game,
    field_error,
    post,
    rows_of,
)
from tests.web.conftest import Site

COMMANDS = ("add-game", "import-games", "penalty", "disqualify-game", "disqualify-player",
            "revert", "publish")


def test_the_marathon_pages_have_no_rounds(site: Site, anna) -> None:
    """Open play (rule MJ-3): no round, pairing or self-report parts; the format's commands,
    each a form of its own."""
    client, _csrf = anna
    page = client.get("/manage/mj").text
    assert 'id="rounds"' not in page and "/print/pairings" not in page
    assert 'id="players"' not in page  # players come with their games
    for command in COMMANDS:
        assert f'href="{DO}{command}"' in page  # in the menu, open: the work at hand
        form = client.get(DO + command)  # the form on a page of its own
        assert form.status_code == 200 and f'action="{DO}{command}"' in form.text
    public = site.client().get("/e/mj").text
    assert "/e/mj/pairings" not in public and "/e/mj/report" not in public
    assert "/e/mj/p/publications" in public


def test_a_game_by_hand_and_a_gp_penalty_that_changes_another_players_tp(
        site: Site, anna) -> None:
    """Rule MJ-4: 30/25/0/-55 gives TP 4/2/1/0. Rule MJ-6a: 5 GP off Anna makes it 25 v 25,
    a shared 1st-2nd: 3 TP each, so Boris (not penalised) goes from 2 to 3 TP. Reverting the
    penalty restores 4 and 2."""
    client, csrf = anna
    answer = add_game(client, csrf, "g1", "2015-03-01 12:00",
                      [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    assert answer.status_code == 303, answer.text
    rows = rows_of(site.client().get("/e/mj").text, "stage-1")
    assert (rows["Anna"]["TP"], rows["Boris"]["TP"], rows["Dmitri"]["TP"]) == ("4", "2", "0")
    assert rows["Anna"]["Note"] == "< 4 games: NR 0"  # rule MJ-8
    answer = post(client, csrf, "penalty", {"player": "Anna", "kind": "6a", "amount": "5",
                                            "game": "g1", "reason": "slow play"})
    assert answer.status_code == 303, answer.text
    rows = rows_of(site.client().get("/e/mj").text, "stage-1")
    assert (rows["Anna"]["TP"], rows["Boris"]["TP"]) == ("3", "3")
    assert (rows["Anna"]["GP"], rows["Boris"]["GP"]) == ("25", "25")
    penalty = next(a for a in site.events.log("mj") if a.kind == "mahjong.penalty")
    page = client.get(f"{DO}revert").text
    assert "slow play" in page and f'name="seq" value="{penalty.seq}"' in page
    answer = post(client, csrf, "revert", {"seq": str(penalty.seq), "reason": "appeal granted"})
    assert answer.status_code == 303, answer.text
    rows = rows_of(site.client().get("/e/mj").text, "stage-1")
    assert (rows["Anna"]["TP"], rows["Boris"]["TP"]) == ("4", "2")
    assert "reverted by action" in client.get(f"{DO}revert").text


@pytest.mark.parametrize("field, value, message", [
    ("gp3", "abc", "whole number"),
    ("gp2", "2.5", "whole number"),
    ("player4", "", "required"),
    ("player4", "Anna", "sits twice"),  # the same player twice (rule MJ-3)
    ("start", "yesterday", "date and time"),
    ("zone", "Mars/Base", "time zone"),
    ("table", "Friendly-1", "MJ-3"),  # rule MJ-3: only marathon tables count
    ("id", "", "required"),
    ("start", "2015-12-31 12:00", "outside every stage"),  # rule MJ-1: after the last stage
])
def test_a_bad_game_names_the_field_and_stores_nothing(site: Site, anna, field, value,
                                                       message) -> None:
    """Each refusal is shown next to its field, with what was typed kept."""
    client, csrf = anna
    before = site.log_length("mj")
    answer = add_game(client, csrf, "g1", "2015-03-01 12:00",
                      [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)],
                      {field: value})
    assert answer.status_code == 422
    assert message in field_error(answer.text, field), answer.text
    assert 'value="Boris"' in answer.text  # what was typed is kept
    assert site.log_length("mj") == before


def test_a_refusal_on_the_russian_page_is_russian_and_names_the_field(site: Site,
                                                                      anna) -> None:
    client, csrf = anna
    client.cookies.set("lang", "ru")
    answer = add_game(client, csrf, "g1", "2015-03-01 12:00",
                      [("Anna", 30), ("Anna", 25), ("Clara", 0), ("Dmitri", -55)])
    assert answer.status_code == 422
    assert field_error(answer.text, "player2").endswith(
        "Anna дважды за одним столом (правило MJ-3)")
    assert site.log_length("mj") == 1  # the event's creation only


def test_a_known_game_with_other_data_is_a_conflict_named_by_its_id(site: Site, anna) -> None:
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00",
             [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    before = site.log_length("mj")
    answer = add_game(client, csrf, "g1", "2015-03-01 12:00",
                      [("Anna", 31), ("Boris", 24), ("Clara", 0), ("Dmitri", -55)])
    assert answer.status_code == 409
    assert "already stored with different data" in field_error(answer.text, "id")
    assert site.log_length("mj") == before


def test_a_penalty_needs_a_reason_and_an_allowed_amount(site: Site, anna) -> None:
    """Rule MJ-6: amounts only from the regulation (the select), a reason required."""
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00",
             [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    before = site.log_length("mj")
    form = client.get(f"{DO}penalty").text.split(f'action="{DO}penalty"')[1].split("</form>")[0]
    for amount in (5, 10, 20, 60, 50, 100, 200, 600, 1, 2, 4):
        assert f'<option value="{amount}">' in form
    assert '<option value="6a">' in form and '<option value="6c">' in form
    for data, named in (({"kind": "6a", "amount": "5", "game": "g1", "reason": ""}, "reason"),
                        ({"kind": "6a", "amount": "7", "game": "g1", "reason": "x"}, "amount"),
                        ({"kind": "6b", "amount": "50", "reason": "x"}, "stage"),
                        ({"kind": "6a", "amount": "5", "reason": "x"}, "game")):
        answer = post(client, csrf, "penalty", {"player": "Anna", **data})
        assert answer.status_code == 422 and field_error(answer.text, named), answer.text
    assert site.log_length("mj") == before


def games_csv(rows: list[str]) -> str:
    return CSV_HEADER + "".join(row + "\n" for row in rows)


def test_upload_in_windows_1251_then_again_is_idempotent(site: Site, anna) -> None:
    """Rule MJ-3: games at other tables are skipped; a second upload adds nothing."""
    client, csrf = anna
    text = games_csv([
        "101,RU-Marathon-1,2015-03-01 12:00,Анна,30,Борис,25,Вера,0,Глеб,-55",
        "102,RU-Marathon-2,2015-03-02 12:00,Анна,10,Борис,10,Вера,10,Глеб,-30",
        "103,Friendly-7,2015-03-02 13:00,Анна,10,Борис,10,Вера,10,Глеб,-30",
    ])
    upload = {"file": ("games.csv", text.encode("cp1251"), "text/csv")}
    answer = post(client, csrf, "import-games", {"zone": "server"}, files=upload)
    assert answer.status_code == 303, answer.text
    page = client.get("/manage/mj").text
    assert "added: 2" in page and "other tables: 1" in page and "new players: 4" in page
    length = site.log_length("mj")
    rows = rows_of(site.client().get("/e/mj").text, "stage-1")
    assert rows["Анна"]["Games"] == "2"
    answer = post(client, csrf, "import-games", {"zone": "server"}, files=upload)
    assert answer.status_code == 303
    assert "added: 0; already known: 2" in client.get("/manage/mj").text
    assert rows_of(site.client().get("/e/mj").text, "stage-1")["Анна"]["Games"] == "2"
    assert site.log_length("mj") - length <= 1  # at most the import's summary, no game twice
    changed = games_csv(["101,RU-Marathon-1,2015-03-01 12:00,Анна,31,Борис,24,Вера,0,Глеб,-55"])
    post(client, csrf, "import-games", {"zone": "server"},
         files={"file": ("games.csv", changed.encode(), "text/csv")})
    assert "changed and NOT applied: 1" in client.get("/manage/mj").text
    assert rows_of(site.client().get("/e/mj").text, "stage-1")["Анна"]["GP"] == "40"


@pytest.mark.parametrize("data, named", [
    (b"\x00\x01\x02" * 10, "NUL bytes"),
    (b"\x98\x98\x98", "neither UTF-8 nor Windows-1251"),
    (b"", "choose a file"),
    (games_csv(["1,RU-Marathon-1,2015-03-01 12:00,A,1"]).encode(), "line 2"),
])
def test_bad_uploads_are_refused_clearly_and_store_nothing(site: Site, anna, data,
                                                           named) -> None:
    client, csrf = anna
    before = site.log_length("mj")
    answer = post(client, csrf, "import-games", {"zone": "server"},
                  files={"file": ("g.csv", data, "text/csv")})
    assert answer.status_code == 422, answer.text
    assert named in field_error(answer.text, "file")
    assert site.log_length("mj") == before


def test_an_upload_over_the_limit_is_refused_whole(site: Site, anna) -> None:
    client, csrf = anna
    before = site.log_length("mj")
    site.app.state.web.max_upload = 100  # type: ignore[attr-defined]
    big = games_csv(["101,RU-Marathon-1,2015-03-01 12:00,A,30,B,25,C,0,D,-55"] * 5).encode()
    answer = post(client, csrf, "import-games", files={"file": ("g.csv", big, "text/csv")})
    assert answer.status_code in (413, 422) and "larger than" in answer.text
    assert site.log_length("mj") == before


def test_publish_twice_and_see_the_movement(site: Site, anna) -> None:
    """Rule MJ-11. After game 1 (30/25/0/-55) the places are Anna 1, Boris 2, Clara 3,
    Dmitri 4. Game 2: Dmitri 40, Clara 30, Boris 0, Anna -70 gives TP 4/2/1/0, so the totals
    are Anna 4, Boris 3, Clara 3, Dmitri 4. Rule MJ-7e: Anna and Dmitri tie on the result,
    the best series' GP breaks it (Dmitri -15 > Anna -40), Clara (30 GP) before Boris (25):
    Dmitri 1 (up 3), Anna 2 (down 1), Clara 3 (=), Boris 4 (down 2); every player +1 game."""
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00",
             [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    assert post(client, csrf, "publish").status_code == 303
    add_game(client, csrf, "g2", "2015-03-02 12:00",
             [("Dmitri", 40), ("Clara", 30), ("Boris", 0), ("Anna", -70)])
    post(client, csrf, "publish", {"reason": "weekly"})
    public = site.client()
    page = public.get("/e/mj/p/publications").text  # the last one by default
    assert "Publication 1" in page and "Publication 2" in page
    rows = rows_of(page, "stage-1")
    assert {name: (r["#"], r["±"], r["Games ±"]) for name, r in rows.items()} == {
        "Dmitri": ("1", "▲3", "▲1"), "Anna": ("2", "▼1", "▲1"),
        "Clara": ("3", "=", "▲1"), "Boris": ("4", "▼2", "▲1")}
    assert rows["Anna"]["GP ±"] == "▼70"
    first = rows_of(public.get("/e/mj/p/publications?n=1").text, "stage-1")
    assert first["Anna"]["#"] == "1" and first["Anna"]["±"] == ""  # nothing to compare with
    total = public.get("/e/mj/p/publications?n=2&table=total").text
    assert 'id="view-total"' in total
    assert 'href="/e/mj/v/mahjong-marathon.table.csv?publication=2&amp;table=stage-1"' in page
    csv = public.get("/e/mj/v/mahjong-marathon.table.csv?publication=2&table=stage-1")
    assert csv.status_code == 200 and "↑ 3" in csv.content.decode("utf-8-sig")
    russian = site.client()
    russian.cookies.set("lang", "ru")
    standalone = russian.get("/e/mj/v/mahjong-marathon.table.html?publication=2&table=stage-1")
    assert standalone.status_code == 200 and "<th>ТО</th>" in standalone.text
    assert public.get("/e/mj/p/publications?n=9").status_code == 404


def test_the_russian_page_shows_russian_headers(site: Site, anna) -> None:
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00",
             [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    public = site.client()
    public.cookies.set("lang", "ru")
    page = public.get("/e/mj").text
    heads = re.findall(r"<th(?:\s[^>]*)?>(.*?)</th>", page)
    for label in ("ТО", "ИО", "∆ ИО", "Игр", "∆ Игр", "НР", "ТО серии", "ИО серии"):
        assert label in heads, label
    assert "Этап 1" in page and "Итоги марафона" in page
    total = public.get("/e/mj?table=total").text
    heads = re.findall(r"<th(?:\s[^>]*)?>(.*?)</th>", total)
    for label in ("СН", "НР 1", "НР 5", "Сумма результатов", "Этапов"):  # rules MJ-9, MJ-10
        assert label in heads, label
    assert "НР в скобках" in total
    assert "&lt; 4 игр: НР 0" in page  # rule MJ-8, the note of a player with < 4 games
    assert "Публикации" in page


def test_a_player_code_cannot_change_the_marathon(site: Site, anna) -> None:
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00",
             [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    code = next(iter(site.reports.codes("mj").values()))
    before = site.log_length("mj")
    api = site.client()
    bearer = {"Authorization": f"Bearer {code}"}
    for command, body in (
        ("penalty", {"kind": "6a", "player": "Anna", "amount": 5, "game": "g1", "reason": "x"}),
        ("add-game", {"id": "g9", "table": "RU-Marathon-1", "start": "2015-03-01T12:00:00Z",
                      "players": {n: 0 for n in "ABCD"}}),
        ("publish", {}),
    ):
        assert api.post(API + command, json=body, headers=bearer).status_code == 403
    stranger = site.client()  # not logged in: the organiser form needs a login
    assert post(stranger, csrf, "publish").status_code in (303, 403)
    assert site.log_length("mj") == before


def test_the_standings_page_builds_one_table_at_a_time(site: Site, anna) -> None:
    """A million-game year has five stage tables and the total: the page shows one (the first
    stage by default) with links to the others, and builds only that one."""
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-04-05 12:00",
             [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    public = site.client()
    page = public.get("/e/mj").text
    assert 'id="view-stage-1"' in page and 'id="view-stage-2"' not in page
    assert 'href="/e/mj?table=total"' in page and 'href="/e/mj?table=stage-5"' in page
    stage2 = public.get("/e/mj?table=stage-2").text
    assert "Anna" in rows_of(stage2, "stage-2")  # rule MJ-1: 5 April is in stage 2
    assert 'hx-get="/e/mj/live/views?table=stage-2"' in stage2
    assert "Anna" in public.get("/e/mj/live/views?table=stage-2").text
    assert public.get("/e/mj?table=stage-9").status_code == 404


def test_a_large_table_is_shown_a_page_of_rows_at_a_time(site: Site, anna, monkeypatch) -> None:
    """Only one page of rows of the chosen table is rendered (here 3 rows a page)."""
    from podium.web.routes import public

    monkeypatch.setattr(public, "PAGE_ROWS", 3)
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00",
             [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    add_game(client, csrf, "g2", "2015-03-01 13:00",
             [("Anna", 30), ("Egor", 25), ("Fedor", 0), ("Gleb", -55)])
    page = site.client().get("/e/mj").text
    first = rows_of(page, "stage-1")
    assert list(first) == ["Anna", "Boris", "Egor"]  # rule MJ-7e: result, series GP, games
    assert "Rows 1 to 3 of 7" in page and 'href="/e/mj?table=stage-1&amp;start=3"' in page
    second = site.client().get("/e/mj?table=stage-1&start=3").text
    assert len(rows_of(second, "stage-1")) == 3 and "Anna" not in rows_of(second, "stage-1")
    last = site.client().get("/e/mj?table=stage-1&start=6").text
    assert list(rows_of(last, "stage-1")) == ["Gleb"] and "Rows 7 to 7 of 7" in last


def test_a_published_table_is_shown_a_page_of_rows_at_a_time(site: Site, anna,
                                                             monkeypatch) -> None:
    from podium.formats.mahjong_marathon import reads

    monkeypatch.setattr(reads, "PAGE_ROWS", 3)
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00",
             [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    post(client, csrf, "publish")
    public = site.client()
    page = public.get("/e/mj/p/publications?n=1&table=stage-1").text
    assert list(rows_of(page, "stage-1")) == ["Anna", "Boris", "Clara"]
    assert "Rows 1 to 3 of 4" in page
    assert 'href="/e/mj/p/publications?n=1&amp;table=stage-1&amp;start=3"' in page
    rest = public.get("/e/mj/p/publications?n=1&table=stage-1&start=3").text
    assert list(rows_of(rest, "stage-1")) == ["Dmitri"]
    csv = public.get("/e/mj/v/mahjong-marathon.table.csv?publication=1&table=stage-1"
                     ).content.decode("utf-8-sig")
    assert len(csv.strip().splitlines()) == 5  # the export holds every row


def test_the_zone_fields_default_to_the_game_servers_zone_as_a_value(site: Site, anna) -> None:
    """Rule MJ-2: times without an offset are the game server's; the import and game forms
    show that zone as a real, editable value (not a placeholder that looks filled in)."""
    client, _csrf = anna
    zone = site.events.load("mj").state.settings.server_timezone
    for command in ("import-games", "add-game"):
        page = client.get(f"{DO}{command}").text
        form = page.split(f'action="{DO}{command}"')[1].split("</form>")[0]
        assert f'name="zone" maxlength="64" value="{zone}"' in form
