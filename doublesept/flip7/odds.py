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
  played; with ``freeze_placement="in-front"`` a Freeze played stays in front of its
  target, flip7.freeze-placement, so it is not among them).
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

Where the code is: this module reads the observation (``odds_observation``) and gives the
``Odds``; ``odds_runs`` holds the runs of number cards and Second Chances (the words, the
slot sums, the score after a few cards), ``odds_actions`` the Freezes and Flip Threes forced
on a seat alone (the flows), ``odds_walk`` the Flip 7's chance and the forced Flip Three's
score with a deck that runs out (the reshuffles, ``_walk``), ``odds_text`` how a figure is
written, and ``policy`` the optimal stopping policy (``optimal_policy``, ``solve_policy``,
``stop_at_value``, re-exported here).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

# "noqa: F401": not used here, but other code imports it from here (the widgets'
# EXACT_SHOWN, the parts that tests/test_flip7_odds_speedup.py holds to its frozen copy)
from .odds_actions import (
    _FLOW_GRAPHS,
    _HIT_PROGRAMS,
    _first_freeze,  # noqa: F401
    _flow,
    _flow_phased,  # noqa: F401
    _flow_program,
    _hit_response,
    _phased,  # noqa: F401
    _queued,  # noqa: F401
    _reach_cached,
    _tail,
    _tail_terms,
)
from .odds_observation import _read, _Seen
from .odds_runs import (
    _NUMBER_VALUES,
    _TABLES,
    _ends,
    _exhaust_shape,
    _flips_core,
    _flips_of,
    _ordered,
    _run,
    _score,
    _slot_layers,
    _slot_plan,
    _slot_states,
    _word_plan,
    _words,
)
from .odds_text import EXACT_SHOWN, _decimal  # noqa: F401 - EXACT_SHOWN
from .odds_walk import (
    _action_ends,
    _action_orders,
    _action_paths,
    _after_flips,
    _decode,
    _flip7,
    _forced_flip_three,
    _short_canon,
    _short_flips,
)
from .policy import Policy, optimal_policy, solve_policy, stop_at_value
from .rules import FLIP_THREE, FREEZE, KINDS, SECOND_CHANCE

__all__ = ["Odds", "Policy", "exact_odds", "optimal_policy", "solve_policy", "stop_at_value"]


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
    flip7 = _flip7(nums, seen.chance, pile, after, seen.alone, seen.nested, 0, seen.kept)
    return Odds(seen.seat, bust, stay, hit, flip7, size)


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
    left, at most the 94 cards of the deck) are made once, when ``odds_actions`` loads."""
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
