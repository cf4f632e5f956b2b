"""The presets (rulings S2, S5), Shichi Narabe's free passes and what follows the last one
(rulings S3, S4), three-pass elimination, runs of cards in one turn (ruling S6), and the
other scorings of seed 002."""

import pytest

from doublesept import CHANCE, IllegalMove, OptionError, PositionError, load, save, sevens
from doublesept.sevens import PASS, Run


def names(moves):
    return [str(m) for m in moves]


# ---- presets (sevens.players)


def test_sevens_players_app_preset_seats_three_to_seven():
    with pytest.raises(PositionError, match=r"\[sevens.players\] the app preset seats 3 to 7"):
        sevens.new_game(8, preset="app")
    assert sevens.new_game(7, seed=1, preset="app").rules == sevens.SevensRules()
    assert sevens.new_game(8, seed=1).players == 8  # no preset: ruling S2's 3 to 8
    assert sevens.new_game(8, seed=1, preset="international").players == 8


def test_the_app_preset_plays_as_the_default_rules():
    app = sevens.new_game(5, seed=9, preset="app")
    default = sevens.new_game(5, seed=9)
    assert app == default and app.to_text() == default.to_text() and save(app) == save(default)
    assert "rules:" not in app.to_text() and "chips" not in app.observation(0)


# ---- sevens.hand-winner (the international preset)


END = """
players: Ann, Bob, Cy
rules: {rules}
table: 7♦
Ann: 8♦
Bob: K♠ A♥ 7♣
Cy: ...
turn: Ann
"""


def test_sevens_hand_winner_each_loser_takes_one_point():
    over = sevens.position(END.format(rules="scoring=winner")).play("8♦")
    assert over.round_penalties() == [0, 1, 1]
    assert over.events[1].rule_id == "sevens.hand-winner"
    game = sevens.new_game(4, seed=2, preset="international")
    assert game.rules.scoring == "winner" and game.rules.describe().startswith(
        "Rules: only a hand winner")


# ---- sevens.court-cards-ten


def test_sevens_court_cards_ten_count_jack_queen_king_at_ten():
    over = sevens.position(END.format(rules="scoring=face-court-10")).play("8♦")
    assert over.round_penalties()[1] == 10 + 1 + 7
    assert over.events[1].rule_id == "sevens.court-cards-ten"
    assert sevens.SevensRules(scoring="face-court-10", seven_penalty=10).penalty(
        sevens.parse_card("7♣").bit) == 7 + 10


# ---- sevens.free-passes and sevens.last-pass (Shichi Narabe, rulings S3 and S4)


NARABE = """
players: Ann, Bob, Cy
rules: opening=all-sevens, passing=shichi-narabe
passes: {passes}
table: 7♣ 7♦ 7♥ 7♠
Ann: 8♦ A♣ 2♣ 3♣ 4♣ 5♣ 9♣ 10♣ J♣ Q♣ K♣ A♦ 2♦ 3♦ 4♦ 5♦
Bob: {bob}
Cy: ...
turn: {turn}
"""
BOB_STUCK = "A♥ 2♥ 3♥ 4♥ 5♥ A♠ 2♠ 3♠ 4♠ 5♠ 10♥ J♥ Q♥ K♥ 10♠ J♠"


def narabe(passes="0, 0, 0", bob=BOB_STUCK, turn="Ann"):
    return sevens.position(NARABE.format(passes=passes, bob=bob, turn=turn))


def test_sevens_free_passes_three_a_hand_even_when_a_card_fits():
    game = sevens.new_game(4, seed=3, preset="shichi-narabe")
    assert len(game.table) == 4 and game.passes == (0, 0, 0, 0)
    state = narabe()
    assert names(state.legal_moves()) == ["8♦", "pass"]
    verdict = state.check("pass")
    assert verdict.legal and verdict.rule_id == "sevens.free-passes"
    assert "a free pass, 2 left" in verdict.reason_en
    after = state.play("pass")
    assert after.passes == (1, 0, 0) and after.chips == () and after.turn == 1
    assert "passes: 1, 0, 0" in after.to_text()
    assert sevens.position(after.to_text()) == after and load(save(after)) == after


def test_sevens_free_passes_used_up_then_a_card_that_fits_must_be_played():
    state = narabe(passes="3, 0, 0")
    assert names(state.legal_moves()) == ["8♦"]
    verdict = state.check("pass")
    assert not verdict.legal and verdict.rule_id == "sevens.free-passes"
    assert "used your 3 passes" in verdict.reason_en
    with pytest.raises(IllegalMove):
        state.play("pass")


