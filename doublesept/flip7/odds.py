"""Flip 7's exact odds, from what a seat can see, and the optimal stopping policy.

``exact_odds(observation, seat)`` reads only an observation (``state.observation(seat)``
or ``state.observation(None)``): the cards in front of every player, the discards, the
contents of the deck (counts, never its order) and the cards set aside. It never sees the
state, ``chance()`` or the order of a stacked deck, so two positions with the same
observation get the same odds. Everything is a ``fractions.Fraction``; nothing is sampled.

``optimal_policy()`` solves one player's round exactly by dynamic programming, with the
number cards and the modifiers only (no action cards), and ``stop_at_value(n)`` gives the
exact expected round score of "hit until the number sum is n or more".

The model (also in docs/engine-choices.md, "Flip 7: the odds"):

- **The cards that can come.** The next card is uniform over the deck's contents. When the
  deck is empty, the next draw reshuffles the discards into a new deck (ruling F9, as the
  engine does, the cards in front of players staying where they are); with no card left
  anywhere, no card comes and the round ends (the seat then scores what it has).
- **Bust** (``bust``): the probability that the *next card* drawn makes this seat bust: a
  number it already has, and no Second Chance held. A held Second Chance means the next
  card never busts (ruling F21: using it is automatic). Modifiers and action cards never
  bust.
- **Stay** (``stay``): what the seat banks by staying now (``flip7.scoring``: numbers, ×2
  on the numbers only, + modifiers, the Flip 7 bonus).
- **Hit** (``hit``): the expected round score if the seat takes exactly one more card and
  then stays. A duplicate saved by a held Second Chance leaves the score as it was. A
  Second Chance, Freeze or Flip Three drawn while another player is active is kept or
  played on another player, so the seat's score is unchanged. When the seat is the only
  active player, a Freeze must freeze the seat itself (ruling F5: it banks its score) and
  a Flip Three is forced on the seat: the three cards are flipped one at a time and stop
  at a bust or a Flip 7, a Second Chance among them works at once, and a Freeze or Flip
  Three among them is played after the three cards (on the seat: a Freeze ends its round,
  a Flip Three flips three more, nested ones in the order of the ``nested_actions`` rule
  option, F15); then the seat stays.
- **Flip 7** (``flip7``): the probability of reaching seven different numbers if the seat
  hits until it busts or makes a Flip 7. Only this seat's own cards are followed: the
  cards other players draw in between are cards this seat has not seen either, so they
  do not change the chances of its own next cards, and the model leaves out that another
  player may end the round first (their own Flip 7) or freeze this seat. Second Chances
  are followed exactly: a held one saves one duplicate, one drawn is kept when the seat has
  none (a surplus one is passed on and lost to the seat). While another player is active,
  the seat plays each Freeze and Flip Three it draws on another player (the run goes on);
  as the only active player it must play them on itself, exactly as above: a Freeze ends
  the run without a Flip 7, a Flip Three flips the next three cards (a Freeze revealed
  meanwhile waiting until they are flipped). If the deck runs out during the run, the
  discards are reshuffled into a new deck (F9): the discards seen now, plus what the run
  itself discards (each Second Chance used with its duplicate, each Freeze and Flip Three
  played).
  Alone, with a deck small enough to run out while a Freeze or Flip Three can still
  come, the deck lacks numbers for a Flip 7: the orders of its numbers and Second Chances
  and those of its action cards are counted apart (``_flip7_run_out``), then the run is
  followed from the discards (``_walk``), reshuffles in the middle of a Flip Three
  included; a run that would go through more than 8 reshuffles (a deck of nothing but
  duplicates and Second Chances can go round for ever) counts as no Flip 7.

The formula behind the speed: of the deck's N number cards, with c_v copies of value v,
the next m number cards are all of different values taken from a set S with probability
m!·e_m(c_v : v ∈ S) / (N(N−1)…(N−m+1)), e_m the elementary symmetric polynomial. With
Second Chances in play, the same sum runs over the few words of new numbers (N),
duplicates saved (D) and Second Chances (S) that a run can follow: ``_words`` counts them
once per (numbers still needed, Second Chance held, Second Chances in the deck), and
``_slot_sums`` gives, by a pass over the 13 values, the e_m-like sums for numbers that
are duplicated later in the run (lists on the states of ``_slot_states``, read through
``_slot_plan``: the words' coefficients on those states, by length).

Where the time goes (``benchmarks/run.py flip7``: ``flip7.exact_odds_ms``, the median,
and ``flip7.exact_odds_p99_ms`` and ``flip7.exact_odds_max_ms`` over a seeded set with the
hard cases): the sums are integers over a common denominator, one Fraction at the end of
each; the tables that depend only on a few counts are cached (``_words``, ``_word_plan``,
``_slot_table``, ``_tail``, ``_action_paths``, …). Those that depend only on the game's
constants, never on a position's counts (``_rule_tables()``: the words of a run, the
card-type paths and programs of the Freezes and Flip Threes), are built at most once per
process, on the first call that needs one, and kept: ``_clear_caches`` (the benchmark's
cold start) empties only the caches that depend on positions. The Freezes and Flip
Threes, alone:

- A forced Flip Three flips a bounded number of cards, so its card-type paths (Y: any
  card that is neither Freeze nor Flip Three, F, T) are counted once per state whatever
  the number of Y cards (``_tail``), on the play order of what is set aside and queued
  (some Flip Threes, then a Freeze or not: nothing after a Freeze is ever played). A path
  with m Y cards stands for the orders of the cards left after it (binomials); the paths
  of a state are summed by (m, action cards left) once (``_tail_terms``).
- Hitting (``_flow``, ``_flow_mixed``: the Flip 7's reach) only the hits after those
  flips go through arrays over the Y cards drawn, packed into one int each (a run of Y
  cards is a prefix sum by shifts and adds), with moves worked out once per (Freezes,
  Flip Threes, state) (``_flow_op``); for the Flip 7 the arrays keep only their first
  slots (up to the longest run's last card, and the other cards).
- Alone with a deck that may run out: the orders of its action cards (``_action_paths``,
  ``_short_flips``), of its numbers and Second Chances (``_exhaust_orders``) and of its
  Y cards (``_Flips``) are counted apart; when the deck made from the discards is large
  enough, the formulas follow from the play order at once (``_action_orders``,
  ``_short_canon``), else ``_walk`` goes on card by card with integer weights.

Every run stops after ``_SHUFFLES`` reshuffles, counted across ``_flip7``, ``_walk`` and
``_flip7_run_out`` (a deck of a few duplicates, Second Chances and Flip Threes can go
round for ever). An observation must account for all 94 cards (rule flip7.deck, ruling
F1: lines, deck, discards, set aside), as every observation of the engine does.
"""

from __future__ import annotations

import sys
from array import array
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from itertools import accumulate, repeat
from math import comb, factorial, lcm
from operator import add, mul

from ..errors import NotationError, PositionError, shown
from .rules import (
    COPIES,
    DECK_SIZE,
    DEFAULT_BONUS,
    FLIP_THREE,
    FREEZE,
    KINDS,
    MOD_VALUE,
    NAMES_EN,
    NUM_SUM,
    OPTIONS,
    SECOND_CHANCE,
    X2,
    card,
    line_score,
)

__all__ = ["Odds", "Policy", "exact_odds", "optimal_policy", "solve_policy", "stop_at_value"]

_KIND_OF = {name: kind for kind, name in enumerate(NAMES_EN)}
_NUMBER_VALUES = tuple(range(13))
_STATUSES = ("active", "stayed", "frozen", "busted")
_PLUS = tuple(MOD_VALUE[b] for b in range(1, 7))  # the + value of modifier kind 13 + b


# characters: an exact fraction longer than this is shown as a decimal only (the table's
# header, the try-a-move widget's expected score): 31 digits over 15 help nobody read it
EXACT_SHOWN = 24

