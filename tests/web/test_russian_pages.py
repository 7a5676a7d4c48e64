"""A Russian page shows no English: the app's test client walks every page of a Commander night,
a mahjong marathon, a Berserk TOP and a 7 Wonders season in Russian (organiser, public,
self-report, print and error pages, following every link and every GET form from the start
pages) and fails on a Latin-script word outside the allowlist: the product name, rule IDs,
URLs, file formats and the names people typed (players and events are named in Cyrillic here,
so any Latin word left is the app's own).
"""

from __future__ import annotations

import html
import random
import re
from collections import deque
from urllib.parse import urljoin, urlsplit

import pytest

from podium.service import simulate
from podium.service.commands import PairRound
from tests.web.conftest import Site, csrf_of

NAMES = ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Зоя", "Игорь", "Кира",
         "Лев", "Мира", "Нина", "Олег", "Павел", "Рита"]
SLUGS = {"cmd": "commander", "mj": "mahjong-marathon", "brk": "berserk", "sw": "seven-wonders"}

#: Latin words that are not English: the product, file formats and encodings, units of time
#: zones, abbreviations the regulations use as they are (GP, TP in the marathon's tables).
ALLOWED = {
    "podium", "csv", "json", "utf", "html", "windows", "qr", "utc", "api", "http", "https",
    "en", "ru",  # the language switch names the languages by their codes
    "ru-marathon",  # the marathon's default table names (data: the server's own)
}
#: Known, stored English: Berserk's draft tables are stored as "Draft table N" in the log of
#: events split before names were message objects, and the split still names them so (the
#: division's name is plain text); their titles elsewhere are translated.
KNOWN = {"/manage/brk/log": {"Draft", "table"}}
RULE_ID = re.compile(r"\b(?:CMD|BRK|MJ|W7|W)-\d+[a-z]?\b")
URL = re.compile(r"(?:https?://|/)[\w./?=&%:+-]*")
LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
TAGS = re.compile(r"<(script|style|code|kbd)\b.*?</\1>|<[^>]+>", re.S)
#: Identifiers that are data, not language: time zones (Europe/Moscow), and what a person
#: types literally, quoted «so» (a CSV column, a setting's choice).
ZONE = re.compile(r"\b[A-Z][a-z]+/[A-Za-z_]+\b|«[\w/.-]+»")
ATTRS = re.compile(r'\b(?:placeholder|title|aria-label|alt)="([^"]*)"')
LINKS = re.compile(r'\bhref="([^"#]+)"')
GET_FORMS = re.compile(r'<form\b(?![^>]*method="post")[^>]*action="([^"]+)"', re.I)


def visible_text(page: str) -> str:
    attrs = " ".join(ATTRS.findall(page))
    return html.unescape(TAGS.sub(" ", page) + " " + attrs)


def latin_words(text: str, allowed: set[str]) -> list[str]:
    text = RULE_ID.sub(" ", URL.sub(" ", ZONE.sub(" ", text)))
    return sorted({w for w in LATIN.findall(text)
                   if w.lower() not in ALLOWED and w not in allowed})


def populate(site: Site) -> dict[str, str]:
    """The four events, played part-way, with an owner; returns a player code per event."""
    site.user("owner")
    rng = random.Random(7)
    site.events.create_event("cmd", "Вечер коммандера", "commander", {}, "org", seed=3)
    site.events.add_players("cmd", NAMES[:12], "org")
    simulate.play(site.events, "cmd", "org", rng, rounds=2)
    site.events.execute(PairRound("cmd"), "org")
    site.events.create_event("brk", "Кубок Берсерка", "berserk", {"top_size": "8"}, "org",
                             seed=3)
    site.events.add_players("brk", NAMES, "org")
    simulate.play(site.events, "brk", "org", rng, top_size=8)
    site.events.create_event("mj", "Марафон", "mahjong-marathon", {}, "org", seed=3)
    site.events.add_players("mj", NAMES[:8], "org")
    simulate.play(site.events, "mj", "org", rng, batches=2)
    site.events.create_event("sw", "Сезон", "seven-wonders", {}, "org", seed=3)
    site.events.add_players("sw", NAMES[:14], "org")
    simulate.play(site.events, "sw", "org", rng, batches=2)
    for slug in SLUGS:
        site.accounts.grant(slug, "owner", "owner", "org")
    return {slug: site.reports.codes(slug) for slug in SLUGS}


