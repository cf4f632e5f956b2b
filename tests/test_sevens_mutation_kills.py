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
                       ("You cannot pass: you have used your 3 passes, and 6♣ and 8♦ fit, so "
                       "you must play."),
                       ("Vous ne pouvez pas passer : vous avez épuisé vos 3 passes, et le 6♣ et "
                       "le 8♦ conviennent, vous devez jouer."))
    assert verdict.move is PASS


def test_sevens_free_passes_used_up_with_one_card_that_fits_word_for_word():
    verdict = narabe(passes="3, 0, 0").check("pass")
    assert verdict == (PASS, False, "sevens.free-passes",
                       ("You cannot pass: you have used your 3 passes, and 8♦ fits, so you must "
                       "play."),
                       ("Vous ne pouvez pas passer : vous avez épuisé vos 3 passes, et le 8♦ "
                       "convient, vous devez jouer."))
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
     ("You pass, as no card fits: 0 free passes left; it is your pass number 4, so you are "
     "out of the hand"),
     ("Vous passez, aucune carte ne convient : il ne reste aucune passe libre ; c'est votre "
     "passe numéro 4, vous sortez de la main")),
]


@pytest.mark.parametrize(("used", "rule_id", "en", "fr"), NO_FIT_PASSES)
def test_sevens_free_passes_a_forced_pass_counts_word_for_word(used, rule_id, en, fr):
    state = narabe(passes=f"{used}, 0, 0", ann="A♣ A♦")
    assert state.check("pass") == (PASS, True, rule_id, en, fr)
    assert state.play("pass").passes[0] == used + 1


# ---- sevens.penalty, sevens.face-value, sevens.court-cards-ten, sevens.hand-winner: a
# hand's points, a suit at a time


PENALTY_HANDS = ["K♣", "A♦ Q♦", "J♥ 2♥", "K♠ A♠", "K♣ Q♦ J♥ K♠", ""]
PENALTIES = {
    "cards": [1, 2, 2, 2, 4, 0],
    "face": [13, 13, 13, 14, 49, 0],
    "face-ace-15": [13, 27, 13, 28, 49, 0],
    "face-court-10": [10, 11, 12, 11, 40, 0],
    "winner": [1, 1, 1, 1, 1, 0],
}


@pytest.mark.parametrize("scoring", sorted(PENALTIES))
def test_sevens_penalty_of_a_hand_in_every_suit_under_every_scoring(scoring):
    rules = sevens.SevensRules(scoring=scoring)
    masks = [sum(c.bit for c in sevens.parse_cards(hand)) for hand in PENALTY_HANDS]
    assert [rules.penalty(mask) for mask in masks] == PENALTIES[scoring]
    # a seven penalty adds its points for each 7 held, whatever the scoring
    sevens_held = sum(c.bit for c in sevens.parse_cards("7♣ 7♠ K♠"))
    plus = sevens.SevensRules(scoring=scoring, seven_penalty=5).penalty(sevens_held)
    assert plus == rules.penalty(sevens_held) + 10


# ---- sevens.build and sevens.aces-low: the refusals below a row, and a card waiting for
# its row


WAITING = """
players: Ann, Bob, Cy
table: 7♦ 5♣-K♣ 5♠-10♠
Ann: 3♣ A♠ 9♥ K♥ 8♥ 6♥ 8♦
Bob: ...
Cy: ...
turn: Ann
"""

WAITING_VERDICTS = [
    ("3♣", "Does not fit: the next club down is 4♣",
     "Ne convient pas : le trèfle suivant vers le bas est le 4♣"),
    ("A♠", "Does not fit: the next spade down is 4♠",
     "Ne convient pas : le pique suivant vers le bas est le 4♠"),
    ("9♥", "Does not fit: 9♥ waits for a heart row that reaches the 8",
     "Ne convient pas : le 9♥ attend une rangée de cœur qui atteigne le 8"),
    ("K♥", "Does not fit: K♥ waits for a heart row that reaches the queen",
     "Ne convient pas : le R♥ attend une rangée de cœur qui atteigne la dame"),
    ("8♥", "Does not fit: 8♥ waits for 7♥", "Ne convient pas : le 8♥ attend le 7♥"),
    ("6♥", "Does not fit: 6♥ waits for 7♥", "Ne convient pas : le 6♥ attend le 7♥"),
]


