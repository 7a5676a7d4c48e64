"""Issue 33, reports people can trust (rules W7-19, W7-36), through the pages as people use
them: players open their report page with their code, confirm or dispute; the organiser,
signed in, answers each disputed report on the shared queue (accept, reject, or replace with
the correct result) and sends the players their personal links. Each scenario worked by hand
from the regulation (/work/shared/regulations.md, section W7)."""

from __future__ import annotations

import re
from typing import Any

from podium.formats.seven_wonders.season import book_of, season_rows
from tests.formats.seven_wonders.test_seven_wonders_browser import GODS, _season
from tests.web.conftest import Site, csrf_of

LINK = "https://boardgamearena.com/table?table=7"


class Phones:
    """Each player's phone: their code, their report page."""

    def __init__(self, site: Site) -> None:
        self.site = site
        state = site.events.load("sw").state
        self.codes = {state.players[p].name: c for p, c in site.reports.codes("sw").items()}
        self.clients: dict[str, Any] = {}

    def page(self, name: str) -> str:
        client = self.clients.setdefault(name, self.site.client())
        csrf = csrf_of(client.get("/e/sw/report").text)
        answer = client.post("/e/sw/report/table",
                             data={"csrf_token": csrf, "code": self.codes[name]})
        assert answer.status_code == 200, answer.text
        return answer.text

    def post(self, name: str, what: str, **fields: str) -> str:
        csrf = csrf_of(self.page(name))
        answer = self.clients[name].post(f"/e/sw/report/{what}", data={
            "csrf_token": csrf, "code": self.codes[name], **fields})
        assert answer.status_code == 200, answer.text
        return answer.text

    def report(self, name: str, order: str, **fields: str) -> int:
        self.post(name, "submit", order=order, **fields)
        return max(r.id for r in self.site.reports.reports("sw"))


def article(page: str, report: int) -> str:
    found = re.search(rf'<article class="report[^"]*" id="report-{report}">(.*?)</article>',
                      page, re.S)
    assert found, page
    return found.group(1)


def rows(site: Site) -> dict[str, Any]:
    state = site.events.load("sw").state
    return {state.players[r.player].name: r for r in season_rows(state)}


def test_every_confirmer_sees_the_overrun_its_penalty_and_the_link(site: Site) -> None:
    """Rule W7-19: Анна reports Gods game 1 with Галина over the time limit and the table's
    link; Борис, who confirms, reads the places, Галина's −5 and the link above his buttons;
    Анна, who sent it, has no button to confirm her own report; once Борис confirmed, he sees
    that he did and who still has to, and no buttons; the new-report form is folded."""
    # rule W7-19, rule W7-36
    _season(site)
    phones = Phones(site)
    report = phones.report("Анна", ", ".join(GODS), overrun="Галина", link=LINK)
    seen = article(phones.page("Борис"), report)
    assert re.search(r'<span class="seat">7</span> Галина', seen)
    assert 'Галина <strong>−5</strong>' in seen
    assert f'<a href="{LINK}"' in seen
    assert 'id="confirm-' in seen and 'id="dispute-' in seen
    assert seen.index("−5") < seen.index('id="confirm-')  # read before the button
    own = phones.page("Анна")
    assert 'id="confirm-' not in article(own, report)
    assert "You sent this report" in article(own, report)
    assert '<details class="report-other">' in own  # the form stays folded under it
    done = article(phones.post("Борис", "confirm", report=str(report)), report)
    assert 'id="confirm-' not in done and 'id="dispute-' not in done
    assert "You confirmed this report." in done
    assert "Still to confirm: Клара, Дмитрий, Елена, Фёдор, Галина" in done


def test_a_tie_is_shown_as_a_shared_place(site: Site) -> None:
    """Rule W7-3: Борис and Клара tied for 2nd are one place, 2, and Дмитрий is 4th."""
    # rule W7-3, rule W7-19
    _season(site)
    phones = Phones(site)
    report = phones.report("Анна", "Анна, Борис = Клара, Дмитрий, Елена, Фёдор, Галина")
    seen = article(phones.page("Елена"), report)
    assert '<span class="seat">2</span> Борис = Клара' in seen
    assert '<span class="seat">4</span> Дмитрий' in seen
    assert "No one over the time limit." in seen


