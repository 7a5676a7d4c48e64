"""A Berserk event through the web (rules BRK-1 .. BRK-10): the split, duel results typed with
the keyboard, the TOP's preview and build, its results with a draw, corrections, the public
bracket page. Every refused form stores nothing. (The TOP after a Commander event:
tests/web/test_top_pages.py.)"""

from __future__ import annotations

from fractions import Fraction

import pytest

from podium.core.log import Kind
from podium.core.top_replay import top_of
from tests.web.conftest import Site, csrf_of


@pytest.fixture
def anna(site: Site):
    site.user("anna")
    client = site.login("anna")
    return client, csrf_of(client.get("/manage").text)


def berserk(site: Site, slug: str = "brk", players: int = 8, owner: str | None = "anna",
            **settings: str) -> None:
    site.events.create_event(slug, slug.upper(), "berserk", settings, "setup", seed=5)
    site.events.add_players(slug, [f"B{i}" for i in range(1, players + 1)], "setup")
    if owner:
        site.accounts.grant(slug, owner, "owner", "setup")


COMMANDS = {"berserk-split": "berserk.split", "top-build": "top.build",
            "top-result": "top.result", "top-correct": "top.result", "top-undo": "top.undo"}


def action(client, csrf: str, slug: str, key: str, **fields: str):
    """A form of the event's page: a declared command (the TOP's build is previewed unless
    ``step=build``; a correction is ``top.result`` with ``correct``)."""
    if key == "top-build":
        fields["preview"] = "" if fields.pop("step", "preview") == "build" else "yes"
    if key == "top-correct":
        fields["correct"] = "yes"
    return client.post(f"/manage/{slug}/do/{COMMANDS[key]}",
                       data={"csrf_token": csrf, **fields})


def test_split_refuses_a_table_under_the_minimum_then_draws_the_tables(site: Site,
                                                                       anna) -> None:
    """Rules BRK-6, BRK-10: 8 players at 3 tables leaves a table of 2 (< 4): refused, nothing
    stored; at 2 tables: two tables of 4, logged with the organiser as the actor."""
    client, csrf = anna
    berserk(site)
    page = client.get("/manage/brk").text
    assert 'href="/manage/brk/do/berserk.split"' in page
    assert 'href="/manage/brk/do/top.build"' not in page  # no round played yet
    before = site.log_length("brk")
    answer = action(client, csrf, "brk", "berserk-split", tables="3")
    assert answer.status_code == 422
    assert "under the minimum of 4 (rule BRK-10)" in answer.text
    assert site.log_length("brk") == before
    assert action(client, csrf, "brk", "berserk-split", tables="x").status_code == 422
    assert site.log_length("brk") == before
    answer = action(client, csrf, "brk", "berserk-split", tables="2", reason="two rooms")
    assert answer.status_code == 303
    last = site.events.log("brk")[-1]
    assert last.kind == "divisions.assigned" and last.actor == "anna"
    assert [len(d["players"]) for d in last.payload["divisions"]] == [4, 4]
    # the public standings are the format's views: one per draft table
    public = site.client().get("/e/brk").text
    assert "Draft table 1" in public and "Draft table 2" in public


def play_round_by_keyboard(site: Site, client, csrf: str, slug: str, codes: list[str]) -> None:
    assert client.post(f"/manage/{slug}/rounds", data={"csrf_token": csrf}).status_code == 303
    rnd = site.events.load(slug).state.current_round
    for table, code in zip(rnd.tables, codes, strict=True):
        answer = client.post(f"/manage/{slug}/results/{table.number}",
                             data={"csrf_token": csrf, "result": code})
        assert answer.status_code == 303, answer.text


