"""Flip 7's exact odds (doublesept.flip7.odds), checked against the engine itself.

- Brute force: on small decks, the engine plays every card that can come (every order of
  the deck), and the odds must equal the exact averages.
- Monte Carlo: on full decks, seeded engine games; the exact value must lie within 4
  standard errors of the mean (a few thousand games: a wrong model off by more than the
  bound fails, a right one fails about once in 16,000 runs; the seeds are fixed, so the
  test is deterministic).
- The odds read only the observation: two stacked orders with one observation give the
  same odds. Bad observations get the engine's PositionError, naming the field.
- The optimal policy against a brute-force search on a reduced deck; stop-at-N against
  brute force and Monte Carlo.
Speed is measured by benchmarks/run.py (flip7.exact_odds_ms, flip7.exact_odds_max_ms,
flip7.optimal_policy_s), never here; tests/test_flip7_odds_speedup.py checks the faster code
gives the same Fractions as the code before it.
"""

import copy
import itertools
import math
import re
import textwrap
from fractions import Fraction
from functools import cache

import pytest

from doublesept import CHANCE, PositionError
from doublesept.flip7 import (
    HIT,
    STAY,
    Odds,
    exact_odds,
    from_parts,
    optimal_policy,
    position,
    solve_policy,
    stop_at_value,
)
from doublesept.flip7.state import T_DEAL


def P(text: str):
    return position(textwrap.dedent(text))


def unstacked(state):
    """The same position with the deck's order unknown (a small deck of counts)."""
    return from_parts(
        rules=state.rules, names=state.names, dealer=state.dealer, round_number=state.round,
        scores=state.scores, seed=state.seed, draws=state.draws, deck=state.deck, stack=(),
        discards=state.discards, nums=state.nums, mods=state.mods, dups=state.dups,
        chances=state.chances, stayed=state.stayed, frozen=state.frozen,
        busted=state.busted, turn=state.turn, dealing=state.tasks[0][0] == T_DEAL,
        pending=())


def settle(state, seat, keep_hitting: bool):
    """Every way the engine can go on until ``seat`` is offered hit or stay again (or, with
    ``keep_hitting``, until its round is over): [(probability, state)]. Other players
    stay; an action card is played on another player when there is one."""
    out = []

    def walk(s, p):
        while True:
            if s.is_round_over:
                out.append((p, s))
                return
            who = s.to_move
            if who is CHANCE:
                for outcome, q in s.chance().outcomes():
                    walk(s.play(outcome), p * q)
                return
            legal = s.legal_moves()
            if legal[0] is HIT:
                if who != seat:
                    s = s.play(STAY if len(legal) > 1 else HIT)
                elif keep_hitting:
                    s = s.play(HIT)
                else:
                    out.append((p, s))
                    return
                continue
            others = [m for m in legal if m.seat != seat]
            s = s.play((others or legal)[0])

    walk(state, Fraction(1))
    return out


def by_engine(state, seat, flip7=True):
    """(bust, hit, flip7) worked out by the engine, over every card that can come (flip7
    None unless asked)."""
    after = state.play(HIT)
    step = after.chance()
    bust = sum((q for card, q in step.outcomes()
                if after.play(card).busted >> seat & 1), Fraction(0))

    @cache
    def expected(s, keep_hitting):
        """The expected score (or, hitting on, P(Flip 7)) from s, each state once."""
        while True:
            if s.is_round_over:
                break
            who = s.to_move
            if who is CHANCE:
                return sum((q * expected(s.play(o), keep_hitting)
                            for o, q in s.chance().outcomes()), Fraction(0))
            legal = s.legal_moves()
            if legal[0] is HIT:
                if who != seat:
                    s = s.play(STAY if len(legal) > 1 else HIT)
                    continue
                if not keep_hitting:
                    break
                s = s.play(HIT)
                continue
            others = [m for m in legal if m.seat != seat]
            s = s.play((others or legal)[0])
        if keep_hitting:
            return Fraction(s.nums[seat].bit_count() == 7 and not s.busted >> seat & 1)
        return Fraction(s.score_now(seat))

    return bust, expected(after, False), expected(state, True) if flip7 else None