def _dispute(site: Site, phones: Phones, client: Any, order: str, overrun: str,
             disputer: str, note: str) -> tuple[int, str]:
    report = phones.report("Анна", order, overrun=overrun, link=LINK)
    phones.post(disputer, "dispute", report=str(report), note=note)
    return report, client.get("/manage/sw/queue").text


def test_the_organiser_rejects_accepts_or_replaces_a_disputed_report(site: Site) -> None:
    """Rules W7-16, W7-17, W7-19 on the queue, worked by hand. Game 1 (7 players): Анна
    reports herself first and Галина over time; Борис disputes it. Rejected: nothing counts,
    everyone has 0. Reported again and accepted: Анна wins 7 (W7-16), Галина is out 7th with
    (8 - 7) x 3 = 3 place points (W7-17) and −5 (W7-19), total 0 (floored). Game 2 (6
    players): Анна reports herself first and Фёдор over time (Анна 13, Фёдор 6 - 5 = 1);
    Клара disputes; the organiser replaces it with Борис first and nobody over time: Анна
    keeps 7, Борис wins 6, Фёдор out 6th with (8 - 6) x 3 = 6 and no penalty."""
    # rule W7-19, rule W7-36
    client = _season(site)
    phones = Phones(site)
    claim = ", ".join(GODS)
    report, queue = _dispute(site, phones, client, claim, "Галина", "Борис", "Галина успела")
    shown = article(queue, report)
    assert "1 disputed report waits for your decision." in queue  # the queue counts it
    assert re.search(r'href="/manage/sw/queue">[^<]*<span class="badge attention">1</span>',
                     client.get("/manage/sw").text)
    assert 'Галина <strong>−5</strong>' in shown and "Борис: Галина успела" in shown
    assert f'action="/manage/sw/queue/{report}/accept"' in shown
    assert f'formaction="/manage/sw/queue/{report}/reject"' in shown
    answer = client.post(f"/manage/sw/queue/{report}/reject",
                         data={"csrf_token": csrf_of(queue), "reason": "no overrun on the site"})
    assert answer.status_code == 303, answer.text
    assert all(r.total == 0 and r.wins == 0 for r in rows(site).values())
    assert not book_of(site.events.load("sw").state).ladders.get("gods")
    rejected = next(r for r in site.reports.reports("sw") if r.id == report)
    assert rejected.status == "rejected" and rejected.decided_by == "anna"
    assert rejected.note.endswith("anna: no overrun on the site")

    report, queue = _dispute(site, phones, client, claim, "Галина", "Борис", "Галина успела")
    answer = client.post(f"/manage/sw/queue/{report}/accept",
                         data={"csrf_token": csrf_of(queue), "reason": "the site shows it"})
    assert answer.status_code == 303, answer.text
    stored = site.events.log("sw")[-1]
    assert (stored.kind, stored.actor, stored.reason) == (
        "seven-wonders.game", "anna", "the site shows it")
    after = rows(site)
    assert after["Анна"].wins == 7 and after["Анна"].total == 7
    assert (after["Галина"].place_points, after["Галина"].penalties) == (3, 5)
    assert after["Галина"].total == 0

    game2 = ", ".join(GODS[:6])
    report, queue = _dispute(site, phones, client, game2, "Фёдор", "Клара", "Борис выиграл")
    shown = article(queue, report)
    # the replacement's form starts from the claim
    assert f'<input name="order" maxlength="1000" value="{game2}" required>' in shown
    assert '<input name="overrun" maxlength="1000" value="Фёдор">' in shown
    assert f'<input name="link" maxlength="1000" value="{LINK}">' in shown
    answer = client.post(f"/manage/sw/queue/{report}/replace", data={
        "csrf_token": csrf_of(queue), "order": "Борис, Анна, Клара, Дмитрий, Елена, Фёдор",
        "overrun": "", "link": LINK, "reason": "Клара sent the site's screenshot"})
    assert answer.status_code == 303, answer.text
    stored = site.events.log("sw")[-1]
    assert (stored.kind, stored.actor) == ("seven-wonders.game", "anna")
    assert stored.reason == ("self-report 3 by Анна replaced: Клара sent the site's "
                             "screenshot")
    after = rows(site)
    assert (after["Анна"].wins, after["Анна"].total) == (7, 7)
    assert (after["Борис"].wins, after["Борис"].total) == (6, 6)
    assert (after["Фёдор"].place_points, after["Фёдор"].penalties, after["Фёдор"].total) \
        == (6, 0, 6)
    assert "No self-report waits for a decision." in client.get("/manage/sw/queue").text
    log = client.get("/manage/sw/log").text  # who replaced it, and why
    assert ("self-report 3 by Анна replaced by the organiser: Клара sent the site's "
            "screenshot") in log.replace("&#39;", "'")


