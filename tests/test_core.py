"""What every game shares: immutable states, undo, history, replay, verdicts."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublesept import IllegalMove, NotationError, Verdict, sevens


def test_states_cannot_be_changed_in_place():
    state = sevens.new_game(4, seed=1)
    with pytest.raises(AttributeError):
        state.turn = 2
    with pytest.raises(AttributeError):
        state.anything = 1
    hands = state.hands
    hands[0].clear()  # a copy: the state keeps its cards
    assert sum(state.hand_sizes()) == 52


def test_play_returns_a_new_state_and_undo_gives_the_old_one():
    state = sevens.new_game(4, seed=1)
    after = state.play("7♦")
    assert after is not state and after != state
    assert after.undo() is state and after.parent is state
    assert after.last_move is sevens.parse_card("7♦")
    with pytest.raises(ValueError, match="nothing to undo"):
        state.undo()


def test_history_and_replay():
    state = sevens.new_game(5, seed=3)
    for _ in range(30):
        state = state.play(state.legal_moves()[0])
    assert len(state.history) == 30
    assert state.root.replay(state.history) == state
    assert state.root.replay(str(m) for m in state.history) == state


def test_check_returns_a_verdict_with_both_languages():
    verdict = sevens.new_game(4, seed=1).check("8♠")
    assert isinstance(verdict, Verdict)
    assert verdict.rule_id.startswith("sevens.") and verdict.reason_en and verdict.reason_fr
    assert "8♠" in str(verdict)


def test_illegal_move_is_a_value_error_with_rule_and_reasons():
    state = sevens.new_game(4, seed=1)
    with pytest.raises(ValueError) as err:
        state.play("pass")
    assert isinstance(err.value, IllegalMove)
    assert err.value.rule_id == "sevens.must-play"
    assert err.value.reason_fr.startswith("Vous ne pouvez pas passer")
    assert "[sevens.must-play]" in str(err.value)


def test_unreadable_move_is_refused_not_crashed():
    state = sevens.new_game(4, seed=1)
    verdict = state.check("banana")
    assert not verdict.legal and verdict.rule_id == "cards.notation"
    with pytest.raises(NotationError):
        state.play("banana")
    assert state.check(None).rule_id == "cards.notation"


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=6), st.integers(), st.none(), st.lists(st.integers())))
def test_check_never_raises(move):
    state = sevens.new_game(4, seed=2).play("7♦")
    before = state.to_text()
    verdict = state.check(move)
    assert isinstance(verdict.legal, bool)
    if not verdict.legal:
        with pytest.raises(ValueError):
            state.play(move)
    assert state.to_text() == before


def test_last_mover_names_who_moved():
    state = sevens.new_game(4, seed=1)
    assert state.last_mover is None
    opener = state.to_move
    assert state.play("7♦").last_mover == opener
