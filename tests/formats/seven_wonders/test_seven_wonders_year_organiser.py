"""A 7 Wonders year made and run by its organiser on the pages alone (rule W7-1): the year is
a choice of the new-event page; its sign-ups are typed (or uploaded), previewed and saved from
the preview (rule W7-4); the seasons it creates are run by the year's owners and judges, listed
under the year, and the year's page says what is due with a link to do it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from podium.compose import web_app as create_app
from podium.core.commands import TEXT, WEB, Caller
from podium.core.series import book_of as series_book
from podium.formats.seven_wonders.year_demo import signups_csv
from podium.service import accounts as accounts_module
from podium.service.catalog import Invocation
from podium.store.db import Database
from tests.formats.seven_wonders.year_builders import DECIDED, YEAR, copy_of, invoke, service_on
from tests.web.conftest import PASSWORD, Clock, csrf_of

#: 28 sign-ups (rule W7-4: 4 leagues of 7), every fourth with a premium account
PLAYERS = [(f"Игрок {i:02d}", 1500 + 10 * i, i % 4 == 0) for i in range(1, 29)]
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(accounts_module, "_hasher",
                        PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    app = create_app(Database(str(tmp_path / "web.db")), clock=Clock(), poll_seconds=1,
                     freshness=0)
    for user in ("org", "jury", "other"):
        app.state.web.accounts.create_user(user, PASSWORD)
    return app


def client_of(app: Any, user: str) -> TestClient:
    client = TestClient(app, follow_redirects=False)
    client.cookies.set("lang", "ru")
    csrf = csrf_of(client.get("/login").text)
    assert client.post("/login", data={"username": user, "password": PASSWORD,
                                       "csrf_token": csrf}).status_code == 303
    return client


def typed_rows(players: list[tuple[str, int, bool]]) -> dict[str, list[str]]:
    """The sign-ups as the page's rows post them: a name, a rating, premium or not."""
    return {"entries.name": [n for n, _, _ in players],
            "entries.rating": [str(r) for _, r, _ in players],
            "entries.premium": ["premium" if p else "" for _, _, p in players]}


def make_year(client: TestClient, slug: str = "y27") -> None:
    form = client.get("/manage/new?format=seven-wonders-year")
    assert 'value="seven-wonders-year" selected' in form.text
    assert "Год «7 чудес»" in form.text
    made = client.post("/manage/new", data={
        "csrf_token": csrf_of(form.text), "format": "seven-wonders-year", "slug": slug,
        "name": "Год 2027"})
    assert made.status_code == 303 and made.headers["location"] == f"/manage/{slug}"


def start_year(client: TestClient, slug: str = "y27", season: str = "s0") -> None:
    """Sign-ups typed, previewed, then saved from the preview (rule W7-4)."""
    name = "seven-wonders.start-year"
    form = client.get(f"/manage/{slug}/do/{name}")
    assert 'name="entries.rating"' in form.text and 'name="entries.premium"' in form.text
    preview = client.post(f"/manage/{slug}/do/{name}", data={
        "csrf_token": csrf_of(form.text), "season": season, "preview": "yes",
        **typed_rows(PLAYERS)})
    assert preview.status_code == 200, preview.text
    assert 'id="save-preview"' in preview.text
    save = preview.text.split('class="stack save-preview"')[1].split("</form>")[0]
    data: dict[str, list[str]] = {}
    for key, value in HIDDEN.findall(save):
        data.setdefault(key, []).append(value.replace("&#39;", "'").replace("&amp;", "&"))
    assert "preview" not in data
    saved = client.post(f"/manage/{slug}/do/{name}", data=data)
    assert saved.status_code == 303, saved.text


def test_a_year_is_made_from_the_new_event_page_and_its_seasons_are_its_organisers(
        site: Any) -> None:
    # rule W7-1: the year's owner runs every season it creates, with no command line
    org = client_of(site, "org")
    make_year(org)
    year = org.get("/manage/y27").text
    assert 'data-step="seven-wonders.start-year"' in year  # the next step, first
    start_year(org)
    events = site.state.web.events
    assert [m.event for m in series_book(events.load("y27").state).members] == ["s0"]
    season = org.get("/manage/s0")
    assert season.status_code == 200, season.text
    # the year's page links its season; /manage lists it under the year
    year = org.get("/manage/y27").text
    assert 'href="/manage/s0"' in year
    listed = org.get("/manage").text
    assert listed.index('href="/manage/y27"') < listed.index('href="/manage/s0"')
    assert re.search(r'<tr class="member">[^\n]*href="/manage/s0"', listed)
    # someone else runs neither; the refusal names no role in English
    other = client_of(site, "other")
    refused = other.get("/manage/s0")
    assert refused.status_code == 403
    assert "owner" not in refused.text and "judge" not in refused.text