def test_a_replacement_refused_stores_nothing_and_keeps_what_was_typed(site: Site) -> None:
    """Rule W7-2: a replacement names exactly the game's players; refused, the report still
    waits, nothing is stored, and the form shows what the organiser typed."""
    # rule W7-2, rule W7-36
    client = _season(site)
    phones = Phones(site)
    report, queue = _dispute(site, phones, client, ", ".join(GODS), "", "Борис", "не так")
    before = len(site.events.log("sw"))
    answer = client.post(f"/manage/sw/queue/{report}/replace", data={
        "csrf_token": csrf_of(queue), "order": "Анна, Борис"})
    assert answer.status_code == 422, answer.status_code
    assert len(site.events.log("sw")) == before
    assert 'value="Анна, Борис"' in article(answer.text, report)
    assert [r.id for r in site.reports.reports("sw", open_only=True)] == [report]


def test_the_codes_page_copies_each_link_and_the_whole_message(site: Site) -> None:
    """An online league: each player's personal link (the report page with their code) has
    a copy button, and "copy all" copies the season's message, one line a player with their
    name, league and link; each code slip names the player's league."""
    client = _season(site)
    codes = Phones(site).codes
    page = client.get("/manage/sw/codes").text
    for code in codes.values():
        link = f"http://testserver/e/sw/report?code={code}"
        assert f'<button type="button" class="secondary copy" data-copy="{link}"' in page
    message = re.search(r'<textarea id="codes-message"[^>]*>(.*?)</textarea>', page, re.S)
    assert message and 'data-copy-from="codes-message"' in page
    lines = message.group(1).splitlines()
    assert lines[0] == "Весенний сезон: your personal link to report your games"
    assert f"Анна, League of Gods: http://testserver/e/sw/report?code={codes['Анна']}" in lines
    assert f"Павел, League of Priests: http://testserver/e/sw/report?code={codes['Павел']}" \
        in lines
    assert len(lines) == 1 + len(codes)
    slips = client.get("/manage/sw/print/codes").text
    slip = next(s for s in slips.split('<section class="code-slip">') if "Пелагея" in s)
    assert '<p class="slip-league">League of Priests</p>' in slip


def test_a_confirmer_is_told_how_many_confirmations_are_left(site: Site) -> None:
    """Rule W7-36 with the setting confirmations=2: the page says how many more are needed
    and from whom, not that all six others still have to."""
    # rule W7-36
    client = _season(site)
    changed = client.post("/manage/sw/do/event.settings", data={
        "csrf_token": csrf_of(client.get("/manage/sw").text), "settings": "confirmations=2",
        "reason": "an online league"})
    assert changed.status_code == 303, changed.text
    phones = Phones(site)
    report = phones.report("Анна", ", ".join(GODS))
    others = "Борис, Клара, Дмитрий, Елена, Фёдор, Галина"
    assert f"2 more confirmations needed, from any of: {others}" in article(
        phones.page("Борис"), report)
    done = article(phones.post("Борис", "confirm", report=str(report)), report)
    assert "1 more confirmation needed, from any of: Клара, Дмитрий, Елена, Фёдор, Галина" \
        in done
