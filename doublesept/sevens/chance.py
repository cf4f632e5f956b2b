"""Sevens' chance: the deal of a round (sevens.deal), its shuffle and its generator.

:class:`DealStep` is the deal as a chance step: every way of dealing the deck (52 cards, or
the German 32: sevens.german-deck, ruling S7) one card at a time from the dealer's left is
equally likely; a tie-break deal (sevens.tie-break-deal) goes to the tied players only. Its
``problem`` is the one decision of a stacked deal. ``_deal_generator`` seeds a round's deal
from the match seed and the round number, and ``deal`` resolves one. The shuffle draws what
``random.Random.shuffle`` draws, faster.

Imports the cards, the core's chance step and numbers, ``rules.py`` and ``moves.py`` (a
deal's outcome is a :class:`Dealt`).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

from ..cards import FULL_MASK, cards_in
from ..core.chance import ChanceStep
from ..core.numbers import MAX_WHOLE, check_whole
from .moves import Dealt
from .rules import MAX_PLAYERS, MIN_PLAYERS

MAX_SEED = 2**64 - 1  # any seed a generator would be given in practice


_DEAL_SHAPES: dict = {}  # (players, dealer, seats, deck) -> (the seats in order, hand sizes)


class DealStep(ChanceStep):
    """The deal of one round as a chance step (sevens.deal): every way of dealing the 52
    cards one at a time from the dealer's left is equally likely.

    There are 52! / (13!)^4 (about 5.4e28) deals for 4 players, too many to list:
    ``count`` and ``probability`` are exact, ``outcomes()`` raises OverflowError.
    """

    rule_id = "sevens.deal"
    en = "The dealer shuffles and deals every card, one at a time from the dealer's left."
    fr = "Le donneur mélange et distribue toutes les cartes, une à une depuis sa gauche."

    def __init__(self, players: int, dealer: int, seats: tuple | None = None,
                 deck: int = FULL_MASK):
        check_whole(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        check_whole(dealer, "dealer (a player number)", 0, players - 1)
        self.players = players
        self.dealer = dealer
        self.deck = deck  # the cards dealt: all 52, or the German 32 (sevens.german-deck)
        self.deck_size = deck.bit_count()
        key = (players, dealer, seats, deck)
        shape = _DEAL_SHAPES.get(key)
        if shape is None:
            # the seats dealt to, from the dealer's left: all of them, or the players of a
            # tie-break deal (sevens.tie-break-deal); and the size of each hand
            order = [(dealer + 1 + i) % players for i in range(players)]
            if seats is not None:
                order = [p for p in order if p in seats]
            sizes = [0] * players
            for i in range(self.deck_size):
                sizes[order[i % len(order)]] += 1
            shape = (tuple(order), tuple(sizes))
            if len(_DEAL_SHAPES) < 10_000:
                _DEAL_SHAPES[key] = shape
        self.order, self.sizes = shape

    @property
    def count(self) -> int:
        return math.factorial(self.deck_size) // math.prod(math.factorial(n) for n in self.sizes)

    def outcomes(self) -> tuple:
        raise OverflowError(f"a deal has {self.count} outcomes, too many to list; "
                            "use count, probability() or sample()")

    def problem(self, outcome) -> str | None:
        """What makes ``outcome`` impossible for this deal, in words; None if it is possible."""
        if outcome.__class__ is not Dealt:
            return "a deal's outcome is the hands dealt"
        masks = outcome.hand_masks
        if len(masks) != self.players:
            return f"there are {self.players} players but {len(masks)} hands"
        seen = 0
        for mask in masks:
            if not isinstance(mask, int) or seen & mask:
                return "a card is dealt twice"
            seen |= mask
        if seen != self.deck:
            return f"every one of the {self.deck_size} cards must be dealt"
        sizes = tuple(mask.bit_count() for mask in masks)
        if sizes != self.sizes:
            return (f"dealt one at a time from the dealer's left, the hands hold "
                    f"{', '.join(map(str, self.sizes))} cards, not {', '.join(map(str, sizes))}")
        return None

    def probability(self, outcome) -> Fraction:
        return Fraction(0) if self.problem(outcome) else Fraction(1, self.count)

    def sample(self, rng: random.Random) -> Dealt:
        # the deck's cards as bits, shuffled (the same permutation as shuffling their
        # indexes), then dealt one at a time to the seats in ``order``, round and round:
        # the seat ``order[k]`` gets every len(order)-th card from the k-th
        bits = list(_FULL_BITS) if self.deck == FULL_MASK else \
            [c.bit for c in cards_in(self.deck)]
        _shuffle(rng, bits)
        hands = [0] * self.players
        seats = self.order
        step = len(seats)
        for k, seat in enumerate(seats):
            hands[seat] = sum(bits[k::step])  # distinct bits: the sum is their union
        return Dealt(hands)


_FULL_BITS = tuple(1 << index for index in range(52))  # the 52 cards' bits, in index order


def _stdlib_shuffle(rng: random.Random, cards: list) -> None:
    """``rng.shuffle(cards)`` as the standard library draws it (Fisher-Yates with
    ``getrandbits``), without a method call per card: the same permutation, faster."""
    getrandbits = rng.getrandbits
    for i, bits in _SHUFFLE_STEPS[len(cards)]:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


_SHUFFLE_STEPS = {n: tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
                  for n in (32, 52)}


def _check_shuffle() -> bool:
    """Whether _stdlib_shuffle draws what random.Random.shuffle draws here (it does in
    CPython 3.11 to 3.13); otherwise the deal uses rng.shuffle itself."""
    for seed in range(3):
        mine, theirs = list(range(52)), list(range(52))
        _stdlib_shuffle(random.Random(seed), mine)
        random.Random(seed).shuffle(theirs)
        if mine != theirs:
            return False
    return True


_FAST_SHUFFLE = _check_shuffle()


def _shuffle(rng: random.Random, cards: list) -> None:
    if _FAST_SHUFFLE and rng.__class__ is random.Random and len(cards) in _SHUFFLE_STEPS:
        _stdlib_shuffle(rng, cards)
    else:
        rng.shuffle(cards)


def _deal_generator(seed: int, round_number: int) -> random.Random:
    """The generator a round's deal is drawn from: the match seed and the round number,
    so the same seed gives the same deals, and a deal never depends on the moves."""
    return random.Random(f"sevens/{seed}/{round_number}")


def deal(players: int, dealer: int, seed: int, round_number: int) -> tuple:
    """The hands of one round (one 52-bit mask per player): the deal step resolved by the
    generator seeded from the match seed and the round number (sevens.deal).

    >>> [bin(h).count("1") for h in deal(3, 2, seed=1, round_number=1)]
    [18, 17, 17]
    """
    check_whole(seed, "seed", 0, MAX_SEED)
    check_whole(round_number, "round", 1, MAX_WHOLE)
    return DealStep(players, dealer).sample(_deal_generator(seed, round_number)).hand_masks
