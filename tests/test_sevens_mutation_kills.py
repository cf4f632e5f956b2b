"""Tests that kill the mutants a sampled mutation run of Sevens left alive
(``benchmarks/mutation.py --game sevens --sample 100 --seed 0``).

Each pins a whole value (a verdict, an error's English and French words, an event) that
the other tests only looked at in part. Public API only.
"""

import pytest

from doublesept import NotationError, sevens
from doublesept.sevens import PASS

card = sevens.parse_card


def pos(text):
    return sevens.position(text)


NARABE = """
players: Ann, Bob, Cy
rules: opening=all-sevens, passing=shichi-narabe
passes: {passes}
table: 7♣ 7♦ 7♥ 7♠
Ann: {ann}
Bob: ...
Cy: ...
turn: Ann
"""


def narabe(passes="0, 0, 0", ann="8♦ A♣"):
    return pos(NARABE.format(passes=passes, ann=ann))


# ---- sevens.build and sevens.german-start: the cards that fit each row's ends. The rules
# build these tables when the engine is imported, so this test comes first in its file: the
# mutation run tries a mutant of what runs at import on the first test of each file.

ROW_FITS = [
    ("", "7♦ 2♣-Q♣ A♥-K♥ 6♠-9♠", "A♣ K♣ 6♦ 8♦ 5♠ 10♠"),
    ("", "7♦-8♦ 3♣-7♣ 7♥-K♥ A♠-7♠", "2♣ 8♣ 6♦ 9♦ 6♥ 8♠"),
    ("", "A♦-Q♦ 7♠", "7♣ K♦ 7♥ 6♠ 8♠"),
    ("deck=german", "7♦-10♦ 7♠-Q♠", "7♣ J♦ 7♥ K♠"),
    ("deck=german", "7♦ 7♣-K♣ 7♥-A♥", "A♣ 8♦ 7♠"),
    ("deck=german, row_start=unter", "J♦", "J♣ 10♦ Q♦ J♥ J♠"),
    ("deck=german, row_start=unter", "8♦-K♦ 7♠-A♠ 10♣-Q♣", "9♣ K♣ A♦ 7♦ J♥"),
    ("deck=german, row_start=unter", "J♦-A♦ 9♠-J♠", "J♣ 10♦ J♥ 8♠ Q♠"),
    ("deck=german, row_start=ober", "Q♦ 9♠-A♠ 7♥-K♥", "Q♣ J♦ K♦ A♥ 8♠"),
    ("deck=german, row_start=ober", "8♦-A♦ Q♣-K♣", "A♣ J♣ 7♦ Q♥ Q♠"),
]


def test_sevens_build_the_cards_that_fit_every_kind_of_row_in_both_decks():
    for rules, table, fitting in ROW_FITS:
        state = pos(f"players: Ann, Bob, Cy\n{f'rules: {rules}' if rules else ''}\n"
                    f"table: {table}\nAnn: ...\nBob: ...\nCy: ...\nturn: Ann")
        assert " ".join(map(str, state.fitting_cards())) == fitting, (rules, table)
        for c in fitting.split():
            assert state.fits(c)


# ---- sevens.runs: a run is written with two cards of one suit


@pytest.mark.parametrize("text", ["8♦-10♠", "8♦-8♠", "9♥-9♥"])
def test_sevens_runs_two_ends_not_of_one_suit_are_refused_word_for_word(text):
    with pytest.raises(NotationError) as raised:
        sevens.parse_move(text)
    assert raised.value.reason_en == (
        "a run is written with its first and last card, two cards of one suit such as "
        f"'8♦-10♦'; not {text}")
    assert str(raised.value) == raised.value.reason_en
    assert raised.value.reason_fr == (
        "une suite s'écrit avec sa première et sa dernière carte, deux cartes d'une couleur "
        f"comme « 8♦-10♦ » ; pas {text}")
    verdict = sevens.new_game(4, seed=1, runs="on").check(text)
    assert (verdict.legal, verdict.rule_id) == (False, "cards.notation")
    assert verdict.reason_en == raised.value.reason_en


# ---- sevens.free-passes: the words of a pass, one card that fits or several


def test_sevens_free_passes_used_up_with_two_cards_that_fit_word_for_word():
    state = narabe(passes="3, 0, 0", ann="8♦ 6♣ A♣")
    verdict = state.check("pass")
    assert verdict == (PASS, False, "sevens.free-passes",
                       "You cannot pass: you have used your 3 passes, and 6♣ and 8♦ fit, so "
                       "you must play.",
                       "Vous ne pouvez pas passer : vous avez épuisé vos 3 passes, et le 6♣ et "
                       "le 8♦ conviennent, vous devez jouer.")
    assert verdict.move is PASS


def test_sevens_free_passes_used_up_with_one_card_that_fits_word_for_word():
    verdict = narabe(passes="3, 0, 0").check("pass")
    assert verdict == (PASS, False, "sevens.free-passes",
                       "You cannot pass: you have used your 3 passes, and 8♦ fits, so you must "
                       "play.",
                       "Vous ne pouvez pas passer : vous avez épuisé vos 3 passes, et le 8♦ "
                       "convient, vous devez jouer.")
    assert verdict.move is PASS


def test_sevens_free_passes_the_last_free_pass_word_for_word():
    assert narabe(passes="2, 0, 0").check("pass") == (
        PASS, True, "sevens.free-passes",
        "You pass although 8♦ fits: a free pass, 0 left",
        "Vous passez alors que le 8♦ convient : une passe libre, il n'en reste plus")
    assert narabe(passes="1, 0, 0", ann="8♦ 6♣ A♣").check("pass") == (
        PASS, True, "sevens.free-passes",
        "You pass although 6♣ and 8♦ fit: a free pass, 1 left",
        "Vous passez alors que le 6♣ et le 8♦ conviennent : une passe libre, il en reste 1")


NO_FIT_PASSES = [
    (0, "sevens.free-passes", "You pass, as no card fits: 2 free passes left",
     "Vous passez, aucune carte ne convient : il reste 2 passes libres"),
    (1, "sevens.free-passes", "You pass, as no card fits: 1 free pass left",
     "Vous passez, aucune carte ne convient : il reste 1 passe libre"),
    (2, "sevens.free-passes", "You pass, as no card fits: 0 free passes left",
     "Vous passez, aucune carte ne convient : il ne reste aucune passe libre"),
    (3, "sevens.last-pass",
     "You pass, as no card fits: 0 free passes left; it is your pass number 4, so you are "
     "out of the hand",
     "Vous passez, aucune carte ne convient : il ne reste aucune passe libre ; c'est votre "
     "passe numéro 4, vous sortez de la main"),
]


@pytest.mark.parametrize(("used", "rule_id", "en", "fr"), NO_FIT_PASSES)
def test_sevens_free_passes_a_forced_pass_counts_word_for_word(used, rule_id, en, fr):
    state = narabe(passes=f"{used}, 0, 0", ann="A♣ A♦")
    assert state.check("pass") == (PASS, True, rule_id, en, fr)
    assert state.play("pass").passes[0] == used + 1