def test_duel_results_typed_with_the_keyboard(site: Site, anna) -> None:
    """Rules BRK-6, BRK-8: ``1`` seat 1 won (3-0), ``=`` a draw (1-1), ``t2`` a technical win
    for seat 2 (2.5-0), ``2`` seat 2 won."""
    client, csrf = anna
    berserk(site)
    action(client, csrf, "brk", "berserk-split", tables="2")
    play_round_by_keyboard(site, client, csrf, "brk", ["1", "=", "t2", "2"])
    rnd = site.events.load("brk").state.current_round
    t1, t2, t3, t4 = (rnd.results[n] for n in (1, 2, 3, 4))
    assert [o.points for o in t1.outcomes] == [3, 0]
    assert [o.points for o in t2.outcomes] == [1, 1] and t2.entry == {"draw": True}
    assert [o.points for o in t3.outcomes] == [0, Fraction(5, 2)]  # rule BRK-8
    assert t3.entry == {"technical": rnd.table(3).seats[1]}
    assert t4.outcomes[1].won and t4.entry == {"winner": rnd.table(4).seats[1]}
    page = client.get("/manage/brk").text
    assert "(T, BRK-8)" in page  # the technical win is described as such


@pytest.mark.parametrize("typed", ["", "3", "x", "t3", "12"])
def test_a_bad_duel_result_names_the_field_and_stores_nothing(site: Site, anna,
                                                              typed: str) -> None:
    client, csrf = anna
    berserk(site)
    action(client, csrf, "brk", "berserk-split", tables="2")
    client.post("/manage/brk/rounds", data={"csrf_token": csrf})
    before = site.log_length("brk")
    answer = client.post("/manage/brk/results/1", data={"csrf_token": csrf, "result": typed})
    assert answer.status_code == 422
    assert "result:" in answer.text.lower()  # the field named, once, as a sentence
    assert answer.text.count('role="alert"') == 1
    assert site.log_length("brk") == before


def test_a_refusal_in_russian(site: Site, anna) -> None:
    client, csrf = anna
    berserk(site)
    action(client, csrf, "brk", "berserk-split", tables="2")
    client.post("/manage/brk/rounds", data={"csrf_token": csrf})
    answer = client.post("/manage/brk/results/1", data={"csrf_token": csrf, "result": "x"},
                         headers={"Accept-Language": "ru"})
    assert answer.status_code == 422 and "не результат дуэли" in answer.text


def test_team_sealed_games_typed_in_one_field(site: Site, anna) -> None:
    """Rule BRK-9 (match scoring): ``1 D`` is 4:1 over the games, a 3-0 match; ``1 2 D``
    needs the deciding game, drawn: 1-1; level games without a decider are refused."""
    client, csrf = anna
    berserk(site, team_scoring="match")
    action(client, csrf, "brk", "berserk-split", tables="2")
    client.post("/manage/brk/rounds", data={"csrf_token": csrf})
    before = site.log_length("brk")
    answer = client.post("/manage/brk/results/1", data={"csrf_token": csrf, "result": "1 2"})
    assert answer.status_code == 422 and "deciding game" in answer.text
    assert site.log_length("brk") == before
    client.post("/manage/brk/results/1", data={"csrf_token": csrf, "result": "1d"})
    client.post("/manage/brk/results/2", data={"csrf_token": csrf, "result": "1 2 D"})
    rnd = site.events.load("brk").state.current_round
    assert [o.points for o in rnd.results[1].outcomes] == [3, 0]
    assert rnd.results[1].entry == {"games": ["1", "D"], "decider": None}
    assert [o.points for o in rnd.results[2].outcomes] == [1, 1]