SOLO = """
players: Ann, Bob
deck: {deck}
discards: ...
Ann: {ann}
Bob: 4 (stayed)
turn: Ann
{rules}
"""


def solo(deck: str, ann: str, rules: str = ""):
    return P(SOLO.format(deck=deck, ann=ann, rules=rules))


# ---------------------------------------------------------------- brute force


@pytest.mark.parametrize(("deck", "ann"), [
    ("3, 5, 5, 7, 12, Second Chance, +4, 10, 9, 8, 6, 4", "12, 11"),
    ("3, 5, 5, 7, 12, Second Chance, ×2, Freeze, Flip Three, 1, 0, 4",
     "12, 11, 2, 9, Second Chance"),
    ("3, 5, 7, 12, Second Chance, ×2, Flip Three, 1, 0, Flip Three", "12, 11, 2, 9"),
    ("3, 5, 7, 12, Second Chance, ×2, Flip Three, 1, 0, Flip Three, Freeze, 4",
     "12, 11, 2, 9"),
    ("8, 8, 7, Freeze, Flip Three, +10, 6, 5, 3", "12, 11, 10, +2"),
])
def test_flip7_odds_alone_equal_the_engine_over_every_card(deck, ann):
    # Ann is the only active player: Freeze and Flip Three are forced on her (F5, F6)
    state = unstacked(solo(deck, ann))
    odds = exact_odds(state.observation(0), 0)
    assert (odds.bust, odds.hit, odds.flip7) == by_engine(state, 0)
    assert odds.cards_left == state.deck_size and odds.stay == state.score_now(0)


def test_flip7_odds_nested_flip_threes_in_a_shared_queue_equal_the_engine():
    state = unstacked(solo("Flip Three, Flip Three, Freeze, 6, 5, 3, 2, +4",
                           "12, 11, 10, 9", "rules: nested_actions=shared-queue"))
    odds = exact_odds(state.observation(0), 0)
    assert (odds.bust, odds.hit, odds.flip7) == by_engine(state, 0)


def test_flip7_odds_with_others_active_equal_the_engine_for_one_card():
    # With Bob active, a Freeze or Flip Three Ann draws is played on Bob: her score is
    # unchanged after one card (the engine plays it on Bob in `settle`)
    state = unstacked(P("""
        players: Ann, Bob
        deck: 3, 5, 5, 12, Second Chance, ×2, Freeze, Flip Three, 11, +8
        discards: ...
        Ann: 12, 11, 2
        Bob: 4
        turn: Ann
        """))
    odds = exact_odds(state.observation(0), 0)
    after = state.play(HIT)
    bust, hit, _ = by_engine(state, 0, flip7=False)
    assert (odds.bust, odds.hit) == (bust, hit)
    assert odds.bust == Fraction(2, 10) == after.chance().probability(after.parse_move("11")) * 2


def test_flip7_odds_every_order_of_a_stacked_deck_averages_to_the_odds():
    # Every order of a 7-card deck, each played by the engine on a stacked position
    cards = ["5", "5", "7", "Second Chance", "+4", "Freeze", "9"]
    orders = sorted(set(itertools.permutations(cards)))
    first = solo(", ".join(orders[0]), "12, 11, 10, 9, 8")
    odds = exact_odds(first.observation(0), 0)
    hits, flip7s, busts = Fraction(0), Fraction(0), Fraction(0)
    for order in orders:
        state = solo(", ".join(order), "12, 11, 10, 9, 8")
        assert state.observation(0) == first.observation(0)
        one = settle(state.play(HIT), 0, False)
        assert len(one) == 1  # a stacked deck: one way only
        hits += one[0][1].score_now(0)
        busts += bool(state.play(HIT).play("draw").busted & 1)
        end = settle(state, 0, True)
        flip7s += sum(p for p, s in end if s.nums[0].bit_count() == 7 and not s.busted & 1)
    n = len(orders)
    assert (odds.hit, odds.bust, odds.flip7) == (hits / n, busts / n, flip7s / n)


