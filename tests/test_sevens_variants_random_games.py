"""The shared random-game test (tests/harness.py) over Sevens' variants (issue 8): every
preset, and random combinations of the options that can go together.

Each step is checked as for the base game (tests/test_random_games.py), and also: chips are
conserved (every stack and the pot hold what the players started with), and a round ends
within its bound. The bound of one round, with n players:

- passes counted (``passing="shichi-narabe"`` or ``elimination="three-passes"``): every
  move lays a card or is a counted pass, and a player is out at the limit E (4 or 3), so at
  most 52 + n * E moves;
- otherwise at most n - 1 forced passes follow a card or a voluntary pass (someone holds a
  card that fits), and each voluntary pass (Fan Tan) puts at least its cost into the pot,
  which only empties when the round ends: at most (52 + V) * n moves with
  V = n * chips // cost.

With ``tie_break="extra-deal"`` one more round may follow the last (a tie-break deal).
"""

from __future__ import annotations

import random

import pytest
from harness import GARBAGE, GameAdapter, assert_no_breaks, random_game_checks

from doublesept import sevens
from doublesept.cards import DECK, FULL_MASK
from doublesept.core.options import OptionError
from doublesept.sevens import DEAL, OPENINGS, PASS, SCORINGS, DealStep, Dealt

_EACH_RANK = tuple(sum(1 << (suit * 13 + rank - 1) for suit in range(4)) for rank in range(1, 14))
_ANY_RANK = (FULL_MASK,)


def random_options(rng: random.Random) -> dict:
    """A random combination of options; the ones that cannot go together are drawn again."""
    while True:
        options = {
            "opening": rng.choice(OPENINGS),
            "scoring": rng.choice(SCORINGS),
            "seven_penalty": rng.choice((0, 0, 5, 10)),
            "chips": rng.choice((0, 0, 3, 20, 200)),
            "passing": rng.choice(sevens.PASSINGS),
            "elimination": rng.choice(sevens.ELIMINATIONS),
            "runs": rng.choice(("off", "on")),
            "tie_break": rng.choice(sevens.TIE_BREAKS),
        }
        if options["passing"] == "fan-tan":
            options["voluntary_pass_cost"] = rng.choice((1, 5, 5, 10))
        try:
            sevens.SevensRules(**options)
        except OptionError:
            continue
        return options


