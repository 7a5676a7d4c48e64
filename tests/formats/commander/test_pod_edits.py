"""Hand edits of a Commander round: before any result the organiser swaps
two players between pods or moves one to another pod, each with a reason; a recorded turn
order is corrected (rule CMD-4b: it ranks a draw's survivors); the last edit is undone by a new
record. Each edit is in the log and the round's explanation; pod sizes stay those of the
event (rules CMD-1, CMD-8); standings, replay and the next pairing read the edited pods;
every refusal stores nothing.

Worked example: 16 players, seed 42, round 1 is drawn (rule CMD-5) as
table 1 Julia, Hanna, Ivan, Kirill; table 2 Dmitri, Polina, Gleb, Mark;
table 3 Eva, Anna, Nina, Lena; table 4 Boris, Oleg, Clara, Fedor (turn order, seat 1 first).
"""

from __future__ import annotations

import pytest

from podium.cli.main import EXIT_CONFLICT, EXIT_INVALID, EXIT_NOT_FOUND
from podium.core.records import build_records
from podium.core.replay import replay
from tests.cli.conftest import Podium, refused

DRAWN = [["Julia", "Hanna", "Ivan", "Kirill"], ["Dmitri", "Polina", "Gleb", "Mark"],
         ["Eva", "Anna", "Nina", "Lena"], ["Boris", "Oleg", "Clara", "Fedor"]]


@pytest.fixture
def sixteen(podium: Podium, make_event) -> Podium:
    make_event("cup", 16, 42)
    podium("round", "pair", "cup")
    assert podium.seating("cup") == DRAWN
    return podium


def kinds(podium: Podium) -> list[str]:
    return [a.kind for a in podium.service().log("cup")]


def test_a_swap_exchanges_seats_and_is_logged_and_explained(sixteen: Podium) -> None:
    said = sixteen.out("round", "swap", "cup", "Julia", "Dmitri", "--reason", "same club")
    assert "Julia and Dmitri swapped places." in said
    # each takes the other's seat: the turn order of both pods is kept
    assert sixteen.seating("cup")[:2] == [["Dmitri", "Hanna", "Ivan", "Kirill"],
                                          ["Julia", "Polina", "Gleb", "Mark"]]
    action = sixteen.service().log("cup")[-1]
    assert (action.kind, action.actor, action.reason) == ("commander.players.swapped",
                                                          "judge", "same club")
    shown = " ".join(sixteen.out("round", "show", "cup").split())
    assert (f"hand edit (action {action.seq}, judge, {action.at:%Y-%m-%d %H:%M} UTC): Julia "
            "(table 1, seat 1) and Dmitri (table 2, seat 1) swapped places, each taking the "
            "other's seat; same club") in shown
    state = sixteen.load("cup").state
    assert replay(sixteen.service().log("cup"), sixteen.load("cup").ruleset).rounds[0].tables \
        == state.rounds[0].tables


def test_a_move_into_a_full_pod_is_refused_and_stores_nothing(sixteen: Podium) -> None:
    # rule CMD-1: pods of 4; 16 players leave no short pod to fill
    refused(sixteen, ["round", "move", "cup", "Anna", "--to-table", "1", "--reason", "x"],
            EXIT_CONFLICT, "table 1 is full", "5, 4, 3, 4")
    refused(sixteen, ["round", "move", "cup", "Anna", "--to-table", "3", "--reason", "x"],
            EXIT_CONFLICT, "already sits at table 3")
    refused(sixteen, ["round", "move", "cup", "Anna", "--to-table", "9", "--reason", "x"],
            EXIT_NOT_FOUND, "no table 9")
    refused(sixteen, ["round", "move", "cup", "Anna", "--to-table", "1"], EXIT_INVALID,
            "reason")
    refused(sixteen, ["round", "swap", "cup", "Anna", "Nina", "--reason", "x"], EXIT_CONFLICT,
            "not at two different tables")
    refused(sixteen, ["round", "swap", "cup", "Anna", "Nobody", "--reason", "x"],
            EXIT_INVALID, "Nobody")
    refused(sixteen, ["round", "seats", "cup", "1", "--order", "Julia,Hanna", "--reason", "x"],
            EXIT_INVALID, "names each player of table 1 once")
    refused(sixteen, ["round", "undo-edit", "cup"], EXIT_CONFLICT, "no hand edit to undo")