@pytest.mark.parametrize(("move", "en", "fr"), WAITING_VERDICTS)
def test_sevens_build_refusals_below_a_row_and_before_it_word_for_word(move, en, fr):
    state = pos(WAITING)
    assert state.check(move) == (card(move), False, "sevens.build", en, fr)
    assert state.legal_moves() == (card("8♦"),)


# ---- sevens.tie-break-deal with chips: only the tied players ante


TIED_CHIPS = """
players: Ann, Bob, Cy
dealer: Cy
round: 2 of 2
rules: scoring=winner, chips=10, tie_break=extra-deal
chips: 7, 13, 7
pot: 3
table: 7♦
Ann: 8♦
Bob: ...
Cy: ...
turn: Ann
"""


def test_sevens_tie_break_deal_with_chips_only_the_tied_players_ante():
    over = pos(TIED_CHIPS).play("8♦")
    assert (over.chips, over.pot, over.tied) == ((12, 12, 6), 0, (0, 1))
    assert over.events[-1] == (
        "tie", (0, 1), "sevens.tie-break-deal",
        "Ann and Bob are tied for the win: one more deal between them decides the match.",
        "Ann et Bob sont à égalité : une donne de plus entre eux décide de la partie.")
    assert over.check("deal") == (
        sevens.DEAL, True, "sevens.tie-break-deal",
        ("Deal the tie-break: Ann and Bob are tied for the win and play one more deal; its "
        "winner wins the match."),
        ("Distribuez la donne de départage : Ann et Bob sont à égalité et jouent une donne de "
        "plus ; son gagnant gagne la partie."))
    # a card or a pass between rounds is refused, tie or not
    for move in ("pass", "8♦"):
        assert over.check(move) == (
            sevens.parse_move(move), False, "sevens.round-end",
            "The round is over: deal the next round.",
            "La manche est terminée : distribuez la manche suivante.")
    extra = over.play("deal")
    assert (extra.chips, extra.pot, extra.tie_break_players) == ((11, 11, 6), 2, (0, 1))
    assert extra.hand_sizes() == [26, 26, 0]
    assert [tuple(e) for e in extra.events[:2]] == [
        ("dealt", (0,), "sevens.tie-break-deal",
         "The tie-break deal between Ann and Bob is dealt by Ann; the others sit out.",
         ("La donne de départage entre Ann et Bob est distribuée par Ann ; les autres ne "
         "jouent pas.")),
        ("antes", (0, 1), "sevens.ante",
         "Each player puts 1 chip into the pot: the pot holds 2.",
         "Chaque joueur met 1 jeton au pot : le pot contient 2.")]
    seen = extra.observation(None)
    assert (seen["chips"], seen["pot"], seen["tie_break"]) == ([11, 11, 6], 2, [0, 1])


# ---- Fan Tan (once played on its own fast path): the 7s that fit, and a tie-break's seat out


def test_sevens_flexible_opener_fan_tan_the_other_sevens_fit_once_one_is_down():
    # moves as Card values and as text: the same state either way
    game = sevens.new_game(3, seed=5, preset="fan-tan")
    assert game.legal_moves() == (card("7♥"), PASS)
    opened = game.play(card("7♥"))
    assert " ".join(map(str, opened.fitting_cards())) == "7♣ 7♦ 6♥ 8♥ 7♠"
    assert opened.legal_moves() == (card("7♣"), card("8♥"), card("7♠"), PASS)
    built = opened.play(card("8♥"))
    assert " ".join(map(str, built.fitting_cards())) == "7♣ 7♦ 6♥ 9♥ 7♠"
    second = built.play(card("7♦"))  # a 7 on a table already open: no 7 on the table fits
    assert " ".join(map(str, second.fitting_cards())) == "7♣ 6♦ 8♦ 6♥ 9♥ 7♠"
    assert second == built.play("7♦")  # the text gives the same state


def test_sevens_opening_fan_tan_passing_with_7d_the_other_sevens_fit_once_it_is_down():
    game = sevens.new_game(3, seed=5, passing="fan-tan", chips=20)
    assert " ".join(map(str, game.fitting_cards())) == "7♦"
    opened = game.play(card("7♦"))
    assert " ".join(map(str, opened.fitting_cards())) == "7♣ 6♦ 8♦ 7♥ 7♠"
    assert opened == game.play("7♦")


