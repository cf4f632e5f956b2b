"""Every door answers with the engine's error (issue 20): the door fuzzer
(``tests/fuzz_doors.py``) at a size CI carries, 2,000 seeded calls a game, with no escape:
no call raises anything but a ``DoubleseptError``, no ``check(move)`` raises at all, no call
hangs, no valid call is refused. ``benchmarks/fuzz_doors.py`` runs it long (10,000 calls a
game and more)."""

from __future__ import annotations

import pytest
from fuzz_doors import GAMES, choices_digest, door_names, fuzz

from doublesept import sevens
from doublesept.double_seven.players import LEVELS as DOUBLE_SEVEN_LEVELS
from doublesept.errors import NotationError

CALLS = 2000
SEED = 20


@pytest.mark.parametrize("game", GAMES)
def test_every_door_answers_with_the_engines_error(game):
    report = fuzz(game, CALLS, SEED)
    assert report.calls == CALLS
    assert report.count == 0, report.summary()
    assert set(report.doors) == set(door_names(game)), "a door was never called"


def test_the_fuzzer_sees_a_plain_python_error(monkeypatch):
    """A door that raises a KeyError is an escape; so is a check() that raises at all."""

    def broken_position(text):
        raise KeyError(text)

    def raising_check(self, move):
        raise NotationError("no", "non")

    monkeypatch.setattr(sevens, "position", broken_position)
    monkeypatch.setattr(sevens.SevensState, "check", raising_check)
    report = fuzz("sevens", 300, SEED)
    kinds = report.kinds
    assert kinds.get("position: KeyError", 0) > 0
    assert kinds.get("position (valid): KeyError", 0) > 0
    assert kinds.get("state.check: check() raised NotationError", 0) > 0
    assert report.count == sum(kinds.values()) and report.escapes
    assert "KeyError" in report.summary()


# The hash of the moves each Double Seven level chose over 40 seeded games
# (fuzz_doors.choices_digest), recorded before its players' checks moved to core/fields.py.
# An option added since (start_with_clover) is left out of the random level's seed while at
# its default (players._LATER_OPTIONS), so the hashes hold.
DOUBLE_SEVEN_CHOICES = {"random": "32ea9919200ca2ba", "greedy": "4931ea32d805c09a",
                        "strategy": "9190afabc224f8e9"}


@pytest.mark.parametrize("level", DOUBLE_SEVEN_LEVELS)
def test_double_seven_levels_choose_the_same_moves_with_the_shared_checks(level):
    assert choices_digest("double_seven", level) == DOUBLE_SEVEN_CHOICES[level]
