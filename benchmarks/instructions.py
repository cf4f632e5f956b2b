"""Instructions a random Double Seven game costs, counted by valgrind: a figure that does not
move with the machine's load, to compare two versions of the engine.

    .venv/bin/python benchmarks/instructions.py              # 15 games
    .venv/bin/python benchmarks/instructions.py --games 30
    git worktree add /tmp/before HEAD~3
    .venv/bin/python benchmarks/instructions.py --root /tmp/before   # that version's engine

Wall-clock figures (``benchmarks/run.py``) differ by 15% or more from run to run on a shared
2-core machine, more than most changes to the engine gain. This script runs the same random
4-player games as ``run.py double-seven`` (uniform legal moves through ``legal_moves`` and
``play``) under ``valgrind --tool=callgrind``, once with the games and once without, and
prints the difference per game, in millions of instructions:

    double_seven.instructions_per_game: 30.5 M instructions

Two runs of one version agree to about 0.2%. The engine's memos start empty in each process,
so a short run counts their filling more than the 3-second benchmark does (about a quarter
of 15 games). Needs valgrind (Debian's package ``valgrind``); it takes about a minute.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# the games of run.py's bench_double_seven, without the clock
GAMES = """
import random, sys
sys.path.insert(0, {root!r})
from doublesept import double_seven
pick = random.Random(2026).random
for seed in range({games}):
    state = double_seven.new_game(4, seed=seed)
    while state.to_move is not None:
        options = state.legal_moves()
        state = state.play(options[int(pick() * len(options))])
"""


def instructions(games: int, root: Path = ROOT) -> int:
    """The instructions valgrind counts for a Python process that imports the engine found
    in ``root`` (a checkout of the project) and plays ``games`` random games (an int).
    Raises RuntimeError if valgrind reports none."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", GAMES.format(root=str(root), games=games)],
        capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or found is None:
        raise RuntimeError(f"valgrind failed (exit {run.returncode}): {run.stderr[-500:]}")
    return int(found[1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=15, help="random 4-player games (15)")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose engine is counted (this one)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be 1 or more")
    if not (args.root / "doublesept" / "double_seven").is_dir():
        parser.error(f"--root: no Double Seven engine in {args.root}")
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: sudo apt-get install valgrind", file=sys.stderr)
        return 2
    per_game = (instructions(args.games, args.root) - instructions(0, args.root)) / args.games
    print(f"double_seven.instructions_per_game: {per_game / 1e6:.1f} M instructions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