class SevensVariantAdapter(GameAdapter):
    """Sevens for the harness with the variants: a preset, or options drawn at random."""

    name = "sevens"
    garbage = GARBAGE

    def __init__(self, preset=None, options=None, players=None, rounds=None):
        self.preset, self.options = preset, options
        self.players, self.rounds = players, rounds

    def new_game(self, seed, rng):
        if self.preset is not None:
            low, high = sevens.PRESET_PLAYERS[self.preset]
            options = dict(self.options or {})
        else:
            low, high = sevens.MIN_PLAYERS, sevens.MAX_PLAYERS
            options = dict(self.options) if self.options is not None else random_options(rng)
        players = self.players or rng.randint(low, high)
        rounds = self.rounds or rng.choice((1, 1, 2, 3))
        return sevens.new_game(players, seed=seed, rounds=rounds, dealer=rng.randrange(players),
                               preset=self.preset, **options)

    def conservation(self, state):
        """The deck's cards (52, or the German 32) are each in one place; the chips are all
        there (sevens.chips)."""
        masks = [*state.hand_masks, state.table_mask]
        union = 0
        for mask in masks:
            assert not union & mask, "a card is in two places"
            union |= mask
        deck = state.rules.deck_mask
        assert union == deck and sum(m.bit_count() for m in masks) == deck.bit_count(), \
            "the hands and the table are not the deck"
        cards = [c for hand in state.hands for c in hand] + state.table
        assert sorted(cards) == [c for c in DECK if c.bit & deck], \
            "the hands and the table are not the deck"
        if state.rules.chips:
            assert len(state.chips) == state.players
            assert min(state.chips) >= 0 and state.pot >= 0, "a stack or the pot is below 0"
            assert sum(state.chips) + state.pot == state.players * state.rules.chips, \
                f"chips are not conserved: {state.chips} and a pot of {state.pot}"
            if state.turn is None:
                assert state.pot == 0, "the round is over but the pot is not empty"
        else:
            assert state.chips == () and state.pot == 0

    def length_bound(self, root):
        rules, n = root.rules, root.players
        if rules.eliminated_at:
            per_round = 52 + n * rules.eliminated_at
        else:
            voluntary = n * rules.chips // rules.voluntary_pass_cost \
                if rules.passing == "fan-tan" else 0
            per_round = (52 + voluntary) * n
        rounds = rules.rounds - root.round + 1 + (rules.tie_break == "extra-deal")
        return rounds * per_round + (rounds - 1)

    def resample_hidden(self, state, seat, rng):
        """As for the base game: the hidden cards dealt again among the hands that hold them
        (sizes kept); only equal ranks once the round is over; the opening card stays while
        the table is empty."""
        masks = list(state.hand_masks)
        keep = 0
        if not state.table_mask and state.turn is not None \
                and state.rules.opening in ("7♦", "7♥"):
            keep = state.rules.opening_card.bit
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
        """Pass, deal, a few cards from anywhere, and runs that are not legal."""
        moves = [*rng.sample(DECK, 6), PASS, DEAL]
        picked = rng.sample(DECK, 2)
        a, b = picked
        if a.suit == b.suit and a.rank != b.rank:
            moves.append(sevens.Run.between(a, b))
        suit = rng.randrange(4)
        moves.append(sevens.Run.between(sevens.parse_card(f"8{'CDHS'[suit]}"),
                                        sevens.parse_card(f"10{'CDHS'[suit]}")))
        if state.chance() is not None:
            moves.append(DealStep(state.players, (state.dealer + 1) % state.players).sample(rng))
        else:
            moves.append(Dealt(DealStep(state.players, state.dealer).sample(rng).hand_masks))
        return tuple(moves)

    def describe(self, root):
        return (f"{root.players} players, dealer {root.dealer}, preset {self.preset}, "
                f"{root.rules.to_text()}")


@pytest.mark.parametrize("preset", sevens.PRESETS)
def test_random_games_every_preset(preset):
    """10 games of each preset, 1 to 3 rounds, every number of seats the preset allows."""
    reports = [random_game_checks(SevensVariantAdapter(preset=preset), 70_000 + i)
               for i in range(10)]
    assert_no_breaks(reports)
    low, high = sevens.PRESET_PLAYERS[preset]
    assert {r.final.players for r in reports} <= set(range(low, high + 1))


def test_random_games_with_random_compatible_options():
    """40 games with every option drawn at random among those that can go together."""
    reports = [random_game_checks(SevensVariantAdapter(), seed) for seed in range(80_000, 80_040)]
    assert_no_breaks(reports)
    rules = [r.final.rules for r in reports]
    assert {r.passing for r in rules} == set(sevens.PASSINGS)
    assert {r.runs for r in rules} == {"off", "on"}
    assert any(r.chips for r in rules) and any(r.elimination != "off" for r in rules)
    assert {r.tie_break for r in rules} == set(sevens.TIE_BREAKS)


def test_random_tie_break_deals():
    """Matches of 2 rounds under the hand-winner count, where ties are frequent (two
    different winners): some end with a tie-break deal among the tied players
    (sevens.tie-break-deal)."""
    adapter = SevensVariantAdapter(options={"scoring": "winner", "tie_break": "extra-deal",
                                            "elimination": "three-passes"}, rounds=2)
    reports = [random_game_checks(adapter, seed) for seed in range(82_000, 82_008)]
    assert_no_breaks(reports)
    assert any(r.final.round == 3 and r.final.is_over for r in reports)


def test_random_chip_games_with_small_stacks_end_matches_early():
    """Fan Tan with 3 chips each: a player soon has none, and the match ends then
    (sevens.chip-match); chips are conserved throughout."""
    adapter = SevensVariantAdapter(options={"passing": "fan-tan", "chips": 3, "opening": "any",
                                            "voluntary_pass_cost": 1}, rounds=10)
    reports = [random_game_checks(adapter, seed) for seed in range(81_000, 81_006)]
    assert_no_breaks(reports)
    assert any(r.final.is_over and r.final.round < 10 and 0 in r.final.chips for r in reports)
