"""Properties of whole W7 years played through the year's declared commands (rule W7-1): every
league has 7 players every season (W7-15), the year's ledger is the sum of the season tables,
nobody plays a season they are barred from (W7-19, W7-20), the survival battles' winners are the
next season's newcomers in Warriors (W7-14), and the year, its Legendary League included
(W7-31 .. W7-34), replays identically."""

from __future__ import annotations

from pathlib import Path

import pytest

from podium.formats.seven_wonders import legendary_rules, survival_rules
from podium.formats.seven_wonders.season import season_rows
from podium.formats.seven_wonders.year_demo import play_year
from podium.service.events import EventService
from podium.service.series import series_ledger
from podium.store.db import Database


@pytest.mark.parametrize(("players", "seed"), [(28, 1), (31, 2), (35, 3), (35, 4)])
def test_random_years_keep_leagues_of_seven_and_a_ledger_of_season_tables(
        tmp_path: Path, players: int, seed: int) -> None:
    service = EventService(Database(str(tmp_path / "year.db")))
    year = play_year(service, "y", players, 4, seed, legendary=False)
    ledger = series_ledger(service, year.series)
    assert [m.event for m in ledger.members] == [f.slug for f in year.seasons]
    barred: set[str] = set()
    for index, formed in enumerate(year.seasons):
        state = service.load(formed.slug).state
        sizes = [len(d.members) for d in state.divisions.values()]
        assert sizes == ([7] * (players // 7 if players in (28, 35) else 4) if index == 0
                         else [7, 7, 7, 7])
        # the league players (the season also holds, without a league, the newcomers of the
        # survival battles stored in it before the next season)
        names = {state.players[p].name for p in state.division_of}
        assert not names & barred  # rules W7-19, W7-20: barred from the next season
        rows = season_rows(state)
        barred = {state.players[r.player].name for r in rows if r.barred}
        # the ledger's column for this season is the season table
        table = {state.players[r.player].name: r.total for r in rows}
        column = {r.player: r.points[index] for r in ledger.rows
                  if r.points[index] is not None}
        assert column == table
    for row in ledger.rows:
        assert row.total == sum(p for p in row.points if p is not None)


def test_a_year_replays_identically(tmp_path: Path) -> None:
    first = EventService(Database(str(tmp_path / "a.db")))
    second = EventService(Database(str(tmp_path / "b.db")))
    one = play_year(first, "y", 35, 3, 9)
    two = play_year(second, "y", 35, 3, 9)
    assert [f.leagues for f in one.seasons] == [f.leagues for f in two.seasons]
    rows = [(r.player, r.points) for r in series_ledger(first, one.series).rows]
    assert rows == [(r.player, r.points) for r in series_ledger(second, two.series).rows]
    cold = EventService(Database(str(tmp_path / "a.db")))  # replayed from the database
    assert rows == [(r.player, r.points) for r in series_ledger(cold, one.series).rows]
    # rules W7-31 .. W7-33: 7 distinct players, the same from a replay of the stored selection
    last = one.seasons[-1].slug
    picked = legendary_rules.book_of(first.load(last).state).selection
    again = legendary_rules.book_of(cold.load(last).state).selection
    names = {p.id: p.name for p in first.load(last).state.players.values()}
    chosen = [names[p] for p in picked.players]
    assert len(set(chosen)) == 7 and picked.players == again.players
    # rule W7-34: the demo's final has its champion
    assert one.legendary is not None and one.legendary.value.champion


def test_the_survival_winners_play_in_warriors_next_season(tmp_path: Path) -> None:
    # rule W7-14: every season whose battles were stored gives its winners to the next one,
    # in Warriors (the series' basis records them)
    service = EventService(Database(str(tmp_path / "year.db")))
    year = play_year(service, "y", 35, 4, 3, legendary=False)
    stored = 0
    for before, after in zip(year.seasons, year.seasons[1:], strict=False):
        state = service.load(before.slug).state
        if not survival_rules.book_of(state).entrants:
            continue
        stored += 1
        winners = {state.players[p].name for p in survival_rules.survival_of(state).warriors}
        warriors = {n for key, _n, _l, names in after.leagues if key.startswith("warriors")
                    for n in names}
        assert winners <= warriors
    assert stored >= 1


def test_a_players_path_and_the_year_table_columns(tmp_path: Path) -> None:
    # rule W7-1: a player's path through the leagues, and the site-currency column (1:1)
    from podium.formats.seven_wonders.year_views import path_steps, path_view, year_view
    from podium.service.series import series_members

    service = EventService(Database(str(tmp_path / "year.db")))
    year = play_year(service, "y", 28, 2, 5, legendary=False)
    ledger = series_ledger(service, year.series)
    view = year_view(ledger)
    # the total is the site's currency (1:1): one column, not a copy of it
    assert [c.key for c in view.columns] == ["rank", "player", "s0", "s1", "total"]
    assert view.columns[-1].label == "Total = site currency (1:1)"
    first = ledger.rows[0]
    states = [m.state for m in series_members(service, year.series)[1]]
    steps = path_steps(ledger, states, first.player)
    assert [s.points for s in steps] == first.points
    assert steps[0].league and steps[0].league.startswith("League")
    assert path_view(first.player, steps).title_args == {"player": first.player}
