"""`podium sw start-year / next-season / year / path` and the year's demo (rule W7-1)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import Podium, flat


def test_the_year_demo_then_its_pages(podium: Podium, tmp_path: Path) -> None:
    out = flat(podium.out("demo", "seven-wonders", "--players", "30", "--seasons", "2",
                          "--seed", "3"))
    assert "Season 0 (starting)" in out and "Season 1" in out
    assert "by the snake (rule W7-5)" in out and "to qualification for season 1" in out
    assert "Total = site currency (1:1)" in out
    # rules W7-31 .. W7-33: the Legendary League's selection with its reasons
    assert "Legendary League: the selection" in out
    assert "#1 " in out and "most points over all seasons" in out and "#7 " in out
    year = flat(podium.out("sw", "year", "demo-sw-30-3-year", "--lang", "ru",
                           "--csv", str(tmp_path / "y.csv"), "--html", str(tmp_path / "y.html")))
    assert "Season 1 demo-sw-30-3-s1 завершён" in year  # the seasons with their status
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


# -- a whole year through the command line, no event file written by hand (rule W7-1) -----------
def play_season(podium: Podium, slug: str) -> None:
    """Every ladder game and special match of a season through ``podium sw game`` and ``podium
    sw special``, each game's players in name order (no tie): what a season's organiser types."""
    from podium.formats.seven_wonders.rules import (
        due,
        ladders_complete,
        special_players,
        specials_due,
    )
    from podium.formats.seven_wonders.season import book_of

    for _ in range(100):
        state = podium.load(slug).state
        names = {pid: p.name for pid, p in state.players.items()}
        if not ladders_complete(state):
            for key in state.divisions:
                now = due(state, key)
                if not now.complete:
                    order = sorted(names[p] for p in now.players)
                    podium("sw", "game", slug, key, ", ".join(order))
            continue
        left = [m for m in specials_due(state) if m not in book_of(state).specials]
        if not left:
            return
        order = sorted(names[p] for p in special_players(state, left[0]))
        podium("sw", "special", slug, left[0], ", ".join(order))
    raise AssertionError("the season did not end")


def answer(podium: Podium, *args: str) -> dict:
    return json.loads(podium.out(*args, "--json").strip().splitlines()[-1])["answer"]


def test_a_whole_year_through_the_command_line(podium: Podium, tmp_path: Path) -> None:
    # rules W7-4 .. W7-6: 30 sign-ups, the first 28 in 4 leagues, 2 to qualification
    lines = ["name,rating,premium"] + [f"N{i:02d},{1000 + i},{'yes' if i % 9 == 0 else 'no'}"
                                       for i in range(1, 31)]
    (tmp_path / "signups.csv").write_text("\n".join(lines), encoding="utf-8")
    podium("event", "create", "y", "--format", "series", "--name", "Марафон")
    started = answer(podium, "sw", "start-year", "y", "s0", "--signups",
                     str(tmp_path / "signups.csv"), "--settings", "start=2025-01-01")
    assert started["qualification"] == ["N29", "N30"]
    play_season(podium, "s0")
    # rules W7-6, W7-14: the preview names the play-offs and the survival battles due
    newcomers = ["N29", "N30", "Vera", "Gleb"]
    args = [arg for name in newcomers for arg in ("--newcomer", name)]
    preview = answer(podium, "sw", "next-season", "y", "s0", *args, "--preview")
    assert preview["free"] == 8 and len(preview["survival"]) == 12
    assert sorted(preview["playoffs"]) == ["2", "4"]
    drawn = answer(podium, "sw", "survival-draw", "y", *args, "--rating", "Vera=2100, Gleb=900",
                   "--premium", "Gleb")
    for match in drawn["matches"]:  # rule W7-14: the first four of each match qualify
        podium("sw", "survival-game", "y", str(match["match"]), ", ".join(match["players"]))
    # rules W7-6, W7-30: the play-offs entered as games, the 2nds' with a tie at the bottom
    # (ladder wins, then the previous games, then the die order the tied pair)
    first, second, *tied = preview["playoffs"]["2"]
    played = answer(podium, "sw", "playoff-game", "y", "2", f"{first}, {second}, "
                    f"{' = '.join(tied)}")
    assert played["order"][:2] == [first, second] and sorted(played["order"][2:]) == tied
    assert played["due"] == [4]
    wrong = podium.error("sw", "playoff-game", "y", "3", ", ".join(preview["playoffs"]["4"]),
                         code=4)
    assert "no play-off is due" in flat(wrong)
    podium("sw", "playoff-game", "y", "4", ", ".join(reversed(preview["playoffs"]["4"])))
    # rule W7-30 (3): the tied pair is equal on ladder wins and the previous games; the die
    # is the organiser's: the play-off says so and the next season is refused until it is
    # rolled, naming the pair (nothing rolled silently)
    assert played["die_due"] == [tied]
    refused = podium.error("sw", "next-season", "y", "s0", "s1", code=4)
    assert "--roll" in flat(refused) and all(name in flat(refused) for name in tied)
    # rule W7-7: the play-offs' orders as played, the organiser's roll (the second of the
    # pair rolls higher, so it takes the last Gods place), podium asked to roll the other
    # ties (every game here was entered in name order); the battles' winners by default
    formed = answer(podium, "sw", "next-season", "y", "s0", "s1", "--name", "Season 1",
                    "--settings", "start=2025-02-01", "--roll", f"{tied[0]}=2, {tied[1]}=5",
                    "--podium-rolls")
    gods = next(league["players"] for league in formed["leagues"] if league["key"] == "gods")
    assert {first, second, tied[1]} <= set(gods)
    assert tied[0] not in gods
    assert any(f"organiser's die decides (rule W7-30): {tied[0]} 2, {tied[1]} 5" in line
               for line in formed["lines"])
    warriors = [p for league in formed["leagues"] if league["key"].startswith("warriors")
                for p in league["players"]]
    winners = {p for m in drawn["matches"] for p in m["players"][:4]}
    assert len(warriors) == 14 and winners <= set(warriors)
    play_season(podium, "s1")
    # rules W7-31 .. W7-34: the selection, the answers (one refuses), the final
    selected = answer(podium, "sw", "legendary-select", "y")
    picks = [p["player"] for p in selected["picks"]]
    assert len(picks) == 7
    podium("sw", "legendary-answer", "y", picks[0], "decline")
    league = {}
    for _ in range(10):
        waiting = [s["player"] for s in (league.get("seats") or
                                         [{"player": p, "status": "waiting"} for p in picks[1:]])
                   if s["status"] == "waiting"]
        if not waiting:
            break
        for name in waiting:
            league = answer(podium, "sw", "legendary-answer", "y", name, "accept")
    assert picks[0] not in league["next"] and len(league["next"]) == 7
    while not league["champion"]:
        league = answer(podium, "sw", "legendary-game", "y", ", ".join(league["next"]))
    dashboard = flat(podium.out("sw", "year", "y", "--lang", "ru"))
    assert f"{league['champion']} выиграл(а) Легендарную лигу" in dashboard  # rule W7-34
    assert "Season 1 s1 завершён" in dashboard
    log = podium.service().log("y")
    assert [a.kind for a in log[1:]] == ["series.member_added", "series.member_added"]
    # rules W7-6, W7-26 (4), W7-30 (3): season 1's record keeps the play-offs as played (the
    # tie as a group) and every die rolled in forming it
    basis = log[2].payload["basis"]
    assert basis["playoffs"]["2"] == [[first], [second], sorted(tied)]
    assert isinstance(basis["rolls"], list)
    assert all(r["rounds"] and r["rule"].startswith("W7-") for r in basis["rolls"])
