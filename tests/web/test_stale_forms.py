"""Two organisers on the pages: a correction form and a hand edit's form carry the version of
what they change as the page showed it (a hidden field); sent after someone else's change,
the form is refused (412) with the result as it is now on the page, nothing is stored, and the
form shown again carries the current version, so sending it again is a decision made on what
is there now."""

from __future__ import annotations

import re

from podium.core.log import Kind
from tests.web.conftest import Site, csrf_of

CORRECT = "/manage/cup/rounds/1/tables/1/correct"


def hidden_version(html: str) -> str:
    found = re.search(r'name="expect" value="([^"]*)"', html)
    assert found, "the form has no version field"
    return found.group(1)


def two_organisers(site: Site):
    for name in ("anna", "boris"):
        site.user(name)
    site.event("cup", "anna")
    site.accounts.grant("cup", "boris", "judge", "anna")
    site.events.pair_round("cup", "anna")
    out = []
    for name in ("anna", "boris"):
        client = site.login(name)
        out.append((client, csrf_of(client.get("/manage").text)))
    return out


def test_a_stale_correction_form_is_refused_with_the_current_result(site: Site) -> None:
    (anna, anna_csrf), (boris, boris_csrf) = two_organisers(site)
    anna.post("/manage/cup/results/1", data={"csrf_token": anna_csrf, "finish": "1234"})
    # both open the correction page of table 1
    anna_form = hidden_version(anna.get(CORRECT).text)
    boris_form = hidden_version(boris.get(CORRECT).text)
    assert anna_form == boris_form == str(site.events.log("cup")[-1].seq)
    done = anna.post(CORRECT, data={"csrf_token": anna_csrf, "finish": "4321",
                                    "reason": "slip", "expect": anna_form})
    assert done.status_code == 303
    before = site.log_length("cup")
    page = boris.post(CORRECT, data={"csrf_token": boris_csrf, "finish": "2143",
                                     "reason": "slip", "expect": boris_form})
    assert page.status_code == 412
    assert site.log_length("cup") == before  # nothing stored
    state = site.events.load("cup").state
    winner = state.players[state.rounds[0].table(1).seats[3]].name
    text = page.text.replace("&#39;", "'")
    assert "changed after version" in text and f"★ {winner}" in text
    # the form again: what boris typed kept, the version now the current one
    current = hidden_version(page.text)
    assert current == str(site.events.log("cup")[-1].seq) != boris_form
    again = boris.post(CORRECT, data={"csrf_token": boris_csrf, "finish": "2143",
                                      "reason": "slip", "expect": current})
    assert again.status_code == 303
    last = site.events.log("cup")[-1]
    assert last.kind == Kind.RESULT_CORRECTED and last.actor == "boris"


def test_a_stale_hand_edit_form_is_refused(site: Site) -> None:
    (anna, anna_csrf), (boris, boris_csrf) = two_organisers(site)
    url = "/manage/cup/do/commander.swap"
    boris_form = hidden_version(boris.get(url).text)
    state = site.events.load("cup").state
    one, two = state.rounds[0].tables[:2]
    names = state.players
    done = anna.post(url, data={"csrf_token": anna_csrf, "player": names[one.seats[0]].name,
                                "other": names[two.seats[0]].name, "reason": "same club",
                                "expect": hidden_version(anna.get(url).text)})
    assert done.status_code == 303
    before = site.log_length("cup")
    page = boris.post(url, data={"csrf_token": boris_csrf, "player": names[one.seats[1]].name,
                                 "other": names[two.seats[1]].name, "reason": "friends",
                                 "expect": boris_form})
    assert page.status_code == 412
    assert "swapped places" in page.text
    assert site.log_length("cup") == before
    assert hidden_version(page.text) == str(site.events.log("cup")[-1].seq)