CROWDED = """
players: Ann, Bob, Cy, Dee, Eve, Finn, Gus, Hal, Ida, Jo, Kim, Lou, Max, Ned
deck: {deck}
discards: {discards}, 6, 6, 4, +2, Freeze, Freeze, Freeze, Flip Three, Flip Three, Flip Three
Ann: 0, 1, 2, 3, 12
Bob: 4, 7, 9, 10, 11, 12 (stayed)
Cy: 4, 7, 9, 10, 11, 12 (stayed)
Dee: 3, 7, 8, 10, 11, 12 (stayed)
Eve: 3, 7, 8, 10, 11, 12 (stayed)
Finn: 2, 5, 8, 10, 11, 12 (stayed)
Gus: 5, 8, 10, 11, 12 (stayed)
Hal: 5, 8, 9, 11, 12 (stayed)
Ida: 5, 8, 9, 11, 12 (stayed)
Jo: 6, 8, 9, 11, 12, ×2, +4, Second Chance (stayed)
Kim: 6, 8, 9, 10, 11, +6, +8, +10, Second Chance (stayed)
Lou: 6, 7, 9, 10, 11 (stayed)
Max: 6, 7, 9, 10, 12 (stayed)
Ned: 4, 7, 9, 10, 12 (stayed)
turn: Ann
"""


def test_flip7_odds_when_the_deck_runs_out_the_discards_are_reshuffled():
    # 94 cards on a crowded table: Ann needs two numbers she lacks and the deck has one;
    # the run goes on with the discards shuffled into a new deck (F9), Freezes and Flip
    # Threes among them forced on Ann, alone, as the engine does
    state = unstacked(P(CROWDED.format(deck="5, Second Chance", discards="0")
                        .replace("discards: 0, ", "discards: ")))
    odds = exact_odds(state.observation(0), 0)
    assert odds.cards_left == 2 and 0 < odds.flip7 < 1
    assert (odds.bust, odds.hit, odds.flip7) == by_engine(state, 0)


def test_flip7_odds_from_an_empty_deck_draw_from_the_discards():
    state = unstacked(P(CROWDED.format(deck="-", discards="5, Second Chance")))
    odds = exact_odds(state.observation(0), 0)
    assert odds.cards_left == 12 and state.deck_size == 0
    assert (odds.bust, odds.hit, odds.flip7) == by_engine(state, 0)


CROWDED_PILES = ["5", "Second Chance", "6", "6", "4", "+2", "Freeze", "Freeze", "Freeze",
                 "Flip Three", "Flip Three", "Flip Three"]


@pytest.mark.parametrize("deck", [
    ["Flip Three", "5"],
    ["Flip Three", "Flip Three", "5", "Second Chance"],
    ["Flip Three", "+2"],
    ["Flip Three", "Freeze", "6"],
])
def test_flip7_odds_a_forced_flip_three_goes_on_after_a_reshuffle(deck):
    # Ann, alone, must flip three with fewer cards left: the engine reshuffles the
    # discards in the middle of the three cards (F9), and so do the odds
    rest = list(CROWDED_PILES)
    for c in deck:
        rest.remove(c)
    text = CROWDED.format(deck=", ".join(deck), discards="X").replace(
        "discards: X, 6, 6, 4, +2, Freeze, Freeze, Freeze, Flip Three, Flip Three, Flip Three",
        "discards: " + ", ".join(rest))
    state = unstacked(P(text))
    odds = exact_odds(state.observation(0), 0)
    assert (odds.bust, odds.hit, odds.flip7) == by_engine(state, 0)


