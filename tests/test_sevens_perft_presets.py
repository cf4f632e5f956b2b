"""Perft for Sevens under every preset: from fixed deals written in the position notation,
the number of distinct move sequences to a depth N, stored in
tests/fixtures/sevens-perft-presets.json and recomputed here.

A sequence stops at depth N, or earlier when the round is over (the next deal is chance,
not a move). On a disagreement the test shows the counts one first move at a time
(divide), so the move whose subtree changed is named.

Rebuild the fixture (only when a rule change is intended; read the diff):

    .venv/bin/python tests/test_sevens_perft_presets.py --regen
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from doublesept import sevens

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "sevens-perft-presets.json"
# (preset, seed, random moves played before the position, depth): a deal and a position
# in the middle of a round for each preset; the depths keep the whole file to a few seconds
CASES = (
    ("app", 101, 0, 18), ("app", 102, 14, 15),
    ("international", 201, 0, 17), ("international", 202, 20, 15),
    ("fan-tan", 301, 0, 11), ("fan-tan", 302, 12, 11),
    ("shichi-narabe", 401, 0, 10), ("shichi-narabe", 402, 10, 10),
    ("german", 501, 0, 16), ("german", 502, 8, 21),
)


def perft(state, depth: int) -> int:
    """The number of distinct move sequences of ``depth`` moves from ``state`` (one that
    ends the round earlier counts once)."""
    if depth == 0 or state.is_round_over:
        return 1
    if depth == 1:
        return len(state.legal_moves())
    return sum(perft(state.play(move), depth - 1) for move in state.legal_moves())


def divide(state, depth: int) -> dict:
    """perft one first move at a time: {move text: sequences that start with it}."""
    return {move.text(): perft(state.play(move), depth - 1) for move in state.legal_moves()}


def _position(preset: str, seed: int, moves: int):
    state = sevens.new_game(4, seed=seed, rounds=1, preset=preset)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def build() -> dict:
    cases = []
    for preset, seed, moves, depth in CASES:
        state = _position(preset, seed, moves)
        # the position as text only: the fixture is read back with sevens.position
        state = sevens.position(state.to_text())
        parts = divide(state, depth)
        cases.append({"preset": preset, "depth": depth, "position": state.to_text().splitlines(),
                      "count": sum(parts.values()), "divide": parts})
    return {
        "about": "Sevens perft: distinct move sequences of 'depth' moves from each position "
                 "(a round that ends earlier counts once), and 'divide', the same per first "
                 "move. Rebuilt by: .venv/bin/python tests/test_sevens_perft_presets.py --regen",
        "cases": cases,
    }


def _cases() -> list:
    """The stored cases ([] while the fixture is missing: test_fixture_covers_every_preset
    then fails, and --regen writes it)."""
    if not FIXTURE.exists():
        return []
    return json.loads(FIXTURE.read_text(encoding="utf-8"))["cases"]


def test_fixture_covers_every_preset():
    assert {case["preset"] for case in _cases()} == set(sevens.PRESETS)
    for case in _cases():
        assert case["count"] == sum(case["divide"].values())
        assert case["count"] > len(case["divide"]) > 0


@pytest.mark.parametrize("case", _cases(), ids=lambda c: f"{c['preset']}-d{c['depth']}-"
                         f"{len(c['divide'])}moves")
def test_perft_counts(case):
    state = sevens.position("\n".join(case["position"]))
    assert state.rules == sevens.SevensRules(rounds=1, preset=case["preset"])
    depth = case["depth"]
    found = perft(state, depth)
    if found != case["count"]:
        now = divide(state, depth)
        lines = [f"{move}: expected {case['divide'].get(move)}, found {now.get(move)}"
                 for move in sorted(set(now) | set(case["divide"]), key=str)
                 if now.get(move) != case["divide"].get(move)]
        pytest.fail(f"{case['preset']} perft({depth}) is {found}, expected {case['count']}; "
                    "by first move:\n" + "\n".join(lines))


if __name__ == "__main__":
    if sys.argv[1:] != ["--regen"]:
        sys.exit(__doc__)
    FIXTURE.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n",
                       encoding="utf-8")
    print(f"wrote {FIXTURE}")
