"""Tests that mutation testing (benchmarks/mutation.py) showed were missing.

Each one pins a behaviour that a small change to the engine could break without
any other test failing. Public API only: new_game, position, play, check,
legal_moves, to_text, render_html, save and load.
"""

import pytest

from doublesept import IllegalMove, PositionError, load, save, sevens
from doublesept.sevens import DEAL, PASS

card = sevens.parse_card


def pos(text):
    return sevens.position(text)


def hand_texts(state):
    return [" ".join(str(c) for c in hand) for hand in state.hands]


def finish_round(state):
    while not state.is_round_over:
        state = state.play(state.legal_moves()[0])
    return state


def round_over_position():
    return pos("""
    players: Ann, Bob, Cy
    round: 2 of 3
    scores: 2, 0, 5
    table: 7♦
    Ann: 8♦
    Bob: 6♦ 5♦
    Cy: ...
    turn: Ann
    """).play("8♦")


# ---- sevens.deal: the dealer is one of the players


@pytest.mark.parametrize("players", [3, 4, 8])
def test_sevens_deal_dealer_must_be_a_player_number(players):
    last = sevens.new_game(players, seed=1, dealer=players - 1)
    assert last.dealer == players - 1
    assert sevens.new_game(players, seed=1, dealer=0).dealer == 0
    for dealer in (players, players + 1, -1):
        with pytest.raises(PositionError, match=r"dealer \(a player number\): must be from 0 "
                                                rf"to {players - 1}, not {dealer}"):
            sevens.new_game(players, seed=1, dealer=dealer)


def test_sevens_deal_default_dealer_is_the_last_player():
    game = sevens.new_game(["Ann", "Bob", "Cy"], seed=3)
    assert game.dealer == 2
    assert game.hand_sizes() == [18, 17, 17]  # the first card goes to the first player named


# ---- sevens.deal and sevens.deal-rotates: later deals come from the seed and the round

SEED_2026_ROUND_2 = [
    "A♣ 4♣ 2♦ 5♦ 6♦ 10♦ 2♥ 9♥ 6♠ 7♠ 9♠ J♠ Q♠",
    "2♣ 5♣ 6♣ 8♣ J♣ Q♣ 7♦ Q♦ A♥ 6♥ J♥ 3♠ 5♠",
    "3♣ 9♣ 10♣ 3♦ 8♦ 5♥ 8♥ K♥ A♠ 4♠ 8♠ 10♠ K♠",
    "7♣ K♣ A♦ 4♦ 9♦ J♦ K♦ 3♥ 4♥ 7♥ 10♥ Q♥ 2♠",
]
SEED_2026_ROUND_3 = [
    "2♣ 3♣ 4♣ 5♣ 10♣ 2♦ 7♦ A♥ 8♥ A♠ 6♠ 10♠ K♠",
    "9♣ K♣ 3♦ 2♥ 6♥ 7♥ Q♥ K♥ 3♠ 4♠ 5♠ 9♠ J♠",
    "A♣ 8♣ J♣ Q♣ 10♦ J♦ Q♦ K♦ 3♥ 5♥ 9♥ 10♥ 7♠",
    "6♣ 7♣ A♦ 4♦ 5♦ 6♦ 8♦ 9♦ 4♥ J♥ 2♠ 8♠ Q♠",
]


def test_sevens_deal_rotates_rounds_2_and_3_are_pinned_to_the_seed_and_round():
    state = sevens.new_game(["Ann", "Bob", "Cy", "Dee"], seed=2026)
    assert hand_texts(state)[0] == "A♣ 4♣ 6♣ J♣ K♣ 2♦ 3♦ K♦ 2♥ 2♠ 3♠ 6♠ 9♠"
    state = finish_round(state)
    assert state.scores == (0, 1, 2, 3)
    state = state.play("deal")
    assert (state.round, state.dealer, state.turn, state.scores) == (2, 0, 1, (0, 1, 2, 3))
    assert hand_texts(state) == SEED_2026_ROUND_2
    assert state.to_move == state.holder("7♦") == 1
    state = finish_round(state)
    assert state.scores == (2, 1, 6, 5)
    state = state.play(DEAL)
    assert (state.round, state.dealer, state.turn) == (3, 1, 0)
    assert hand_texts(state) == SEED_2026_ROUND_3
    # the deal does not depend on the moves of the round before, only on the seed and round
    other = sevens.new_game(["Ann", "Bob", "Cy", "Dee"], seed=2026)
    while not other.is_round_over:
        other = other.play(other.legal_moves()[-1])
    assert hand_texts(other.play("deal")) == SEED_2026_ROUND_2
    # and a save replays the same deals
    assert load(save(state)) == state


