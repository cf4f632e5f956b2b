"""The alternatives of rulings S1 (opening) and S5 (scoring), as rule options."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublesept import PositionError, load, save, sevens
from doublesept.cards import FULL_MASK
from doublesept.sevens import PASS, SevensRules


def names(moves):
    return [str(m) for m in moves]


def play_round(state, pick=-1):
    while not state.is_round_over:
        state = state.play(state.legal_moves()[pick])
    return state


# ---- sevens.opening, with 7♥ (ruling S1)


def test_sevens_opening_seven_of_hearts_variant():
    game = sevens.new_game(4, seed=3, opening="7H")
    assert game.rules.opening == "7♥"
    assert game.to_move == game.holder("7♥") and names(game.legal_moves()) == ["7♥"]
    verdict = game.check("7♦") if game.holder("7♦") == game.to_move else None
    if verdict is not None:
        assert verdict.rule_id == "sevens.opening" and "7♥ opens every round" in verdict.reason_en
    after = game.play("7♥")
    assert {"7♣", "7♦", "7♠"} <= {str(c) for c in after.fitting_cards()}


# ---- sevens.flexible-opener


def test_sevens_flexible_opener_any_seven_from_dealers_left():
    game = sevens.new_game(4, seed=5, opening="any")
    assert game.to_move == (game.dealer + 1) % 4
    sevens_held = [c for c in game.hand(game.to_move) if c.rank == 7]
    if sevens_held:
        assert names(game.legal_moves()) == [str(c) for c in sevens_held]
        verdict = game.check(sevens_held[0])
        assert verdict.legal and verdict.rule_id == "sevens.flexible-opener"
    else:
        assert game.legal_moves() == (PASS,)


def test_sevens_flexible_opener_player_without_a_seven_passes():
    game = sevens.position("""
    players: Ann, Bob, Cy
    rules: opening=any
    Ann: 2♣ 3♣ 4♣
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert game.legal_moves() == (PASS,)
    bob = game.play("pass")
    assert all(m.rank == 7 for m in bob.legal_moves())
    refused = bob.check(bob.hand(1)[0] if bob.hand(1)[0].rank != 7 else bob.hand(1)[-1])
    assert refused.rule_id == "sevens.flexible-opener" and not refused.legal


# ---- sevens.all-sevens-first


def test_sevens_all_sevens_first_laid_out_at_the_deal():
    game = sevens.new_game(5, seed=2, opening="all-sevens")
    assert sorted(str(c) for c in game.table) == ["7♠", "7♣", "7♥", "7♦"]
    assert sum(game.hand_sizes()) == 48
    held_diamond = sevens.deal(5, game.dealer, 2, 1)
    opener = next(p for p, h in enumerate(held_diamond) if h & sevens.parse_card("7♦").bit)
    assert game.to_move == opener
    assert {c.rank for c in game.fitting_cards()} == {6, 8}
    nxt = play_round(game).play("deal")
    assert len(nxt.table) == 4 and nxt.round == 2


def test_sevens_all_sevens_first_position_needs_the_four_sevens():
    with pytest.raises(PositionError, match="four 7s are on the table"):
        sevens.position("players: A1, B1, C1\nrules: opening=all-sevens\ntable: 7♦\n"
                        "A1: ...\nB1: ...\nC1: ...\nturn: A1")


# ---- sevens.face-value and sevens.seven-penalty (ruling S5)


END = """
players: Ann, Bob, Cy
rules: {rules}
table: 7♦
Ann: 8♦
Bob: K♠ A♥ 7♣
Cy: ...
turn: Ann
"""


def test_sevens_face_value_counts_pips_and_faces():
    over = sevens.position(END.format(rules="scoring=face")).play("8♦")
    assert over.round_penalties() == [0, 13 + 1 + 7, sum(
        c.rank for c in over.hand(2))]
    assert over.scores == tuple(over.round_penalties())


def test_sevens_face_value_ace_fifteen():
    over = sevens.position(END.format(rules="scoring=face-ace-15")).play("8♦")
    assert over.round_penalties()[1] == 13 + 15 + 7


def test_sevens_seven_penalty_adds_points_per_seven_held():
    over = sevens.position(END.format(rules="seven_penalty=10")).play("8♦")
    cy_sevens = sum(1 for c in over.hand(2) if c.rank == 7)
    assert over.round_penalties()[1] == 3 + 10
    assert over.round_penalties()[2] == len(over.hand(2)) + 10 * cy_sevens


# ---- the options themselves


@pytest.mark.parametrize("options,message", [
    ({"opening": "8♦"}, "the opening is one of"),
    ({"opening": "first"}, "the opening is one of"),
    ({"scoring": "chips"}, "the scoring is one of"),
    ({"seven_penalty": -1}, "seven penalty"),
    ({"seven_penalty": True}, "seven penalty"),
    ({"colour": "red"}, "unknown rule option"),
])
def test_bad_rule_options_refused(options, message):
    with pytest.raises(PositionError, match=message):
        sevens.new_game(4, **options)


def test_rule_options_survive_text_and_json():
    rules = {"opening": "any", "scoring": "face-ace-15", "seven_penalty": 5}
    state = sevens.new_game(4, seed=8, rounds=2, **rules)
    for _ in range(20):
        state = state.play(state.legal_moves()[0])
    assert "rules: opening=any, scoring=face-ace-15, seven_penalty=5" in state.to_text()
    assert sevens.position(state.to_text()) == state
    assert load(save(state)) == state
    assert state.rules == SevensRules(2, **rules)
    assert "rules:" not in sevens.new_game(4).to_text()


@settings(max_examples=60, deadline=None)
@given(opening=st.sampled_from(sevens.OPENINGS), scoring=st.sampled_from(sevens.SCORINGS),
       players=st.integers(3, 8), seed=st.integers(0, 10**6), data=st.data())
def test_variant_rounds_conserve_cards_and_never_block(opening, scoring, players, seed, data):
    state = sevens.new_game(players, seed=seed, rounds=1, opening=opening, scoring=scoring)
    steps = 0
    while not state.is_round_over:
        union = 0
        for mask in (*state._hands, state._table):
            assert not union & mask
            union |= mask
        assert union == FULL_MASK
        assert any(h & state._fits for h in state._hands)  # never blocks
        state = state.play(data.draw(st.sampled_from(state.legal_moves())))
        steps += 1
        assert steps <= 52 * players
    assert load(save(state)) == state