def test_a_player_code_reports_only_its_own_duel(site: Site) -> None:
    """The table comes from the code: a ``table`` field sent along is ignored."""
    berserk(site, players=8, owner=None)
    from podium.formats.berserk.commands import split_tables

    split_tables(site.events, "brk", "setup", 2)
    site.events.pair_round("brk", "setup")
    rnd = site.events.load("brk").state.current_round
    mine, other = rnd.table(1), rnd.table(2)
    codes = site.reports.codes("brk")
    phone = site.client()
    csrf = csrf_of(phone.get("/e/brk/report").text)
    answer = phone.post("/e/brk/report/submit", data={
        "csrf_token": csrf, "code": codes[mine.seats[0]], "result": "1", "table": "2"})
    assert answer.status_code == 200
    (report,) = site.reports.reports("brk")
    assert report.table == 1 and report.entry == {"winner": mine.seats[0]}
    assert 2 not in site.events.load("brk").state.current_round.results
    # and the API refuses a table field in a player's report
    api = site.client().post("/api/v1/events/brk/commands/berserk.report",
                             json={"result": "1", "table": other.number},
                             headers={"Authorization": f"Bearer {codes[other.seats[0]]}"})
    assert api.status_code == 422


def test_the_top_preview_build_results_and_public_bracket(site: Site, anna) -> None:
    """Rules BRK-1 .. BRK-5, BRK-7 through the web, worked by hand.

    8 players at two draft tables, one round. A TOP of 4 takes the two best of each table;
    the preview shows the BRK-4 goal report and stores nothing; the build stores the minutes
    typed (BRK-7). A draw in the first semi-final sends the higher seed on (BRK-5, the
    default draw rule); the final's winner is the champion on the public bracket page.
    """
    client, csrf = anna
    berserk(site)
    action(client, csrf, "brk", "berserk-split", tables="2")
    play_round_by_keyboard(site, client, csrf, "brk", ["1", "1", "1", "1"])
    page = client.get("/manage/brk").text
    assert 'href="/manage/brk/do/top.build"' in page
    form = client.get("/manage/brk/do/top.build").text
    assert 'name="size" inputmode="numeric" size="4" value="8"' in form  # the top_size default
    assert "/e/brk/p/bracket" not in site.client().get("/e/brk").text  # no TOP yet
    before = site.log_length("brk")
    preview = action(client, csrf, "brk", "top-build", size="4", minutes="50")
    assert preview.status_code == 200
    assert "Goal 1 (rule BRK-4)" in preview.text and "Nothing is stored" in preview.text
    assert 'id="build-top"' in preview.text
    assert site.log_length("brk") == before
    bad = action(client, csrf, "brk", "top-build", size="99", step="build")
    assert bad.status_code == 422 and "larger than" in bad.text
    assert action(client, csrf, "brk", "top-build", size="4", draw_rule="coin").status_code == 422
    assert site.log_length("brk") == before
    built = action(client, csrf, "brk", "top-build", size="4", minutes="50",
                   draw_rule="higher_seed", step="build")
    assert built.status_code == 303
    state = site.events.load("brk").state
    bracket = top_of(state)
    assert bracket.size == 4 and bracket.minutes == 50  # rule BRK-7
    assert site.events.log("brk")[-1].kind == Kind.TOP_BUILT
    # rule BRK-5: a draw in match 1 sends the better seed on
    first, second = bracket.match(1).players
    better = first if bracket.seeds[first] < bracket.seeds[second] else second
    assert action(client, csrf, "brk", "top-result", match="1", result="=").status_code == 303
    assert top_of(site.events.load("brk").state).results[1].winner == better
    # bad input names the field and stores nothing
    before = site.log_length("brk")
    for fields in ({"match": "3", "result": "1"},   # the final's players are not known yet
                   {"match": "9", "result": "1"}, {"match": "2", "result": "x"},
                   {"match": "1", "result": "2"}):  # a second result without a correction
        answer = action(client, csrf, "brk", "top-result", **fields)
        assert answer.status_code in (404, 409, 422), (fields, answer.status_code)
    assert site.log_length("brk") == before
    assert "result:" in action(client, csrf, "brk", "top-result", match="2", result="x").text
    assert action(client, csrf, "brk", "top-result", match="2", result="2").status_code == 303
    assert action(client, csrf, "brk", "top-result", match="3", result="1").status_code == 303
    bracket = top_of(site.events.load("brk").state)
    champion = state.players[bracket.champion].name
    assert bracket.champion == better
    public = site.client()
    assert "/e/brk/p/bracket" in public.get("/e/brk").text
    page = public.get("/e/brk/p/bracket").text
    assert f"Champion: {champion}" in page
    assert "advances (rule BRK-5)" in page and 'hx-get="/e/brk/p/bracket/live"' in page
    assert f"Champion: {champion}" in public.get("/e/brk/p/bracket/live").text
    russian = site.client().get("/e/brk/p/bracket", headers={"Accept-Language": "ru"}).text
    assert f"Чемпион: {champion}" in russian and "Финал" in russian
    assert "Драфт-стол 1" in site.client().get("/e/brk",
                                              headers={"Accept-Language": "ru"}).text