def test_sevens_deal_round_2_with_3_players_starts_left_of_the_new_dealer():
    state = finish_round(sevens.new_game(3, seed=5))  # dealer 2: player 0 had 18 cards
    assert state.dealer == 2
    nxt = state.play("deal")
    assert nxt.dealer == 0 and nxt.hand_sizes() == [17, 18, 17]
    third = finish_round(nxt).play("deal")
    assert third.dealer == 1 and third.hand_sizes() == [17, 17, 18]


# ---- sevens.round-end: a finished round as text reads back


def test_sevens_round_end_text_of_a_finished_round_reads_back():
    over = round_over_position()
    text = over.to_text()
    assert "turn: -" in text.splitlines()
    assert "Ann: -" in text.splitlines()
    assert "scores: 2, 2, 53" in text.splitlines()
    back = sevens.position(text)
    assert back == over
    assert back.is_round_over and not back.is_over and back.round_winner == 0
    assert back.legal_moves() == (DEAL,)
    for style in ("letter", "fr"):
        assert sevens.position(over.to_text(style)) == over


def test_sevens_round_end_text_of_a_finished_match_reads_back():
    state = sevens.new_game(4, seed=12, rounds=1)
    over = finish_round(state)
    assert over.is_over
    back = sevens.position(over.to_text())
    assert back == over and back.is_over and back.winners == over.winners


# ---- cards.notation: the emoji form of a suit


def test_cards_notation_emoji_variation_selector_reads_as_the_plain_suit():
    game = sevens.new_game(4, seed=7)
    emoji = "7\u2666\ufe0f"  # 7♦️, as phones and emoji keyboards write it
    assert card(emoji) is card("7♦")
    verdict = game.check(emoji)
    assert verdict.legal and verdict.move is card("7♦")
    assert game.play(emoji) == game.play("7♦")
    assert game.play(emoji).last_move is card("7♦")
    assert card("10\u2665\ufe0f") is card("10♥")


# ---- sevens.penalty: nothing is scored while the round is on


def test_sevens_penalty_round_penalties_are_zero_while_the_round_is_on():
    game = sevens.new_game(5, seed=4)
    assert game.round_penalties() == [0, 0, 0, 0, 0]
    state = game
    for _ in range(12):
        state = state.play(state.legal_moves()[0])
        assert state.round_penalties() == [0] * 5
        assert state.scores == (0,) * 5
        assert not state.is_round_over and state.round_winner is None
    over = round_over_position()
    assert over.round_penalties() == [0, 2, 48]


# ---- sevens.build: the exact reasons for a card whose row has not started

WAITING = [
    ("A♥", "Does not fit: A♥ waits for a heart row that reaches the 2",
     "Ne convient pas : l'A♥ attend une rangée de cœur qui atteigne le 2"),
    ("2♥", "Does not fit: 2♥ waits for a heart row that reaches the 3",
     "Ne convient pas : le 2♥ attend une rangée de cœur qui atteigne le 3"),
    ("5♥", "Does not fit: 5♥ waits for a heart row that reaches the 6",
     "Ne convient pas : le 5♥ attend une rangée de cœur qui atteigne le 6"),
    ("6♥", "Does not fit: 6♥ waits for 7♥", "Ne convient pas : le 6♥ attend le 7♥"),
    ("8♥", "Does not fit: 8♥ waits for 7♥", "Ne convient pas : le 8♥ attend le 7♥"),
    ("9♥", "Does not fit: 9♥ waits for a heart row that reaches the 8",
     "Ne convient pas : le 9♥ attend une rangée de cœur qui atteigne le 8"),
    ("Q♥", "Does not fit: Q♥ waits for a heart row that reaches the jack",
     "Ne convient pas : la D♥ attend une rangée de cœur qui atteigne le valet"),
    ("K♥", "Does not fit: K♥ waits for a heart row that reaches the queen",
     "Ne convient pas : le R♥ attend une rangée de cœur qui atteigne la dame"),
    ("J♠", "Does not fit: J♠ waits for a spade row that reaches the 10",
     "Ne convient pas : le V♠ attend une rangée de pique qui atteigne le 10"),
]


