"""The new-event form's words for a format's settings: the field's help and its parser's
choices, unless the format's presentation (:class:`podium.core.demos.Presentation`) words a
setting or lists its choices its own way."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from podium.core.demos import Presentation
from podium.formats.commander import Commander
from podium.formats.registry import register, unregister
from podium.web.routes.organiser import settings_form


class Worded(Commander):
    """Commander's rules, two settings worded by its presentation."""

    name = "worded"
    title = "Worded"
    presentation = Presentation(setting_help={"pod_size": "seats at each table"},
                                setting_choices={"repeat_policy": ("avoid",)})


@pytest.fixture
def worded() -> Iterator[None]:
    register(Worded())
    yield
    unregister("worded")


def test_a_formats_presentation_words_its_settings(worded: None) -> None:
    rows = {row["key"]: row for row in settings_form("worded")}
    assert rows["pod_size"]["help"] == "seats at each table"
    assert rows["repeat_policy"]["options"] == ("avoid",)
    assert rows["win_points"]["help"] == "points for a win"  # the field's own help
    assert rows["bye_policy"]["options"] == ("byes", "short-pods", "long-pods",
                                             "short-pods-top", "byes-or-short")
    plain = {row["key"]: row for row in settings_form("commander")}
    assert plain["pod_size"]["help"] == "players per pod"
    assert plain["repeat_policy"]["options"] == ("swap", "avoid")


def test_a_list_setting_shows_its_labels_and_takes_them_back(site) -> None:
    """The tiebreakers read by their labels in the page's language («сумма выбываний, …»),
    never as ``elimination_sum,…``; the organiser keeps or reorders those labels (or types
    keys) and the event stores the keys."""
    import html
    import re

    from tests.web.conftest import csrf_of

    site.user("anna")
    site.event("cup", "anna")
    client = site.login("anna")
    client.cookies.set("lang", "ru")
    page = client.get("/manage/cup").text
    shown = html.unescape(re.search(r'name="set_tiebreakers" value="([^"]*)"', page).group(1))
    assert "elimination_sum" not in shown and shown.count(",") == 2, shown
    # unchanged labels: the field is not refused (its labels read as its keys)
    csrf = csrf_of(page)
    answer = client.post("/manage/cup/settings", data={"csrf_token": csrf,
                                                       "set_tiebreakers": shown})
    assert "set_tiebreakers-error" not in answer.text
    assert site.events.load("cup").state.settings.tiebreakers == (
        "elimination_sum", "opponents_win_pct", "random")
    # the labels reordered, one typed as its key: stored as keys
    first, second, _third = (part.strip() for part in shown.split(","))
    answer = client.post("/manage/cup/settings", data={
        "csrf_token": csrf, "set_tiebreakers": f"{second}, random, {first}",
        "reason": "по решению судьи"})
    assert answer.status_code == 303, answer.text
    assert site.events.load("cup").state.settings.tiebreakers == (
        "opponents_win_pct", "random", "elimination_sum")