def crawl(client, starts: list[str], limit: int = 600) -> dict[str, str]:
    """Every page reachable from ``starts`` by links and GET forms (no logout, no language
    switch, no API or files), as URL -> HTML."""
    seen: dict[str, str] = {}
    queue = deque(starts)
    while queue and len(seen) < limit:
        url = queue.popleft()
        if url in seen:
            continue
        answer = client.get(url)
        if "text/html" not in answer.headers.get("content-type", ""):
            seen[url] = ""
            continue
        seen[url] = answer.text
        for link in [*LINKS.findall(answer.text), *GET_FORMS.findall(answer.text)]:
            target = urljoin(url, html.unescape(link))
            parts = urlsplit(target)
            if parts.netloc not in ("", "testserver"):
                continue
            path = parts.path + (f"?{parts.query}" if parts.query else "")
            if path.startswith(("/lang/", "/api", "/static", "/logout")) or path.endswith(
                    (".csv", ".json")):
                continue
            if path not in seen:
                queue.append(path)
    return seen


@pytest.fixture
def russian(site: Site):
    codes = populate(site)
    client = site.login("owner")
    client.cookies.set("lang", "ru")
    return client, codes


def test_every_page_of_each_format_is_russian(site: Site, russian) -> None:
    client, codes = russian
    starts = ["/", "/manage", "/manage/new"]
    for slug in SLUGS:
        starts += [f"/e/{slug}", f"/manage/{slug}", f"/manage/{slug}/log",
                   f"/manage/{slug}/preview", f"/e/{slug}/pairings", f"/e/{slug}/report",
                   f"/manage/{slug}/judges", f"/manage/{slug}/codes", f"/manage/{slug}/queue"]
        starts += [f"/manage/{slug}/print/{what}" for what in ("pairings", "slips", "codes")]
    pages = crawl(client, starts)
    # the public pages as a player sees them (not logged in)
    anonymous = site.client()
    anonymous.cookies.set("lang", "ru")
    pages.update({f"anonymous {url}": page for url, page in crawl(
        anonymous, ["/", *(f"/e/{slug}" for slug in SLUGS)]).items()})
    # self-report with a code, error pages, a refused form
    phone = site.client()
    phone.cookies.set("lang", "ru")
    csrf = csrf_of(phone.get("/e/cmd/report").text)
    pages["self-report table"] = phone.post("/e/cmd/report/table", data={
        "csrf_token": csrf, "code": next(iter(codes["cmd"].values()))}).text
    pages["self-report wrong code"] = phone.post("/e/cmd/report/table", data={
        "csrf_token": csrf, "code": "nonsense"}).text
    pages["404 event"] = client.get("/e/nothing-here").text
    pages["404 page"] = client.get("/manage/cmd/print/nothing").text
    csrf = csrf_of(client.get("/manage/new").text)
    pages["refused settings"] = client.post("/manage/new", data={
        "csrf_token": csrf, "format": "commander", "slug": "bad", "name": "Плохой",
        "set_final_size": "четыре"}).text
    assert "четыре" in pages["refused settings"]
    assert len(pages) > 40, sorted(pages)
    allowed = set(SLUGS) | {"bad", "nothing-here", "nothing", "owner", "org"}
    # what people typed: the reasons of logged actions, the keys of leagues (ids, like slugs)
    for slug in SLUGS:
        allowed |= {word for action in site.events.log(slug)
                    for word in LATIN.findall(action.reason)}
        allowed |= set(site.events.load(slug).state.divisions)
    # the player codes printed for the organiser (random letters)
    allowed |= {word for table in codes.values() for code in table.values()
                for word in LATIN.findall(code)}
    leaks = {url: words for url, page in sorted(pages.items())
             if (words := latin_words(visible_text(page), allowed | KNOWN.get(url, set())))}
    assert not leaks, "English on Russian pages:\n" + "\n".join(
        f"  {url}: {' '.join(words)}" for url, words in leaks.items())


def test_the_check_sees_a_leak() -> None:
    page = "<p>Тур 1 swiss, правило CMD-7, <a href='/e/x'>стол</a> podium</p>"
    assert latin_words(visible_text(page), set()) == ["swiss"]
    assert latin_words(visible_text('<input placeholder="round 1">'), set()) == ["round"]
