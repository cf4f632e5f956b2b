"""Seed 002's penalties and tie-breaks (issue 23, part 2): the table rules the engine offers
as switches (``faults``, ``voluntary_pass_chip``), and the ones it states on a card but does
not play (a misdeal, the first dealer by cutting, Fan Tan's zero tie-break)."""

import random

import pytest

from doublesept import load, save, sevens
from doublesept.catalog import RULES
from doublesept.errors import IllegalMove, OptionError
from doublesept.sevens.players import computer_move
from doublesept.sevens.rules import round_move_bound

# Bob holds 2♣, which does not fit, and 8♦, which does
POSITION = """\
players: Ann, Bob, Cy
dealer: Cy
round: 1 of 1
rules: {rules}
scores: 0, 0, 0
table: 7♦
Ann: ...
Bob: 2♣ 8♦ 4♥
Cy: ...
turn: Bob
seed: 1
"""


def at_table(**options):
    rules = ", ".join(f"{k}={v}" for k, v in options.items()) or "app"
    return sevens.position(POSITION.replace("rules: {rules}\n", "" if not options
                                            else f"rules: {rules}\n"))


# ---------------------------------------------------------------- faults="turn-lost"


def test_sevens_wrong_card_turn_lost_refused_by_default():
    state = at_table()
    verdict = state.check("2♣")
    assert not verdict.legal and verdict.rule_id == "sevens.build"
    with pytest.raises(IllegalMove):
        state.play("2♣")
    assert "2♣" not in [str(m) for m in state.legal_moves()]


def test_sevens_wrong_card_turn_lost_under_the_switch_the_card_goes_back_and_the_turn_passes():
    state = at_table(faults="turn-lost")
    verdict = state.check("2♣")
    assert verdict.legal and verdict.rule_id == "sevens.wrong-card-turn-lost"
    assert "lose the turn" in verdict.reason_en and "perdez le tour" in verdict.reason_fr
    assert sevens.parse_move("2♣") in state.legal_moves()
    after = state.play("2♣")
    assert after.hand(1) == state.hand(1)  # the card stays in the hand
    assert after.table == state.table and after.turn == 2  # the turn passed to Cy
    assert after.hand(2) == state.hand(2) and after.hand(0) == state.hand(0)
    (event,) = after.events
    assert event.rule_id == "sevens.wrong-card-turn-lost" and event.players == (1,)
    assert event.en == ("Bob laid 2♣, which does not fit: it goes back to the hand, and Bob "
                        "loses the turn.")
    assert "la carte revient dans sa main" in event.fr
    # a card not in the hand is still refused
    assert not state.check("3♣").legal
    # the save reads back; the position writes the option
    assert load(save(after)) == after
    assert "faults=turn-lost" in after.to_text()
    assert sevens.position(after.to_text()) == after


def test_sevens_wrong_card_turn_lost_rounds_have_no_bound_and_the_computers_never_fault():
    rules = sevens.SevensRules(faults="turn-lost")
    assert round_move_bound(4, rules) is None
    assert round_move_bound(4, sevens.SevensRules()) == 208
    for level in ("easy", "medium", "hard"):
        for seed in range(3):
            state = sevens.new_game(4, seed=seed, rounds=1, faults="turn-lost")
            moves = 0
            while not state.is_round_over:
                move = computer_move(state, level, seed, rollouts=8) if level == "hard" \
                    else computer_move(state, level, seed)
                turn = state.turn
                fits = state.hand_masks[turn] & state.fit_mask
                if move is sevens.PASS:
                    assert not fits, (level, seed, "a fault pass")
                else:
                    assert move.bit & fits, (level, seed, f"a fault: {move}")
                state = state.play(move)
                moves += 1
            assert moves <= 208


def test_sevens_voluntary_pass_turn_lost_refused_by_default_and_played_under_the_switch():
    state = at_table()
    verdict = state.check("pass")
    assert not verdict.legal and verdict.rule_id == "sevens.must-play"
    state = at_table(faults="turn-lost")
    verdict = state.check("pass")
    assert verdict.legal and verdict.rule_id == "sevens.voluntary-pass-turn-lost"
    assert "you lose the turn" in verdict.reason_en
    assert sevens.PASS in state.legal_moves()
    after = state.play("pass")
    assert after.hand(1) == state.hand(1) and after.turn == 2
    (event,) = after.events
    assert event.rule_id == "sevens.voluntary-pass-turn-lost"
    assert event.en == "Bob passed with a card that fits: a fault, and Bob loses the turn."


def test_sevens_voluntary_pass_turn_lost_with_chips_costs_the_voluntary_pass_cost():
    state = sevens.new_game(3, seed=4, rounds=1, chips=20, faults="turn-lost")
    while not state.hand_masks[state.turn] & state.fit_mask or not state.table:
        fits = state.hand_masks[state.turn] & state.fit_mask
        state = state.play(next(m for m in state.legal_moves()
                                if m is sevens.PASS or m.bit & fits))
    turn, stack, pot = state.turn, state.chips[state.turn], state.pot
    verdict = state.check("pass")
    assert verdict.legal and "pay 5 chips" in verdict.reason_en
    after = state.play("pass")
    assert after.chips[turn] == stack - 5 and after.pot == pot + 5
    assert [e.rule_id for e in after.events] == ["sevens.voluntary-pass-turn-lost"] * 2


