"""Every round ends: each game's bound, proved in its docstring, checked on random play.

The bounds (their reasons are in the functions' docstrings):

- Flip 7: a round takes at most ``flip7.rules.round_step_bound(players)`` steps (moves and
  chance steps), from its first deal card or from any position in it; the engine choice
  (``flip7.endless-reshuffle``) is what makes it finite.
- Sevens: a round takes at most ``sevens.rules.round_move_bound(players, rules, chips)``
  moves after its deal.
- Double Seven: a game takes at most ``double_seven.rules.game_turn_bound(available,
  players)`` turns; a turn has no bound in the rules (an exchange can be undone by the
  next), so ``TURN_CAP`` only stops a runaway test, for uniform random play.

The option combinations come from each game's one declaration (``<game>.OPTIONS``): every
value of a listed option, and the lowest, the default and the highest value of a number
option; a combination the declaration refuses (``OptionError``) is left out. Flip 7 (384
combinations) and Double Seven (64) play every combination from the start and from a
random mid-game position written with ``to_text()`` and read back with ``position()``.
Sevens has 21,120: each plays one round from the deal, and every 16th also from a
mid-round position read back from its text. Random play: uniform legal moves; a chance step
is resolved from the seed or, half the time, by stacking an outcome sampled here.

The two positions of issue 20's sweep (13 and 18 players: a forced Flip Three on the only
player still in, repeating every 4 steps before flip7.endless-reshuffle) are tests, under every Flip 7
combination; so is a duplicate that Second Chances could cancel for ever (which a rule
"no number card left" would not have ended), with chance choosing the worst cards and,
exhaustively, every card order and every choice.
"""

from __future__ import annotations

import itertools
import random
import warnings

import pytest

from doublesept import CHANCE, DoubleseptError, OptionError, double_seven, flip7, sevens
from doublesept.double_seven.rules import START_TILES, game_turn_bound
from doublesept.flip7 import tournament
from doublesept.flip7 import transitions as flip7_transitions
from doublesept.flip7.rules import DEFAULT_NAMES, FLIP_THREE, round_step_bound
from doublesept.flip7.state import R_DRAWS, R_LOG, R_SEED
from doublesept.sevens.rules import round_move_bound

TURN_CAP = 5_000  # Double Seven moves in one turn: no rule bound (see the module docstring)


def option_combinations(declaration) -> list[dict]:
    """Every combination of the options' values the declaration accepts (numbers: the
    lowest, the default and the highest)."""
    grid = {}
    for name, option in declaration.options.items():
        if option.is_number:
            grid[name] = tuple(dict.fromkeys((option.low, option.default, option.high)))
        else:
            grid[name] = option.values
    accepted = []
    for values in itertools.product(*grid.values()):
        combo = dict(zip(grid, values))
        try:
            declaration.resolve(combo)
        except OptionError:
            continue
        accepted.append(combo)
    return accepted


FLIP7_COMBOS = option_combinations(flip7.OPTIONS)
SEVENS_COMBOS = option_combinations(sevens.OPTIONS)
DOUBLE_SEVEN_COMBOS = option_combinations(double_seven.OPTIONS)


def test_option_combinations_cover_every_value_and_leave_out_only_refused_ones():
    assert (len(FLIP7_COMBOS), len(SEVENS_COMBOS), len(DOUBLE_SEVEN_COMBOS)) == (384, 65280, 64)
    for declaration, combos in ((flip7.OPTIONS, FLIP7_COMBOS), (sevens.OPTIONS, SEVENS_COMBOS),
                                (double_seven.OPTIONS, DOUBLE_SEVEN_COMBOS)):
        for name, option in declaration.options.items():
            seen = {combo[name] for combo in combos}
            wanted = {option.low, option.default, option.high} if option.is_number \
                else set(option.values)
            assert seen == wanted, (declaration.game, name, seen)
    with pytest.raises(OptionError):  # what is left out is refused, not skipped
        flip7.new_game(4, seed=1, deal_start="left", first_player="dealer")


def random_step(state, rng):
    """One random step: a uniform legal move; at a chance step, the seed's card or (half the
    time) an outcome sampled here and stacked."""
    if state.to_move is CHANCE and rng.random() < 0.5:
        return state.play(state.chance().sample(rng))
    moves = state.legal_moves()
    return state.play(moves[rng.randrange(len(moves))])


