"""Issue 20: a 7 Wonders year in Russian shows no English and no raw key. The app's test client
walks every public page of a played year (its overview, each player's path, its downloads as
pages) and of its seasons (a starting season's numbered leagues, a regular season's four, the
special matches, penalties lifted and not, the players' report page) and fails on a Latin word
outside what people typed (player, event and season names), and on a league key, a game
reference (``gods/3``) or a special match's key (``fortune``) as text."""

from __future__ import annotations

import re

from podium.formats.seven_wonders.year_demo import play_year
from tests.web.conftest import Site
from tests.web.test_russian_pages import LATIN, crawl, latin_words, visible_text

#: What must never reach a person: league keys, game references, special matches' keys.
RAW = re.compile(r"\b(?:gods|priests|warriors-[ab]|league-\d+)(?:/\d+)?\b|\b(?:fortune|titans)\b")
URL = re.compile(r"(?:https?://|/)[\w./?=&%:+-]*")


def assert_russian(pages: dict[str, str], typed: set[str], slips: bool = False) -> None:
    """No Latin word on ``pages`` outside what people ``typed``, no league key or game
    reference, and (``slips``) none of the slips of issue 33."""
    leaks = {url: words for url, page in sorted(pages.items())
             if (words := latin_words(visible_text(page), typed))}
    assert not leaks, "English on Russian pages:\n" + "\n".join(
        f"  {url}: {' '.join(words)}" for url, words in leaks.items())
    raw = {url: found for url, page in sorted(pages.items())
           if (found := RAW.findall(URL.sub(" ", visible_text(page))))}
    assert not raw, f"raw keys on pages: {raw}"
    found_slips = {f"{url}: {what}": found.group(0) for url, page in sorted(pages.items())
                   for what, pattern in (SLIPS.items() if slips else ())
                   if (found := pattern.search(visible_text(page)))}
    assert not found_slips, found_slips


def test_a_year_and_its_seasons_in_russian(site: Site) -> None:
    play_year(site.events, "y", 28, 3, 6)
    client = site.client()
    client.cookies.set("lang", "ru")
    assert client.get("/e/y-year").headers["location"] == "/e/y-year/p/overview"
    pages = crawl(client, ["/e/y-year/p/overview", "/e/y-s0", "/e/y-s1", "/e/y-s2"],
                  limit=150)
    assert {"/e/y-s0/p/league-league-1", "/e/y-s1/p/league-warriors-a", "/e/y-s2/p/season",
            "/e/y-s1?table=specials", "/e/y-year/p/player?name=Player%2001"} <= set(pages)
    typed: set[str] = set()
    for slug in ("y-year", "y-s0", "y-s1", "y-s2"):
        state = site.events.load(slug).state
        typed |= {w for p in state.players.values() for w in LATIN.findall(p.name)}
        typed |= set(LATIN.findall(state.name))
        typed |= {w for a in site.events.log(slug) for w in LATIN.findall(a.reason)}
        typed |= {w for a in site.events.log(slug) for w in LATIN.findall(
            str(a.payload.get("label", "")))}
    assert_russian(pages, typed)


