"""Double Seven computer players: they see only their seat's observation, always answer a
legal move, end their games, and play their level's rules (random: any legal move;
greedy: the most tiles down now; strategy: sevens, exchanges and clovers on purpose)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesept import CHANCE, double_seven
from doublesept.double_seven import KINDS, OPTIONS, DoubleSevenState
from doublesept.double_seven.players import LEVELS, ComputerPlayer, computer_move
from doublesept.errors import OptionError, PositionError

OPTION_VALUES = {name: option.values for name, option in OPTIONS.options.items()}
# The longest turn a computer player may take, in moves (draws, actions, the discard). A
# turn draws at most 3 + 1 + 1 tiles; every act move of greedy and strategy lowers the rack
# or the clovers in families, or is an exchange followed by an expansion; random makes only
# exchanges that raise the order of the families it holds (see players.py). Measured over
# the games below: far fewer (test_games_between_computer_players_end).
TURN_MOVES = 400


def legal_texts(state) -> tuple:
    return tuple(state.move_text(move) for move in state.legal_moves())


def choose(level, state, seed=0) -> str:
    return ComputerPlayer(level, seed).choose(state.observation(state.to_move),
                                              legal_texts(state))


def decisions(seed: int, players: int, limit: int = 40):
    """Up to ``limit`` positions where a player must decide, from a seeded game with every
    option drawn at random, the seats played by random levels."""
    rng = random.Random(seed)
    options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
    state = double_seven.new_game(players, seed=seed, first=rng.randrange(players), **options)
    found = 0
    while state.to_move is not None and found < limit:
        if state.to_move is CHANCE:
            state = state.play(state.legal_moves()[0])
            continue
        found += 1
        yield state
        if rng.random() < 0.3:
            moves = state.legal_moves()
            state = state.play(moves[rng.randrange(len(moves))])
        else:
            state = state.play(computer_move(state, rng.choice(LEVELS), seed))


# ---------------------------------------------------------------- the API and bad input


def test_levels_and_bad_levels():
    assert LEVELS == ("random", "greedy", "strategy")
    for level in LEVELS:
        assert ComputerPlayer(level, 5).level == level
    for bad in ("expert", "", None, 3, "Random"):
        with pytest.raises(OptionError, match="level"):
            ComputerPlayer(bad)
    for bad in (-1, 2**64, 1.5, True, "7"):
        with pytest.raises(OptionError, match="seed"):
            ComputerPlayer("random", bad)


def test_choose_refuses_what_is_not_the_seat_to_move():
    state = next(decisions(1, 3))
    seat = state.to_move
    other = (seat + 1) % state.players
    player = ComputerPlayer("strategy")
    legal = legal_texts(state)
    with pytest.raises(PositionError, match="seat to move"):
        player.choose(state.observation(other), legal)
    with pytest.raises(PositionError, match="seat to move"):
        player.choose(state.observation(None), legal)
    with pytest.raises(PositionError, match="observation"):
        player.choose("pass", legal)
    with pytest.raises(PositionError, match="missing"):
        player.choose({"seat": seat}, legal)
    with pytest.raises(PositionError, match="legal"):
        player.choose(state.observation(seat), ())
    with pytest.raises(PositionError, match="legal"):
        player.choose(state.observation(seat), "pass")
    with pytest.raises(PositionError, match="legal"):
        player.choose(state.observation(seat), ("pass", 3))
    with pytest.raises(PositionError, match="legal"):
        player.choose(state.observation(seat), ("fly away", "pass"))


def test_computer_move_refuses_a_chance_step_and_the_end():
    game = double_seven.new_game(3, seed=2)
    assert game.to_move is CHANCE
    with pytest.raises(PositionError, match="no player is to move"):
        computer_move(game, "random")
    over = double_seven.position("players: Ann, Bob\nturn: -\nphase: over\ntrigger: Ann\n"
                                 "Ann: families fox 3\nreserve: -\nout: ...")
    with pytest.raises(PositionError, match="no player is to move"):
        computer_move(over, "strategy")


# ---------------------------------------------------------------- legal, always; games end


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_the_chosen_move_is_always_legal(seed, players):
    for state in decisions(seed, players, limit=30):
        legal = legal_texts(state)
        for level in LEVELS:
            text = choose(level, state, seed)
            assert text in legal, (level, text, legal, state.to_text())
            move = computer_move(state, level, seed)
            assert state.check(move).legal
            assert state.move_text(move) == text


def play_out(state, levels, seed):
    """Play ``state`` to the end with computer players; (final state, player moves, the
    longest turn in moves). Fails past the stated bound."""
    root = state
    bound = 3 * root.players + (91 + root.players) * TURN_MOVES
    moves = longest = this_turn = 0
    turn = None
    while state.to_move is not None:
        if state.to_move is CHANCE:
            state = state.play(state.legal_moves()[0])
            continue
        if state.turn != turn:
            turn, this_turn = state.turn, 0
        state = state.play(computer_move(state, levels[state.to_move], seed))
        moves += 1
        this_turn += 1
        longest = max(longest, this_turn)
        assert moves <= bound and this_turn <= TURN_MOVES, (levels, seed)
    return state, moves, longest


def test_games_between_computer_players_end():
    longest = 0
    for seed in range(6):
        players = 2 + seed % 3
        levels = [LEVELS[(seed + p) % 3] for p in range(players)]
        rng = random.Random(seed)
        options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
        end, _, turn = play_out(double_seven.new_game(players, seed=seed, **options),
                                    levels, seed)
        assert end.is_over and end.winners
        longest = max(longest, turn)
    assert longest < 100  # the measured longest turn, far under the bound


def test_a_game_between_strategy_players_ends_the_same_every_time():
    first = play_out(double_seven.new_game(4, seed=11), ["strategy"] * 4, 3)[0]
    again = play_out(double_seven.new_game(4, seed=11), ["strategy"] * 4, 3)[0]
    assert first.scores == again.scores and first.is_over


# ---------------------------------------------------------------- never the hidden tiles


def twin(state: DoubleSevenState, seed: int) -> DoubleSevenState:
    """The same position for the seat to move with what it cannot see dealt again: the
    other racks (each keeping its size) and the reserve (in a stacked order) hold the same
    pool of hidden tiles shuffled, and the seed is another."""
    rng = random.Random(seed)
    seat = state.to_move
    others = [p for p in range(state.players) if p != seat]
    pool = [k for k in range(KINDS) for _ in range(state.reserve[k])]
    for p in others:
        pool += [k for k in range(KINDS) for _ in range(state.racks[p][k])]
    rng.shuffle(pool)
    names = [double_seven.ANIMALS[k].en for k in pool]
    racks = {}
    for p in others:
        size = sum(state.racks[p])
        racks[state.names[p]], names = names[:size], names[size:]
    lines = []
    for line in state.to_text().splitlines():
        label = line.split(":", 1)[0]
        if label in racks:
            line = re.sub(r"rack [^;]*", "rack " + (", ".join(sorted(racks[label])) or "-"),
                          line)
        elif label == "reserve":
            line = "reserve: " + (", ".join(names) or "-")
        elif label == "seed":
            line = f"seed: {seed}"
        lines.append(line)
    return double_seven.position("\n".join(lines))


def test_the_choice_is_the_same_whatever_the_others_hold_and_the_reserve_order():
    differ = checked = 0
    for seed in range(5):
        for played in decisions(seed, 2 + seed % 3, limit=25):
            state = double_seven.position(played.to_text())
            other = twin(state, seed + 1000)
            seat = state.to_move
            assert other.observation(seat) == state.observation(seat)
            differ += other.racks != state.racks
            for level in LEVELS:
                assert choose(level, other, seed) == choose(level, state, seed)
                assert computer_move(other, level, seed) == computer_move(state, level, seed)
                checked += 1
    assert differ > 40 and checked > 250


class Blind(DoubleSevenState):
    """A state whose hidden parts that the observation never reads raise: the seed, the
    chance-step counter, the stacked reserve order, the chance step and the full notation
    (the observation itself reads the racks and the reserve's size)."""

    __slots__ = ()

    def _peek(self, *args):
        raise AssertionError("the computer player looked at the hidden tiles")

    stack = seed = draws = property(_peek)
    chance = to_text = key = _peek


def test_computer_move_reads_neither_the_seed_nor_the_reserve_order():
    checked = 0
    for seed in range(4):
        for state in decisions(seed, 2 + seed % 3, limit=20):
            blind = tuple.__new__(Blind, state)
            with pytest.raises(AssertionError, match="hidden tiles"):
                blind.chance()
            with pytest.raises(AssertionError, match="hidden tiles"):
                blind.seed  # noqa: B018 - the property raises
            for level in LEVELS:
                assert computer_move(blind, level, seed) == computer_move(state, level, seed)
                checked += 1
    assert checked > 150


# ---------------------------------------------------------------- random


def test_random_is_seeded_and_varies_with_the_seed():
    state = double_seven.position("players: Ann, Bob\nturn: Ann\n"
                                  "Ann: rack fox, fox, bird, bird, clover; families frog 3\n"
                                  "Bob: families bear 3")
    picks = {choose("random", state, seed) for seed in range(40)}
    assert len(picks) > 8
    assert all(choose("random", state, seed) == choose("random", state, seed)
               for seed in range(5))


def test_random_exchanges_only_up_the_order_of_families():
    # Ann's frogs (kind 7) for Bob's bears (kind 4) would go down the order: never taken;
    # Bob's frogs against Ann's bears go up.
    down = double_seven.position("players: Ann, Bob\nturn: Ann\nAnn: families frog 3\n"
                                 "Bob: families bear 3")
    up = double_seven.position("players: Ann, Bob\nturn: Ann\nAnn: families bear 3\n"
                               "Bob: families frog 3")
    assert "exchange my 1 for Bob's 1" in legal_texts(down)
    assert {choose("random", down, seed) for seed in range(30)} == {"pass"}
    assert {choose("random", up, seed) for seed in range(30)} == {
        "pass", "exchange my 1 for Bob's 1"}


# ---------------------------------------------------------------- greedy


def test_greedy_puts_down_the_most_tiles_clovers_included():
    state = double_seven.position("players: Ann, Bob\nturn: Ann\n"
                                  "Ann: rack fox, fox, bird, clover; families bird 2\n"
                                  "Bob: families bear 3")
    assert choose("greedy", state) == "start fox fox clover"  # 3 tiles down, not 2


def test_greedy_exchanges_only_to_place_a_tile():
    state = double_seven.position("players: Ann, Bob, Cy\nturn: Ann\n"
                                  "Ann: rack fox; families bird 3\n"
                                  "Bob: families fox 3\nCy: families bear 3")
    assert choose("greedy", state) == "exchange my 1 for Bob's 1"
    pointless = double_seven.position("players: Ann, Bob\nturn: Ann\nAnn: rack fox; "
                                      "families bird 3\nBob: families bear 3")
    assert choose("greedy", pointless) == "pass"


def test_greedy_draws_a_face_up_tile_it_can_place():
    state = double_seven.position("players: Ann, Bob\nturn: Ann\nphase: draw\n"
                                  "Ann: rack fox; families bird 3\nBob: families bear 3\n"
                                  "face-up: bird, frog")
    assert choose("greedy", state) == "draw face-up bird"
    useless = double_seven.position("players: Ann, Bob\nturn: Ann\nphase: draw\n"
                                    "Ann: rack fox; families bird 3\nBob: families bear 3\n"
                                    "face-up: frog")
    assert choose("greedy", useless) == "draw hidden"


# ---------------------------------------------------------------- strategy


def test_strategy_calls_rainbow():
    state = double_seven.position("players: Ann, Bob\nturn: Ann\nphase: rainbow\n"
                                  "Ann: rack fox, bird, bear, frog, rabbit\n"
                                  "Bob: families bear 3")
    assert "rainbow" in legal_texts(state)
    assert choose("strategy", state) == "rainbow"


def test_strategy_completes_a_seven_with_the_clovers_it_needs():
    state = double_seven.position("players: Ann, Bob\nturn: Ann\n"
                                  "Ann: rack fox, clover, clover; families fox 5, bird 2\n"
                                  "Bob: families bear 3")
    assert choose("strategy", state) == "expand 1 with fox clover"


def test_strategy_puts_its_clovers_down_at_once():
    state = double_seven.position("players: Ann, Bob\nturn: Ann\n"
                                  "Ann: rack bird, clover; families fox 3\n"
                                  "Bob: families bear 3\n")
    assert choose("strategy", state) == "start bird clover"


def test_strategy_exchanges_for_a_family_it_can_take_to_seven():
    # Bob leads with 6 foxes; Ann's 6 birds for them, then her fox makes 7: Sept!
    state = double_seven.position("players: Ann, Bob\nturn: Ann\n"
                                  "Ann: rack fox; families bird 6\n"
                                  "Bob: families fox 6, bear 3")
    assert choose("strategy", state) == "exchange my 1 for Bob's 1"
    after = state.play("exchange my 1 for Bob's 1")
    assert choose("strategy", after) == "expand 1 with fox"


def test_strategy_exchanges_a_small_family_for_one_of_the_animal_it_holds():
    # Ann holds 3 squirrels and 2 bears: her bears for Cy's squirrels, then 5 squirrels.
    state = double_seven.position("players: Ann, Bob, Cy\nturn: Ann\n"
                                  "Ann: rack squirrel, squirrel, squirrel; families bear 2\n"
                                  "Bob: families frog 2\nCy: families squirrel 2")
    assert choose("strategy", state) == "exchange my 1 for Cy's 1"
    after = state.play("exchange my 1 for Cy's 1")
    assert choose("strategy", after) == "expand 1 with squirrel squirrel squirrel"


def test_strategy_retrieves_a_clover_to_finish_a_family():
    state = double_seven.position("players: Ann, Bob\nturn: Ann\n"
                                  "Ann: rack bear; families fox 6\n"
                                  "Bob: families bear 3 + clover")
    assert choose("strategy", state) == "retrieve clover from Bob's 1 with bear"
    after = state.play("retrieve clover from Bob's 1 with bear")
    assert choose("strategy", after) == "expand 1 with clover"


def test_strategy_draws_the_animal_it_collects():
    state = double_seven.position("players: Ann, Bob\nturn: Ann\nphase: draw\n"
                                  "Ann: rack bird; families fox 5\nBob: families bear 3\n"
                                  "face-up: fox, frog")
    assert choose("strategy", state) == "draw face-up fox"


def test_strategy_discards_its_least_useful_tile():
    state = double_seven.position("players: Ann, Bob\nturn: Ann\nphase: discard\n"
                                  "Ann: rack fox, clover, bird, bird, frog, bear; families fox 5\n"
                                  "Bob: families bear 3")
    assert choose("strategy", state) in ("discard frog", "discard bear")
    assert choose("strategy", state) != "discard clover"


def test_strategy_turns_two_dead_tiles_into_a_draw():
    state = double_seven.position("players: Ann, Bob\nturn: Ann\n"
                                  "Ann: rack frog, bear; families fox 5\nBob: families bird 3\n"
                                  "out: frog, frog, frog, frog, frog, frog, frog, frog, frog, "
                                  "bear, bear, bear, bear, bear, bear, bear, bear, bear")
    assert choose("strategy", state) == "two-for-one bear frog"


def test_strategy_ends_its_turn_when_nothing_helps():
    state = double_seven.position("players: Ann, Bob\nturn: Ann\n"
                                  "Ann: rack fox; families bird 3\nBob: families bear 3")
    assert choose("strategy", state) == "pass"


def test_rewording_the_events_changes_no_random_choice():
    """The random level seeds its choice with the observation less the events' words, so a
    message reworded (a French fix, say) changes no seeded game; anything else it sees does."""
    state = double_seven.new_game(4, seed=8)
    seen, decisions = 0, 0
    while state.to_move is not None and decisions < 60:
        if state.to_move is not CHANCE and len(state.legal_moves()) > 2 and state.events:
            seat = state.to_move
            observation = state.observation(seat)
            legal = tuple(state.move_text(m) for m in state.legal_moves())
            reworded = {**observation, "events": [{**e, "en": "x", "fr": "y"}
                                                   for e in observation["events"]]}
            choices = {ComputerPlayer("random", s).choose(observation, legal) for s in range(8)}
            for s in range(8):
                assert ComputerPlayer("random", s).choose(observation, legal) == \
                    ComputerPlayer("random", s).choose(reworded, legal)
            seen += len(choices) > 1
            decisions += 1
        state = state.play(computer_move(state, "random", 3) if state.to_move is not CHANCE
                           else state.legal_moves()[0])
    assert decisions >= 20 and seen >= 5  # real choices among several moves were compared
