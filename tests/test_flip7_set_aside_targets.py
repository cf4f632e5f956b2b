"""When the cards set aside during a Flip Three take effect (flip7.set-aside-targets, issue
23): by default each as soon as its player is chosen; with ``set_aside_targets="all-first"``
(the FAQ / Edge Cases file, Case 16) every card of the queue is given its player first, in
the order flipped, none taking effect until all have one, and a card whose player is out by
then is discarded. Play, check, legal moves, events, positions, saves, exact odds, the
computer players and random games follow it."""

import json
import textwrap

import pytest
from harness import assert_no_breaks, random_game_checks
from test_flip7_odds import CROWDED, CROWDED_PILES, by_engine, unstacked
from test_flip7_properties import check_invariants
from test_flip7_random_games import Flip7Adapter

from doublesept import PositionError, load, save
from doublesept.flip7 import (
    FLIP_THREE,
    FREEZE,
    Flip7Rules,
    exact_odds,
    new_game,
    position,
)
from doublesept.flip7.players import LEVELS, computer_move
from doublesept.flip7.render import render_html
from doublesept.flip7.state import OBSERVATION_FIELDS, OBSERVATION_RULE_FIELDS
from doublesept.widgets import Flip7Table

ALL_FIRST = "rules: set_aside_targets=all-first\n"
SHARED = "rules: nested_actions=shared-queue, set_aside_targets=all-first\n"

# Ann hits a Flip Three, takes it, and flips a Freeze, a Flip Three and a 5: two cards set
# aside, to be given in the order flipped (the Freeze first)
TABLE = """
players: Ann, Bob, Cy
deck: Flip Three, Freeze, Flip Three, 5, 6, 7, 8, 9, ...
Ann: 12
Bob: 11
Cy: 10
turn: Ann
"""


def P(text: str):
    return position(textwrap.dedent(text))


def two_set_aside(rules: str = ""):
    state = P(rules + TABLE)
    for move in ("hit", "draw", "flip-three Ann", "draw", "draw", "draw"):
        state = state.play(move)
    assert state.decision.phase == "choose-freeze-target"
    return state


def kinds(state):
    return [e.kind for e in state.events]


def test_flip7_set_aside_targets_default_each_card_takes_effect_when_its_player_is_chosen():
    state = two_set_aside().play("freeze Bob")
    assert state.frozen == 0b010  # at once
    assert kinds(state) == ["frozen"]
    assert state.decision.phase == "choose-flip-three-target"
    assert "flip-three Bob" not in [state.move_text(m) for m in state.legal_moves()]  # Bob is out
    assert not state.check("flip-three Bob").legal
    state = state.play("flip-three Cy")
    assert state.to_move != 1 and state.tasks[-1][0] != 0
    check_invariants(state)


def test_flip7_set_aside_targets_all_first_case_16a_freeze_then_flip_three_on_one_player():
    # Case 16(a): "If a single player is assigned, first, a Freeze, and second, a Flip 3, then
    # after being frozen, that player discards the Flip 3 card."
    state = two_set_aside(ALL_FIRST)
    verdict = state.check("freeze Bob")
    assert verdict.legal and verdict.rule_id == "flip7.set-aside-targets"
    assert "takes effect once every card set aside has its player" in verdict.reason_en
    state = state.play("freeze Bob")
    assert state.frozen == 0  # not yet: the Flip Three has no player
    assert kinds(state) == ["target-chosen"]
    assert state.events[0].rule_id == "flip7.set-aside-targets"
    assert "play Flip Three aside by Ann, Freeze aside by Ann on Bob" in state.to_text()
    assert "flip-three Bob" in [state.move_text(m) for m in state.legal_moves()]  # Bob is still in
    check_invariants(state)
    assert position(state.to_text()) == state and load(save(state)) == state
    state = state.play("flip-three Bob")
    assert state.frozen == 0b010
    assert kinds(state) == ["target-chosen", "frozen", "action-discarded"]
    assert state.events[-1].rule_id == "flip7.set-aside-targets"
    assert "out of the round by now" in state.events[-1].en
    assert state.discards[FLIP_THREE] == 2 and state.discards[FREEZE] == 1
    assert state.decision.phase == "hit-or-stay" and state.turn == 2  # Cy: Bob is frozen
    check_invariants(state)


