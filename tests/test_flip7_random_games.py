"""The shared random-game test (tests/harness.py) run over Flip 7, with every rule option.

Most games start near the end (totals from 150 to 199, round 6, action cards stacked on
top of the deck) so that they finish in a few rounds and still cross the tangled cases;
a few start from ``new_game`` and play all the way to 200.

The length bound. The rules put no limit on a game: a round where everyone busts scores
nothing, and an exact tie at the top plays another round. The adapter states a bound of
ROUNDS rounds of ``round_bound(players)`` moves (see tests/test_flip7_properties.py for
the bound of a round). Under the harness's uniform choices a game from 0 takes at most
18 rounds over 40 seeds, and the longest round stays under an eighth of its bound.
"""

from __future__ import annotations

import random
import warnings

from harness import GameAdapter, assert_no_breaks, random_game_checks
from test_flip7_properties import check_invariants, round_bound

from doublesept import CHANCE, flip7
from doublesept.flip7 import CARDS, DRAW, HIT, STAY, Give, Target

ROUNDS = 60
ACTIONS = ("Freeze", "Flip Three", "Second Chance")


class Flip7Adapter(GameAdapter):
    """Flip 7 for the harness: 2 to 8 players, every option drawn at random per game."""

    name = "flip7"

    def __init__(self, players=None, fresh=None, options=None):
        self.players, self.fresh, self.options = players, fresh, options

    def draw_options(self, rng) -> dict:
        if self.options is not None:
            return dict(self.options)
        side = rng.choice(("dealer", "left"))
        return {"deal_start": side, "first_player": side,
                "flip7_bonus": rng.choice((15, 15, 0, 40)),
                "deferred_after_bust": rng.choice(("give", "discard")),
                "nested_actions": rng.choice(("depth-first", "shared-queue")),
                "frozen_target_deferred": rng.choice(("played", "dropped"))}

    def new_game(self, seed, rng):
        players = self.players or rng.randint(2, 8)
        options = self.draw_options(rng)
        dealer = rng.randrange(players)
        fresh = self.fresh if self.fresh is not None else rng.random() < 0.1
        if fresh:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", flip7.Flip7Warning)
                return flip7.new_game(players, seed=seed, dealer=dealer, **options)
        names = flip7.DEFAULT_NAMES[:players]
        scores = [rng.randint(150, 199) for _ in names]
        top = rng.sample(ACTIONS * 3, rng.randint(0, 6))
        rules = flip7.Flip7Rules(**options).to_text()
        start = (names[dealer] if options["deal_start"] == "dealer"
                 else names[(dealer + 1) % players])
        text = "\n".join([
            "players: " + ", ".join(names), f"dealer: {names[dealer]}", "round: 6",
            "scores: " + ", ".join(map(str, scores)), "deck: " + ", ".join([*top, "..."]),
            *(f"{name}: -" for name in names), f"turn: {start} (deal)", f"seed: {seed}",
            *([f"rules: {rules}"] if rules else [])])
        return flip7.position(text)

    def conservation(self, state):
        """The 94 cards are each in one place: the deck, the discards, a line, or pending
        (set aside, waiting for a target, a Second Chance being passed on)."""
        check_invariants(state)

    def length_bound(self, root):
        return ROUNDS * round_bound(root.players)

    def resample_hidden(self, state, seat, rng):
        """Every seat sees the same: all the lines, the discards, the deck's contents. What
        nobody sees is the order of the deck (stacked or still to shuffle) and the seed:
        deal the deck in another order, and change the seed."""
        deck = [k for k in range(len(CARDS)) for _ in range(state.deck[k])]
        rng.shuffle(deck)
        stack = tuple(deck) if rng.random() < 0.5 else ()
        return state._replace(stack=stack, seed=rng.getrandbits(63))

    def seats(self, state):
        return range(state.players)

    def extra_moves(self, state, rng):
        """Every card (an outcome that can come or not), the words, and every target and
        gift, for seats that exist and one that does not."""
        n = state.players
        seats = (*range(n), min(n, 17))
        return (*CARDS, HIT, STAY, DRAW,
                *(Target(19, s) for s in seats), *(Target(20, s) for s in seats),
                *(Give(k, s) for k in (19, 20, 21) for s in seats))

    def describe(self, root):
        return (f"{root.players} players, dealer {root.dealer}, scores {root.scores}, "
                f"{root.rules.to_text() or 'seed-004 rules'}")


def _games(plan, sample=1.0):
    return [random_game_checks(adapter, seed, sample=sample) for adapter, seed in plan]


def test_random_games_near_the_end_with_every_option():
    reports = _games((Flip7Adapter(fresh=False), seed) for seed in range(70_000, 70_016))
    assert_no_breaks(reports)
    assert all(r.final.is_over for r in reports)
    assert len({r.final.players for r in reports}) >= 5
    assert sum(r.chance_steps for r in reports) > 120


def test_random_games_from_the_start_to_200():
    reports = _games(((Flip7Adapter(players=p, fresh=True), 71_000 + p) for p in (2, 5)),
                     sample=0.03)
    assert_no_breaks(reports)
    for report in reports:
        assert report.final.is_over and report.final.round >= 3
        assert max(report.final.scores) >= 200


def test_the_harness_sees_a_changed_flip7_observation():
    adapter = Flip7Adapter(players=3, fresh=False)
    report = random_game_checks(adapter, 72_000)
    assert report.ok, report.breaks
    assert report.resamples == 4 * report.checked_steps
    assert report.resamples_changed > report.resamples // 2


class _Leaky(Flip7Adapter):
    """A planted bug: the resampler changes a line, which every seat sees."""

    def resample_hidden(self, state, seat, rng):
        nums = list(state.nums)
        nums[0] ^= 1 << 12
        return state._replace(nums=tuple(nums))


def test_the_harness_catches_a_leaky_flip7_resampler():
    report = random_game_checks(_Leaky(players=3, fresh=False), 73_000)
    assert any(b.check == "observation" for b in report.breaks)


def test_the_chance_steps_of_the_harness_games_are_draws():
    state = Flip7Adapter(players=4, fresh=False).new_game(5, random.Random(1))
    assert state.to_move is CHANCE and state.chance().rule_id == "flip7.deal"