def test_sevens_last_pass_puts_the_player_out_and_keeps_their_cards():
    state = narabe(passes="0, 3, 0", turn="Bob")
    assert state.legal_moves() == (PASS,)
    verdict = state.check("pass")
    assert verdict.rule_id == "sevens.last-pass" and "out of the hand" in verdict.reason_en
    after = state.play("pass")
    assert after.is_out(1) and after.passes[1] == 4 and after.turn == 2
    assert len(after.hand(1)) == 16  # the cards stay in the hand
    event = after.events[-1]
    assert (event.kind, event.rule_id) == ("out", "sevens.last-pass")
    assert after.observation(None)["out"] == [1]
    # Bob is skipped from now on: after Cy comes Ann
    cy = after.play(after.legal_moves()[0])
    assert cy.turn == 0
    assert cy.play(cy.legal_moves()[0]).turn == 2


def test_sevens_last_pass_the_last_player_left_in_wins_the_hand():
    # a position where Cy, with no card that fits and no pass left, must pass out
    table = "7♣ 7♦ 7♥ 7♠"
    text = f"""
    players: Ann, Bob, Cy
    rules: opening=all-sevens, passing=shichi-narabe
    passes: 0, 4, 3
    table: {table}
    Ann: 8♦ ...
    Bob: ...
    Cy: A♣ 2♣ A♦
    turn: Cy
    """
    cy = sevens.position(text)
    assert cy.legal_moves() == (PASS,)
    over = cy.play("pass")
    assert over.is_round_over and over.round_winner == 0 and over.hand(0)
    assert over.round_penalties()[0] == 0 and over.round_penalties()[2] == 3
    kinds = [e.kind for e in over.events]
    assert kinds[:2] == ["out", "last-in"] and "penalties" in kinds
    assert over.scores[0] == 0 and over.scores[1] == len(over.hand(1))
    assert sevens.position(over.to_text()) == over


def test_sevens_last_pass_a_round_can_block_but_still_ends():
    """Ruling S4: with players out, the cards they keep may block a row for good; the others
    then pass until they are out in turn, so the round still ends, within 52 + 4n moves."""
    blocked = 0
    for seed in range(300):
        state = sevens.new_game(4, seed=seed, preset="shichi-narabe", rounds=1)
        moves = 0
        while not state.is_round_over:
            fits_anyone = any(h & state.fit_mask for p, h in enumerate(state.hand_masks)
                              if not state.out >> p & 1)
            blocked += not fits_anyone
            state = state.play(state.legal_moves()[-1])  # pass whenever allowed
            moves += 1
        assert moves <= 52 + 4 * 4
    assert blocked > 0  # some positions had no card that fits for anyone still in


# ---- sevens.three-pass-elimination


def test_sevens_three_pass_elimination_the_third_pass_puts_a_player_out():
    text = """
    players: Ann, Bob, Cy, Dee
    rules: elimination=three-passes
    passes: 0, 2, 0, 0
    table: 6♦-8♦
    Ann: 9♦ ...
    Bob: A♣ 2♣ 3♣
    Cy: ...
    Dee: ...
    turn: Bob
    """
    state = sevens.position(text)
    verdict = state.check("pass")
    assert verdict.legal and verdict.rule_id == "sevens.three-pass-elimination"
    after = state.play("pass")
    assert after.is_out(1) and after.turn == 2
    assert after.events[-1].rule_id == "sevens.three-pass-elimination"
    assert "third time" in after.events[-1].en
    assert "pour la troisième fois" in after.events[-1].fr
    with pytest.raises(PositionError, match="out of the hand"):
        sevens.position(text.replace("passes: 0, 2, 0, 0", "passes: 0, 3, 0, 0"))


def test_sevens_three_pass_elimination_cannot_go_with_shichi_narabe():
    with pytest.raises(OptionError, match="elimination=three-passes cannot go with passing=shichi-narabe"):
        sevens.new_game(4, elimination="three-passes", passing="shichi-narabe")


# ---- sevens.runs


RUNS = """
players: Ann, Bob, Cy
rules: runs={runs}
table: 7♦
Ann: 8♦ 9♦ 10♦ 6♦ 5♦ 2♣
Bob: ...
Cy: ...
turn: Ann
"""