def test_flip7_set_aside_targets_all_first_flip_three_then_freeze_both_take_effect():
    # the other order: the Flip Three first (Bob flips three), then the Freeze on Cy
    deck = "deck: Flip Three, Flip Three, Freeze, 5, 6, 7, 8, 9, ...\n"
    state = P(ALL_FIRST + TABLE.replace(
        "deck: Flip Three, Freeze, Flip Three, 5, 6, 7, 8, 9, ...\n", deck))
    for move in ("hit", "draw", "flip-three Ann", "draw", "draw", "draw", "flip-three Bob"):
        state = state.play(move)
    assert state.decision.phase == "choose-freeze-target" and state.tasks[-1][1][-1][3] == 1
    state = state.play("freeze Cy")
    assert kinds(state) == ["target-chosen", "flip-three"]  # the Freeze waits for Bob's three
    assert state.frozen == 0 and state.decision.phase == "flip"
    for _ in range(3):
        state = state.play("draw")
    assert state.frozen == 0b100 and kinds(state)[-1] == "frozen"
    check_invariants(state)


def test_flip7_set_aside_targets_all_first_case_16b_a_bust_discards_the_second_flip_three():
    # Case 16(b): "If there is a bust or Flip 7 with Flip 3 card #1, then discard Flip 3
    # card #2."
    text = ALL_FIRST + TABLE.replace(
        "deck: Flip Three, Freeze, Flip Three, 5, 6, 7, 8, 9, ...",
        "deck: Flip Three, Flip Three, Flip Three, 5, 11, 7, 8, 9, ...")
    state = P(text)
    for move in ("hit", "draw", "flip-three Ann", "draw", "draw", "draw", "flip-three Bob"):
        state = state.play(move)
    state = state.play("flip-three Bob")  # both to Bob; the first takes effect
    assert kinds(state) == ["target-chosen", "flip-three"]
    state = state.play("draw")  # Bob's 11 again: a bust
    assert state.busted == 0b010
    assert kinds(state)[-1] == "action-discarded"
    assert state.events[-1].rule_id == "flip7.set-aside-targets"
    check_invariants(state)


def test_flip7_set_aside_targets_all_first_case_16c_a_shared_queue_plays_it_as_written():
    # Case 16(c): A gives #2 to B and the Freeze to C; B, flipping, sets aside #3 and gives it
    # to C "despite there being a Freeze card in front of C"; then C's Freeze takes effect
    # and C discards #3
    text = SHARED + TABLE.replace(
        "deck: Flip Three, Freeze, Flip Three, 5, 6, 7, 8, 9, ...",
        "deck: Flip Three, Flip Three, Freeze, 5, Flip Three, 6, 7, 8, ...")
    state = P(text)
    for move in ("hit", "draw", "flip-three Ann", "draw", "draw", "draw", "flip-three Bob",
                 "freeze Cy", "draw", "draw", "draw"):
        state = state.play(move)
        assert position(state.to_text()) == state
    assert state.to_move == 1 and state.decision.phase == "choose-flip-three-target"
    assert "play Flip Three aside by Bob, Freeze aside by Ann on Cy" in state.to_text()
    assert state.check("flip-three Cy").legal  # C's Freeze has not yet taken effect
    state = state.play("flip-three Cy")
    assert kinds(state) == ["target-chosen", "frozen", "action-discarded"]
    assert state.frozen == 0b100 and state.discards[FLIP_THREE] == 3
    # depth first (F15), the same choices: Cy flips three before the Freeze takes effect
    depth = P(text.replace("nested_actions=shared-queue, ", ""))
    for move in ("hit", "draw", "flip-three Ann", "draw", "draw", "draw", "flip-three Bob",
                 "freeze Cy", "draw", "draw", "draw", "flip-three Cy"):
        depth = depth.play(move)
    assert kinds(depth) == ["flip-three"] and depth.frozen == 0


def test_flip7_set_aside_targets_positions_write_and_read_a_card_given_its_player():
    state = two_set_aside(ALL_FIRST).play("freeze Cy")
    text = state.to_text()
    assert "Freeze aside by Ann on Cy" in text
    assert position(text) == state
    with pytest.raises(PositionError, match="only under set_aside_targets=all-first"):
        position(text.replace("rules: set_aside_targets=all-first\n", ""))
    with pytest.raises(PositionError, match="come after the cards still waiting"):
        position(text.replace("play Flip Three aside by Ann, Freeze aside by Ann on Cy",
                              "play Freeze aside by Ann on Cy, Flip Three aside by Ann"))
    # every card given its player: the first takes effect as the position is read
    played = position(text.replace("Flip Three aside by Ann, ", "").replace(
        "discards: Flip Three", "discards: Flip Three, Flip Three"))
    assert played.frozen == 0b100