def test_a_bye_fills_a_short_pod_and_the_bye_is_removed(podium: Podium, make_event) -> None:
    # 16 players, Anna sits out round 1 by a bye given in advance; short-pods pairs the other
    # 15 as 4, 4, 4 and 3 (setting bye_policy, beyond rule CMD-8)
    make_event("cup", 16, 42, "bye_policy=short-pods")
    podium("commander", "bye", "cup", "Anna", "--reason", "judge")
    podium("round", "pair", "cup")
    sizes = [len(pod) for pod in podium.seating("cup")]
    assert sizes == [4, 4, 4, 3] and podium.byes("cup") == ["Anna"]
    refused(podium, ["round", "move", "cup", "Anna", "--to-table", "1", "--reason", "x"],
            EXIT_CONFLICT, "table 1 is full")
    # a player of a full pod may fill the short pod: 3, 4, 4, 4 are the same sizes
    first = podium.seating("cup")[0][0]
    podium("round", "move", "cup", first, "--to-table", "4", "--reason", "friends")
    assert [len(pod) for pod in podium.seating("cup")] == [3, 4, 4, 4]
    said = podium.out("round", "move", "cup", "Anna", "--to-table", "1", "--reason",
                      "the judge plays after all")
    assert "Anna now sits at table 1, seat 4." in said
    assert [len(pod) for pod in podium.seating("cup")] == [4, 4, 4, 4]
    assert podium.byes("cup") == [] and podium.seating("cup")[0][-1] == "Anna"
    refused(podium, ["round", "move", "cup", first, "--to-table", "3", "--reason", "x"],
            EXIT_CONFLICT, "is full")
    # undo, twice: the pods and Anna's bye are back as paired
    podium("round", "undo-edit", "cup")
    podium("round", "undo-edit", "cup", "--reason", "she judges")
    assert [len(pod) for pod in podium.seating("cup")] == [4, 4, 4, 3]
    assert podium.byes("cup") == ["Anna"]
    state = podium.load("cup").state
    assert str(state.rounds[0].byes[0].reason) == "a bye given in advance: judge"


def test_undo_restores_the_pods_and_a_new_record_says_so(sixteen: Podium) -> None:
    sixteen("round", "swap", "cup", "Julia", "Dmitri", "--reason", "same club")
    sixteen("round", "seats", "cup", "3", "--order", "Lena,Nina,Anna,Eva", "--reason",
            "sat the other way round")
    assert sixteen.seating("cup")[2] == ["Lena", "Nina", "Anna", "Eva"]
    said = sixteen.out("round", "undo-edit", "cup", "--reason", "wrong pod")
    assert "is undone" in said
    assert sixteen.seating("cup")[2] == DRAWN[2]
    sixteen("round", "undo-edit", "cup")
    assert sixteen.seating("cup") == DRAWN
    assert kinds(sixteen)[-4:] == ["commander.players.swapped", "commander.seats.corrected",
                                   "commander.edit.undone", "commander.edit.undone"]
    shown = " ".join(sixteen.out("round", "show", "cup").split())
    assert "undone" in shown and "wrong pod" in shown  # the history stays in the explanation
    loaded = sixteen.load("cup")
    assert replay(sixteen.service().log("cup"), loaded.ruleset).rounds[0].tables == \
        loaded.state.rounds[0].tables


def test_a_round_with_a_result_refuses_moves_but_takes_a_turn_order_correction(
        sixteen: Podium) -> None:
    sixteen("result", "enter", "cup", "2", "--finish", "1234")
    refused(sixteen, ["round", "swap", "cup", "Julia", "Eva", "--reason", "x"], EXIT_CONFLICT,
            "has begun", "tables 2")
    refused(sixteen, ["round", "move", "cup", "Julia", "--to-table", "3", "--reason", "x"],
            EXIT_CONFLICT, "has begun")
    sixteen("round", "seats", "cup", "1", "--order", "Kirill,Ivan,Hanna,Julia", "--reason",
            "typo on the slip")
    assert sixteen.seating("cup")[0] == ["Kirill", "Ivan", "Hanna", "Julia"]


