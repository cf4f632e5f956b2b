"""Replay the golden seeded Flip 7 game and diff it, step by step, against the file."""

import difflib
import json
import sys
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN))

from make_flip7_golden import FILE, dump, playthrough


def _diff(stored: str, replayed: str) -> str:
    return "".join(difflib.unified_diff(stored.splitlines(True), replayed.splitlines(True),
                                        "stored", "replayed", n=1))


def test_golden_flip7_game_replays_identically():
    stored = FILE.read_text("utf-8")
    record = json.loads(stored)
    replayed = dump(playthrough([step["move"] for step in record["steps"]]))
    assert not _diff(stored, replayed), _diff(stored, replayed)
    # a real game: several rounds, to 200, with busts, stays and action cards played
    moves = [step["move"] for step in record["steps"]]
    assert {"hit", "stay", "draw"} <= set(moves)
    assert any(move.startswith(("freeze", "flip-three")) for move in moves)
    assert any("busts" in event for step in record["steps"] for event in step["events"])
    assert max(record["scores"]) >= 200 and len(record["scores_by_round"]) > 3


def test_golden_flip7_random_choices_still_reach_the_same_file():
    stored = FILE.read_text("utf-8")
    assert not _diff(stored, dump(playthrough())), _diff(stored, dump(playthrough()))
