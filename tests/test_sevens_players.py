"""Sevens computer players: legal answers, the tips of seed 002, and only the seat's view.

The win rates over long seeded series are measured by benchmarks/sevens_opponents.py;
here a short seeded series checks that the levels are ordered as they should be.
"""

from __future__ import annotations

import json
import random

import pytest

from doublesept import sevens
from doublesept.errors import IllegalMove, OptionError, PositionError
from doublesept.sevens.players import (
    LEVELS,
    SEARCH_CARDS,
    ComputerPlayer,
    _lacks,
    _View,
    _Worlds,
    computer_move,
    public_history,
)

FAST = {"rollouts": 16, "budget_ms": None}  # the hard level, bounded and deterministic


def _random_state(seed: int, steps: int, players: int = 4, **options):
    rng = random.Random(seed)
    state = sevens.new_game(players, seed=seed, rounds=1, **options)
    for _ in range(steps):
        if state.is_round_over:
            break
        moves = state.legal_moves()
        state = state.play(moves[rng.randrange(len(moves))])
    return state


def _choice_point(seed: int, steps: int):
    """A state after about ``steps`` random moves where the mover has two legal moves or
    more."""
    state = _random_state(seed, steps)
    rng = random.Random(seed)
    while not state.is_round_over and len(state.legal_moves()) < 2:
        moves = state.legal_moves()
        state = state.play(moves[rng.randrange(len(moves))])
    return None if state.is_round_over else state


def _texts(state):
    return tuple(sevens.move_text(m) for m in state.legal_moves())


def _ask(level, state, seed=0, history=None, **bounds):
    seat = state.to_move
    history = public_history(state) if history is None else history
    return ComputerPlayer(level, seed, **bounds).choose(state.observation(seat), _texts(state),
                                                        history)


def _position(players, hands, table, turn):
    return sevens.from_parts(players=players, hands=hands, table=table, turn=turn, rounds=1)


# ---------------------------------------------------------------- the API


def test_levels_and_bad_arguments():
    assert LEVELS == ("easy", "medium", "hard")
    for bad in ("expert", None, 3):
        with pytest.raises(OptionError, match="level"):
            ComputerPlayer(bad)
    for bad in (-1, 2**64, 1.5, "0"):
        with pytest.raises(OptionError, match="seed"):
            ComputerPlayer("easy", bad)
    with pytest.raises(OptionError, match="budget_ms"):
        ComputerPlayer("hard", budget_ms=0)
    with pytest.raises(OptionError, match="rollouts"):
        ComputerPlayer("hard", rollouts=0)
    assert repr(ComputerPlayer("medium", 4)) == "ComputerPlayer('medium', seed=4)"


def test_malformed_observation_legal_or_history_is_refused():
    state = _choice_point(5, 20)
    seat = state.to_move
    obs = state.observation(seat)
    legal = _texts(state)
    player = ComputerPlayer("medium")
    with pytest.raises(PositionError, match="observation"):
        player.choose("not a dict", legal)
    with pytest.raises(PositionError, match="seat to move"):
        player.choose(state.observation((seat + 1) % 4), legal)
    with pytest.raises(PositionError, match="seat to move"):
        player.choose(state.observation(None), legal)
    with pytest.raises(PositionError, match="'hand' is missing"):
        player.choose({k: v for k, v in obs.items() if k != "hand"}, legal)
    with pytest.raises(PositionError, match="hand: must be a list of different cards"):
        player.choose({**obs, "hand": ["7X"]}, legal)
    with pytest.raises(PositionError, match="legal"):
        player.choose(obs, ())
    with pytest.raises(PositionError, match="legal"):
        player.choose(obs, "7♦")
    with pytest.raises(PositionError, match="history"):
        player.choose(obs, legal, [(9, "pass")])
    with pytest.raises(PositionError, match="history"):
        player.choose(obs, legal, "pass")


def test_computer_move_refuses_when_nobody_is_to_move():
    state = _random_state(1, 400)
    assert state.is_round_over
    with pytest.raises(PositionError, match="no player is to move"):
        computer_move(state, "easy")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_rounds_with_legal_moves(level):
    for seed in range(3 if level == "hard" else 10):
        state = sevens.new_game(4, seed=seed, rounds=1)
        while not state.is_round_over:
            move = computer_move(state, level, seed, **FAST)
            assert move in state.legal_moves()
            state = state.play(move)
        assert state.round_winner is not None