def test_the_years_page(site: Site) -> None:
    # rule W7-1: the year table with each player's points, their path through the seasons
    # (each season linked to its event), the Legendary League with why each was picked
    # (rules W7-31 .. W7-33), the downloads in the page's language
    play_year(site.events, "y", 28, 2, 6)
    client = site.client()
    client.cookies.set("lang", "ru")
    page = client.get("/e/y-year/p/overview").text
    assert 'href="/e/y-s0"' in page and 'href="/e/y-s1"' in page
    assert 'href="/e/y-year/p/player?name=Player%2001"' in page
    assert "Таблица года" in page and "Итого = валюта сайта (1:1)" in page
    assert "Почему выбран" in page and "(правило W7-31)" in page
    assert 'href="/e/y-year/v/series.overview.csv?lang=ru"' in page
    path = client.get("/e/y-year/p/player?name=Player%2001")
    assert path.status_code == 200
    assert 'href="/e/y-s0"' in path.text and 'href="/e/y-s1"' in path.text
    assert "Путь" in path.text or "путь" in path.text
    assert client.get("/e/y-year/p/player?name=Nobody").status_code == 404
    # the downloads default to the page's language
    assert "Итого = валюта сайта (1:1)" in client.get("/e/y-year/v/series.overview.html").text
    assert "Итого = валюта сайта (1:1)" in client.get("/e/y-year/v/series.overview.csv").text
    english = site.client().get("/e/y-year/v/series.overview.csv").text
    assert "Total = site currency (1:1)" in english
    # and the year's own views, one table each (rules W7-1, W7-14, W7-31 .. W7-34)
    assert "Total = site currency (1:1)" in site.client().get(
        "/e/y-year/v/seven-wonders.year-table.csv").text
    assert "Почему выбран" in client.get("/e/y-year/v/seven-wonders.legendary").text


#: Issue 33: one name per thing in Russian, and nothing else that reads as a slip: the Warriors
#: leagues as «Воины А/Б» (Cyrillic letters, never numbers or Latin A/B), no club groups on a
#: season, "за 4-е место" (a place, not "4 places"), "выиграл(а)", times to the minute.
SLIPS = {
    "Warriors by number": re.compile(r"Воин\w* [12]\b"),
    "Warriors with a Latin letter": re.compile(r"Воин\w* [AB]\b"),
    "a club group": re.compile(r"Задать группу игрока|Группа игрока"),
    "places for a place": re.compile(r"за \d+ места\b"),
    "won, not gender-neutral": re.compile(r"выиграл(?!\(а\))"),
    "seconds in a time": re.compile(r"\b\d{1,2}:\d\d:\d\d\b"),
    "a raw game key in a message": re.compile(r"Игра (?:league-\d|gods|priests|warriors)"),
}


def test_the_organisers_season_pages_in_russian(site: Site) -> None:
    """Issue 33: every organiser page of a played year's seasons (each season's page, its
    forms, its log) and the season's public pages, in Russian: no Latin word outside what
    people typed, no league key or game reference, none of the slips above."""
    play_year(site.events, "y", 28, 3, 6)
    site.user("anna")
    for slug in ("y-year", "y-s0", "y-s1", "y-s2"):
        site.accounts.grant(slug, "anna", "owner", "setup")
    client = site.login("anna")
    client.cookies.set("lang", "ru")
    starts = [f"/{where}/{slug}" for slug in ("y-s0", "y-s1", "y-s2")
              for where in ("manage", "e")]
    starts += [f"/manage/{slug}/log" for slug in ("y-s0", "y-s1", "y-s2")]
    pages = crawl(client, starts, limit=200, per_kind=2)
    pages = {url: page for url, page in pages.items()
             if page and url.startswith(("/manage/y-s", "/e/y-s"))
             and not url.endswith(("/remove", "event.delete"))}
    assert {"/manage/y-s1/do/seven-wonders.game", "/manage/y-s1/do/seven-wonders.overrun",
            "/manage/y-s2/log", "/e/y-s1/p/season"} <= set(pages), sorted(pages)
    typed: set[str] = {"anna", "setup", "demo"}  # who did what (usernames)
    for slug in ("y-year", "y-s0", "y-s1", "y-s2"):
        state = site.events.load(slug).state
        typed |= {w for p in state.players.values() for w in LATIN.findall(p.name)}
        typed |= set(LATIN.findall(state.name)) | set(LATIN.findall(slug))
        typed |= {w for a in site.events.log(slug) for w in LATIN.findall(a.reason)}
    typed |= {"name", "league"}  # a CSV file's columns, named as the file has them
    assert_russian(pages, typed, slips=True)
