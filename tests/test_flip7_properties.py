"""Properties of random Flip 7 games, 2 to 8 players and every rule option, in seeded loops.

At every step: the 94 cards are all somewhere, and once; nobody holds two Second Chances;
``check()`` agrees with ``legal_moves()`` over ``candidate_moves()``; a refused move changes
nothing; the position's text reads back as the same state; the observation shows neither
the seed nor the order of the deck. Each round ends within ROUND_BOUND moves, and saves
round-trip.

The bound. Every move of a round either is a choice (hit, stay, a target, a card given),
or draws a card. A draw adds a new number to a line (at most 6 per player before the
seventh ends the round), adds a modifier (6 in all), busts, freezes or plays a Flip Three
on a player (each at most once per player), or is a Second Chance or a duplicate it
absorbs. Only that last kind can repeat without end: a Second Chance and the duplicate it
absorbs go to the discards, which a reshuffle turns into the deck again. The rules allow
it, with a probability that falls geometrically, so the bound is the count of the other
steps with room for a few such cycles: ROUND_BOUND = 40 * players + 120 moves, far above
the longest round the seeds below give (checked by the loop, with the longest printed on
failure).
"""

import json
import random
import warnings

import pytest

from doublesept import CHANCE, IllegalMove, load, save
from doublesept.flip7 import (
    CARDS,
    COPIES,
    DECK_SIZE,
    DRAW,
    HIT,
    OPTIONS,
    SECOND_CHANCE,
    STAY,
    Give,
    Target,
    card,
    new_game,
    position,
)

OPTION_SETS = [
    {},
    {"preset": "faq"},
    {"preset": "dealers-left"},
    {"nested_actions": "shared-queue"},
    {"frozen_target_deferred": "dropped", "flip7_bonus": 0},
    {"deferred_after_bust": "discard", "nested_actions": "shared-queue",
     "frozen_target_deferred": "dropped", "flip7_bonus": 40},
]


def round_bound(players: int) -> int:
    return 40 * players + 120


def where_cards(state) -> list:
    """How many copies of each card are in the deck, the discards, the lines, or pending."""
    counts = [state.deck[k] + state.discards[k] for k in range(len(CARDS))]
    for p in range(state.players):
        for c in state.line(p).cards:
            counts[c.kind] += 1
    for c in state.pending_cards():
        counts[c.kind] += 1
    return counts


def check_invariants(state):
    assert where_cards(state) == list(COPIES)
    assert state.card_count() == DECK_SIZE
    assert state.deck_size == sum(state.deck)
    assert len(state.stack) <= state.deck_size
    for p in range(state.players):
        line = state.line(p)
        assert sum(c is CARDS[SECOND_CHANCE] for c in line.cards) <= 1
        distinct = {c for c in line.numbers}
        assert len(distinct) <= 7
        if line.status == "busted":
            assert len(line.numbers) == len(distinct) + 1 and len(distinct) <= 6
        else:
            assert len(line.numbers) == len(distinct)
        if line.status == "stayed":
            assert line.cards
    if not state.is_round_over:
        assert state.flip7_player is None
    assert state.to_move is None or state.legal_moves()


def other_moves(state):
    """Moves that are not legal now, of every kind."""
    legal = set(state.legal_moves())
    pool = [HIT, STAY, DRAW, card("7"), card("Freeze"), "freeze 0", "flip-three 1",
            "give second-chance 0", "give freeze 1", "give flip-three 0", "nonsense", 7, None,
            Target(19, 17), Give(21, 5)]
    return [m for m in pool if m not in legal]


def action_rich(seed: int, players: int, options: dict):
    """A start whose deck is the 9 action cards, the 6 modifiers and a few numbers, in a
    random order; every other card is in the discards, so a reshuffle comes soon."""
    rng = random.Random(seed)
    deck = ["Freeze"] * 3 + ["Flip Three"] * 3 + ["Second Chance"] * 3 + \
        ["×2", "+2", "+4", "+6", "+8", "+10"] + [str(rng.randrange(5, 13)) for _ in range(10)]
    rng.shuffle(deck)
    names = ", ".join(f"P{i}" for i in range(players))
    rules = ", ".join(f"{k}={v}" for k, v in options.items() if k != "preset")
    text = f"players: {names}\ndeck: {', '.join(deck)}\ndiscards: ...\n"
    text += "".join(f"P{i}: -\n" for i in range(players)) + "turn: P0 (deal)\n"
    text += f"seed: {seed}\n" + (f"rules: {rules}\n" if rules else "")
    return position(text)


