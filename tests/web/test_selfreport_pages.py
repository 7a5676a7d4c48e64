"""Self-report on the phone: code, own table, report, the others confirm."""

from __future__ import annotations

from tests.web.conftest import Site, csrf_of


def test_report_and_confirm_from_the_pages(site: Site) -> None:
    site.event("cup", None)
    site.events.pair_round("cup", "org")
    codes = site.reports.codes("cup")
    table = site.events.load("cup").state.current_round.table(1)
    phones = {pid: site.client() for pid in table.seats}
    first = table.seats[0]
    phone = phones[first]
    csrf = csrf_of(phone.get("/e/cup/report").text)
    page = phone.post("/e/cup/report/table", data={"csrf_token": csrf, "code": codes[first]})
    assert page.status_code == 200 and "Table 1" in page.text
    # seat 1 won, then 2, 3, 4 last... typed as "1432": winner seat 1, 4 out first
    answer = phone.post("/e/cup/report/submit", data={"csrf_token": csrf,
                                                      "code": codes[first], "finish": "1234"})
    assert answer.status_code == 200
    assert "the other players of your table now confirm" in answer.text
    report = site.reports.reports("cup")[0]
    for pid in table.seats[1:]:
        other = phones[pid]
        token = csrf_of(other.get("/e/cup/report").text)
        done = other.post("/e/cup/report/confirm", data={"csrf_token": token,
                                                         "code": codes[pid],
                                                         "report": str(report.id)})
        assert done.status_code == 200
    state = site.events.load("cup").state
    assert state.current_round.results[1].of(first).won
    assert site.events.log("cup")[-1].actor.startswith("player:")


def test_a_wrong_code_stores_nothing(site: Site) -> None:
    site.event("cup", None)
    site.event("other", None, players=4)
    site.events.pair_round("cup", "org")
    other = site.reports.codes("other")
    phone = site.client()
    csrf = csrf_of(phone.get("/e/cup/report").text)
    before = site.log_length("cup")
    answer = phone.post("/e/cup/report/submit", data={"csrf_token": csrf, "code": other[1],
                                                      "finish": "1234"})
    # another event's code gets the answer of any unknown code
    assert answer.status_code == 403 and "not known" in answer.text
    assert "another event" not in answer.text
    assert site.reports.reports("cup") == []
    assert site.log_length("cup") == before