@pytest.mark.parametrize("preset", sorted(sevens.OPTIONS.presets))
def test_every_level_plays_under_every_preset(preset):
    for seed in range(2):
        state = sevens.new_game(4, seed=seed, rounds=1, preset=preset)
        levels = ("hard", "medium", "easy", "medium")
        while not state.is_round_over:
            move = computer_move(state, levels[state.to_move], seed, **FAST)
            assert move in state.legal_moves()
            state = state.play(move)


def test_a_forced_move_is_played_without_asking():
    game = sevens.new_game(4, seed=1)
    assert computer_move(game, "hard") == sevens.parse_move("7♦")
    assert ComputerPlayer("easy").choose(game.observation(game.turn), ("7♦",)) == "7♦"


def test_public_history_lists_the_rounds_cards_and_passes_not_the_deal():
    state = sevens.new_game(3, seed=2, rounds=2)
    assert public_history(state) == ()
    rng = random.Random(0)
    moves = []
    while not state.is_round_over:
        move = state.legal_moves()[rng.randrange(len(state.legal_moves()))]
        moves.append((state.turn, sevens.move_text(move)))
        state = state.play(move)
    assert public_history(state) == tuple(moves)
    assert ("pass" in {text for _, text in moves})
    state = state.play("deal")
    assert public_history(state) == ()
    first = state.legal_moves()[0]
    assert public_history(state.play(first)) == ((state.turn, sevens.move_text(first)),)


# ---------------------------------------------------------------- only the seat's view


def _twin_positions(seed: int):
    """Two positions that differ only in the cards the seat to move cannot see: the other
    hands are dealt again at random with the same sizes."""
    state = _choice_point(seed, 8 + seed % 20)
    if state is None:
        return None
    seat = state.to_move
    hidden = [c for p in range(4) if p != seat for c in state.hand(p)]
    random.Random(seed).shuffle(hidden)
    hands, at = [], 0
    for p in range(4):
        if p == seat:
            hands.append(state.hand(p))
        else:
            size = len(state.hand(p))
            hands.append(hidden[at:at + size])
            at += size
    table = state.table
    first = _position(4, state.hands, table, seat)
    second = _position(4, hands, table, seat)
    assert first.hands != second.hands
    return first, second


@pytest.mark.parametrize("level", LEVELS)
def test_the_choice_depends_only_on_the_seats_observation(level):
    """Two states with the same observation of the seat to move but different hidden hands
    give the same choice: the player cannot see the other hands."""
    checked = 0
    for seed in range(40):
        twins = _twin_positions(seed)
        if twins is None:
            continue
        first, second = twins
        seat = first.to_move
        assert first.observation(seat) == second.observation(seat)
        assert computer_move(first, level, seed, **FAST) == computer_move(second, level, seed,
                                                                          **FAST)
        checked += 1
    assert checked >= 20


def test_the_choice_depends_only_on_the_observation_and_the_public_history():
    """After the same public moves (passes included) from two deals that differ only in
    cards nobody has played, the hard player (which reads the passes) chooses the same."""
    checked = searched = 0
    for seed in range(60):
        start = _random_state(seed, 6)
        start = _position(4, start.hands, start.table, start.turn)  # a root, as its twin
        rng = random.Random(seed)
        state, moves = start, []
        for _ in range(26 + seed % 10):  # deep enough for the search (SEARCH_CARDS)
            options = state.legal_moves()
            if state.is_round_over:
                break
            move = options[rng.randrange(len(options))]
            moves.append(move)
            state = state.play(move)
        if state.is_round_over or len(state.legal_moves()) < 2:
            continue
        seat = state.to_move
        others = [p for p in range(4) if p != seat]
        # swap one card between two other hands, and keep the twin if the same moves replay
        for a, b in ((others[0], others[1]), (others[1], others[2]), (others[0], others[2])):
            hands = [list(h) for h in start.hands]
            ca = [c for c in state.hand(a)]
            cb = [c for c in state.hand(b)]
            if not ca or not cb:
                continue
            x, y = rng.choice(ca), rng.choice(cb)
            hands[a][hands[a].index(x)] = y
            hands[b][hands[b].index(y)] = x
            twin_start = _position(4, hands, start.table, start.turn)
            try:
                twin = twin_start.replay(moves)
            except IllegalMove:
                continue
            if twin.is_round_over:
                continue
            assert twin.hands != state.hands
            assert twin.observation(seat) == state.observation(seat)
            assert public_history(twin) == public_history(state)
            assert computer_move(twin, "hard", seed, **FAST) == \
                computer_move(state, "hard", seed, **FAST)
            checked += 1
            searched += sum(state.hand_sizes()) <= SEARCH_CARDS and \
                any(text == "pass" for _, text in public_history(state))
            break
    assert checked >= 10 and searched >= 5


