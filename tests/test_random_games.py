"""The shared random-game test (tests/harness.py) run over Sevens, with every rule option.

CI plays about 200 seeded games, checking every step of each: 12 for each opening × each
scoring (3 to 8 players, seven penalties, 1- and 2-round matches), 40 with every option
drawn at random, one 10-round match and the harness's own tests. The long run is
``benchmarks/random_games.py``.
"""

from __future__ import annotations

import random

import pytest
from harness import GARBAGE, HUGE, GameAdapter, assert_no_breaks, random_game_checks
from test_double_seven_random_games import DoubleSevenAdapter
from test_flip7_random_games import Flip7Adapter

from doublesept import DoubleseptError, sevens
from doublesept.cards import DECK, FULL_MASK, parse_card
from doublesept.sevens import DEAL, OPENINGS, PASS, SCORINGS, DealStep, Dealt

_EACH_RANK = tuple(sum(1 << (suit * 13 + rank - 1) for suit in range(4)) for rank in range(1, 14))
_ANY_RANK = (FULL_MASK,)


class SevensAdapter(GameAdapter):
    """Sevens for the harness. Each option left as None is drawn at random per game."""

    name = "sevens"
    garbage = GARBAGE  # 10**5000 included: check() refuses it like any other garbage

    def __init__(self, players=None, rounds=None, opening=None, scoring=None,
                 seven_penalty=None):
        self.players, self.rounds = players, rounds
        self.opening, self.scoring, self.seven_penalty = opening, scoring, seven_penalty

    def new_game(self, seed, rng):
        players = self.players or rng.randint(sevens.MIN_PLAYERS, sevens.MAX_PLAYERS)
        rounds = self.rounds or rng.choice((1, 1, 1, 2, 3))
        opening = self.opening or rng.choice(OPENINGS)
        scoring = self.scoring or rng.choice(SCORINGS)
        penalty = self.seven_penalty
        if penalty is None:
            penalty = rng.choice((0, 0, 5, rng.randint(1, 100)))
        return sevens.new_game(players, seed=seed, rounds=rounds, dealer=rng.randrange(players),
                               opening=opening, scoring=scoring, seven_penalty=penalty)

    def conservation(self, state):
        """The 52 cards are each in exactly one place: one hand or the table."""
        masks = [*state.hand_masks, state.table_mask]
        assert sum(m.bit_count() for m in masks) == 52, "there are not 52 cards"
        union = 0
        for mask in masks:
            assert not union & mask, "a card is in two places"
            union |= mask
        assert union == FULL_MASK, "a card is missing"
        cards = [c for hand in state.hands for c in hand] + state.table
        assert sorted(cards) == sorted(DECK), "the hands and the table are not the deck"

    def length_bound(self, root):
        """At most 52 * players moves a round (never-blocks: among any `players` moves in a
        row one is a card), plus one deal for each later round."""
        rounds = root.rules.rounds - root.round + 1
        return rounds * 52 * root.players + (rounds - 1)

    def resample_hidden(self, state, seat, rng):
        """Re-deal the cards ``seat`` cannot see among the hands that hold them, keeping
        every hand's size; the seed, which chooses the next deals and is hidden from
        everyone, changes too.

        What stays public: the holder of the opening card while it opens the round (the
        turn says who holds it); and once the round is over, each hand's penalty (the
        events and the scores show it), so the hands then swap only cards of equal rank.
        The history fields stay, since the observation shows the last move and its events.
        """
        masks = list(state.hand_masks)
        keep = 0
        if not state.table_mask and state.turn is not None \
                and state.rules.opening in ("7♦", "7♥"):
            keep = parse_card(state.rules.opening).bit
        hidden = [p for p in range(len(masks)) if p != seat]
        groups = _ANY_RANK if state.turn is not None else _EACH_RANK
        for group in groups:
            holders, bits = [], []
            for p in hidden:
                mask = masks[p] & group & ~keep
                masks[p] ^= mask
                while mask:
                    low = mask & -mask
                    holders.append(p)
                    bits.append(low)
                    mask ^= low
            rng.shuffle(bits)
            for p, bit in zip(holders, bits):
                masks[p] |= bit
        return state._replace(hand_masks=tuple(masks), seed=rng.getrandbits(63))

    def seats(self, state):
        return range(state.players)

    def extra_moves(self, state, rng):
        """Pass, deal and a few cards from anywhere (the table, other hands); at a deal,
        impossible deals too (a card twice, a card missing, a card that does not exist, a
        hand short); during a round, a deal."""
        moves = [*rng.sample(DECK, 6), PASS, DEAL]
        n = state.players
        next_dealer = (state.dealer + 1) % n
        masks = list(DealStep(n, next_dealer).sample(rng).hand_masks)
        if state.chance() is None:
            return (*moves, Dealt(masks))
        low = masks[0] & -masks[0]
        twice = [masks[0], masks[1] | low, *masks[2:]]
        missing = [masks[0] ^ low, *masks[1:]]
        beyond = [masks[0] | 1 << 52, *masks[1:]]
        # the current dealer's deal: possible only when every hand has the same size
        other_dealer = DealStep(n, state.dealer).sample(rng)
        return (*moves, Dealt(twice), Dealt(missing), Dealt(beyond), Dealt(masks[:-1]),
                Dealt([-1] * n), other_dealer)

    def describe(self, root):
        return f"{root.players} players, dealer {root.dealer}, {root.rules.to_text()}"


