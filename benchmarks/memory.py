"""Peak memory of a process that plays many random Double Seven games (issue 22: the engine's
memos are bounded, so it stops growing), and how full each memo is at the end.

    .venv/bin/python benchmarks/memory.py              # 10,000 games, about 4 minutes
    .venv/bin/python benchmarks/memory.py --games 500

Plays the same random 4-player games as ``run.py doubleseven`` (uniform legal moves through
``legal_moves`` and ``play``) and prints, in MiB, the peak resident size the kernel reports
for the process (``getrusage``), then the entries of each memo of
``doublesept/double_seven/legal.py`` (at most ``_MEMO_SIZE`` each):

    double_seven.peak_memory: 43.2 MiB after 10000 games
    double_seven.memos: _RACKS 4096, _EXPANDS 809, _DRAWS 4096, _BY_SIZE 4096, _STARTS_OF 125
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from doublesept import double_seven
from doublesept.double_seven import legal

MEMOS = ("_RACKS", "_EXPANDS", "_DRAWS", "_BY_SIZE", "_STARTS_OF")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="random games (10,000)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be 1 or more")
    pick = random.Random(2026).random
    for seed in range(args.games):
        state = double_seven.new_game(4, seed=seed)
        while state.to_move is not None:
            options = state.legal_moves()
            state = state.play(options[int(pick() * len(options))])
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"double_seven.peak_memory: {peak:.1f} MiB after {args.games} games")
    print("double_seven.memos: " + ", ".join(f"{name} {len(getattr(legal, name))}"
                                            for name in MEMOS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
