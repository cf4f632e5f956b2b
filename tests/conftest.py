"""Shared fixtures: positions used across tests, written in the engine's notation."""

import pytest

from doublesept import sevens

# Seed 003, "Ce qui convient sur cette table": five players so the rest of the deck fits.
SEED_003_EXAMPLE = """
players: Ann, Bob, Cy, Dee, Eve
table: 6♦-8♦ 7♠
Ann: 5♦ 9♦ 8♠ 6♣ R♥
Bob: ...
Cy: ...
Dee: ...
Eve: ...
turn: Ann
"""


@pytest.fixture
def seed_003_example():
    return sevens.position(SEED_003_EXAMPLE)