# ---------------------------------------------------------------- Flip 7


def flip7_rounds(state, rng, rounds: int, bound: int) -> tuple:
    """Play ``rounds`` rounds (or to the end of the game), failing as soon as a round takes
    more than ``bound`` steps; the last state and the endless-reshuffle endings seen."""
    steps = finished = endless = 0
    while state.to_move is not None and finished < rounds:
        state = random_step(state, rng)
        steps += 1
        assert steps <= bound, f"a round of {state.players} players passed {bound} steps"
        endless += any(e.rule_id == "flip7.endless-reshuffle" for e in state.events)
        if state.is_round_over:
            finished += 1
            steps = 0
    return state, endless


def flip7_new(players, seed, combo):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", flip7.Flip7Warning)
        return flip7.new_game(players, seed=seed, **combo)


FLIP7_PLAYERS = (2, 3, 4, 5, 6, 8, 11, 18)


@pytest.mark.parametrize("index", range(len(FLIP7_COMBOS)))
def test_flip7_every_round_ends_within_its_bound_from_the_start_and_from_mid_game(index):
    combo = FLIP7_COMBOS[index]
    rng = random.Random(index)
    for game in range(2):
        players = FLIP7_PLAYERS[(index + 3 * game) % len(FLIP7_PLAYERS)]
        bound = round_step_bound(players)
        state, _ = flip7_rounds(flip7_new(players, 1000 * index + game, combo), rng, 4, bound)
        # then a mid-game position: a few random steps, written out and read back
        for _ in range(rng.randrange(1, 60)):
            if state.to_move is None:
                break
            state = random_step(state, rng)
        if state.to_move is not None:
            state = flip7.position(state.to_text())
            flip7_rounds(state, rng, 2, bound)


def crowded_position(rng, players: int, combo: dict):
    """The end of a long round at 13 to 18 players, as text: all but one or two players
    busted, holding most of the number cards; the rest of the cards in the deck and the
    discards (few in the deck); an active player to hit or stay."""
    left = {n: max(n, 1) for n in range(13)}
    names = list(DEFAULT_NAMES[:players])
    active = rng.sample(names, rng.choice((1, 1, 2)))
    lines = {}
    kept = combo.get("freeze_placement") == "in-front"
    extras = ["×2", "+2", "+4", "+6", "+8", "+10"] + ["Freeze", "Flip Three"] * 3
    for name in names:
        if name in active:
            free = [n for n in left if left[n]]
            take = rng.sample(free, min(len(free), rng.randrange(0, 4)))
            for n in take:
                left[n] -= 1
            lines[name] = sorted(take)
            continue
        order = sorted((n for n in left if left[n]), key=lambda n: (-left[n], rng.random()))
        take = order[:6]
        for n in take:
            left[n] -= 1
        dup = [n for n in take if left[n]]
        if not dup:  # no copy left to bust on: this player was frozen instead
            if kept:  # freeze_placement=in-front: the Freeze lies in the line (or stayed)
                lines[name] = sorted(take) + (["Freeze", "(frozen)"] if "Freeze" in extras
                                              else ["(stayed)"] if take else [])
                if "(frozen)" in lines[name]:
                    extras.remove("Freeze")
                continue
            lines[name] = sorted(take) + ["(frozen)"]
            continue
        left[dup[0]] -= 1
        lines[name] = sorted(take + [dup[0]]) + ["(busted)"]
    chances = 3
    for name in active:
        if rng.random() < 0.5:
            lines[name].append("Second Chance")
            chances -= 1
    extras += ["Second Chance"] * chances
    rest = [str(n) for n in left for _ in range(left[n])]
    discards = []
    for c in extras + rest:
        if c.startswith(("×", "+")) and rng.random() < 0.5:
            keeper = rng.choice(names)  # a modifier in front of someone
            lines[keeper].insert(len([x for x in lines[keeper] if not str(x).startswith(
                "(")]), c)
        elif rng.random() < 0.9:
            discards.append(c)
    text = ["players: " + ", ".join(names), "round: 3",
            "deck: ...", "discards: " + (", ".join(discards) or "-")]
    for name in names:
        cards = [str(c) for c in lines[name] if not str(c).startswith("(")]
        status = [c for c in lines[name] if str(c).startswith("(")]
        text.append(f"{name}: {', '.join(cards) or '-'} {' '.join(status)}".rstrip())
    text.append(f"turn: {active[0]}")
    text.append(f"seed: {rng.getrandbits(32)}")
    rules = flip7.Flip7Rules(**combo).to_text()
    if rules:
        text.append("rules: " + rules)
    return flip7.position("\n".join(text))