def _games(adapters_and_seeds):
    return [random_game_checks(adapter, seed) for adapter, seed in adapters_and_seeds]


# ---------------------------------------------------------------- Sevens in CI


@pytest.mark.parametrize("opening", OPENINGS)
@pytest.mark.parametrize("scoring", SCORINGS)
def test_random_games_every_opening_and_scoring(opening, scoring):
    """12 games for each opening and scoring: 3 to 8 players, seven penalties of 0, 5 and
    100, two of them 2-round matches."""
    base = 1000 * (OPENINGS.index(opening) * len(SCORINGS) + SCORINGS.index(scoring))
    plan = [(SevensAdapter(players=3 + i % 6, rounds=2 if i in (4, 9) else 1, opening=opening,
                           scoring=scoring, seven_penalty=(0, 5, 100)[i % 3]), base + i)
            for i in range(12)]
    reports = _games(plan)
    assert_no_breaks(reports)
    assert sum(r.chance_steps for r in reports) >= 2, "no game dealt a second round"


def test_random_games_with_random_options():
    """40 games with the players, the dealer and every option drawn at random."""
    reports = _games((SevensAdapter(), seed) for seed in range(50_000, 50_040))
    assert_no_breaks(reports)
    assert {r.final.players for r in reports} == set(range(3, 9))
    assert max(r.final.rules.rounds for r in reports) == 3


def test_a_random_ten_round_match():
    """The longest match: 10 rounds, each deal checked, stacked or drawn from the seed."""
    report = random_game_checks(SevensAdapter(players=3, rounds=10, opening="any"), 60_000)
    assert_no_breaks([report])
    assert report.final.is_over and report.final.round == 10
    assert report.chance_steps == 9


# ---------------------------------------------------------------- the harness itself


def test_the_harness_runs_every_check():
    report = random_game_checks(SevensAdapter(players=4, rounds=2), 7)
    assert report.ok, report.breaks
    assert report.final.is_over
    assert report.checked_steps == report.moves + 1  # every state, the last included
    assert report.chance_steps >= 1
    assert report.resamples == 5 * report.checked_steps  # 4 seats and a spectator
    assert report.resamples_changed > report.resamples // 2, "the resampler changes nothing"


def test_sampling_checks_fewer_steps_but_plays_the_same_game():
    full = random_game_checks(SevensAdapter(), 11)
    sampled = random_game_checks(SevensAdapter(), 11, sample=0.1)
    assert sampled.ok and full.ok
    assert sampled.final == full.final and sampled.moves == full.moves
    assert 2 <= sampled.checked_steps < full.checked_steps


