"""The shared random-game test (tests/harness.py) run over Double Seven, 2 to 4 players, with
every rule option.

Most games start late: a random prefix is played from ``new_game`` until only a few tiles
are left to draw, and the position it reaches is read back from its text (which tests the
notation too); the harness then checks every step to the end. A few games play from the
deal to the end with the expensive checks sampled.

The length bound. Before the end is triggered, every turn takes at least one tile out of
the reserve and the face-up area: it draws 2 (or 3, or whatever is left, at least 1), a
Rainbow takes one more, and Two for One gives back 2 for 1. So a game from a position
with ``a`` tiles left to draw has at most ``a`` turns before the trigger, then the
trigger's turn and one final turn each (``a + n`` turns), after at most ``3n`` deal
steps. Within a turn the rules set no limit: an exchange can be undone by the next, as
often as a player likes. The bound is therefore ``3n + (a + n) * TURN_MOVES`` with
TURN_MOVES = 400 moves a turn, a bound for the harness's uniform choices, not for the
rules: over the games below the longest turn takes far fewer
(``test_the_longest_turn_stays_well_under_the_bound`` measures it).
"""

from __future__ import annotations

import random

from harness import GameAdapter, assert_no_breaks, random_game_checks

from doublesept import CHANCE, double_seven
from doublesept.double_seven import (
    CLOVER,
    COPIES,
    DEAL,
    DRAW_HIDDEN,
    FLIP,
    KINDS,
    PASS,
    RAINBOW,
    REVEAL,
    TILES,
    Discard,
    DrawFaceUp,
    Exchange,
    Expand,
    Retrieve,
    Start,
    TwoForOne,
)

TURN_MOVES = 400
OPTION_VALUES = {name: option.values for name, option in double_seven.OPTIONS.options.items()}


def draw_options(rng) -> dict:
    return {name: rng.choice(values) for name, values in OPTION_VALUES.items()}


def random_prefix(state, rng, left: int):
    """Play uniform random moves until at most ``left`` tiles are left to draw (or just
    before the game ends)."""
    while state.available > left or state.phase == "deal":
        moves = state.legal_moves()
        after = state.play(moves[rng.randrange(len(moves))])
        if after.to_move is None:
            break
        state = after
    return state


def recount(state) -> dict:
    """Every tile's place, counted from scratch: {kind: copies}."""
    counts = [0] * KINDS
    for pile in (state.reserve, state.face_up, state.out, *state.racks):
        for k in range(KINDS):
            counts[k] += pile[k]
    for fams in state.families:
        for animal, a, c in fams:
            counts[animal] += a
            counts[CLOVER] += c
    return dict(enumerate(counts))


def check_invariants(state) -> None:
    """The 91 tiles (out of the game included), the families, the tokens and the scores."""
    counts = recount(state)
    assert all(counts[k] == COPIES[k] for k in range(KINDS)), f"tiles: {counts}"
    assert state.tile_count() == 91
    assert sum(state.stack) >= 0 and all(state.stack.count(k) <= state.reserve[k]
                                         for k in range(KINDS)), "the stack is not in the reserve"
    for fams in state.families:
        for animal, a, c in fams:
            assert 0 <= animal < CLOVER, "a family's animal is a clover"
            assert a >= 1, "a family of clovers alone"
            assert a + c >= 2, "a family of fewer than 2 tiles"
            assert c >= 0
    rules = state.rules
    if rules.token_supply == "eight":
        assert sum(state.tokens) + state.supply == 8, "the '7' tokens are not conserved"
    for p in range(state.players):
        assert 0 <= state.tokens[p] <= state.septs[p]
    assert sum(1 for p in range(state.players) if state.holder == p) <= 1
    if state.holder != -1:
        assert state.septs[state.holder] >= 2 and state.trigger != -1
    view = state.observation(None)
    recomputed = [sum(f["tiles"] for f in view["families"][p]) + view["tokens"][p]
                  + (2 if view["double_seven"] == p else 0) for p in range(state.players)]
    assert recomputed == list(state.scores) == view["scores"], "the scores do not add up"
    if state.is_over:
        best = max(recomputed)
        tied = [p for p, s in enumerate(recomputed) if s == best]
        expected = [state.holder] if len(tied) > 1 and state.holder in tied else tied
        assert list(state.winners) == expected, "the winners are not D12's"


