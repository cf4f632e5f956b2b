"""Where a played Freeze goes (flip7.freeze-placement, issue 23): to the discards at once by
default; with ``freeze_placement="in-front"`` (the FAQ / Edge Cases file, Case 4) it stays in
front of the frozen player until the round ends. The discards, the mid-round reshuffle (F9),
the positions, the observations and the exact odds follow it."""

import textwrap

import pytest
from harness import assert_no_breaks, random_game_checks
from test_flip7_odds import CROWDED, by_engine, unstacked
from test_flip7_properties import check_invariants
from test_flip7_random_games import Flip7Adapter

from doublesept import PositionError, load, save
from doublesept.flip7 import (
    CARDS,
    FREEZE,
    Flip7Rules,
    exact_odds,
    new_game,
    position,
)
from doublesept.flip7.players import check_observation

IN_FRONT = "rules: freeze_placement=in-front\n"

TABLE = """
players: Ann, Bob, Cy
deck: Freeze, 5, ...
Ann: 12
Bob: 11
Cy: 10
turn: Ann
"""


def P(text: str):
    return position(textwrap.dedent(text))


def ann_freezes_bob(rules: str = ""):
    return P(rules + TABLE).play("hit").play("draw").play("freeze Bob")


def test_flip7_freeze_placement_default_discards_the_freeze_at_once():
    state = ann_freezes_bob()
    assert state.rules.freeze_placement == "discards"
    assert state.discards[FREEZE] == 1 and state.frozen == 0b10
    assert CARDS[FREEZE] not in state.line(1).cards
    assert "rules:" not in state.to_text()  # a default is never written
    check_invariants(state)


def test_flip7_freeze_placement_in_front_keeps_it_until_the_round_ends():
    state = ann_freezes_bob(IN_FRONT)
    assert state.discards[FREEZE] == 0 and state.frozen == 0b10
    assert state.line(1).cards == (CARDS[11], CARDS[FREEZE])
    assert state.card_count() == 94
    check_invariants(state)
    assert "Bob: 11, Freeze (frozen)" in state.to_text()
    assert position(state.to_text()) == state
    assert load(save(state)) == state
    # the round ends; the next one starts with the Freeze in the discards
    while state.tasks:
        state = state.play("stay" if "stay" in [m.text() for m in state.legal_moves()]
                           else state.legal_moves()[0])
    check_invariants(state)
    after = state.play("draw")
    assert after.discards[FREEZE] + after.deck[FREEZE] == 3
    check_invariants(after)


def test_flip7_freeze_placement_mid_round_reshuffle_leaves_it_in_front():
    # F9: only the discards become the new deck; with in-front the Freeze is not among them
    text = """
        players: Ann, Bob, Cy
        deck: -
        discards: ...
        Ann: 12
        Bob: 11, Freeze (frozen)
        Cy: 10 (stayed)
        turn: Ann
        """
    kept = P(IN_FRONT + text).play("hit")
    assert kept.deck[FREEZE] == 2  # two Freezes came back, the third stays with Bob
    default = P(text.replace(", Freeze (frozen)", " (frozen)")).play("hit")
    assert default.deck[FREEZE] == 3
    check_invariants(kept)
    check_invariants(default)


def test_flip7_freeze_placement_positions_say_where_the_freeze_is():
    with pytest.raises(PositionError, match="write it in their line"):
        P(IN_FRONT + TABLE.replace("Bob: 11", "Bob: 11 (frozen)"))
    with pytest.raises(PositionError, match="never kept"):
        P(TABLE.replace("Bob: 11", "Bob: 11, Freeze (frozen)"))
    with pytest.raises(PositionError, match="never kept"):
        P(IN_FRONT + TABLE.replace("Bob: 11", "Bob: 11, Freeze"))  # not frozen


def test_flip7_freeze_placement_observation_accounts_for_every_card():
    for rules in ("", IN_FRONT):
        state = ann_freezes_bob(rules)
        for seat in (None, 0, 1, 2):
            view = state.observation(seat)
            assert view["rules"]["freeze_placement"] == ("in-front" if rules else "discards")
            exact_odds(view, 0)  # refuses an observation that loses a card
        check_observation(state.observation(state.to_move))


@pytest.mark.parametrize("discards", ["5, Second Chance", "0, 5"])
def test_flip7_freeze_placement_odds_stay_exact_under_both_values(discards):
    # Ned is frozen: his Freeze is in the discards (default) or in front of him (in-front);
    # Ann, alone, runs through the deck and on into the reshuffled discards, Freezes and
    # Flip Threes forced on her: the odds equal the engine's over every card, both ways
    text = CROWDED.format(deck="5, Second Chance", discards="0").replace(
        "discards: 0, ", "discards: ").replace("Ned: 4, 7, 9, 10, 12 (stayed)",
                                               "Ned: 4, 7, 9, 10, 12 (frozen)")
    if discards == "0, 5":
        text = text.replace("deck: 5, Second Chance", "deck: Second Chance").replace(
            "discards: ", "discards: 5, ")
    kept = IN_FRONT + text.replace("Freeze, Freeze, Freeze,", "Freeze, Freeze,").replace(
        "Ned: 4, 7, 9, 10, 12 (frozen)", "Ned: 4, 7, 9, 10, 12, Freeze (frozen)")
    for state in (unstacked(position(text)), unstacked(position(kept))):
        odds = exact_odds(state.observation(0), 0)
        assert (odds.bust, odds.hit, odds.flip7) == by_engine(state, 0)
    assert position(kept).discards[FREEZE] == 2


def test_flip7_freeze_placement_preset_free_option_reads_and_describes():
    rules = Flip7Rules(freeze_placement="in-front")
    assert rules.to_text() == "freeze_placement=in-front"
    assert "stays in front of the frozen player" in rules.describe()
    game = new_game(3, seed=4, freeze_placement="in-front")
    assert position(game.to_text()) == game and load(save(game)) == game


def test_flip7_freeze_placement_publisher_faq_preset_plays_every_publisher_option():
    # issue 23: one preset for the publisher's rulings quoted by the Edge Cases file
    rules = Flip7Rules(preset="publisher-faq")
    assert (rules.freeze_placement, rules.deferred_after_bust) == ("in-front", "discard")
    assert Flip7Rules(preset="faq").freeze_placement == "discards"  # "faq" as it was
    game = new_game(3, seed=4, preset="publisher-faq")
    assert game.rules == rules and position(game.to_text()) == game


class _InFront(Flip7Adapter):
    """The harness's Flip 7 games, every other option drawn, the Freeze kept in front."""

    def draw_options(self, rng) -> dict:
        return {**super().draw_options(rng), "freeze_placement": "in-front"}


def test_flip7_freeze_placement_in_front_random_games_keep_the_contract():
    # the shared random-game checks (conservation of the 94 cards, check against
    # legal_moves, save/load and position round trips, observations) under in-front
    reports = [random_game_checks(_InFront(fresh=False), seed, sample=0.5)
               for seed in range(72_000, 72_010)]
    assert_no_breaks(reports)
    assert all(r.final.is_over for r in reports)
    kept = 0
    for report in reports:
        state = report.final
        while state is not None:
            kept += bool(state.frozen) and CARDS[FREEZE] in state.line(
                (state.frozen & -state.frozen).bit_length() - 1).cards
            state = state.parent
    assert kept > 0  # some game froze a player, the Freeze in front of them
