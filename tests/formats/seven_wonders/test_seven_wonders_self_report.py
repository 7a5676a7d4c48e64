"""A player reports their game with their code through the kernel's self-report (rules W7-19,
W7-26, W7-36): ``seven-wonders.report`` (built by the kernel from the season's
:class:`~podium.core.commands.OpenReport`), ``report.confirm``, ``report.dispute`` and
``report.decide``, as a round-based format's players report their table. Each scenario worked
by hand from the regulation (/work/shared/regulations.md, section W7)."""

from __future__ import annotations

from typing import Any

import pytest

from podium.core import codes as core
from podium.core.commands import API, JSON, Caller
from podium.core.errors import PodiumError
from podium.formats.seven_wonders.season_report import describe, place_of
from podium.service.catalog import Invocation
from podium.service.selfreport import SelfReportService
from tests.formats.seven_wonders.sw_builders import GODS, ORGANISER, PRIESTS, Season, play_out

ALL = ", ".join(GODS)


class Players:
    """The season's players with their codes, running the kernel's self-report commands."""

    def __init__(self, season: Season) -> None:
        self.season = season
        state = season.state
        self.codes = {state.players[p].name: c
                      for p, c in SelfReportService(season.service).codes(season.slug).items()}

    def run(self, name: str, who: str | None, **fields: Any) -> Any:
        caller = (Caller(actor="player", code=self.codes[who]) if who
                  else Caller(actor=ORGANISER, local=True))
        done = self.season.service.execute(
            Invocation(name, self.season.slug, fields, JSON, API), caller)
        return done.value

    def report(self, who: str, order: str, **fields: Any) -> Any:
        return self.run("seven-wonders.report", who, order=order, **fields)

    def confirm(self, who: str, report: int) -> Any:
        return self.run("report.confirm", who, report=report)

    def refused(self, name: str, who: str | None, **fields: Any) -> PodiumError:
        before = len(self.season.service.log(self.season.slug))
        with pytest.raises(PodiumError) as refusal:
            self.run(name, who, **fields)
        assert len(self.season.service.log(self.season.slug)) == before  # nothing stored
        return refusal.value


def test_a_report_with_an_overrun_is_the_game_once_every_other_player_confirmed(tmp_path):
    """Rule W7-36 (setting confirmations: all the others by default): Anna reports Gods game 1
    with Galina over the time limit; the report is not the game while one of the six others
    has not confirmed, and those who confirm read the penalty it brings (rule W7-19: −5).
    Confirmed by all six, it is the game, stored as Anna's. Worked by hand: Anna wins the
    7-player game, 7 points (W7-16); Galina is 7th, (8 - 7) x 3 = 3 place points in Gods
    (W7-17), −5 for the overrun, 3 - 5 = -2 floored at 0 (W7-19)."""
    # rule W7-19, rule W7-36
    s = Season(tmp_path, leagues=2)
    players = Players(s)
    report = players.report("Anna", ALL, overrun=["Galina"],
                            link="https://boardgamearena.com/table?table=7")
    assert report.status == "pending" and not s.book.ladders.get("gods")
    line = describe(s.state, report.entry)
    assert "over the time limit: Galina, −5 each (rule W7-19)" in str(line)
    assert report.entry["overruns"] == [s.state.player_by_name("Galina").id]
    # who confirms: the players of the game, no one else (W7-36)
    other = players.refused("report.confirm", "P1", report=report.id)
    assert other.code == core.REPORT_OTHER_TABLE
    for name in ("Boris", "Clara", "Dmitry", "Elena", "Fedor"):
        assert players.confirm(name, report.id).status == "pending"
    assert not s.book.ladders.get("gods")  # Galina, the one penalised, has not confirmed
    done = players.confirm("Galina", report.id)
    assert done.status == "accepted"
    game = s.book.find("gods/1")
    assert game is not None and s.name(game.reporter) == "Anna"
    assert [s.name(p) for p in game.overruns] == ["Galina"]
    stored = s.service.log(s.slug)[-1]
    assert stored.kind == "seven-wonders.game" and stored.actor == "player:Anna"
    assert stored.reason == "self-report confirmed by Boris, Clara, Dmitry, Elena, Fedor, Galina"
    rows = s.rows()
    assert rows["Anna"].wins == 7
    assert (rows["Galina"].place_points, rows["Galina"].penalties) == (3, 5)
    assert rows["Galina"].raw == -2 and rows["Galina"].total == 0 and rows["Galina"].floored
    # the next game is due: its players report it, not the one stored
    assert place_of(s.state, s.state.player_by_name("Anna").id).game == "gods/2"
    assert place_of(s.state, s.state.player_by_name("Galina").id) is None  # out, 7th


