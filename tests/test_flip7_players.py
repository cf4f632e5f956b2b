"""Flip 7 computer players: they see only their seat's observation, always answer a legal
move, and play their level's rule (easy: random; medium: stop at a number sum of 20 and
sensible targets; hard: the exact odds, the game score, and targets that hurt the leader)."""

from __future__ import annotations

import random
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesept import CHANCE, flip7
from doublesept.errors import OptionError, PositionError
from doublesept.flip7 import Flip7State
from doublesept.flip7.players import LEVELS, MEDIUM_STOP, ComputerPlayer, computer_move

ACTIONS = ("Freeze", "Flip Three", "Second Chance")


def legal_texts(state) -> tuple:
    return tuple(state.move_text(move) for move in state.legal_moves())


def choose(level, state, seed=0) -> str:
    return ComputerPlayer(level, seed).choose(state.observation(state.to_move),
                                              legal_texts(state))


def start(rng: random.Random, players: int, seed: int) -> Flip7State:
    """A game from 0, or (one time in two) near the end with action cards stacked on top,
    every rule option drawn at random."""
    side = rng.choice(("dealer", "left"))
    options = {"deal_start": side, "first_player": side,
               "flip7_bonus": rng.choice((15, 15, 0, 40)),
               "deferred_after_bust": rng.choice(("give", "discard")),
               "nested_actions": rng.choice(("depth-first", "shared-queue")),
               "frozen_target_deferred": rng.choice(("played", "dropped"))}
    dealer = rng.randrange(players)
    if rng.random() < 0.5:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", flip7.Flip7Warning)
            return flip7.new_game(players, seed=seed, dealer=dealer, **options)
    names = flip7.DEFAULT_NAMES[:players]
    top = rng.sample(ACTIONS * 3, rng.randint(0, 6))
    rules = flip7.Flip7Rules(**options).to_text()
    first = names[dealer] if side == "dealer" else names[(dealer + 1) % players]
    return flip7.position("\n".join([
        "players: " + ", ".join(names), f"dealer: {names[dealer]}", "round: 6",
        "scores: " + ", ".join(str(rng.randint(120, 199)) for _ in names),
        "deck: " + ", ".join([*top, "..."]), *(f"{name}: -" for name in names),
        f"turn: {first} (deal)", f"seed: {seed}", *([f"rules: {rules}"] if rules else [])]))


def decisions(seed: int, players: int, limit: int = 60):
    """Up to ``limit`` positions where a player must decide, from a seeded random game
    (uniform legal moves)."""
    rng = random.Random(seed)
    state = start(rng, players, seed)
    found = 0
    while state.to_move is not None and found < limit:
        if state.to_move is CHANCE:
            state = state.play(flip7.DRAW)
            continue
        found += 1
        yield state
        state = state.play(rng.choice(state.legal_moves()))


# ---------------------------------------------------------------- the API and bad input


def test_levels_and_bad_levels():
    assert LEVELS == ("easy", "medium", "hard")
    for level in LEVELS:
        assert ComputerPlayer(level, 5).level == level
    for bad in ("expert", "", None, 3, "Easy"):
        with pytest.raises(OptionError, match="level"):
            ComputerPlayer(bad)
    for bad in (-1, 2**64, 1.5, True, "7", 10**5000):
        with pytest.raises(OptionError, match="seed"):
            ComputerPlayer("easy", bad)


def test_choose_refuses_what_is_not_the_seat_to_move():
    state = next(decisions(1, 4))
    seat = state.to_move
    other = (seat + 1) % state.players
    player = ComputerPlayer("medium")
    legal = legal_texts(state)
    with pytest.raises(PositionError, match="seat to move"):
        player.choose(state.observation(other), legal)
    with pytest.raises(PositionError, match="seat to move"):
        player.choose(state.observation(None), legal)
    with pytest.raises(PositionError, match="observation"):
        player.choose("hit", legal)
    with pytest.raises(PositionError, match="legal"):
        player.choose(state.observation(seat), ())
    with pytest.raises(PositionError, match="legal"):
        player.choose(state.observation(seat), "hit")
    with pytest.raises(PositionError, match="missing"):
        player.choose({"seat": seat}, legal)


def test_computer_move_refuses_a_chance_step_and_the_end():
    game = flip7.new_game(4, seed=2, dealer=0)
    assert game.to_move is CHANCE
    with pytest.raises(PositionError, match="no player is to move"):
        computer_move(game, "easy")


# ---------------------------------------------------------------- legal, always


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8))
def test_the_chosen_move_is_always_legal(seed, players):
    for state in decisions(seed, players, limit=25):
        legal = legal_texts(state)
        for level in LEVELS:
            text = choose(level, state, seed)
            assert text in legal, (level, text, legal, state.to_text())
            move = computer_move(state, level, seed)
            assert state.check(move).legal
            assert state.move_text(move) == text


