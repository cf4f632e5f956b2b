"""FanTanState (the fan-tan preset's fast legal_moves and play, issue 8) must give the same
answers as the general variant paths it stands in for: the same legal moves, the same
states and events after a move, the same refusals with the same rule and reason."""

import random

import pytest

from doublesept import sevens
from doublesept.errors import IllegalMove
from doublesept.sevens.state import PASS, FanTanState, SevensVariantState

CONFIGS = [
    {"preset": "fan-tan"},
    # a tie-break deal: the players who are not tied sit out (skipped on the fast path)
    {"passing": "fan-tan", "chips": 20, "tie_break": "extra-deal", "rounds": 3},
    {"passing": "fan-tan", "chips": 7, "voluntary_pass_cost": 2, "rounds": 4, "opening": "7♥"},
]


def _outcome(play, state, move):
    try:
        return play(state, move), None
    except Exception as err:  # noqa: BLE001 - compared, type and message, below
        return None, (type(err), str(err))


@pytest.mark.parametrize("options", CONFIGS)
def test_sevens_voluntary_pass_fast_path_agrees_with_the_variant_paths(options):
    rng = random.Random(8)
    compared = 0
    for seed in range(12):
        state = sevens.new_game(rng.choice([3, 4, 6]), seed=seed, **options)
        assert type(state) is FanTanState
        while not state.is_over:
            legal = state.legal_moves()
            assert legal == SevensVariantState._variant_legal_moves(state)
            for move in (*legal, PASS, "pass", *state.candidate_moves()[:3], "2♣"):
                fast, refused = _outcome(FanTanState.play, state, move)
                slow, refused_slow = _outcome(SevensVariantState.play, state, move)
                assert refused == refused_slow
                if fast is not None:
                    assert fast.key() == slow.key() and type(fast) is type(slow)
                    assert fast.parent is state and fast.last_move == slow.last_move
                    assert fast.events == slow.events
                compared += 1
            state = state.play(rng.choice(legal))
    assert compared > 1000


def test_sevens_chips_fan_tan_fast_path_refuses_a_voluntary_pass_it_cannot_pay():
    state = sevens.new_game(4, seed=3, rounds=1, preset="fan-tan")
    poor = state._replace(chips=(3, 200, 200, 197))  # fewer than the 5 a voluntary pass costs
    assert PASS not in poor.legal_moves()
    with pytest.raises(IllegalMove, match=r"sevens.voluntary-pass.*you have 3"):
        poor.play(PASS)