def test_a_judge_of_the_year_judges_its_seasons_and_loses_them_with_it(site: Any) -> None:
    org = client_of(site, "org")
    make_year(org)
    start_year(org)
    events = site.state.web.events
    grant = Invocation("role.grant", "y27", {"username": "jury", "role": "judge"}, TEXT, WEB)
    events.execute(grant, Caller.cli("org"))
    jury = client_of(site, "jury")
    assert jury.get("/manage/s0").status_code == 200
    revoke = Invocation("role.revoke", "y27", {"username": "jury"}, TEXT, WEB)
    events.execute(revoke, Caller.cli("org"))
    assert jury.get("/manage/s0").status_code == 403


def test_the_sign_ups_typed_carry_their_ratings_and_premium_accounts(site: Any) -> None:
    # rules W7-4, W7-5: the first 28 in 4 leagues by the snake, premium accounts first
    org = client_of(site, "org")
    make_year(org)
    start_year(org)
    basis = series_book(site.state.web.events.load("y27").state).members[0].basis
    assert basis["signups"] == [{"name": n, "rating": r, "premium": p} for n, r, p in PLAYERS]
    state = site.state.web.events.load("s0").state
    assert len(state.players) == 28 and len(state.divisions) == 4


def test_a_sign_ups_file_previewed_is_saved_without_choosing_it_again(site: Any) -> None:
    org = client_of(site, "org")
    make_year(org)
    name = "seven-wonders.start-year"
    form = org.get(f"/manage/y27/do/{name}")
    csv = signups_csv(PLAYERS)
    preview = org.post(f"/manage/y27/do/{name}", data={
        "csrf_token": csrf_of(form.text), "season": "s0", "preview": "yes"},
        files={"signups": ("signups.csv", csv.encode(), "text/csv")})
    assert preview.status_code == 200 and 'name="signups.text"' in preview.text
    assert site.state.web.events.list_events()[-1].slug == "y27"  # nothing stored
    save = preview.text.split('class="stack save-preview"')[1].split("</form>")[0]
    data: dict[str, list[str]] = {}
    for key, value in HIDDEN.findall(save):
        data.setdefault(key, []).append(value.replace("&#39;", "'").replace("&amp;", "&"))
    assert org.post(f"/manage/y27/do/{name}", data=data).status_code == 303
    assert len(site.state.web.events.load("s0").state.players) == 28


@pytest.mark.parametrize("data, field", [
    ({}, "signups"),  # neither a file nor rows
    ({"entries.name": ["Ann"], "entries.rating": ["lots"], "entries.premium": [""]},
     "entries"),
])
def test_sign_ups_missing_or_bad_are_refused_by_field_with_nothing_stored(
        site: Any, data: dict[str, Any], field: str) -> None:
    org = client_of(site, "org")
    make_year(org)
    name = "seven-wonders.start-year"
    form = org.get(f"/manage/y27/do/{name}")
    answer = org.post(f"/manage/y27/do/{name}", data={
        "csrf_token": csrf_of(form.text), "season": "s0", **data})
    assert answer.status_code == 422
    assert f'id="f-seven-wonders-start-year-{field}-error"' in answer.text
    assert [e.slug for e in site.state.web.events.list_events()] == ["y27"]


def test_the_next_season_follows_the_years_last_season_unless_named(
        two_seasons: Path, tmp_path: Path) -> None:
    # rule W7-1: season N+1 comes from season N, the year's last; naming it stays possible
    service = service_on(copy_of(two_seasons, tmp_path))
    last = [m.event for m in series_book(service.load(YEAR).state).members][-1]
    named = invoke(service, "next-season", {"previous": last, "preview": True, **DECIDED})
    default = invoke(service, "next-season", {"preview": True, **DECIDED})
    assert default.answer_json() == named.answer_json()
    assert default.answer_json()["leagues"]
