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