def test_flip7_crowded_ends_of_rounds_end_within_the_bound_and_meet_ruling_f22():
    endless = 0
    for index, combo in enumerate(FLIP7_COMBOS):
        rng = random.Random(10_000 + index)
        for _ in range(12):
            players = rng.randint(13, 18)
            state = crowded_position(rng, players, combo)
            _, seen = flip7_rounds(state, rng, 1, round_step_bound(players))
            endless += seen
    assert endless >= 8, f"only {endless} rounds ended by flip7.endless-reshuffle: the test missed it"


# Issue 20's sweep: twelve (or seventeen) busted players hold every number card but Hal's 7,
# and the modifiers; Hal flips a Flip Three with three Freezes waiting under it.
BUSTED_13 = """\
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
"""
BUSTED_18 = """\
Ann: 8, 9, 10, 11, 12, 12, ×2 (busted)
Bob: 4, 6, 8, 11, 12, 12, +2 (busted)
Cy: 4, 5, 6, 11, 11, +4 (busted)
Dee: 4, 5, 6, 10, 11, 11, +6 (busted)
Eve: 4, 5, 6, 10, 10, 11, 12, +8 (busted)
Finn: 3, 5, 6, 10, 10, 11, 12, +10 (busted)
Gus: 3, 5, 9, 9, 10, 11, 12 (busted)
Ida: 3, 7, 9, 9, 10, 12 (busted)
Jo: 2, 6, 8, 8, 9, 12 (busted)
Kim: 2, 7, 8, 8, 9, 12 (busted)
Lou: 0, 7, 7 (busted)
Max: 1, 7, 7 (busted)
Ned: 8, 8 (busted)
Ola: 9, 9 (busted)
Pat: 11, 11 (busted)
Quinn: 10, 10 (busted)
Roy: 12, 12 (busted)
"""
CHAIN = ("play Freeze aside by Hal, Freeze aside by Hal, Freeze aside by Hal; "
         "flip-three Hal 2 aside Flip Three; flip Hal")


def sweep_position(busted: str, combo: dict, deck="Flip Three, Second Chance, Second Chance",
                   discards="Flip Three", hal="7, Second Chance", drop=None):
    names = [line.split(":")[0] for line in busted.splitlines()]
    names.insert(7, "Hal")
    if drop:  # take one card out of a busted line (it goes to the deck or the discards)
        who, cards = drop
        busted = busted.replace(who, cards)
    rules = flip7.Flip7Rules(**combo).to_text()
    return flip7.position("\n".join([
        "players: " + ", ".join(names), "round: 3", f"deck: {deck}",
        f"discards: {discards}", busted.rstrip(), f"Hal: {hal}", "turn: Hal",
        f"pending: {CHAIN}", *([f"rules: {rules}"] if rules else [])]))


def play_forced(state, rng, bound: int):
    """Play the round to its end, every move and card chosen at random; its steps."""
    steps = 0
    while not state.is_round_over:
        state = random_step(state, rng)
        steps += 1
        assert steps <= bound, f"the sweep's round passed {bound} steps"
    return state, steps


@pytest.mark.parametrize("busted", (BUSTED_13, BUSTED_18), ids=("13-players", "18-players"))
def test_flip7_the_sweeps_forced_flip_three_loops_end_under_every_option(busted):
    for index, combo in enumerate(FLIP7_COMBOS):
        state = sweep_position(busted, combo)
        players = state.players
        assert state.card_count() == 94 and state.active_players() == (7,)
        over, steps = play_forced(state, random.Random(index), round_step_bound(players))
        kinds = [e.kind for e in over.events]
        assert over.scores[7] >= 7 or "bust" in kinds  # Hal banks his line, or busted
        if combo["nested_actions"] == "depth-first":  # the Freezes wait under the chain:
            assert "endless-reshuffle" in kinds and steps <= 8  # only endless-reshuffle ends it
        # shared-queue plays the Freezes first (they end the round), as it did before endless-reshuffle