def test_sevens_runs_a_run_of_one_suit_in_one_turn():
    state = sevens.position(RUNS.format(runs="on"))
    legal = names(state.legal_moves())
    assert legal == ["6♦", "6♦-5♦", "8♦", "8♦-9♦", "8♦-10♦"]
    verdict = state.check("8♦-10♦")
    assert verdict.legal and verdict.rule_id == "sevens.runs"
    after = state.play("8♦-10♦")
    assert after.row("♦")[1] == sevens.parse_card("10♦") and after.turn == 1
    assert after.last_move == Run.between(sevens.parse_card("8♦"), sevens.parse_card("10♦"))
    assert after.parent is state and len(after.hand(0)) == 3
    assert sevens.parse_move("V♦-R♦") == Run.between(sevens.parse_card("J♦"),
                                                      sevens.parse_card("K♦"))
    assert sevens.parse_move(after.last_move.text("fr")) == after.last_move


def test_sevens_runs_must_go_outwards_from_a_card_that_fits_in_hand():
    state = sevens.position(RUNS.format(runs="on"))
    assert state.check("9♦-10♦").rule_id == "sevens.build"  # 9♦ does not fit yet
    assert state.check("8♦-J♦").rule_id == "sevens.runs"  # J♦ is not Ann's
    assert not state.check("6♦-8♦").legal


def test_sevens_runs_refused_when_the_option_is_off():
    state = sevens.position(RUNS.format(runs="off"))
    verdict = state.check("8♦-9♦")
    assert not verdict.legal and verdict.rule_id == "sevens.runs"
    assert "runs=on" in verdict.reason_en
    assert names(state.legal_moves()) == ["6♦", "8♦"]


def test_sevens_runs_a_run_that_empties_the_hand_ends_the_round():
    text = """
    players: Ann, Bob, Cy
    rules: runs=on
    table: 7♦
    Ann: 8♦ 9♦
    Bob: ...
    Cy: ...
    turn: Ann
    """
    over = sevens.position(text).play("8♦-9♦")
    assert over.is_round_over and over.round_winner == 0
    assert over.events[0].kind == "went-out"


# ---- sevens.tie-break-deal


TIED = """
players: Ann, Bob, Cy
dealer: Cy
round: 2 of 2
rules: scoring=winner{extra}
scores: 1, 0, 1
table: 7♦
Ann: 8♦
Bob: ...
Cy: ...
turn: Ann
"""


def test_sevens_tie_break_deal_between_the_tied_players_only():
    over = sevens.position(TIED.format(extra=", tie_break=extra-deal")).play("8♦")
    assert over.scores == (1, 1, 2) and over.tied == (0, 1)
    assert not over.is_over and over.winners == () and over.to_move is CHANCE
    assert over.decision.rule_id == "sevens.tie-break-deal"
    assert over.events[-1].kind == "tie" and "Ann and Bob are tied" in over.events[-1].en
    assert over.check("deal").rule_id == "sevens.tie-break-deal"
    step = over.chance()
    assert sorted(step.sizes) == [0, 26, 26] and step.sizes[2] == 0
    extra = over.play("deal")
    assert extra.round == 3 and extra.hand_sizes()[2] == 0 and extra.is_out(2)
    assert extra.tie_break_players == (0, 1) and extra.observation(None)["tie_break"] == [0, 1]
    assert "tie-break: Ann, Bob" in extra.to_text()
    assert sevens.position(extra.to_text()) == extra and load(save(extra)) == extra
    assert extra.events[0].rule_id == "sevens.tie-break-deal"
    state = extra
    while not state.is_over:
        assert state.turn in (0, 1)  # Cy sits out
        state = state.play(state.legal_moves()[0])
    assert state.winners == (state.round_winner,) and state.round_winner in (0, 1)
    assert state.events[-1].rule_id == "sevens.tie-break-deal"
    assert "wins the tie-break deal" in state.events[-1].en


def test_sevens_tie_break_deal_off_by_default_ties_are_shared():
    over = sevens.position(TIED.format(extra="")).play("8♦")
    assert over.is_over and over.winners == (0, 1) and over.tied == ()
    assert over.events[-1].rule_id == "sevens.match-winner"


def test_sevens_tie_break_deal_positions_are_checked():
    extra = sevens.position(TIED.format(extra=", tie_break=extra-deal")).play("8♦").play("deal")
    text = extra.to_text()
    with pytest.raises(PositionError, match="tie-break deal comes after the last round"):
        sevens.position(text.replace("round: 3 of 2", "round: 2 of 2"))
    with pytest.raises(PositionError, match="ties are shared"):
        sevens.position(text.replace(", tie_break=extra-deal", ""))