def test_one_confirmation_is_enough_with_the_setting(tmp_path):
    """Rule W7-36, setting ``confirmations=1``: one other player's confirmation makes the
    report the game; the same report sent by another player of the game confirms it."""
    # rule W7-36
    s = Season(tmp_path, confirmations=1)
    players = Players(s)
    first = players.report("Anna", ALL)
    again = players.report("Boris", ALL)  # the same result: Boris confirms it
    assert again.id == first.id and again.status == "accepted"
    assert s.book.find("gods/1") is not None
    assert s.service.log(s.slug)[-1].reason == "self-report confirmed by Boris"


def test_a_dispute_goes_to_the_organiser_who_accepts_it_and_the_tie_waits_for_the_die(tmp_path):
    """Rules W7-26, W7-36: Anna reports Gods game 1 with Fedor and Galina tied for last;
    Boris disputes it: nothing is stored and the others cannot confirm it any more; the
    organiser accepts it (``report.decide``). Worked by hand: a first game, no profiles, so
    nothing in W7-26 (1)-(3) breaks the tie: the game waits for the die roll (W7-26 (4)),
    the league's next game with it; rolled Fedor 2, Galina 5 (higher is better), Fedor is out,
    7th."""
    # rule W7-26, rule W7-36
    s = Season(tmp_path)
    players = Players(s)
    report = players.report("Anna", "Anna, Boris, Clara, Dmitry, Elena, Fedor = Galina")
    assert "a tie for last place, decided by rule W7-26" in str(describe(s.state,
                                                                            report.entry))
    refused = players.refused("report.dispute", "Boris", report=report.id, note="")
    assert refused.field == "note"  # a dispute says what is wrong
    disputed = players.run("report.dispute", "Boris", report=report.id, note="I was 2nd")
    assert disputed.status == "conflict" and disputed.note == "Boris: I was 2nd"
    waiting = players.refused("report.confirm", "Clara", report=report.id)
    assert waiting.code == core.REPORT_WAITING
    assert not s.book.ladders.get("gods")
    queue = SelfReportService(s.service).reports(s.slug, open_only=True)
    assert [r.id for r in queue] == [report.id]
    decided = players.run("report.decide", None, report=report.id, accept=True,
                          reason="checked the table on the site")
    assert decided.status == "accepted"
    stored = s.service.log(s.slug)[-1]
    assert stored.kind == "seven-wonders.game" and stored.actor == ORGANISER
    assert stored.reason == "checked the table on the site"
    game = s.book.find("gods/1")
    assert game.unresolved and s.name(game.reporter) == "Anna"
    assert place_of(s.state, s.state.player_by_name("Anna").id) is None  # the die first
    s.roll("gods/1", Fedor=2, Galina=5)
    assert s.places() == {"Fedor": 7}


def test_a_report_of_a_game_entered_meanwhile_no_longer_counts(tmp_path):
    """Rule W7-2: once the organiser entered the game, its report is for a game no longer
    due: it leaves the queue, a confirmation is refused, and the organiser cannot accept it;
    a player rejected is told so."""
    # rule W7-2, rule W7-36
    s = Season(tmp_path)
    players = Players(s)
    report = players.report("Anna", ALL)
    s.game(ALL)
    assert SelfReportService(s.service).reports(s.slug, open_only=True) == []
    assert players.refused("report.confirm", "Boris", report=report.id).code \
        == core.REPORT_OTHER_TABLE
    stale = players.refused("report.decide", None, report=report.id, accept=True)
    assert stale.code == core.REPORT_STALE
    assert players.run("report.decide", None, report=report.id, accept=False).status \
        == "rejected"


