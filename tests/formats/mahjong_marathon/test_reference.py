"""The vectorised marathon engine against a plain reference written straight from the
regulation (rules MJ-4, MJ-5, MJ-6a, MJ-7, MJ-8, MJ-9, MJ-10), on simulated years."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from fractions import Fraction

import pytest

from podium.formats.mahjong_marathon.demo import generate_year
from podium.formats.mahjong_marathon.rules import GAMES_ADDED
from tests.formats.mahjong_marathon.builders import Marathon

PLACE_TP = (4, 2, 1, 0)


def reference_tp(gp: list[int]) -> list[Fraction]:
    """Rule MJ-4, literally: the average of the place points the tied players cover."""
    out = []
    for mine in gp:
        ahead = sum(1 for other in gp if other > mine)
        tied = sum(1 for other in gp if other == mine)
        out.append(Fraction(sum(PLACE_TP[ahead : ahead + tied]), tied))
    return out


def competition_places(keys: list[tuple]) -> list[int]:
    places = []
    for i, key in enumerate(keys):
        places.append(places[-1] if i and key == keys[i - 1] else i + 1)
    return places


def reference(games: list[dict], stage_bounds: list[tuple[int, int]], dq_periods=(),
              stage_penalties=()) -> tuple[dict, dict]:
    """Stage rows {stage: {player: row}} and total rows {player: row}. ``dq_periods`` are
    (player, from, until); ``stage_penalties`` are (kind, player, amount, stage)."""
    per: dict[tuple[int, str], list[tuple]] = {}
    for index, game in enumerate(games):
        if game["dq"]:
            continue  # rule MJ-5
        stage = next((s + 1 for s, (lo, hi) in enumerate(stage_bounds)
                      if lo <= game["start"] < hi), 0)
        if not stage:
            continue
        gp = [g - p for g, p in zip(game["gp"], game["penalty"], strict=True)]  # MJ-6a
        for name, tp, points in zip(game["names"], reference_tp(gp), gp, strict=True):
            if any(who == name and lo <= game["start"] < hi for who, lo, hi in dq_periods):
                continue  # rule MJ-6: the player's games in the period do not count for them
            # rule MJ-7a, same second: by game id, numeric ids numerically (docs/marathon.md)
            gid = game["id"]
            by_id = (0, int(gid), "") if gid.isdigit() else (1, 0, gid)
            order = (game["start"], by_id, index)
            per.setdefault((stage, name), []).append((order, tp, points))
    stages: dict[int, dict[str, dict]] = {}
    for (stage, name), entries in per.items():
        entries.sort()
        tps = [e[1] for e in entries]
        gps = [e[2] for e in entries]
        n = len(entries)
        if n < 10:
            s_tp, s_gp = sum(tps), sum(gps)
        else:
            s_tp, s_gp = max((sum(tps[i : i + 10]), sum(gps[i : i + 10]))
                             for i in range(n - 9))
        tp_total = sum(tps) - sum(a for k, who, a, st in stage_penalties
                                  if k == "6c" and who == name and st == stage)  # MJ-6c
        gp_total = sum(gps) - sum(a for k, who, a, st in stage_penalties
                                  if k == "6b" and who == name and st == stage)  # MJ-6b
        result = (Fraction(s_tp) / 10 + Fraction(tp_total) / max(n, 10)) / 2
        stages.setdefault(stage, {})[name] = {
            "games": n, "tp": tp_total, "gp": gp_total, "series_tp": s_tp, "series_gp": s_gp,
            "result": result,
        }
    for rows in stages.values():
        ranked = sorted(rows, key=lambda p: (-rows[p]["result"], -rows[p]["series_gp"],
                                             -rows[p]["games"], p))
        keys = [(rows[p]["result"], rows[p]["series_gp"], rows[p]["games"]) for p in ranked]
        for p, place in zip(ranked, competition_places(keys), strict=True):
            rows[p]["place"] = place
            rows[p]["nr"] = 0
        qualified = [p for p in ranked if rows[p]["games"] >= 4]
        q_places = competition_places(
            [(rows[p]["result"], rows[p]["series_gp"], rows[p]["games"]) for p in qualified])
        big_n = len(qualified)
        for p, place in zip(qualified, q_places, strict=True):
            x = Fraction(1000 * (big_n - place), big_n - 1) if big_n > 1 else Fraction(1000)
            rows[p]["nr"] = int(x + Fraction(1, 2))  # half up, x >= 0
    total: dict[str, dict] = {}
    count = len(stage_bounds)
    names = {name for rows in stages.values() for name in rows}
    for name in names:
        played = [s for s in range(1, count + 1) if name in stages.get(s, {})]
        dropped = None
        if len(played) == count:
            dropped = min(played, key=lambda s: (stages[s][name]["nr"], stages[s][name]["result"],
                                                 stages[s][name]["games"], s))
        counted = [s for s in played if s != dropped]
        total[name] = {
            "sn": sum(stages[s][name]["nr"] for s in counted),
            "results": sum((stages[s][name]["result"] for s in counted), Fraction(0)),
            "games": sum(stages[s][name]["games"] for s in played),
            "dropped": dropped,
        }
    ranked = sorted(total, key=lambda p: (-total[p]["sn"], -total[p]["results"],
                                          -total[p]["games"]))
    keys = [(total[p]["sn"], total[p]["results"], total[p]["games"]) for p in ranked]
    for p, place in zip(ranked, competition_places(keys), strict=True):
        total[p]["place"] = place
    return stages, total


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_engine_matches_the_reference(seed):
    rnd = random.Random(seed)
    m = Marathon()
    bounds = m.state.settings.stage_bounds
    year = generate_year(14, 500, seed, bounds)
    games = []
    for i in range(year.start.size):
        start = int(year.start[i])
        if rnd.random() < 0.1:  # some games in the same second as the one before
            start = games[-1]["start"] if games else start
        games.append({"id": f"s{seed}-{rnd.randrange(10**6)}-{i}", "start": start,
                      "names": [f"p{int(p)}" for p in year.players[i]],
                      "gp": [int(g) for g in year.gp[i]], "dq": False, "penalty": [0] * 4})
    for name in sorted({n for g in games for n in g["names"]}):
        m.pid(name)
    order = list(range(len(games)))
    rnd.shuffle(order)  # imported in another order than they were played
    late = order[-30:]  # added one by one once the tables are cached: the incremental path
    order = order[:-30]
    for lo in range(0, len(order), 97):
        chunk = [games[i] for i in order[lo : lo + 97]]
        m.log.do(GAMES_ADDED, {
            "ids": [g["id"] for g in chunk], "tables": ["RU-Marathon-1"],
            "table": [0] * len(chunk), "start": [g["start"] for g in chunk],
            "players": [m.pid(n) for g in chunk for n in g["names"]],
            "gp": [x for g in chunk for x in g["gp"]],
        })
    m.tables()  # fill the caches, so what follows goes through the cached paths
    penalties = []
    for _ in range(6):
        game = rnd.choice(games)
        kind = rnd.choice(["6b", "6c"])
        amount = rnd.choice([50, 100]) if kind == "6b" else rnd.choice([1, 2, 4])
        stage = rnd.randint(1, 5)
        m.penalty(kind, game["names"][0], amount, stage=stage)
        penalties.append((kind, game["names"][0], amount, stage))
    m.tables()
    for i in late:
        g = games[i]
        m.game(*zip(g["names"], g["gp"], strict=True), gid=g["id"],
               at=datetime.fromtimestamp(g["start"], UTC))
        if rnd.random() < 0.3:
            m.tables()
    assert m.book._overlay  # the cached (incremental) path was taken
    assert_matches(m, *reference(games, bounds, [], penalties))
    victim = games[0]["names"][0]
    period = (victim, bounds[1][0] + 86400 * 10, bounds[2][0] + 86400 * 20)
    m.dq_player(victim, datetime.fromtimestamp(period[1], UTC),
                datetime.fromtimestamp(period[2], UTC))
    for game in rnd.sample(games, 8):
        m.dq_game(game["id"])
        game["dq"] = True
    for game in rnd.sample(games, 8):
        seat = rnd.randrange(4)
        amount = rnd.choice([5, 10, 20, 60])
        m.penalty("6a", game["names"][seat], amount, game=game["id"])
        game["penalty"][seat] += amount
    assert_matches(m, *reference(games, bounds, [period], penalties))


def assert_matches(m: Marathon, stages: dict, total: dict) -> None:
    views = m.tables()
    for stage in range(1, 6):
        got = {row["player"]: row for row in views[stage - 1].rows}
        want = stages.get(stage, {})
        assert set(got) == set(want)
        for name, row in want.items():
            mine = got[name]
            assert (mine["place"], mine["result"], mine["tp"], mine["gp"], mine["games"],
                    mine["nr"], mine["series_tp"], mine["series_gp"]) == (
                row["place"], row["result"], row["tp"], row["gp"], row["games"], row["nr"],
                row["series_tp"], row["series_gp"]), (stage, name)
    got_total = {row["player"]: row for row in views[-1].rows}
    assert set(got_total) == set(total)
    for name, row in total.items():
        mine = got_total[name]
        assert (mine["place"], mine["sn"], mine["results"], mine["games"]) == (
            row["place"], row["sn"], row["results"], row["games"]), name
        if row["dropped"] is not None:
            assert str(mine[f"nr{row['dropped']}"]).startswith("("), name
