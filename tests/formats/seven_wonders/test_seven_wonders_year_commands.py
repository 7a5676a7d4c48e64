"""The year's declared commands through the service (rules W7-4 .. W7-15, W7-23, W7-29 ..
W7-35): the next season stored as one unit (a late refusal stores neither a season nor a series
member), the survival battles drawn and played with their ties, and the Legendary League
selected, answered (in time or not) and played; each scenario worked by hand from the
regulation on a year built through the same commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from podium.core.errors import Conflict, PodiumError
from podium.core.series import MEMBER_ADDED
from podium.core.series import book_of as series_book
from podium.formats.seven_wonders import codes, legendary_rules, survival_rules
from podium.formats.seven_wonders.survival_commands import DrawSurvival
from podium.formats.seven_wonders.year_commands import facts_of
from podium.formats.seven_wonders.year_demo import signups_csv
from podium.store.repository import EventRepository
from tests.formats.seven_wonders.year_builders import (
    DECIDED,
    YEAR,
    ManualClock,
    copy_of,
    everything,
    fields_of,
    invoke,
    league_players,
    names,
    refused,
    service_on,
)

NEWCOMERS = ["Ann", "Bob", "Cid", "Dan"]  # in sign-up order (rule W7-29 (3))


@pytest.fixture
def year(one_season: Path, tmp_path: Path):
    """The starting season of 28, played and complete: season 1 is next (rule W7-6)."""
    return service_on(copy_of(one_season, tmp_path))


def at(service, league: str, place: int) -> str:
    """The player who took ``place`` in ``league`` of the starting season."""
    facts = facts_of(service.load("y-s0"))
    return next(p.name for p in facts.players if p.league == league and p.place == place)


# -- the next season: one unit (rules W7-6 .. W7-15) ----------------------------------------------
def test_the_next_season_is_one_unit_a_late_refusal_stores_nothing(year, monkeypatch) -> None:
    # the season event and its log are written, then the series refuses its record: the whole
    # transaction rolls back, so neither the season nor the member exists
    real = EventRepository.append

    def refusing(self, event_id, actions, **options):
        if any(a.kind == MEMBER_ADDED for a in actions):
            raise Conflict("the series refused the member (a test)", code="test.late")
        return real(self, event_id, actions, **options)

    monkeypatch.setattr(EventRepository, "append", refusing)
    before = everything(year)
    with pytest.raises(Conflict) as late:
        invoke(year, "next-season", {"previous": "y-s0", "season": "y-s1", **DECIDED})
    assert late.value.code == "test.late"
    assert everything(year) == before and "y-s1" not in before
    with year.db.session() as session:
        assert EventRepository(session).find("y-s1") is None
    assert [m.event for m in series_book(year.load(YEAR).state).members] == ["y-s0"]
    monkeypatch.undo()  # the same command then stores the season and its record, once
    done = invoke(year, "next-season", {"previous": "y-s0", "season": "y-s1", **DECIDED})
    assert done.value.slug == "y-s1" and len(league_players(year, "y-s1")) == 28
    assert [m.event for m in series_book(year.load(YEAR).state).members] == ["y-s0", "y-s1"]


def test_an_existing_season_id_is_refused_inside_the_unit(year) -> None:
    year.create_event("taken", "Taken", "commander", {}, "org", 1)
    error = refused(year, "next-season", {"previous": "y-s0", "season": "taken", **DECIDED})
    assert error.code == codes.YEAR_EXISTS and error.field == "season"


def test_the_preview_stores_nothing(year) -> None:
    # rules W7-6, W7-14: the play-offs and the survival battles due, nothing stored
    before = everything(year)
    done = invoke(year, "next-season", {"previous": "y-s0", "newcomer": NEWCOMERS,
                                        "preview": True})
    assert done.preview and done.value.slug is None
    assert set(done.value.playoffs) == {2, 4} and done.value.free == 8
    assert set(NEWCOMERS) <= set(done.value.survival) and len(done.value.survival) == 12
    assert everything(year) == before


def test_the_starting_season_is_one_unit(tmp_path: Path) -> None:
    # rules W7-4, W7-5: a refusal (a bad setting, checked before anything is written) leaves
    # no season and no member; then the season is formed with its 4 leagues
    service = service_on(tmp_path / "s.db")
    service.create_event("y", "Year", "series", {}, "org", 1)
    csv = signups_csv([(f"N{i:02d}", 1500 + i, i == 3) for i in range(1, 31)])
    body = {"season": "s0", "signups": {"name": "s.csv", "text": csv}}
    error = refused(service, "start-year", {**body, "settings": {"titans_points": "x"}},
                    slug="y")
    assert error.field == "settings"
    done = invoke(service, "start-year", body, slug="y")
    assert [len(league[3]) for league in done.value.leagues] == [7, 7, 7, 7]
    assert done.value.qualification == ["N29", "N30"]  # rule W7-4
    assert done.value.leagues[0][3][0] == "N03"  # rule W7-5: the premium account first
    again = refused(service, "start-year", {**body, "season": "s0b"}, slug="y")
    assert again.code == codes.YEAR_STARTED


# -- the survival battles (rules W7-14, W7-23, W7-29) ---------------------------------------------
def seating(service) -> list[list[str]]:
    """Match 1: the 6th and 7th of Leagues 1 and 2 and two newcomers; match 2: those of
    Leagues 3 and 4 and the other two (an organiser's seating, rule W7-14)."""
    return [[at(service, "league-1", 7), at(service, "league-2", 7),
             at(service, "league-1", 6), at(service, "league-2", 6), "Ann", "Bob"],
            [at(service, "league-3", 7), at(service, "league-4", 7),
             at(service, "league-3", 6), at(service, "league-4", 6), "Cid", "Dan"]]


def draw(service, **more) -> list[list[str]]:
    matches = seating(service)
    invoke(service, "survival-draw", {"newcomer": NEWCOMERS, "match": matches,
                                      "reason": "two rooms", **more})
    return matches


def test_no_survival_battle_without_newcomers(year) -> None:
    # rule W7-10: the players who must defend keep their places when no newcomer applies
    error = refused(year, "survival-draw", {"newcomer": []})
    assert error.code in (codes.SURVIVAL_NONE, "input.missing") and "newcomer" in fields_of(
        error)


def test_the_draw_registers_the_newcomers_and_keeps_the_rules(year) -> None:
    # rule W7-14: 12 players for 8 free places: two matches of 6 with 4 places each, a
    # premium player in every match there can be one, league mates apart
    preview = invoke(year, "survival-draw", {"newcomer": NEWCOMERS, "premium": ["Dan"],
                                             "rating": {"Ann": 2000, "Dan": 1700},
                                             "preview": True})
    assert preview.preview and [(m.size, m.qualifying) for m in
                                preview.answer.matches] == [(6, 4), (6, 4)]
    assert "Ann" not in names(year, "y-s0").values()  # a preview registers nobody
    done = invoke(year, "survival-draw", {"newcomer": NEWCOMERS, "premium": ["Dan"],
                                          "rating": {"Ann": 2000, "Dan": 1700}})
    seated = sorted(p for m in done.value.matches for p in m[2])
    assert seated == sorted(done.answer and [p for m in preview.answer.matches
                                             for p in m.players])
    state = year.load("y-s0").state
    for name in NEWCOMERS:  # players of the season, without a league
        player = state.player_by_name(name)
        assert player is not None and player.id not in state.division_of
    assert len(league_players(year, "y-s0")) == 28
    book = survival_rules.book_of(state)
    assert book.entrants[state.player_by_name("Dan").id].premium
    assert any("premium account" in note for note in done.answer.notes)


def test_an_adjusted_seating_needs_a_reason(year) -> None:
    # rule W7-14: the organiser's seating is a decision kept with its reason
    error = refused(year, "survival-draw", {"newcomer": NEWCOMERS, "match": seating(year)})
    assert error.code == codes.SURVIVAL_REASON and error.field == "reason"
    error = refused(year, "survival-draw", {"newcomer": NEWCOMERS, "match": [["Ann", "Bob"]],
                                            "reason": "a room"})
    assert error.code == codes.SURVIVAL_MATCHES and error.field == "match"


def test_a_tie_between_two_defenders_waits_for_the_die(year) -> None:
    # rule W7-29: 7th of League 1 and 7th of League 2 tie for the 4th (last) qualifying place:
    # (1) both played last season, (2) the same place in leagues of one level: the die decides
    # (the same order again with the roll); the higher roll qualifies
    (l1_7, l2_7, l1_6, l2_6, ann, bob), _second = draw(year)
    order = [ann, l1_6, l2_6, [l1_7, l2_7], bob]
    waiting = invoke(year, "survival-game", {"match": 1, "order": order})
    assert sorted(waiting.value.waiting) == sorted([l1_7, l2_7])
    assert "rule W7-29" in str(waiting.said) and waiting.value.due[1]
    rolled = invoke(year, "survival-game", {"match": 1, "order": order,
                                            "roll": {l1_7: 2, l2_7: 5}})
    assert rolled.value.qualified == [ann, l1_6, l2_6, l2_7]
    assert sorted(rolled.value.out) == sorted([l1_7, bob]) and 1 not in rolled.value.due


def test_a_tie_of_newcomers_goes_to_the_earlier_sign_up(year) -> None:
    # rule W7-29 (3): Cid signed up before Dan
    _first, (l3_7, l4_7, l3_6, l4_6, cid, dan) = draw(year)
    done = invoke(year, "survival-game", {"match": 2, "order": [l3_7, l4_7, l4_6, [dan, cid],
                                                                l3_6]})
    assert done.value.qualified == [l3_7, l4_7, l4_6, cid]
    assert any("sign-up order" in note for note in done.answer.notes)


def test_a_defender_goes_before_a_newcomer(year) -> None:
    # rule W7-29 (1): a player of the previous season first
    _first, (l3_7, l4_7, l3_6, l4_6, cid, dan) = draw(year)
    done = invoke(year, "survival-game", {"match": 2, "order": [l3_7, l4_7, l4_6,
                                                                [cid, l3_6], dan]})
    assert done.value.qualified[-1] == l3_6 and cid in done.value.out


def test_an_unfinished_battle_is_replayed_without_its_kicker(year) -> None:
    # rule W7-23: Bob kicked: he is barred from the tournament and the others replay
    (l1_7, l2_7, l1_6, l2_6, ann, bob), second = draw(year)
    stranger = refused(year, "survival-game", {"match": 1, "unfinished": True,
                                               "kicker": second[-1]})
    assert stranger.code == codes.SURVIVAL_STRANGER and stranger.field == "kicker"
    done = invoke(year, "survival-game", {"match": 1, "unfinished": True, "kicker": bob})
    assert done.value.barred == bob and sorted(done.value.replay) == sorted(
        [l1_7, l2_7, l1_6, l2_6, ann])
    refused(year, "survival-game", {"match": 1, "order": [ann, bob, l1_6, l2_6, l1_7, l2_7]})
    replay = invoke(year, "survival-game", {"match": 1, "order": [ann, l1_6, l2_6, l1_7,
                                                                  l2_7]})
    assert replay.value.qualified == [ann, l1_6, l2_6, l1_7]


def test_the_next_season_takes_the_battles_winners(year) -> None:
    # rule W7-14: the winners play in Warriors next season; before every match is decided
    # the next season is refused, nothing stored
    (l1_7, l2_7, l1_6, l2_6, ann, bob), (l3_7, l4_7, l3_6, l4_6, cid, dan) = draw(year)
    invoke(year, "survival-game", {"match": 1, "order": [ann, l1_6, l2_6, l1_7, l2_7, bob]})
    error = refused(year, "next-season", {"previous": "y-s0", "season": "y-s1", **DECIDED})
    assert error.code == codes.SURVIVAL_UNDECIDED and error.params["matches"] == [2]
    invoke(year, "survival-game", {"match": 2, "order": [cid, dan, l3_6, l4_6, l3_7, l4_7]})
    done = invoke(year, "next-season", {"previous": "y-s0", "season": "y-s1", **DECIDED})
    warriors = {n for key, _n, _l, members in done.value.leagues if key.startswith("warriors")
                for n in members}
    assert {ann, cid, dan, l1_6, l2_6, l1_7, l3_6, l4_6} <= warriors
    assert not {bob, l2_7, l3_7, l4_7} & league_players(year, "y-s1")
    basis = series_book(year.load(YEAR).state).members[-1].basis
    assert basis["newcomers"] == NEWCOMERS and len(basis["survivors"]) == 8


def test_a_player_barred_by_a_survival_battle_is_no_newcomer_later(year) -> None:
    # rule W7-23: Bob kicked in match 1, so he is barred from the tournament («отстраняется от
    # турнира»). Match 1 is replayed by the other five for its 4 places (Ann, the two 6th, the
    # 7th of League 1 qualify; the 7th of League 2 is out); match 2 is played in full. The
    # next season's outcome says Bob is barred; offered again as a newcomer he is refused,
    # naming rule W7-23, nothing stored; by default the battles' newcomers leave him out.
    (l1_7, l2_7, l1_6, l2_6, ann, bob), (l3_7, l4_7, l3_6, l4_6, cid, dan) = draw(year)
    invoke(year, "survival-game", {"match": 1, "unfinished": True, "kicker": bob})
    invoke(year, "survival-game", {"match": 1, "order": [ann, l1_6, l2_6, l1_7, l2_7]})
    invoke(year, "survival-game", {"match": 2, "order": [cid, dan, l3_6, l4_6, l3_7, l4_7]})
    error = refused(year, "next-season", {"previous": "y-s0", "season": "y-s1",
                                          "newcomer": NEWCOMERS})
    assert error.code == codes.YEAR_BARRED and error.field == "newcomer"
    assert "rule W7-23" in str(error) and error.params["name"] == bob
    preview = invoke(year, "next-season", {"previous": "y-s0", "preview": True})
    assert any(line.player == bob and "rule W7-23" in line.msgid
               for line in preview.value.lines)
    done = invoke(year, "next-season", {"previous": "y-s0", "season": "y-s1", **DECIDED})
    assert bob not in league_players(year, "y-s1")
    assert any(line.player == bob and "barred from the tournament" in line.msgid
               for line in done.value.lines)
    assert {ann, cid, dan, l1_6, l2_6, l1_7, l3_6, l4_6} <= league_players(year, "y-s1")
    basis = series_book(year.load(YEAR).state).members[-1].basis
    assert basis["newcomers"] == ["Ann", "Cid", "Dan"]
    # a later season's survival draw (a complete season and the year's barred players) too
    with pytest.raises(Conflict) as later:
        DrawSurvival(slug=YEAR, newcomers=(bob, "Eve")).build_draw(year.load("y-s0"), [bob])
    assert later.value.code == codes.YEAR_BARRED and later.value.field == "newcomer"


# -- the Legendary League (rules W7-31 .. W7-34) --------------------------------------------------
@pytest.fixture
def last(two_seasons: Path, tmp_path: Path):
    """Two complete seasons and a clock the test moves (rule W7-32's 3 days)."""
    clock = ManualClock()
    return service_on(copy_of(two_seasons, tmp_path), clock), clock


def test_the_selection_registers_the_years_players(last) -> None:
    # rules W7-31, W7-33: the whole year's points; a player of season 0 only (a survival
    # loser) is a candidate, registered in the last season without a league
    service, _clock = last
    before = everything(service)
    preview = invoke(service, "legendary-select", {"preview": True})
    assert len(preview.value.picks) == 7 and everything(service) == before  # nothing stored
    assert legendary_rules.book_of(service.load("y-s1").state).selection is None
    done = invoke(service, "legendary-select", {})
    assert [p[1] for p in done.value.picks] == [p[1] for p in preview.value.picks]
    state = service.load("y-s1").state
    book = legendary_rules.book_of(state)
    # (a newcomer registered in season 0 for the survival battles who lost them played no season)
    only_before = league_players(service, "y-s0") - league_players(service, "y-s1")
    assert only_before and {state.players[r.player].name for r in book.records} >= only_before
    assert book.last_season == 1 and "rule W7-31" in done.answer.notes[0]


def test_declined_in_advance_is_skipped(last) -> None:
    # rule W7-32
    service, _clock = last
    first = invoke(service, "legendary-select", {"preview": True}).value.picks[0][1]
    done = invoke(service, "legendary-select", {"declined": [first]})
    assert first not in [p[1] for p in done.value.picks]
    assert refused(service, "legendary-select", {"declined": ["Nobody"]}).field == "declined"


def test_answers_a_refusal_and_no_answer_in_three_days(last) -> None:
    # rule W7-32: #2 refuses: the place passes to the highest all-seasons total not picked;
    # nobody answers for #7 within 3 days: it passes too; the game waits for every place
    service, clock = last
    picks = [p[1] for p in invoke(service, "legendary-select", {}).value.picks]
    outsider = next(n for n in names(service, "y-s1").values() if n not in picks)
    error = refused(service, "legendary-answer", {"player": outsider, "answer": "accept"})
    assert error.code == codes.LEGENDARY_NOT_WAITING and error.field == "player"
    for name in picks[:6]:
        clock.advance(hours=1)
        answer = "decline" if name == picks[1] else "accept"
        done = invoke(service, "legendary-answer", {"player": name, "answer": answer})
    seat_2 = next(s for s in done.value.seats if s.number == 2)
    assert seat_2.status == "waiting" and seat_2.player not in picks
    error = refused(service, "legendary-game", {"order": picks[:7]})
    assert error.code == codes.LEGENDARY_WAITING and error.field == "order"
    early = refused(service, "legendary-answer", {"player": picks[6], "answer": "none"})
    assert early.code == codes.LEGENDARY_DEADLINE and early.field == "answer"
    # the answers came 1 to 6 hours after the selection; #2's replacement was asked at 2 hours:
    # 3 days and 1 hour after the selection #7's time is out, the replacement's is not
    clock.advance(days=3, hours=-5)
    invoke(service, "legendary-answer", {"player": seat_2.player, "answer": "accept"})
    state = service.load("y-s1").state
    league = legendary_rules.legendary_of(state, clock())
    seat_7 = next(s for s in league.roster.seats if s.number == 7)
    assert [h.status for h in seat_7.holders] == ["expired", "waiting"]
    late = refused(service, "legendary-answer", {"player": picks[6], "answer": "accept"})
    assert late.code == codes.LEGENDARY_NOT_WAITING
    # the organiser says #7 did not answer in time: nothing to store, the roster answers
    before = everything(service)
    none = invoke(service, "legendary-answer", {"player": picks[6], "answer": "none"})
    assert everything(service) == before and none.outcome.actions == []
    assert "did not answer within 3 days" in str(none.said)
    assert next(s for s in none.value.seats if s.number == 7).player != picks[6]
    answered = refused(service, "legendary-answer", {"player": picks[0], "answer": "none"})
    assert answered.code == codes.LEGENDARY_ANSWERED


def test_the_final_to_two_wins(last) -> None:
    # rule W7-34: the ladder (the last of each game is out), then 3 players to two wins; a
    # game with other players is refused naming the order
    service, clock = last
    picks = [p[1] for p in invoke(service, "legendary-select", {}).value.picks]
    for name in picks:
        clock.advance(minutes=5)
        league = invoke(service, "legendary-answer", {"player": name, "answer": "accept"})
    assert league.value.next == picks
    assert refused(service, "legendary-game", {"order": picks[:6]}).field == "order"
    alive = list(picks)
    while len(alive) > 3:
        league = invoke(service, "legendary-game", {"order": alive})
        alive = alive[:-1]
        assert league.value.next == alive
    tie = invoke(service, "legendary-game", {"order": [[alive[0], alive[1]], alive[2]]})
    assert tie.value.champion is None  # a shared first place is no win
    invoke(service, "legendary-game", {"order": alive})
    done = invoke(service, "legendary-game", {"order": alive})
    assert done.value.champion == alive[0] and done.value.places[alive[0]] == 1
    assert str(done.said) == f"{alive[0]} wins the Legendary League."
    with pytest.raises(PodiumError):
        invoke(service, "legendary-game", {"order": alive})