def test_whole_games_between_the_levels_end_with_a_winner():
    for seed in range(3):
        state = flip7.new_game(4, seed=seed)
        levels = LEVELS + ("hard",)
        while state.to_move is not None:
            if state.to_move is CHANCE:
                state = state.play(flip7.DRAW)
            else:
                state = state.play(computer_move(state, levels[state.to_move], seed))
        assert state.is_over and len(state.winners) == 1
        assert max(state.scores) >= flip7.TARGET


# ---------------------------------------------------------------- never the deck order


def twin(state: Flip7State, seed: int) -> Flip7State:
    """The same position with another seed: the same cards seen, another order of the deck
    (and so other cards to come)."""
    lines = [f"seed: {seed}" if line.startswith("seed:") else line
             for line in state.to_text().splitlines()]
    return flip7.position("\n".join(lines))


def test_the_choice_is_the_same_whatever_the_order_of_the_deck():
    differ = 0
    for seed in range(8):
        for played in decisions(seed, 3 + seed % 4, limit=20):
            state, other = twin(played, played.seed), twin(played, played.seed + 1000)
            assert other.observation(other.to_move) == state.observation(state.to_move)
            for level in LEVELS:
                assert choose(level, other, seed) == choose(level, state, seed)
                assert computer_move(other, level, seed) == computer_move(state, level, seed)
            if flip7.HIT in state.legal_moves():  # the twins really hold other decks
                after, other_after = state.play(flip7.HIT), other.play(flip7.HIT)
                if after.to_move is CHANCE:
                    differ += after.play(flip7.DRAW).last_move != other_after.play(
                        flip7.DRAW).last_move
    assert differ > 25


def test_a_stacked_deck_does_not_change_the_choice():
    position = """
players: Ann, Bob, Cy
dealer: Ann
round: 5
scores: 40, 150, 90
deck: {top}, ...
Ann: 4, 9, +4
Bob: 8, 11
Cy: 2, 6 (stayed)
turn: Ann
seed: 5
"""
    calm = flip7.position(position.format(top="5, 3, 1"))
    deadly = flip7.position(position.format(top="9, 4, 9"))
    assert calm.observation(0) == deadly.observation(0)
    assert calm.play("hit").play("draw").status(0) == "active"
    assert deadly.play("hit").play("draw").status(0) == "busted"
    for level in LEVELS:
        for seed in range(20):
            assert choose(level, calm, seed) == choose(level, deadly, seed)


class Blind(Flip7State):
    """A state whose deck order, seed, draw counter, chance step and full notation raise:
    what computer_move may not read."""

    __slots__ = ()

    def _peek(self, *args):
        raise AssertionError("the computer player looked at the deck order")

    stack = seed = draws = property(_peek)
    chance = to_text = key = _peek


def test_computer_move_reads_neither_the_deck_order_nor_chance():
    checked = 0
    for seed in range(7):
        for state in decisions(seed, 2 + seed % 7, limit=15):
            blind = tuple.__new__(Blind, state)
            with pytest.raises(AssertionError, match="deck order"):
                blind.chance()
            with pytest.raises(AssertionError, match="deck order"):
                blind.stack  # noqa: B018 - the property raises
            for level in LEVELS:
                assert computer_move(blind, level, seed) == computer_move(state, level, seed)
                checked += 1
    assert checked > 200


# ---------------------------------------------------------------- easy


def test_easy_hits_and_stays_at_random_and_is_seeded():
    choices = []
    for seed in range(8):
        for state in decisions(seed, 4, limit=30):
            if legal_texts(state) == ("hit", "stay"):
                first = choose("easy", state, seed)
                assert choose("easy", state, seed) == first  # the same seed, the same choice
                choices.append(first)
    assert 0.3 < choices.count("hit") / len(choices) < 0.7, len(choices)
    state = flip7.position("players: Ann, Bob, Cy\nAnn: 4\nBob: 5\nCy: 6\nturn: Ann")
    picks = {choose("easy", state, seed) for seed in range(40)}
    assert picks == {"hit", "stay"}


# ---------------------------------------------------------------- medium


def test_medium_stays_at_a_number_sum_of_20():
    assert MEDIUM_STOP == 20
    below = flip7.position("players: Ann, Bob\nAnn: 12, 7, +10, ×2\nBob: 3\nturn: Ann")
    at = flip7.position("players: Ann, Bob\nAnn: 12, 8\nBob: 3\nturn: Ann")
    assert choose("medium", below) == "hit"  # 19, whatever the modifiers add
    assert choose("medium", at) == "stay"


MEDIUM_TARGETS = """
players: Ann, Bob, Cy, Dee
dealer: Ann
round: 5
scores: 60, 150, 30, 100
Ann: 3
Bob: 4, 5
Cy: 11, 12, 10
Dee: 9, 2, Second Chance
turn: Ann
pending: play {card} by Ann
"""


def test_medium_freezes_the_leader():
    state = flip7.position(MEDIUM_TARGETS.format(card="Freeze"))
    assert state.decision.phase == "choose-freeze-target"
    assert choose("medium", state) == "freeze Bob"  # 150 + 9