class DoubleSevenAdapter(GameAdapter):
    """Double Seven for the harness: 2 to 4 players, every option drawn at random."""

    name = "doubleseven"

    def __init__(self, players=None, late=True, options=None):
        self.players, self.late, self.options = players, late, options

    def new_game(self, seed, rng):
        players = self.players or rng.randint(2, 4)
        options = self.options if self.options is not None else draw_options(rng)
        state = double_seven.new_game(players, seed=seed, first=rng.randrange(players),
                                      **options)
        if not self.late:
            return state
        state = random_prefix(state, rng, rng.randint(2, 14))
        return double_seven.position(state.to_text())

    def conservation(self, state):
        check_invariants(state)

    def length_bound(self, root):
        n = root.players
        return START * n + (root.available + n) * TURN_MOVES

    def resample_hidden(self, state, seat, rng):
        """Deal again, among the places that hold them, the tiles ``seat`` cannot see: the
        hidden reserve and the other racks (each keeping its size), and change the seed.
        A rack shown by Rainbow (the last move) stays as it is."""
        keep = {seat}
        if state.last_move is RAINBOW:
            keep.add(state.turn)
        places = [p for p in range(state.players) if p not in keep]
        pool = [k for k in range(KINDS) for _ in range(state.reserve[k])]
        for p in places:
            pool += [k for k in range(KINDS) for _ in range(state.racks[p][k])]
        rng.shuffle(pool)
        racks = list(state.racks)
        for p in places:
            size = sum(racks[p])
            taken, pool = pool[:size], pool[size:]
            racks[p] = tuple(taken.count(k) for k in range(KINDS))
        reserve = tuple(pool.count(k) for k in range(KINDS))
        stack = tuple(pool[:rng.randint(0, len(pool))]) if rng.random() < 0.3 else ()
        return state._replace(racks=tuple(racks), reserve=reserve, stack=stack,
                              seed=rng.getrandbits(63))

    def seats(self, state):
        return range(state.players)

    def extra_moves(self, state, rng):
        """Every tile (a chance outcome or not), every word, every face-up draw and discard,
        and a few moves the rules refuse: an exchange with oneself, a family that does not
        exist, a retrieval with the wrong animal, clovers alone."""
        seat = state.turn if state.turn is not None else 0
        return (*TILES, DEAL, FLIP, REVEAL, DRAW_HIDDEN, RAINBOW, PASS,
                *(DrawFaceUp(k) for k in range(KINDS)), *(Discard(k) for k in range(KINDS)),
                Exchange(1, seat, 1), Exchange(1, 3, 1), Expand(9, (CLOVER,)),
                Retrieve(-1, 1, rng.randrange(CLOVER)), Retrieve(3, 2, 0),
                Start((CLOVER, CLOVER)), Start((0, 1)), TwoForOne((0, CLOVER)))

    def describe(self, root):
        return (f"{root.players} players, first {root.first}, "
                f"{root.rules.to_text() or 'default rules'}")


START = 3  # deal steps a player


def _games(plan, sample=1.0):
    return [random_game_checks(adapter, seed, sample=sample) for adapter, seed in plan]


def test_doubleseven_random_games_late_with_every_option():
    reports = _games((DoubleSevenAdapter(), seed) for seed in range(90_000, 90_016))
    assert_no_breaks(reports)
    assert all(r.final.is_over for r in reports)
    assert {r.final.players for r in reports} == {2, 3, 4}
    assert sum(r.chance_steps for r in reports) > 30


def test_doubleseven_random_games_from_the_deal():
    plan = [(DoubleSevenAdapter(players=p, late=False), 91_000 + p) for p in (2, 3, 4)]
    plan.append((DoubleSevenAdapter(players=4, late=False,
                                    options=double_seven.OPTIONS.presets["game-park"]), 91_010))
    reports = _games(plan, sample=0.02)
    assert_no_breaks(reports)
    for report in reports:
        assert report.final.is_over


def test_the_longest_turn_stays_well_under_the_bound():
    longest = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = double_seven.new_game(rng.randint(2, 4), seed=seed, **draw_options(rng))
        turn_moves, turn = 0, state.turn
        while state.to_move is not None:
            moves = state.legal_moves()
            state = state.play(moves[rng.randrange(len(moves))])
            turn_moves = turn_moves + 1 if state.turn == turn else 0
            turn = state.turn
            longest = max(longest, turn_moves)
    assert longest < TURN_MOVES // 2, longest


def test_the_harness_sees_a_changed_doubleseven_observation():
    report = random_game_checks(DoubleSevenAdapter(players=3), 92_000)
    assert report.ok, report.breaks
    assert report.resamples_changed > report.resamples // 2


class _Leaky(DoubleSevenAdapter):
    """A planted bug: the resampler changes a family, which every seat sees."""

    def resample_hidden(self, state, seat, rng):
        families = list(state.families)
        families[0] = ((7, 9, 0),)
        return state._replace(families=tuple(families))


def test_the_harness_catches_a_leaky_doubleseven_resampler():
    report = random_game_checks(_Leaky(players=2), 93_000)
    assert any(b.check == "observation" for b in report.breaks)


def test_the_chance_steps_of_a_new_game_are_the_deal():
    state = double_seven.new_game(3, seed=5)
    assert state.to_move is CHANCE and state.chance().rule_id == "doubleseven.setup"
