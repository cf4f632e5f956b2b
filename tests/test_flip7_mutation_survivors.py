"""Tests that kill the mutants a mutation run of Flip 7 left alive (benchmarks/mutation.py,
issue 20).

They pin whole values (every field of a verdict, an event, an observation) in English and in
French, where the other tests only looked at one field, one language or one seat: the
observation and the French words are what the widgets and the computer players read, so a
changed word, a flipped condition or a dropped argument in the engine must fail a test.
Public API only.
"""

from __future__ import annotations

import pytest

from doublesept import flip7
from doublesept.flip7 import position


def events(state):
    return [(e.kind, e.players, e.rule_id, e.en, e.fr) for e in state.events]


def verdict(state, move):
    v = state.check(move)
    return (v.legal, v.rule_id, v.reason_en, v.reason_fr)


# ---------------------------------------------------------------- Flip 7 and its bonus

SIX_NUMBERS = ("players: Ann, Bob, Cy\ndealer: Cy\nround: 2\nscores: 100, 20, 30\ndeck: 7, ...\n"
               "Ann: 0, 1, 2, 3, 4, 5, +2\nBob: 12 (stayed)\nCy: 9, 9 (busted)\nturn: Ann")


def test_flip7_flip_7_event_ends_the_round_word_for_word():
    drawn = position(SIX_NUMBERS).play("hit").play("draw")
    assert events(drawn) == [
        ("drew", (0,), "flip7.hit", "Ann draws a 7.", "Ann pioche un 7."),
        ("flip-7", (0,), "flip7.flip-7",
         "Flip 7! Ann has seven different numbers: the round ends at once for everyone.",
         ("Flip 7 ! Ann a sept Numéros différents : la manche se termine immédiatement pour "
         "tout le monde.")),
        ("round-over", (0, 1, 2), "flip7.scoring",
         "Round 2 is over. Points: Ann 39, Bob 12, Cy 0 (bust).",
         "La manche 2 est terminée. Points : Ann 39, Bob 12, Cy 0 (a sauté)."),
    ]
    assert drawn.scores == (139, 32, 30) and drawn.is_round_over
    assert drawn.observation(1) == {
        "game": "flip7",
        "seat": 1,
        "players": ["Ann", "Bob", "Cy"],
        "dealer": 2,
        "round": 2,
        "rules": {"deal_start": "dealer", "first_player": "dealer", "flip7_bonus": 15,
                  "deferred_after_bust": "give", "nested_actions": "depth-first",
                  "frozen_target_deferred": "played"},
        "scores": [139, 32, 30],
        "turn": None,
        "to_move": "chance",
        "phase": "deal",
        "lines": [
            {"numbers": ["0", "1", "2", "3", "4", "5", "7"], "modifiers": ["+2"],
             "second_chance": False, "status": "active", "score": 39},
            {"numbers": ["12"], "modifiers": [], "second_chance": False, "status": "stayed",
             "score": 12},
            {"numbers": ["9", "9"], "modifiers": [], "second_chance": False,
             "status": "busted", "score": 0}],
        "set_aside": [],
        "discards": {},
        "discard_size": 0,
        "deck_size": 83,
        "deck": {"2": 1, "3": 2, "4": 3, "5": 4, "6": 6, "7": 6, "8": 8, "9": 7, "10": 10,
                 "11": 11, "12": 11, "×2": 1, "+4": 1, "+6": 1, "+8": 1, "+10": 1,
                 "Freeze": 3, "Flip Three": 3, "Second Chance": 3},
        "legal_moves": [],
        "last_move": "7",
        "events": [{"kind": kind, "players": list(players), "rule_id": rule_id, "en": en,
                    "fr": fr} for kind, players, rule_id, en, fr in events(drawn)],
    }


@pytest.mark.parametrize("bonus, points", [(15, 39), (0, 24), (50, 74)])
def test_flip7_flip7_bonus_is_added_to_the_flip_7_points(bonus, points):
    text = SIX_NUMBERS.replace("turn: Ann", f"turn: Ann\nrules: flip7_bonus={bonus}")
    drawn = position(text).play("hit").play("draw")
    assert drawn.observation(0)["lines"][0]["score"] == points  # 0 + 1 + ... + 5 + 7 + 2
    assert drawn.scores == (100 + points, 32, 30)
    assert events(drawn)[-1][3] == f"Round 2 is over. Points: Ann {points}, Bob 12, Cy 0 (bust)."


# ---------------------------------------------------------------- the end of a round