def test_medium_makes_the_player_most_likely_to_bust_flip_three():
    state = flip7.position(MEDIUM_TARGETS.format(card="Flip Three"))
    assert choose("medium", state) == "flip-three Cy"  # 33 in numbers, no Second Chance


def test_medium_gives_a_second_chance_to_the_weakest():
    state = flip7.position(MEDIUM_TARGETS.replace("Ann: 3", "Ann: 3, Second Chance")
                           .replace("pending: play {card} by Ann", "pending: second-chance Ann"))
    assert state.decision.phase == "give-second-chance"
    assert legal_texts(state) == ("give second-chance Bob", "give second-chance Cy")
    assert choose("medium", state) == "give second-chance Cy"  # 30 + 33 against 150 + 9


def test_medium_freezes_itself_only_when_alone():
    state = flip7.position(MEDIUM_TARGETS.format(card="Freeze")
                           .replace("Bob: 4, 5", "Bob: 4, 5 (stayed)")
                           .replace("Cy: 11, 12, 10", "Cy: 11, 12, 10 (stayed)")
                           .replace("Dee: 9, 2, Second Chance", "Dee: 9, 2, 2 (busted)"))
    assert legal_texts(state) == ("freeze Ann",)
    for level in LEVELS:
        assert choose(level, state) == "freeze Ann"


# ---------------------------------------------------------------- hard


def test_hard_hits_on_a_safe_line_and_stays_on_a_risky_one():
    safe = flip7.position("players: Ann, Bob\nAnn: 2\nBob: 3\nturn: Ann")
    risky = flip7.position("players: Ann, Bob\nAnn: 12, 11, 10, 9\nBob: 3\nturn: Ann")
    assert choose("hard", safe) == "hit"
    assert choose("hard", risky) == "stay"


def test_hard_follows_the_exact_odds():
    from doublesept.flip7.odds import exact_odds

    checked = 0
    for seed in range(6):
        for state in decisions(seed, 4, limit=40):
            seat = state.to_move
            if legal_texts(state) != ("hit", "stay") or max(state.scores) >= 100:
                continue  # far from 200, the game score changes nothing
            odds = exact_odds(state.observation(seat), seat, bonus=state.rules.flip7_bonus)
            assert choose("hard", state) == ("hit" if odds.hit > odds.stay else "stay")
            checked += 1
    assert checked > 20


def test_hard_hits_when_staying_is_a_sure_loss():
    # Bob stayed at 205: Ann's 150 + 39 would lose for sure, so she hits against the odds.
    state = flip7.position("players: Ann, Bob\nround: 9\nscores: 150, 190\nAnn: 12, 11, 10, 6\n"
                           "Bob: 8, 7 (stayed)\nturn: Ann")
    assert choose("medium", state) == "stay"
    assert choose("hard", state) == "hit"


def test_hard_stays_to_win_at_200():
    # 190 + 12 wins if she stays; the odds alone would hit on a line of one card.
    state = flip7.position("players: Ann, Bob, Cy\nround: 9\nscores: 190, 100, 120\nAnn: 12\nBob: 3\n"
                           "Cy: 4\nturn: Ann")
    assert choose("medium", state) == "hit"
    assert choose("hard", state) == "stay"


def test_hard_does_not_freeze_a_rival_into_a_win():
    # Freezing Bob would bank his 195 + 9 = 204 and hand him the game; Cy is the target.
    state = flip7.position("""
players: Ann, Bob, Cy
round: 9
scores: 100, 195, 120
Ann: 3
Bob: 4, 5
Cy: 6
turn: Ann
pending: play Freeze by Ann
""")
    assert choose("medium", state) == "freeze Bob"
    assert choose("hard", state) == "freeze Cy"


def test_hard_makes_the_leader_flip_three_on_a_risky_line():
    state = flip7.position("""
players: Ann, Bob, Cy
round: 9
scores: 100, 170, 60
Ann: 3
Bob: 12, 11, 10, 9
Cy: 2
turn: Ann
pending: play Flip Three by Ann
""")
    assert choose("hard", state) == "flip-three Bob"


def test_rewording_the_events_changes_no_easy_choice():
    """The easy level (and the stopping rules' random targets) seed their choices with the
    observation less the events' words, so a reworded message changes no seeded game."""
    compared = 0
    for seed in range(40):
        state = flip7.new_game(4, seed=seed)
        while not state.is_over and compared < 80:
            if state.to_move is CHANCE:
                state = state.play(state.legal_moves()[0])
                continue
            observation = state.observation(state.to_move)
            legal = tuple(state.move_text(m) for m in state.legal_moves())
            if len(legal) > 1 and observation["events"]:
                reworded = {**observation, "events": [{**e, "en": "x", "fr": "y"}
                                                       for e in observation["events"]]}
                for s in range(6):
                    assert ComputerPlayer("easy", s).choose(observation, legal) == \
                        ComputerPlayer("easy", s).choose(reworded, legal)
                compared += 1
            state = state.play(computer_move(state, "easy", seed))
    assert compared >= 40
