"""Replay the golden seeded Double Seven game and diff it, step by step, against the file."""

import difflib
import json
import sys
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN))

from make_double_seven_golden import FILE, dump, playthrough


def _diff(stored: str, replayed: str) -> str:
    return "".join(difflib.unified_diff(stored.splitlines(True), replayed.splitlines(True),
                                        "stored", "replayed", n=1))


def test_golden_double_seven_game_replays_identically():
    stored = FILE.read_text("utf-8")
    record = json.loads(stored)
    replayed = dump(playthrough([step["move"] for step in record["steps"]]))
    assert not _diff(stored, replayed), _diff(stored, replayed)
    # a real game: every kind of action, the calls, the discard, and the '77' ending it
    heads = {step["move"].split()[0] for step in record["steps"]}
    assert {"deal", "flip", "draw", "reveal", "rainbow", "start", "expand", "exchange",
            "retrieve", "two-for-one", "pass", "discard"} <= heads
    events = " ".join(event for step in record["steps"] for event in step["events"])
    for said in ("Rainbow!", "Sept!", "Double Sept!", "Vide!", "out of the game",
                 "The '77' triggers the end of the game", "final turn", "The game is over"):
        assert said in events, said
    assert record["winners"] == ["Dee"] and record["scores"] == [18, 21, 21, 25]


def test_golden_double_seven_random_choices_still_reach_the_same_file():
    stored = FILE.read_text("utf-8")
    assert not _diff(stored, dump(playthrough())), _diff(stored, dump(playthrough()))
