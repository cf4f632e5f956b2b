"""Flip 7's optimal stopping policy for one player's round, and the expected score of a
threshold policy, both exact (``fractions.Fraction``).

``optimal_policy()`` solves one player's round by dynamic programming (backward induction
over what the player holds: the set of different numbers and the set of modifiers), with
the number cards and the modifiers only: action cards would make the round depend on the
other players. ``solve_policy(deck)`` does the same for any such deck, uncached.
``stop_at_value(n)`` gives the expected round score of "hit until the number sum is n or
more". The names are imported from ``doublesept.flip7.odds`` and ``doublesept.flip7`` too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from math import factorial

from ..errors import PositionError, shown
from .odds_observation import _field_error, _kind
from .odds_runs import _NUMBER_VALUES, _falling
from .odds_text import EXACT_SHOWN, _decimal
from .rules import COPIES, DEFAULT_BONUS, NAMES_EN, NUM_SUM, OPTIONS, line_score

__all__ = ["Policy", "optimal_policy", "solve_policy", "stop_at_value"]

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
    holding with n cards keeps its value times D_n = (Z − n)(Z − n − 1)…, Z the deck's size
    (a factor 1 where no card is left to draw: a deck of fewer than 7 kinds can be held
    whole), so hit and stay compare exactly."""
    bonus = _policy_bonus(bonus)
    copies, modifiers = _round_deck(deck)
    size = sum(copies) + modifiers.bit_count()
    top = min(6, sum(1 for c in copies if c)) + modifiers.bit_count()  # most cards held
    scale = [1] * (top + 2)
    for n in range(top, -1, -1):  # a holding of the whole deck draws nothing: its factor is 1
        scale[n] = max(size - n, 1) * scale[n + 1]
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
