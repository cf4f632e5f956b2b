"""Hypothesis properties over many random full rounds and matches of 3-8 players."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublesept import IllegalMove, load, save, sevens
from doublesept.cards import DECK, FULL_MASK
from doublesept.sevens import DEAL, PASS


def check_invariants(state):
    # the 52 cards are conserved, and no card is ever in two places
    masks = list(state._hands) + [state._table]
    union = 0
    for mask in masks:
        assert union & mask == 0, "a card is in two places"
        union |= mask
    assert union == FULL_MASK
    assert sum(state.hand_sizes()) + len(state.table) == 52
    # rows are runs through their 7
    for s in range(4):
        ends = state.row(s)
        if ends:
            low, high = ends
            assert low.rank <= 7 <= high.rank
    if not state.is_round_over:
        # sevens.never-blocks: someone holds a card that fits
        assert any(h & state._fits for h in state._hands)
        assert all(state._hands)
    else:
        assert sum(1 for h in state._hands if not h) == 1


def some_illegal_move(state, data):
    legal = set(state.legal_moves())
    candidates = [m for m in list(DECK) + [PASS, DEAL] if m not in legal]
    return data.draw(st.sampled_from(candidates))


@settings(max_examples=120, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 10**9), data=st.data())
def test_random_rounds_keep_every_invariant(players, seed, data):
    state = sevens.new_game(players, seed=seed, rounds=1)
    bound = 52 * players  # every player passing in turn means someone plays within n moves
    steps = 0
    while not state.is_round_over:
        check_invariants(state)
        # a rejected move changes nothing
        before = state.to_text()
        bad = some_illegal_move(state, data)
        verdict = state.check(bad)
        assert not verdict.legal and verdict.rule_id.startswith("sevens.")
        with pytest.raises(IllegalMove) as err:
            state.play(bad)
        assert err.value.rule_id == verdict.rule_id
        assert state.to_text() == before
        # check() and legal_moves() agree on every card, pass and deal
        moves = state.legal_moves()
        assert list(moves) == sorted(moves, key=lambda m: getattr(m, "index", 99))
        assert [m for m in (*DECK, PASS, DEAL) if state.check(m).legal] == list(moves)
        state = state.play(data.draw(st.sampled_from(moves)))
        steps += 1
        assert steps <= bound, "the round did not end"
        # save/load round-trips at every step
        again = load(save(state))
        assert again == state and again.history == state.history
    check_invariants(state)
    assert state.is_over and state.winners


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 8), rounds=st.integers(1, 4), seed=st.integers(0, 10**6),
       data=st.data())
def test_random_matches_end_and_score(players, rounds, seed, data):
    state = sevens.new_game(players, seed=seed, rounds=rounds)
    totals = [0] * players
    steps = 0
    while not state.is_over:
        moves = state.legal_moves()
        state = state.play(data.draw(st.sampled_from(moves)))
        steps += 1
        assert steps <= rounds * (52 * players + 1)
        if state.is_round_over and state.last_move is not DEAL:
            totals = [t + p for t, p in zip(totals, state.round_penalties())]
            assert list(state.scores) == totals
            assert state.round_penalties()[state.round_winner] == 0
    assert state.round == rounds
    assert set(state.winners) == {p for p in range(players) if totals[p] == min(totals)}
    assert state.legal_moves() == ()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(3, 8))
def test_same_seed_same_moves_same_game(seed, players):
    def run():
        state = sevens.new_game(players, seed=seed, rounds=2)
        while not state.is_over:
            state = state.play(state.legal_moves()[len(state.history) % len(state.legal_moves())])
        return state

    first, second = run(), run()
    assert first == second and first.history == second.history
    assert first.root.replay(first.history) == first