def model_flip7(nums: set, held: int, deck: list) -> Fraction:
    """The model with other players active, by brute force: every order of the deck's
    number cards and Second Chances (the other cards never change the run)."""
    cards = [c for c in deck if c.isdigit() or c == "SC"]
    hits = 0
    orders = list(itertools.permutations(range(len(cards))))
    for order in orders:
        mine, bank = set(nums), held
        for i in order:
            c = cards[i]
            if c == "SC":
                bank = 1
            elif int(c) in mine:
                if not bank:
                    break
                bank = 0
            else:
                mine.add(int(c))
                if len(mine) == 7:
                    hits += 1
                    break
    return Fraction(hits, len(orders))


@pytest.mark.parametrize(("ann", "deck"), [
    ("12, 11, 10, 9, Second Chance", ["8", "8", "9", "7", "SC", "SC", "10", "6"]),
    ("12, 11, 10, 9", ["8", "9", "7", "SC", "SC", "10", "7", "5"]),
    ("12, 11, 10", ["8", "8", "9", "7", "SC", "6", "6", "5"]),
])
def test_flip7_odds_with_others_active_follow_the_seats_own_second_chances(ann, deck):
    names = {"SC": "Second Chance"}
    state = P(f"""
        players: Ann, Bob
        deck: {', '.join(names.get(c, c) for c in deck)}, Freeze, +4
        discards: ...
        Ann: {ann}
        Bob: 4
        turn: Ann
        """)
    nums = {int(c) for c in ann.split(", ") if c.isdigit()}
    odds = exact_odds(state.observation(0), 0)
    assert odds.flip7 == model_flip7(nums, int("Second" in ann), deck)


# ---------------------------------------------------------------- Monte Carlo


def monte_carlo(text: str, seat: int, games: int, measure):
    """Seeded engine games from a position with the deck shuffled ('...'): the mean and
    the standard error of ``measure(start, end)``."""
    values = []
    for seed in range(games):
        start = P(text + f"seed: {seed}\n")
        values.append(measure(start))
    mean = sum(values) / games
    var = sum((v - mean) ** 2 for v in values) / (games - 1)
    return mean, math.sqrt(var / games)


def run_to_end(state, seat, hits_until):
    """The engine plays: ``seat`` hits while ``hits_until(state)`` says so; other choices
    as in ``settle`` (one seeded draw each)."""
    while not state.is_round_over:
        who = state.to_move
        if who is CHANCE:
            state = state.play("draw")
            continue
        legal = state.legal_moves()
        if legal[0] is HIT:
            if who == seat and hits_until(state):
                state = state.play(HIT)
            elif who == seat and len(legal) > 1:
                return state
            else:
                state = state.play(STAY if len(legal) > 1 else HIT)
            continue
        others = [m for m in legal if m.seat != seat]
        state = state.play((others or legal)[0])
    return state


FULL = """
players: Ann, Bob
discards: 12, 11, 11, 10, 10, 9
Ann: 3, 6
Bob: 4 (stayed)
turn: Ann
"""


def test_flip7_odds_flip7_alone_within_4_sigma_of_seeded_engine_games():
    # a full deck with every action card: Freeze ends Ann's run, Flip Three is forced on her
    odds = exact_odds(P(FULL).observation(0), 0)

    def flip7(start):
        end = run_to_end(start, 0, lambda s: True)
        return float(end.nums[0].bit_count() == 7 and not end.busted & 1)

    mean, err = monte_carlo(FULL, 0, 4000, flip7)
    assert abs(mean - float(odds.flip7)) <= 4 * err + 1e-9, (mean, float(odds.flip7), err)
    assert 0 < odds.flip7 < 1


def test_flip7_odds_hit_alone_within_4_sigma_of_seeded_engine_games():
    odds = exact_odds(P(FULL).observation(0), 0)
    hit_once = {}

    def hit(start):
        end = run_to_end(start.play(HIT), 0, lambda s: False)
        hit_once[start.seed] = end
        return float(end.score_now(0))

    mean, err = monte_carlo(FULL, 0, 4000, hit)
    assert abs(mean - float(odds.hit)) <= 4 * err, (mean, float(odds.hit), err)


