"""Login with a session cookie, CSRF on every form, expired sessions."""

from __future__ import annotations

from tests.web.conftest import PASSWORD, Site, csrf_of


def test_login_logout(site: Site) -> None:
    site.user("anna")
    client = site.login("anna")
    assert client.get("/manage").status_code == 200
    csrf = csrf_of(client.get("/manage").text)
    assert client.post("/logout", data={"csrf_token": csrf}).status_code == 303
    answer = client.get("/manage")
    assert answer.status_code == 303 and answer.headers["location"].startswith("/login")


def test_wrong_password_is_refused(site: Site) -> None:
    site.user("anna")
    client = site.client()
    csrf = csrf_of(client.get("/login").text)
    answer = client.post("/login", data={"username": "anna", "password": "nope-nope",
                                         "csrf_token": csrf})
    assert answer.status_code == 401
    assert "Wrong username or password" in answer.text
    assert "podium_session" not in answer.cookies


def test_login_without_the_csrf_token_is_refused(site: Site) -> None:
    site.user("anna")
    client = site.client()
    client.get("/login")
    answer = client.post("/login", data={"username": "anna", "password": PASSWORD})
    assert answer.status_code == 403
    assert "reload the page" in answer.text


def test_a_wrong_csrf_token_stores_nothing(site: Site) -> None:
    site.user("anna")
    site.event("cup", "anna", players=0)
    client = site.login("anna")
    before = site.log_length("cup")
    answer = client.post("/manage/cup/players", data={"names": "Eve", "csrf_token": "forged"})
    assert answer.status_code == 403
    answer = client.post("/manage/cup/players", data={"names": "Eve"})
    assert answer.status_code == 403
    assert site.log_length("cup") == before


def test_an_expired_session_asks_to_log_in_again(site: Site) -> None:
    site.user("anna")
    site.event("cup", "anna", players=0)
    client = site.login("anna")
    csrf = csrf_of(client.get("/manage/cup").text)
    site.clock.advance(hours=13)
    before = site.log_length("cup")
    answer = client.post("/manage/cup/players", data={"names": "Eve", "csrf_token": csrf})
    assert answer.status_code == 303
    assert "expired=1" in answer.headers["location"]
    assert site.log_length("cup") == before
    page = client.get(answer.headers["location"])
    assert "Your session has expired" in page.text


def test_login_never_redirects_to_another_site(site: Site) -> None:
    site.user("anna")
    client = site.client()
    csrf = csrf_of(client.get("/login").text)
    answer = client.post("/login", data={"username": "anna", "password": PASSWORD,
                                         "csrf_token": csrf, "next": "//evil.example/"})
    assert answer.headers["location"] == "/manage"


def test_the_language_switch_stays_on_this_site(site: Site) -> None:
    client = site.client()
    for target in ("//evil.example/", "/\\evil.example/", "https://evil.example/"):
        answer = client.get("/lang/ru", params={"next": target})
        assert answer.headers["location"] == "/"
    assert client.get("/lang/ru", params={"next": "/e/cup"}).headers["location"] == "/e/cup"
