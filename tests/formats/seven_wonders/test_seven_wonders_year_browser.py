"""A 7 Wonders year run from the pages alone, in Russian (rules W7-1 .. W7-36): one organiser
account on a laptop creates the year, uploads the sign-ups, previews and saves the starting
season, and runs it; its players report from 390x844 phones. No command line anywhere.

With ``PODIUM_SHOTS`` set to a folder, the run saves its pages there as PNG files: the
screenshots of docs/seven-wonders.md ("A year on the pages") come from this run."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from podium.core.series import book_of as series_book
from podium.formats.seven_wonders import survival_rules
from podium.formats.seven_wonders.rules import due, special_players, specials_due
from podium.formats.seven_wonders.season import book_of
from podium.formats.seven_wonders.year import starting_tiers
from podium.formats.seven_wonders.year_commands import facts_from
from podium.formats.seven_wonders.year_demo import signups_csv
from tests.web.conftest import Site, csrf_of
from tests.web.test_browser import WAIT, browser, log_in, server  # noqa: F401 (fixtures)

#: 30 sign-ups (rule W7-4): the first 28 play in 4 leagues, the last 2 go to qualification
SIGNUPS = [(f"Игрок{i:02d}", 2000 - 10 * i, i % 5 == 1) for i in range(1, 31)]
WIDTH = "document.documentElement.scrollWidth"
SHOTS = os.environ.get("PODIUM_SHOTS", "")


def shot(page: Any, name: str) -> None:
    """The page as the docs show it (only when PODIUM_SHOTS names a folder)."""
    if SHOTS:
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(Path(SHOTS) / f"sw-year-{name}.png"), full_page=True)


def organiser(browser: Any, server: str) -> Any:  # noqa: F811
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="ru-RU",
                                  extra_http_headers={"Accept-Language": "ru"})
    context.add_cookies([{"name": "lang", "value": "ru", "url": server}])
    page = context.new_page()
    page.set_default_timeout(WAIT)
    return page


def test_an_organiser_makes_a_year_and_its_starting_season_on_the_pages(
        site: Site, server: str, browser: Any, tmp_path: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect

    site.user("org")
    page = organiser(browser, server)
    log_in(page, server, "org")
    # rule W7-1: the year is a choice of the new-event page
    page.click("a[href='/manage/new']")
    page.select_option("select[name=format]", "seven-wonders-year")
    page.wait_for_url("**/manage/new?format=seven-wonders-year")
    page.fill("input[name=slug]", "god")
    page.fill("input[name=name]", "Год «7 чудес» 2027")
    page.click("form[data-new-event] button[type=submit]")
    page.wait_for_url(f"{server}/manage/god")
    # what is due comes first, with its link: the starting season from the sign-ups
    step = page.locator("[data-step='seven-wonders.start-year']")
    expect(step).to_be_visible()
    step.click()
    # rule W7-4: the sign-ups uploaded, previewed, then saved from the preview
    csv = tmp_path / "заявки.csv"
    csv.write_text(signups_csv(SIGNUPS), encoding="utf-8")
    page.fill("input[name=season]", "god-s0")
    page.set_input_files("input[name=signups]", str(csv))
    page.locator("input[name=preview]").check()
    page.locator("form button[type=submit]").last.click()
    expect(page.locator(".flash")).to_contain_text("Ничего не сохранено")
    expect(page.locator("main")).to_contain_text("Игрок29")  # to qualification
    page.click("#save-preview")
    page.wait_for_url(f"{server}/manage/god")
    members = series_book(site.events.load("god").state).members
    assert [m.event for m in members] == ["god-s0"]
    # the season is the year organiser's: linked from the year, opened without a grant
    page.click("a[href='/manage/god-s0']")
    page.wait_for_url(f"{server}/manage/god-s0")
    expect(page.locator("h1")).to_be_visible()
    assert page.evaluate(WIDTH) <= 1366


# -- the pages as an organiser's and the players' browsers post them ------------------------------
class Organiser:
    """The organiser's forms, posted as the pages post them (a signed-in client)."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.client = site.login("org")
        self.client.cookies.set("lang", "ru")  # a Russian organiser: what is said, in Russian
        self.csrf = csrf_of(self.client.get("/manage").text)

    def do(self, slug: str, name: str, **fields: Any) -> Any:
        answer = self.client.post(f"/manage/{slug}/do/seven-wonders.{name}",
                                  data={"csrf_token": self.csrf, **fields})
        assert answer.status_code in (200, 303), answer.text
        return answer

    def links(self, season: str) -> dict[str, str]:
        """Each player's personal link, as the codes page gives it to copy."""
        page = self.client.get(f"/manage/{season}/codes").text
        found = re.findall(r'<li id="player-\d+"><strong>([^<]+)</strong>.*?'
                           r'<a class="copy-link" href="([^"]+)"', page, re.S)
        return {html.unescape(name): html.unescape(link) for name, link in found}