# ---------------------------------------------------------------- what the odds read


def test_flip7_odds_never_read_the_deck_order():
    text = "players: Ann, Bob\ndeck: {}, ...\nAnn: 3, 9\nBob: 4 (stayed)\nturn: Ann\n"
    a = P(text.format("7, Flip Three, 7, Second Chance"))
    b = P(text.format("Second Chance, 7, 7, Flip Three"))
    assert a.stack != b.stack and a.deck_counts() == b.deck_counts()  # one deck, two orders
    assert a.observation(0) == b.observation(0)
    assert exact_odds(a.observation(0), 0) == exact_odds(b.observation(None), 0)
    assert exact_odds(copy.deepcopy(a.observation(1)), 0) == exact_odds(a.observation(0), 0)


def test_flip7_odds_basic_figures_and_text():
    state = P("""
        players: Ann, Bob
        Ann: 12, 11, ×2, +4
        Bob: 5 (stayed)
        turn: Ann
        """)
    odds = exact_odds(state.observation(0), 0)
    assert isinstance(odds, Odds) and odds.seat == 0
    assert odds.bust == Fraction(21, 89) and odds.stay == 50  # (12 + 11) × 2 + 4
    assert odds.cards_left == 89
    assert odds.text() == (f"bust 21/89 (24%) · stay 50 · hit {float(odds.hit):.1f} · "
                           f"Flip 7 {round(100 * odds.flip7)}%")
    assert odds.text("fr").startswith("sauter 21/89 (24 %) · stop 50 · encore ")
    with_chance = P("""
        players: Ann, Bob
        Ann: 12, 11, Second Chance
        Bob: 5 (stayed)
        turn: Ann
        """)
    saved = exact_odds(with_chance.observation(0), 0)
    assert saved.bust == 0  # flip7.second-chance: a held one saves the next duplicate
    assert saved.flip7 > exact_odds(P("""
        players: Ann, Bob
        Ann: 12, 11
        Bob: 5 (stayed)
        turn: Ann
        """).observation(0), 0).flip7


def test_flip7_odds_of_a_seat_out_of_the_round():
    state = P("""
        players: Ann, Bob, Cy
        Ann: 12, 11 (stayed)
        Bob: 5, 5 (busted)
        Cy: 3
        turn: Cy
        """)
    stayed = exact_odds(state.observation(2), 0)
    assert (stayed.bust, stayed.stay, stayed.hit, stayed.flip7) == (0, 23, 23, 0)
    busted = exact_odds(state.observation(None), 1)
    assert (busted.stay, busted.hit) == (0, 0)


def test_flip7_odds_bonus_comes_from_the_rules_unless_given():
    text = """
        players: Ann, Bob
        Ann: 12, 11, 10, 9, 8, 7
        Bob: 5 (stayed)
        turn: Ann
        rules: flip7_bonus=40
        """
    obs = P(text).observation(0)
    forty = exact_odds(obs, 0)
    fifteen = exact_odds(obs, 0, bonus=15)
    assert forty.hit > fifteen.hit and forty.flip7 == fifteen.flip7


@pytest.mark.parametrize(("change", "field"), [
    (lambda o: o.pop("deck"), "'deck'"),
    (lambda o: o["deck"].update({"13": 1}), "'deck'"),
    (lambda o: o["deck"].update({"12": 13}), "'deck'"),
    (lambda o: o["deck"].update({"12": "many"}), "'deck'"),
    (lambda o: o.update(deck_size=3), "'deck_size'"),
    (lambda o: o["discards"].update({"Freeze": 4}), "'discards'"),
    (lambda o: o["lines"][0].update(status="sleeping"), "'lines[0].status'"),
    (lambda o: o["lines"][0].update(numbers=["12", "12"]), "'lines[0].numbers'"),
    (lambda o: o["lines"][0].update(modifiers=["7"]), "'lines[0].modifiers'"),
    (lambda o: o["lines"][0].pop("second_chance"), "'lines[0].second_chance'"),
    (lambda o: o["discards"].update({"12": 9}), "'deck'"),  # 12 + 2 held > 12 copies
    (lambda o: o["rules"].pop("flip7_bonus"), "'rules.flip7_bonus'"),
    (lambda o: o.update(set_aside=["Joker"]), "'set_aside'"),
])
def test_flip7_odds_malformed_observations_name_the_field(change, field):
    obs = P(FULL).observation(0)
    change(obs)
    with pytest.raises(PositionError, match=re.escape(field)):
        exact_odds(obs, 0)