@pytest.mark.parametrize(("text", "en", "fr"), WAITING)
def test_sevens_build_reason_names_the_card_a_row_must_reach(text, en, fr):
    game = pos("""
    players: Ann, Bob, Cy
    table: 7♦
    Ann: A♥ 2♥ 5♥ 6♥ 8♥ 9♥ Q♥ K♥ J♠ ...
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    verdict = game.check(text)
    assert (verdict.legal, verdict.rule_id) == (False, "sevens.build")
    assert verdict.reason_en == en
    assert verdict.reason_fr == fr


# ---- sevens.deal-rotates: the exact reason for the deal, under each opening

DEAL_EN = "Deal the next round: the deal passes one place to the left, and "
DEAL_FR = ("Distribuez les cartes de la manche suivante : la donne passe d'une place vers la "
           "gauche, et ")
DEAL_REASONS = [
    ({}, "the holder of 7♦ opens again.", "le détenteur du 7♦ ouvre de nouveau."),
    ({"opening": "7♥"}, "the holder of 7♥ opens again.", "le détenteur du 7♥ ouvre de nouveau."),
    ({"opening": "any"}, "the player left of the new dealer starts.",
     "le joueur à gauche du nouveau donneur commence."),
    ({"opening": "all-sevens"}, "the 7s are laid out and the holder of 7♦ starts.",
     "les 7 sont posés et le détenteur du 7♦ commence."),
]


@pytest.mark.parametrize(("options", "en", "fr"), DEAL_REASONS)
def test_sevens_deal_rotates_reason_of_the_deal_verdict(options, en, fr):
    over = finish_round(sevens.new_game(4, seed=6, **options))
    verdict = over.check("deal")
    assert verdict == (DEAL, True, "sevens.deal-rotates", DEAL_EN + en, DEAL_FR + fr)


# ---- the move a refusal carries


def test_sevens_from_hand_refusal_carries_the_move_as_read(seed_003_example):
    verdict = seed_003_example.check("kc")  # K♣, written in letters
    assert not verdict.legal and verdict.move is card("K♣")
    with pytest.raises(IllegalMove) as err:
        seed_003_example.play("kc")
    assert err.value.move is card("K♣")
    assert err.value.rule_id == verdict.rule_id == "sevens.from-hand"
    assert (err.value.reason_en, err.value.reason_fr) == (verdict.reason_en, verdict.reason_fr)


def test_sevens_must_play_refusal_carries_pass(seed_003_example):
    assert seed_003_example.check("passe").move is PASS
    with pytest.raises(IllegalMove) as err:
        seed_003_example.play("pass")
    assert err.value.move is PASS and err.value.rule_id == "sevens.must-play"


def test_sevens_round_end_refusal_carries_the_move():
    over = round_over_position()
    verdict = over.check("9♦")
    assert verdict.move is card("9♦") and verdict.rule_id == "sevens.round-end"
    with pytest.raises(IllegalMove) as err:
        over.play("pass")
    assert err.value.move is PASS and err.value.rule_id == "sevens.round-end"
    game = sevens.new_game(4, seed=2)
    with pytest.raises(IllegalMove) as err:
        game.play("deal")
    assert err.value.move is DEAL and err.value.rule_id == "sevens.round-end"


def test_cards_notation_refusal_carries_the_raw_text():
    game = sevens.new_game(4, seed=2)
    verdict = game.check("11♦")
    assert verdict.move == "11♦" and verdict.rule_id == "cards.notation" and not verdict.legal


# ---- the picture with hidden hands shows no card of any hand


def all_hand_cards(state):
    return [c for hand in state.hands for c in hand]


def test_sevens_from_hand_hidden_hands_are_not_in_the_html(seed_003_example):
    for state in (sevens.new_game(4, seed=3), seed_003_example,
                  seed_003_example.play("5♦")):
        hidden = sevens.render_html(state, show_hands=False)
        shown = sevens.render_html(state, show_hands=True)
        held = all_hand_cards(state)
        assert held
        for c in held:
            assert str(c) not in hidden, f"{c} is in a hand but shows in the hidden picture"
            assert str(c) in shown
        for c in state.table:
            assert str(c) in hidden
        for size in state.hand_sizes():
            assert f"{size} cards" in hidden


def test_sevens_from_hand_widget_picture_hides_the_hands(seed_003_example):
    widgets = pytest.importorskip("doublesept.widgets")
    table = widgets.SevensTable(seed_003_example, show_hands=False)
    picture = table._repr_mimebundle_()[0]["text/html"]
    for c in all_hand_cards(seed_003_example):
        assert str(c) not in picture
    table.show_hands = True
    picture = table._repr_mimebundle_()[0]["text/html"]
    assert all(str(c) in picture for c in all_hand_cards(seed_003_example))
