"""More tests killing the mutants a sampled mutation run of Double Seven left alive
(``benchmarks/mutation.py --game double_seven --sample 100 --seed 0``, issue 20).

Each plays the move through ``play`` as well as ``check``: ``play`` first tries a fast path
that must refuse exactly what the verdict refuses, so a mutant in a fast path shows only
when the move is played. Public API only; every value pinned whole, in English and French.
"""

from __future__ import annotations

import pytest

from doublesept import double_seven
from doublesept.double_seven import position
from doublesept.errors import IllegalMove


def refusal(state, move):
    """What ``play`` raises for ``move``, as (rule_id, en, fr); the state is left as it was."""
    before = state.to_text()
    with pytest.raises(IllegalMove) as raised:
        state.play(move)
    assert state.to_text() == before
    err = raised.value
    v = state.check(move)
    assert (v.legal, v.rule_id, v.reason_en, v.reason_fr) == (False, err.rule_id,
                                                                err.reason_en, err.reason_fr)
    return (err.rule_id, err.reason_en, err.reason_fr)


def test_doubleseven_one_family_per_animal_any_family_counts_not_only_the_last():
    # Ann's foxes are her first family, not her last: a second family of foxes is refused
    state = position("players: Ann, Bob\nturn: Ann\n"
                     "Ann: rack fox, fox, bear; families fox 2, bird 2\nBob: rack frog")
    assert refusal(state, "start fox fox") == (
        "doubleseven.one-family-per-animal",
        "Ann already has a family of foxes: a second one cannot be started (D10).",
        "Ann a déjà une famille de renards : on ne peut pas en commencer une deuxième (D10).")
    assert [m.text() for m in state.legal_moves() if m.text().startswith("start")] == []


class _Unreadable(str):
    """A text whose reading fails with an error no move reader expects."""

    def strip(self, *args):
        raise RuntimeError("unreadable")


def test_doubleseven_actions_a_text_that_cannot_be_read_is_no_move_word_for_word():
    state = position("players: Ann, Bob\nturn: Ann\nAnn: rack fox\nBob: rack frog")
    move = _Unreadable("pass")
    v = state.check(move)  # check() never raises, whatever the input
    assert (v.move, v.legal, v.rule_id, v.reason_en, v.reason_fr) == (
        move, False, "doubleseven.actions", "This is not a move.", "Ce n'est pas un coup.")


def test_doubleseven_players_a_new_game_is_for_two_by_default():
    game = double_seven.new_game(seed=5)
    assert (game.names, game.players, game.first, game.seed) == (("Ann", "Bob"), 2, 0, 5)
    assert game.observation(None)["rack_sizes"] == [0, 0]
    d = game.decision
    assert (d.phase, d.rule_id, d.en, d.fr) == ("deal", "doubleseven.setup", "Deal a tile to Ann",
                                                "Distribuez une tuile à Ann")
    dealt = game
    for _ in range(6):  # 3 tiles each, 2 players
        assert dealt.phase == "deal"
        dealt = dealt.play("deal")
    assert dealt.phase != "deal" and dealt.observation(None)["rack_sizes"] == [3, 3]