FAN_TAN_TIE_BREAK = """
players: Ann, Bob, Cy
dealer: Ann
round: 3 of 2
tie-break: Ann, Bob
rules: passing=fan-tan, chips=10, tie_break=extra-deal
scores: 0, 1, 1
chips: 11, 11, 6
pot: 2
table: 7♦
Ann: ...
Bob: {bob}
Cy: -
turn: Bob
"""


def test_sevens_tie_break_deal_fan_tan_skips_the_player_who_sits_out():
    state = pos(FAN_TAN_TIE_BREAK.format(bob="6♦ 5♦ K♥ K♠ Q♠"))
    assert state.legal_moves() == (card("6♦"), PASS)
    after_card = state.play(card("6♦"))  # a Card value
    assert (after_card.turn, after_card.chips, after_card.pot) == (0, (11, 11, 6), 2)
    after_pass = state.play(PASS)  # a voluntary pass: 5 chips, then Ann (Cy sits out)
    assert (after_pass.turn, after_pass.chips, after_pass.pot) == (0, (11, 6, 6), 7)
    assert after_pass.events == ((
        "pass-paid", (1,), "sevens.voluntary-pass",
        "Bob pays 5 chips into the pot for a voluntary pass; the pot holds 7.",
        "Bob verse 5 jetons au pot pour une passe volontaire ; le pot contient 7."),)
    ann = after_card.play(card("7♣"))
    assert ann.turn == 1 and ann.play(card("5♦")).turn == 0
    assert after_card == state.play("6♦")  # the general path gives the same state
    stuck = pos(FAN_TAN_TIE_BREAK.format(bob="K♥ K♠ Q♠"))  # no card fits: 1 chip
    forced = stuck.play(PASS)
    assert (forced.turn, forced.chips, forced.pot) == (0, (11, 10, 6), 3)
    assert forced.events[0].rule_id == "sevens.pass-chip"


# ---- sevens.german-start: a start card starting its row, word for word

GERMAN_STARTS = [
    ("unter", "J♦ J♣", "J♥", "Fits: any jack (Unter) starts its suit's row",
     "Se pose : tout valet (Unter) lance la rangée de sa couleur"),
    ("ober", "Q♦", "Q♥", "Fits: any queen (Ober) starts its suit's row",
     "Se pose : toute dame (Ober) lance la rangée de sa couleur"),
    ("7", "7♦", "7♥", "Fits: any 7 starts its suit's row",
     "Se pose : tout 7 lance la rangée de sa couleur"),
]


@pytest.mark.parametrize(("start", "table", "move", "en", "fr"), GERMAN_STARTS)
def test_sevens_german_start_a_start_card_starts_its_row_word_for_word(start, table, move, en,
                                                                      fr):
    state = pos(f"""
    players: Ann, Bob, Cy
    rules: deck=german, row_start={start}
    table: {table}
    Ann: {move} ...
    Bob: 8♣
    Cy: A♣
    turn: Ann
    """)
    assert state.check(move) == (card(move), True, "sevens.german-start", en, fr)
    assert state.play(move).row(card(move).suit) == (card(move), card(move))


# ---- sevens.runs: a text that starts with a dash is read as a card, not a run


def test_sevens_runs_a_move_starting_with_a_dash_is_read_as_one_card():
    verdict = sevens.new_game(4, seed=1, runs="on").check("-8♦-10♦")
    assert (verdict.legal, verdict.rule_id) == (False, "cards.notation")
    assert verdict.reason_en == ("'-8♦' is not a card: the rank '-8' is not one of A 2-10 J Q K "
                                 "(or French V D R)")
    assert verdict.reason_fr == "'-8♦' n'est pas une carte : le rang '-8' n'est pas A 2-10 V D R (ni J Q K)"


# ---- one class plays every variant (issue 22): the old class names still name it


def test_sevens_every_preset_plays_on_one_state_class_and_the_old_names_alias_it():
    from doublesept.sevens.state import FanTanState, SevensVariantState

    for options in ({}, {"tie_break": "extra-deal"}, {"runs": "on"},
                    *({"preset": name} for name in sevens.PRESETS)):
        assert type(sevens.new_game(4, seed=1, **options)) is sevens.SevensState
    assert SevensVariantState is FanTanState is sevens.SevensState