def test_flip7_odds_bad_seats_and_inputs():
    obs = P(FULL).observation(0)
    for seat in (2, -1, "0", True, None):
        with pytest.raises(PositionError, match="seat"):
            exact_odds(obs, seat)
    for bad in (None, [], "observation"):
        with pytest.raises(PositionError):
            exact_odds(bad, 0)
    with pytest.raises(PositionError, match="bonus"):
        exact_odds(obs, 0, bonus=-1)


# ---------------------------------------------------------------- the optimal policy


SMALL = {"1": 1, "2": 2, "3": 2, "4": 2, "×2": 1, "+4": 1}


def brute_policy(deck: dict, bonus: int):
    """Expectimax over the actual cards left, with Fractions: {holding: value}."""
    numbers = {int(k): v for k, v in deck.items() if k.isdigit()}
    mods = tuple(k for k in deck if not k.isdigit())

    def score(nums, held):
        total = sum(nums) * (2 if "×2" in held else 1)
        return total + sum(int(m[1:]) for m in held if m.startswith("+"))

    decisions = {}

    @cache
    def value(nums: frozenset, held: frozenset) -> Fraction:
        left = {v: c - (v in nums) for v, c in numbers.items()}
        pile = sum(left.values()) + sum(1 for m in mods if m not in held)
        if not pile:  # the whole deck is held: nothing to draw, the player stays
            decisions[(nums, held)] = "stay"
            return Fraction(score(nums, held))
        hit = Fraction(0)
        for v, c in left.items():
            if not c:
                continue
            if v in nums:
                continue  # a bust: 0
            more = nums | {v}
            hit += c * (score(more, held) + bonus if len(more) == 7 else value(more, held))
        for m in mods:
            if m not in held:
                hit += value(nums, held | {m})
        hit /= pile
        stay = score(nums, held)
        best = hit if hit > stay or not (nums or held) else Fraction(stay)
        decisions[(nums, held)] = "hit" if best == hit and (hit > stay or not nums | held) \
            else "stay"
        return best

    return value(frozenset(), frozenset()), decisions


def test_flip7_policy_equals_brute_force_on_a_small_deck():
    policy = solve_policy(SMALL, bonus=15)
    value, decisions = brute_policy(SMALL, 15)
    assert policy.value == value
    for (nums, held), decision in decisions.items():
        if nums or held:
            assert policy.decide(sorted(nums), sorted(held)) == decision, (nums, held)
    small7 = {**{str(v): 1 for v in range(8)}, "+10": 1}  # seven numbers can happen
    assert solve_policy(small7, bonus=40).value == brute_policy(small7, 40)[0]


def test_flip7_policy_of_a_deck_that_can_be_held_whole():
    # fewer cards than a hand can hold: the last holding draws nothing (it once divided by 0)
    for deck in ({"1": 1, "2": 1, "3": 1}, {"5": 2}, {"0": 1}, {"1": 1, "×2": 1},
                 {"4": 1, "9": 2, "+2": 1}):
        assert solve_policy(deck, bonus=15).value == brute_policy(deck, 15)[0], deck
    assert solve_policy({"1": 1, "2": 1, "3": 1}).value == 6  # every card drawn, no bust
    assert solve_policy({"5": 2}).value == 5  # the second 5 would bust: stay on the first


