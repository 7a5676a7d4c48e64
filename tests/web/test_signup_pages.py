"""The sign-up pages: the public phone form, the confirmation with the link to keep, the
player's page (status, withdraw, check in), the venue's QR, the organiser's list with its taps,
the drop of those not checked in offered at round 1; in Russian with no English word."""

from __future__ import annotations

import re

from podium.core import signup
from tests.formats.seven_wonders.test_seven_wonders_russian import assert_russian
from tests.web.conftest import Site, csrf_of

LINK = re.compile(r'value="(http[^"]+/signup/me\?code=([A-Z0-9]+))"')


def open_signup(site: Site, slug: str = "cup", **fields: str) -> None:
    from podium.core.commands import Caller
    from podium.service.catalog import Invocation

    site.events.execute(Invocation("signup.open", slug, fields), Caller.cli("org"))


def sign_up(client, slug: str, name: str, **answers: str):
    csrf = csrf_of(client.get(f"/e/{slug}/signup").text)
    return client.post(f"/e/{slug}/signup", data={"csrf_token": csrf, "name": name, **answers})


def test_sign_up_confirm_withdraw_and_the_waitlist_moves(site: Site) -> None:
    site.event("cup", None, players=0)
    open_signup(site, capacity="1", fields="club, commander")
    client = site.client()
    form = client.get("/e/cup/signup").text
    assert 'name="club"' in form and 'name="f_commander"' in form
    done = sign_up(client, "cup", "Anna", club="Orbit", f_commander="Atraxa")
    assert done.status_code == 200 and "You are in." in done.text
    link, code = LINK.search(done.text).groups()
    assert 'id="copy-link"' in done.text and "/static/copy.js" in done.text
    other = site.client()
    boris = sign_up(other, "cup", "Boris")
    assert "waitlist, number 1" in boris.text
    # the kept link opens the player's page on any phone
    mine = site.client().get(link.split("cup", 1)[0].replace("http://testserver", "")
                             + f"cup/signup/me?code={code}")
    assert "You are in." in mine.text
    csrf = csrf_of(done.text)
    gone = client.post("/e/cup/signup/withdraw", data={"csrf_token": csrf, "code": code})
    assert "Your sign-up is withdrawn." in gone.text
    assert "You are in." in other.get("/e/cup/signup/me").text  # remembered on Boris' phone
    state = site.events.load("cup").state
    assert [p.name for p in state.players.values()] == ["Boris"]


def test_an_answer_keeps_its_commas(site: Site) -> None:
    # a commander's full name holds a comma: the form's answer is stored whole
    site.event("cup", None, players=0)
    open_signup(site, fields="commander")
    done = sign_up(site.client(), "cup", "Anna", f_commander="Atraxa, Praetors' Voice")
    assert done.status_code == 200
    from podium.core.signup import book_of

    entry = next(iter(book_of(site.events.load("cup").state).entries.values()))
    assert entry.fields == {"commander": "Atraxa, Praetors' Voice"}


def test_a_refused_sign_up_shows_the_form_again_and_stores_nothing(site: Site) -> None:
    site.event("cup", None, players=0)
    open_signup(site)
    client = site.client()
    sign_up(client, "cup", "Ёлкин")
    before = site.log_length("cup")
    again = sign_up(site.client(), "cup", "елкин")
    assert again.status_code == 422 and "Nothing was stored." in again.text
    assert 'value="елкин"' in again.text  # what was typed stays
    assert site.log_length("cup") == before


def test_check_in_by_qr_and_by_the_organisers_tap_then_the_drop_offer(site: Site,
                                                                      anna) -> None:
    client, _csrf = anna
    site.event("cup", "anna", players=0)
    open_signup(site)
    phones = {}
    for name in ("Anna", "Boris", "Vera", "Gleb"):
        phone = site.client()
        sign_up(phone, "cup", name)
        phones[name] = phone
    qr = site.client().get("/e/cup/checkin")
    assert qr.status_code == 200 and "<svg" in qr.text and "/e/cup/signup/me" in qr.text
    # Anna scans the venue's QR: her phone knows her code, she taps "I am here"
    page = phones["Anna"].get("/e/cup/signup/me")
    assert 'id="check-in"' in page.text
    code = LINK.search(page.text).group(2)
    done = phones["Anna"].post("/e/cup/signup/checkin",
                               data={"csrf_token": csrf_of(page.text), "code": code})
    assert "Anna: checked in." in done.text
    # the organiser taps Boris on the list
    listing = client.get("/manage/cup/signup")
    assert listing.status_code == 200
    boris = site.events.load("cup").state.player_by_name("Boris")
    tap = client.post("/manage/cup/signup/checkin.mark",
                      data={"csrf_token": csrf_of(listing.text), "player": f"#{boris.id}"})
    assert tap.status_code == 303
    listing = client.get("/manage/cup/signup")
    # before round 1: the offer names those not checked in
    assert "Not checked in: Vera, Gleb." in listing.text
    pair = client.get("/manage/cup/do/round.pair")
    assert "Vera, Gleb" in pair.text and "checkin.drop-absent" in pair.text
    dropped = client.post("/manage/cup/do/checkin.drop-absent",
                          data={"csrf_token": csrf_of(listing.text)})
    assert dropped.status_code == 303
    state = site.events.load("cup").state
    assert [p.name for p in state.active_players()] == ["Anna", "Boris"]
    assert signup.book_of(state).checked_in == {1, 2}


def test_the_pages_in_russian(site: Site, anna) -> None:
    client, _csrf = anna
    site.event("cup", "anna", players=0)
    open_signup(site, capacity="1", approval="yes", fields="club, commander",
                closes="2026-12-30 18:00")
    client.cookies.set("lang", "ru")
    phone = site.client()
    phone.cookies.set("lang", "ru")
    form = phone.get("/e/cup/signup").text
    done = sign_up(phone, "cup", "Анна", club="Орбита", f_commander="Атракса").text
    sign_up(phone, "cup", "Борис")
    pages = {"/e/cup/signup": form, "/e/cup/signup (sent)": done,
             "/e/cup/signup/me": phone.get("/e/cup/signup/me").text,
             "/e/cup/checkin": phone.get("/e/cup/checkin").text,
             "/manage/cup/signup": client.get("/manage/cup/signup").text,
             "/e/cup/v/signup.list": phone.get("/e/cup/v/signup.list").text}
    assert all("Анна" in text for url, text in pages.items() if url.endswith("list"))
    assert_russian(pages, {"CUP", "anna"})  # the event and the account, as typed


def test_the_organiser_opens_the_sign_up_by_ticking_its_questions(site: Site, anna) -> None:
    client, _csrf = anna
    site.event("cup", "anna", players=0, time_zone="Europe/Moscow")
    form = client.get("/manage/cup/do/signup.open").text
    # the club and the format's own question (Commander's commander), as check boxes
    assert 'name="fields" value="club"' in form and 'name="fields" value="commander"' in form
    sent = client.post("/manage/cup/do/signup.open", data={
        "csrf_token": csrf_of(form), "capacity": "12", "closes": "2026-12-05 18:00",
        "fields": ["club", "commander"]})
    assert sent.status_code == 303, sent.text
    book = signup.book_of(site.events.load("cup").state)
    assert (book.open, book.capacity, book.club) == (True, 12, True)
    assert [f["key"] for f in book.fields] == ["commander"]
    assert book.closes is not None and book.closes.isoformat() == "2026-12-05T15:00:00+00:00"
    # the organiser's list links the public page to share
    assert "/e/cup/signup" in client.get("/manage/cup/signup").text
