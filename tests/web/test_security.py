"""Hardening of the web service: throttled logins and player codes (HTTP 429, a translated
message, Retry-After), security headers on every kind of answer, no inline script anywhere."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import podium
from podium.service.throttle import CODE_LIMITS
from tests.web.conftest import Site, csrf_of

TEMPLATES = sorted(Path(podium.__file__).parent.rglob("templates/**/*.html"))


def _wrong_login(client, csrf: str, lang: str = "en"):
    return client.post("/login", data={"username": "anna", "password": "wrong password",
                                       "csrf_token": csrf},
                       headers={"Accept-Language": lang})


def test_login_is_throttled_with_a_translated_message(site: Site) -> None:
    site.user("anna")
    client = site.client()
    csrf = csrf_of(client.get("/login").text)
    for _ in range(5):
        assert _wrong_login(client, csrf).status_code == 401
    refused = _wrong_login(client, csrf, "ru")
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == "1"
    assert "Слишком много неудачных попыток" in refused.text
    # the right password waits too, then works once the wait is over
    right = {"username": "anna", "password": "correct horse", "csrf_token": csrf}
    assert client.post("/login", data=right).status_code == 429
    site.clock.advance(seconds=1)
    assert client.post("/login", data=right).status_code == 303


def test_player_codes_are_throttled_on_the_pages_and_the_api(site: Site) -> None:
    site.event("cup", None)
    site.events.pair_round("cup", "org")
    code = site.reports.codes("cup")[1]
    phone = site.client()
    csrf = csrf_of(phone.get("/e/cup/report").text)
    for i in range(CODE_LIMITS.pair.free):
        wrong = phone.post("/e/cup/report/table", data={"csrf_token": csrf, "code": f"BAD{i}"})
        assert wrong.status_code == 403
    refused = phone.post("/e/cup/report/table", data={"csrf_token": csrf, "code": code},
                         headers={"Accept-Language": "ru"})
    assert refused.status_code == 429 and "Слишком много неудачных попыток" in refused.text
    assert int(refused.headers["retry-after"]) >= 1  # the page says when, as the API does
    api = phone.get("/api/v1/events/cup/me", headers={"Authorization": f"Bearer {code}"})
    assert api.status_code == 429
    assert api.json()["code"] == "attempts.too_many" and int(api.headers["retry-after"]) >= 1
    site.clock.advance(seconds=int(api.headers["retry-after"]))
    assert phone.get("/api/v1/events/cup/me",
                     headers={"Authorization": f"Bearer {code}"}).status_code == 200


def _assert_hardened(answer, url: str) -> None:
    headers = answer.headers
    csp = headers.get("content-security-policy", "")
    assert "frame-ancestors 'none'" in csp, url
    assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0], url
    assert headers.get("x-content-type-options") == "nosniff", url
    assert headers.get("referrer-policy") == "strict-origin-when-cross-origin", url
    assert headers.get("x-frame-options") == "DENY", url


def test_every_kind_of_answer_carries_the_security_headers(site: Site) -> None:
    site.user("owner")
    site.event("cup", "owner")
    site.events.pair_round("cup", "owner")
    organiser = site.login("owner")
    public = site.client()
    urls = {
        public: ["/", "/login", "/e/cup", "/e/cup", "/e/cup/pairings", "/e/cup/report",
                 "/e/cup/live/views", "/e/nothing", "/static/style.css", "/static/podium.js",
                 "/api/v1/events", "/api/v1/events/cup", "/api/v1/events/nothing",
                 "/openapi.json", "/manage"],
        organiser: ["/manage", "/manage/cup", "/manage/cup/log", "/manage/cup/print/slips",
                    "/manage/cup/judges", "/manage/cup/codes", "/manage/new", "/account"],
    }
    for client, paths in urls.items():
        for url in paths:
            _assert_hardened(client.get(url), url)
    _assert_hardened(public.post("/login", data={}), "POST /login without CSRF")
    docs = public.get("/api/docs")
    _assert_hardened(docs, "/api/docs")
    script = re.search(r"<script>(.*?)</script>", docs.text, re.S)
    assert script and "'sha256-" in docs.headers["content-security-policy"]


def test_secure_cookies_and_hsts_behind_a_tls_proxy(tmp_path) -> None:
    from fastapi.testclient import TestClient

    from podium.compose import web_app as create_app

    client = TestClient(create_app(str(tmp_path / "p.db"), secure_cookies=True))
    answer = client.get("/login")
    assert "strict-transport-security" in answer.headers
    assert "secure" in answer.headers["set-cookie"].lower()


def test_no_template_has_inline_script_or_style_or_event_handlers() -> None:
    assert len(TEMPLATES) > 20
    inline_script = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
    handler = re.compile(r"\son[a-z]+\s*=", re.I)
    style = re.compile(r"<style|\sstyle\s*=", re.I)
    for path in TEMPLATES:
        text = path.read_text()
        for pattern in (inline_script, handler, style):
            assert not pattern.search(text), f"{path}: {pattern.pattern}"


def test_the_account_page_creates_lists_and_revokes_tokens(site: Site) -> None:
    site.user("anna")
    client = site.login("anna")
    page = client.get("/account", headers={"Accept-Language": "ru"})
    assert page.status_code == 200 and "У вас нет API-токенов" in page.text
    csrf = csrf_of(page.text)
    made = client.post("/account/tokens", data={"csrf_token": csrf, "label": "board",
                                                "days": "30"})
    token = re.search(r"<code>(pod_[^<]+)</code>", made.text).group(1)
    api = site.client()
    auth = {"Authorization": f"Bearer {token}"}
    create = "/api/v1/commands/event.create"
    assert api.post(create, headers=auth, json={}).status_code == 422  # the token is accepted
    [info] = site.accounts.tokens("anna")
    assert "board" in made.text and info.expires_at == site.clock.now + timedelta(days=30)
    gone = client.post(f"/account/tokens/{info.id}/revoke", data={"csrf_token": csrf})
    assert gone.status_code == 303
    refused = api.post("/api/v1/commands/event.create", headers=auth, json={})
    assert refused.status_code == 401 and "was revoked" in refused.json()["message"]
    # another user cannot revoke anna's token, nor see it
    site.user("boris")
    boris = site.login("boris")
    other = boris.post(f"/account/tokens/{info.id}/revoke",
                       data={"csrf_token": csrf_of(boris.get("/account").text)})
    assert other.status_code == 404
    assert "board" not in boris.get("/account").text
    assert site.client().get("/account").status_code == 303  # login first


def test_an_expired_token_gets_401_naming_the_date(site: Site) -> None:
    site.user("anna")
    token = site.accounts.create_token("anna", days=1)
    site.clock.advance(days=1)
    answer = site.client().post("/api/v1/commands/event.create", json={},
                                headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 401 and "expired on 2026-12-01" in answer.json()["message"]