def test_flip7_policy_table_sanity():
    policy = optimal_policy()
    assert policy is optimal_policy()  # cached
    assert 20 < policy.value < 21
    best_stop = max(stop_at_value(n) for n in (21, 22, 23, 24))
    assert policy.value > best_stop
    assert policy.decide([]) == "hit"  # flip7.stay-needs-a-card
    assert policy.decide([12]) == "hit" and policy.decide([2, 3, 4]) == "hit"
    assert policy.decide([12, 11, 10, 9]) == "stay" and policy.decide([12, 11, 10]) == "stay"
    assert policy.decide([12, 11, 10], ["x2"]) == "stay"
    rows = {(s, c): (word, share) for s, c, word, share in policy.table()}
    assert rows[(5, 2)][0] == "hit" and rows[(40, 4)][0] == "stay"
    assert all(0 <= share <= 1 for _, share in rows.values())
    assert any(word == "mixed" and 0 < share < 1 for word, share in rows.values())
    text = policy.table_text()
    assert text.startswith(f"Optimal policy: expected round score {float(policy.value):.3f}")
    assert "Politique optimale" in policy.table_text("fr")
    with pytest.raises(PositionError, match="numbers"):
        policy.decide([12, 12])
    with pytest.raises(PositionError, match="modifiers"):
        policy.decide([12], ["Freeze"])
    with pytest.raises(PositionError, match="action"):
        solve_policy({"12": 3, "Freeze": 1})


# ---------------------------------------------------------------- stop at N


def brute_stop_at(deck: dict, n: int, bonus: int) -> Fraction:
    numbers = {int(k): v for k, v in deck.items() if k.isdigit()}
    mods = tuple(k for k in deck if not k.isdigit())

    @cache
    def value(nums: frozenset, held: frozenset) -> Fraction:
        if nums and (sum(nums) >= n or len(nums) == 7):
            total = sum(nums) * (2 if "×2" in held else 1)
            total += sum(int(m[1:]) for m in held if m.startswith("+"))
            return Fraction(total + (bonus if len(nums) == 7 else 0))
        left = {v: c - (v in nums) for v, c in numbers.items()}
        pile = sum(left.values()) + sum(1 for m in mods if m not in held)
        if not pile:
            return Fraction(0)
        out = Fraction(0)
        for v, c in left.items():
            if c and v not in nums:
                out += c * value(nums | {v}, held)
        for m in mods:
            if m not in held:
                out += value(nums, held | {m})
        return out / pile

    return value(frozenset(), frozenset())


def test_flip7_stop_at_value_equals_brute_force_on_small_decks():
    small7 = {**{str(v): 1 for v in range(8)}, "4": 2, "×2": 1, "+6": 1, "+10": 1}
    for n in (1, 3, 6, 12, 30):
        assert stop_at_value(n, deck=SMALL, bonus=15) == brute_stop_at(SMALL, n, 15)
        assert stop_at_value(n, deck=small7, bonus=20) == brute_stop_at(small7, n, 20)
    for bad in (0, 101, "22", 2.5):
        with pytest.raises(PositionError, match="n:"):
            stop_at_value(bad)


ALONE = """
players: Ann, Bob
discards: Freeze, Freeze, Freeze, Flip Three, Flip Three, Flip Three, Second Chance, Second Chance, Second Chance
Ann: -
Bob: - (frozen)
turn: Ann
"""


def test_flip7_stop_at_value_within_4_sigma_of_seeded_engine_games():
    # one player's round from the 79 number cards and 6 modifiers, as stop_at_value models
    exact = stop_at_value(22)

    def score(start):
        end = run_to_end(start, 0, lambda s: s.number_sum(0) < 22)
        if not end.is_round_over:
            end = end.play(STAY)
        return float(end.round_scores()[0] if end.is_round_over else end.score_now(0))

    mean, err = monte_carlo(ALONE, 0, 3000, score)
    assert abs(mean - float(exact)) <= 4 * err, (mean, float(exact), err)
