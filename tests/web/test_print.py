"""Printouts: code slips carry the public address from
``podium serve --public-url`` and warn when the page was opened on this computer's own address;
the pairings printout by name lists the players with a bye."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.web.conftest import PASSWORD, Site, csrf_of


def login(site: Site, name: str, base_url: str) -> TestClient:
    client = TestClient(site.app, base_url=base_url, follow_redirects=False)  # type: ignore[arg-type]
    csrf = csrf_of(client.get("/login").text)
    answer = client.post("/login", data={"username": name, "password": PASSWORD,
                                         "csrf_token": csrf})
    assert answer.status_code == 303, answer.text
    return client


def test_slips_use_the_public_url(site: Site) -> None:
    site.user("anna")
    site.event("cup", "anna", players=8)
    site.app.state.web.public_url = "https://results.example.org"  # type: ignore[attr-defined]
    page = login(site, "anna", "http://127.0.0.1:8765").get("/manage/cup/print/codes").text
    assert "https://results.example.org/e/cup/" in page
    assert "127.0.0.1" not in page
    assert "own address" not in page
    assert page.count('class="code-slip"') == 8


def test_slips_opened_on_a_loopback_address_warn(site: Site) -> None:
    site.user("anna")
    site.event("cup", "anna", players=8)
    for base in ("http://127.0.0.1:8765", "http://localhost:8765"):
        page = login(site, "anna", base).get("/manage/cup/print/codes").text
        assert "own address" in page and base in page
    page = login(site, "anna", "http://192.168.1.20:8765").get("/manage/cup/print/codes").text
    assert "own address" not in page


def test_the_pairings_by_name_list_the_byes(site: Site) -> None:
    site.user("anna")
    site.event("cup", "anna", players=9, bye_policy="byes")
    site.events.pair_round("cup", "anna")
    byes = site.events.load("cup").state.current_round.byes
    assert byes
    page = site.login("anna").get("/manage/cup/print/pairings").text
    by_name = page.split("pagebreak", 1)[1]
    for bye in byes:
        name = site.events.load("cup").state.players[bye.player].name
        assert re.search(rf"<td>{name}</td><td colspan=\"2\">Bye</td>", by_name), by_name
