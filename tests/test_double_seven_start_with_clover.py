"""The start_with_clover switch (issue 23, part 3): seed 001 and seed 000's FAQ let one animal
and a clover start a family (ruling D10, the default); seed 000's rules text asks for « au
moins deux tuiles du même animal ». Both readings are played by the engine, decided by
``rules.starts_family`` for ``check``, ``play``, ``legal_moves`` and the computer players."""

from __future__ import annotations

import random

import pytest

from doublesept import double_seven
from doublesept.double_seven import Start
from doublesept.double_seven.rules import starts_family
from doublesept.errors import IllegalMove

POSITION = """players: Ann, Bob
turn: Ann
Ann: rack fox, clover, bird, bird, bird
Bob: rack frog"""
STRICT = POSITION + "\nrules: start_with_clover=forbidden"


def starts(state) -> set:
    return {m.text() for m in state.legal_moves() if isinstance(m, Start)}


def test_doubleseven_start_family_one_animal_and_a_clover_by_default():
    state = double_seven.position(POSITION)
    assert state.rules.start_with_clover == "allowed"
    verdict = state.check("start fox clover")
    assert verdict.legal and verdict.rule_id == "doubleseven.start-family"
    assert {"start fox clover", "start bird clover", "start bird bird"} <= starts(state)
    fox = double_seven.parse_move("start fox").kinds[0]
    assert state.play("start fox clover").families[0] == ((fox, 1, 1),)


def test_doubleseven_start_family_two_of_the_animal_under_seed_000_text():
    state = double_seven.position(STRICT)
    assert state.rules.start_with_clover == "forbidden"
    verdict = state.check("start fox clover")
    assert not verdict.legal and verdict.rule_id == "doubleseven.start-family"
    assert "same animal" in verdict.reason_en and "même animal" in verdict.reason_fr
    with pytest.raises(IllegalMove) as refused:
        state.play("start fox clover")
    assert refused.value.rule_id == "doubleseven.start-family"
    assert starts(state) == {"start bird bird", "start bird bird bird",
                             "start bird bird clover", "start bird bird bird clover"}
    assert state.check("start bird bird clover").legal  # clovers besides two birds
    assert "start_with_clover=forbidden" in state.to_text()
    assert double_seven.position(state.to_text()) == state


def test_doubleseven_start_family_the_one_condition():
    for animals in range(4):
        for clovers in range(3):
            assert starts_family(animals, clovers) == (animals >= 1 and animals + clovers >= 2)
            assert starts_family(animals, clovers, "forbidden") == (animals >= 2)


@pytest.mark.parametrize("option", ["allowed", "forbidden"])
def test_doubleseven_start_family_legal_moves_agree_with_check(option):
    rng = random.Random(23)
    for game in range(4):
        state = double_seven.new_game(2 + game % 3, seed=game, start_with_clover=option)
        while state.to_move is not None:
            moves = state.legal_moves()
            if state.phase == "act":
                rack = state.racks[state.turn]
                for kinds in ((a, 8) for a in range(8) if rack[a] and rack[8]):
                    move = Start(kinds)
                    assert (move in moves) == state.check(move).legal
                    if option == "forbidden":
                        assert move not in moves
            state = state.play(moves[rng.randrange(len(moves))])