def test_a_report_is_checked_as_the_game_would_be(tmp_path):
    """Rules W7-2, W7-3: a report names exactly the game's players, as a ranking; a refusal
    names the field as typed and stores nothing (not even a pending report)."""
    # rule W7-2, rule W7-3
    s = Season(tmp_path)
    players = Players(s)
    missing = players.refused("seven-wonders.report", "Anna", order="Anna, Boris")
    assert missing.field == "order" and missing.code == "sw.missing"
    outsider = players.refused("seven-wonders.report", "Anna", order=ALL, overrun=["Nobody"])
    assert outsider.field == "overrun"
    assert SelfReportService(s.service).reports(s.slug) == []


def test_the_special_matches_are_reported_in_their_order(tmp_path):
    """Rules W7-8, W7-11, W7-18: once the ladders are played, Gods 3rd reports the Fortune
    match; Gods 1st waits for it, then reports the Battle of Titans (its 4th player is the
    Fortune match's winner)."""
    # rule W7-11, rule W7-18
    s = Season(tmp_path, leagues=2)
    play_out(s, "gods", GODS)
    play_out(s, "priests", PRIESTS)
    state = s.state
    anna, clara = state.player_by_name("Anna").id, state.player_by_name("Clara").id
    assert place_of(state, clara).game == "fortune"  # Gods 3rd (rule W7-8)
    assert place_of(state, anna) is None  # the Titans wait for the Fortune match
    players = Players(s)
    fortune = place_of(state, clara)
    order = ", ".join(s.name(p) or "" for p in fortune.players)
    report = players.report("Clara", order)
    assert report.status == "pending"
    for pid in fortune.players:
        if pid != clara:
            players.confirm(s.name(pid) or "", report.id)
    assert [s.name(p) for p in s.book.specials["fortune"].order] == ["Clara", "P2"]
    assert place_of(s.state, anna).game == "titans"


def test_a_replacement_starts_from_the_claim_and_unchanged_stores_the_same_game(tmp_path):
    """Rules W7-19, W7-21 (issue 33, Replace on the queue): Anna reports Gods game 1
    unfinished by the overall time limit, Fedor deepest in negative time, Galina over time;
    the organiser's replacement form is that claim (its order, overruns, unfinished end and
    the deepest, the game and the reporter fixed), and sent unchanged as the pages send it
    (text, a ticked box as "yes") it stores the game the claim describes. Worked by hand
    (W7-21): no winner points; 1 point to everyone but the players over time (Galina, and
    Fedor, in negative time: W7-19); Fedor, the deepest, is out; both get −5."""
    # rule W7-19, rule W7-21
    from podium.core.commands import TEXT, WEB
    from podium.formats.seven_wonders.season_report import correction

    s = Season(tmp_path)
    players = Players(s)
    report = players.report("Anna", ALL, unfinished=True, deepest="Fedor", overrun=["Galina"])
    fix = correction(s.state, {**report.entry, "reporter": report.reporter})
    fields = {name: value for name, _label, value in fix.fields}
    assert fix.command == "seven-wonders.game"
    assert dict(fix.fixed) == {"league": "gods", "game": "1",
                               "reporter": f"#{report.reporter}"}
    assert fields["order"] == ALL and fields["overrun"] == "Galina"
    assert fields["unfinished"] is True and fields["deepest"] == "Fedor"
    sent = {**fix.fixed, "reason": "as claimed",
            **{k: ("yes" if v is True else v) for k, v in fields.items() if v}}
    s.service.execute(Invocation(fix.command, s.slug, sent, TEXT, WEB),
                      Caller(actor=ORGANISER, local=True))
    game = s.book.find("gods/1")
    assert s.name(game.out) == "Fedor" and s.name(game.reporter) == "Anna"
    rows = s.rows()
    assert [rows[n].unfinished for n in GODS] == [1, 1, 1, 1, 1, 0, 0]
    assert all(rows[n].wins == 0 for n in GODS)
    assert (rows["Fedor"].penalties, rows["Galina"].penalties) == (5, 5)
