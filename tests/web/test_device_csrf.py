"""The device cookie and the CSRF token of a visitor who is not signed in: the token is bound
to a device id the server signed (an HMAC under the application's key), so a cookie and a
form value planted together by another site (a sibling subdomain) are refused; the cookie is
HttpOnly, SameSite=Lax, ``__Host-`` and Secure with Secure cookies; pages holding a token
are kept by no cache."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from podium.compose import web_app as create_app
from podium.store.db import Database
from tests.web.conftest import PASSWORD, Site, csrf_of


def login(client: TestClient, csrf: str, password: str = PASSWORD) -> int:
    return client.post("/login", data={"username": "anna", "password": password,
                                       "csrf_token": csrf}).status_code


def test_a_planted_cookie_and_form_value_the_server_did_not_issue_are_refused(
        site: Site) -> None:
    """The login form accepted any cookie with the same value in the form (double submit
    without a binding): a sibling subdomain could plant both. Now the server checks the
    token against its own signature of the browser's device."""
    site.user("anna")
    planted = site.client()
    for name in ("podium_csrf", "podium_device"):
        planted.cookies.set(name, "chosen-by-the-attacker")
    assert login(planted, "chosen-by-the-attacker") == 403
    # a well-formed device cookie with a signature of the attacker's making
    forged = site.client()
    forged.cookies.set("podium_device", "A" * 22 + "." + "B" * 43)
    assert login(forged, "B" * 43) == 403
    # the page's own token passes, and only with the browser's own device cookie
    browser = site.client()
    csrf = csrf_of(browser.get("/login").text)
    other = site.client()
    other.get("/login")
    assert login(other, csrf) == 403  # another device's token
    assert login(browser, csrf) == 303


def test_the_servers_over_one_database_share_the_key(site: Site, tmp_path: Path) -> None:
    """A second server over the same database accepts the first one's device and token; a
    server over another database (another key) does not."""
    site.user("anna")
    browser = site.client()
    csrf = csrf_of(browser.get("/login").text)
    second = create_app(site.db, clock=site.clock, freshness=0)
    elsewhere_db = Database(str(tmp_path / "elsewhere.db"))
    try:
        elsewhere = create_app(elsewhere_db, clock=site.clock, freshness=0)
        stranger = TestClient(elsewhere, follow_redirects=False)  # type: ignore[arg-type]
        stranger.cookies.update(browser.cookies)
        assert login(stranger, csrf) == 403
        again = TestClient(second, follow_redirects=False)  # type: ignore[arg-type]
        again.cookies.update(browser.cookies)
        assert login(again, csrf) == 303
    finally:
        elsewhere_db.dispose()


def test_the_device_cookie_and_no_store(site: Site) -> None:
    """The first page with a form sets the device cookie (HttpOnly, SameSite=Lax), and every
    answer holding a token is kept by no cache; a public page sets nothing."""
    site.event("cup", None)
    phone = site.client()
    public = phone.get("/e/cup")
    assert "set-cookie" not in public.headers
    assert "no-store" not in public.headers.get("cache-control", "")
    for url in ("/login", "/e/cup/report"):
        page = site.client().get(url)
        assert page.headers["cache-control"] == "no-store", url
        cookie = page.headers["set-cookie"]
        assert cookie.startswith("podium_device=") and "HttpOnly" in cookie, cookie
        assert "samesite=lax" in cookie.lower() and "Secure" not in cookie
    visited = site.client()
    visited.get("/login")
    again = visited.get("/login")
    assert "set-cookie" not in again.headers  # the browser keeps its device
    assert again.headers["cache-control"] == "no-store"  # the page still holds a token


def test_with_secure_cookies_the_device_cookie_is_host_only(tmp_path: Path) -> None:
    """``__Host-``: only this host, over HTTPS, may set it (path /, no Domain), so a sibling
    subdomain cannot plant one; the unprefixed name is not read then."""
    database = Database(str(tmp_path / "s.db"))
    try:
        app = create_app(database, secure_cookies=True)
        client = TestClient(app, base_url="https://testserver",  # type: ignore[arg-type]
                            follow_redirects=False)
        page = client.get("/login")
        cookie = page.headers["set-cookie"]
        assert cookie.startswith("__Host-podium_device=")
        assert "Secure" in cookie and "Path=/" in cookie and "Domain" not in cookie
        app.state.web.accounts.create_user("anna", PASSWORD)
        csrf = csrf_of(page.text)
        assert login(client, csrf) in (303, 401)  # passed the CSRF check
        planted = TestClient(app, base_url="https://testserver",  # type: ignore[arg-type]
                             follow_redirects=False)
        planted.cookies.set("podium_device", client.cookies["__Host-podium_device"])
        assert login(planted, csrf) == 403
    finally:
        database.dispose()