def endless_second_chance_position(combo):
    """Hal holds 7 and a Second Chance; a second 7, two Second Chances and the Flip Threes
    go round: drawn in the worst order, each 7 is cancelled, each Flip Three played on Hal.
    Before endless-reshuffle (and under a rule "no number card left") this could go on for ever."""
    return sweep_position(BUSTED_13, combo, deck="Flip Three, 7, Second Chance",
                          discards="Flip Three, Second Chance", drop=("Ida: 3, 7,", "Ida: 3,"))


def worst_card(state):
    """The card that keeps the round going longest: never a 7 while Hal has no Second
    Chance; Flip Threes first."""
    outcomes = [c for c, _ in state.chance().outcomes()]
    safe = [c for c in outcomes
            if not (c.is_number and state.nums[7] >> c.kind & 1 and not state.chances >> 7 & 1)]
    safe.sort(key=lambda c: (c.kind != FLIP_THREE, c.kind))
    return (safe or outcomes)[0]


def test_flip7_endless_reshuffle_stops_second_chances_cancelling_a_duplicate_for_ever():
    for index, combo in enumerate(FLIP7_COMBOS):
        state = endless_second_chance_position(combo)
        rng = random.Random(index)
        steps = 0
        while not state.is_round_over:
            if state.to_move is CHANCE:
                state = state.play(worst_card(state))
            else:
                moves = state.legal_moves()
                state = state.play(moves[rng.randrange(len(moves))])
            steps += 1
            assert steps <= round_step_bound(13), "chance kept the round going past its bound"
        kinds = [e.kind for e in state.events]
        if combo["nested_actions"] == "depth-first":
            assert "endless-reshuffle" in kinds, combo
        else:  # a shared queue reaches the Freezes waiting at its head
            if combo["set_aside_targets"] == "all-first":  # each given its player first
                kinds = [k for k in kinds if k != "target-chosen"]
            assert kinds[0] == "frozen", combo


def _key(state):
    key = list(state[:R_LOG])
    key[R_SEED] = key[R_DRAWS] = 0  # the same position whatever the draws before it
    return tuple(key)


def no_cycle(root, limit: int = 20_000) -> int:
    """Search every card order and every choice from ``root`` to the end of its round;
    fail on a position met again on the way (a round that could go on for ever). The
    positions searched."""
    on_path, done = {_key(root)}, set()

    def nexts(state):
        step = state.chance()
        if step is not None:
            return iter([state.play(c) for c, _ in step.outcomes()])
        return iter([state.play(m) for m in state.legal_moves()])

    stack = [(root, nexts(root))]
    while stack:
        state, children = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            key = _key(state)
            on_path.discard(key)
            done.add(key)
            continue
        if child.is_round_over:
            continue
        key = _key(child)
        assert key not in on_path, f"a round that can go on for ever, after {child.last_move}"
        if key in done:
            continue
        assert len(done) + len(on_path) < limit, "the search is larger than expected"
        on_path.add(key)
        stack.append((child, nexts(child)))
    return len(done)


def test_flip7_no_card_order_and_no_choice_keeps_the_sweeps_rounds_going():
    searched = 0
    for combo in FLIP7_COMBOS:
        if combo["flip7_bonus"] != 15 or combo["deal_start"] != "dealer":
            continue  # neither changes a move in the middle of a round
        searched += no_cycle(sweep_position(BUSTED_13, combo))
        searched += no_cycle(endless_second_chance_position(combo))
    assert searched > 8 * 2 * 2  # more than the roots and their first steps


@pytest.mark.parametrize("narrower, start", [
    (lambda discards, held: not sum(discards), sweep_position),  # the engine before endless-reshuffle
    (lambda discards, held: not sum(discards[:13]),  # "no number card left"
     lambda busted, combo: endless_second_chance_position(combo)),
], ids=("no-card-left", "no-number-left"))
def test_flip7_endless_reshuffle_the_search_finds_the_loops_a_narrower_rule_leaves(
        monkeypatch, narrower, start):
    monkeypatch.setattr(flip7_transitions, "endless_reshuffle", narrower)
    with pytest.raises(AssertionError, match="can go on for ever"):
        no_cycle(start(BUSTED_13, {}))