def test_a_top_correction_needs_a_reason(site: Site, anna) -> None:
    client, csrf = anna
    berserk(site)
    action(client, csrf, "brk", "berserk-split", tables="2")
    play_round_by_keyboard(site, client, csrf, "brk", ["1", "2", "1", "2"])
    action(client, csrf, "brk", "top-build", size="2", step="build")
    bracket = top_of(site.events.load("brk").state)
    action(client, csrf, "brk", "top-result", match="1", result="1")
    before = site.log_length("brk")
    answer = action(client, csrf, "brk", "top-correct", match="1", result="2")
    assert answer.status_code == 422 and "reason:" in answer.text
    assert site.log_length("brk") == before
    answer = action(client, csrf, "brk", "top-correct", match="1", result="2",
                    reason="slip was wrong")
    assert answer.status_code == 303
    last = site.events.log("brk")[-1]
    assert last.kind == Kind.TOP_CORRECTED and last.reason == "slip was wrong"
    assert top_of(site.events.load("brk").state).champion == bracket.match(1).players[1]


def test_named_draw_rule_takes_who_advances(site: Site, anna) -> None:
    """Rule BRK-5 (draw rule ``named``): ``=`` alone is refused; ``=2`` sends player 2 on."""
    client, csrf = anna
    berserk(site)
    action(client, csrf, "brk", "berserk-split", tables="2")
    play_round_by_keyboard(site, client, csrf, "brk", ["1", "2", "1", "2"])
    action(client, csrf, "brk", "top-build", size="2", draw_rule="named", step="build")
    before = site.log_length("brk")
    answer = action(client, csrf, "brk", "top-result", match="1", result="=")
    assert answer.status_code == 422 and "BRK-5" in answer.text
    assert site.log_length("brk") == before
    action(client, csrf, "brk", "top-result", match="1", result="=2")
    bracket = top_of(site.events.load("brk").state)
    assert bracket.champion == bracket.match(1).players[1] and bracket.results[1].draw


def test_a_top_with_the_wrong_size_is_undone_and_built_again(site: Site, anna) -> None:
    """The undo form is offered while no TOP match has a result; it is a new log record, and
    the build form comes back."""
    client, csrf = anna
    berserk(site)
    action(client, csrf, "brk", "berserk-split", tables="2")
    play_round_by_keyboard(site, client, csrf, "brk", ["1", "2", "1", "2"])
    action(client, csrf, "brk", "top-build", size="2", step="build")
    page = client.get("/manage/brk").text
    assert 'href="/manage/brk/do/top.undo"' in page
    assert action(client, csrf, "brk", "top-undo", reason="the TOP is 4").status_code == 303
    last = site.events.log("brk")[-1]
    assert last.kind == Kind.TOP_UNDONE and last.reason == "the TOP is 4"
    assert top_of(site.events.load("brk").state) is None
    assert 'href="/manage/brk/do/top.build"' in client.get("/manage/brk").text
    action(client, csrf, "brk", "top-build", size="4", step="build")
    action(client, csrf, "brk", "top-result", match="1", result="1")
    assert 'href="/manage/brk/do/top.undo"' not in client.get("/manage/brk").text
    before = site.log_length("brk")
    answer = action(client, csrf, "brk", "top-undo", reason="too late")
    assert answer.status_code == 409 and site.log_length("brk") == before
