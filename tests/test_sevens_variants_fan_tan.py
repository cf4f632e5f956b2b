"""Fan Tan (seed 002, rulings S3 and S5): chips, the ante, paid passes, the voluntary pass,
the pot and the payments to the winner, and the end of a match played for chips."""

import pytest

from doublesept import IllegalMove, OptionError, PositionError, load, save, sevens
from doublesept.sevens import PASS


def position(text: str, **fields):
    return sevens.position(text.format(**fields))


FAN_TAN = """
players: Ann, Bob, Cy
dealer: Cy
rules: opening=any, scoring=face, chips=20, passing=fan-tan{extra}
round: 2 of 3
scores: 0, 0, 0
chips: {chips}
pot: {pot}
table: 6♦-8♦
Ann: 9♦
Bob: {bob}
Cy: ...
turn: Ann
"""


def fan_tan(bob="K♠ A♥ 7♣", chips="19, 19, 19", pot=3, extra=""):
    return position(FAN_TAN, bob=bob, chips=chips, pot=pot, extra=extra)


def names(moves):
    return [str(m) for m in moves]


# ---- the preset


def test_sevens_chips_fan_tan_preset_bundles_its_options():
    game = sevens.new_game(4, seed=1, preset="fan-tan")
    rules = game.rules
    assert (rules.opening, rules.passing, rules.scoring, rules.chips,
            rules.voluntary_pass_cost) == ("any", "fan-tan", "face", 200, 5)
    assert game.turn == (game.dealer + 1) % 4  # the dealer's left starts (sevens.flexible-opener)
    seen = game.observation(None)
    assert seen["chips"] == [199] * 4 and seen["pot"] == 4
    assert "chips: 199, 199, 199, 199" in game.to_text() and "pot: 4" in game.to_text()
    assert sevens.position(game.to_text()) == game and load(save(game)) == game


def test_sevens_chips_are_conserved_and_a_position_that_breaks_it_is_refused():
    with pytest.raises(PositionError, match=r"\[sevens.chips\].*hold 58 chips.*hold 60"):
        fan_tan(chips="19, 19, 17")
    state = fan_tan()
    with pytest.raises(PositionError, match="chips"):
        sevens.from_parts(players=state.names, hands=state.hands, table=state.table, turn=0,
                          rules=state.rules, chips=[-1, 19, 39], pot=3)
    with pytest.raises(PositionError, match="not played for chips"):
        sevens.position("players: A1, B1, C1\nchips: 1, 2, 3\nA1: ...\nB1: ...\nC1: ...\n"
                        "turn: A1")
    state = fan_tan()
    for step in range(8):  # passes whenever allowed, and cards: the total never changes
        state = state.play(state.legal_moves()[0 if step % 3 == 2 else -1])
        assert sum(state.chips) + state.pot == 60


def test_sevens_ante_in_round_1_no_stack_holds_more_than_its_start_less_the_ante():
    round_1 = FAN_TAN.replace("round: 2 of 3\n", "")
    assert position(round_1, bob="K♠", chips="19, 19, 19", pot=3, extra="").chips == (19, 19, 19)
    with pytest.raises(PositionError, match=r"\[sevens.ante\].*no stack holds more than 19, "
                                            r"not 38.*round: 2 of 3"):
        position(round_1, bob="K♠", chips="38, 1, 18", pot=3, extra="")
    assert fan_tan(chips="38, 1, 18", pot=3).chips == (38, 1, 18)  # from round 2 on


def test_sevens_chips_options_that_cannot_go_together_are_refused_naming_both():
    with pytest.raises(OptionError, match="passing=fan-tan cannot go with chips=0: a Fan Tan "
                                          "pass is paid in chips"):
        sevens.new_game(4, passing="fan-tan")
    with pytest.raises(OptionError, match="voluntary_pass_cost=7 needs passing to be fan-tan"):
        sevens.new_game(4, voluntary_pass_cost=7)
    with pytest.raises(OptionError, match="passing=shichi-narabe cannot go with chips=10"):
        sevens.new_game(4, passing="shichi-narabe", chips=10)


# ---- sevens.ante


def test_sevens_ante_one_chip_each_at_every_deal():
    game = sevens.new_game(3, seed=4, chips=10, rounds=2)
    assert game.chips == (9, 9, 9) and game.pot == 3
    state = game
    while not state.is_round_over:
        state = state.play(state.legal_moves()[0])
    assert state.pot == 0
    before = state.chips
    dealt = state.play("deal")
    assert dealt.pot == 3 and dealt.chips == tuple(c - 1 for c in before)
    ante = [e for e in dealt.events if e.kind == "antes"]
    assert ante and ante[0].rule_id == "sevens.ante" and "pot holds 3" in ante[0].en


# ---- sevens.pass-chip


