"""A Russian page shows no English: the app's test client walks every page of a Commander night,
a mahjong marathon, a Berserk TOP and a 7 Wonders season in Russian (organiser, public,
self-report, print and error pages, following every link and every GET form from the start
pages) and fails on a Latin-script word outside the allowlist: the product name, rule IDs,
URLs, file formats and the names people typed (players and events are named in Cyrillic here,
so any Latin word left is the app's own). Forms are also posted filled wrongly (every POST
form of every organiser page, with nonsense and with out-of-range numbers, and a new event of
every format with every setting wrong): the refusals must be Russian too, name the field by its
label, never by its key, and no raw key (``elimination_sum``, ``auto``) may show as text.
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
SLUGS = {"cmd": "commander", "cmdf": "commander", "mj": "mahjong-marathon", "brk": "berserk",
         "sw": "seven-wonders", "cmd0": "commander", "cmdb": "commander", "brkt": "berserk",
         "yr-year": "series", "yr-s0": "seven-wonders", "yr-s1": "seven-wonders"}
#: An event in each phase (issue: the Russian pages of every state): before round 1, mid-round
#: (``cmd``), between rounds, the TOP being played, finished (``cmdf``, ``brk``); and a 7 Wonders
#: year (the demo's: its starting and regular seasons, the Legendary League).
PHASES = {"before round 1": "cmd0", "mid-round": "cmd", "between rounds": "cmdb",
          "TOP": "brkt", "final played": "cmdf", "finished": "brk", "year": "yr-year"}

#: Latin words that are not English: the product, file formats and encodings, units of time
#: zones, abbreviations the regulations use as they are (GP, TP in the marathon's tables).
ALLOWED = {
    "podium", "csv", "json", "utf", "html", "windows", "qr", "utc", "api", "http", "https",
    "en", "ru",  # the language switch names the languages by their codes
    "ru-marathon",  # the marathon's default table names (data: the server's own)
    "noname",  # the name the game server gives an anonymous guest (data, setting guest_names)
}
#: Nothing English is typed on the 7 Wonders pages: a special match is named by its Russian name
#: ("Матч Фортуны"), which the forms take as well as its key.
SEVEN_WONDERS: set[str] = set()


def known(url: str) -> set[str]:
    return SEVEN_WONDERS if "/sw" in url else set()
RULE_ID = re.compile(r"\b(?:CMD|BRK|MJ|W7|W)-\d+[a-z]?\b")
URL = re.compile(r"(?:https?://|/)[\w./?=&%:+-]*")
LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
TAGS = re.compile(r"<(script|style|code|kbd)\b.*?</\1>|<[^>]+>", re.S)
#: Identifiers that are data, not language: time zones (Europe/Moscow), and the one literal a
#: person types as it is: the CSV file's column «name».
ZONE = re.compile(r"\b[A-Z][a-z]+/[A-Za-z_]+\b|«name»")
#: A raw key shown as text (a setting's value, a payload key): snake_case words.
RAW_KEY = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
ATTRS = re.compile(r'\b(?:placeholder|title|aria-label|alt)="([^"]*)"')
LINKS = re.compile(r'\bhref="([^"#]+)"')
GET_FORMS = re.compile(r'<form\b(?![^>]*method="post")[^>]*action="([^"]+)"', re.I)


INPUTS = re.compile(r"<input\b[^>]*>")
INPUT_VALUE = re.compile(r'\bvalue="([^"]*)"')
NOT_SHOWN = re.compile(r'\btype="(?:hidden|checkbox|radio|submit)"')


def setting_keys() -> set[str]:
    """Every choice's key of every format's settings (``byes``, ``swap``, ``elimination_sum``),
    and the values a switch or an automatic number is stored as."""
    from podium.formats.registry import all_formats

    keys = {"yes", "no", "auto", "True", "False", "None"}
    for ruleset in all_formats():
        for field in ruleset.fields:
            keys |= set(getattr(field.parse, "options", ()) or ())
            schema = getattr(field.parse, "schema", None) or {}
            keys |= set((schema.get("items") or {}).get("enum") or ())
        for choices in ruleset.presentation.setting_choices.values():
            keys |= set(choices)
    return keys


def raw_setting_values(page: str, keys: set[str], allowed: set[str]) -> list[str]:
    """The settings' keys a page shows as text: in its text (the multi-word ones; a one-word
    key is an English word the Latin check sees) or as the value of a field a person reads."""
    shown = {w for w in re.findall(r"[A-Za-z][\w-]*[A-Za-z]", visible_text(page))
             if w in keys and ("_" in w or "-" in w)}
    for tag in INPUTS.findall(page):
        value = INPUT_VALUE.search(tag)
        if value and not NOT_SHOWN.search(tag):
            shown |= {part for part in re.split(r"[\s,;=]+", html.unescape(value.group(1)))
                      if part in keys}
    return sorted(shown - allowed)


def visible_text(page: str) -> str:
    attrs = " ".join(ATTRS.findall(page))
    return html.unescape(TAGS.sub(" ", page) + " " + attrs)


def latin_words(text: str, allowed: set[str]) -> list[str]:
    text = RULE_ID.sub(" ", URL.sub(" ", ZONE.sub(" ", text)))
    keys = set(RAW_KEY.findall(text))
    return sorted({w for w in LATIN.findall(text)
                   if w.lower() not in ALLOWED and w not in allowed} | keys)


def populate(site: Site) -> dict[str, str]:
    """The four events, played part-way, with an owner; returns a player code per event."""
    site.user("owner")
    rng = random.Random(7)
    site.events.create_event("cmd", "Вечер коммандера", "commander", {}, "org", seed=3)
    site.events.add_players("cmd", NAMES[:12], "org")
    simulate.play(site.events, "cmd", "org", rng, rounds=2)
    site.events.run_command(PairRound("cmd"), "org")
    from podium.service.clock import AddTime, StartClock  # the round clock

    site.events.run_command(StartClock("cmd"), "org")
    site.events.run_command(AddTime("cmd", "судейское решение", 5, 3), "org")
    # a whole night with its final pod (the notes "final: 2/3/4"), 13 players (a bye drawn)
    site.events.create_event("cmdf", "Финал коммандера", "commander", {}, "org", seed=4)
    site.events.add_players("cmdf", NAMES[:13], "org")
    simulate.play(site.events, "cmdf", "org", rng)
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
    populate_phases(site, rng)
    for slug in SLUGS:
        site.accounts.grant(slug, "owner", "owner", "org")
    codes = {slug: site.reports.codes(slug) for slug in SLUGS if slug != "yr-year"}
    # a result reported by a player and confirmed by the others (its reason is the app's)
    seats = site.events.load("cmd").state.current_round.table(1).seats

    def win(state, rnd, table):
        return {"winner": seats[0], "eliminated": list(seats[1:])}

    report = site.reports.report("cmd", codes["cmd"][seats[0]], win)
    for pid in seats[1:]:
        site.reports.confirm("cmd", codes["cmd"][pid], report.id)
    # and a disputed one, waiting in the organiser's queue
    seats = site.events.load("cmd").state.current_round.table(2).seats
    report = site.reports.report("cmd", codes["cmd"][seats[0]], win_for(seats))
    site.reports.dispute("cmd", codes["cmd"][seats[1]], report.id, "Неверно: я выбыл последним")
    return codes


def populate_phases(site: Site, rng: random.Random) -> None:
    """The events of :data:`PHASES` not made above: a night before its first round, one between
    rounds, a Berserk TOP built but not played, and a small 7 Wonders year (the demo's)."""
    from podium.formats.seven_wonders.year_demo import play_year
    from podium.service.top import BuildTop

    site.events.create_event("cmd0", "Новый вечер", "commander", {}, "org", seed=5)
    site.events.add_players("cmd0", NAMES[:9], "org")
    site.events.create_event("cmdb", "Вечер между турами", "commander", {}, "org", seed=6)
    site.events.add_players("cmdb", NAMES[:8], "org")
    simulate.play(site.events, "cmdb", "org", rng, rounds=1)
    site.events.create_event("brkt", "ТОП Берсерка", "berserk", {"top_size": "4"}, "org",
                             seed=7)
    site.events.add_players("brkt", NAMES[:10], "org")
    simulate.play(site.events, "brkt", "org", rng)
    site.events.run_command(BuildTop("brkt", 4), "org")
    play_year(site.events, "yr", players=30, seasons=2, seed=2)


def win_for(seats):
    def build(state, rnd, table):
        return {"winner": seats[0], "eliminated": list(seats[1:])}

    return build


#: The reasons the app writes in the log itself (a self-report's, a disqualification's, a season
#: formed from the year): words to translate, not what people typed.
APP_REASONS = ("self-report confirmed by ", "disqualified", "formed from the year")
FORM = re.compile(r'<form\b([^>]*)>(.*?)</form>', re.S)
FIELD = re.compile(r'<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"[^>]*>')
KEEP = {"csrf_token", "format", "preview", "then"}


def wrong_forms(client, pages: dict[str, str]) -> dict[str, str]:
    """Every POST form of the organiser's pages posted filled wrongly, twice: nonsense text,
    then numbers out of any range; the answers (refusals) as "POST action (how)" -> HTML."""
    forms: dict[str, dict[str, str]] = {}
    for page in pages.values():
        for attrs, body in FORM.findall(page):
            action = re.search(r'action="([^"]+)"', attrs)
            if 'method="post"' not in attrs or not action:
                continue
            url = html.unescape(action.group(1))
            if not url.startswith("/manage/") or url.endswith(("/remove", "/logout")):
                continue
            fields = {}
            for name in FIELD.findall(body):
                value = re.search(rf'name="{re.escape(name)}"[^>]*value="([^"]*)"', body)
                fields[name] = html.unescape(value.group(1)) if value else ""
            forms.setdefault(url, fields)
    answers: dict[str, str] = {}
    for url, fields in sorted(forms.items()):
        for how, junk in (("nonsense", "ъъъ"), ("out of range", "999999")):
            data = {k: (v if k in KEEP else junk) for k, v in fields.items()}
            answer = client.post(url, data=data)
            if "text/html" in answer.headers.get("content-type", ""):
                answers[f"POST {url} ({how})"] = answer.text
    return answers


def kind_of(url: str) -> str:
    """A page's kind: its address with every number and every query value left out."""
    return re.sub(r"\d+", "N", re.sub(r"=[^&]*", "=", url))


def crawl(client, starts: list[str], limit: int = 600, per_kind: int | None = None
          ) -> dict[str, str]:
    """Every page reachable from ``starts`` by links and GET forms (no logout, no language
    switch, no API or files), at most ``per_kind`` of each kind (a year's player pages, a
    round's tables: a sample), as URL -> HTML."""
    seen: dict[str, str] = {}
    kinds: dict[str, int] = {}
    queue = deque(starts)
    while queue and len(seen) < limit:
        url = queue.popleft()
        if url in seen or (per_kind and url not in starts
                           and kinds.get(kind_of(url), 0) >= per_kind):
            continue
        kinds[kind_of(url)] = kinds.get(kind_of(url), 0) + 1
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
    # the year's demo names its events and players in English (data; before the wrong forms
    # below rename the events)
    typed = {word for slug in SLUGS for state in [site.events.load(slug).state]
             for name in [state.name, *(p.name for p in state.players.values())]
             for word in LATIN.findall(name)}
    starts = ["/", "/manage", "/manage/new",
              *(f"/manage/new?format={name}" for name in sorted(set(SLUGS.values())))]
    for slug in SLUGS:
        starts += [f"/e/{slug}", f"/manage/{slug}", f"/manage/{slug}/log",
                   f"/manage/{slug}/preview", f"/e/{slug}/pairings", f"/e/{slug}/report",
                   f"/manage/{slug}/judges", f"/manage/{slug}/codes", f"/manage/{slug}/queue"]
        starts += [f"/manage/{slug}/print/{what}" for what in ("pairings", "slips", "codes")]
    pages = crawl(client, starts, per_kind=3)
    # the public pages as a player sees them (not logged in)
    anonymous = site.client()
    anonymous.cookies.set("lang", "ru")
    pages.update({f"anonymous {url}": page for url, page in crawl(
        anonymous, ["/", *(f"/e/{slug}" for slug in SLUGS)], per_kind=3).items()})
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
    # a new event of every format with every setting and the id wrong
    for name in sorted(set(SLUGS.values())):
        form = client.get(f"/manage/new?format={name}").text
        fields = {n: "ъъъ" for n in FIELD.findall(form) if n.startswith("set_")}
        pages[f"refused new {name}"] = client.post("/manage/new", data={
            "csrf_token": csrf, "format": name, "slug": "Плохой id!", "name": "", **fields}).text
    # every organiser form filled wrongly
    pages.update(wrong_forms(client, {url: page for url, page in pages.items()
                                      if url.startswith("/manage/")}))
    assert len(pages) > 40, sorted(pages)
    allowed = {"bad", "nothing-here", "nothing", "owner", "org"} | typed
    allowed |= {word for slug in SLUGS for word in LATIN.findall(slug)}
    # what people typed: the reasons the organiser gave (not those the app writes: a
    # self-report's, a formed season's), the keys of leagues (ids, like slugs); the year's
    # demo names its events and players in English (data)
    for slug in SLUGS:
        allowed |= {word for action in site.events.log(slug)
                    if not action.reason.startswith(APP_REASONS)  # the app's own
                    and action.reason != "self-report"
                    for word in LATIN.findall(action.reason)}
        # who did it (the log's «Кто»: a username, data)
        allowed |= {word for action in site.events.log(slug)
                    for word in LATIN.findall(action.actor)}
        state = site.events.load(slug).state
        allowed |= set(state.divisions) | {part for key in state.divisions
                                            for part in key.split("-")}
    # the player codes printed for the organiser (random letters)
    allowed |= {word for table in codes.values() for code in table.values()
                for word in LATIN.findall(code)}
    leaks = {url: words for url, page in sorted(pages.items())
             if (words := latin_words(visible_text(page), allowed | known(url)))}
    # no setting's value by its key: every choice, switch and list by its label
    keys = setting_keys()
    raw = {url: found for url, page in sorted(pages.items())
           if (found := raw_setting_values(page, keys, set()))}
    assert not leaks and not raw, "English on Russian pages:\n" + "\n".join(
        f"  {url}: {' '.join(words)}" for url, words in leaks.items()
    ) + "\nraw setting values on Russian pages:\n" + "\n".join(
        f"  {url}: {' '.join(found)}" for url, found in raw.items())
    # every phase's pages were walked
    for phase, slug in PHASES.items():
        assert any(url.startswith((f"/e/{slug}", f"/manage/{slug}")) for url in pages), phase


def test_the_year_names_its_seasons_as_they_were_named(site: Site, russian) -> None:
    """The year table's season columns read as the seasons were named, each alike (a name
    is data: the starting season's was translated and the others not, «Сезон 0 (стартовый)»
    next to «Season 1»); and no column repeats another (the total paid out 1:1 in the site's
    currency is the total: one column, rule W7-1)."""
    client, _codes = russian
    page = client.get("/e/yr-year/p/overview").text
    def heads(table: str) -> list[str]:
        return [html.unescape(TAGS.sub("", h)).strip()
                for h in re.findall(r"<th\b[^>]*>(.*?)</th>", table, re.S)]

    tables = re.findall(r"<table\b.*?</table>", page, re.S)
    year = [t for t in tables if "Season 1" in heads(t)]  # a column per season
    assert len(year) == 1, [heads(t) for t in tables]
    named = heads(year[0])
    assert "Season 0 (starting)" in named and "Season 1" in named, named
    rows = [[html.unescape(TAGS.sub("", c)).strip()
             for c in re.findall(r"<td\b[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr\b[^>]*>(.*?)</tr>", year[0], re.S)]
    rows = [row for row in rows if row]
    columns = list(zip(*rows, strict=True))
    assert len(set(columns)) == len(columns), named
    log = html.unescape(client.get("/manage/yr-year/log").text)
    assert "Season 0 (starting)" in log and "Season 1" in log and "Сезон 0" not in log


def test_a_raw_setting_value_is_seen() -> None:
    keys = {"elimination_sum", "byes", "yes"}
    page = '<input name="set_tiebreakers" value="elimination_sum,random"><p>short-pods</p>'
    assert raw_setting_values(page, keys | {"short-pods"}, set()) == [
        "elimination_sum", "short-pods"]
    assert raw_setting_values('<input type="hidden" name="x" value="yes">', keys, set()) == []


def test_the_check_sees_a_leak() -> None:
    page = "<p>Тур 1 swiss, правило CMD-7, <a href='/e/x'>стол</a> podium</p>"
    assert latin_words(visible_text(page), set()) == ["swiss"]
    assert latin_words(visible_text('<input placeholder="round 1">'), set()) == ["round"]