ROUND_3 = ("players: Ann, Bob, Cy, Dee\ndealer: Bob\nround: 3\nscores: 10, 20, 30, 40\n"
           "deck: 5, ...\nAnn: 12, 11, x2, +4\nBob: 3, 3 (busted)\nCy: 7 (stayed)\n"
           "Dee: 9, 8 (frozen)\nturn: Ann")


def test_flip7_scoring_round_summary_marks_the_busted_players_word_for_word():
    over = position(ROUND_3).play("stay")
    assert events(over) == [
        ("stayed", (0,), "flip7.stay", "Ann stays and leaves the round.",
         "Ann dit stop et sort de la manche."),
        ("round-over", (0, 1, 2, 3), "flip7.scoring",
         "Round 3 is over. Points: Ann 50, Bob 0 (bust), Cy 7, Dee 17.",
         "La manche 3 est terminée. Points : Ann 50, Bob 0 (a sauté), Cy 7, Dee 17."),
    ]
    assert over.scores == (60, 20, 37, 57)


def test_flip7_scoring_round_summary_with_the_first_and_last_players_busted():
    over = position("players: Ann, Bob, Cy\nAnn: 4, 4 (busted)\nBob: 6\nCy: 2, 2 (busted)\n"
                    "turn: Bob").play("stay")
    assert events(over)[-1] == (
        "round-over", (0, 1, 2), "flip7.scoring",
        "Round 1 is over. Points: Ann 0 (bust), Bob 6, Cy 0 (bust).",
        "La manche 1 est terminée. Points : Ann 0 (a sauté), Bob 6, Cy 0 (a sauté).")


@pytest.mark.parametrize("dealer, next_dealer", [("Ann", "Bob"), ("Bob", "Cy"), ("Cy", "Dee"),
                                                 ("Dee", "Ann")])
def test_flip7_dealer_rotates_the_verdict_between_rounds_names_the_next_dealer(dealer,
                                                                               next_dealer):
    over = position(ROUND_3.replace("dealer: Bob", f"dealer: {dealer}")).play("stay")
    assert over.tasks == () and over.turn is None
    assert verdict(over, "draw") == (
        True, "flip7.dealer-rotates",
        f"Deal the next round: {next_dealer} deals, with the rest of the deck.",
        (f"Distribuez les cartes de la manche suivante : c'est à {next_dealer} de donner, avec "
        "le reste de la pioche."))
    assert verdict(over, "stay") == (
        False, "flip7.round-end", "The round is over: deal the next round (draw).",
        "La manche est terminée : distribuez les cartes de la manche suivante (pioche).")
    dealt = over.play("draw")
    seat = ("Ann", "Bob", "Cy", "Dee").index(next_dealer)
    assert dealt.dealer == seat and dealt.round == 4


# ---------------------------------------------------------------- stay


@pytest.mark.parametrize("line, en, fr", [
    ("1", "Ann leaves the round, keeping 1 point.", "Ann sort de la manche et marquera 1."),
    ("0", "Ann leaves the round, keeping 0 points.", "Ann sort de la manche et marquera 0."),
    ("+4, Second Chance", "Ann leaves the round, keeping 4 points.",
     "Ann sort de la manche et marquera 4."),
    ("5, 6, ×2", "Ann leaves the round, keeping 22 points.",
     "Ann sort de la manche et marquera 22."),
    ("12, 11, x2, +4", "Ann leaves the round, keeping 50 points.",
     "Ann sort de la manche et marquera 50."),
])
def test_flip7_stay_reason_names_the_points_kept_word_for_word(line, en, fr):
    state = position(f"players: Ann, Bob, Cy\nAnn: {line}\nBob: 3\nCy: -\nturn: Ann")
    assert verdict(state, "stay") == (True, "flip7.stay", en, fr)
    assert verdict(state, "hit") == (True, "flip7.hit", "Ann draws one more card, face up.",
                                     "Ann pioche une carte de plus, face visible.")


def test_flip7_stay_needs_a_card_word_for_word():
    state = position("players: Ann, Bob, Cy\nAnn: -\nBob: 3\nCy: -\nturn: Ann")
    assert verdict(state, "stay") == (
        False, "flip7.stay-needs-a-card",
        "Ann has no card yet, so Ann cannot stay: Ann must hit.",
        "Ann n'a encore aucune carte, donc ne peut pas dire stop : il faut dire encore.")
    assert state.legal_moves() == (flip7.HIT,)
