"""The deal card of a player who already has cards (flip7.deal-card-optional, issue 23): by
default it is dealt (ruling F14); with ``deal_card_when_holding="hit-or-stay"`` (the FAQ /
Edge Cases file, Case 18) the dealer asks that player hit or stay instead. A Flip Three dealt
is played at once, even on a player not yet dealt (Case 17), and the deal goes on after the
player who was dealt it (Case 19), either way. Play, check, positions, saves, exact odds, the
computer players and random games follow it."""

import textwrap

import pytest
from harness import assert_no_breaks, random_game_checks
from test_flip7_odds import by_engine, unstacked
from test_flip7_properties import check_invariants
from test_flip7_random_games import Flip7Adapter

from doublesept import PositionError, load, save
from doublesept.flip7 import (
    CARDS,
    FLIP_THREE,
    HIT,
    STAY,
    Flip7Rules,
    exact_odds,
    new_game,
    position,
)
from doublesept.flip7.players import LEVELS, computer_move

OPTIONAL = {"deal_card_when_holding": "hit-or-stay"}


def flipped_before_the_deal(**options):
    """Ann deals; she is dealt a Flip Three and plays it on Cy, not yet dealt, who flips a
    5, a 6 and a 7; Bob is dealt an 8; the deal reaches Cy."""
    state = new_game(4, seed=1, dealer=0, **options)
    state = state.play(CARDS[FLIP_THREE])
    assert state.decision.phase == "choose-flip-three-target" and state.to_move == 0
    state = state.play("flip-three Cy")  # Case 17: at once, on a player not yet dealt
    for card in ("5", "6", "7"):
        state = state.play(card)
    assert state.decision.en == "Deal a card to Bob"  # Case 19: the deal goes on after Ann
    return state.play("8")


def test_flip7_deal_card_optional_default_deals_the_card_f14():
    state = flipped_before_the_deal()
    assert state.decision.en == "Deal a card to Cy" and state.tasks[-1][1] == 2
    state = state.play("9")
    assert [c.value for c in state.line(2).numbers] == [5, 6, 7, 9]
    assert state.decision.en == "Deal a card to Dee"


def test_flip7_deal_card_optional_case_18_the_holder_may_stay():
    state = flipped_before_the_deal(**OPTIONAL)
    assert state.decision.phase == "hit-or-stay" and state.to_move == 2
    assert state.decision.rule_id == "flip7.deal-card-optional"
    assert state.legal_moves() == (HIT, STAY)
    verdict = state.check("stay")
    assert verdict.legal and verdict.rule_id == "flip7.deal-card-optional"
    stayed = state.play("stay")
    assert stayed.status(2) == "stayed" and stayed.score_now(2) == 18
    assert [e.kind for e in stayed.events] == ["stayed"]
    assert stayed.decision.en == "Deal a card to Dee"  # the deal goes on
    check_invariants(stayed)
    # once the deal is over, hit or stay starts with the dealer (F13), Cy out
    done = stayed.play("3")
    assert done.decision.phase == "hit-or-stay" and done.turn == 0
    assert done.decision.rule_id == "flip7.hit"


def test_flip7_deal_card_optional_case_18_a_hit_takes_the_deal_card():
    state = flipped_before_the_deal(**OPTIONAL)
    assert state.check("hit").rule_id == "flip7.deal-card-optional"
    hit = state.play("hit")
    assert hit.decision.en == "Deal a card to Cy"
    dealt = hit.play("9")
    assert [e.kind for e in dealt.events] == ["dealt"]
    assert dealt.decision.en == "Deal a card to Dee"
    bust = hit.play("6")  # the deal card taken can bust
    assert bust.status(2) == "busted" and bust.decision.en == "Deal a card to Dee"
    check_invariants(bust)


def test_flip7_deal_card_optional_a_player_with_no_card_is_dealt_as_before():
    state = new_game(3, seed=2, dealer=0, **OPTIONAL)
    for card in ("4", "5", "6"):
        assert state.decision.phase == "deal"
        state = state.play(card)
    assert state.decision.en == "Ann to hit or stay" and state.tasks == ((1,),)


def test_flip7_deal_card_optional_positions_write_and_read_the_question():
    state = flipped_before_the_deal(**OPTIONAL)
    text = state.to_text()
    assert "turn: Cy (deal)\npending: hit-or-stay" in text
    assert position(text) == state and load(save(state)) == state
    with pytest.raises(PositionError, match="deal_card_when_holding=hit-or-stay"):
        position(text.replace("rules: deal_card_when_holding=hit-or-stay\n", ""))
    with pytest.raises(PositionError, match="already has cards"):
        position(text.replace("Cy: 5, 6, 7", "Cy: -").replace("discards: Flip Three",
                                                               "discards: 5, 6, 7, Flip Three"))


def test_flip7_deal_card_optional_odds_stay_exact_at_the_question():
    text = textwrap.dedent("""
        players: Ann, Bob
        rules: deal_card_when_holding=hit-or-stay
        deck: 9, 10, 5, Freeze
        discards: ...
        Ann: 7
        Bob: 5, 6, 8
        turn: Bob (deal)
        pending: hit-or-stay
        """)
    state = unstacked(position(text))
    assert state.decision.rule_id == "flip7.deal-card-optional"
    odds = exact_odds(state.observation(1), 1)
    bust, hit, _ = by_engine(state, 1, flip7=False)
    assert (odds.bust, odds.hit) == (bust, hit)
    later = unstacked(position(text.replace("turn: Bob (deal)\npending: hit-or-stay", "turn: Bob")))
    assert exact_odds(later.observation(1), 1).bust == odds.bust


@pytest.mark.parametrize("level", LEVELS)
def test_flip7_deal_card_optional_computer_players_hit_or_stay_in_the_deal(level):
    state = flipped_before_the_deal(**OPTIONAL)
    move = computer_move(state, level, 5)
    assert move in (HIT, STAY)
    check_invariants(state.play(move))


def test_flip7_deal_card_optional_option_reads_describes_and_joins_the_publisher_preset():
    rules = Flip7Rules(**OPTIONAL)
    assert rules.to_text() == "deal_card_when_holding=hit-or-stay"
    assert "deal card optional" in rules.describe()
    assert Flip7Rules(preset="publisher-faq").deal_card_when_holding == "hit-or-stay"
    assert Flip7Rules(preset="faq").deal_card_when_holding == "dealt"


class _Optional(Flip7Adapter):
    """The harness's Flip 7 games, every other option drawn, the deal card optional."""

    def draw_options(self, rng) -> dict:
        return {**super().draw_options(rng), **OPTIONAL,
                "set_aside_targets": rng.choice(("one-at-a-time", "all-first"))}


def test_flip7_deal_card_optional_random_games_keep_the_contract():
    reports = [random_game_checks(_Optional(fresh=False, players=6), seed, sample=0.5)
               for seed in range(74_000, 74_012)]
    assert_no_breaks(reports)
    assert all(r.final.is_over for r in reports)
    asked = 0
    for report in reports:
        state = report.final
        while state is not None:
            asked += state.decision is not None and \
                state.decision.rule_id == "flip7.deal-card-optional"
            state = state.parent
    assert asked > 0  # some deal asked a player holding cards