def test_the_observation_may_come_through_json():
    state = _choice_point(3, 25)
    seat = state.to_move
    obs = state.observation(seat)
    through = json.loads(json.dumps(obs))
    for level in LEVELS:
        player = ComputerPlayer(level, 7, **FAST) if level == "hard" else \
            ComputerPlayer(level, 7)
        assert player.choose(obs, _texts(state), public_history(state)) == \
            player.choose(through, list(_texts(state)),
                          [list(item) for item in public_history(state)])


def test_same_seed_and_view_same_choice_and_seeds_vary_the_easy_level():
    state = _choice_point(11, 10)
    picks = {_ask("easy", state, seed) for seed in range(30)}
    assert picks == set(_texts(state))  # every legal move comes up
    for level in LEVELS:
        assert len({_ask(level, state, 5, **FAST) if level == "hard" else
                    _ask(level, state, 5) for _ in range(3)}) == 1


def test_rewording_the_events_changes_no_random_choice():
    """The easy level and the hard level's sampled worlds seed their random choices with the
    observation less the events' words (and the public history), so a message reworded (a
    French fix, say) changes no seeded game. Under Fan Tan every pass is paid into the pot,
    an event the next player sees, late in the round too, where hard searches."""
    easy = hard = varied = 0
    for game in range(8):
        state = sevens.new_game(4, seed=game, rounds=1, preset="fan-tan")
        while not state.is_round_over:
            seat = state.to_move
            observation = state.observation(seat)
            legal, history = _texts(state), public_history(state)
            if len(legal) > 1 and observation["events"]:
                reworded = {**observation, "events": [{**e, "en": "x", "fr": "y"}
                                                       for e in observation["events"]]}
                searches = sum(observation["hand_sizes"]) <= SEARCH_CARDS and \
                    _Worlds.make(_View.read(observation), history) is not None
                players = [ComputerPlayer("easy", s) for s in range(6)]
                if searches:
                    players += [ComputerPlayer("hard", s, **FAST) for s in range(6)]
                choices = [p.choose(observation, legal, history) for p in players]
                assert choices == [p.choose(reworded, legal, history) for p in players]
                easy += 1
                hard += searches
                varied += len(set(choices[:6])) > 1
            state = state.play(computer_move(state, ("easy", "hard", "medium", "easy")[seat],
                                             game, **FAST))
    # real choices among several moves were compared, by both levels
    assert easy >= 100 and hard >= 40 and varied >= 100


# ---------------------------------------------------------------- the tips of seed 002

# Four players; the table and the other hands are arranged so that the seat to move,
# Ann, has exactly the choice the tip is about.


def _deal_rest(mine, table, turn=0):
    """Ann holds ``mine``; the other cards go round Bob, Cy and Dee."""
    taken = set(sevens.parse_cards(mine)) | set(sevens.parse_cards(table))
    rest = [c for c in sevens.parse_cards(" ".join(str(c) for c in _deck())) if c not in taken]
    hands = [sevens.parse_cards(mine), rest[0::3], rest[1::3], rest[2::3]]
    return _position(4, hands, sevens.parse_cards(table), turn)


def _deck():
    from doublesept.cards import DECK

    return DECK


def test_medium_keeps_aces_and_kings_for_the_end():
    # Ann may play K♣ (above Q♣) or 6♦ (below 7♦); she keeps the king.
    state = _deal_rest("K♣ 6♦ 2♠", "7♣ 8♣ 9♣ 10♣ J♣ Q♣ 7♦")
    assert set(_texts(state)) == {"K♣", "6♦"}
    assert _ask("medium", state) == "6♦"


