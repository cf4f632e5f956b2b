"""Instructions a random game costs, counted by valgrind: a figure that does not move with
the machine's load, to compare two versions of the engine.

    .venv/bin/python benchmarks/instructions.py              # 15 Double Seven games
    .venv/bin/python benchmarks/instructions.py --games 30
    .venv/bin/python benchmarks/instructions.py --game sevens --games 300
    .venv/bin/python benchmarks/instructions.py --game fan-tan --games 100
    .venv/bin/python benchmarks/instructions.py --game flip7 --games 10
    git worktree add /tmp/before HEAD~3
    .venv/bin/python benchmarks/instructions.py --root /tmp/before   # that version's engine

Wall-clock figures (``benchmarks/run.py``) differ by 15% or more from run to run on a shared
2-core machine, more than most changes to the engine gain. This script runs the same random
4-player games as ``run.py doubleseven`` (uniform legal moves through ``legal_moves`` and
``play``) under ``valgrind --tool=callgrind``, once with the games and once without, and
prints the difference per game, in millions of instructions:

    double_seven.instructions_per_game: 30.5 M instructions

``--game sevens`` plays ``run.py sevens``'s random 4-player rounds (a "game" is one round),
``--game fan-tan`` the same under the fan-tan preset, ``--game flip7`` ``run.py flip7``'s
stop-at-25 games (every round of a game, to 200 points).

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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from doublesept.core.registry import game_name
from doublesept.errors import DoubleseptError

ROOT = Path(__file__).resolve().parent.parent

# the games of run.py's benchmarks, without the clock
GAMES = {
    "doubleseven": """
import random, sys
sys.path.insert(0, {root!r})
from doublesept import double_seven
pick = random.Random(2026).random
for seed in range({games}):
    state = double_seven.new_game(4, seed=seed)
    while state.to_move is not None:
        options = state.legal_moves()
        state = state.play(options[int(pick() * len(options))])
""",
    "sevens": """
import random, sys
sys.path.insert(0, {root!r})
from doublesept import sevens
pick = random.Random(2026).random
for seed in range({games}):
    state = sevens.new_game(4, seed=seed, rounds=1{options})
    while not state.is_round_over:
        options = state.legal_moves()
        state = state.play(options[int(pick() * len(options))])
""",
    "flip7": """
import sys
sys.path.insert(0, {root!r})
from doublesept import CHANCE, flip7
draw, hit, stay = flip7.DRAW, flip7.HIT, flip7.STAY
for seed in range({games}):
    state = flip7.new_game(4, seed=seed, dealer=0)
    while not state.is_over:
        who = state.to_move
        if who is CHANCE:
            state = state.play(draw)
            continue
        options = state.legal_moves()
        if options[0] is hit:
            state = state.play(stay if len(options) > 1 and state.number_sum(who) >= 25
                               else hit)
        else:
            state = state.play(options[0])
""",
}
GAMES["fan-tan"] = GAMES["sevens"]
OPTIONS = {"fan-tan": ", preset='fan-tan'"}


def program(game: str, games: int, root: Path = ROOT) -> str:
    """The Python code that plays ``games`` random games of ``game`` (a key of GAMES) with
    the engine found in ``root``."""
    return GAMES[game].replace("{options}", OPTIONS.get(game, "")).format(
        root=str(root), games=games)


def instructions(games: int, root: Path = ROOT, game: str = "doubleseven") -> int:
    """The instructions valgrind counts for a Python process that imports the engine found
    in ``root`` (a checkout of the project) and plays ``games`` random games (an int) of
    ``game`` (a key of GAMES). Raises RuntimeError if valgrind reports none."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", program(game, games, root)],
        capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or found is None:
        raise RuntimeError(f"valgrind failed (exit {run.returncode}): {run.stderr[-500:]}")
    return int(found[1])


def _game(text: str) -> str:
    """``--game``: a game in any spelling ``game_name`` reads ('double-seven', 'double7'...),
    or the Sevens preset 'fan-tan'."""
    if text == "fan-tan":
        return text
    try:
        return game_name(text)
    except DoubleseptError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=15, help="random 4-player games (15)")
    parser.add_argument("--game", type=_game, default="doubleseven",
                        help=f"the game played, in any spelling the engine reads "
                             f"(doubleseven; one of {', '.join(sorted(GAMES))})")
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
    per_game = (instructions(args.games, args.root, args.game)
                - instructions(0, args.root, args.game)) / args.games
    name = args.game.replace("-", "_")
    print(f"{name}.instructions_per_game: {per_game / 1e6:.2f} M instructions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