class Phones:
    """The players' phones: each opens their personal link and posts their report page."""

    def __init__(self, site: Site, season: str, links: dict[str, str]) -> None:
        self.site, self.season = site, season
        self.codes = {name: parse_qs(urlparse(link).query)["code"][0]
                      for name, link in links.items()}

    def post(self, name: str, what: str, **fields: str) -> str:
        client = self.site.client()
        page = client.post(f"/e/{self.season}/report/table", data={
            "csrf_token": csrf_of(client.get(f"/e/{self.season}/report").text),
            "code": self.codes[name]})
        answer = client.post(f"/e/{self.season}/report/{what}", data={
            "csrf_token": csrf_of(page.text), "code": self.codes[name], **fields})
        assert answer.status_code == 200, answer.text
        return answer.text


def names_of(site: Site, season: str, ids: Any) -> list[str]:
    players = site.events.load(season).state.players
    return [players[p].name for p in ids]


def play_ladders(site: Site, org: Organiser, season: str) -> None:
    """Every league's games still due, entered by the organiser's game form: the players in
    alphabetical order (rule W7-2: the last one out each game)."""
    for key in list(site.events.load(season).state.divisions):
        while not (now := due(site.events.load(season).state, key)).complete:
            order = sorted(names_of(site, season, now.players))
            org.do(season, "game", league=key, order=", ".join(order))