def test_medium_holds_back_a_seven_that_frees_none_of_its_cards():
    # Ann may start hearts with 7♥ (no other heart in hand) or play 9♦.
    state = _deal_rest("7♥ 9♦ 2♠", "7♦ 8♦")
    assert set(_texts(state)) == {"7♥", "9♦"}
    assert _ask("medium", state) == "9♦"


def test_medium_releases_a_seven_that_frees_its_own_cards():
    state = _deal_rest("7♥ 8♥ 9♥ 9♦", "7♦ 8♦")
    assert set(_texts(state)) == {"7♥", "9♦"}
    assert _ask("medium", state) == "7♥"


def test_medium_releases_the_low_end_of_a_run_first():
    # Ann holds 9♦ 10♦ J♦ Q♦ (a run) and 5♣: 9♦ comes first, since the next card is hers.
    state = _deal_rest("9♦ 10♦ J♦ Q♦ 5♣", "7♦ 8♦ 6♣ 7♣")
    assert set(_texts(state)) == {"9♦", "5♣"}
    assert _ask("medium", state) == "9♦"


def test_hard_blocks_with_a_six():
    # Ann may play 6♠ (freeing five spades she does not hold) or 9♦ (whose next card, 10♦,
    # is hers): she keeps the 6♠ as a block.
    state = _deal_rest("6♠ 9♦ 10♦ 3♣", "7♠ 8♠ 7♦ 8♦")
    assert set(_texts(state)) == {"6♠", "9♦"}
    assert _ask("hard", state, **FAST) == "9♦"


def test_hard_holds_back_a_seven():
    state = _deal_rest("7♥ 6♦ 2♣ 3♣", "7♦ 8♦")
    assert set(_texts(state)) == {"7♥", "6♦"}
    assert _ask("hard", state, **FAST) == "6♦"


def test_hard_reads_passes_a_player_who_passed_lacks_what_fitted():
    """Bob passed when 6♦, 8♦ and the other 7s fitted: the hidden deals the hard level
    samples never give him one of them, and its search still answers legally."""
    fitted = sevens.parse_cards("6♦ 8♦ 7♣ 7♥ 7♠")
    ann = sevens.parse_cards("8♦ 2♣ 3♣ 4♣ 5♥")
    far = [c for c in _deck() if c.rank not in (5, 6, 7, 8, 9) and c not in ann]
    bob = far[:12]
    rest = [c for c in _deck() if c not in ann and c not in bob and str(c) != "7♦"]
    cy, dee = rest[0::2], rest[1::2]
    state = _position(4, [ann, bob, cy, dee], ["7♦"], 1)
    assert state.legal_moves() == (sevens.PASS,)  # Bob passes: nothing fits
    while state.turn != 0:
        state = state.play(state.legal_moves()[0])
    history = public_history(state)
    assert history[0] == (1, "pass") and len(history) == 3
    view = _View.read(state.observation(0))
    lacks = _lacks(view, history, view.rules)
    for c in fitted:
        assert lacks[1] & c.bit
    assert not lacks[2] and not lacks[3] or history[1][1] == "pass" or history[2][1] == "pass"
    worlds = _Worlds.make(view, history)
    rng = random.Random(1)
    for _ in range(50):
        world = worlds.sample(rng)
        assert not set(world.hand(1)) & set(fitted)
        assert [len(world.hand(p)) for p in range(4)] == state.hand_sizes()
        assert world.hand(0) == state.hand(0)
        assert world.table == state.table
    if len(state.legal_moves()) > 1:
        assert _ask("hard", state, **FAST) in _texts(state)


# ---------------------------------------------------------------- a short seeded series


def test_the_levels_are_ordered_over_a_seeded_series():
    """One player of a level against three easy ones, 4-player rounds, seats rotated; the
    chance of winning a round by luck alone is 1 in 4. The long series (with confidence
    intervals) is benchmarks/sevens_opponents.py."""
    def wins(level, rounds):
        won = 0
        for seed in range(rounds):
            seat = seed % 4
            state = sevens.new_game(4, seed=1000 + seed, rounds=1)
            step = 0
            while not state.is_round_over:
                mover = state.to_move
                state = state.play(computer_move(state, level if mover == seat else "easy",
                                                 seed * 100 + step, **FAST))
                step += 1
            won += state.round_winner == seat
        return won

    assert wins("medium", 200) >= 65  # 1 in 4 would be 50
    assert wins("hard", 120) >= 45  # 1 in 4 would be 30