def test_a_corrected_turn_order_re_ranks_a_draws_survivors(sixteen: Podium) -> None:
    """Rule CMD-4b: in a draw the survivors count as eliminated in turn order. Table 1 draws
    with Julia (seat 1) and Ivan (seat 3) alive, Kirill out first and Hanna second: orders
    Kirill 1, Hanna 2, Julia 3, Ivan 4. Ivan in fact took the first turn: corrected, Ivan 3
    and Julia 4; the points (1 each survivor, rule CMD-13) do not change."""
    sixteen("result", "enter", "cup", "1", "--finish", "=13 24")
    orders = {sixteen.load("cup").state.players[o.player].name: o.order
              for o in sixteen.load("cup").state.rounds[0].results[1].outcomes}
    assert orders == {"Kirill": 1, "Hanna": 2, "Julia": 3, "Ivan": 4}
    sixteen("round", "seats", "cup", "1", "--order", "Ivan,Hanna,Julia,Kirill", "--reason",
            "Ivan started")
    state = sixteen.load("cup").state
    result = state.rounds[0].results[1]
    orders = {state.players[o.player].name: o.order for o in result.outcomes}
    assert orders == {"Kirill": 1, "Hanna": 2, "Ivan": 3, "Julia": 4}
    assert {state.players[o.player].name: o.points for o in result.outcomes if o.drew} == {
        "Julia": 1, "Ivan": 1}
    # the standings' elimination sums follow (rule CMD-3a), and undo puts them back
    records = build_records(state.players, state.rounds)
    julia = state.player_by_name("Julia").id
    assert records[julia].order_sum == 4
    sixteen("round", "undo-edit", "cup")
    state = sixteen.load("cup").state
    assert build_records(state.players, state.rounds)[julia].order_sum == 3


def test_the_next_round_reads_the_edited_pods_as_played(sixteen: Podium) -> None:
    sixteen("round", "swap", "cup", "Julia", "Dmitri", "--reason", "same club")
    sixteen.win_all("cup")
    state = sixteen.load("cup").state
    records = build_records(state.players, state.rounds)
    julia = state.player_by_name("Julia")
    met = sorted(state.players[p].name for p in records[julia.id].opponents)
    assert met == ["Gleb", "Mark", "Polina"]  # the edited pod, not the drawn one
    sixteen("round", "pair", "cup")
    again = sixteen.load("cup").state
    previous = {frozenset(t.seats) for t in again.rounds[0].tables}
    # rule CMD-7: no pod repeats a pod of round 1 as edited
    assert not any(frozenset(t.seats) in previous for t in again.rounds[1].tables)


def test_round_show_and_the_log_in_russian(sixteen: Podium) -> None:
    sixteen("round", "swap", "cup", "Julia", "Dmitri", "--reason", "один клуб")
    said = sixteen.out("--lang", "ru", "round", "seats", "cup", "1", "--order",
                       "Kirill,Ivan,Hanna,Dmitri", "--reason", "опечатка")
    assert "порядок хода" in said.lower()
    shown = " ".join(sixteen.out("--lang", "ru", "round", "show", "cup").split())
    assert "каждый занял позицию за столом другого" in shown and "один клуб" in shown
    error = sixteen("--lang", "ru", "round", "move", "cup", "Anna", "--to-table", "1",
                    "--reason", "x", code=EXIT_CONFLICT).stderr
    assert "стол 1 заполнен" in " ".join(error.split())


