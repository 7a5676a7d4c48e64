"""``podium standings EVENT --odds`` and ``podium need EVENT PLAYER``: the chances of a
Commander event (the final, rule CMD-10; first place) and what a player needs, in English and
Russian; refusals name their field and store nothing."""

from __future__ import annotations

import pytest

from podium.formats import get_format
from podium.i18n import translations
from tests.cli.conftest import Podium, flat, refused
from tests.cli.test_cli_help_russian import TYPED, VALUES
from tests.web.test_russian_pages import latin_words

SETTINGS = ("rounds=2", "fewer_rounds=yes", "tiebreakers=elimination_sum,random")


@pytest.fixture
def one_round_left(podium: Podium, make_event) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """8 players, round 1 played (seat 1 wins each pod, the others out in seat order... the
    last seat first), round 2 paired: one round left, enumerated exactly."""
    make_event("cup", 8, 42, *SETTINGS)
    podium("round", "pair", "cup")
    podium.win_all("cup")
    podium("round", "pair", "cup")
    return podium.seating("cup")


def test_standings_with_odds_show_a_chance_column_per_goal(podium: Podium,
                                                            one_round_left) -> None:  # type: ignore[no-untyped-def]
    out = flat(podium.out("standings", "cup", "--odds"))
    assert "Final" in out and "First" in out
    assert "100%" in out and "48%" in out  # worked by hand in tests/formats/commander
    assert "1 round left; exact, every outcome counted (every finish equally likely)." in out
    plain = flat(podium.out("standings", "cup"))
    assert "Final" not in plain


def test_need_names_the_weakest_result_keeping_the_final_possible(podium: Podium,
                                                                  one_round_left) -> None:  # type: ignore[no-untyped-def]
    # the fourth player of pod 1 by standings has 0 points and the better elimination sum:
    # the pod's third place keeps the final possible (rule CMD-10)
    state = podium.load("cup").state
    rows = get_format("commander").standings(state).rows
    rank = {state.players[row.player].name: row.rank for row in rows}
    zero = [name for name in one_round_left[0] if rank[name] > 2]
    out = flat(podium.out("need", "cup", zero[0], "--goal", "final"))
    assert "After the next round" in out
    assert "the weakest that keeps it possible" in out
    assert "(exact)" in out and "now: Final 48%." in out
    assert "First" not in out  # one goal asked
    both = flat(podium.out("need", "cup", zero[0]))
    assert "now: Final" in both and "now: First" in both


def test_refusals_name_the_field_and_store_nothing(podium: Podium,
                                                   one_round_left) -> None:  # type: ignore[no-untyped-def]
    refused(podium, ["need", "cup", "Nobody"], 2, "Nobody")
    refused(podium, ["need", "cup", "Anna", "--goal", "podium"], 2, "--goal", "final, first")
    refused(podium, ["need", "cup", "Anna", "--model", "luck"], 2, "--model")
    refused(podium, ["standings", "cup", "--odds", "--model", "luck"], 2, "uniform, rating")


def _translated(msgid: str) -> bool:
    return translations("ru").gettext(msgid) != msgid


@pytest.mark.skipif(not _translated("What a player needs"),
                    reason="the Russian catalog has not taken /work/notes/ru-odds-core.json yet")
def test_odds_and_need_in_russian_have_no_latin_words(podium: Podium,
                                                      one_round_left) -> None:  # type: ignore[no-untyped-def]
    names = {name for pod in one_round_left for name in pod}
    out = podium.out("--lang", "ru", "standings", "cup", "--odds")
    assert "Финал" in out
    need = podium.out("--lang", "ru", "need", "cup", one_round_left[0][-1])
    for text in (out, need):
        assert not latin_words(text, names | {"cup"}), text
    help_text = podium.out("--lang", "ru", "need", "--help")
    typed = VALUES.sub(" ", TYPED.sub(" ", help_text))  # options, metavars, choices as typed
    assert not latin_words(typed, {"podium", "need"}), help_text
