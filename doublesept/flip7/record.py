"""Flip 7's state record: its fields, the round's task stack, and the card generator.

What every other module of the game builds on, deciding no rule: the codes of the tasks a
round is driven by (``T_DEAL`` …, the top of ``state.tasks`` last: see ``state.py``), the
contexts of a draw (``DEALT``, ``HITS``, ``FLIPS``) and the modes of an action card
waiting for its target (``DRAWN``, ``DEFERRED``, ``GIVEN``), the players' statuses, the
record's fields (``_Flip7Record``) and their indices (``R_*``: a transition reads its work
list by index), the winner of a finished game (``_winner``: flip7.game-end, flip7.tie),
the generator every card drawn comes from (``draw_index``, a SplitMix64 stream read at the
draw counter: a seed gives the same game; ``_pick_of`` reads the deck, or a stacked deck's
next card) and the chance step of a card drawn (``_chance_of``: flip7.deal, flip7.hit,
flip7.flip-three).

Imports only the core's chance steps and ``rules.py``.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.chance import GOLDEN, M64, WeightedDraw, mix64, stream_index
from .rules import CARDS, KINDS, TARGET, Flip7Rules

# ---------------------------------------------------------------- the generator

def _splitmix(z: int) -> int:
    """One step of SplitMix64 from ``z``: where a game's stream starts."""
    return mix64((z + GOLDEN) & M64)


def draw_index(seed: int, counter: int, size: int) -> int:
    """The position (0 to size - 1) of the card the ``counter``-th draw of a game takes, among
    ``size`` cards in the deck: a generator derived from the game's seed and the counter (a
    SplitMix64 stream started from the seed's hash, read at the counter, uniform by
    rejection). The same seed gives the same game, and a draw depends only on how many
    cards were drawn before it, never on a random-number library.

    >>> [draw_index(7, n, 94) for n in range(6)]
    [29, 30, 2, 35, 31, 32]
    """
    base = _BASES.get(seed)
    if base is None:
        base = _splitmix(seed ^ 0x5EED_F1B7)
        if len(_BASES) > 4096:
            _BASES.clear()
        _BASES[seed] = base
    return stream_index(base, counter, size)


_BASES: dict = {}
# The order the generator counts the deck in: the big piles first, so the count is short.
PICK_ORDER = (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 19, 20, 21, 0, 1, 13, 14, 15, 16, 17, 18)


# ---------------------------------------------------------------- tasks

# A task is a tuple whose first item is its code. The stack's bottom is the deal or the
# turn; a decision is awaited when the top is a draw (chance), an offer, a queue or a
# surplus Second Chance.
T_DEAL, T_OFFER, T_ADVANCE, T_DRAW, T_FLIP, T_QUEUE, T_SC = range(7)
# (T_DEAL, k): deal to the k-th player in the order of the deal, skipping players out
# (T_OFFER,): offer hit or stay to ``turn`` (or the next active player from it)
# (T_ADVANCE,): move the turn on clockwise from ``turn``, then offer
# (T_DRAW, seat, context): a card is drawn for seat; context DEALT, HITS or FLIPS
# (T_FLIP, seat, left, entries): seat flips ``left`` more cards; entries set aside
# (T_QUEUE, entries): action cards to play, each entry (kind, owner, mode); the owner
#     chooses the target; mode DRAWN (just drawn), DEFERRED (set aside by a Flip Three),
#     or GIVEN (a busted owner gives it, F16)
# (T_SC, owner): owner must pass on a surplus Second Chance (F7, F19)
DEALT, HITS, FLIPS = range(3)
DRAWN, DEFERRED, GIVEN = range(3)

ACTIVE, STAYED, FROZEN, BUSTED = "active", "stayed", "frozen", "busted"


class _Flip7Record(NamedTuple):
    """The fields of a Flip 7 state, in the order ``_new`` lays them out."""

    rules: Flip7Rules
    names: tuple  # the players' names, in seating order (clockwise)
    dealer: int
    round: int  # the round being played, from 1
    scores: tuple  # totals of the finished rounds (a round-over state includes its round)
    seed: int  # the seed every draw is derived from
    draws: int  # how many cards have been drawn in the game: the generator's counter
    deck: tuple  # per kind of card, the copies left in the deck
    deck_size: int
    stack: tuple  # the known order of the top of the deck (card kinds), when stacked
    discards: tuple  # per kind of card, the copies set aside (the discard pile)
    nums: tuple  # per player, the number cards in front of them (bit n: the number n)
    mods: tuple  # per player, the modifiers (bit 0: ×2, bits 1-5: +2 … +10)
    dups: tuple  # per player, the duplicate number a busted player drew (-1: none)
    chances: int  # the players holding a Second Chance (bit p: player p)
    stayed: int  # the players who stayed (bit p)
    frozen: int  # the players frozen (bit p)
    busted: int  # the players who busted (bit p)
    turn: int | None  # the player whose turn it is (dealt to, or offered hit or stay)
    tasks: tuple  # what is pending, the top last (see T_DEAL …)
    log: tuple  # the automatic consequences of the last move, as raw records
    parent: object  # the state before the last move (None at the root)
    last_move: object  # the move that led here (a card drawn is its outcome)


(R_RULES, R_NAMES, R_DEALER, R_ROUND, R_SCORES, R_SEED, R_DRAWS, R_DECK, R_SIZE, R_STACK,
 R_DISCARDS, R_NUMS, R_MODS, R_DUPS, R_CHANCES, R_STAYED, R_FROZEN, R_BUSTED, R_TURN,
 R_TASKS, R_LOG, R_PARENT, R_LAST) = range(23)

_tuple_new = tuple.__new__
_ZERO = (0,) * KINDS


def _winner(scores) -> int | None:
    """The winner if the game is over: one player alone at the top with 200 or more."""
    top = max(scores)
    if top < TARGET:
        return None
    leaders = [p for p, s in enumerate(scores) if s == top]
    return leaders[0] if len(leaders) == 1 else None


def _pick_of(w) -> int:
    stack = w[R_STACK]
    if stack:
        return stack[0]
    r = draw_index(w[R_SEED], w[R_DRAWS], w[R_SIZE])
    deck = w[R_DECK]
    for kind in PICK_ORDER:
        copies = deck[kind]
        if r < copies:
            return kind
        r -= copies
    raise AssertionError("unreachable: the deck holds deck_size cards")


_CHANCE_WORDS = {
    DEALT: ("flip7.deal", "A card is dealt face up.", "Une carte est distribuée face visible."),
    HITS: ("flip7.hit", "A card is drawn face up.", "Une carte est piochée face visible."),
    FLIPS: ("flip7.flip-three", "A card of a Flip Three is flipped.",
            "Une carte d'un Trois à la Suite est retournée."),
}


def _chance_of(w) -> WeightedDraw | None:
    tasks = w[R_TASKS]
    if not tasks or tasks[-1][0] != T_DRAW:
        return None  # the next round ended before its first card (no card left at all)
    rule_id, en, fr = _CHANCE_WORDS[tasks[-1][2]]
    if w[R_STACK]:
        return WeightedDraw({CARDS[w[R_STACK][0]]: 1}, rule_id, en, fr)
    return WeightedDraw({CARDS[k]: n for k, n in enumerate(w[R_DECK]) if n}, rule_id, en, fr)
