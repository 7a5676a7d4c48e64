"""A published table downloaded as a standalone page (rule MJ-11) looks right opened from disk
and from the server: its stylesheet is inside it and the security policy allows exactly that
block by hash; it fits a phone; numbers are written as the page's language writes them; an
unchanged place reads "=" as on the live table."""

from __future__ import annotations

import base64
import hashlib
import re

from tests.formats.mahjong_marathon.conftest import add_game, post
from tests.web.conftest import Site

#: Rule MJ-11: stage 1 as publication 2 froze it, a standalone page (the view's download).
STAGE_1 = "/e/mj/v/mahjong-marathon.table.html?publication=2&table=stage-1"


def test_the_downloaded_table_is_styled_localised_and_allowed(site: Site, anna) -> None:
    client, csrf = anna
    add_game(client, csrf, "g1", "2015-03-01 12:00",
             [("Anna", 30), ("Boris", 25), ("Clara", 0), ("Dmitri", -55)])
    post(client, csrf, "publish")
    add_game(client, csrf, "g2", "2015-03-02 12:00",
             [("Dmitri", 40), ("Clara", 30), ("Boris", 0), ("Anna", -70)])
    post(client, csrf, "publish")
    russian = site.client()
    russian.cookies.set("lang", "ru")
    answer = russian.get(STAGE_1)
    assert answer.status_code == 200
    page = answer.text
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    style = re.search(r"<style>(.*?)</style>", page, re.S)
    assert style, "the stylesheet is embedded, so the file looks right opened from disk"
    digest = base64.b64encode(hashlib.sha256(style.group(1).encode()).digest()).decode()
    policy = answer.headers["content-security-policy"]
    assert f"'sha256-{digest}'" in policy and "unsafe-inline" not in policy
    assert "script-src 'self'" in policy
    # as worked in test_pages.test_publish_twice_and_see_the_movement: Clara stays 3rd
    clara = next(m.group(0) for m in re.finditer(r"<tr>.*?</tr>", page) if ">Clara<" in m.group(0))
    assert "<td class=\"n\">=</td>" in clara and "(0)" not in page
    assert re.search(r">\d+,\d{3}<", page), "Russian writes 0,400 (decimal comma)"
    english = site.client().get(STAGE_1).text
    assert re.search(r">\d+\.\d{3}<", english)
