"""Commander on the command line (regulation CMD): a whole event with every form of a pod's
result (a winner and the order, a draw with its survivors, a simultaneous win, a judge's game
loss, a correction), the standings' tiebreak columns, and every bad result refused with a clear
message and nothing stored."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from podium.cli.main import EXIT_INVALID
from tests.cli.conftest import Podium, flat, printed_pods, refused, standings_rows, w


def test_full_event_flow(podium: Podium, make_event) -> None:
    make_event("cup", 8, 42, "rounds=3", "final_size=0", "fewer_rounds=yes")
    before = podium.action_count("cup")

    # Preview: prints the pods, stores nothing; the commit then stores exactly those pods.
    preview = podium.out("round", "pair", "cup", "--preview")
    assert "PREVIEW round 1" in preview
    assert "Nothing stored" in preview
    assert podium.action_count("cup") == before
    previewed = printed_pods(preview)
    assert len(previewed) == 2 and all(len(pod) == 4 for pod in previewed)

    committed = podium.out("round", "pair", "cup")
    assert "Nothing stored" not in committed
    assert podium.seating("cup") == previewed
    assert printed_pods(committed) == previewed
    assert printed_pods(podium.out("round", "show", "cup", "1")) == previewed
    assert podium.action_count("cup") == before + 1

    # Round 1. Table 1: a winner and the order of the others, first out first.
    t1, t2 = podium.seating("cup")
    out = podium.out("result", "enter", "cup", "1", "--winner", t1[1],
                     "--order", f"{t1[3]},{t1[0]},{t1[2]}")
    assert "Round 1, table 1: saved. Waiting for table 2." in flat(out)
    # Table 2: a draw; the survivors count as eliminated in turn order (rule CMD-4b).
    out = podium.out("result", "enter", "cup", "2", "--draw", "--survivors", f"{t2[2]},{t2[0]}",
                     "--order", f"{t2[3]},{t2[1]}")
    assert "The round is complete." in out

    rows = standings_rows(podium.out("standings", "cup"))
    expected = {  # name: (points, elimination sum)
        t1[1]: ("3", "4"), t1[2]: ("0", "3"), t1[0]: ("0", "2"), t1[3]: ("0", "1"),
        t2[0]: ("1", "3"), t2[2]: ("1", "4"), t2[1]: ("0", "2"), t2[3]: ("0", "1"),
    }
    assert {name: (row["Pts"], row["Elim. sum"]) for name, row in rows.items()} == expected
    assert rows[t1[1]]["#"] == "1"
    assert rows[t2[0]]["W-D-L"] == "0-1-0"

    shown = flat(podium.out("round", "show", "cup", "1"))
    assert "survived the draw" in shown

    # Round 2: pairing by standings, preview again equals the commit.
    preview = podium.out("round", "pair", "cup", "--preview")
    podium("round", "pair", "cup")
    assert podium.seating("cup") == printed_pods(preview)
    r2 = podium.seating("cup")
    # Table 1: a simultaneous win, the winner names the order (rule CMD-4a).
    podium("result", "enter", "cup", "1", "--simultaneous", "--winner", r2[0][0],
           "--order", ",".join([r2[0][3], r2[0][2], r2[0][1]]))
    # Table 2: a judge's game loss (rule CMD-14).
    podium("result", "enter", "cup", "2", "--winner", r2[1][3],
           "--order", ",".join(r2[1][:3]), "--game-loss", f"{r2[1][0]}=broke a deal")
    shown = flat(podium.out("round", "show", "cup"))
    assert "simultaneous win" in shown
    assert "game loss: broke a deal" in shown

    # A correction of round 1 after round 2: standings re-derive, round 2 stays as paired.
    before_rows = standings_rows(podium.out("standings", "cup"))
    out = podium.out("result", "correct", "cup", "1", "--round", "1", "--reason", "wrong winner",
                     "--winner", t1[0], "--order", f"{t1[3]},{t1[2]},{t1[1]}")
    assert "Round 1, table 1: corrected." in out
    after_rows = standings_rows(podium.out("standings", "cup"))
    assert int(after_rows[t1[0]]["Pts"]) == int(before_rows[t1[0]]["Pts"]) + 3
    assert int(after_rows[t1[1]]["Pts"]) == int(before_rows[t1[1]]["Pts"]) - 3
    assert int(after_rows[t1[1]]["Elim. sum"]) == int(before_rows[t1[1]]["Elim. sum"]) - 1
    assert int(after_rows[t1[0]]["Elim. sum"]) == int(before_rows[t1[0]]["Elim. sum"]) + 2
    assert after_rows != before_rows
    assert podium.seating("cup", 2) == r2
    round1 = standings_rows(podium.out("standings", "cup", "--round", "1"))
    assert round1[t1[0]]["Pts"] == "3" and round1[t1[1]]["Pts"] == "0"
    assert "(corrected)" in flat(podium.out("round", "show", "cup", "1"))

    # The log says who did what and why.
    log = flat(podium.out("log", "cup"))
    assert "judge" in log
    assert "result.corrected" in log
    assert "wrong winner" in log
    # the corrected table by round and table, and who won in the new entry (the eliminated
    # follow, wrapped in the terminal's column)
    assert f"result.corrected round: 1; table: 1; result: winner: {t1[0]}; eliminated:" in log

    shown = flat(podium.out("event", "show", "cup"))
    assert "Players: 8 registered, 8 active." in shown
    assert "Round 1 (Swiss): 2 tables, complete." in shown
    assert "Round 2 (Swiss): 2 tables, complete." in shown


def test_standings_show_every_tiebreak_column(podium: Podium, make_event) -> None:
    make_event("cup", 9)
    podium("round", "pair", "cup")
    podium.win_all("cup")
    out = podium.out("standings", "cup")
    header = next(line for line in out.splitlines() if "Player" in line)
    for column in ("Pts", "Elim. sum", "Opp. win %", "Random", "W-D-L", "Byes"):
        assert column in header
    rows = standings_rows(out)
    assert len(rows) == 9
    (bye,) = podium.byes("cup")
    assert rows[bye]["Pts"] == "1" and rows[bye]["Elim. sum"] == "4"  # rule CMD-9
    assert rows[bye]["Byes"] == "1"



Args = Callable[[list[list[str]]], list[str]]


RESULT_CASES: dict[str, tuple[Args, int, tuple[str, ...]]] = {
    "player from another table": (
        lambda t: ["--winner", t[1][0], "--order", ",".join(t[0][1:])],
        EXIT_INVALID, ("is not at this table",)),
    "player not in the event": (
        lambda t: ["--winner", "Nobody", "--order", ",".join(t[0][1:])],
        EXIT_INVALID, ("no player named 'Nobody'",)),
    "two winners": (
        lambda t: ["--winner", t[0][0], "--winner", t[0][1], "--order", ",".join(t[0][2:])],
        EXIT_INVALID, ("two winners", "CMD-2")),
    "order lists a player twice": (
        lambda t: ["--winner", t[0][0], "--order", ",".join([t[0][1], t[0][1], t[0][2]])],
        EXIT_INVALID, ("exactly once", "listed twice")),
    "order misses a player": (
        lambda t: ["--winner", t[0][0], "--order", ",".join(t[0][1:3])],
        EXIT_INVALID, ("exactly once", "missing: {t3}")),
    "winner also in the order": (
        lambda t: ["--winner", t[0][0], "--order", ",".join(t[0])],
        EXIT_INVALID, ("listed twice",)),
    "no winner and no draw": (
        lambda t: ["--order", ",".join(t[0])],
        EXIT_INVALID, ("name the winner",)),
    "draw with a winner": (
        lambda t: ["--draw", *w(t[0])],
        EXIT_INVALID, ("either a win or a draw",)),
    "draw with one survivor": (
        lambda t: ["--draw", "--survivors", t[0][0], "--order", ",".join(t[0][1:])],
        EXIT_INVALID, ("at least two survivors",)),
    "game loss not written NAME=REASON": (
        lambda t: [*w(t[0]), "--game-loss", t[0][1]],
        EXIT_INVALID, ("NAME=REASON",)),
    "game loss for the winner": (
        lambda t: [*w(t[0]), "--game-loss", f"{t[0][0]}=deal"],
        EXIT_INVALID, ("CMD-14",)),
    "game loss without a reason": (
        lambda t: [*w(t[0]), "--game-loss", f"{t[0][1]}="],
        EXIT_INVALID, ("needs the judge's reason",)),
    "simultaneous without a winner": (
        lambda t: ["--simultaneous", "--draw", "--survivors", ",".join(t[0])],
        EXIT_INVALID, ("needs a winner",)),
}


@pytest.mark.parametrize("case", list(RESULT_CASES))
def test_bad_result_is_refused(podium: Podium, paired: list[list[str]], case: str) -> None:
    make_args, code, needles = RESULT_CASES[case]
    needles = tuple(n.replace("{t3}", paired[0][3]) for n in needles)
    message = refused(podium, ["result", "enter", "cup", "1", *make_args(paired)], code, *needles)
    assert "round 1, table 1" in message or "no player named" in message or "NAME=REASON" in message

