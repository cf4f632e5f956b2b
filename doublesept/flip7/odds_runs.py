"""The run of number cards and Second Chances a seat draws, for Flip 7's exact odds (the
model: ``odds``' docstring): the chance of its Flip 7 at each card, and its expected score
after a few cards.

Of the deck's N number cards, with c_v copies of value v, the next m number cards are all of
different values taken from a set S with probability m!·e_m(c_v : v ∈ S) / (N(N−1)…(N−m+1)),
e_m the elementary symmetric polynomial. With Second Chances in play, the same sum runs over
the few words of new numbers (N), duplicates saved (D) and Second Chances (S) that a run can
follow: ``_words`` counts them once per (numbers still needed, Second Chance held, Second
Chances in the deck), and ``_slot_sums`` gives, by a pass over the 13 values, the e_m-like
sums for numbers that are duplicated later in the run (lists on the states of
``_slot_states``, read through ``_slot_plan``).

- ``_Run`` (``_run``, cached): one run from a holding; ``ends()`` its Flip 7 by the number of
  cards drawn, ``chance()`` P(Flip 7), ``can_run_out()`` whether it can draw the whole deck.
- ``_exhaust``: a run that draws every number card and Second Chance of a short deck without
  a bust, by counting their orders.
- ``_Flips`` (``_flips``, cached): the expected score after drawing up to m cards that are
  neither Freeze nor Flip Three, then staying; ``_mean_over`` averages it over the stops of a
  flow of the action cards (``odds_actions``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb, factorial, lcm

from .rules import FLIP_THREE, FREEZE, MOD_VALUE, SECOND_CHANCE, X2, line_score

_NUMBER_VALUES = tuple(range(13))
_PLUS = tuple(MOD_VALUE[b] for b in range(1, 7))  # the + value of modifier kind 13 + b


def _falling(n: int, k: int) -> int:
    """n (n - 1) … (n - k + 1); 0 when k > n >= 0."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _score(nums: int, mods: int, bonus: int) -> int:
    return line_score(nums, mods, nums.bit_count() == 7, bonus)


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


# ---------------------------------------------------------------- the score after a few cards


def _flips(nums, mods, h, deck, bonus) -> _Flips:
    """A ``_Flips``, cached (its scores by count of X cards are kept in it): one for the
    decks that differ only in their Freezes and Flip Threes (it never reads them)."""
    if deck[FREEZE] or deck[FLIP_THREE]:
        deck = (*deck[:FREEZE], 0, 0, *deck[FLIP_THREE + 1:])
    return _flips_of(nums, mods, h, deck, bonus)


@lru_cache(maxsize=4096)
def _flips_of(nums, mods, h, deck, bonus) -> _Flips:
    return _Flips(nums, mods, h, deck, bonus)


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
