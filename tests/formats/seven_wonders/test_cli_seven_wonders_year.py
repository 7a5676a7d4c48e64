"""`podium sw start-year / next-season / year / path` and the year's demo (rule W7-1)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import Podium, flat


def test_the_year_demo_then_its_pages(podium: Podium, tmp_path: Path) -> None:
    out = flat(podium.out("demo", "seven-wonders", "--players", "30", "--seasons", "2",
                          "--seed", "3"))
    assert "Season 0 (starting)" in out and "Season 1" in out
    assert "by the snake (rule W7-5)" in out and "to qualification for season 1" in out
    assert "Site currency (1:1)" in out
    # rules W7-31 .. W7-33: the Legendary League's selection with its reasons
    assert "Legendary League: the selection" in out
    assert "#1 " in out and "most points over all seasons" in out and "#7 " in out
    year = flat(podium.out("sw", "year", "demo-sw-30-3-year", "--lang", "ru",
                           "--csv", str(tmp_path / "y.csv"), "--html", str(tmp_path / "y.html")))
    assert "Season 1 (demo-sw-30-3-s1): complete" in year
    assert (tmp_path / "y.csv").read_text(encoding="utf-8").count("\n") > 28
    assert "<html" in (tmp_path / "y.html").read_text(encoding="utf-8")
    path = flat(podium.out("sw", "path", "demo-sw-30-3-year", "Player 01"))
    assert "Season 0 (starting)" in path
    preview = flat(podium.out("sw", "next-season", "demo-sw-30-3-year", "demo-sw-30-3-s1",
                              "--preview"))
    assert "(rule W7-8)" in preview
    before = len(podium.service().log("demo-sw-30-3-year"))
    refused = podium.error("sw", "next-season", "demo-sw-30-3-year", "demo-sw-30-3-s1", "s2",
                           "--survivor", "Nobody", "--newcomer", "Newbie", code=2)
    assert "did not play the survival battles" in flat(refused)
    assert len(podium.service().log("demo-sw-30-3-year")) == before


def test_start_year_from_signups(podium: Podium, tmp_path: Path) -> None:
    # rules W7-4, W7-5 from a sign-ups file
    lines = ["name,rating,premium"] + [f"N{i:02d},{1000 + i},{'yes' if i == 1 else 'no'}"
                                       for i in range(1, 31)]
    (tmp_path / "s.csv").write_text("\n".join(lines), encoding="utf-8")
    podium("event", "create", "y", "--format", "series")
    out = flat(podium.out("sw", "start-year", "y", "s0", "--signups", str(tmp_path / "s.csv")))
    # premium first, then the rating; the snake 1, 2, 3, 4, 4, 3, 2, 1
    assert "League 1: N01, N22" in out and "League 2: N28, N23" in out
    assert "N30: sign-up 30, after the first 28: goes to qualification" in out
    unfinished = podium.error("sw", "next-season", "y", "s0", "s1", code=4)
    assert "is not finished" in flat(unfinished)
    missing = podium.error("sw", "next-season", "y", "nope", "s1", code=3)
    assert "nope" in flat(missing)