class _Leaky(SevensAdapter):
    """A planted bug: the resampler changes the seat's own hand too."""

    def resample_hidden(self, state, seat, rng):
        if seat is None or state.turn is None or state.table_mask == 0:
            return state
        mine = state.hands[seat]
        other = (seat + 1) % state.players
        theirs = state.hands[other]
        hands = [list(h) for h in state.hands]
        hands[seat], hands[other] = [*mine[1:], theirs[0]], [*theirs[1:], mine[0]]
        moved = sevens.from_parts(players=state.names, hands=hands, table=state.table,
                                  turn=state.turn, dealer=state.dealer, round=state.round,
                                  scores=state.scores, seed=state.seed, rules=state.rules)
        return moved._replace(parent=state.parent, last_move=state.last_move)


class _Wrong(SevensAdapter):
    """Planted bugs: a conservation check that always fails, a bound that is too short."""

    def conservation(self, state):
        assert state.table_mask.bit_count() < 3, "planted: too many cards on the table"

    def length_bound(self, root):
        return 10


def test_the_harness_reports_a_planted_leak_with_its_seed():
    report = random_game_checks(_Leaky(players=4, rounds=1), 3)
    assert [b.check for b in report.breaks] == ["observation"]
    found = report.breaks[0]
    assert found.seed == 3 and "hand" in found.message
    assert "--seed 3 --games 1" in str(found)


def test_the_harness_reports_conservation_and_length_breaks():
    report = random_game_checks(_Wrong(players=5, rounds=1), 4)
    assert {b.check for b in report.breaks} == {"conservation", "length"}
    assert report.moves == 10 and report.repeats > 0


class _Raising(sevens.SevensState):
    """A deliberately broken engine: check() raises on one input instead of refusing it."""

    __slots__ = ()

    def check(self, move):
        if move is HUGE:
            raise ValueError("deliberately broken: this check() raises")
        return super().check(move)


def test_the_harness_reports_an_engine_that_raises():
    class Broken(SevensAdapter):
        garbage = (HUGE,)

        def new_game(self, seed, rng):
            return tuple.__new__(_Raising, super().new_game(seed, rng))  # only the root

    report = random_game_checks(Broken(players=3, rounds=1), 5)
    assert [b.check for b in report.breaks] == ["garbage"]
    assert "check(<int of" in report.breaks[0].message
    assert "deliberately broken" in report.breaks[0].message


def test_resampled_positions_differ_only_in_hidden_cards_and_can_happen():
    adapter, rng = SevensAdapter(), random.Random(1)
    for opening in OPENINGS:
        state = sevens.new_game(5, seed=9, rounds=2, opening=opening, scoring="face")
        for seat in (None, 0, 3):
            other = adapter.resample_hidden(state, seat, rng)
            assert other.turn == state.turn and other.seed != state.seed
        while state.turn is not None:
            for seat in (None, 0, 3):
                other = adapter.resample_hidden(state, seat, rng)
                assert other.hand_sizes() == state.hand_sizes()
                assert other.table == state.table and other.round_penalties() == \
                    state.round_penalties()
                if seat is not None:
                    assert other.hands[seat] == state.hands[seat]
                assert other.parent is state.parent and other.last_move == state.last_move
                # a position the rules allow: from_parts, which refuses any other, builds it
                again = sevens.from_parts(players=other.names, hands=other.hands,
                                          table=other.table, turn=other.turn,
                                          dealer=other.dealer, round=other.round,
                                          scores=other.scores, seed=other.seed,
                                          rules=other.rules)
                assert again == other
            state = state.play(rng.choice(state.legal_moves()))
        other = adapter.resample_hidden(state, 1, rng)  # the round is over: equal ranks swap
        assert other.round_penalties() == state.round_penalties()
        assert other.observation(1) == state.observation(1)


# ---------------------------------------------------------------- breaks found


def test_a_huge_number_is_refused_like_any_other_garbage():
    state = sevens.new_game(4, seed=1)
    verdict = state.check(10**5000)  # the contract: check() never raises, whatever the input
    assert not verdict.legal
    with pytest.raises(DoubleseptError):
        state.play(10**5000)


# The games benchmarks/random_games.py can play, each with its adapter.
ADAPTERS = {"sevens": SevensAdapter, "doubleseven": DoubleSevenAdapter, "flip7": Flip7Adapter}
