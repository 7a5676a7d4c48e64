"""A 7 Wonders game's table link (rule W7-36: the winner reports the result and the table's
link): only a web address (``http``/``https``) is taken, on every surface; a log written before
that rule (an imported file) may hold any text, and the pages then show it as text, never as a
link a visitor clicks (``javascript:alert(1)`` stays inert)."""

from __future__ import annotations

import html
import json

from podium.service.transfer import dumps, export_document, import_document
from tests.formats.seven_wonders.test_seven_wonders_pages import GODS, act, anna  # noqa: F401
from tests.web.conftest import Site

ORDER = ", ".join(GODS)


def test_a_link_that_is_not_a_web_address_is_refused(site: Site, anna) -> None:  # noqa: F811
    client, csrf = anna
    before = site.log_length("sw")
    for bad in ("javascript:alert(1)", "data:text/html,<script>x</script>", "ftp://x.org/t",
                "https://", "boardgamearena.com/table?table=1"):
        refused = act(client, csrf, "game", league="gods", order=ORDER, link=bad)
        assert refused.status_code == 422, bad
        assert "a web address starting with http:// or https://" in html.unescape(refused.text)
    assert site.log_length("sw") == before
    taken = act(client, csrf, "game", league="gods", order=ORDER,
                link="HTTPS://boardgamearena.com/table?table=1")
    assert taken.status_code == 303, taken.text


def test_the_api_refuses_it_with_its_own_code(site: Site, anna) -> None:  # noqa: F811
    site.accounts.grant("sw", "anna", "owner", "setup")
    token = site.accounts.create_token("anna")
    answer = site.client().post(
        "/api/v1/events/sw/commands/seven-wonders.game",
        json={"league": "gods", "order": list(GODS), "link": "javascript:alert(1)"},
        headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 422
    assert answer.json()["problems"][0] | {"message": ""} == {
        "code": "input.link", "field": "link", "message": "", "params": {}}


def test_an_old_log_s_link_is_shown_as_text(site: Site, anna) -> None:  # noqa: F811
    client, csrf = anna
    assert act(client, csrf, "game", league="gods", order=ORDER,
               link="https://boardgamearena.com/table?table=1").status_code == 303
    document = json.loads(dumps(export_document(site.events, "sw")))
    game = next(a for a in document["actions"] if a["payload"].get("link"))
    game["payload"]["link"] = "javascript:alert(1)"
    import_document(site.events, document, "old")
    page = site.client().get("/e/old/p/league-gods").text
    assert "javascript:alert(1)" in page  # shown, as text
    assert 'href="javascript' not in page
    shown = site.client().get("/e/sw/p/league-gods").text
    assert 'href="https://boardgamearena.com/table?table=1"' in shown