def test_sevens_voluntary_pass_turn_lost_keeps_fan_tan_and_shichi_narabe_rules():
    # under Fan Tan a voluntary pass is Fan Tan's, under Shichi Narabe a free pass
    fan = sevens.new_game(4, seed=2, preset="fan-tan", faults="turn-lost")
    assert fan.rules.pass_cost == 5
    shichi = sevens.new_game(4, seed=2, preset="shichi-narabe", faults="turn-lost")
    state = shichi
    while not state.hand_masks[state.turn] & state.fit_mask:
        state = state.play("pass")
    assert state.check("pass").rule_id == "sevens.free-passes"


def test_sevens_wrong_card_turn_lost_default_game_unchanged():
    # the default rules write no faults option, and a game plays as before
    state = sevens.new_game(4, seed=3)
    assert "faults" not in state.observation(0)["rules"]
    assert "faults" not in save(state)
    assert state.rules.faults_on is False and state.rules.plain_passes is True


def test_sevens_wrong_card_turn_lost_random_games_hold_check_play_and_legal_moves_together():
    rng = random.Random(5)
    for seed in range(6):
        options = {"faults": "turn-lost"}
        if seed % 3 == 1:
            options.update(preset="fan-tan")
        elif seed % 3 == 2:
            options.update(runs="on", elimination="three-passes")
        state = sevens.new_game(3 + seed % 3, seed=seed, rounds=1, **options)
        steps = 0
        while not state.is_round_over and steps < 3000:
            legal = set(state.legal_moves())
            for move in state.candidate_moves():
                assert state.check(move).legal == (move in legal), (seed, move)
            # play a card that fits most of the time, so the round ends
            fitting = [m for m in legal if m is not sevens.PASS and
                       getattr(m, "bit", 0) & state.fit_mask] or sorted(legal)
            pick = sorted(legal) if rng.random() < 0.3 else fitting
            state = state.play(pick[rng.randrange(len(pick))])
            for event in state.events:
                assert event.en and event.fr
            steps += 1
        assert state.is_round_over, seed


# ---------------------------------------------------------------- voluntary_pass_chip


def test_sevens_voluntary_pass_chip_added_charges_the_pass_chip_and_the_cost():
    with pytest.raises(OptionError):
        sevens.new_game(4, seed=1, voluntary_pass_chip="added")  # needs Fan Tan passing
    for added, paid in (("included", 5), ("added", 6)):
        state = sevens.new_game(4, seed=2, preset="fan-tan", voluntary_pass_chip=added)
        while not state.hand_masks[state.turn] & state.fit_mask or not state.table:
            state = state.play(state.legal_moves()[0])
        turn, stack = state.turn, state.chips[state.turn]
        verdict = state.check("pass")
        rule = "sevens.voluntary-pass-chip-added" if added == "added" else "sevens.voluntary-pass"
        assert verdict.legal and verdict.rule_id == rule
        assert f"{paid} chips" in verdict.reason_en
        after = state.play("pass")
        assert after.chips[turn] == stack - paid
        assert any(e.en.startswith(f"{state.names[turn]} pays {paid} chips") for e in after.events)
    assert "voluntary_pass_chip" not in save(sevens.new_game(4, seed=2, preset="fan-tan"))


def test_sevens_voluntary_pass_chip_added_needs_the_whole_charge_in_the_stack():
    rules = sevens.SevensRules(passing="fan-tan", chips=6, voluntary_pass_chip="added")
    assert rules.pass_cost == 6
    assert round_move_bound(3, rules, chips=(12, 12, 12)) == 3 * (52 + 6)


# ---------------------------------------------------------------- stated, not played


def test_sevens_misdeal_cannot_happen_and_a_stacked_wrong_deal_is_refused():
    for seed in range(20):  # every deal: the whole deck, one card at a time, no card shown
        assert sevens.new_game(5, seed=seed).hand_sizes() == [11, 11, 10, 10, 10]
    state = sevens.new_game(4, seed=9, rounds=2)
    while not state.is_round_over:
        state = state.play(state.legal_moves()[0])
    step = state.chance()
    good = step.sample(random.Random(0))
    hands = [list(h) for h in good.hands]
    hands[0].append(hands[1].pop())  # a hand with a card too many
    wrong = sevens.Dealt(hands)
    verdict = state.check(wrong)
    assert not verdict.legal and verdict.rule_id == "sevens.deal"


def test_sevens_first_dealer_cut_is_replaced_by_the_last_player_or_dealer_option():
    assert sevens.new_game(4, seed=1).dealer == 3
    assert sevens.new_game(["Ann", "Bob", "Cy"], seed=1, dealer=0).dealer == 0


def test_sevens_tie_break_zero_is_not_an_option_value():
    assert sevens.TIE_BREAKS == ("shared", "extra-deal")
    with pytest.raises(OptionError):
        sevens.new_game(4, seed=1, tie_break="zero")
    assert "zero" in RULES["sevens.tie-break-zero"].en
