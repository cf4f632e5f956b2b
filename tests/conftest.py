"""Shared fixtures: positions used across tests, written in the engine's notation; the browser
timings in the terminal summary."""

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


# The browser tests record figures (milliseconds from a click to a redraw, server start-up
# times) in their reports' user_properties as ("browser timing", name, value); they are
# printed at the end of the run, also when they come from xdist workers.
BROWSER_TIMINGS: dict = {}


def pytest_runtest_logreport(report):
    for entry in report.user_properties:
        if len(entry) == 3 and entry[0] == "browser timing":
            BROWSER_TIMINGS[entry[1]] = entry[2]


def pytest_terminal_summary(terminalreporter):
    if BROWSER_TIMINGS:
        terminalreporter.section("browser timings")
        for name, value in BROWSER_TIMINGS.items():
            terminalreporter.write_line(f"{name}: {value}")

