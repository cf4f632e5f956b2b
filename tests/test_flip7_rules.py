"""Flip 7, one rule at a time: each test is named after the rule id it checks, and every
action-card interaction is played on a stacked deck (``deck: 7, Flip Three, ...``)."""

import textwrap
import warnings
from fractions import Fraction

import pytest

from doublesept import CHANCE, IllegalMove, OptionError, PositionError, load, rule, save
from doublesept.flip7 import (
    COPIES,
    DECK_SIZE,
    DRAW,
    HIT,
    STAY,
    Flip7Rules,
    Flip7Warning,
    Give,
    Target,
    card,
    line_score,
    new_game,
    position,
)


def P(text: str):
    return position(textwrap.dedent(text))


def play(state, *moves):
    for move in moves:
        state = state.play(move)
    return state


def kinds(state) -> list:
    return [e.kind for e in state.events]


def line(state, name: str):
    return state.line(state.names.index(name))


def numbers(state, name: str) -> list:
    return [c.value for c in line(state, name).numbers]


def refused(state, move, rule_id: str):
    verdict = state.check(move)
    assert not verdict.legal and verdict.rule_id == rule_id, verdict
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert err.value.rule_id == rule_id
    return verdict


THREE = """
players: Ann, Bob, Cy
deck: {deck}, ...
Ann: {ann}
Bob: {bob}
Cy: {cy}
turn: {turn}
"""


def three(deck, ann="3", bob="4", cy="6", turn="Ann", **rules):
    text = THREE.format(deck=deck, ann=ann, bob=bob, cy=cy, turn=turn)
    if rules:
        text += "rules: " + ", ".join(f"{k}={v}" for k, v in rules.items()) + "\n"
    return P(text)


# ---------------------------------------------------------------- set-up


def test_flip7_players_from_2_to_18_with_a_warning_under_3():
    assert new_game(18, seed=1).players == 18
    with pytest.warns(Flip7Warning, match="F12"):
        assert new_game(2, seed=1).players == 2
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        new_game(3, seed=1)
    for bad in (1, 19, 0):
        with pytest.raises(PositionError, match=r"\[flip7.players\] Flip 7 is for 2 to 18"):
            new_game(bad)
    with pytest.raises(PositionError, match="same name"):
        new_game(["Ann", "ann"])
    with pytest.raises(PositionError, match="word of the notation"):
        new_game(["Ann", "Freeze"])