def test_sevens_pass_chip_a_forced_pass_costs_one_chip():
    state = fan_tan(bob="K♠ A♥ 2♣").play("pass")  # Ann passes by choice, then Bob must
    assert state.legal_moves() == (PASS,)
    verdict = state.check("pass")
    assert verdict.legal and verdict.rule_id == "sevens.pass-chip" and "1 chip" in verdict.reason_en
    after = state.play("pass")
    assert after.chips[1] == state.chips[1] - 1 and after.pot == state.pot + 1
    paid = after.events[0]
    assert (paid.kind, paid.rule_id, paid.players) == ("pass-paid", "sevens.pass-chip", (1,))
    assert "Bob pays 1 chip into the pot" in paid.en


def test_sevens_pass_chip_with_an_empty_stack_costs_nothing():
    state = fan_tan(bob="K♠ A♥ 2♣", chips="19, 0, 38", pot=3).play("pass")
    assert "pay nothing" in state.check("pass").reason_en
    after = state.play("pass")
    assert after.chips[1] == 0 and after.pot == state.pot


# ---- sevens.voluntary-pass


def test_sevens_voluntary_pass_allowed_at_five_chips():
    state = fan_tan()
    assert names(state.legal_moves()) == ["9♦", "pass"]
    verdict = state.check("pass")
    assert verdict.legal and verdict.rule_id == "sevens.voluntary-pass"
    assert "costs 5 chips" in verdict.reason_en and "5 jetons" in verdict.reason_fr
    after = state.play("pass")
    assert after.chips == (14, 19, 19) and after.pot == 8 and after.turn == 1
    assert "for a voluntary pass" in after.events[0].en
    assert after.events[0].rule_id == "sevens.voluntary-pass"


def test_sevens_voluntary_pass_refused_when_the_stack_cannot_pay_it():
    state = fan_tan(chips="4, 19, 34", pot=3)
    assert names(state.legal_moves()) == ["9♦"]
    verdict = state.check("pass")
    assert not verdict.legal and verdict.rule_id == "sevens.voluntary-pass"
    assert "costs 5 chips; you have 4" in verdict.reason_en
    with pytest.raises(IllegalMove):
        state.play("pass")


def test_sevens_voluntary_pass_cost_is_an_option():
    state = fan_tan(extra=", voluntary_pass_cost=2")
    assert state.rules.describe().endswith("a voluntary pass costs 2 chips")
    assert state.play("pass").chips[0] == 17


def test_sevens_voluntary_pass_stays_refused_in_the_app_rules():
    state = sevens.new_game(4, seed=1).play("7♦")
    while PASS in state.legal_moves():
        state = state.play("pass")
    assert state.check("pass").rule_id == "sevens.must-play"


# ---- sevens.pot and sevens.chip-payments


def test_sevens_pot_goes_to_the_winner_and_chip_payments_follow_the_face_value():
    game = fan_tan(chips="10, 25, 22", pot=3)
    cy_count = sum(c.rank for c in game.hand(2))
    over = game.play("9♦")
    # Bob: K♠ A♥ 7♣ = 13 + 1 + 7 = 21 chips; Cy pays his count, capped at his 22 chips
    assert over.round_penalties()[1] == 21
    assert over.chips == (10 + 3 + 21 + min(cy_count, 22), 25 - 21, 22 - min(cy_count, 22))
    assert over.pot == 0
    kinds = {e.kind: e for e in over.events}
    assert kinds["pot"].rule_id == "sevens.pot" and "Ann takes the pot: 3 chips" in kinds["pot"].en
    assert kinds["chip-payments"].rule_id == "sevens.chip-payments"
    assert "Bob 21" in kinds["chip-payments"].en


def test_sevens_chip_payments_never_take_more_than_a_stack():
    over = fan_tan(chips="38, 1, 18", pot=3).play("9♦")
    assert over.chips[1] == 0 and min(over.chips) >= 0 and sum(over.chips) == 60


# ---- sevens.chip-match


def test_sevens_chip_match_ends_when_a_round_leaves_a_player_without_chips():
    over = fan_tan(chips="38, 1, 18", pot=3).play("9♦")
    assert over.round == 2 and over.rules.rounds == 3  # a round before the last
    assert over.is_over and over.to_move is None and over.legal_moves() == ()
    assert over.winners == (0,)  # the most chips
    last = over.events[-1]
    assert last.kind == "match-over" and last.rule_id == "sevens.chip-match"
    assert last.en.startswith("Bob and Cy have no chips left") and "most chips" in last.en
    assert "Bob et Cy n'ont plus de jetons" in last.fr
    assert over.check("deal").rule_id == "sevens.chip-match"


def test_sevens_chip_match_most_chips_wins_after_the_last_round():
    state = sevens.new_game(4, seed=11, preset="fan-tan", rounds=1)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    best = max(state.chips)
    assert state.winners == tuple(p for p, c in enumerate(state.chips) if c == best)
    assert sum(state.chips) == 800 and state.pot == 0


def test_sevens_chips_shown_in_the_picture():
    game = sevens.new_game(4, seed=1, preset="fan-tan")
    picture = sevens.render_html(game, seat=0)
    assert "pot: 4 chips" in picture and picture.count("199 chips") == 4
    assert "jetons" in sevens.render_html(game, seat=0, lang="fr")
    assert "chips" not in sevens.render_html(sevens.new_game(4, seed=1), seat=0)
