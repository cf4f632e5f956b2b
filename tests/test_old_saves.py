"""Saves written by an earlier main still load as the same positions (issue 22): the saves
in tests/fixtures/saves-805fa14/ were made by main at 805fa14, before Sevens' state classes
became one, Double Seven's and Flip 7's fast paths became transitions, and ``to_text``
moved to the notation modules. Each loads, writes the same text, lists the same legal moves,
and saves again to the same record."""

import json
from pathlib import Path

import pytest

from doublesept import load, save

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves-805fa14"
NAMES = ("sevens", "sevens-fan-tan", "flip7", "double-seven")


@pytest.mark.parametrize("name", NAMES)
def test_a_save_of_the_main_before_issue_22_loads_as_the_same_position(name):
    record = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    state = load(record["save"])
    assert state.to_text() == record["to_text"]
    texts = [state.move_text(m) if hasattr(state, "move_text") else str(m)
             for m in state.legal_moves()]
    assert texts == record["legal_moves"] and texts
    assert json.loads(save(state)) == json.loads(record["save"])


def test_every_game_has_an_old_save():
    assert sorted(p.stem for p in FIXTURES.glob("*.json")) == sorted(NAMES)
