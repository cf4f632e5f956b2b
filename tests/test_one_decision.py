"""Each move kind is decided once (issue 22): ``legal_moves``, ``check`` and ``play`` read
the same decisions. Sevens: ``_playable``, ``_may_pass``, ``_runs``, the deal's ``problem``,
under every variant; Flip 7: ``_can_draw``, ``has_card`` (stay), ``_action_choice``, under
every option; Double Seven: ``_verdict``, one function per move kind and phase (the act
phase's legal moves are listed by ``_act_parts``, which this test holds to it). Over random games, for every move a try-a-move table lists and a few that are
not moves: ``check`` says legal exactly for the moves ``legal_moves`` lists (and the card
outcomes a chance step can give), ``play`` takes exactly those, and a refused ``play``
names the rule and the reason ``check`` gives, leaving the state as it was."""

import random

import pytest

from doublesept import CHANCE, double_seven, flip7, sevens
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
            for move in {*legal, *state.candidate_moves(), PASS, sevens.DEAL, "pass", "2♣"}:
                refused += _one_decision(state, move, legal)
                compared += 1
            state = state.play(rng.choice(legal))
    assert compared > 500 and refused > 100


def _one_decision(state, move, legal, chance_outcome=False) -> bool:
    """Check, play and legal_moves agree on ``move`` at ``state``; True if it was refused.
    ``chance_outcome``: a card outcome that can come is legal without being listed."""
    key = state.key()
    verdict = state.check(move)
    if not chance_outcome:
        assert verdict.legal == (verdict.move in legal), (state.to_text(), move, verdict)
    try:
        after = state.play(move)
    except IllegalMove as err:
        assert not verdict.legal, (state.to_text(), move, verdict)
        assert (err.rule_id, err.reason_en, err.reason_fr) == \
            (verdict.rule_id, verdict.reason_en, verdict.reason_fr)
    except NotationError:
        assert not verdict.legal
    else:
        assert verdict.legal, (state.to_text(), move, verdict)
        assert after.parent is state
    assert state.key() == key  # a refused or played move left the state as it was
    return not verdict.legal


FLIP7_CONFIGS = [
    {},
    {"preset": "faq"},
    {"nested_actions": "shared-queue", "frozen_target_deferred": "dropped"},
    {"deferred_after_bust": "discard", "first_player": "left", "deal_start": "left"},
]


@pytest.mark.parametrize("options", FLIP7_CONFIGS, ids=lambda o: ",".join(
    f"{k}={v}" for k, v in o.items()) or "base")
def test_flip7_legal_moves_check_and_play_make_one_decision(options):
    rng = random.Random(22)
    compared = refused = 0
    named = set()  # the kinds of moves naming a player that were legal somewhere
    others = [flip7.HIT, flip7.STAY, flip7.DRAW, flip7.card("7"), flip7.card("Freeze"),
              "freeze 0", "flip-three 1", "give second-chance 0", "give second-chance 1",
              "give freeze 2", "give flip-three 0", "freeze 7", "nonsense"]
    for seed in range(8):
        state = flip7.new_game(rng.choice([3, 4, 6]), seed=seed, **options)
        steps = 0
        while not state.is_over and steps < 400:
            legal = state.legal_moves()
            chance = state.to_move is CHANCE or not state.tasks
            named |= {(type(m).__name__, m.action) for m in legal
                      if isinstance(m, (flip7.Target, flip7.Give))}
            for move in {*legal, *state.candidate_moves(), *others}:
                outcome = chance and isinstance(move, flip7.Flip7Card)
                refused += _one_decision(state, move, legal, chance_outcome=outcome)
                compared += 1
            state = state.play(rng.choice(legal))
            steps += 1
    assert compared > 2000 and refused > 1000
    assert {("Target", flip7.FREEZE), ("Target", flip7.FLIP_THREE)} <= named, named


def test_sevens_chips_fan_tan_refuses_a_voluntary_pass_it_cannot_pay():
    state = sevens.new_game(4, seed=3, rounds=1, preset="fan-tan")
    poor = state._replace(chips=(3, 200, 200, 197))  # fewer than the 5 a voluntary pass costs
    assert PASS not in poor.legal_moves()
    with pytest.raises(IllegalMove, match=r"sevens.voluntary-pass.*you have 3"):
        poor.play(PASS)


DOUBLE_SEVEN_CONFIGS = [
    {},
    {"rainbow_clovers": "set-aside", "two_for_one_take_back": "allowed"},
    {"token_award": "per-animal", "token_supply": "unlimited", "last_turn_discard": "skipped"},
]


@pytest.mark.parametrize("options", DOUBLE_SEVEN_CONFIGS, ids=lambda o: ",".join(
    f"{k}={v}" for k, v in o.items()) or "base")
def test_double_seven_legal_moves_check_and_play_make_one_decision(options):
    rng = random.Random(22)
    compared = refused = 0
    words = [double_seven.PASS, double_seven.RAINBOW, double_seven.DRAW_HIDDEN,
             double_seven.DEAL, double_seven.FLIP, double_seven.REVEAL, "nonsense",
             "exchange my 1 with player 9's 1", "discard fox", "draw face-up clover"]
    for seed in range(4):
        state = double_seven.new_game(rng.choice([2, 3, 4]), seed=seed, **options)
        while state.to_move is not None:
            legal = state.legal_moves()
            chance = state.to_move is CHANCE
            for move in {*legal, *state.candidate_moves(), *words}:
                outcome = chance and isinstance(move, double_seven.Tile)
                refused += _one_decision(state, move, legal, chance_outcome=outcome)
                compared += 1
            state = state.play(rng.choice(legal))
    assert compared > 5000 and refused > 2000
