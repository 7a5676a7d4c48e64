"""A marathon's snapshot (the pickled state a command line write starts from) loads
back equal to the state replayed from its log: players (each ``Player`` pickled as its
constructor's arguments), the name index sharing them, the games' columns, the decisions and
the tables."""

from __future__ import annotations

import pickle
from datetime import timedelta

import numpy as np

from podium.core.log import Kind
from podium.core.model import Player
from podium.core.replay import replay
from tests.formats.mahjong_marathon.builders import STAGE1, Marathon


def test_a_player_pickles_as_its_arguments_and_loads_equal() -> None:
    for player in (Player(7, "Anna"), Player(8, "Boris", joined_round=2),
                   Player(9, "Clara", 0, True, "left"), Player(10, "Dmitri", group="Club"),
                   Player(11, "Eva", 3, True, "ill", "Team")):
        loaded = pickle.loads(pickle.dumps(player, protocol=pickle.HIGHEST_PROTOCOL))
        assert loaded == player and type(loaded) is Player
        assert vars(loaded) == vars(player)
    assert Player(7, "Anna").__reduce__() == (Player, (7, "Anna"))
    assert Player(7, "Anna", group="C").__reduce__() == (Player, (7, "Anna", 0, False, "", "C"))


def _marathon() -> Marathon:
    m = Marathon()
    for i in range(40):
        m.game((f"p{i % 9}", 40), (f"p{(i + 1) % 9}", 20), (f"p{(i + 2) % 9}", 0),
               (f"P{(i + 3) % 9}", -60), at=STAGE1 + timedelta(minutes=7 * i))
    m.penalty("6a", "p2", 10, game="g3")
    m.dq_game("g5")
    seq = m.penalty("6b", "p2", 50, stage=1).seq
    m.revert(seq)
    m.log.do(Kind.PLAYER_DROPPED, {"player": m.pid("p4")}, "left the marathon")
    m.game(("Пётр", 40), ("p5", 20), ("p6", 0), ("p7", -60))
    m.publish()
    return m


def test_the_snapshot_loads_equal_to_the_replayed_state() -> None:
    m = _marathon()
    state = m.state
    assert state.players[m.pid("p4")].dropped  # a player with fields beyond the defaults
    m.ruleset.warm(state)  # as a snapshot is stored: the aggregates ride in it
    loaded = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    replayed = replay(m.log.actions, m.ruleset)
    for other in (loaded, replayed):
        assert other.players == state.players
        assert other.players.aliases == state.players.aliases
        assert {k: (p.id, p.name) for k, p in other._names.items()} == {
            k: (p.id, p.name) for k, p in state._names.items()}
        # the name index and the book share the players (one object each, as replay has it)
        assert all(other._names[other.name_key(p.name)] is p for p in other.players.values())
        assert other.last_seq == state.last_seq
    book, again = m.book, loaded.extra["mahjong"]
    n = book.games.n
    assert again.games.n == n and again.games.table_names == book.games.table_names
    for name in ("table", "start", "players", "gp", "penalty", "tp12", "dq", "usec"):
        assert np.array_equal(getattr(again.games, name)[:n], getattr(book.games, name)[:n])
    assert [again.games.index.get(f"g{i}") for i in range(1, 42)] == [
        book.games.index.get(f"g{i}") for i in range(1, 42)]
    assert again.decisions.keys() == book.decisions.keys()
    settings = state.settings
    total, total_again = book.total(settings), again.total(settings)
    assert total.players.tolist() == total_again.players.tolist()
    assert total.sn.tolist() == total_again.sn.tolist()
    assert [v.rows for v in m.ruleset.tables(loaded)] == [v.rows for v in m.tables()]
