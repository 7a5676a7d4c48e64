"""`podium sw ...` and `podium demo seven-wonders`: a season on the command line, refusals with
their exit codes and nothing stored."""

from __future__ import annotations

from podium.service.selfreport import SelfReportService
from tests.cli.conftest import Podium, flat

GODS = ["Anna", "Boris", "Clara", "Dmitry", "Elena", "Fedor", "Galina"]


def season(podium: Podium) -> None:
    """A season of one league, set in sign-up order (rules W7-2, W7-7)."""
    podium("event", "create", "sw", "--format", "seven-wonders")
    podium("event", "set", "sw", "start=2025-03-01")
    podium("player", "add", "sw", *GODS)
    out = podium.out("sw", "leagues", "sw")
    assert "Gods (level 0): Anna, Boris" in flat(out)


def test_a_league_on_the_command_line(podium: Podium) -> None:
    """Rules W7-2, W7-3, W7-19, W7-24, W7-26 (4) through `podium sw`."""
    season(podium)
    podium("sw", "profile", "sw", "Boris", "--premium")
    out = flat(podium.out("sw", "game", "sw", "gods", "Anna, Boris, Clara, Dmitry, Elena, "
                          "Fedor = Galina", "--overrun", "Galina", "--score", "Anna=61"))
    assert "still tied: a die roll decides" in out
    waiting = podium("sw", "game", "sw", "gods", "Anna, Boris, Clara, Dmitry, Elena, Fedor",
                     code=4)
    assert "waits for the die roll" in flat(waiting.output)
    rolled = flat(podium.out("sw", "roll", "sw", "Gods 1"))  # the service rolls
    assert "rule W7-26 (4), die roll" in rolled
    podium("sw", "lift", "sw", "gods/1", "Galina", "--reason", "site down")
    status = flat(podium.out("sw", "status", "sw"))
    assert "next is game 2" in status and "Creates the table: Boris (premium account)" in status
    table = flat(podium.out("sw", "table", "sw", "--lang", "ru"))  # the view's own --lang
    assert "Лига Богов" in table and "просрочка в игре 1 (Лига Богов) снята" in table
    before = podium.load("sw").state.last_seq
    out_of_order = podium("sw", "game", "sw", "gods", "Anna, Boris", "--game", "4", code=2)
    assert "not game 4" in flat(out_of_order.output)
    not_in = podium("sw", "overrun", "sw", "gods/1", "Nobody", code=2)
    assert "Nobody" in flat(not_in.output)
    no_tie = podium("sw", "roll", "sw", "gods/1", "--roll", "Anna=1", "--roll", "Boris=2",
                    code=4)
    assert "no tie waiting" in flat(no_tie.output)
    assert podium.load("sw").state.last_seq == before  # nothing stored


def test_the_demo_plays_a_season_of_four_leagues(podium: Podium) -> None:
    """Done when: `podium demo seven-wonders --players 28 --seasons 1 --seed 1` plays a season
    of 4 leagues with random ties and penalties and prints the table and the Titans."""
    first = podium.out("demo", "seven-wonders", "--players", "28", "--seasons", "1",
                       "--seed", "1")
    text = flat(first)
    for league in ("League of Gods", "League of Priests", "League of Warriors A",
                   "League of Warriors B", "Battle of Titans"):
        assert league in text
    assert "20 ladder games" in text
    assert "Battle of Titans won by" in text or "first place shared by" in text
    state = podium.load("demo-seven-wonders-28-1").state
    assert len(state.divisions) == 4
    assert flat(podium.out("demo", "seven-wonders", "--players", "28", "--seed", "1")) == text


def test_leagues_from_a_file_and_a_swap_between_leagues(podium: Podium, tmp_path) -> None:
    """Rules W7-7, W7-15: the leagues from a CSV (Gods first whatever the file's order), then a
    swap of two players before either league has played (`podium sw move`, the kernel's
    `division.move`: two moves); once a league has played, its players stay."""
    priests = [f"P{i}" for i in range(1, 8)]
    podium("event", "create", "sw", "--format", "seven-wonders")
    podium("player", "add", "sw", *GODS, *priests)
    rows = [f"{name},Priests" for name in priests] + [f"{name},gods" for name in GODS]
    csv = tmp_path / "leagues.csv"
    csv.write_text("name,league\n" + "\n".join(rows) + "\n", encoding="utf-8")
    out = flat(podium.out("sw", "leagues", "sw", "--csv", str(csv)))
    assert "Gods (level 0): Anna, Boris" in out and "Priests (level 1): P1, P2" in out
    before = podium.action_count("sw")
    both = podium.error("sw", "leagues", "sw", "--csv", str(csv), "--league", ", ".join(GODS),
                        code=2)
    assert "--csv:" in both and "not both" in both
    assert podium.action_count("sw") == before
    podium("sw", "move", "sw", "Anna", "Priests", "--reason", "premium balance")
    podium("sw", "move", "sw", "P1", "gods", "--reason", "premium balance")
    state = podium.load("sw").state
    assert state.division_of[state.player_by_name("Anna").id] == "priests"
    podium("sw", "game", "sw", "gods", "P1, Boris, Clara, Dmitry, Elena, Fedor, Galina")
    stays = podium.error("sw", "move", "sw", "Boris", "priests", "--reason", "late", code=4)
    assert "has begun its ladder" in stays


def test_players_report_and_confirm_on_the_command_line(podium: Podium) -> None:
    """Rule W7-36: Anna reports her due game with her code (the kernel's self-report: the game
    comes from the code), Boris confirms with his; a wrong code is refused and stores
    nothing; the organiser reads the reports (`sw reports`)."""
    season(podium)
    podium("event", "set", "sw", "confirmations=1")
    service = podium.service()
    state = service.load("sw").state
    codes = {state.players[p].name: c for p, c in SelfReportService(service).codes("sw").items()}
    sent = flat(podium.out("sw", "report", "sw", ", ".join(GODS), "--code", codes["Anna"]))
    assert "the other players of your table now confirm it" in sent
    report = SelfReportService(service).reports("sw")[0].id
    before = podium.action_count("sw")
    podium.error("sw", "report-confirm", "sw", str(report), "--code", "NOPE1234", code=2)
    assert podium.action_count("sw") == before
    done = flat(podium.out("sw", "report-confirm", "sw", str(report), "--code", codes["Boris"]))
    assert "the result is in" in done
    assert podium.action_count("sw") == before + 1
    listed = flat(podium.out("sw", "reports", "sw"))
    assert "accepted" in listed and "League of Gods, game 1" in listed