def test_flip7_deck_has_94_cards_and_the_first_draw_has_exact_odds():
    assert DECK_SIZE == sum(COPIES) == 94
    assert COPIES[:13] == (1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
    assert sum(COPIES[:13]) == 79 and sum(COPIES[13:19]) == 6 and sum(COPIES[19:]) == 9
    game = new_game(4, seed=3, dealer=0)
    assert game.card_count() == 94 and game.deck_size == 94
    step = game.chance()
    assert step.rule_id == "flip7.deal"
    assert step.probability(card("12")) == Fraction(12, 94)
    assert step.probability(card("0")) == Fraction(1, 94)
    assert step.probability(card("Freeze")) == Fraction(3, 94)
    assert step.probability(card("×2")) == Fraction(1, 94)
    assert sum(p for _, p in step.outcomes()) == 1 and step.count == 22


def test_flip7_deck_card_names_in_english_and_french():
    assert card("Gel") is card("Freeze") and card("x2") is card("×2")
    assert card("Trois à la Suite") is card("flip three")
    assert card("Seconde Chance").text("en") == "Second Chance"
    assert card("Freeze").text("fr") == "Gel"
    assert sorted([card("Freeze"), card("+4"), card("12"), card("0")]) == \
        [card("0"), card("12"), card("+4"), card("Freeze")]


def test_flip7_first_dealer_is_drawn_from_the_seed():
    dealers = {new_game(4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert new_game(4, seed=11).dealer == new_game(4, seed=11).dealer
    assert new_game(4, seed=11, dealer=2).dealer == 2
    with pytest.raises(PositionError, match="dealer"):
        new_game(4, seed=1, dealer=4)


def test_flip7_deal_starts_with_the_dealer_one_card_each():
    game = new_game(["Ann", "Bob", "Cy"], seed=5, dealer=1)
    assert game.to_move is CHANCE and game.turn == 1
    assert game.decision.phase == "deal" and game.decision.rule_id == "flip7.deal"
    dealt = play(game, "4", "5", "6")
    assert [e.en for e in dealt.parent.parent.events] == ["Bob is dealt a 4."]
    assert numbers(dealt, "Bob") == [4] and numbers(dealt, "Cy") == [5]
    assert numbers(dealt, "Ann") == [6]
    assert dealt.to_move == 1 and dealt.decision.phase == "hit-or-stay"  # flip7.first-player


def test_flip7_deal_from_the_left_goes_with_the_left_speaking_first():
    game = new_game(["Ann", "Bob", "Cy"], seed=5, dealer=1, preset="dealers-left")
    assert game.turn == 2
    dealt = play(game, "4", "5", "6")
    assert numbers(dealt, "Cy") == [4] and numbers(dealt, "Bob") == [6]
    assert dealt.to_move == 2
    with pytest.raises(OptionError, match="deal_start=left needs first_player to be left"):
        new_game(3, deal_start="left")
    with pytest.raises(OptionError, match="first_player=left needs deal_start to be left"):
        Flip7Rules(first_player="left")


def test_flip7_deal_actions_are_resolved_at_once_before_the_deal_goes_on():
    game = new_game(["Ann", "Bob", "Cy"], seed=5, dealer=0)
    after = play(game, "Freeze")
    assert after.decision.phase == "choose-freeze-target" and after.to_move == 0
    # a Freeze may target a player with no card yet (F14)
    frozen = after.play("freeze Cy")
    assert line(frozen, "Cy").status == "frozen"
    assert frozen.decision.en == "Deal a card to Bob"
    done = frozen.play("9")
    # Cy, frozen before their turn in the deal, gets no card; Ann has no number card
    assert done.decision.phase == "hit-or-stay" and done.to_move == 0
    assert line(done, "Cy").cards == () and line(done, "Ann").cards == ()


def test_flip7_deal_card_each_even_after_a_flip_three():
    game = new_game(["Ann", "Bob", "Cy"], seed=5, dealer=0)
    state = play(game, "Flip Three", "flip-three Cy", "1", "2", "+4")
    assert numbers(state, "Cy") == [1, 2] and state.decision.en == "Deal a card to Bob"
    state = play(state, "5", "7")
    assert numbers(state, "Cy") == [1, 2, 7]  # Cy still gets the deal card
    assert [c.text() for c in line(state, "Cy").modifiers] == ["+4"]
    assert state.decision.phase == "hit-or-stay"


def test_flip7_deal_card_each_skips_a_player_busted_in_the_deal():
    game = new_game(["Ann", "Bob", "Cy"], seed=5, dealer=0)
    state = play(game, "Flip Three", "flip-three Cy", "8", "8")
    assert line(state, "Cy").status == "busted"
    state = state.play("5")  # Bob's deal card; Cy gets none, and Ann speaks first
    assert state.decision.phase == "hit-or-stay" and state.to_move == 0
    assert numbers(state, "Cy") == [8, 8]


def test_flip7_modifiers_never_bust_and_can_be_stayed_on():
    state = three("+4, 3", ann="-")
    state = play(state, "hit", "draw")
    assert [c.text() for c in line(state, "Ann").modifiers] == ["+4"]
    state = play(state, "stay", "stay")  # Bob and Cy stay
    assert state.check("stay").legal  # only a modifier: Ann may stay and scores it
    assert state.play("stay").round_scores()[0] == 4


def test_flip7_first_player_after_the_deal_is_the_dealer():
    game = new_game(["Ann", "Bob", "Cy", "Dee"], seed=8, dealer=2)
    dealt = play(game, "1", "2", "3", "4")
    assert dealt.to_move == 2 and numbers(dealt, "Cy") == [1] and numbers(dealt, "Bob") == [4]


def test_flip7_hit_is_a_chance_step_then_the_turn_moves_on():
    state = three("9, 10")
    assert state.legal_moves() == (HIT, STAY)
    after = state.play("hit")
    assert after.to_move is CHANCE and after.turn == 0
    assert after.decision.phase == "draw" and after.decision.rule_id == "flip7.hit"
    assert after.chance().probability(card("9")) == 1  # the deck is stacked
    drawn = after.play(DRAW)
    assert drawn.last_move is card("9") and numbers(drawn, "Ann") == [3, 9]
    assert kinds(drawn) == ["drew"] and drawn.to_move == 1
    # a card that cannot come next is refused; hit and stay wait for the draw
    refused(after, "10", "flip7.deck")
    refused(after, "stay", "flip7.hit")
    refused(state, "draw", "flip7.hit")


def test_flip7_hit_from_the_seed_is_repeatable_and_recorded():
    state = P("players: Ann, Bob\nAnn: 3\nBob: 4\nturn: Ann\nseed: 99")
    one = play(state, "hit", "draw")
    two = play(state, "hit", "draw")
    assert one.last_move is two.last_move and one == two
    assert load(save(one)).history == [HIT, one.last_move]


def test_flip7_stay_leaves_the_round_and_scores():
    state = three("9", ann="3, 7")
    stayed = state.play("stay")
    assert line(stayed, "Ann").status == "stayed" and stayed.to_move == 1
    assert kinds(stayed) == ["stayed"] and stayed.round_scores()[0] == 10
    assert state.check("stay").reason_en == "Ann leaves the round, keeping 10 points."


def test_flip7_stay_needs_a_card_in_front():
    state = three("9", ann="-")
    assert state.legal_moves() == (HIT,)
    verdict = refused(state, "stay", "flip7.stay-needs-a-card")
    assert "must hit" in verdict.reason_en and "encore" in verdict.reason_fr
    only_chance = three("9", ann="Second Chance")
    assert only_chance.check("stay").legal  # F18: a Second Chance held counts
    assert only_chance.play("stay").round_scores()[0] == 0


def test_flip7_turn_order_goes_clockwise_skipping_players_out():
    state = three("9, 10, 11", bob="4 (stayed)")
    state = play(state, "hit", "draw")
    assert state.to_move == 2  # Bob stayed: Cy is next
    state = play(state, "hit", "draw")
    assert state.to_move == 0


def test_flip7_turn_order_after_an_action_resumes_after_the_player_whose_turn_it_was():
    state = three("Flip Three, 1, 2, 5")
    state = play(state, "hit", "draw", "flip-three Cy", "draw", "draw", "draw")
    assert numbers(state, "Cy") == [1, 2, 5, 6]
    assert state.to_move == 1  # Bob, after Ann, not after Cy
    frozen = play(three("Freeze"), "hit", "draw", "freeze Bob")
    assert frozen.to_move == 2  # Bob is frozen: Cy


def test_flip7_new_number_joins_the_line():
    state = play(three("8"), "hit", "draw")
    assert numbers(state, "Ann") == [3, 8] and line(state, "Ann").status == "active"
    assert state.events[0].rule_id == "flip7.hit" and state.events[0].fr == "Ann pioche un 8."


def test_flip7_bust_on_a_duplicate_number_scores_zero():
    state = play(three("3", ann="3, 10, ×2, +8"), "hit", "draw")
    assert line(state, "Ann").status == "busted" and numbers(state, "Ann") == [3, 3, 10]
    assert kinds(state) == ["drew", "bust"] and state.events[1].rule_id == "flip7.bust"
    assert state.score_now(0) == 0 and state.to_move == 1
    assert "flip7.bust" in rule("flip7.bust").id


def test_flip7_flip_7_ends_the_round_for_everyone():
    state = three("6", ann="0, 1, 2, 3, 4, 5", bob="11, 12 (stayed)", cy="7, 7 (busted)")
    over = play(state, "hit", "draw")
    assert kinds(over) == ["drew", "flip-7", "round-over"]
    assert over.is_round_over and over.flip7_player == 0
    assert over.round_scores() == (21 + 15, 23, 0)
    assert over.scores == (36, 23, 0) and over.to_move is CHANCE


def test_flip7_flip_7_scores_the_players_still_in():
    state = three("12", ann="3", bob="0, 1, 2, 4, 5, 6", cy="9, 10, ×2", turn="Bob")
    over = play(state, "hit", "draw")
    assert over.round_scores() == (3, 30 + 15, 38)


def test_flip7_round_end_when_nobody_is_still_in_play():
    state = three("9", ann="3 (stayed)", bob="5 (frozen)", turn="Cy")
    over = state.play("stay")
    assert over.is_round_over and kinds(over) == ["stayed", "round-over"]
    assert over.events[-1].en == "Round 1 is over. Points: Ann 3, Bob 5, Cy 6."
    assert over.decision.phase == "deal" and over.decision.seat is CHANCE
    refused(over, "hit", "flip7.round-end")


def test_flip7_scoring_doubles_the_numbers_only_48_not_52():
    assert line_score(1 << 3 | 1 << 7 | 1 << 12, 0b000001 | 0b100, False, 15) == 48
    state = P("""
        players: Ann, Bob
        Ann: 3, 7, 12, ×2, +4
        Bob: 1 (stayed)
        turn: Ann
        """)
    assert state.score_now(0) == 48  # (3 + 7 + 12) × 2 + 4, not (22 + 4) × 2 = 52
    assert state.play("stay").scores == (48, 1)


def test_flip7_scoring_adds_the_bonus_after_the_modifiers():
    state = P("""
        players: Ann, Bob
        deck: 6, ...
        Ann: 0, 1, 2, 3, 4, 5, ×2, +10
        Bob: 2 (stayed)
        turn: Ann
        """)
    over = play(state, "hit", "draw")
    assert over.scores[0] == 21 * 2 + 10 + 15


def test_flip7_flip7_bonus_is_adjustable():
    state = three("6", ann="0, 1, 2, 3, 4, 5", flip7_bonus=40)
    over = play(state, "hit", "draw")
    assert over.round_scores()[0] == 21 + 40
    assert Flip7Rules(flip7_bonus=40).describe() == "Rules: Flip 7 bonus 40"
    with pytest.raises(OptionError, match="flip7.flip7-bonus"):
        Flip7Rules(flip7_bonus=101)


def test_flip7_totals_add_up_round_after_round():
    state = three("9", ann="3 (stayed)", bob="5 (frozen)", cy="10", turn="Cy")
    over = state.play("stay")
    assert over.scores == (3, 5, 10)
    # round 2: Bob deals (and speaks first), from the top of the deck: 9, then Cy, Ann
    second = play(over, "9", "1", "2", "stay", "stay", "stay")
    assert second.round == 2 and second.scores == (3 + 2, 5 + 9, 10 + 1)


def test_flip7_dealer_rotates_and_the_deck_carries_over():
    state = three("9, 8, 7, 6", ann="3 (stayed)", bob="5 (frozen)", turn="Cy")
    over = state.play("stay")
    size = over.deck_size
    nxt = over.play(DRAW)
    assert nxt.round == 2 and nxt.dealer == 1 and nxt.deck_size == size - 1
    assert nxt.last_move is card("9")  # the deck was not shuffled: its top comes next
    assert kinds(nxt) == ["new-round", "dealt"] and numbers(nxt, "Bob") == [9]
    assert sum(nxt.discards) == 3  # the cards of the last round were set aside
    assert nxt.decision.en == "Deal a card to Cy"


def test_flip7_reshuffle_between_rounds_only_when_the_deck_is_empty():
    state = P("""
        players: Ann, Bob
        deck: -
        discards: ...
        Ann: 3 (stayed)
        Bob: 5, Second Chance (stayed)
        turn: -
        scores: 3, 5
        round: 1
        """)
    step = state.chance()
    assert sum(step.copies.values()) == 94  # the discards and the last round's cards
    nxt = state.play(DRAW)
    assert kinds(nxt) == ["new-round", "reshuffle", "dealt"]
    assert nxt.events[1].rule_id == "flip7.reshuffle-between-rounds"
    assert nxt.deck_size == 93 and sum(nxt.discards) == 0


def test_flip7_reshuffle_mid_round_keeps_the_cards_in_front():
    state = P("""
        players: Ann, Bob
        deck: 9
        discards: ...
        Ann: 3, 4
        Bob: 5, 5 (busted)
        turn: Ann
        """)
    state = play(state, "hit", "draw")
    assert state.deck_size == 0
    again = state.play("hit")
    assert kinds(again) == ["reshuffle"] and again.events[0].rule_id == "flip7.reshuffle-mid-round"
    assert again.deck_size == 94 - 3 - 2  # Ann's 3, 4, 9 and Bob's 5, 5 stay in front
    assert sum(again.discards) == 0 and numbers(again, "Bob") == [5, 5]
    assert again.chance().probability(card("9")) == Fraction(8, 89)


def test_flip7_reshuffle_mid_round_with_no_card_left_ends_the_round():
    # Unreachable in play (a card drawn for a Flip Three means a Flip Three was discarded);
    # a hand-built position can ask for it, and the round then ends (an engine choice).
    names = [f"P{i}" for i in range(18)]
    lines = [[] for _ in names]
    pool = [n for n in range(12, -1, -1) for _ in range(COPIES[n])]
    for i, n in enumerate(pool):  # round robin: nobody gets the same number twice
        lines[i % 18].append(str(n))
    for i, extra in enumerate(["×2", "+2", "+4", "+6", "+8", "+10", "Second Chance",
                               "Second Chance", "Second Chance"]):
        lines[i].append(extra)
    text = "players: " + ", ".join(names) + "\ndeck: -\ndiscards: -\n"
    text += "".join(f"{name}: {', '.join(cards)}\n" for name, cards in zip(names, lines))
    text += "turn: P0\npending: play " + ", ".join(
        [f"{c} aside by P1" for c in ["Freeze"] * 3 + ["Flip Three"] * 3]) + \
        "; flip-three P2 3\n"
    over = P(text)
    assert over.is_round_over and over.card_count() == 94
    assert over.round_scores()[2] == line_score(over.nums[2], over.mods[2], False, 15)
    assert over.discards[19] == 3 and over.discards[20] == 3


# Twelve busted players holding every number card but one 7 (Hal's, or the one in the
# deck) and the six modifiers: the end of a long round at 13 players (issue 20's sweep).
SWEEP = """
    players: Ann, Bob, Cy, Dee, Eve, Finn, Gus, Hal, Ida, Jo, Kim, Lou, Max
    round: 3
    deck: {deck}
    discards: {discards}
    Ann: 8, 9, 10, 11, 12, 12, ×2 (busted)
    Bob: 4, 6, 8, 10, 11, 12, 12, +2 (busted)
    Cy: 4, 5, 6, 10, 11, 11, 12, +4 (busted)
    Dee: 4, 5, 6, 10, 11, 11, 12, +6 (busted)
    Eve: 4, 5, 6, 10, 10, 11, 12, +8 (busted)
    Finn: 3, 5, 6, 10, 10, 11, 12, +10 (busted)
    Gus: 3, 5, 9, 9, 10, 11, 12 (busted)
    Ida: 3, 7, 9, 9, 10, 12 (busted)
    Jo: 2, 6, 8, 8, 9, 12 (busted)
    Kim: 2, 7, 8, 8, 9, 12 (busted)
    Lou: 0, 7, 7, 8, 9, 11 (busted)
    Max: 1, 7, 7, 8, 9, 11 (busted)
    Hal: {hal}
    turn: Hal
    pending: {pending}
    """
CHAIN = ("play Freeze aside by Hal, Freeze aside by Hal, Freeze aside by Hal; "
         "flip-three Hal 2 aside Flip Three; flip Hal")


def test_flip7_endless_reshuffle_ends_the_round_when_the_discards_hold_only_actions():
    # Issue 20: Hal, the only player still in, flips Flip Threes on himself; the Freezes wait
    # under them (depth first), so before flip7.endless-reshuffle this repeated every 4 steps for ever.
    state = P(SWEEP.format(deck="Flip Three, Second Chance, Second Chance",
                           discards="Flip Three", hal="7, Second Chance", pending=CHAIN))
    state = play(state, DRAW, DRAW, DRAW)  # a Flip Three set aside, two Second Chances out
    assert state.deck_size == 0 and state.decision.phase == "choose-flip-three-target"
    over = state.play("flip-three Hal")  # forced: Hal is the only player still in
    assert kinds(over)[:2] == ["flip-three", "endless-reshuffle"] and over.is_round_over
    event = over.events[1]
    assert event.rule_id == "flip7.endless-reshuffle"
    assert event.en.startswith("The deck is empty and the discards (4 cards) hold no number "
                               "card and no modifier")
    assert "la manche se termine" in event.fr
    assert over.round_scores()[7] == 7 and over.scores[7] == 7  # Hal banks his 7
    # the 4 cards that went round, then the Flip Three and the 3 Freezes still waiting
    assert over.card_count() == 94 and sum(over.discards) == 4 + 4


def test_flip7_endless_reshuffle_a_duplicate_that_second_chances_could_cancel():
    # "No number card left" would not be enough: the 7 in the discards is one Hal has, and a
    # Second Chance can cancel it each time round, so these cards could go round for ever.
    state = P(SWEEP.replace("Ida: 3, 7,", "Ida: 3,").format(
        deck="Flip Three, 7, Second Chance", discards="Flip Three, Second Chance",
        hal="7, Second Chance", pending=CHAIN))
    state = play(state, DRAW, DRAW, DRAW)  # Flip Three aside; the 7 cancelled; a new Chance
    assert [e.kind for e in state.events] == ["flipped", "second-chance-kept"]
    over = state.play("flip-three Hal")
    assert "endless-reshuffle" in kinds(over) and over.is_round_over
    event = over.events[kinds(over).index("endless-reshuffle")]
    assert "hold no modifier and only one number card, each a number a player still in " \
           "already has" in event.en
    assert over.scores[7] == 7


@pytest.mark.parametrize("extra, why", [("+4", "a modifier always joins a line"),
                                        ("0", "a number Hal does not have")])
def test_flip7_endless_reshuffle_not_when_a_card_is_sure_to_count(extra, why):
    # The same end of round, but the discards hold a card sure to change a line: F9's
    # reshuffle happens, as the sources say.
    text = SWEEP.format(deck="Flip Three, Second Chance, Second Chance",
                        discards=f"Flip Three, {extra}", hal="7, Second Chance", pending=CHAIN)
    text = text.replace(", +4 (busted)", " (busted)") if extra == "+4" else \
        text.replace("Lou: 0, 7,", "Lou: 7,")
    state = play(P(text), DRAW, DRAW, DRAW)
    after = state.play("flip-three Hal")
    assert kinds(after) == ["flip-three", "reshuffle"], why
    assert not after.is_round_over and after.deck_size == 5


def test_flip7_endless_reshuffle_also_names_the_no_cards_ending():
    # Every card in front of the 18 players or waiting (a Flip Three's last card to flip
    # after P6 passes on a third Second Chance): the deck and the discards are both empty.
    names = [f"P{i}" for i in range(18)]
    lines = [[] for _ in names]
    pool = [n for n in range(12, -1, -1) for _ in range(COPIES[n])]
    for i, n in enumerate(pool):  # round robin: nobody gets the same number twice
        lines[i % 18].append(str(n))
    for i, extra in enumerate(["×2", "+2", "+4", "+6", "+8", "+10", "Second Chance",
                               "Second Chance"]):
        lines[i].append(extra)
    text = "players: " + ", ".join(names) + "\ndeck: -\ndiscards: -\n"
    text += "".join(f"{name}: {', '.join(cards)}\n" for name, cards in zip(names, lines))
    text += "turn: P0\npending: play " + ", ".join(
        [f"{c} aside by P1" for c in ["Freeze"] * 3 + ["Flip Three"] * 3]) + \
        "; flip-three P2 1; second-chance P6\n"
    state = P(text)
    over = state.play("give second-chance P8")
    assert kinds(over)[:2] == ["second-chance-passed", "no-cards"] and over.is_round_over
    event = over.events[1]
    assert event.rule_id == "flip7.endless-reshuffle"
    assert event.en == ("No card is left to draw, in the deck or the discards: the round "
                        "ends, and the players still in keep their points.")
    assert over.round_scores()[2] == line_score(over.nums[2], over.mods[2], False, 15) > 0


def test_flip7_game_end_at_200_the_highest_total_wins():
    state = P("""
        players: Ann, Bob, Cy
        round: 7
        scores: 190, 150, 199
        Ann: 10, 12 (stayed)
        Bob: 5 (frozen)
        Cy: 0
        turn: Cy
        """)
    over = state.play("stay")
    assert over.scores == (212, 155, 199)
    assert over.is_over and over.winners == (0,) and over.to_move is None
    assert over.decision is None and over.legal_moves() == () and over.chance() is None
    assert kinds(over) == ["stayed", "round-over", "game-over"]
    assert over.events[-1].en == "The game is over: Ann wins with 212 points."
    refused(over, "draw", "flip7.game-end")


def test_flip7_game_end_when_several_pass_200_the_highest_wins():
    state = P("""
        players: Ann, Bob
        round: 7
        scores: 195, 190
        Ann: 10 (stayed)
        Bob: 12
        turn: Bob
        """)
    over = state.play("stay")
    assert over.scores == (205, 202) and over.winners == (0,)


def test_flip7_tie_at_the_top_plays_another_round():
    state = P("""
        players: Ann, Bob, Cy
        round: 7
        scores: 190, 195, 20
        Ann: 10, 5 (stayed)
        Bob: 10
        Cy: 1 (frozen)
        turn: Bob
        """)
    tied = state.play("stay")
    assert tied.scores == (205, 205, 21) and not tied.is_over and tied.winners == ()
    assert kinds(tied)[-1] == "tie" and tied.events[-1].rule_id == "flip7.tie"
    assert tied.to_move is CHANCE
    nxt = tied.play(DRAW)
    assert nxt.round == 8 and all(line(nxt, n).status == "active" for n in nxt.names)


# ---------------------------------------------------------------- Freeze


def test_flip7_freeze_the_drawer_chooses_an_active_player():
    state = play(three("Freeze", cy="6 (stayed)"), "hit", "draw")
    assert state.decision.phase == "choose-freeze-target" and state.to_move == 0
    assert state.legal_moves() == (Target(19, 0), Target(19, 1))
    assert state.candidate_moves() == (Target(19, 0), Target(19, 1), Target(19, 2))
    refused(state, "freeze Cy", "flip7.freeze")
    refused(state, "hit", "flip7.freeze")
    frozen = state.play("freeze Bob")
    assert line(frozen, "Bob").status == "frozen" and frozen.score_now(1) == 4
    assert frozen.events[0].en == ("Ann freezes Bob: Bob is out of the round; "
                                   "the cards already in front still score.")
    assert frozen.discards[19] == 1  # the Freeze is discarded once played


def test_flip7_freeze_verdict_and_move_text_name_the_player():
    from doublesept.errors import OptionError

    state = play(three("Freeze", cy="6 (stayed)"), "hit", "draw")
    assert str(state.check("freeze Bob")).startswith("freeze Bob: legal [flip7.freeze] ")
    assert str(state.check("freeze Cy")).startswith("freeze Cy: illegal [flip7.freeze] ")
    assert state.check("freeze Bob") == (Target(19, 1), True, "flip7.freeze",
                                         state.check("freeze Bob").reason_en,
                                         state.check("freeze Bob").reason_fr)
    with pytest.raises(OptionError, match="lang: a move is written in 'en' or 'fr', not 'de'"):
        state.move_text("freeze Bob", "de")


def test_flip7_freeze_self_allowed_and_chosen_out_of_turn():
    state = play(three("Flip Three, Freeze, 1, 2"), "hit", "draw", "flip-three Bob",
                 "draw", "draw", "draw")
    # Bob flipped the Freeze: after his three cards, Bob (out of turn) chooses its target
    assert state.turn == 0 and state.to_move == 1
    assert state.decision.phase == "choose-freeze-target"
    assert play(state, "freeze Bob").to_move == 2


def test_flip7_freeze_self_when_the_only_active_player():
    state = play(three("Freeze", bob="4 (stayed)", cy="6 (busted)".replace("6", "6, 6")),
                 "hit", "draw")
    assert state.legal_moves() == (Target(19, 0),)
    verdict = refused(state, "freeze Bob", "flip7.freeze-self")
    assert "Ann must take the Freeze" in verdict.reason_en
    assert state.check("freeze Ann").rule_id == "flip7.freeze-self"
    over = state.play("freeze Ann")
    assert over.is_round_over and over.round_scores() == (3, 4, 0)


# ---------------------------------------------------------------- Second Chance


def test_flip7_second_chance_saves_from_a_duplicate_automatically():
    state = play(three("Second Chance, 3", ann="3, 9"), "hit", "draw")
    assert line(state, "Ann").second_chance and kinds(state) == ["drew", "second-chance-kept"]
    state = play(state, "stay", "stay", "hit", "draw")
    assert line(state, "Ann").status == "active" and not line(state, "Ann").second_chance
    assert numbers(state, "Ann") == [3, 9]
    assert kinds(state) == ["drew", "second-chance-used"]
    assert state.discards[3] == 1 and state.discards[21] == 1  # both set aside together


def test_flip7_second_chance_limit_a_second_one_is_passed_on():
    state = play(three("Second Chance", ann="3, Second Chance", bob="4, Second Chance"),
                 "hit", "draw")
    assert state.decision.phase == "give-second-chance" and state.to_move == 0
    assert state.legal_moves() == (Give(21, 2),)
    refused(state, "give second-chance Ann", "flip7.second-chance-limit")
    refused(state, "give second-chance Bob", "flip7.second-chance-limit")
    given = state.play("give second-chance Cy")
    assert line(given, "Cy").second_chance and given.to_move == 1
    assert kinds(given) == ["second-chance-passed"]


def test_flip7_second_chance_limit_discarded_when_nobody_can_take_it():
    state = play(three("Second Chance", ann="3, Second Chance", bob="4 (stayed)",
                       cy="6, Second Chance"), "hit", "draw")
    assert kinds(state) == ["drew", "second-chance-discarded"]
    assert state.discards[21] == 1 and state.to_move == 2


def test_flip7_second_chance_discarded_at_the_end_of_the_round():
    state = three("9", ann="3, Second Chance", bob="4 (stayed)", cy="6 (stayed)")
    over = state.play("stay")
    assert over.is_round_over and line(over, "Ann").second_chance
    nxt = over.play(DRAW)
    assert not any(line(nxt, n).second_chance for n in nxt.names)
    assert nxt.discards[21] == 1


# ---------------------------------------------------------------- Flip Three


def test_flip7_flip_three_flips_three_cards_one_at_a_time():
    state = play(three("Flip Three, 1, 2, 5"), "hit", "draw")
    assert state.decision.phase == "choose-flip-three-target" and state.to_move == 0
    assert len(state.legal_moves()) == 3  # anyone active, the drawer included
    state = state.play("flip-three Cy")
    for which, c in enumerate(["1", "2", "5"], 1):
        assert state.decision.en == f"Flip card {which} of 3 for Cy" and state.to_move is CHANCE
        state = state.play(DRAW)
        assert state.events[0].en == f"Cy flips a {c} (card {which} of 3)."
    assert numbers(state, "Cy") == [1, 2, 5, 6]


def test_flip7_flip_three_on_yourself():
    state = play(three("Flip Three, 1, 2, 5"), "hit", "draw", "flip-three Ann", "draw", "draw",
                 "draw")
    assert numbers(state, "Ann") == [1, 2, 3, 5] and state.to_move == 1


def test_flip7_flip_three_stops_at_once_on_a_bust():
    state = play(three("Flip Three, 6, 9"), "hit", "draw", "flip-three Cy", "draw")
    assert line(state, "Cy").status == "busted" and state.to_move == 1
    assert state.deck_size == 94 - 3 - 2  # the Flip Three stopped: 9 is still in the deck


def test_flip7_flip_three_stops_at_a_flip_7_and_drops_the_cards_set_aside():
    state = play(three("Flip Three, Freeze, 5, 6", ann="0, 1, 2, 3, 4"), "hit", "draw",
                 "flip-three Ann", "draw", "draw", "draw")
    assert state.is_round_over and state.flip7_player == 0
    assert kinds(state) == ["flipped", "flip-7", "action-discarded", "round-over"]
    assert state.events[2].rule_id == "flip7.flip-three-stops"
    assert state.discards[19] == 1


def test_flip7_flip_three_deferred_actions_wait_for_the_three_cards():
    state = play(three("Flip Three, Freeze, 1, 2"), "hit", "draw", "flip-three Cy",
                 "draw")
    assert kinds(state) == ["flipped", "action-set-aside"]
    assert state.to_move is CHANCE and state.pending_cards() == [card("Freeze")]
    state = play(state, "draw", "draw")
    assert numbers(state, "Cy") == [1, 2, 6]
    assert state.decision.phase == "choose-freeze-target" and state.to_move == 2
    assert state.check("freeze Bob").rule_id == "flip7.flip-three-deferred"
    state = state.play("freeze Bob")
    assert line(state, "Bob").status == "frozen" and state.to_move == 2  # Cy, after Ann


def test_flip7_flip_three_deferred_in_the_order_revealed():
    state = play(three("Flip Three, Freeze, Flip Three, 1, 7, 8, 9"), "hit", "draw",
                 "flip-three Cy", "draw", "draw", "draw")
    assert state.pending_cards() == [card("Freeze"), card("Flip Three")]
    assert state.decision.phase == "choose-freeze-target"
    state = state.play("freeze Ann")
    assert state.decision.phase == "choose-flip-three-target" and state.to_move == 2
    state = play(state, "flip-three Bob", "draw", "draw", "draw")
    assert numbers(state, "Bob") == [4, 7, 8, 9] and state.to_move == 1


def test_flip7_flip_three_second_chance_works_at_once():
    state = play(three("Flip Three, Second Chance, 6, 9"), "hit", "draw", "flip-three Cy",
                 "draw", "draw")
    assert kinds(state) == ["flipped", "second-chance-used"]
    assert line(state, "Cy").status == "active"
    state = state.play("draw")
    assert numbers(state, "Cy") == [6, 9] and state.to_move == 1


def test_flip7_flip_three_second_chance_surplus_is_passed_on_at_once():
    state = play(three("Flip Three, Second Chance, 1, 2", cy="6, Second Chance"), "hit",
                 "draw", "flip-three Cy", "draw")
    assert state.decision.phase == "give-second-chance" and state.to_move == 2  # F19
    assert state.pending_cards() == [card("Second Chance")]
    state = state.play("give second-chance Bob")
    assert line(state, "Bob").second_chance and state.decision.en == "Flip card 2 of 3 for Cy"


def test_flip7_deferred_after_bust_each_card_given_and_played():
    state = play(three("Flip Three, Freeze, Flip Three, 6, 1, 2, 5"), "hit", "draw",
                 "flip-three Cy", "draw", "draw", "draw")
    assert line(state, "Cy").status == "busted"
    assert state.decision.phase == "give-deferred-card" and state.to_move == 2
    assert state.legal_moves() == (Give(19, 0), Give(19, 1))
    refused(state, "freeze Ann", "flip7.deferred-after-bust")
    refused(state, "give freeze Cy", "flip7.deferred-after-bust")
    refused(state, "give flip-three Ann", "flip7.deferred-after-bust")
    state = state.play("give freeze Ann")
    assert line(state, "Ann").status == "frozen"
    assert state.decision.phase == "give-deferred-card" and state.legal_moves() == (Give(20, 1),)
    state = play(state, "give flip-three Bob", "draw", "draw", "draw")
    assert numbers(state, "Bob") == [1, 2, 4, 5] and state.to_move == 1


def test_flip7_deferred_after_bust_discarded_when_nobody_is_active():
    state = play(three("Flip Three, Freeze, 3", bob="4 (stayed)", cy="6 (stayed)"), "hit",
                 "draw", "flip-three Ann", "draw", "draw")
    assert kinds(state) == ["flipped", "bust", "action-discarded", "round-over"]
    assert state.events[2].en == "Ann's Freeze is discarded: nobody is active to receive it."
    assert state.is_round_over


def test_flip7_deferred_after_bust_faq_option_discards_them():
    state = play(three("Flip Three, Freeze, 6", deferred_after_bust="discard"), "hit",
                 "draw", "flip-three Cy", "draw", "draw")
    assert kinds(state) == ["flipped", "bust", "action-discarded"]
    assert state.events[2].rule_id == "flip7.deferred-after-bust"
    assert state.to_move == 1 and state.discards[19] == 1


def test_flip7_nested_flip_three_depth_first():
    # Cy flips: Flip Three (aside), Freeze (aside), 1. Cy plays the Flip Three on Bob, who
    # flips Freeze (aside), 2, 5, and freezes (his own card) before Cy's Freeze is played.
    state = play(three("Flip Three, Flip Three, Freeze, 1, Freeze, 2, 5"), "hit", "draw",
                 "flip-three Cy", "draw", "draw", "draw")
    assert state.decision.phase == "choose-flip-three-target" and state.to_move == 2
    state = play(state, "flip-three Bob", "draw", "draw", "draw")
    assert state.to_move == 1 and state.decision.phase == "choose-freeze-target"  # Bob's
    state = state.play("freeze Cy")
    assert state.to_move == 2 and state.decision.phase == "choose-freeze-target"  # Cy's
    assert state.legal_moves() == (Target(19, 0), Target(19, 1))


def test_flip7_nested_flip_three_shared_queue_option():
    state = play(three("Flip Three, Flip Three, Freeze, 1, Freeze, 2, 5",
                       nested_actions="shared-queue"),
                 "hit", "draw", "flip-three Cy", "draw", "draw", "draw", "flip-three Bob",
                 "draw", "draw", "draw")
    assert state.to_move == 2  # Cy's Freeze comes first, then Bob's at the end of the queue
    state = state.play("freeze Ann")
    assert state.to_move == 1 and state.decision.phase == "choose-freeze-target"


def test_flip7_frozen_target_deferred_cards_still_played_on_the_others():
    state = play(three("Flip Three, Freeze, Flip Three, 1, 2, 5, 7"), "hit", "draw",
                 "flip-three Cy", "draw", "draw", "draw", "freeze Cy")
    assert line(state, "Cy").status == "frozen"
    assert state.to_move == 2 and state.decision.phase == "choose-flip-three-target"
    assert state.check("flip-three Bob").rule_id == "flip7.frozen-target-deferred"
    refused(state, "flip-three Cy", "flip7.flip-three")
    state = play(state, "flip-three Bob", "draw", "draw", "draw")
    assert numbers(state, "Bob") == [2, 4, 5, 7]


def test_flip7_frozen_target_deferred_dropped_option():
    state = play(three("Flip Three, Freeze, Flip Three, 1, 2, 5, 7",
                       frozen_target_deferred="dropped"), "hit", "draw",
                 "flip-three Cy", "draw", "draw", "draw", "freeze Cy")
    assert kinds(state) == ["frozen", "action-discarded"]
    assert state.events[1].rule_id == "flip7.frozen-target-deferred"
    assert state.to_move == 1 and state.decision.phase == "hit-or-stay"


# ---------------------------------------------------------------- moves and narration


def test_flip7_moves_are_values_with_text_in_both_languages():
    state = play(three("Freeze"), "hit", "draw")
    move = state.legal_moves()[1]
    assert move == Target(19, 1) and move.text() == "freeze 1" and move.text("fr") == "gel 1"
    assert state.move_text(move) == "freeze Bob" and state.move_text(move, "fr") == "gel Bob"
    assert state.parse_move("gel Bob") is move and state.parse_move("freeze 1") is move
    assert Give(21, 2).text() == "give second-chance 2"
    assert Give(21, 2).text("fr") == "donner seconde-chance 2"
    assert HIT.text("fr") == "encore" and STAY.text("fr") == "stop"
    with pytest.raises(AttributeError):
        move.seat = 2
    verdict = state.check("fly away")
    assert not verdict.legal and verdict.rule_id == "flip7.deck"


def test_flip7_events_in_english_and_french():
    state = play(three("Flip Three, Freeze, 6"), "hit", "draw", "flip-three Cy", "draw",
                 "draw")
    for event in state.events:
        assert event.en and event.fr and event.en != event.fr
        assert rule(event.rule_id)
    assert state.events[-1].fr.startswith("Cy a déjà le 6")


def test_flip7_deal_and_flip7_first_player_seats_are_data_of_the_rules():
    """F2 and F13 live in Flip7Rules (issue 22): where the deal begins and who is offered
    hit or stay first, read by the engine's deal and by the notation."""
    from doublesept.flip7.rules import Flip7Rules

    seed_004, left = Flip7Rules(), Flip7Rules(preset="dealers-left")
    assert (seed_004.deal_start_seat(2, 4), seed_004.first_seat(2, 4)) == (2, 2)
    assert (left.deal_start_seat(2, 4), left.first_seat(2, 4)) == (3, 3)
    assert (left.deal_start_seat(3, 4), left.first_seat(3, 4)) == (0, 0)