def play_game(seed: int, players: int, options: dict, max_rounds: int = 3, slow_every=1,
              start=None, hit=0.5):
    rng = random.Random(seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = start or new_game(players, seed=seed, **options)
    steps = 0
    longest = 0
    rounds = 0
    while state.to_move is not None and rounds < max_rounds:
        if steps % slow_every == 0:
            check_invariants(state)
            # check() agrees with legal_moves() over candidate_moves()
            candidates = state.candidate_moves()
            legal = state.legal_moves()
            assert set(legal) <= set(candidates)
            assert [m for m in candidates if state.check(m).legal] == list(legal)
            assert list(legal) == sorted(legal)
            # a refused move changes nothing
            before = state.to_text()
            for bad in other_moves(state):
                verdict = state.check(bad)
                if verdict.legal:  # a card outcome that can come: legal, not in legal_moves
                    continue
                assert verdict.rule_id.startswith("flip7.")
                with pytest.raises(IllegalMove) as err:
                    state.play(bad)
                assert err.value.rule_id == verdict.rule_id
            assert state.to_text() == before
            # the text reads back as the same state
            assert position(state.to_text()) == state
            # what a seat sees: JSON, no seed, no deck order
            seen = state.observation(0)
            text = json.dumps(seen, ensure_ascii=False)
            assert "seed" not in seen and "stack" not in text
        if state.to_move is CHANCE:
            step = state.chance()
            if rng.random() < 0.2:
                move = rng.choice([c for c, _ in step.outcomes()])
            else:
                move = DRAW
            assert sum(p for _, p in step.outcomes()) == 1
        elif state.legal_moves()[0] is HIT:
            move = HIT if rng.random() < hit else state.legal_moves()[-1]
        else:
            move = rng.choice(state.legal_moves())
        was_round = state.round
        state = state.play(move)
        steps += 1
        longest += 1
        if state.is_round_over or state.round != was_round:
            if state.is_round_over:
                rounds += 1
            assert longest <= round_bound(players), (seed, players, options, longest)
            longest = 0
    check_invariants(state)
    return state


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_random_games_keep_every_invariant(options):
    for seed in range(12):
        players = 2 + seed % 7
        state = play_game(seed * 7919 + len(options), players, options, max_rounds=2,
                          hit=0.8)
        # save and load round-trip, the cards drawn recorded as outcomes
        again = load(save(state))
        assert again == state and again.history == state.history


@pytest.mark.parametrize("options", OPTION_SETS[:1] + OPTION_SETS[3:],
                         ids=lambda o: ",".join(o) or "defaults")
def test_action_rich_decks_keep_every_invariant(options):
    options = {k: v for k, v in options.items() if k != "preset"}
    for seed in range(10):
        players = 2 + seed % 5
        play_game(seed, players, options, max_rounds=2, hit=0.85,
                  start=action_rich(seed, players, options))


def test_random_games_of_many_players_and_long_games():
    for seed, players in ((1, 18), (2, 12), (3, 9)):
        play_game(seed, players, {}, max_rounds=2, slow_every=3)
    # whole games to 200, checked now and then: reshuffles, rotating dealers, the end
    for seed in range(4):
        state = play_game(100 + seed, 3 + seed, OPTION_SETS[seed], max_rounds=99,
                          slow_every=25)
        assert state.is_over and len(state.winners) == 1
        assert max(state.scores) >= 200 and state.to_move is None


def test_the_same_seed_gives_the_same_game():
    def run(seed):
        state = new_game(4, seed=seed)
        for _ in range(200):
            if state.to_move is None:
                break
            moves = state.legal_moves()
            state = state.play(moves[len(state.history) % len(moves)])
        return state

    for seed in (0, 5, 2**64 - 1):
        first, second = run(seed), run(seed)
        assert first == second and first.history == second.history
        assert first.root.replay(first.history) == first


def test_rule_options_are_all_declared_once():
    assert OPTIONS.names == ("deal_start", "first_player", "flip7_bonus", "deferred_after_bust",
                             "nested_actions", "frozen_target_deferred", "freeze_placement",
                             "set_aside_targets", "deal_card_when_holding")
    for preset in OPTIONS.presets:
        state = new_game(3, seed=1, preset=preset)
        assert position(state.to_text()) == state