def test_flip7_set_aside_targets_all_first_observation_names_each_cards_player():
    # under all-first the observation says whom each card set aside is aimed at once named
    # ("set_aside_targets", a rule field beside "set_aside", same order), so a widget or a
    # lesson can tell it; by default the field is absent and the observation unchanged
    waiting = two_set_aside(ALL_FIRST)
    assert waiting.observation(None)["set_aside"] == ["Freeze", "Flip Three"]
    assert waiting.observation(None)["set_aside_targets"] == [None, None]
    aimed = waiting.play("freeze Cy")
    for seat in (None, 0, 1, 2):
        obs = aimed.observation(seat)
        assert obs["set_aside"] == ["Flip Three", "Freeze"]
        assert obs["set_aside_targets"] == [None, 2]
        assert set(obs) - set(OBSERVATION_FIELDS) == {"set_aside_targets"}
        assert json.loads(json.dumps(obs)) == obs
    assert OBSERVATION_RULE_FIELDS["set_aside_targets"] == "flip7.set-aside-targets"
    default = two_set_aside()
    assert "set_aside_targets" not in default.observation(None)
    assert default.observation(None)["set_aside"] == ["Freeze", "Flip Three"]
    # the table widget and the static picture read it from the observation
    assert Flip7Table(aimed).view["piles"]["set_aside"] == "Set aside: Flip Three, Freeze on Cy"
    assert Flip7Table(aimed, lang="fr").view["piles"]["set_aside"] == (
        "Mis de côté : Trois à la Suite, Gel sur Cy")
    assert "set aside: Flip Three, Freeze on Cy" in render_html(aimed)
    assert Flip7Table(waiting).view["piles"]["set_aside"] == "Set aside: Freeze, Flip Three"
    # the odds and the computer players take the observation with its rule field
    odds = exact_odds(aimed.observation(0), 0)
    assert 0 <= odds.bust <= 1
    move = computer_move(aimed, "easy", 1)
    assert move in aimed.legal_moves()


def test_flip7_set_aside_targets_odds_stay_exact_when_the_seat_is_alone():
    # Ann alone on a crowded table: a forced Flip Three sets aside a Freeze and a Flip Three,
    # all hers either way; the odds equal the engine's over every card, under both values
    deck = ["Flip Three", "Freeze", "Flip Three", "5"]
    rest = list(CROWDED_PILES)
    for c in deck:
        rest.remove(c)
    base = CROWDED.format(deck=", ".join(deck), discards="X").replace(
        "discards: X, 6, 6, 4, +2, Freeze, Freeze, Freeze, Flip Three, Flip Three, Flip Three",
        "discards: " + ", ".join(rest))
    for rules in ("", ALL_FIRST, SHARED):
        state = unstacked(position(textwrap.dedent(rules + base)))
        odds = exact_odds(state.observation(0), 0)
        assert (odds.bust, odds.hit, odds.flip7) == by_engine(state, 0)


@pytest.mark.parametrize("level", LEVELS)
def test_flip7_set_aside_targets_computer_players_give_every_card_a_legal_player(level):
    state = two_set_aside(SHARED)
    while state.to_move == 0 and state.decision.phase.startswith("choose"):
        move = computer_move(state, level, 3)
        assert move in state.legal_moves()
        state = state.play(move)
    check_invariants(state)


def test_flip7_set_aside_targets_option_reads_describes_and_joins_the_publisher_preset():
    rules = Flip7Rules(set_aside_targets="all-first")
    assert rules.to_text() == "set_aside_targets=all-first"
    assert "all given their players first" in rules.describe()
    game = new_game(3, seed=4, set_aside_targets="all-first")
    assert position(game.to_text()) == game and load(save(game)) == game
    publisher = Flip7Rules(preset="publisher-faq")
    assert (publisher.set_aside_targets, publisher.nested_actions) == ("all-first",
                                                                       "shared-queue")
    assert Flip7Rules(preset="faq").set_aside_targets == "one-at-a-time"


class _AllFirst(Flip7Adapter):
    """The harness's Flip 7 games, every other option drawn, the cards set aside all given
    their players first."""

    def draw_options(self, rng) -> dict:
        return {**super().draw_options(rng), "set_aside_targets": "all-first"}


def test_flip7_set_aside_targets_all_first_random_games_keep_the_contract():
    # the shared random-game checks (conservation, check against legal_moves, save/load and
    # position round trips, observations) under all-first
    reports = [random_game_checks(_AllFirst(fresh=False), seed, sample=0.5)
               for seed in range(73_000, 73_012)]
    assert_no_breaks(reports)
    assert all(r.final.is_over for r in reports)
    aimed = 0
    for report in reports:
        state = report.final
        while state is not None:
            aimed += any(e.kind == "target-chosen" for e in state.events)
            state = state.parent
    assert aimed > 0  # some game gave a card its player before it took effect