# the API and the organiser's pages: the same declared commands -------------------------------
def test_the_api_swaps_and_refuses_a_move_into_a_full_pod(scenario) -> None:
    client = scenario.site.client()
    headers = scenario.headers("judge")
    state = scenario.site.events.load("cup").state
    one, two = ([p for p in t.seats if not state.players[p].dropped]
                for t in state.rounds[0].tables)
    first, second = one[0], two[0]
    drawn = list(state.rounds[0].tables)  # the cached state changes with the event
    answer = client.post("/api/v1/events/cup/commands/commander.swap", headers=headers,
                         json={"player": f"#{first}", "other": f"#{second}",
                               "reason": "same family"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["answer"]["players"] == [first, second] and len(body["stored"]) == 1
    tables = client.get("/api/v1/events/cup/rounds/1").json()
    seats = drawn[0].seats
    assert tables["tables"][0]["seats"][seats.index(first)] == second
    assert any("same family" in note for note in tables["notes"])
    log = client.get("/api/v1/events/cup/log", headers=headers).json()
    assert (log[-1]["kind"], log[-1]["actor"]) == ("commander.players.swapped", "judge")
    before = scenario.site.log_length("cup")
    answer = client.post("/api/v1/events/cup/commands/commander.move", headers=headers,
                         json={"player": f"#{first}", "table": 1, "reason": "x"})
    assert answer.status_code == 409 and answer.json()["field"] == "table", answer.text
    answer = client.post("/api/v1/events/cup/commands/commander.move", headers=headers,
                         json={"player": f"#{first}", "table": 2})
    assert answer.status_code == 422 and "reason" in answer.text
    assert scenario.site.log_length("cup") == before
    answer = client.post("/api/v1/events/cup/commands/commander.undo-edit", headers=headers,
                         json={})
    assert answer.status_code == 200, answer.text
    assert answer.json()["answer"] == {"round": 1, "seq": body["stored"][0]}
    assert scenario.site.events.load("cup").state.rounds[0].tables == drawn


def test_each_edit_answers_its_declared_type(scenario) -> None:
    """The answers are typed (their schemas generated from the commands' answer types): a
    move says where the player sits now, a swap and a turn order the players with names."""
    schemas = scenario.site.client().get("/openapi.json").json()["components"]["schemas"]
    wanted = {"CommanderMoveDone": "PlayerMoved", "CommanderSwapDone": "PlayersSwapped",
              "CommanderSeatsDone": "SeatsCorrected", "CommanderUndoEditDone": "EditUndone",
              "CommanderByeDone": "ByeInAdvance", "CommanderByeCancelDone": "ByeInAdvance"}
    for done, answer in wanted.items():
        assert schemas[done]["properties"]["answer"]["$ref"].endswith(f"/{answer}"), done
    assert set(schemas["PlayerMoved"]["required"]) == {"round", "player", "name", "table",
                                                       "seat"}
    assert schemas["SeatsCorrected"]["properties"]["players"]["items"]["type"] == "integer"
    assert schemas["SeatsCorrected"]["properties"]["names"]["items"]["type"] == "string"


def test_the_organiser_page_offers_the_forms_and_shows_the_edit_in_russian(site) -> None:
    from tests.web.conftest import csrf_of

    site.user("anna")
    client = site.login("anna")
    csrf = csrf_of(client.get("/manage").text)
    site.event("cup", "anna")
    site.events.pair_round("cup", "anna")
    state = site.events.load("cup").state
    a, b = state.rounds[0].tables[0].seats[0], state.rounds[0].tables[1].seats[0]
    page = client.get("/manage/cup").text
    for name in ("commander-move", "commander-swap", "commander-seats"):
        assert f'id="action-{name}"' in page, name
    assert 'id="action-commander-undo-edit"' not in page  # nothing to undo yet
    client.cookies.set("lang", "ru")
    answer = client.post("/manage/cup/do/commander.swap", data={
        "csrf_token": csrf, "player": f"#{a}", "other": f"#{b}", "reason": "один клуб"})
    assert answer.status_code == 303, answer.text
    page = client.get("/manage/cup").text
    assert "поменялись местами" in page and "один клуб" in page
    assert 'id="action-commander-undo-edit"' in page
    assert "Игроки поменялись столами" in client.get("/manage/cup/log").text
    before = site.log_length("cup")
    answer = client.post("/manage/cup/do/commander.move", data={
        "csrf_token": csrf, "player": f"#{a}", "table": "1", "reason": "x"})
    assert answer.status_code == 409 and "стол 1 заполнен" in answer.text
    site.events.enter_result("cup", 1, lambda s: {
        "winner": s.rounds[0].tables[0].seats[0],
        "eliminated": list(s.rounds[0].tables[0].seats[1:])}, "anna")
    answer = client.post("/manage/cup/do/commander.swap", data={
        "csrf_token": csrf, "player": f"#{a}", "other": f"#{b}", "reason": "x"})
    assert answer.status_code == 409 and "начался" in answer.text
    assert site.log_length("cup") == before + 1  # the result only
    assert 'id="do-commander-swap"' not in client.get("/manage/cup").text
