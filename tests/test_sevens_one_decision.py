"""Each Sevens move kind is decided once (issue 22): ``legal_moves``, ``check`` and ``play``
read the same decisions (``_playable``, ``_may_pass``, ``_runs``, the deal's ``problem``),
under every variant. Over random matches, for every move a try-a-move table lists and a few
that are not moves: ``check`` says legal exactly for the moves ``legal_moves`` lists,
``play`` takes exactly those, and a refused ``play`` names the rule and the reason ``check``
gives, leaving the state as it was."""

import random

import pytest

from doublesept import sevens
from doublesept.errors import IllegalMove, NotationError
from doublesept.sevens.state import PASS

CONFIGS = [
    {},
    {"preset": "fan-tan"},
    {"preset": "shichi-narabe"},
    {"preset": "german"},
    {"runs": "on", "passing": "fan-tan", "chips": 30},
    {"runs": "on", "elimination": "three-passes"},
    {"passing": "fan-tan", "chips": 20, "tie_break": "extra-deal", "rounds": 3},
    {"passing": "fan-tan", "chips": 7, "voluntary_pass_cost": 2, "rounds": 4, "opening": "7♥"},
    {"opening": "any", "tie_break": "extra-deal", "rounds": 2},
]


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in
                                                                 o.items()) or "base")
def test_sevens_legal_moves_check_and_play_make_one_decision(options):
    rng = random.Random(22)
    compared = refused = 0
    for seed in range(6):
        state = sevens.new_game(rng.choice([3, 4, 6]), seed=seed, **options)
        while not state.is_over:
            legal = state.legal_moves()
            key = state.key()
            for move in {*legal, *state.candidate_moves(), PASS, sevens.DEAL, "pass", "2♣"}:
                verdict = state.check(move)
                assert verdict.legal == (verdict.move in legal), (state.to_text(), move, verdict)
                try:
                    after = state.play(move)
                except IllegalMove as err:
                    assert not verdict.legal
                    assert (err.rule_id, err.reason_en, err.reason_fr) == \
                        (verdict.rule_id, verdict.reason_en, verdict.reason_fr)
                    refused += 1
                except NotationError:
                    assert not verdict.legal
                else:
                    assert verdict.legal and after.parent is state
                assert state.key() == key  # a refused or played move left the state as it was
                compared += 1
            state = state.play(rng.choice(legal))
    assert compared > 500 and refused > 100


def test_sevens_chips_fan_tan_refuses_a_voluntary_pass_it_cannot_pay():
    state = sevens.new_game(4, seed=3, rounds=1, preset="fan-tan")
    poor = state._replace(chips=(3, 200, 200, 197))  # fewer than the 5 a voluntary pass costs
    assert PASS not in poor.legal_moves()
    with pytest.raises(IllegalMove, match=r"sevens.voluntary-pass.*you have 3"):
        poor.play(PASS)
