"""What-if analysis of Sevens positions: exact chances checked by brute force, sampling
within its stated margin, and chances that add up to 1."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from doublesept import sevens
from doublesept.errors import OptionError, PositionError
from doublesept.sevens.analysis import (
    EXACT_LIMIT,
    SAMPLES,
    MoveChances,
    WhatIf,
    round_chances,
    sampling_margin,
    what_if,
)
from doublesept.sevens.players import computer_move

ENDGAME = """
players: Ann, Bob, Cy
table: 3♣-K♣ 3♦-Q♦ 2♥-K♥ 3♠-K♠
Ann: A♣ 2♣ 2♠
Bob: A♦ 2♦ K♦
Cy: A♥ A♠
turn: Ann
"""


def _brute_force(state) -> tuple:
    """Each player's chance of winning from ``state``, every legal move equally likely,
    by walking every sequence of moves to the end (no memo): the sum over the sequences
    of the product of 1/(number of legal moves) along them."""
    players = len(state.names)
    if state.is_round_over:
        return tuple(Fraction(int(p == state.round_winner)) for p in range(players))
    moves = state.legal_moves()
    total = [Fraction(0)] * players
    for m in moves:
        for p, value in enumerate(_brute_force(state.play(m))):
            total[p] += value / len(moves)
    return tuple(total)


def _endgame(seed: int, cards_left: int, players: int = 4):
    """A state of a seeded random round with at most ``cards_left`` cards left in the
    hands, where the player to move has a choice (None if the round ends first)."""
    rng = random.Random(seed)
    state = sevens.new_game(players, seed=seed, rounds=1)
    while not state.is_round_over and (sum(state.hand_sizes()) > cards_left
                                       or len(state.legal_moves()) < 2):
        moves = state.legal_moves()
        state = state.play(moves[rng.randrange(len(moves))])
    return None if state.is_round_over else state


def test_the_worked_example_holding_a_card_blocks_a_player():
    game = sevens.position(ENDGAME)
    result = what_if(game)
    assert result.method == "exact" and result.level == "random"
    assert [row.move for row in result.rows] == ["2♣", "2♠"]
    assert result.rows[0].wins == (Fraction(1, 2), Fraction(0), Fraction(1, 2))
    assert result.rows[1].wins == (Fraction(0), Fraction(0), Fraction(1))
    assert result.best(0) == "2♣"
    assert result.text().splitlines()[1] == "2♣: Ann 50% · Bob 0% · Cy 50%"
    assert "Chances exactes" in result.text("fr")
    assert "50 %" in result.text("fr")


def test_exact_chances_agree_with_brute_force_on_tiny_endgames():
    checked = 0
    for seed in range(40):
        state = _endgame(seed, 9, players=3 + seed % 3)
        if state is None:
            continue
        result = what_if(state)
        assert result.method == "exact"
        for move, row in zip(state.legal_moves(), result.rows):
            assert row.move == sevens.move_text(move)
            assert row.exact and row.samples == 0 and row.margin == 0
            assert row.wins == _brute_force(state.play(move))
            assert sum(row.wins) == 1
        assert round_chances(state) == _brute_force(state)
        checked += 1
    assert checked >= 25


def test_memoisation_counts_each_position_once():
    """A position reached by several orders of play is counted once: never more positions
    than the nodes of the tree of move sequences, and fewer where orders meet."""
    def nodes(s):
        if s.is_round_over:
            return 0
        return 1 + sum(nodes(s.play(m)) for m in s.legal_moves())

    fewer = 0
    for seed in range(12):
        state = _endgame(seed, 14)
        if state is None:
            continue
        result = what_if(state)
        tree = sum(nodes(state.play(m)) for m in state.legal_moves())
        assert 0 < result.positions <= tree
        fewer += result.positions < tree
    assert fewer >= 3


def test_sampling_is_within_its_stated_margin_of_the_exact_chances():
    """A medium-sized endgame (thousands of positions): the sampled chances (exact_limit
    0 forces sampling) are within the stated 99% margin of the exact ones."""
    state = _endgame(12, 22)
    exact = what_if(state)
    assert exact.method == "exact" and exact.positions > 1000
    sampled = what_if(state, exact_limit=0, samples=SAMPLES, seed=4)
    assert sampled.method == "sampled" and sampled.samples == SAMPLES
    assert sampled.margin == pytest.approx(sampling_margin(SAMPLES)) == pytest.approx(0.0288,
                                                                                     abs=1e-4)
    for e, s in zip(exact.rows, sampled.rows):
        assert e.move == s.move and not s.exact and s.samples == SAMPLES
        assert sum(s.wins) == pytest.approx(1)
        for p_exact, p_sampled in zip(e.wins, s.wins):
            assert abs(float(p_exact) - p_sampled) <= s.margin
    assert "± 2.9 points at 99%" in sampled.text()


def test_a_big_tree_falls_back_to_sampling_and_its_chances_add_up_to_1():
    state = _endgame(2, 40)
    result = what_if(state, samples=200, exact_limit=2_000)
    assert result.method == "sampled" and result.samples == 200
    assert result.margin == pytest.approx(sampling_margin(200))
    for row in result.rows:
        assert sum(row.wins) == pytest.approx(1)
        assert all(0 <= p <= 1 for p in row.wins)
    # the same seed gives the same answer
    assert what_if(state, samples=200, exact_limit=2_000) == result
    assert round_chances(state, exact_limit=2_000) is None


def test_the_default_threshold_is_stated():
    assert EXACT_LIMIT == 50_000 and SAMPLES == 2_000


def test_medium_on_every_seat_is_one_round_played_out():
    """The medium level decides the same way every time: each row is the round played out
    with computer_move on every seat, a chance of 0 or 1."""
    for seed in range(5):
        state = _endgame(seed, 30)
        result = what_if(state, "medium")
        assert result.method == "exact"
        for move, row in zip(state.legal_moves(), result.rows):
            s = state.play(move)
            while not s.is_round_over:
                s = s.play(computer_move(s, "medium"))
            assert row.wins == tuple(Fraction(int(p == s.round_winner))
                                     for p in range(len(state.names)))
            assert sum(row.wins) == 1


def test_hard_on_every_seat_is_sampled_and_adds_up_to_1():
    state = sevens.position(ENDGAME)
    result = what_if(state, "hard", samples=3)
    assert result.method == "sampled" and result.samples == 3
    for row in result.rows:
        assert sum(row.wins) == pytest.approx(1)
    # with 2♠ played, Cy goes out whatever anyone does (the exact chance is 1)
    assert result.rows[1].wins == (0, 0, 1)


def test_easy_is_random_play():
    state = sevens.position(ENDGAME)
    assert what_if(state, "easy").rows == what_if(state).rows


def test_bad_arguments_are_refused():
    state = sevens.position(ENDGAME)
    with pytest.raises(OptionError, match="level"):
        what_if(state, "expert")
    with pytest.raises(OptionError, match="samples"):
        what_if(state, samples=0)
    with pytest.raises(OptionError, match="confidence"):
        what_if(state, confidence=1)
    with pytest.raises(OptionError, match="exact_limit"):
        what_if(state, exact_limit=-1)
    over = state
    while not over.is_round_over:
        over = over.play(over.legal_moves()[0])
    with pytest.raises(PositionError, match="no player is to move"):
        what_if(over)


def test_results_are_plain_values():
    row = MoveChances("7♦", (Fraction(1, 4), Fraction(3, 4)), True)
    assert row.text(["Ann", "Bob"]) == "7♦: Ann 25% · Bob 75%"
    sampled = MoveChances("pass", (0.5, 0.5), False, 100, 0.129)
    assert sampled.text(["Ann", "Bob"], "fr") == "pass: Ann 50 % · Bob 50 % (± 12,9)"
    result = WhatIf("random", "exact", (row,), ("Ann", "Bob"), positions=3)
    assert result.best(1) == "7♦"