def test_a_year_is_run_from_the_pages_with_its_players_on_phones(
        site: Site, server: str, browser: Any, tmp_path: Path) -> None:  # noqa: F811
    from playwright.sync_api import expect

    site.user("org")
    page = organiser(browser, server)
    log_in(page, server, "org")
    page.goto(f"{server}/manage/new?format=seven-wonders-year")
    page.fill("input[name=slug]", "god")
    page.fill("input[name=name]", "Год «7 чудес» 2027")
    page.click("form[data-new-event] button[type=submit]")
    page.wait_for_url(f"{server}/manage/god")
    page.click("[data-step='seven-wonders.start-year']")
    csv = tmp_path / "заявки.csv"
    csv.write_text(signups_csv(SIGNUPS), encoding="utf-8")
    page.fill("input[name=season]", "god-s0")
    page.fill("input[name=name]", "Нулевой сезон")
    page.set_input_files("input[name=signups]", str(csv))
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"{server}/manage/god")
    org = Organiser(site)
    # the links as the organiser copies them to the players (the test's client is another host)
    links = {name: link.replace("http://testserver", server)
             for name, link in org.links("god-s0").items()}
    assert len(links) == 28
    phones = Phones(site, "god-s0", links)
    state = site.events.load("god-s0").state
    first, second = list(state.divisions)[:2]

    # rules W7-3, W7-19: the first league's first game reported on a phone with a tie for
    # 2nd and an overrun; a player confirming it reads the overrun and its -5 first
    seven = sorted(names_of(site, "god-s0", due(state, first).players))
    reporter, late = seven[0], seven[-1]
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True, locale="ru-RU",
                                extra_http_headers={"Accept-Language": "ru"})
    phone.add_cookies([{"name": "lang", "value": "ru", "url": server}])
    mine = phone.new_page()
    mine.set_default_timeout(WAIT)
    mine.goto(links[reporter])
    mine.locator("button[type=submit]").first.tap()
    for at, name in enumerate(seven):
        mine.locator("button.tap-player", has_text=name).tap()
        if at == 2:
            mine.locator("button.sw-tie").tap()  # seven[1] and seven[2] share 2nd place
    mine.locator("details.sw-more summary").tap()
    mine.locator(f".sw-overrun-pick[value='{late}']").check()
    mine.fill("input[name=link]", "https://boardgamearena.com/table?table=1")
    shot(mine, "phone-report")
    mine.locator("button.tap-send").tap()
    expect(mine.locator(".flash")).to_be_visible()
    assert mine.evaluate(WIDTH) <= 390
    report = max(r.id for r in site.reports.reports("god-s0"))
    confirmer = mine.context.new_page()
    confirmer.goto(links[seven[1]])
    confirmer.locator("button[type=submit]").first.tap()
    summary = confirmer.locator(f"#report-{report}")
    expect(summary).to_contain_text(f"{late} −5")
    shot(confirmer, "phone-confirm")
    confirmer.locator(f"#confirm-{report}").tap()
    expect(confirmer.locator(f"#confirm-{report}")).to_have_count(0)
    assert confirmer.evaluate(WIDTH) <= 390
    for name in seven[2:]:
        if name != reporter:
            phones.post(name, "confirm", report=str(report))
    ladder = book_of(site.events.load("god-s0").state).ladders[first]
    assert len(ladder.games) == 1 and ladder.games[0].overruns

    # rule W7-19: a report of the second league's first game disputed; the organiser reads
    # the claim on the queue and rejects it; nothing is counted
    six = sorted(names_of(site, "god-s0", due(state, second).players))
    phones.post(six[0], "submit", order=", ".join(six))
    disputed = max(r.id for r in site.reports.reports("god-s0"))
    phones.post(six[1], "dispute", report=str(disputed), note="я был вторым")
    page.goto(f"{server}/manage/god-s0/queue")
    expect(page.locator(f"#report-{disputed}")).to_contain_text("я был вторым")
    shot(page, "queue")
    page.locator(f"#report-{disputed} button[value=reject], "
                 f"#report-{disputed} button:has-text('Отклонить')").first.click()
    assert not book_of(site.events.load("god-s0").state).ladders.get(second)

    # the rest of the starting season by the organiser's game form, then the Battle of
    # Titans between the league winners (rule W7-6) tapped on its form
    play_ladders(site, org, "god-s0")
    state = site.events.load("god-s0").state
    assert specials_due(state) == ["titans"]
    titans = names_of(site, "god-s0", special_players(state, "titans"))
    org.do("god-s0", "special", match="titans", order=", ".join(sorted(titans)))
    page.goto(f"{server}/manage/god")
    shot(page, "after-season")

    # rule W7-6: the play-offs due are entered as games on the year's page, each one's link
    # with its place filled in
    facts = facts_from(site.events.load("god-s0").state)
    playoffs = starting_tiers(facts, 4, {})[2]
    place = min(playoffs)
    page.click(f"a[href='/manage/god/do/seven-wonders.playoff-game?place={place}']")
    expect(page.locator("input[name=place]")).to_have_value(str(place))
    # its players offered to tap in the order of the site's standings, nobody typed
    taps = page.locator("button.w-tap")
    assert sorted(taps.all_text_contents()) == sorted(playoffs[place])
    for name in sorted(playoffs[place]):
        page.locator("button.w-tap", has_text=name).click()
    shot(page, "playoff")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"{server}/manage/god")
    for place, group in sorted(playoffs.items())[1:]:
        org.do("god", "playoff-game", place=str(place), order=", ".join(sorted(group)))
    # rule W7-14: the two sign-ups past 28 battle those who defend their Warriors places
    page.goto(f"{server}/manage/god")
    page.click("[data-step='seven-wonders.survival-draw']")
    newcomers = page.locator("input[name=newcomer]")
    newcomers.nth(0).fill("Игрок29")
    newcomers.nth(1).fill("Игрок30")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"{server}/manage/god")
    last = site.events.load("god-s0").state
    matches = survival_rules.book_of(last).matches
    # the first match's game from its link on the year's page: its players tapped
    page.click("a[href='/manage/god/do/seven-wonders.survival-game?match=1']")
    first_match = sorted(names_of(site, "god-s0", matches[0]))
    for name in first_match:
        page.locator("button.w-tap", has_text=name).click()
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"{server}/manage/god")
    for number, players in enumerate(matches[1:], start=2):
        org.do("god", "survival-game", match=str(number),
               order=", ".join(sorted(names_of(site, "god-s0", players))))
    # season 1 from the year's page: the previous season is the year's last
    page.goto(f"{server}/manage/god")
    page.click("[data-step='seven-wonders.next-season']")
    page.fill("input[name=season]", "god-s1")
    page.fill("input[name=name]", "Сезон 1")
    page.locator("form button[type=submit]").last.click()
    # rule W7-26 (4): a tie the leagues hang on is the organiser's die: the form offers the
    # tied players, the organiser types each one's roll
    expect(page.locator(".field-error").first).to_contain_text("кубик")
    shot(page, "die")
    rolls = page.locator("input[name='roll.value']")
    tied = [n for n in page.locator("input[name='roll.name']").evaluate_all(
        "inputs => inputs.map(i => i.value)") if n]
    assert len(tied) >= 2
    for at in range(len(tied)):
        rolls.nth(at).fill(str(at % 6 + 1))
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"{server}/manage/god")
    members = [m.event for m in series_book(site.events.load("god").state).members]
    assert members == ["god-s0", "god-s1"]
    assert page.locator("a[href='/manage/god-s1']").count() >= 1
    shot(page, "next-season")

    # the organiser's pages and the year's and season's tables on a 390 px phone
    pocket = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                 has_touch=True, locale="ru-RU",
                                 extra_http_headers={"Accept-Language": "ru"})
    pocket.add_cookies([{"name": "lang", "value": "ru", "url": server}])
    small = pocket.new_page()
    small.set_default_timeout(WAIT)
    log_in(small, server, "org")
    for address, name in (("/manage/god", "phone-year-organiser"),
                          ("/manage/god-s0", "phone-season-organiser"),
                          ("/manage/god-s1", "phone-next-season-organiser"),
                          ("/e/god", "phone-year-table"), ("/e/god-s0/p/season", None)):
        small.goto(f"{server}{address}")
        small.wait_for_load_state("networkidle")
        assert small.evaluate(WIDTH) <= 390, address
        if name:
            shot(small, name)
    russian_everywhere(site, org)


