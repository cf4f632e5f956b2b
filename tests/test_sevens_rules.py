"""Unit tests named after the rule ids of the Sevens catalog (sevens.*)."""

import pytest

from doublesept import CHANCE, IllegalMove, PositionError, sevens
from doublesept.sevens import DEAL, PASS


def pos(text):
    return sevens.position(text)


def names(moves):
    return [str(m) for m in moves]


def play_out(state, choose=lambda moves: moves[0]):
    while not state.is_round_over:
        state = state.play(choose(state.legal_moves()))
    return state


# ---- sevens.players


@pytest.mark.parametrize("count", [3, 4, 5, 6, 7, 8])
def test_sevens_players_3_to_8_allowed(count):
    assert sevens.new_game(count, seed=1).players == count


@pytest.mark.parametrize("count", [0, 1, 2, 9, 12])
def test_sevens_players_outside_3_to_8_refused(count):
    with pytest.raises(PositionError, match="3 to 8 players"):
        sevens.new_game(count)


# ---- sevens.deal


@pytest.mark.parametrize("count", [3, 4, 5, 6, 7, 8])
def test_sevens_deal_all_52_cards_one_at_a_time(count):
    game = sevens.new_game(count, seed=11)
    sizes = game.hand_sizes()
    assert sum(sizes) == 52
    # one at a time from the dealer's left: the first 52 % n players get one card more
    first = (game.dealer + 1) % count
    expected = [52 // count + (1 if (p - first) % count < 52 % count else 0) for p in range(count)]
    assert sizes == expected


def test_sevens_deal_same_seed_same_deal():
    assert sevens.new_game(4, seed=5) == sevens.new_game(4, seed=5)
    assert sevens.new_game(4, seed=5).hands != sevens.new_game(4, seed=6).hands


def test_sevens_deal_starts_left_of_dealer():
    # with 3 players, 52 = 3 * 17 + 1: the one extra card goes to the dealer's left
    for dealer in range(3):
        game = sevens.new_game(3, seed=2, dealer=dealer)
        assert game.hand_sizes()[(dealer + 1) % 3] == 18


# ---- sevens.opening


def test_sevens_opening_holder_of_seven_of_diamonds_opens():
    for seed in range(20):
        game = sevens.new_game(5, seed=seed)
        assert game.to_move == game.holder("7♦")
        assert names(game.legal_moves()) == ["7♦"]


def test_sevens_opening_other_card_refused_first():
    game = pos("""
    players: Ann, Bob, Cy
    Ann: 7♦ 7♣ ...
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    verdict = game.check("7♣")
    assert not verdict.legal and verdict.rule_id == "sevens.opening"
    with pytest.raises(IllegalMove) as err:
        game.play("7♣")
    assert err.value.rule_id == "sevens.opening"
    assert game.check("7♦").legal and game.check("7♦").rule_id == "sevens.opening"


def test_sevens_opening_position_needs_seven_of_diamonds_first():
    with pytest.raises(PositionError, match="7♦ opens"):
        pos("players: A1, B1, C1\ntable: 7♣\nA1: ...\nB1: ...\nC1: ...\nturn: A1")
    with pytest.raises(PositionError, match="holds 7♦"):
        pos("players: A1, B1, C1\nA1: 7♣\nB1: 7♦ ...\nC1: ...\nturn: A1")


# ---- sevens.turn-order


def test_sevens_turn_order_passes_left():
    game = sevens.new_game(4, seed=3)
    opener = game.to_move
    after = game.play("7♦")
    assert after.to_move == (opener + 1) % 4
    # a pass also hands the turn to the left
    state = after
    while state.legal_moves() != (PASS,):
        state = state.play(state.legal_moves()[0])
    mover = state.to_move
    assert state.play("pass").to_move == (mover + 1) % 4


# ---- sevens.from-hand


def test_sevens_from_hand_card_not_held_refused(seed_003_example):
    verdict = seed_003_example.check("5♥")
    assert not verdict.legal and verdict.rule_id == "sevens.from-hand"
    assert "Ann does not hold 5♥" in verdict.reason_en
    verdict = seed_003_example.check("7♦")
    assert verdict.rule_id == "sevens.from-hand" and "already on the table" in verdict.reason_en


# ---- sevens.seven-starts-row


def test_sevens_seven_starts_row_any_seven():
    game = pos("""
    players: Ann, Bob, Cy
    table: 7♦
    Ann: 7♣ 7♥ 7♠ ...
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    for seven in ("7♣", "7♥", "7♠"):
        verdict = game.check(seven)
        assert verdict.legal and verdict.rule_id == "sevens.seven-starts-row"
    assert game.play("7♥").row("♥") == (sevens.parse_card("7♥"),) * 2


# ---- sevens.build


def test_sevens_build_next_card_at_either_end(seed_003_example):
    assert names(seed_003_example.legal_moves()) == ["5♦", "9♦", "8♠"]
    for text, fits in [("5♦", True), ("9♦", True), ("8♠", True), ("6♣", False), ("K♥", False)]:
        assert seed_003_example.check(text).legal is fits
    after = seed_003_example.play("5♦")
    assert after.row("♦") == (sevens.parse_card("5♦"), sevens.parse_card("8♦"))


def test_sevens_build_gap_refused_and_named():
    game = pos("""
    players: Ann, Bob, Cy
    table: 6♥-7♥ 7♦
    Ann: 9♥ 4♥ ...
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert game.check("9♥").reason_en == "Does not fit: the next heart up is 8♥"
    assert game.check("4♥").reason_en == "Does not fit: the next heart down is 5♥"
    with pytest.raises(IllegalMove, match="sevens.build"):
        game.play("9♥")


def test_sevens_build_rows_stop_at_king_and_ace():
    game = pos("""
    players: Ann, Bob, Cy
    table: A♠-K♠ 7♦
    Ann: ...
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert not any(c.suit == 3 for c in game.fitting_cards())


# ---- sevens.aces-low


def test_sevens_aces_low_ace_goes_under_two():
    game = pos("""
    players: Ann, Bob, Cy
    table: 2♠-9♠ 7♦
    Ann: A♠ ...
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    verdict = game.check("A♠")
    assert verdict.legal and verdict.rule_id == "sevens.aces-low"


def test_sevens_aces_low_never_above_king():
    game = pos("""
    players: Ann, Bob, Cy
    table: 5♠-K♠ 7♦
    Ann: A♠ ...
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    verdict = game.check("A♠")
    assert not verdict.legal and verdict.rule_id == "sevens.aces-low"
    assert "never above the king" in verdict.reason_en


# ---- sevens.must-play


def test_sevens_must_play_pass_refused_when_a_card_fits(seed_003_example):
    verdict = seed_003_example.check("pass")
    assert not verdict.legal and verdict.rule_id == "sevens.must-play"
    assert "5♦, 9♦ and 8♠" in verdict.reason_en
    with pytest.raises(IllegalMove) as err:
        seed_003_example.play(PASS)
    assert err.value.rule_id == "sevens.must-play"
    assert "vous devez jouer" in err.value.reason_fr


# ---- sevens.pass


def test_sevens_pass_only_move_when_nothing_fits():
    game = pos("""
    players: Ann, Bob, Cy
    table: 7♦
    Ann: K♥ 2♣ 9♠
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert game.legal_moves() == (PASS,)
    verdict = game.check("pass")
    assert verdict.legal and verdict.rule_id == "sevens.pass"
    assert verdict.reason_fr == "Vous passez ; avec une carte qui convient, vous devez jouer"
    after = game.play("pass")
    assert after.to_move == 1 and after.hands == game.hands


# ---- sevens.never-blocks


@pytest.mark.parametrize("seed", range(30))
def test_sevens_never_blocks_someone_always_fits(seed):
    state = sevens.new_game(3 + seed % 6, seed=seed, rounds=1)
    while not state.is_round_over:
        assert any(hand & state._fits for hand in state._hands)
        state = state.play(state.legal_moves()[-1])


# ---- sevens.round-end and sevens.penalty


def test_sevens_round_end_when_a_hand_empties():
    game = pos("""
    players: Ann, Bob, Cy
    table: 7♦
    Ann: 8♦
    Bob: 6♦ 5♦
    Cy: ...
    turn: Ann
    round: 1 of 3
    """)
    over = game.play("8♦")
    assert over.is_round_over and not over.is_over
    assert over.turn is None and over.round_winner == 0
    assert over.to_move is CHANCE  # the next deal is chance's to make
    assert over.legal_moves() == (DEAL,)
    verdict = over.check("9♦")
    assert verdict.rule_id == "sevens.round-end" and not verdict.legal
    assert game.check("deal").rule_id == "sevens.round-end"


def test_sevens_penalty_one_point_per_card_whatever_its_value():
    game = pos("""
    players: Ann, Bob, Cy
    table: 7♦
    Ann: 8♦
    Bob: K♠ Q♠
    Cy: ...
    turn: Ann
    round: 2 of 3
    scores: 4, 0, 1
    """)
    over = game.play("8♦")
    assert over.round_penalties() == [0, 2, 48]
    assert over.scores == (4, 2, 49)


# ---- sevens.match-length


def test_sevens_match_length_default_three_and_1_to_10():
    assert sevens.new_game(4).rules.rounds == 3
    for rounds in (1, 10):
        assert sevens.new_game(4, rounds=rounds).rules.rounds == rounds
    for rounds in (0, 11):
        with pytest.raises(PositionError, match="rounds in a match is a whole number from 1 to 10"):
            sevens.new_game(4, rounds=rounds)
    state = sevens.new_game(4, seed=9, rounds=2)
    played = 0
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
        played += str(state.last_move) == "deal"  # the Dealt outcome of the deal
    assert played == 1 and state.round == 2


# ---- sevens.deal-rotates


def test_sevens_deal_rotates_left_but_seven_of_diamonds_opens():
    state = play_out(sevens.new_game(4, seed=4))
    dealer = state.dealer
    verdict = state.check("deal")
    assert verdict.legal and verdict.rule_id == "sevens.deal-rotates"
    nxt = state.play("deal")
    assert nxt.dealer == (dealer + 1) % 4 and nxt.round == 2
    assert nxt.to_move == nxt.holder("7♦")
    assert names(nxt.legal_moves()) == ["7♦"]
    assert sum(nxt.hand_sizes()) == 52 and not nxt.table


# ---- sevens.match-winner


def test_sevens_match_winner_lowest_total_and_ties_shared():
    game = pos("""
    players: Ann, Bob, Cy
    round: 3 of 3
    scores: 5, 3, 0
    table: 7♦
    Ann: 8♦
    Bob: 6♦ 5♦
    Cy: ...
    turn: Ann
    """)
    over = game.play("8♦")
    assert over.is_over and over.scores == (5, 5, 48)
    assert over.winners == (0, 1)  # tied for lowest: they share the win
    verdict = over.check("deal")
    assert not verdict.legal and verdict.rule_id == "sevens.match-winner"
    assert over.legal_moves() == ()


def test_sevens_match_winner_single():
    state = sevens.new_game(4, seed=8, rounds=1)
    state = play_out(state)
    assert state.is_over
    low = min(state.scores)
    assert state.winners == tuple(p for p, s in enumerate(state.scores) if s == low)
    assert state.scores[state.round_winner] == 0 == low


def test_sevens_build_french_reasons_use_french_ranks_and_articles():
    game = pos("""
    players: Ann, Bob, Cy
    table: 7♦ 2♥-J♥ 7♣-10♣
    Ann: K♥ Q♣ ...
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert game.check("K♥").reason_fr == "Ne convient pas : le cœur suivant vers le haut est la D♥"
    assert game.check("Q♣").reason_fr == "Ne convient pas : le trèfle suivant vers le haut est le V♣"
    assert game.check("K♥").reason_en == "Does not fit: the next heart up is Q♥"
