"""Sevens' engine against a bare bitmask loop: random rounds of base Sevens, played both ways.

    .venv/bin/python benchmarks/sevens_bare_loop.py                # both, interleaved: the ratio
    .venv/bin/python benchmarks/sevens_bare_loop.py --loop engine --rounds 3000
    .venv/bin/python benchmarks/sevens_bare_loop.py --loop bare --rounds 3000

The engine's loop is ``run.py sevens``'s: ``new_game(4, seed=..., rounds=1)``, then
``legal_moves()`` and ``play()`` of a uniformly random legal move until the round is over
(every state a new value, every move checked by the engine's one decision).

The bare loop is the least a program can do to play the same rounds: no engine, no state
object, no rule ids. Each hand is an int of 52 bits (a card's bit is its index in
``cards.DECK``: suit * 13 + rank - 1), and so is the set of cards that may be played next
(``playable``: 7♦ at first; once a card is played, the next card outwards in its row, and
after the 7♦ the three other 7s). A player's legal cards are ``hand & playable``; with none,
the player passes. The deal shuffles the 52 cards with ``random.Random(seed)`` and gives 13
to each of 4 players; the first player is the holder of 7♦. It plays the base rules
(``sevens.SevensRules()``: 7♦ opens, must play when able) and checks nothing else, so it is
an upper bound on the speed of any engine written in Python.

With ``--loop both`` (the default) the two loops run in turn in one process, ``--pairs``
times ``--rounds`` rounds each, and the script prints each loop's rounds per second (CPU
time of this process) and the engine's share of the bare loop's speed, the median of the
pairs (the figure issue 22 holds at 0.85 or more). Both loops print their moves per round:
the same rounds on average (random deals, uniform random moves), so the work compared is
the same.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from doublesept import sevens

SEVEN = 6  # a 7's rank - 1: its bit within its suit's 13
DIAMONDS = 1  # cards.SUITS: ♣ ♦ ♥ ♠
OPENER = 1 << (DIAMONDS * 13 + SEVEN)
OTHER_SEVENS = sum(1 << (suit * 13 + SEVEN) for suit in range(4)) & ~OPENER
PLAYERS = 4


def engine_rounds(rounds: int, first_seed: int, pick) -> int:
    """Plays ``rounds`` random rounds with the engine; returns the moves played."""
    moves = 0
    for seed in range(first_seed, first_seed + rounds):
        state = sevens.new_game(PLAYERS, seed=seed, rounds=1)
        while not state.is_round_over:
            options = state.legal_moves()
            state = state.play(options[int(pick() * len(options))])
            moves += 1
    return moves


def bare_rounds(rounds: int, first_seed: int, pick) -> int:
    """Plays ``rounds`` random rounds with bitmasks alone; returns the moves played (a pass is
    a move, as in the engine)."""
    moves = 0
    for seed in range(first_seed, first_seed + rounds):
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        hands = [0] * PLAYERS
        for i, index in enumerate(deck):
            hands[i % PLAYERS] |= 1 << index
        turn = next(p for p in range(PLAYERS) if hands[p] & OPENER)
        playable = OPENER
        while True:
            legal = hands[turn] & playable
            moves += 1
            if legal:
                bits = []
                while legal:
                    low = legal & -legal
                    bits.append(low)
                    legal ^= low
                bit = bits[int(pick() * len(bits))]
                hands[turn] ^= bit
                playable ^= bit
                index = bit.bit_length() - 1
                rank = index % 13
                if rank == SEVEN:
                    playable |= (bit >> 1) | (bit << 1)
                    if bit == OPENER:
                        playable |= OTHER_SEVENS
                elif rank < SEVEN and rank > 0:
                    playable |= bit >> 1
                elif rank > SEVEN and rank < 12:
                    playable |= bit << 1
                if not hands[turn]:
                    break
            turn = (turn + 1) % PLAYERS
    return moves


LOOPS = {"engine": engine_rounds, "bare": bare_rounds}


def timed(loop: str, rounds: int, first_seed: int) -> tuple[float, int]:
    """CPU seconds and moves of ``rounds`` rounds of ``loop``."""
    pick = random.Random(2026).random
    start = time.process_time()
    moves = LOOPS[loop](rounds, first_seed, pick)
    return time.process_time() - start, moves


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loop", choices=("both", *LOOPS), default="both")
    parser.add_argument("--rounds", type=int, default=1000, help="rounds per run (1,000)")
    parser.add_argument("--pairs", type=int, default=7, help="engine/bare pairs (7)")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.pairs < 1:
        parser.error("--rounds and --pairs must be 1 or more")
    load = os.getloadavg()[0]
    if args.loop != "both":
        seconds, moves = timed(args.loop, args.rounds, 0)
        print(f"sevens.{args.loop}_rounds_per_cpu_s: {args.rounds / seconds:.0f} rounds/s")
        print(f"sevens.{args.loop}_moves_per_round: {moves / args.rounds:.2f} moves")
        return 0
    timed("engine", 100, 10**6)  # warm both (the engine's memos of the same deals stay cold)
    timed("bare", 100, 10**6)
    speeds: dict = {"engine": [], "bare": []}
    moves: dict = {"engine": 0, "bare": 0}
    for pair in range(args.pairs):
        for loop in ("engine", "bare") if pair % 2 == 0 else ("bare", "engine"):
            seconds, played = timed(loop, args.rounds, pair * args.rounds)
            speeds[loop].append(args.rounds / seconds)
            moves[loop] += played
    ratios = [e / b for e, b in zip(speeds["engine"], speeds["bare"])]
    total = args.rounds * args.pairs
    print(f"sevens.load_average: {load:.2f} processes")
    for loop in LOOPS:
        print(f"sevens.{loop}_rounds_per_cpu_s: {statistics.median(speeds[loop]):.0f} rounds/s "
              f"(median of {args.pairs})")
        print(f"sevens.{loop}_moves_per_round: {moves[loop] / total:.2f} moves")
    print(f"sevens.engine_vs_bare_loop: {statistics.median(ratios):.3f} "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f}, {args.pairs} pairs of {args.rounds} "
          f"rounds)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