def _falling(n: int, k: int) -> int:
    """n (n - 1) … (n - k + 1); 0 when k > n >= 0."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


# ---------------------------------------------------------------- reading an observation


@dataclass(frozen=True)
class _Seen:
    """What the odds need from an observation, checked."""

    seat: int
    nums: int  # the seat's number cards, bit n for the number n
    mods: int  # its modifiers, bit 0 for ×2, bits 1-5 for +2 … +10
    chance: int  # 1 if it holds a Second Chance
    status: str
    alone: bool  # the only active player
    deck: tuple  # per kind, the copies in the deck
    discards: tuple  # per kind, the copies in the discards
    bonus: int
    nested: str  # the nested_actions rule option
    flip7: bool  # the seat has seven different numbers


def _field_error(name: str, why: str) -> PositionError:
    return PositionError(f"observation[{name!r}]: {why}")


def _get(mapping, key, name: str, kind):
    if not isinstance(mapping, dict) or key not in mapping:
        raise _field_error(name, "is missing")
    value = mapping[key]
    if kind is int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _field_error(name, f"must be a whole number, not {shown(value)}")
    elif not isinstance(value, kind):
        raise _field_error(name, f"must be a {kind.__name__}, not {shown(value)}")
    return value


def _kind(text, name: str) -> int:
    kind = _KIND_OF.get(text) if isinstance(text, str) else None
    if kind is None:
        try:
            kind = card(text).kind
        except NotationError:
            raise _field_error(name, f"{shown(text)} is not a Flip 7 card") from None
    return kind


def _counts(observation, name: str) -> list:
    pile = _get(observation, name, name, dict)
    counts = [0] * KINDS
    for text, copies in pile.items():
        kind = _kind(text, name)
        if not isinstance(copies, int) or isinstance(copies, bool) or \
                not 0 <= copies <= COPIES[kind]:
            raise _field_error(name, f"{shown(text)}: {shown(copies)} is not a number of "
                               f"copies from 0 to {COPIES[kind]}")
        counts[kind] += copies
    return counts


def _read(observation, seat, bonus) -> _Seen:
    if not isinstance(observation, dict):
        raise PositionError(f"an observation is a dict (state.observation(seat)), not "
                            f"{shown(observation)}")
    lines = _get(observation, "lines", "lines", list)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(lines):
        raise PositionError(f"seat: must be a player number from 0 to {len(lines) - 1}, not "
                            f"{shown(seat)}")
    deck = _counts(observation, "deck")
    discards = _counts(observation, "discards")
    size = _get(observation, "deck_size", "deck_size", int)
    if size != sum(deck):
        raise _field_error("deck_size", f"{size} is not the number of cards in 'deck' "
                           f"({sum(deck)})")
    placed = [deck[k] + discards[k] for k in range(KINDS)]
    for text in _get(observation, "set_aside", "set_aside", list):
        placed[_kind(text, "set_aside")] += 1
    active = 0
    mine = None
    for p, line in enumerate(lines):
        where = f"lines[{p}]"
        if not isinstance(line, dict):
            raise _field_error(where, f"must be a dict, not {shown(line)}")
        status = _get(line, "status", f"{where}.status", str)
        if status not in _STATUSES:
            raise _field_error(f"{where}.status", f"{shown(status)} is not one of "
                               f"{', '.join(_STATUSES)}")
        nums = mods = 0
        dups = 0
        for text in _get(line, "numbers", f"{where}.numbers", list):
            kind = _kind(text, f"{where}.numbers")
            if kind > 12:
                raise _field_error(f"{where}.numbers", f"{shown(text)} is not a number card")
            placed[kind] += 1
            if nums >> kind & 1:
                dups += 1
            nums |= 1 << kind
        if dups > (status == "busted"):
            raise _field_error(f"{where}.numbers", "a duplicate number is only in front of a "
                               "player who busted, once")
        for text in _get(line, "modifiers", f"{where}.modifiers", list):
            kind = _kind(text, f"{where}.modifiers")
            if not 13 <= kind <= 18 or mods >> (kind - 13) & 1:
                raise _field_error(f"{where}.modifiers", f"{shown(text)} is not a modifier, "
                                   "or is there twice")
            placed[kind] += 1
            mods |= 1 << (kind - 13)
        chance = _get(line, "second_chance", f"{where}.second_chance", bool)
        placed[SECOND_CHANCE] += chance
        if status == "active":
            active += 1
        if p == seat:
            mine = (nums, mods, 1 if chance else 0, status)
    for kind in range(KINDS):
        if placed[kind] > COPIES[kind]:
            raise _field_error("deck", f"{placed[kind]} cards {NAMES_EN[kind]} are seen, but "
                               f"the deck has {COPIES[kind]}")
    if sum(placed) != DECK_SIZE:  # every card is somewhere a seat can see (flip7.deck)
        missing = [f"{COPIES[k] - placed[k]} × {NAMES_EN[k]}" for k in range(KINDS)
                   if placed[k] < COPIES[k]]
        raise _field_error("deck", f"[flip7.deck] {sum(placed)} cards are seen (lines, deck, "
                           f"discards, set_aside), but all {DECK_SIZE} of the game are always "
                           f"somewhere: missing {', '.join(missing[:6])}"
                           f"{' …' if len(missing) > 6 else ''}")
    if bonus is None:
        rules = _get(observation, "rules", "rules", dict)
        bonus = _get(rules, "flip7_bonus", "rules.flip7_bonus", int)
        nested = rules.get("nested_actions", "depth-first")
    else:
        if not isinstance(bonus, int) or isinstance(bonus, bool) or bonus < 0:
            raise PositionError(f"bonus: must be a whole number, not {shown(bonus)}")
        rules = observation.get("rules")
        nested = rules.get("nested_actions", "depth-first") if isinstance(rules, dict) \
            else "depth-first"
    if nested not in ("depth-first", "shared-queue"):
        raise _field_error("rules.nested_actions", f"{shown(nested)} is not depth-first or "
                           "shared-queue")
    nums, mods, chance, status = mine
    flip7 = nums.bit_count() == 7
    if observation.get("turn", 0) is None or any(
            line.get("numbers") and len(set(line["numbers"])) == 7 for line in lines):
        status = status if status != "active" else "over"  # the round is over
    return _Seen(seat, nums, mods, chance, status, status == "active" and active == 1,
                 tuple(deck), tuple(discards), bonus, nested, flip7)


# ---------------------------------------------------------------- the words of a run


@cache
def _words(k: int, h: int, s: int, alive_upto: int = 0):
    """The weighted words a run can follow until it has ``k`` new numbers.

    Letters: N a new number, D a duplicate saved by a Second Chance, S a Second Chance
    drawn. ``h`` is 1 when a Second Chance is held at the start, ``s`` the Second Chances
    in the deck. A D needs one held (then it is spent); an S is kept when none is held
    (else it is lost to the run). A D is a copy of a number held at the start (counted
    later as a draw from their pool of copies) or of a new number of the run (a "slot").

    Returns ``(ends, alive)``: ``ends`` maps (length, D on held numbers, slot partition) to
    a count of words ending at the k-th N; ``alive`` maps (length, new numbers, D on held,
    partition) to the count of words of that length not ended yet (length <= alive_upto).
    A partition is a sorted tuple: how many duplicates each duplicated slot got. The count
    includes the choice of which Second Chance card (s − q ways) and which slot.
    """
    ends: dict = {}
    alive: dict = {}
    frontier = {(0, h, 0, 0, ()): 1}
    length = 0
    while frontier:
        length += 1
        nxt: dict = {}
        for (j, bank, q, rh, mu), count in frontier.items():
            # N: a new number
            if j + 1 == k:
                key = (length, rh, mu)
                ends[key] = ends.get(key, 0) + count
            else:
                key = (j + 1, bank, q, rh, mu)
                nxt[key] = nxt.get(key, 0) + count
            if q < s:  # S: a Second Chance drawn
                key = (j, 1, q + 1, rh, mu)
                nxt[key] = nxt.get(key, 0) + count * (s - q)
            if bank:  # D: a duplicate, saved
                key = (j, 0, q, rh + 1, mu)
                nxt[key] = nxt.get(key, 0) + count
                fresh = j - len(mu)
                if fresh:
                    key = (j, 0, q, rh, tuple(sorted((*mu, 1))))
                    nxt[key] = nxt.get(key, 0) + count * fresh
                for t in set(mu):
                    rest = list(mu)
                    rest.remove(t)
                    key = (j, 0, q, rh, tuple(sorted((*rest, t + 1))))
                    nxt[key] = nxt.get(key, 0) + count * mu.count(t)
        frontier = nxt
        if length <= alive_upto:
            for (j, _bank, _q, rh, mu), count in nxt.items():
                key = (length, j, rh, mu)
                alive[key] = alive.get(key, 0) + count
    return ends, alive


def _slot_sums(counts: tuple, top: int, rmax: int, with_sum: bool) -> tuple:
    """For the values not held, with ``counts`` [(value, copies in the deck)]: two lists
    ``(W, WS)`` indexed like the states (a, partition) of ``_slot_states(top, rmax)``, W the
    sum over ordered-slot-free choices of a plain values and one value per part t of the
    partition, of the product of c (plain) and c(c-1)…(c-t) (part t); WS the same sum
    weighted by the values' total (all 0 unless ``with_sum``). ``top`` bounds
    a + len(partition), ``rmax`` the partition's total.

    A pass over the values, each used at most once (a state with W = 0 is not reached:
    its WS is 0 too)."""
    states, moves = _slot_states(top, rmax)
    size = len(states)
    w_of = [0] * size
    w_of[0] = 1
    ws_of = [0] * size
    reached = 1  # the states are in the order of their number of values (a breadth-first
    # order): after n values, only the first ones can be reached
    ends = _slot_layers(top, rmax)
    for n, (value, c) in enumerate(counts):
        weights = [c]
        for t in range(1, rmax + 1):
            weights.append(weights[-1] * (c - t))
        new_w = w_of[:]
        if with_sum:
            new_ws = ws_of[:]
            for i in range(reached):
                w = w_of[i]
                if not w:
                    continue
                base = ws_of[i] + w * value
                for j, t in moves[i]:
                    weight = weights[t]
                    if not weight:
                        break
                    new_w[j] += w * weight
                    new_ws[j] += base * weight
            ws_of = new_ws
        else:
            for i in range(reached):
                w = w_of[i]
                if not w:
                    continue
                for j, t in moves[i]:
                    weight = weights[t]
                    if not weight:
                        break
                    new_w[j] += w * weight
        w_of = new_w
        reached = ends[min(n + 1, len(ends) - 1)]
    return w_of, ws_of


@cache
def _slot_layers(top: int, rmax: int) -> tuple:
    """For n = 0, 1, …: how many of the states of ``_slot_states(top, rmax)`` (in order)
    use at most n values (a + len(partition) <= n)."""
    states, _ = _slot_states(top, rmax)
    return tuple(sum(1 for a, mu in states if a + len(mu) <= n) for n in range(top + 1))


@cache
def _slot_states(top: int, rmax: int) -> tuple:
    """The states (a, partition) of ``_slot_sums`` (a + len(partition) <= top, partition
    total <= rmax) and, for each, the moves [(next state, t)]: t = 0 a plain value, t >= 1
    a value for a new part t, in increasing t (so a weight c(c-1)… that is 0 stays 0)."""
    states = [(0, ())]
    index = {(0, ()): 0}
    moves = []
    i = 0
    while i < len(states):
        a, mu = states[i]
        out = []
        if a + len(mu) < top:
            nexts = [((a + 1, mu), 0)]
            nexts += [((a, tuple(sorted((*mu, t)))), t)
                      for t in range(1, rmax - sum(mu) + 1)]
            for key, t in nexts:
                j = index.get(key)
                if j is None:
                    j = index[key] = len(states)
                    states.append(key)
                out.append((j, t))
        moves.append(tuple(out))
        i += 1
    return tuple(states), tuple(moves)


@lru_cache(maxsize=1024)
def _ordered(mu) -> int:
    """How many ways the slots of each part size can be matched to the chosen values."""
    out = 1
    for t in set(mu):
        out *= factorial(mu.count(t))
    return out


@dataclass
class _Run:
    """One run from a holding: the number and Second Chance cards it can draw."""

    nums: int
    h: int
    pile: tuple

    def __post_init__(self):
        pile, nums = self.pile, self.nums
        self.k = 7 - nums.bit_count()
        self.numbers = numbers = sum(pile[:13])
        self.s = pile[SECOND_CHANCE]
        self.free = free = tuple((v, c) for v, c in zip(_NUMBER_VALUES, pile)
                                 if c and not nums >> v & 1)
        self.held_pool = numbers - sum(c for _, c in free)
        self.total = numbers + self.s  # the cards that matter to the run

    def ends(self) -> dict:
        """{length L: P(the run makes its Flip 7 at the L-th number or Second Chance card
        it draws) · total(total − 1)…(total − L + 1)}, within this deck, total the numbers
        and Second Chances (integers; cached: do not change it)."""
        return _ends(self.free, self.k, self.h, self.s, self.held_pool)

    def chance(self, weights=None, base: int = 1) -> Fraction:
        """Σ over L of P(Flip 7 at the L-th card) · weights[L]/base (weights None: 1), as
        one Fraction over the common denominator total(total − 1)…(total − Lmax + 1)."""
        ends = self.ends()
        if not ends:
            return Fraction(0)
        top = max(ends)
        total = self.total
        num = 0
        for length, w in ends.items():
            if weights is not None:
                w *= weights[length]
            num += w * _falling(total - length, top - length)
        return Fraction(num, _falling(total, top) * base)

    def can_run_out(self) -> bool:
        """Whether the run can draw every number and Second Chance of this deck and go on:
        fewer than k values it lacks, and few enough duplicates for its Second Chances."""
        return len(self.free) < self.k and \
            self.numbers - len(self.free) <= self.h + self.s


@lru_cache(maxsize=4096)
def _ends(free: tuple, k: int, h: int, s: int, held_pool: int) -> dict:
    """``_Run.ends``, from what it depends on."""
    w_of = _slot_table(free, k, h + s, False)[0]
    pool = [_falling(held_pool, r) for r in range(h + s + 1)]
    out: dict = {}
    for length, entries in _slot_plan(k, h, s)[0]:
        num = 0
        for i, rh, coeff in entries:
            w = w_of[i]
            if w:
                num += coeff * pool[rh] * w
        if num:
            out[length] = num
    return out


@cache
def _word_plan(k: int, h: int, s: int) -> tuple:
    """The words of ``_words(k, h, s, _ALIVE)`` grouped for a deck's ``_slot_sums``:
    ``(ends, alive)``, lists of (length, slot key, D on held numbers, coefficient), the
    coefficient the words' count times the orders of the plain values and of the slots
    (so a word group weighs coefficient · W[slot key] · (held pool)_(D))."""
    ends, alive = _words(k, h, s, _ALIVE)
    plans = []
    for words in (((length, k, rh, mu), count) for (length, rh, mu), count in ends.items()), \
            alive.items():
        merged: dict = {}
        for (length, j, rh, mu), count in words:
            key = (length, (j - len(mu), mu), rh)
            merged[key] = merged.get(key, 0) + count * factorial(j - len(mu)) * _ordered(mu)
        plans.append(tuple((length, key, rh, coeff)
                           for (length, key, rh), coeff in merged.items()))
    return tuple(plans)


@cache
def _slot_plan(k: int, h: int, s: int) -> tuple:
    """``_word_plan(k, h, s)`` on the lists of ``_slot_sums(…, k, h + s, …)``: ``(ends,
    alive)``, each ((length, ((state index, D on held numbers, coefficient), …)), …) by
    length in the order the plan first has them (the slot keys that are no state of
    ``_slot_states`` have a W of 0 and are left out)."""
    index = {state: i for i, state in enumerate(_slot_states(k, h + s)[0])}
    plans = []
    for plan in _word_plan(k, h, s):
        by_length: dict = {}
        for length, key, rh, coeff in plan:
            i = index.get(key)
            if i is not None:
                by_length.setdefault(length, []).append((i, rh, coeff))
        plans.append(tuple((length, tuple(entries)) for length, entries in by_length.items()))
    return tuple(plans)


_TABLES: dict = {}  # the tables of _slot_sums, by (counts, top, rmax, with_sum)


def _slot_table(counts: tuple, top: int, rmax: int, with_sum: bool) -> tuple:
    """``_slot_sums``, cached; a table with sums serves for one without. Do not change
    it."""
    table = _TABLES.get((counts, top, rmax, True))
    if table is None and not with_sum:
        table = _TABLES.get((counts, top, rmax, False))
    if table is None:
        if len(_TABLES) >= 2048:
            _TABLES.clear()
        table = _TABLES[counts, top, rmax, with_sum] = _slot_sums(counts, top, rmax, with_sum)
    return table


_run = lru_cache(maxsize=4096)(_Run)  # a _Run by (nums, h, pile), shared: do not change it


# ---------------------------------------------------------------- running out of cards


def _exhaust(nums: int, h: int, pile: tuple) -> dict:
    """When the run can draw every number card and Second Chance of ``pile`` without a
    bust: {Second Chance held at the end (0 or 1): probability}, by counting the orders of
    those few cards (each card told apart) that do not bust, in integers."""
    counts = tuple(pile[v] for v in _NUMBER_VALUES)
    s = pile[SECOND_CHANCE]
    orders = factorial(sum(counts) + s)
    return {bank: Fraction(n, orders)
            for bank, n in enumerate(_exhaust_orders(counts, nums, h, s)) if n}


def _exhaust_orders(counts: tuple, seen: int, bank: int, s: int) -> tuple:
    """(orders ending with no Second Chance held, orders ending with one) of the number
    cards ``counts`` and ``s`` Second Chances, from the numbers ``seen`` and ``bank``.
    The values play the same part, so the orders are counted on their shape
    (``_exhaust_shape``)."""
    return _exhaust_shape(tuple(sorted((c, seen >> v & 1) for v, c in enumerate(counts)
                                       if c)), bank, s)


@lru_cache(maxsize=4096)
def _exhaust_shape(shape: tuple, bank: int, s: int) -> tuple:
    """``_exhaust_orders`` on the sorted (copies, seen) of the values with cards left."""
    if not s and not shape:
        return (0, 1) if bank else (1, 0)
    n0 = n1 = 0
    last = None
    for i, pair in enumerate(shape):
        if pair == last:
            continue  # one draw per kind of value, weighted by its values
        last = pair
        c, was_seen = pair
        if was_seen and not bank:
            continue
        ways = c * shape.count(pair)
        rest = shape[:i] + shape[i + 1:]
        if c > 1:
            rest = tuple(sorted((*rest, (c - 1, 1))))
        m0, m1 = _exhaust_shape(rest, 0 if was_seen else bank, s)
        n0 += ways * m0
        n1 += ways * m1
    if s:
        m0, m1 = _exhaust_shape(shape, 1, s - 1)
        n0 += s * m0
        n1 += s * m1
    return n0, n1


# ---------------------------------------------------------------- the action cards (alone)


@lru_cache(maxsize=4096)
def _flow(y: int, f: int, t: int, start_flips: int, nested: str, start_aside: tuple = (),
          start_queues: tuple = (), hitting: bool | None = None):
    """The seat is the only active player: its Freeze and Flip Three cards are forced on
    itself. Cards are Y (any other card), F (Freeze), T (Flip Three), in a random order.

    Starting with ``start_flips`` cards of a Flip Three to flip (0: the seat is hitting),
    with ``start_aside`` (the cards it set aside so far, "F" or "T") and ``start_queues``
    (the cards set aside waiting to be played, the top last), the flow stops when a Freeze
    is played (on a hit at once; one revealed by a Flip Three
    after its three cards and the Flip Threes queued before it), or, unless ``hitting``
    (default: when ``start_flips`` is 0), when the Flip Three and all it set off are done
    (the seat then stays). Returns ``(stops, never, total)``: ``stops[m]`` counts the orders of the card
    types in which exactly m Y cards are drawn before the stop, ``never`` those with no
    stop, out of ``total`` orders (all equally likely). The orders are counted by prefix:
    an array over the Y cards drawn so far, one per (F drawn, T drawn, Flip Three state),
    so a hit's run of Y cards is a prefix sum. Cached (it depends on these few counts
    only): a card-by-card ``_walk`` asks for the same ones again and again."""
    if hitting is None:
        hitting = start_flips == 0
    if _phased(y, f, t, nested, start_flips, start_aside, start_queues):
        return _flow_phased(y, f, t, nested, {(start_flips, start_aside, start_queues): 1},
                            hitting)
    a_all = f + t
    # Each array over yd (the Y cards drawn so far) is packed in one int, ``bits`` bits a
    # slot: slot yd is the count of card-type prefixes with yd Y cards. A slot never holds
    # more than the orders of one composition of the cards (at most C(y + f + t, f + t)
    # · C(f + t, f)), so no slot carries into the next (nor in a prefix sum, made by
    # shifts and adds); 16 bits more leave room for the C(a, F left) ≤ 20 of
    # ``_by_actions``. Slots are whole bytes, 64 bits for any deck of Flip 7 (at most
    # C(100, 6)·20 < 2**35 orders), so they unpack as machine words.
    bits = max(64, ((comb(y + a_all, a_all) * comb(a_all, f)).bit_length() + 23) // 8 * 8)
    top_shift = bits * y
    low = (1 << top_shift) - 1  # the slots 0 … y − 1
    full = (1 << (top_shift + bits)) - 1  # the slots 0 … y
    stop_by: dict = {}  # {(F left, T left): packed counts}, each to weigh by ways(F, T)
    never_by: dict = {}
    if hitting:
        # dense arrays, many starts: the shared moves, state by state
        _flow_hitting(y, f, t, nested, {(0, 0, start_flips, start_aside, start_queues): 1},
                      bits, stop_by, never_by)
    else:
        values = [1]
        for ops, size in _flow_program(f, t, start_flips, nested, start_aside, start_queues,
                                       hitting):
            nxt = [0] * size
            for op in ops:
                arr = values[op[1]]
                if not arr:
                    continue
                kind = op[0]
                if kind == _FLIP:
                    _, _, ranout, moved, puts = op
                    if ranout >= 0:
                        end = arr >> top_shift
                        if end:  # the deck ran out: the flips end there
                            nxt[ranout] += end << top_shift
                            arr &= low
                    nxt[moved] += (arr << bits) & full
                    for j in puts:
                        nxt[j] += arr
                elif kind == _RUN:  # any run of Y cards, then an action card
                    run = arr  # prefix sums: 1, 2, 4, … slots shifted and added
                    shift = bits
                    while shift <= top_shift:
                        run += run << shift
                        shift *= 2
                    run &= full
                    stop_by[op[2]] = stop_by.get(op[2], 0) + run
                    if op[3] >= 0:
                        nxt[op[3]] += run
                elif kind == _STOP:
                    stop_by[op[2]] = stop_by.get(op[2], 0) + arr
                elif kind == _NEVER:
                    never_by[op[2]] = never_by.get(op[2], 0) + arr
                else:  # _PASS
                    nxt[op[2]] += arr
            values = nxt
    return _flow_finish(y, f, t, bits, stop_by, never_by)


def _phased(y: int, f: int, t: int, nested: str, flips: int, aside: tuple,
            queues: tuple) -> bool:
    """Whether ``_flow_phased`` applies to this start: the deck cannot run out during the
    flips (it has at least ``flips`` cards, and three for each Flip Three set aside, queued
    or still in it), and the queues are one play order (at most one queue with the
    shared-queue option, as ``_queued`` keeps them)."""
    most = flips + 3 * (aside.count("T") + sum(q.count("T") for q in queues) + t)
    return y + f + t >= most and (nested == "depth-first" or len(queues) <= 1)


def _head(cards) -> tuple:
    """(the Flip Threes before the first Freeze, whether there is a Freeze) of a sequence
    of "F" and "T"."""
    if "F" in cards:
        return list(cards).index("F"), True
    return len(cards), False


@lru_cache(maxsize=8192)
def _tail(fl: int, tl: int, nested: str, flips: int, b: int, bf: bool, a: int,
          af: bool) -> dict:
    """The card-type paths of ``_flow`` (Y: neither Freeze nor Flip Three, F, T) from a
    state of a forced Flip Three until the flow stops (a Freeze played) or the seat hits
    again (or stays), whatever the number of Y cards (the caller keeps the paths with no
    more Y cards than the deck has, and checks with ``_phased`` that the deck cannot run
    out). Only the play order matters of what is set aside and queued, up to its first
    Freeze: some Flip Threes, then a Freeze or not. The state: ``fl`` Freezes and ``tl``
    Flip Threes left to draw, ``flips`` cards to flip, ``b`` Flip Threes set aside (then a
    Freeze if ``bf``), and the queues' play order (top queue first, each from its start),
    ``a`` Flip Threes (then a Freeze if ``af``). Returns {key: paths}, the key Y drawn +
    64·F drawn + 512·T drawn, + 4096 when the seat is back to hitting (else it stopped).
    Worked out backwards, each state once (shared by every start that reaches it);
    cached: do not change the dicts."""
    if not flips:
        if a:  # a Flip Three played on the seat: three more cards
            return _tail(fl, tl, nested, 3, 0, False, a - 1, af)
        return {0: 1} if af else {4096: 1}  # a Freeze played, or nothing left to play
    out: dict = {}
    for shift, nfl, ntl, nb, nbf in ((1, fl, tl, b, bf),
                                     (64, fl - 1, tl, b, True),
                                     (512, fl, tl - 1, b + (not bf), bf)):
        if nfl < 0 or ntl < 0:
            continue
        if flips > 1:
            after = _tail(nfl, ntl, nested, flips - 1, nb, nbf, a, af)
        elif nested == "depth-first":  # what was set aside goes on top of the queues
            after = _tail(nfl, ntl, nested, 0, 0, False, *((nb, True) if nbf else
                                                              (a + nb, af)))
        else:  # shared-queue: at the end of the queue
            after = _tail(nfl, ntl, nested, 0, 0, False, *((a, True) if af else
                                                              (a + nb, nbf)))
        if not out:  # the Y card (always there) first: a plain copy, shifted
            out = {key + shift: count for key, count in after.items()}
            continue
        get = out.get
        for key, count in after.items():
            key += shift
            out[key] = get(key, 0) + count
    return out


@lru_cache(maxsize=4096)
def _tail_terms(f: int, t: int, nested: str, state: tuple, hitting: bool) -> tuple:
    """``_tail(f, t, nested, *state)`` summed for ``_flow_phased``, whatever ``y``:
    ``(stop_terms, hits)``, stop_terms ((m, a, count), …) the paths that stop after m Y
    cards with a action cards left, each weighing C(a, F left) (the orders of the action
    cards left; C(y − m + a, a) for the Y cards is the caller's); hits (((F drawn, T
    drawn), ((m, count), …)), …) the paths back to hitting (``hitting``; else they stop
    too). A rule table."""
    stop_terms: dict = {}
    hits: dict = {}
    for key, count in _tail(f, t, nested, *state).items():
        m = key & 63
        fd, td = key >> 6 & 7, key >> 9 & 7
        if hitting and key >> 12:
            by_m = hits.setdefault((fd, td), {})
            by_m[m] = by_m.get(m, 0) + count
        else:
            fl, tl = f - fd, t - td
            term = (m, fl + tl)
            stop_terms[term] = stop_terms.get(term, 0) + count * comb(fl + tl, fl)
    return (tuple((m, a, count) for (m, a), count in stop_terms.items()),
            tuple((fd_td, tuple(by_m.items())) for fd_td, by_m in hits.items()))


def _flow_phased(y: int, f: int, t: int, nested: str, starts: dict, hitting: bool,
                 slots: int = 0) -> tuple:
    """``_flow`` (or ``_flow_mixed``: weighted starts {(flips, set aside, queues):
    weight}) by ``_tail``: the paths of the flips from each start counted once,
    whatever ``y``; only the hits that follow (``hitting``) go through the packed arrays
    of ``_flow_hitting``. For starts where the deck cannot run out during the flips
    (``_phased``); the same ``(stops, never, total)``. With ``slots`` (1 to y): only
    the first ``slots`` entries of ``stops``, and all the other orders as ``never`` (as
    ``_reach_of`` counts them: at least ``slots`` Y cards drawn before any stop)."""
    a_all = f + t
    orders = comb(y + a_all, a_all) * comb(a_all, f)
    cut = 0 < slots <= y
    size = slots if cut else y + 1
    stops = [0] * size
    frontier: dict = {}
    # the starts by play order, then their paths (``_tail``) weighted, then the orders
    by_order: dict = {}
    for (flips, aside, queues), weight in starts.items():
        state = (flips, *_head(aside), *_head([card for queue in reversed(queues)
                                                for card in queue]))
        by_order[state] = by_order.get(state, 0) + weight
    orders_left: dict = {}  # C(y − m + a, a) by (m, a)
    for state, weight in by_order.items():
        stop_terms, hits = _tail_terms(f, t, nested, state, hitting)
        for m, a, count in stop_terms:
            if m < size:
                left = orders_left.get((m, a))
                if left is None:
                    left = orders_left[m, a] = comb(y - m + a, a)
                stops[m] += weight * count * left
        for fd_td, packed in hits:
            into = frontier.setdefault(fd_td, {})
            for m, count in packed:
                if m < size:
                    into[m] = into.get(m, 0) + weight * count
    never = 0
    if frontier:
        bound = orders * sum(starts.values())
        bits = (bound.bit_length() + 16 + 63) // 64 * 64  # whole machine words
        if cut and all(_hit_response(f, t, nested, fd, td) is not None
                       for fd, td in frontier):
            # cut, the hits are a convolution: each first hit's packed counts times its
            # response (``_hit_response``), the slots past ``size`` dropped
            by_a: dict = {}
            for (fd, td), packed in frontier.items():
                if packed:
                    arr = sum(w << (m * bits) for m, w in packed.items())
                    for a, row in _hit_response(f, t, nested, fd, td):
                        by_a[a] = by_a.get(a, 0) + arr * _pack(row, bits, size)
            mask = (1 << (bits * size)) - 1
            for a, packed in by_a.items():
                stops = list(map(add, stops, map(mul, _slots(packed & mask, bits, size),
                                                 _binomials(y, a))))
            return tuple(stops), orders * sum(starts.values()) - sum(stops), orders
        stop_by: dict = {}
        never_by: dict = {}
        _flow_hitting(y, f, t, nested,
                      {(fd, td, 0, (), ()): sum(w << (m * bits) for m, w in packed.items())
                       for (fd, td), packed in frontier.items() if packed},
                      bits, stop_by, never_by, size)
        more, never, _ = _flow_finish(y, f, t, bits, stop_by, never_by, size)
        stops = list(map(add, stops, more))
    if cut:
        never = orders * sum(starts.values()) - sum(stops)
    return tuple(stops), never, orders


@cache
def _hit_response(f: int, t: int, nested: str, fd: int, td: int):
    """The hitting flow from a first hit with ``fd`` Freezes and ``td`` Flip Threes drawn,
    one order at 0 Y cards drawn: ((a, counts), …), ``counts`` (an ``array('Q')``) the
    orders that stop after j = 0 … DECK_SIZE − 1 Y cards with a Freezes and Flip Threes
    left, each weighted by C(a, Freezes left). A rule table: it depends only on the
    moves of ``_flow_op`` (whatever the number of Y cards) and on the game's 94 cards; cut
    to its first slots, a flow is linear in its start and moves its counts only to more
    Y cards drawn, so a flow from first hits at m Y cards is this, shifted by m. None if
    a count does not fit a machine word (never with the game's cards)."""
    bits = 128
    stop_by: dict = {}
    _flow_hitting(DECK_SIZE, f, t, nested, {(fd, td, 0, (), ()): 1}, bits, stop_by, {},
                  DECK_SIZE)
    out = []
    for a, packed in sorted(_by_actions(stop_by).items()):
        counts = _slots(packed, bits, DECK_SIZE)
        if max(counts) >> 64:
            return None
        out.append((a, array("Q", counts)))
    return tuple(out)


def _pack(row, bits: int, size: int) -> int:
    """The first ``size`` counts of ``row`` (an ``array('Q')``) as slots of ``bits`` bits
    (a multiple of 64)."""
    per = bits // 64
    if sys.byteorder != "little":
        return sum(v << (j * bits) for j, v in enumerate(row[:size]))
    if per == 1:
        return int.from_bytes(row[:size].tobytes(), "little")
    words = array("Q", bytes(8 * per * size))
    words[::per] = row[:size]
    return int.from_bytes(words.tobytes(), "little")


def _flow_mixed(y: int, f: int, t: int, nested: str, starts: dict, slots: int = 0) -> tuple:
    """``_flow``, hitting, from several starts at once, {(flips, set aside, queues): weight}
    (whole numbers): the weighted sums of their ``stops`` and ``never`` (a flow is linear
    in where it starts), and ``total``; ``slots``: as in ``_flow_phased`` (when it
    applies), for ``_reach_of``."""
    if all(_phased(y, f, t, nested, *start) for start in starts):
        return _flow_phased(y, f, t, nested, starts, True, slots)
    a_all = f + t
    bound = comb(y + a_all, a_all) * comb(a_all, f) * sum(starts.values())
    bits = (bound.bit_length() + 16 + 63) // 64 * 64  # whole machine words
    stop_by: dict = {}
    never_by: dict = {}
    _flow_hitting(y, f, t, nested,
                  {(0, 0, *start): weight for start, weight in starts.items()},
                  bits, stop_by, never_by)
    return _flow_finish(y, f, t, bits, stop_by, never_by)


def _flow_finish(y: int, f: int, t: int, bits: int, stop_by: dict, never_by: dict,
                 slots: int = 0) -> tuple:
    """``_flow``'s ``(stops, never, total)`` from its packed counts by (F left, T left);
    with ``slots`` (1 to y), ``stops`` has only its first ``slots`` entries and ``never``
    is left out (0)."""
    # the orders of the cards left after yd Y cards and a stop: C(y − yd + a, a)·C(a, F
    # left), a the action cards left; the C(a, F left) folded in by a, then one pass
    a_all = f + t
    cut = 0 < slots <= y
    stops = [0] * (slots if cut else y + 1)
    for a, packed in _by_actions(stop_by).items():
        count = (packed.bit_length() + bits - 1) // bits
        weighted = list(map(mul, _slots(packed, bits, count), _binomials(y, a)))
        stops[:count] = map(add, stops[:count], weighted)
    never = 0
    for a, packed in () if cut else _by_actions(never_by).items():
        never += sum(map(mul, _slots(packed, bits, y + 1), _binomials(y, a)))
    return tuple(stops), never, comb(y + a_all, a_all) * comb(a_all, f)


def _by_actions(packed_by: dict) -> dict:
    """{(F left, T left): packed} as {a: Σ C(a, F left)·packed}, a = F left + T left."""
    out: dict = {}
    for (fl, tl), packed in packed_by.items():
        out[fl + tl] = out.get(fl + tl, 0) + comb(fl + tl, fl) * packed
    return out


def _slots(packed: int, bits: int, count: int) -> list:
    """The first ``count`` slots of ``bits`` bits (a multiple of 8) of ``packed``."""
    size = bits // 8
    data = packed.to_bytes(size * count, "little")
    if sys.byteorder == "little" and bits % 64 == 0:  # machine words, unpacked in C
        words = memoryview(data).cast("Q").tolist()
        if bits == 64:
            return words
        per = bits // 64
        return [sum(words[i + j] << (64 * j) for j in range(per))
                for i in range(0, per * count, per)]
    return [int.from_bytes(data[i:i + size], "little") for i in range(0, size * count, size)]


def _binomials(y: int, a: int) -> tuple:
    """[yd]: C(y − yd + a, a) for yd = 0 … y (a slice of ``_BINOMIAL_ROWS``)."""
    if a < len(_BINOMIAL_ROWS) and y <= DECK_SIZE:
        return _BINOMIAL_ROWS[a][DECK_SIZE - y:]
    return tuple(comb(y - yd + a, a) for yd in range(y + 1))  # never with the game's cards


# [a]: C(n + a, a) for n = DECK_SIZE … 0: a row for each number a of Freezes and Flip
# Threes left (at most 3 + 3), n the Y cards left (at most the whole deck); a rule table
_BINOMIAL_ROWS = tuple(tuple(comb(n + a, a) for n in range(DECK_SIZE, -1, -1))
                       for a in range(COPIES[FREEZE] + COPIES[FLIP_THREE] + 1))


_STOP, _NEVER, _RUN, _FLIP, _PASS = range(5)


def _flow_hitting(y: int, f: int, t: int, nested: str, frontier: dict, bits: int,
                  stop_by: dict, never_by: dict, slots: int = 0) -> None:
    """``_flow``'s arrays, hitting, from ``frontier`` {state: packed array}, state by state
    with the moves of ``_flow_op``, adding to ``stop_by`` and ``never_by``. With ``slots``
    (1 to y): the arrays keep only their first ``slots`` slots (a move only takes counts
    to more Y cards drawn, so those are exact; ``never_by`` is then incomplete)."""
    top_shift = bits * y
    low = (1 << top_shift) - 1
    span = bits * (slots - 1) if 0 < slots <= y else top_shift  # the last slot kept
    full = (1 << (span + bits)) - 1
    program = _HIT_PROGRAMS.get((f, t, nested))
    if program is not None and all(state in program[0] for state in frontier):
        _run_program(program, frontier, bits, top_shift, low, span, full, stop_by, never_by)
        return
    graph = _FLOW_GRAPHS.get((f, t, nested, True))
    if graph is None:
        if len(_FLOW_GRAPHS) >= 256:
            _FLOW_GRAPHS.clear()
        graph = _FLOW_GRAPHS[f, t, nested, True] = {}
    # from a first hit, note the states in the order they come (a program, if each state
    # comes once: then every move goes from one wave to the next)
    order = [] if program is None and len(frontier) == 1 and \
        (0, 0, 0, (), ()) in frontier else None
    while frontier:
        nxt: dict = {}
        for state, arr in frontier.items():
            if not arr:
                continue
            if order is not None:
                order.append(state)
            op = graph.get(state)
            if op is None:
                op = graph[state] = _flow_op(f, t, nested, True, state)
            kind = op[0]
            if kind == _FLIP:
                _, ranout, moved, puts = op
                if ranout is not None:
                    end = arr >> top_shift
                    if end:  # the deck ran out: the flips end there
                        nxt[ranout] = nxt.get(ranout, 0) + (end << top_shift)
                        arr &= low
                nxt[moved] = nxt.get(moved, 0) + ((arr << bits) & full)
                for j in puts:
                    nxt[j] = nxt.get(j, 0) + arr
            elif kind == _RUN:  # any run of Y cards, then an action card
                run = arr  # prefix sums: 1, 2, 4, … slots shifted and added
                shift = bits
                while shift <= span:
                    run += run << shift
                    shift *= 2
                run &= full
                stop_by[op[1]] = stop_by.get(op[1], 0) + run
                if op[2] is not None:
                    nxt[op[2]] = nxt.get(op[2], 0) + run
            elif kind == _STOP:
                stop_by[op[1]] = stop_by.get(op[1], 0) + arr
            elif kind == _NEVER:
                never_by[op[1]] = never_by.get(op[1], 0) + arr
            else:  # _PASS
                nxt[op[1]] = nxt.get(op[1], 0) + arr
        frontier = nxt
    if order:
        _note_program(f, t, nested, graph, order)


_HIT_PROGRAMS: dict = {}  # {(f, t, nested): (index, ops)}, see _note_program


def _note_program(f: int, t: int, nested: str, graph: dict, order: list) -> None:
    """Keep the hitting flow's states met from a first hit, in their order, as a program
    of ``_flow_op`` moves on indices (−1 for None), when each state came once and every
    state a move leads to is among them (so the order goes with the moves)."""
    index = {state: i for i, state in enumerate(order)}
    if len(index) != len(order):
        return
    ops = []
    try:
        for state in order:
            op = graph[state]
            kind = op[0]
            if kind == _FLIP:
                ops.append((_FLIP, -1 if op[1] is None else index[op[1]], index[op[2]],
                            tuple(index[s] for s in op[3])))
            elif kind == _RUN:
                ops.append((_RUN, op[1], -1 if op[2] is None else index[op[2]]))
            elif kind == _PASS:
                ops.append((_PASS, index[op[1]]))
            else:
                ops.append(op)
    except KeyError:  # a state never met (its counts were all cut off): no program
        return
    for i, op in enumerate(ops):  # every move forward in the order
        if op[0] == _FLIP and (op[1] >= 0 and op[1] <= i or op[2] <= i or
                               any(j <= i for j in op[3])) or \
                op[0] == _RUN and 0 <= op[2] <= i or op[0] == _PASS and op[1] <= i:
            return
    _HIT_PROGRAMS[f, t, nested] = (index, tuple(ops))


def _run_program(program: tuple, frontier: dict, bits: int, top_shift: int, low: int,
                 span: int, full: int, stop_by: dict, never_by: dict) -> None:
    """``_flow_hitting`` by a program of ``_note_program``: each state once, in order, on
    a list by index (no state tuples hashed)."""
    index, ops = program
    values = [0] * len(ops)
    for state, arr in frontier.items():
        values[index[state]] += arr
    for i, op in enumerate(ops):
        arr = values[i]
        if not arr:
            continue
        kind = op[0]
        if kind == _FLIP:
            _, ranout, moved, puts = op
            if ranout >= 0:
                end = arr >> top_shift
                if end:  # the deck ran out: the flips end there
                    values[ranout] += end << top_shift
                    arr &= low
            values[moved] += (arr << bits) & full
            for j in puts:
                values[j] += arr
        elif kind == _RUN:  # any run of Y cards, then an action card
            run = arr  # prefix sums: 1, 2, 4, … slots shifted and added
            shift = bits
            while shift <= span:
                run += run << shift
                shift *= 2
            run &= full
            stop_by[op[1]] = stop_by.get(op[1], 0) + run
            if op[2] >= 0:
                values[op[2]] += run
        elif kind == _STOP:
            stop_by[op[1]] = stop_by.get(op[1], 0) + arr
        elif kind == _NEVER:
            never_by[op[1]] = never_by.get(op[1], 0) + arr
        else:  # _PASS
            values[op[1]] += arr


@lru_cache(maxsize=2048)
def _flow_program(f: int, t: int, start_flips: int, nested: str, start_aside: tuple,
                  start_queues: tuple, hitting: bool) -> tuple:
    """What ``_flow`` does from a start, wave by wave, whatever the number of Y cards:
    ``((ops, size), …)``, ``size`` the states of the next wave, each op the ``_flow_op`` of
    one state of this wave with its states as indices (−1 for None) and the state's index
    second: (_STOP, i, key), (_NEVER, i, key), (_RUN, i, key, j), (_FLIP, i, ranout,
    moved, puts), (_PASS, i, j)."""
    graph = _FLOW_GRAPHS.get((f, t, nested, hitting))
    if graph is None:
        if len(_FLOW_GRAPHS) >= 256:
            _FLOW_GRAPHS.clear()
        graph = _FLOW_GRAPHS[f, t, nested, hitting] = {}
    waves = []
    frontier = [(0, 0, start_flips, start_aside, start_queues)]
    while frontier:
        index: dict = {}
        ops = []
        for i, state in enumerate(frontier):
            op = graph.get(state)
            if op is None:
                op = graph[state] = _flow_op(f, t, nested, hitting, state)
            kind = op[0]
            if kind == _STOP or kind == _NEVER:
                ops.append((kind, i, op[1]))
                continue
            targets = []
            for key in ((op[2],) if kind == _RUN else (op[1], op[2], *op[3]) if kind == _FLIP
                        else (op[1],)):
                if key is None:
                    targets.append(-1)
                else:
                    j = index.get(key)
                    if j is None:
                        j = index[key] = len(index)
                    targets.append(j)
            if kind == _RUN:
                ops.append((_RUN, i, op[1], targets[0]))
            elif kind == _FLIP:
                ops.append((_FLIP, i, targets[0], targets[1], tuple(targets[2:])))
            else:
                ops.append((_PASS, i, targets[0]))
        waves.append((tuple(ops), len(index)))
        frontier = list(index)
    return tuple(waves)


_FLOW_GRAPHS: dict = {}  # {(f, t, nested, hitting): {state: its _flow_op}}


def _flow_op(f: int, t: int, nested: str, hitting: bool, state: tuple) -> tuple:
    """What ``_flow`` does from ``state`` = (F drawn, T drawn, cards of a Flip Three to
    flip, set aside, queues), whatever the number of Y cards: (_STOP, (F left, T left))
    the flow stops; (_NEVER, key) no Freeze can come any more; (_RUN, key, next) any run
    of Y cards, then a Freeze (a stop) or a Flip Three (to state ``next``, None if none is
    left); (_FLIP, ranout, moved, puts) one card of a Flip Three: a Y card to ``moved``, a
    Freeze or Flip Three set aside to the states ``puts``, and when no F or T is left, a
    deck run out of Y cards to ``ranout`` (else None); (_PASS, next) a queued Flip Three
    played."""
    fd, td, flips, aside, queues = state
    fl, tl = f - fd, t - td
    if flips == 0 and not queues:
        if not hitting:
            return (_STOP, (fl, tl))
        if not fl:  # no Freeze can come any more
            return (_NEVER, (fl, tl))
        return (_RUN, (fl - 1, tl), (fd, td + 1, 3, (), ()) if tl else None)
    if flips:
        last = flips == 1
        done = (fd, td, 0, (), _queued(queues, aside, nested))
        puts = []
        for what, left, dfd, dtd in (("F", fl, 1, 0), ("T", tl, 0, 1)):
            if left:
                put = (*aside, what)
                puts.append((fd + dfd, td + dtd, 0, (), _queued(queues, put, nested))
                            if last else (fd + dfd, td + dtd, flips - 1, put, queues))
        return (_FLIP, done if not fl and not tl else None,
                done if last else (fd, td, flips - 1, aside, queues), tuple(puts))
    # play the first card of the top queue on the seat itself
    top = queues[-1]
    rest = (*queues[:-1], top[1:]) if len(top) > 1 else queues[:-1]
    if top[0] == "F":
        return (_STOP, (fl, tl))
    return (_PASS, (fd, td, 3, (), rest))


def _queued(queues: tuple, aside: tuple, nested: str) -> tuple:
    """The queues once a Flip Three's cards set aside are queued (F15: on top, depth
    first; or at the end of the queue below, with the shared-queue option)."""
    if not aside:
        return queues
    if nested == "shared-queue" and queues:
        return (*queues[:-1], queues[-1] + aside)
    return (*queues, aside)


def _reach(x: int, o: int, f: int, t: int, nested: str, lengths, start=(0, (), ())) -> tuple:
    """``({L: numerator}, base)``: P(the L-th card among the x number cards and Second
    Chances is drawn before a Freeze is played on the seat, alone) = numerator/base, o the
    other cards (modifiers). Cached: do not change it."""
    return _reach_cached(x, o, f, t, nested, tuple(lengths), start)


@lru_cache(maxsize=4096)
def _reach_cached(x: int, o: int, f: int, t: int, nested: str, lengths: tuple,
                  start: tuple) -> tuple:
    flips, aside, queues = start
    y = x + o
    if _phased(y, f, t, nested, flips, aside, queues):
        # only the first Y cards matter (``_reach_of``: up to the last length's, o more)
        flow = _flow_phased(y, f, t, nested, {start: 1}, True, o + max(lengths, default=0) + 1)
    else:
        flow = _flow(y, f, t, flips, nested, aside, queues, True)
    return _reach_of(x, o, lengths, flow)


def _reach_of(x: int, o: int, lengths, flow: tuple) -> tuple:
    """``_reach`` from the ``(stops, never, total)`` of a hitting ``_flow`` (or a weighted
    sum of several with one total: then the weighted sum of their ``_reach`` numerators)."""
    y = x + o
    stops, never, total = flow
    # later[p]: the orders in which the p-th Y card comes before the stop
    later = list(accumulate(reversed(stops), initial=never))[::-1]
    out = {}
    base = comb(y, x) * total
    for length in lengths:
        # the length-th X card is the p-th Y card: C(p-1, L-1)·C(y-p, x-L) orders
        first = map(comb, range(length - 1, y - x + length), repeat(length - 1))
        second = map(comb, range(y - length, x - length - 1, -1), repeat(x - length))
        out[length] = sum(map(mul, map(mul, first, second), later[length:y - x + length + 1]))
    return out, base


# ---------------------------------------------------------------- the odds


def _decimal(value: Fraction, places: int) -> str:
    """``value`` (>= 0) written with ``places`` decimals, rounded half to even."""
    scaled = round(value * 10**places)
    whole, part = divmod(scaled, 10**places)
    return f"{whole}.{part:0{places}d}" if places else str(whole)


@dataclass(frozen=True)
class Odds:
    """The exact odds of one seat, from its observation (see the module docstring for the
    model).

    ``bust``: P(the next card busts the seat); ``stay``: the round score if it stays now
    (points); ``hit``: the expected round score if it takes exactly one more card, then
    stays (points); ``flip7``: P(reaching Flip 7 if it hits until a bust or a Flip 7);
    ``cards_left``: the cards the next one is drawn from (the deck, or the discards when
    the deck is empty). A seat out of the round (stayed, frozen, busted) or a round that
    is over draws no card: bust 0, hit equal to stay, flip7 1 if it has a Flip 7 else 0.
    """

    seat: int
    bust: Fraction
    stay: int
    hit: Fraction
    flip7: Fraction
    cards_left: int

    def text(self, lang: str = "en") -> str:
        """One line for a learner, e.g. 'bust 4/13 (31%) · stay 17 · hit 18.2 · Flip 7 1%'."""
        def pct(p: Fraction) -> str:
            if p and p < Fraction(1, 200):
                return "<1%" if lang != "fr" else "<1 %"
            return f"{round(100 * p)}%" if lang != "fr" else f"{round(100 * p)} %"

        hit = _decimal(self.hit, 1)
        bust = f"{self.bust.numerator}/{self.bust.denominator}" if self.bust else "0"
        if lang == "fr":
            return (f"sauter {bust} ({pct(self.bust)}) · stop {self.stay} · encore "
                    f"{hit.replace('.', ',')} · Flip 7 {pct(self.flip7)}")
        return (f"bust {bust} ({pct(self.bust)}) · stay {self.stay} · hit {hit} · "
                f"Flip 7 {pct(self.flip7)}")


def exact_odds(observation: dict, seat: int, *, bonus: int | None = None) -> Odds:
    """The exact odds of ``seat`` from ``observation`` (``state.observation(seat)`` or
    ``state.observation(None)``), as an ``Odds`` of Fractions.

    ``bonus`` is the Flip 7 bonus (default: the observation's ``rules.flip7_bonus``).
    Reads only the observation: never the state, ``chance()`` or the deck order. Raises
    PositionError naming the field when the observation is malformed (a card that is not a
    Flip 7 card, a count out of range, more copies seen than the deck has, fewer than the
    94 cards in all: rule flip7.deck, ruling F1, a missing field) or the seat does not
    exist.

    >>> from doublesept import flip7
    >>> s = flip7.position("players: Ann, Bob\\nAnn: 12, 11\\nBob: 5 (stayed)\\nturn: Ann")
    >>> odds = exact_odds(s.observation(0), 0)
    >>> odds.bust, odds.stay
    (Fraction(3, 13), 23)
    """
    seen = _read(observation, seat, bonus)
    return _odds(seen)


def _score(nums: int, mods: int, bonus: int) -> int:
    return line_score(nums, mods, nums.bit_count() == 7, bonus)


def _odds(seen: _Seen) -> Odds:
    nums, mods, bonus = seen.nums, seen.mods, seen.bonus
    stay = 0 if seen.status == "busted" else _score(nums, mods, bonus)
    if seen.deck and sum(seen.deck):
        pile, after = seen.deck, seen.discards
    else:
        pile, after = seen.discards, (0,) * KINDS
    size = sum(pile)
    if seen.status != "active" or not size:
        done = Fraction(1 if seen.flip7 and seen.status != "busted" else 0)
        return Odds(seen.seat, Fraction(0), stay, Fraction(stay), done, size)
    held = sum(pile[v] for v in _NUMBER_VALUES if nums >> v & 1)
    bust = Fraction(0) if seen.chance else Fraction(held, size)
    total = 0
    for v in _NUMBER_VALUES:
        c = pile[v]
        if not c:
            continue
        if nums >> v & 1:
            total += c * (stay if seen.chance else 0)
        else:
            total += c * _score(nums | 1 << v, mods, bonus)
    for b in range(6):
        c = pile[13 + b]
        if c:
            total += c * _score(nums, mods | 1 << b, bonus)
    total += (pile[SECOND_CHANCE] + pile[FREEZE]) * stay
    hit = Fraction(total, size)
    if pile[FLIP_THREE]:
        three = stay if not seen.alone else _forced_flip_three(seen, pile, after)
        hit += Fraction(pile[FLIP_THREE], size) * three
    flip7 = _flip7(nums, seen.chance, pile, after, seen.alone, seen.nested)
    return Odds(seen.seat, bust, stay, hit, flip7, size)


def _flip7(nums: int, h: int, pile: tuple, after: tuple, alone: bool, nested: str,
           depth: int = 0) -> Fraction:
    """P(Flip 7) for a run from ``nums`` (h: a Second Chance held), drawing from ``pile``;
    ``after`` is the discard pile that a reshuffle would turn into the next deck."""
    run = _run(nums, h, pile)
    if run.k <= 0:
        return Fraction(1)
    f, t = pile[FREEZE], pile[FLIP_THREE]
    if alone and (f or t) and run.can_run_out() and depth < 8:
        # the seat, alone, may run out of cards with a Freeze or Flip Three still to come
        return _flip7_run_out(nums, h, _blank_modifiers(pile), _blank_modifiers(after),
                              nested, depth)
    if alone and (f or t):
        x = run.total
        o = sum(pile) - x - f - t
        if not t:  # a Freeze on a hit ends the run: the L-th card must come before them all
            p = run.chance({length: comb(x + f - length, f) for length in run.ends()},
                           comb(x + f, f))
        else:
            p = run.chance(*_reach(x, o, f, t, nested, run.ends()))
    else:
        p = run.chance()
    if run.can_run_out() and depth < 8:
        # every number card and Second Chance of the deck drawn, no bust, no Flip 7 yet:
        # the discards (with what the run discarded) become the next deck (F9)
        seen = nums
        for v in _NUMBER_VALUES:
            if pile[v]:
                seen |= 1 << v
        dups = run.numbers - len(run.free)
        reach = Fraction(1)
        if alone and pile[FREEZE]:
            reach = Fraction(0)  # the seat draws every card, a Freeze among them
        if reach:
            for bank, q in _exhaust(nums, h, pile).items():
                nxt = list(after)
                for v in _NUMBER_VALUES:  # the duplicates used, with their Second Chances
                    nxt[v] += max(0, pile[v] - (0 if nums >> v & 1 else 1))
                nxt[SECOND_CHANCE] += dups
                if alone:  # a surplus Second Chance has nobody to go to
                    nxt[SECOND_CHANCE] += h + pile[SECOND_CHANCE] - dups - bank
                nxt[FREEZE] += pile[FREEZE]
                nxt[FLIP_THREE] += pile[FLIP_THREE]
                if sum(nxt):
                    p += q * _flip7(seen, bank, tuple(nxt), (0,) * KINDS, alone, nested,
                                    depth + 1)
    return p


def _flip7_run_out(nums: int, h: int, pile: tuple, after: tuple, nested: str,
                   depth: int = 0) -> Fraction:
    """P(Flip 7) for the seat alone when its deck can run out with a Freeze or Flip Three
    still to come (``can_run_out``): the deck lacks numbers for a Flip 7, so the run either
    ends in it (a bust, a Freeze) or draws all of it, then goes on from the discards (F9).

    All of the deck drawn, without a bust, with a Second Chance held or not: ``_exhaust``,
    over the orders of its numbers and Second Chances. No Freeze played, and the Flip Three
    state then: ``_action_ends``, over the orders of its Freezes, Flip Threes and other
    cards. The two orders are independent (each order of the deck is one of each), so the
    run from the discards (``_walk``) starts from each pair with the product of their
    weights. ``pile`` and ``after`` have their modifiers as one kind (``_blank_modifiers``).
    ``depth``: the reshuffles so far; the walk and the ``_flip7`` it hands over to go on
    counting them, so a run stops after ``_SHUFFLES`` of them whichever way it goes."""
    f, t = pile[FREEZE], pile[FLIP_THREE]
    seen = nums
    base = list(after)
    for v in _NUMBER_VALUES:
        if pile[v]:
            seen |= 1 << v
            base[v] += pile[v] - (0 if nums >> v & 1 else 1)  # the duplicates, discarded
    run = _run(nums, h, pile)
    dups = run.numbers - len(run.free)
    base[SECOND_CHANCE] += dups  # the Second Chances used
    banks = []
    for bank, q in _exhaust(nums, h, pile).items():
        discards = list(base)
        # a surplus Second Chance has nobody to go to
        discards[SECOND_CHANCE] += h + pile[SECOND_CHANCE] - dups - bank
        banks.append((bank, q, discards))
    if sum(base) >= 3 * (f + 2 * t + base[FLIP_THREE] + 4) and not any(
            _run(seen, bank, tuple(discards)).can_run_out() for bank, _, discards in banks):
        # the deck made from the discards is large enough for the formulas however the
        # flips stand (at most f + t queues, three cards set aside): they depend on the
        # play order only
        ends = _action_ends(sum(pile) - f - t, f, t, nested, True)
    else:
        ends = _action_ends(sum(pile) - f - t, f, t, nested)
    starts: dict = {}
    t_one = 1 << 4 * FLIP_THREE
    orders = _ORDERS[sum(pile)]
    for bank, q, discards in banks:
        code, size = _encode(discards), sum(discards)  # then + the Flip Threes played
        den, num = q.denominator * orders, q.numerator
        for (flips, aside, queues, played), weight in ends.items():
            key = ((0, 0, code + played * t_one, size + played, seen, 0, bank, flips, aside,
                    queues), depth, den)
            starts[key] = starts.get(key, 0) + weight * num
    if not starts:
        return Fraction(0)
    return _walk(seen, 0, 0, None, None, 0, nested, True, 0, starts)


_ORDERS = [factorial(n) for n in range(95)]


@lru_cache(maxsize=1024)
def _action_ends(y: int, f: int, t: int, nested: str, by_order: bool = False) -> dict:
    """The seat alone, hitting, draws every card of a deck of ``y`` cards that are neither
    Freeze nor Flip Three, ``f`` Freezes and ``t`` Flip Threes, without a Freeze played
    (on a hit, or queued after a Flip Three): {(cards of a Flip Three still to flip, set
    aside, queues, Flip Threes played): the orders of the deck's cards that end so}, the
    state right after its last card (queues not yet played), as ``_walk`` follows it for
    the Flip 7 (nothing kept after a Freeze set aside or queued: ``_first_freeze``).

    From ``_action_paths``: a path with ``m`` other cards among the flips and ``g`` runs
    of other cards drawn on a hit stands for C(y − m + g − 1, g − 1) orders of the card
    types (the y − m other cards shared among the runs), each for y!·f!·t! orders of the
    cards. With ``by_order``: the ends by play order (``_action_orders``), each as one
    representative state (Flip Threes then a Freeze, set aside and in one queue)."""
    ends: dict = {}
    scale = _ORDERS[y] * _ORDERS[f] * _ORDERS[t]
    for (key, m, g), count in (_action_orders if by_order else _action_paths)(f, t, nested):
        if m > y:
            continue
        ways = comb(y - m + g - 1, g - 1) if g else 1 if m == y else 0
        if ways:
            ends[key] = ends.get(key, 0) + count * ways * scale
    return ends


@lru_cache(maxsize=64)
def _action_paths(f: int, t: int, nested: str) -> tuple:
    """``_action_ends`` whatever the number of other cards: ((end, m, g), paths) over the
    orders of the card types, ``m`` the other cards flipped by a Flip Three, ``g`` the runs
    of other cards (zero or more each) drawn on a hit, before a Flip Three or the end."""
    ends: dict = {}
    # (F left, T left, flips, aside, queues, played, m, g, just drawn): paths; "just
    # drawn" False for the start (the seat hits first)
    frontier = {(f, t, 0, (), (), 0, 0, 0, False): 1}
    while frontier:
        nxt: dict = {}
        for (fl, tl, flips, aside, queues, played, m, g, drawn), count in frontier.items():
            if drawn and not (fl or tl) and (flips or queues):
                # the deck may end here, in the middle of the flips or before the queues
                key = ((flips, aside, queues, played), m, g)
                ends[key] = ends.get(key, 0) + count
            stopped = False
            while not flips and queues:  # the queued cards, played on the seat
                top = queues[-1]
                if top[0] == FREEZE:
                    stopped = True
                    break
                played += 1
                flips, aside = 3, ()
                queues = (*queues[:-1], top[1:]) if len(top) > 1 else queues[:-1]
            if stopped:
                continue
            if not flips:  # hitting: a run of other cards, then a Flip Three or the end
                if not (fl or tl):
                    key = ((0, (), (), played), m, g + 1)
                    ends[key] = ends.get(key, 0) + count
                elif tl:  # (a Freeze on a hit: the seat must freeze itself, no Flip 7)
                    child = (fl, tl - 1, 3, (), (), played + 1, m, g + 1, True)
                    nxt[child] = nxt.get(child, 0) + count
                continue
            for kind, left in ((0, 1), (FREEZE, fl), (FLIP_THREE, tl)):
                if not left:
                    continue
                put = aside if not kind or FREEZE in aside else (*aside, kind)
                nfl, ntl = fl - (kind == FREEZE), tl - (kind == FLIP_THREE)
                nm = m + (not kind)
                if flips == 1:
                    child = (nfl, ntl, 0, (), _first_freeze(_queued(queues, put, nested)),
                             played, nm, g, True)
                else:
                    child = (nfl, ntl, flips - 1, put, queues, played, nm, g, True)
                nxt[child] = nxt.get(child, 0) + count
        frontier = nxt
    return tuple(ends.items())


@lru_cache(maxsize=64)
def _action_orders(f: int, t: int, nested: str) -> tuple:
    """``_action_paths`` with what is set aside and queued as its play order (as
    ``_tail``: Flip Threes, then a Freeze or not), the ends as representative states: set
    aside (T…, F), queues ((T…, F),)."""
    ends: dict = {}
    # (F left, T left, flips, T aside, F aside, T queued, then F, played, m, g, drawn)
    frontier = {(f, t, 0, 0, False, 0, False, 0, 0, 0, False): 1}
    depth_first = nested == "depth-first"
    while frontier:
        nxt: dict = {}
        for (fl, tl, flips, b, bf, a, af, played, m, g, drawn), count in frontier.items():
            if drawn and not (fl or tl) and (flips or a or af):
                # the deck may end here, in the middle of the flips or before the queues
                state = (flips, (FLIP_THREE,) * b + (FREEZE,) * bf,
                         ((FLIP_THREE,) * a + (FREEZE,) * af,) if a or af else (), played)
                ends[state, m, g] = ends.get((state, m, g), 0) + count
            if not flips and (a or af):  # the queued cards, played on the seat
                if not a:
                    continue  # a Freeze: no Flip 7
                flips, b, bf, a, played = 3, 0, False, a - 1, played + 1  # a Flip Three
            if not flips:  # hitting: a run of other cards, then a Flip Three or the end
                if not (fl or tl):
                    state = ((0, (), (), played), m, g + 1)
                    ends[state] = ends.get(state, 0) + count
                elif tl:  # (a Freeze on a hit: the seat must freeze itself, no Flip 7)
                    child = (fl, tl - 1, 3, 0, False, 0, False, played + 1, m, g + 1, True)
                    nxt[child] = nxt.get(child, 0) + count
                continue
            for nfl, ntl, nb, nbf, nm in ((fl, tl, b, bf, m + 1), (fl - 1, tl, b, True, m),
                                          (fl, tl - 1, b + (not bf), bf, m)):
                if nfl < 0 or ntl < 0:
                    continue
                if flips > 1:
                    child = (nfl, ntl, flips - 1, nb, nbf, a, af, played, nm, g, True)
                elif depth_first:  # what was set aside goes on top of the queues
                    child = (nfl, ntl, 0, 0, False, *((nb, True) if nbf else (a + nb, af)),
                             played, nm, g, True)
                else:  # shared-queue: at the end of the queue
                    child = (nfl, ntl, 0, 0, False, *((a, True) if af else (a + nb, nbf)),
                             played, nm, g, True)
                nxt[child] = nxt.get(child, 0) + count
        frontier = nxt
    return tuple(ends.items())


def _blank_modifiers(pile: tuple) -> tuple:
    """The pile with its modifiers all counted as ×2 (kind 13): the same for the Flip 7."""
    return pile[:13] + (sum(pile[13:19]), 0, 0, 0, 0, 0) + pile[19:]


def _forced_flip_three(seen: _Seen, pile: tuple, after: tuple) -> Fraction:
    """The expected round score when the seat, alone, draws a Flip Three and must flip
    three cards itself (and whatever they set off), then stays."""
    deck = list(pile)
    deck[FLIP_THREE] -= 1
    if sum(deck) < 3 * (1 + deck[FLIP_THREE]):  # the deck may run out among the flips
        discards = list(after)
        discards[FLIP_THREE] += 1  # the Flip Three played
        return _flips_short(seen, tuple(deck), tuple(discards))
    return _after_flips(seen.nums, seen.mods, seen.chance, tuple(deck), seen.bonus,
                        seen.nested)


def _flips_short(seen: _Seen, deck: tuple, discards: tuple) -> Fraction:
    """The forced Flip Three of ``_forced_flip_three`` for a deck too small for its flips:
    the orders of the deck's card types (Y: neither Freeze nor Flip Three) and those of its
    Y cards are independent. ``_short_flips`` counts the type orders that stop after m Y
    cards (scored by ``_Flips``, as ``_after_flips`` does) and those that draw the whole
    deck and need one more card; those draw every Y card: a bust or a Flip 7 among them
    ends the round (``_Flips`` with all of them), else (``_exhaust_orders``, a Second
    Chance held or not) the discards, with what the flips discarded, become the deck (F9)
    and ``_walk`` goes on from there, one weighted start per way the flips stand."""
    nums, mods, h, bonus, nested = seen.nums, seen.mods, seen.chance, seen.bonus, seen.nested
    f, t = deck[FREEZE], deck[FLIP_THREE]
    y = sum(deck) - f - t
    stops, needs, orders = _short_canon(y, f, t, nested)
    if not needs:
        return _mean_over(stops, orders, _flips(nums, mods, h, deck, bonus))
    run = _run(nums, h, deck)
    ways = sum(paths for _, paths in needs)
    stops = list(stops)
    stops[y] += ways  # the whole deck drawn: a bust or a Flip 7 ends it, as after y cards
    value = _mean_over(stops, orders, _flips(nums, mods, h, deck, bonus))
    if len(run.free) >= run.k:  # every Y card drawn without a bust makes a Flip 7
        return value
    # no bust: every card held; the flips go on from the discards instead
    all_nums = nums
    nxt = list(discards)
    for v in _NUMBER_VALUES:
        if deck[v]:
            all_nums |= 1 << v
            nxt[v] += deck[v] - (0 if nums >> v & 1 else 1)  # the duplicates, discarded
    all_mods = mods
    for b in range(6):
        if deck[13 + b]:
            all_mods |= 1 << b
    dups = run.numbers - len(run.free)
    nxt[SECOND_CHANCE] += dups  # the Second Chances used
    counts = tuple(deck[v] for v in _NUMBER_VALUES)
    banks = _exhaust_orders(counts, nums, h, run.s)
    shuffled = _ORDERS[run.numbers + run.s]
    kept = sum(banks)
    if not kept:
        return value
    value -= Fraction(ways * kept * _score(all_nums, all_mods, bonus), orders * shuffled)
    piles = []
    for bank, n in enumerate(banks):
        if n:
            pile = list(nxt)
            pile[SECOND_CHANCE] += h + run.s - dups - bank  # a surplus one: nobody to take it
            piles.append((bank, n, pile))
    most = max(played for (*_, played), _ in needs)
    if all(sum(pile) >= 3 * (f + t + 3 + pile[FLIP_THREE] + most + 1) for *_, pile in piles):
        # a deck that large after the reshuffle: ``_walk`` would go straight to the formula
        # (however the flips stand: at most f + t queues, three cards set aside), which
        # depends on the play order only: one mean per Second Chance held and Flip Threes
        # played
        by_deck: dict = {}
        for bank, n, pile in piles:
            for (flips, b, bf, a, af, played), paths in needs:
                new = list(pile)
                new[FLIP_THREE] += played
                start = (flips, (*"T" * b, *"F" * bf), ((*"T" * a, *"F" * af),) if a or af
                         else ())
                group = by_deck.setdefault((bank, tuple(new)), {})
                group[start] = group.get(start, 0) + paths * n
        for (bank, new), starts in by_deck.items():
            fn, tn = new[FREEZE], new[FLIP_THREE]
            flow = _flow_phased(sum(new) - fn - tn, fn, tn, nested, starts, False)
            value += _mean_over(flow[0], flow[2] * orders * shuffled,
                                _flips(all_nums, all_mods, bank, new, bonus))
        return value
    stops, needs, orders = _short_flips(y, f, t, nested)  # the walk needs every detail
    starts: dict = {}
    t_one = 1 << 4 * FLIP_THREE
    for bank, n in enumerate(banks):
        if not n:
            continue
        pile = list(nxt)
        pile[SECOND_CHANCE] += h + run.s - dups - bank  # a surplus one: nobody to take it
        code, size = _encode(pile), sum(pile)
        for (flips, aside, queues, played), paths in needs:
            key = ((0, 0, code + played * t_one, size + played, all_nums, all_mods, bank,
                    flips, aside, queues), 0, orders * shuffled)
            starts[key] = starts.get(key, 0) + paths * n
    return value + _walk(all_nums, all_mods, 0, None, None, bonus, nested, False, 0, starts)


@lru_cache(maxsize=1024)
def _short_canon(y: int, f: int, t: int, nested: str) -> tuple:
    """``_short_flips`` with the flips' state as its play order (as ``_tail``): ``needs``
    ((cards to flip, Flip Threes set aside, a Freeze set aside, Flip Threes queued, then a
    Freeze, Flip Threes played), orders): what the formulas after a reshuffle depend on."""
    stops = [0] * (y + 1)
    needs: dict = {}
    frontier = {(0, 0, 0, 3, 0, False, 0, False, 0): 1}
    depth_first = nested == "depth-first"
    while frontier:
        nxt: dict = {}
        for (m, fd, td, flips, b, bf, a, af, played), count in frontier.items():
            if not flips:
                if not a:  # the seat stays, or freezes
                    fl, tl = f - fd, t - td
                    stops[m] += count * comb(fl + tl, fl) * comb(y - m + fl + tl, fl + tl)
                    continue
                a, played, flips = a - 1, played + 1, 3  # a queued Flip Three played
            if m == y and fd == f and td == t:
                key = (flips, b, bf, a, af, played)
                needs[key] = needs.get(key, 0) + count
                continue
            for nm, nfd, ntd, nb, nbf in ((m + 1, fd, td, b, bf), (m, fd + 1, td, b, True),
                                          (m, fd, td + 1, b + (not bf), bf)):
                if nm > y or nfd > f or ntd > t:
                    continue
                if flips > 1:
                    child = (nm, nfd, ntd, flips - 1, nb, nbf, a, af, played)
                elif depth_first:  # what was set aside goes on top of the queues
                    child = (nm, nfd, ntd, 0, 0, False,
                             *((nb, True) if nbf else (a + nb, af)), played)
                else:  # shared-queue: at the end of the queue
                    child = (nm, nfd, ntd, 0, 0, False,
                             *((a, True) if af else (a + nb, nbf)), played)
                nxt[child] = nxt.get(child, 0) + count
        frontier = nxt
    return tuple(stops), tuple(needs.items()), comb(y + f + t, f + t) * comb(f + t, f)


@lru_cache(maxsize=1024)
def _short_flips(y: int, f: int, t: int, nested: str) -> tuple:
    """A forced Flip Three (three cards to flip, then the seat stays) from a deck of ``y``
    cards that are neither Freeze nor Flip Three (Y), ``f`` Freezes and ``t`` Flip Threes,
    which may run out: ``(stops, needs, orders)`` over the ``orders`` of the card types,
    ``stops[m]`` those that stop after m Y cards with the deck big enough, ``needs``
    {(cards to flip, set aside, queues, Flip Threes played from the queues): orders} those
    that draw the whole deck and need one more card (the queued cards played up to then,
    as ``_walk`` does: a queued Freeze stops)."""
    stops = [0] * (y + 1)
    needs: dict = {}
    frontier = {(0, 0, 0, 3, (), (), 0): 1}
    while frontier:
        nxt: dict = {}
        for (m, fd, td, flips, aside, queues, played), count in frontier.items():
            stopped = False
            while not flips:
                if not queues or queues[-1][0] == FREEZE:  # the seat stays, or freezes
                    stopped = True
                    break
                top = queues[-1]
                played += 1
                flips, aside = 3, ()
                queues = (*queues[:-1], top[1:]) if len(top) > 1 else queues[:-1]
            if stopped:
                fl, tl = f - fd, t - td
                stops[m] += count * comb(fl + tl, fl) * comb(y - m + fl + tl, fl + tl)
                continue
            if m == y and fd == f and td == t:
                key = (flips, aside, queues, played)
                needs[key] = needs.get(key, 0) + count
                continue
            for kind, left in ((0, y - m), (FREEZE, f - fd), (FLIP_THREE, t - td)):
                if not left:
                    continue
                put = aside if not kind else (*aside, kind)
                nm, nfd, ntd = m + (not kind), fd + (kind == FREEZE), td + (kind == FLIP_THREE)
                if flips == 1:
                    child = (nm, nfd, ntd, 0, (), _queued(queues, put, nested), played)
                else:
                    child = (nm, nfd, ntd, flips - 1, put, queues, played)
                nxt[child] = nxt.get(child, 0) + count
        frontier = nxt
    return tuple(stops), tuple(needs.items()), comb(y + f + t, f + t) * comb(f + t, f)


_SHUFFLES = 8  # reshuffles followed in one run: a deck of only duplicates and Second
# Chances could go round for ever (the model counts no Flip 7 after that many)


def _walk(nums, mods, h, deck, discards, bonus, nested, flip7: bool, flips: int,
          starts: dict | None = None) -> Fraction:
    """The seat alone, card by card, as the engine plays it, for a deck small enough to
    run out: when it does, the discards (with the cards discarded meanwhile) become the
    deck (F9). Starting with ``flips`` cards of a forced Flip Three to flip (0: hitting).
    With ``flip7`` False: the expected score once the Flip Three and all it set off are
    done (the seat then stays); with ``flip7`` True: P(Flip 7) hitting on until a bust, a
    Flip 7 or a Freeze, handing over to ``_flip7`` whenever the seat is hitting and its
    formula is exact (no Freeze or Flip Three left, or a deck that cannot run out).
    ``starts``: the first states instead, as in the loop, {(state, reshuffles, den):
    weight}.

    Forward, one card drawn at a time: each state holds the integer weight of the ways to
    reach it (the product of the copies drawn), over the product of the deck sizes drawn
    from (its denominator, part of the state's key); a state that ends (a bust, a Flip 7,
    a Freeze, the formulas) adds its weight times its value. So the only Fractions are
    one per distinct denominator and one per formula state."""

    def end(nums, mods):
        if flip7:
            return 1 if nums.bit_count() == 7 else 0
        return _score(nums, mods, bonus)

    whole: dict = {}  # {denominator: Σ weight · value} of the states with a whole value
    formula: dict = {}  # {(nums, mods, bank, deck, flips, aside, queues): {den: weight}}
    handed: dict = {}  # {(nums, bank, pile, after, shuffles): {den: weight}}: _flip7 goes on
    runs_out: dict = {}  # {(nums, bank, pile code): _Run(…).can_run_out()}

    def at(into, key, den, weight):
        by_den = into.get(key)
        if by_den is None:
            into[key] = {den: weight}
        else:
            by_den[den] = by_den.get(den, 0) + weight

    def can_run_out(nums, bank, code):
        key = (nums, bank, code)
        out = runs_out.get(key)
        if out is None:
            out = runs_out[key] = _run(nums, bank, _decode(code)).can_run_out()
        return out

    # A pile is coded as an int, 4 bits a kind (no pile has 16 cards of a kind).
    t_one, f_shift, t_shift = 1 << 4 * FLIP_THREE, 4 * FREEZE, 4 * FLIP_THREE
    sc_one = 1 << 4 * SECOND_CHANCE
    frontier = starts or {((_encode(deck), sum(deck), _encode(discards), sum(discards), nums,
                            mods, h, flips, (), ()), 0, 1): 1}
    while frontier:
        nxt: dict = {}
        for (state, shuffles, den), weight in frontier.items():
            deck, size, discards, dsize, nums, mods, bank, flips, aside, queues = state
            # the steps without a card: queued actions played, the ends, the formulas
            value = None
            while True:
                if not flips:
                    if queues:
                        top = queues[-1]
                        rest = (*queues[:-1], top[1:]) if len(top) > 1 else queues[:-1]
                        if top[0] == FREEZE:  # the seat freezes itself: it banks its score
                            value = 0 if flip7 else end(nums, mods)
                            break
                        discards += t_one
                        dsize += 1
                        flips, aside, queues = 3, (), rest
                        continue
                    if not flip7:
                        value = end(nums, mods)
                        break
                    pile, after = (deck, discards) if size else (discards, 0)
                    if not (size or dsize):
                        value = 0  # no card anywhere: the round ends
                        break
                    if not (pile >> f_shift & 15 or pile >> t_shift & 15) or \
                            not can_run_out(nums, bank, pile):
                        at(handed, (nums, bank, pile, after, shuffles), den, weight)
                        break
                if size >= 3 * (len(queues) + len(aside) + (deck >> t_shift & 15) + 1) and (
                        not flip7 or not can_run_out(nums, bank, deck)):
                    # the deck cannot run out before the flips are done: the formulas
                    at(formula, (nums, mods, bank, deck, flips, aside, queues), den, weight)
                    break
                if not size:
                    if not dsize or shuffles >= _SHUFFLES:  # no card anywhere: it ends
                        value = end(nums, mods) if not flip7 else 0
                        break
                    deck, discards, size, dsize = discards, 0, dsize, 0
                    shuffles += 1
                    continue  # the new deck may be large enough for the formulas
                value = False  # a card is drawn
                break
            if value is None:
                continue
            if value is not False:
                if value:
                    whole[den] = whole.get(den, 0) + weight * value
                continue
            below = den * size
            code, kind = deck, -1
            while code:
                kind += 1
                c = code & 15
                code >>= 4
                if not c:
                    continue
                left = deck - (1 << 4 * kind)
                nxt_nums, nxt_mods, nxt_bank, nxt_disc, nxt_dsize, put = \
                    nums, mods, bank, discards, dsize, aside
                if kind <= 12:
                    if nums >> kind & 1:
                        if not bank:
                            continue  # a bust scores 0
                        nxt_bank = 0
                        nxt_disc = discards + (1 << 4 * kind) + sc_one
                        nxt_dsize = dsize + 2
                    else:
                        nxt_nums = nums | 1 << kind
                        if nxt_nums.bit_count() == 7:  # a Flip 7 ends the round at once
                            won = end(nxt_nums, mods)
                            whole[below] = whole.get(below, 0) + weight * c * won
                            continue
                elif kind <= 18:
                    if not flip7:  # a modifier changes the score, never the Flip 7
                        nxt_mods = mods | 1 << (kind - 13)
                elif kind == SECOND_CHANCE:
                    if bank:  # a surplus one: nobody else is active to take it
                        nxt_disc = discards + sc_one
                        nxt_dsize = dsize + 1
                    nxt_bank = 1
                elif flips:
                    # for the Flip 7, what is set aside after a Freeze never matters: the
                    # Freeze ends the run first
                    put = aside if flip7 and FREEZE in aside else (*aside, kind)
                elif kind == FREEZE:  # on a hit: the seat must freeze itself
                    continue  # no Flip 7 (and flip7 is True here: hitting)
                else:  # a Flip Three on a hit: forced on the seat
                    key = ((left, size - 1, discards + t_one, dsize + 1, nums, mods, bank, 3,
                            (), ()), shuffles, below)
                    nxt[key] = nxt.get(key, 0) + weight * c
                    continue
                if flips == 1:
                    queued = _queued(queues, put, nested)
                    child = (left, size - 1, nxt_disc, nxt_dsize, nxt_nums, nxt_mods, nxt_bank,
                             0, (), _first_freeze(queued) if flip7 else queued)
                elif flips:
                    child = (left, size - 1, nxt_disc, nxt_dsize, nxt_nums, nxt_mods, nxt_bank,
                             flips - 1, put, queues)
                else:
                    child = (left, size - 1, nxt_disc, nxt_dsize, nxt_nums, nxt_mods, nxt_bank,
                             0, put, queues)
                key = (child, shuffles, below)
                nxt[key] = nxt.get(key, 0) + weight * c
        frontier = nxt

    total = sum((Fraction(num, den) for den, num in whole.items()), Fraction(0))
    for (nums, bank, pile, after, shuffles), by_den in handed.items():
        # the reshuffles so far go on counting (else a run could go round for ever)
        total += _share(by_den) * _flip7(nums, bank, _decode(pile), _decode(after), True,
                                         nested, shuffles)
    letters = {FREEZE: "F", FLIP_THREE: "T"}
    # the formula states by deck and holding: for the Flip 7, one weighted flow from all
    # their starts (a flow is linear in where it starts), then one ``_reach_of``
    groups: dict = {}
    for (nums, mods, bank, deck, flips, aside, queues), by_den in formula.items():
        start = (flips, tuple(letters[k] for k in aside),
                 tuple(tuple(letters[k] for k in q) for q in queues))
        groups.setdefault((nums, mods, bank, deck), []).append((start, _share(by_den)))
    for (nums, mods, bank, code), shares in groups.items():
        deck = _decode(code)
        f, t = deck[FREEZE], deck[FLIP_THREE]
        if flip7:
            run = _run(nums, bank, deck)
            if run.k <= 0:
                total += sum((share for _, share in shares), Fraction(0))
                continue
            x = run.total
            o = sum(deck) - x - f - t
            if len(shares) == 1:
                (start, share), = shares
                total += share * run.chance(*_reach(x, o, f, t, nested, run.ends(), start))
                continue
            scale = 1
            for _, share in shares:
                scale = lcm(scale, share.denominator)
            weights: dict = {}
            for start, share in shares:
                weights[start] = weights.get(start, 0) + share.numerator * (scale //
                                                                           share.denominator)
            if max(weights.values()).bit_length() <= 64:  # one flow from all the starts
                flow = _flow_mixed(x + o, f, t, nested, weights,
                                   o + max(run.ends(), default=0) + 1)
            else:  # their flows, cached, summed
                stops, never = [0] * (x + o + 1), 0
                for (flips, aside, queues), weight in weights.items():
                    one, one_never, orders = _flow(x + o, f, t, flips, nested, aside, queues,
                                                   True)
                    stops = list(map(add, stops, map(mul, one, repeat(weight))))
                    never += weight * one_never
                flow = (stops, never, orders)
            nums_by_length, base = _reach_of(x, o, run.ends(), flow)
            total += run.chance(nums_by_length, base * scale)
            continue
        # the starts' stops weighted by their shares over one denominator, then one mean
        # (the score after m cards is the same whatever the start)
        scale = 1
        for _, share in shares:
            scale = lcm(scale, share.denominator)
        weighted: list = []
        for (flips, aside, queues), share in shares:
            stops, _, orders = _flow(sum(deck) - f - t, f, t, flips, nested, aside, queues,
                                     False)
            part = map(mul, stops, repeat(share.numerator * (scale // share.denominator)))
            weighted = list(map(add, weighted, part)) if weighted else list(part)
        total += _mean_over(weighted, orders * scale, _flips(nums, mods, bank, deck, bonus))
    return total


def _first_freeze(queues: tuple) -> tuple:
    """The queues (of kinds) up to the first Freeze they will play, the top queue (last)
    first, each from its start: for the Flip 7, what comes after it never matters."""
    for i in range(len(queues) - 1, -1, -1):
        queue = queues[i]
        if FREEZE in queue:
            return (queue[:queue.index(FREEZE) + 1], *queues[i + 1:])
    return queues


def _encode(pile: tuple) -> int:
    """A pile of counts by kind as an int, 4 bits a kind (kind 0 lowest)."""
    code = 0
    for kind in range(KINDS - 1, -1, -1):
        code = code << 4 | pile[kind]
    return code


@lru_cache(maxsize=4096)
def _decode(code: int) -> tuple:
    """The pile of ``_encode``."""
    return tuple(code >> 4 * kind & 15 for kind in range(KINDS))


def _share(by_den: dict) -> Fraction:
    """Σ weight/denominator over {denominator: weight}."""
    num, den = 0, 1
    for d, w in by_den.items():
        num, den = num * d + w * den, den * d
    return Fraction(num, den)


def _flips(nums, mods, h, deck, bonus) -> _Flips:
    """A ``_Flips``, cached (its scores by count of X cards are kept in it): one for the
    decks that differ only in their Freezes and Flip Threes (it never reads them)."""
    if deck[FREEZE] or deck[FLIP_THREE]:
        deck = (*deck[:FREEZE], 0, 0, *deck[FLIP_THREE + 1:])
    return _flips_of(nums, mods, h, deck, bonus)


@lru_cache(maxsize=4096)
def _flips_of(nums, mods, h, deck, bonus) -> _Flips:
    return _Flips(nums, mods, h, deck, bonus)


@lru_cache(maxsize=4096)
def _after_flips(nums, mods, h, deck, bonus, nested) -> Fraction:
    f, t = deck[FREEZE], deck[FLIP_THREE]
    y = sum(deck) - f - t
    stops, _, total = _flow(y, f, t, 3, nested)
    return _mean_over(stops, total, _flips(nums, mods, h, deck, bonus))


class _Flips:
    """The expected score after drawing up to m cards that are neither Freeze nor Flip
    Three (stopping at a bust or a Flip 7), then staying.

    The number cards and Second Chances (X) decide the bust and the Flip 7; the modifiers
    (O) only add points. With i X cards among the first m, the X run follows the words of
    ``_words``; the modifiers drawn are the m − i others (all of them while the run goes
    on; on average (m − i)·L/(i + 1) of them before the L-th X when it makes a Flip 7
    there), each modifier of the deck equally likely to be among them. In integers: the
    scores with i X cards drawn are numerators over x(x − 1)…(x − i + 1)."""

    def __init__(self, nums, mods, h, deck, bonus):
        run = _run(nums, h, deck)
        self.x = x = run.total
        self.o = sum(deck[13:19])
        self.plus_pool = sum(_PLUS[b] for b in range(6) if deck[13 + b])
        self.x2_pool = deck[X2]
        self.x2_held = mods & 1
        self.base_plus = line_score(0, mods, False, 0)  # the + modifiers held
        self.held_sum = line_score(nums, 0, False, 0)
        self.bonus = bonus
        self.alive, self.ends = _flips_core(run.free, run.k, h, run.s, run.held_pool, x)
        self._by_x: dict = {}
        self._expected: dict = {}

    def _parts(self, i: int) -> tuple:
        """The scores with i X cards drawn, cached, as numerators over x(x − 1)…(x − i + 1):
        ``(fixed, per_share, fixed_7, per_share_7)``, E[score] = fixed + (m − i)·per_share/o
        while the run goes on, and fixed_7 + (m − i)/(i + 1)·per_share_7/o for a Flip 7 at
        or before the i-th X card."""
        parts = self._by_x.get(i)
        if parts is None:
            w, ws = (1, 0) if i == 0 else self.alive.get(i, (0, 0))
            if i <= _ALIVE:
                p, ps, lp, lps = self.ends[i]
            else:
                scale = _falling(self.x - _ALIVE, i - _ALIVE)
                p, ps, lp, lps = (v * scale for v in self.ends[_ALIVE])
            hs, double = self.held_sum, 2 if self.x2_held else 1
            x2_pool = 0 if self.x2_held else self.x2_pool
            sums = ws + hs * w
            sums_7 = ps + hs * p
            parts = self._by_x[i] = (
                double * sums + w * self.base_plus,
                w * self.plus_pool + sums * x2_pool,
                double * sums_7 + p * (self.base_plus + self.bonus),
                lp * self.plus_pool + (lps + hs * lp) * x2_pool)
        return parts

    def expected(self, m: int) -> tuple:
        """E[score] after up to m cards, as ``(numerator, denominator)`` integers (kept)."""
        out = self._expected.get(m)
        if out is None:
            out = self._expected[m] = self._expect(m)
        return out

    def _expect(self, m: int) -> tuple:
        x, o = self.x, self.o
        m = min(m, x + o)
        low, high = max(0, m - o), min(m, x)
        top = factorial(high + 1)
        ones = o or 1
        num = 0
        for i in range(low, high + 1):
            fixed, share, fixed_7, share_7 = self._parts(i)
            j = m - i
            # C(x, i)·C(o, j)/C(x + o, m) over x(x − 1)…: C(o, j)/(i!·C(x + o, m))
            scale = top // factorial(i)
            num += comb(o, j) * (scale * (ones * (fixed + fixed_7) + j * share) +
                                 scale // (i + 1) * j * share_7)
        return num, ones * top * comb(x + o, m)


def _mean_over(stops, total: int, after: _Flips) -> Fraction:
    """Σ stops[m]/total · E[score after up to m cards], one Fraction at the end."""
    terms = [(c, *after.expected(m)) for m, c in enumerate(stops) if c]
    den = lcm(*(d for _, _, d in terms))  # one common denominator (lcm: small numbers)
    num = sum(c * n * (den // d) for c, n, d in terms)
    return Fraction(num, den * total)


@lru_cache(maxsize=4096)
def _flips_core(free: tuple, k: int, h: int, s: int, held_pool: int, x: int) -> tuple:
    """The number-card part of ``_Flips``, from what it depends on: ``(alive, ends)``,
    alive {length: (W, WS)} the run still going after that many X cards (integer weights
    over x(x-1)…), ends[i] the prefix sums over L <= i of P, E[new sum], L·P, L·E[new sum]
    for a Flip 7 at the L-th X, as numerators over x(x − 1)…(x − i + 1) (for i <= x).
    Cached: do not change them."""
    w_of, ws_of = _slot_table(free, k, h + s, True)
    pool = [_falling(held_pool, r) for r in range(h + s + 1)]
    ends_plan, alive_plan = _slot_plan(k, h, s)
    # by length: P(alive), E[new sum; alive], and the same for a Flip 7 there
    sums: list = []
    for plan in (alive_plan, ends_plan):
        by_length: dict = {}
        for length, entries in plan:
            w_sum = ws_sum = 0
            hit = False
            for i, rh, coeff in entries:
                w = w_of[i]
                if w:
                    hit = True
                    scale = coeff * pool[rh]
                    w_sum += scale * w
                    ws_sum += scale * ws_of[i]
            if hit:
                by_length[length] = (w_sum, ws_sum)
        sums.append(by_length)
    alive, ends_at = sums
    prefix = []
    p = ps = lp = lps = 0  # numerators over x(x − 1)…(x − length + 1)
    for length in range(_ALIVE + 1):
        if length:
            grow = x - length + 1
            p, ps, lp, lps = p * grow, ps * grow, lp * grow, lps * grow
        w, ws = ends_at.get(length, (0, 0))
        if w:
            p, ps, lp, lps = p + w, ps + ws, lp + length * w, lps + length * ws
        prefix.append((p, ps, lp, lps))
    return alive, tuple(prefix)


_ALIVE = 12  # the most cards a forced Flip Three can make the seat flip: 3, and 3 more for
# each of the two other Flip Threes it can reveal (nine), with room to spare



def _clear_caches() -> None:
    """Empty the caches of ``exact_odds`` that depend on positions (for benchmarks/run.py:
    every timing pass starts from the same, cold, state): those keyed by the counts of a
    deck or of its Y cards (``_flow``, ``_ends``, ``_flips``, ``_slot_table``'s tables, …).

    It keeps the rule tables (``_rule_tables()``): they depend only on the game's constants
    (3 Freezes, 3 Flip Threes, 3 Second Chances, 13 values, seven numbers for a Flip 7,
    the two ``nested_actions`` options), never on a position's counts, so a process builds
    each of them at most once, on its first call that needs it, and keeps it: the words of
    a run (``_words``, ``_word_plan``, ``_slot_states``, ``_ordered``) and the card-type
    paths and programs of the Freezes and Flip Threes (``_tail``, ``_tail_terms``,
    ``_hit_response``, ``_action_paths``, ``_action_orders``, ``_flow_program``,
    ``_FLOW_GRAPHS``, ``_HIT_PROGRAMS``); the rows of
    binomials of ``_binomials`` (``_BINOMIAL_ROWS``: at most 6 Freezes and Flip Threes
    left, at most the 94 cards of the deck) are made once, when the module loads."""
    for cached in (_flow, _flips_of, _after_flips, _ends, _reach_cached,
                   _flips_core, _exhaust_shape, _action_ends, _run, _decode,
                   _short_flips, _short_canon):
        cached.cache_clear()
    _TABLES.clear()


def _rule_tables() -> tuple:
    """The caches that ``_clear_caches`` keeps (the rule tables, see there)."""
    return (_words, _word_plan, _slot_states, _slot_layers, _slot_plan, _ordered, _tail,
            _tail_terms, _hit_response, _action_paths,
            _action_orders, _flow_program, _FLOW_GRAPHS, _HIT_PROGRAMS)

# ---------------------------------------------------------------- one player's round


_ROUND_DECK = {**{str(v): COPIES[v] for v in _NUMBER_VALUES},
               **{NAMES_EN[k]: 1 for k in range(13, 19)}}


def _round_deck(deck) -> tuple:
    """The numbers' copies (13) and the modifier kinds present (bit mask) of a round deck
    given as {card text: copies}: number cards and modifiers only."""
    if deck is None:
        deck = _ROUND_DECK
    if not isinstance(deck, dict):
        raise PositionError(f"deck: a dict of card: copies, not {shown(deck)}")
    copies = [0] * 13
    modifiers = 0
    for text, n in deck.items():
        kind = _kind(text, "deck")
        if kind > 18:
            raise _field_error("deck", f"{shown(text)}: the round model has number cards and "
                               "modifiers only, no action cards")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= COPIES[kind]:
            raise _field_error("deck", f"{shown(text)}: {shown(n)} is not a number of copies "
                               f"from 0 to {COPIES[kind]}")
        if kind <= 12:
            copies[kind] = n
        elif n:
            modifiers |= 1 << (kind - 13)
    if not any(copies):
        raise _field_error("deck", "a round deck needs at least one number card")
    return tuple(copies), modifiers


def _line(nums: int, mods: int) -> int:
    """The points of a holding that has not busted, without a Flip 7."""
    return line_score(nums, mods, False, 0)


@dataclass(frozen=True)
class Policy:
    """The optimal hit-or-stay policy for one player's round, from a fresh deck of number
    cards and modifiers (no action cards), worked out exactly by dynamic programming over
    what the player holds: the set of different numbers and the set of modifiers.

    ``value``: the expected round score of the policy (points, exact). ``decide(numbers,
    modifiers)``: "hit" or "stay" for a holding (ties stay). ``table()``: for each number
    sum and count of number cards, the decision, or "mixed" with the share of hitting.
    """

    value: Fraction
    bonus: int
    copies: tuple = field(repr=False)
    modifiers: int = field(repr=False)
    hits: dict = field(repr=False)  # {modifiers held: the number sets where hitting is best}

    def decide(self, numbers, modifiers=()) -> str:
        """'hit' or 'stay' for a holding: ``numbers`` an iterable of different ints 0-12,
        ``modifiers`` an iterable of card texts ('x2', '+4'). An empty holding must hit
        (F10); seven numbers are a Flip 7 (the round is over: 'stay'). Raises
        PositionError for a holding the deck cannot give."""
        nums = mods = 0
        for n in numbers:
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 12 \
                    or nums >> n & 1 or not self.copies[n]:
                raise PositionError(f"numbers: {shown(n)} is not a different number of the "
                                    "deck, 0 to 12")
            nums |= 1 << n
        for text in modifiers:
            kind = _kind(text, "modifiers")
            bit = 1 << (kind - 13) if 13 <= kind <= 18 else 0
            if not bit or mods & bit or not self.modifiers & bit:
                raise PositionError(f"modifiers: {shown(text)} is not a different modifier "
                                    "of the deck")
            mods |= bit
        if nums.bit_count() >= 7:
            return "stay"
        return "hit" if nums in self.hits[mods] else "stay"

    def table(self) -> tuple:
        """Rows ``(number sum, number cards held, decision, share)``, by count then sum:
        decision "hit", "stay" or "mixed"; share the Fraction of holdings with that sum and
        count where hitting is best, each holding (its numbers and modifiers) weighted by
        its chance of being the first cards drawn from the fresh deck."""
        return self._rows

    @cached_property
    def _rows(self) -> tuple:
        groups: dict = {}
        total = sum(self.copies) + self.modifiers.bit_count()
        by_held = [factorial(n) * _falling(total - n, 13 - n) for n in range(14)]
        mod_sets = [(mods, mods.bit_count()) for mods in _submasks(self.modifiers)]
        hits = self.hits
        for nums in range(1 << 13):
            count = nums.bit_count()
            if count > 6:
                continue
            w_nums = 1
            for v in range(13):
                if nums >> v & 1:
                    w_nums *= self.copies[v]
            if not w_nums:
                continue
            key = (NUM_SUM[nums], count)
            hit = all_ = 0
            for mods, n in mod_sets:
                if count + n:
                    weight = by_held[count + n]
                    all_ += weight
                    if nums in hits[mods]:
                        hit += weight
            old = groups.get(key, (0, 0))
            groups[key] = (old[0] + w_nums * hit, old[1] + w_nums * all_)
        rows = []
        for (total_sum, count), (hit, all_) in sorted(groups.items(), key=lambda i: i[0][::-1]):
            share = Fraction(hit, all_)
            word = "hit" if share == 1 else "stay" if share == 0 else "mixed"
            rows.append((total_sum, count, word, share))
        return tuple(rows)

    def table_text(self, lang: str = "en") -> str:
        """The table as text: one line per number sum, one column per count of number cards
        (H hit, S stay, a percentage: the share of holdings where hitting is best)."""
        rows = self.table()
        counts = sorted({r[1] for r in rows})
        cells = {(r[0], r[1]): r for r in rows}
        fr = lang == "fr"
        head = (f"Politique optimale : score moyen par manche {_decimal(self.value, 3)}"
                if fr else
                f"Optimal policy: expected round score {_decimal(self.value, 3)}")
        exact = f"{self.value.numerator}/{self.value.denominator}"
        lines = [head + (f" (= {exact})" if len(exact) <= EXACT_SHOWN else ""),
                 ("H encore, S stop, n % : part des mains où encore est meilleur" if fr else
                  "H hit, S stay, n%: share of holdings where hitting is best"),
                 ("somme" if fr else "sum").rjust(5) + " | " +
                 " ".join(f"{c} {'num.' if fr else ('card' if c == 1 else 'cards')}".rjust(8)
                          for c in counts)]
        for total_sum in sorted({r[0] for r in rows}):
            out = []
            for c in counts:
                r = cells.get((total_sum, c))
                if r is None:
                    out.append("".rjust(8))
                elif r[2] == "hit":
                    out.append("H".rjust(8))
                elif r[2] == "stay":
                    out.append("S".rjust(8))
                else:  # mixed: 1% to 99%, never rounded to all or nothing
                    out.append(f"{min(99, max(1, round(100 * r[3])))}%".rjust(8))
            lines.append(f"{total_sum:5d} | " + " ".join(out))
        return "\n".join(lines)


def _submasks(mask: int):
    sub = mask
    while True:
        yield sub
        if not sub:
            return
        sub = (sub - 1) & mask


def solve_policy(deck: dict | None = None, *, bonus: int = DEFAULT_BONUS) -> Policy:
    """The optimal policy for one player's round (see ``Policy``), uncached. ``deck`` is
    {card text: copies} of number cards and modifiers (default: the 79 number cards and the
    6 modifiers of seed 004; a smaller deck for tests). Raises PositionError for a card
    that is not a number or modifier, or a count out of range.

    Backward induction over the holdings by the number of cards held, in integers: a
    holding with n cards keeps its value times D_n = (Z − n)(Z − n − 1)…, Z the deck's size,
    so hit and stay compare exactly."""
    bonus = _policy_bonus(bonus)
    copies, modifiers = _round_deck(deck)
    size = sum(copies) + modifiers.bit_count()
    top = min(6, sum(1 for c in copies if c)) + modifiers.bit_count()  # most cards held
    scale = [1] * (top + 2)
    for n in range(top, -1, -1):
        scale[n] = (size - n) * scale[n + 1]
    values = [v for v in range(13) if copies[v]]
    holdings = [nums for nums in range(1 << 13) if nums.bit_count() <= 6
                and all(copies[v] for v in range(13) if nums >> v & 1)]
    holdings.sort(key=lambda m: -m.bit_count())
    # per holding of numbers: its count, its sum, and the new numbers it can draw
    plan = [(nums, nums.bit_count(), NUM_SUM[nums],
             tuple((nums | 1 << v, copies[v]) for v in values if not nums >> v & 1))
            for nums in holdings]
    mods_list = sorted(_submasks(modifiers), key=lambda m: -m.bit_count())
    mod_bits = [1 << b for b in range(6) if modifiers >> b & 1]
    best: dict = {}
    hits: dict = {}
    for mods in mods_list:
        mine = [0] * (1 << 13)
        best[mods] = mine
        more = [best[mods | b] for b in mod_bits if not mods & b]
        double = 2 if mods & 1 else 1
        plus = line_score(0, mods, False, 0)
        held_mods = mods.bit_count()
        chosen = set()
        for nums, count, total, draws in plan:
            n = count + held_mods
            if count == 6:
                hit = 0
                for after, c in draws:
                    hit += c * (NUM_SUM[after] * double + plus + bonus)
                hit *= scale[n + 1]
            else:
                hit = sum([c * mine[after] for after, c in draws])
            for table in more:
                hit += table[nums]
            stay = (total * double + plus) * scale[n]
            if hit > stay or not n:
                mine[nums] = hit
                chosen.add(nums)
            else:
                mine[nums] = stay
        hits[mods] = frozenset(chosen)
    value = Fraction(best[0][0], scale[0])
    return Policy(value, bonus, copies, modifiers, hits)


_BONUS = OPTIONS.options["flip7_bonus"]  # the bonus's range (ruling F3)


def _policy_bonus(bonus) -> int:
    """``bonus`` if it is a value of the flip7_bonus option (a whole number from 0 to 100);
    else PositionError."""
    if bonus.__class__ is not int or not _BONUS.low <= bonus <= _BONUS.high:
        raise PositionError(f"bonus: must be a whole number from {_BONUS.low} to "
                            f"{_BONUS.high} (the flip7_bonus option), not {shown(bonus)}")
    return bonus


def optimal_policy(*, bonus: int = DEFAULT_BONUS) -> Policy:
    """The optimal policy for one player's round from a fresh deck of the 79 number cards
    and the 6 modifiers (the set-up of the published simulations, which leave out the
    action cards), cached. ``policy.value`` is its exact expected round score;
    ``policy.table_text()`` prints the table. See ``solve_policy``.

    Issue 7 quotes a published simulation (same set-up) finding "stop at a sum of 22"
    close to best, with about 19.4 points a round; we could not find it to cite. Exactly:
    the optimal policy scores 20.229 a round, ``stop_at_value(22)`` 20.080 and the best
    threshold, 23, 20.132 (without the modifiers: 18.565 optimal, 18.499 at 22).

    Raises PositionError for a bonus that is not a value of the flip7_bonus option."""
    return _optimal_policy(_policy_bonus(bonus))


@lru_cache(maxsize=8)
def _optimal_policy(bonus: int) -> Policy:
    return solve_policy(bonus=bonus)


optimal_policy.cache_clear = _optimal_policy.cache_clear  # a benchmark times it uncached


def stop_at_value(n: int, *, bonus: int = DEFAULT_BONUS, deck: dict | None = None) -> Fraction:
    """The exact expected round score of "hit until the number sum is ``n`` or more, then
    stay" (a bust scores 0, a Flip 7 ends the round with the bonus), for one player's
    round from a fresh deck of number cards and modifiers (default: seed 004's 79 numbers
    and 6 modifiers). ``n`` from 1 to 100.

    The stops come right after a number card, so the modifiers can be counted apart: of
    the N number cards, a given modifier comes before the L-th with probability
    L / (N + 1); hence E = Σ P(stop holding M) · (S_M·(1 + L·x/(N+1)) + P·L/(N+1) +
    bonus·[L = 7]), x the ×2 copies and P the + points in the deck.

    >>> round(float(stop_at_value(22)), 2) > 0
    True
    """
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 100:
        raise PositionError(f"n: a number sum from 1 to 100, not {shown(n)}")
    bonus = _policy_bonus(bonus)
    copies, modifiers = _round_deck(deck)
    numbers = sum(copies)
    x2 = modifiers & 1
    plus = line_score(0, modifiers, False, 0)
    weight = {0: 1}
    result = Fraction(0)
    for _ in range(8):
        nxt: dict = {}
        for nums, w in weight.items():
            total = NUM_SUM[nums]
            count = nums.bit_count()
            if nums and (total >= n or count == 7):
                gap = Fraction(count, numbers + 1)
                value = total * (1 + x2 * gap) + plus * gap + (bonus if count == 7 else 0)
                result += Fraction(w, _falling(numbers, count)) * value
                continue
            for v in range(13):
                if copies[v] and not nums >> v & 1:
                    key = nums | 1 << v
                    nxt[key] = nxt.get(key, 0) + w * copies[v]
        weight = nxt
    return result