def russian_everywhere(site: Site, org: Organiser) -> None:
    """Every 7 Wonders page of the run, the organiser's and the public ones, in Russian: no
    Latin word outside what people typed, no league key or game reference, no slip."""
    from tests.formats.seven_wonders.test_seven_wonders_russian import assert_russian
    from tests.web.test_russian_pages import LATIN, crawl

    starts = [f"/{where}/{slug}" for slug in ("god", "god-s0", "god-s1")
              for where in ("manage", "e")]
    starts += [f"/manage/{slug}/{page}" for slug in ("god", "god-s0", "god-s1")
               for page in ("log", "codes", "queue")]
    pages = {url: page for url, page in crawl(org.client, starts, limit=250,
                                              per_kind=2).items()
             if page and url.startswith(("/manage/god", "/e/god"))}
    assert {"/manage/god/do/seven-wonders.next-season", "/manage/god-s1/do/seven-wonders.game",
            "/e/god-s0/p/season", "/manage/god-s0/queue"} <= set(pages), sorted(pages)
    typed = {"org", "god", "god-s", "csv"}  # the account, the ids typed, the file's name
    typed |= {w for a in site.events.log("god-s0") for w in LATIN.findall(a.reason)}
    typed |= {"name", "rating", "premium", "league"}  # a file's columns, as the file has them
    assert_russian(pages, typed, slips=True)