def test_flip7_tournament_raises_instead_of_looping_past_the_bound(monkeypatch):
    monkeypatch.setattr(tournament, "round_step_bound", lambda players: 5)
    with pytest.raises(DoubleseptError, match=r"more than 5 steps, the most a round of 2"):
        tournament.play_game(tournament.Seating(("stop-20", "stop-25"), 3))
    monkeypatch.undo()
    result = tournament.play_game(tournament.Seating(("stop-20", "stop-25"), 3))
    assert max(result.scores) >= 200


def test_flip7_round_step_bound_covers_the_longest_rounds_seen():
    # The bound is loose (it allows a reshuffle after every change); random rounds stay far
    # under it, so a round that comes near it means the proof no longer holds.
    longest = 0
    for seed in range(30):
        state = flip7_new(18, seed, {})
        rng = random.Random(seed)
        steps = 0
        while state.to_move is not None and state.round < 4:
            state = random_step(state, rng)
            steps += 1
            if state.is_round_over:
                longest, steps = max(longest, steps), 0
    assert 0 < longest < round_step_bound(18) // 20


# ---------------------------------------------------------------- Sevens


def sevens_round(state, rng) -> tuple:
    """Play the round under way to its end; the moves it took and the last state."""
    moves = 0
    bound = round_move_bound(state.players, state.rules, state.chips)
    while not state.is_round_over:
        legal = state.legal_moves()
        state = state.play(legal[rng.randrange(len(legal))])
        moves += 1
        assert moves <= bound, f"a round passed {bound} moves under {state.rules.describe()}"
    return moves, state


def test_sevens_every_round_ends_within_its_bound_under_every_option_combination():
    rng = random.Random(7)
    longest = 0
    for index, combo in enumerate(SEVENS_COMBOS):
        if combo["faults"] == "turn-lost":  # no bound: tests/test_sevens_table_faults.py
            continue
        players = 3 + index % 6
        state = sevens.new_game(players, seed=index, **combo)
        if index % 16 == 0:  # from the middle of the round, written out and read back
            for _ in range(rng.randrange(1, 40)):
                legal = state.legal_moves()
                state = state.play(legal[rng.randrange(len(legal))])
                if state.is_round_over:
                    break
            state = sevens.position(state.to_text())
        moves, _ = sevens_round(state, rng)
        longest = max(longest, moves)
    assert longest > 52  # passes were played too


def test_sevens_whole_matches_end_after_their_rounds_and_one_tie_break():
    rng = random.Random(8)
    for index, combo in enumerate(c for c in SEVENS_COMBOS[::700] if c["faults"] == "refused"):
        state = sevens.new_game(3 + index % 6, seed=index, **combo)
        while True:
            _, state = sevens_round(state, rng)
            if state.is_over:
                break
            assert state.round <= combo["rounds"], "a round after the tie-break deal"
            state = state.play(state.legal_moves()[0])  # the next deal
        assert state.round <= combo["rounds"] + 1


# ---------------------------------------------------------------- Double Seven


def double_seven_game(state, rng) -> int:
    """Play to the end; fail past the turn bound (from ``state``) or past TURN_CAP moves in
    one turn. The turns taken."""
    bound = game_turn_bound(state.available, state.players)
    turns, moves, turn = 0, 0, None
    while state.to_move is not None:
        if state.phase != "deal" and state.turn != turn:
            turn, turns, moves = state.turn, turns + 1, 0
            assert turns <= bound, f"the game passed {bound} turns"
        state = random_step(state, rng)
        moves += 1
        assert moves <= TURN_CAP, "a turn of uniform random moves passed TURN_CAP moves"
    return turns


def test_double_seven_every_game_ends_within_its_turn_bound_under_every_option_combination():
    most = 0
    for index, combo in enumerate(DOUBLE_SEVEN_COMBOS):
        rng = random.Random(index)
        for game in range(2):
            players = 2 + (index + game) % 3
            state = double_seven.new_game(players, seed=100 * index + game, **combo)
            deal = 0
            while state.phase == "deal":
                state = random_step(state, rng)
                deal += 1
            assert deal == START_TILES * players
            most = max(most, double_seven_game(state, rng))
            # from a random mid-game position, written out and read back
            state = double_seven.new_game(players, seed=100 * index + game + 50, **combo)
            for _ in range(rng.randrange(10, 400)):
                after = random_step(state, rng)
                if after.to_move is None:
                    break
                state = after
            double_seven_game(double_seven.position(state.to_text()), rng)
    assert most > 10
