"""The faster ``flip7.exact_odds`` gives exactly the Fractions of the code before it
(tests/fixtures/flip7_odds_before.py, a frozen copy), on seeded positions: the seat offered
hit or stay in seeded games, built positions (the seat alone, short decks, Freeze and Flip
Three heavy, a reshuffle pending) and the hand-built worst cases of
benchmarks/flip7_positions.py. Speed is measured by benchmarks/run.py, never here.
"""

import importlib.util
import sys
from pathlib import Path

import pytest

from doublesept.flip7 import exact_odds

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


before = _load("flip7_odds_before", ROOT / "tests" / "fixtures" / "flip7_odds_before.py")
positions = _load("flip7_positions", ROOT / "benchmarks" / "flip7_positions.py")


def _same(obs, seat, **bonus):
    new = exact_odds(obs, seat, **bonus)
    old = before.exact_odds(obs, seat, **bonus)
    assert (new.bust, new.stay, new.hit, new.flip7, new.cards_left) == \
        (old.bust, old.stay, old.hit, old.flip7, old.cards_left)


@pytest.mark.parametrize("seed", [3, 4])
def test_flip7_odds_speedup_same_fractions_in_seeded_games(seed):
    for obs, seat in positions.game_positions(400, seed):
        _same(obs, seat)


@pytest.mark.parametrize("seed", [5, 6])
def test_flip7_odds_speedup_same_fractions_on_built_positions(seed):
    for obs, seat in positions.built_positions(150, seed):
        _same(obs, seat)


def test_flip7_odds_speedup_same_fractions_on_the_worst_cases():
    # the 56 full decks with every action card, and one in 6 of the 144 short decks (the
    # old code takes up to a few tenths of a second on each of those)
    hard = positions.hard_positions()
    for obs, seat in hard[:56] + hard[56::6]:
        _same(obs, seat)


def test_flip7_odds_speedup_same_fractions_with_another_bonus():
    for obs, seat in positions.built_positions(40, 8):
        _same(obs, seat, bonus=40)
