"""``flip7.exact_odds`` reads observations of the whole 94-card deck (rule flip7.deck,
ruling F1) and ends on every one of them: an observation that leaves cards out is refused
with a PositionError naming the rule, and a run that reshuffles the same few cards over and
over stops after a bounded number of reshuffles (it counts as no Flip 7).
"""

import pytest

from doublesept import PositionError
from doublesept.flip7 import COPIES, exact_odds
from doublesept.flip7.rules import NAMES_EN

SEAT = {"numbers": ["4", "3"], "modifiers": [], "second_chance": True, "status": "active"}
RULES = {"flip7_bonus": 15, "nested_actions": "depth-first"}


def _partial() -> dict:
    return {"lines": [dict(SEAT), {"numbers": [], "modifiers": [], "second_chance": False,
                                   "status": "stayed"}],
            "deck": {"9": 1, "Flip Three": 1}, "deck_size": 2,
            "discards": {"4": 1, "5": 1, "9": 1, "Second Chance": 1},
            "set_aside": [], "turn": 0, "rules": dict(RULES)}


def _whole() -> dict:
    """The same seat, deck and discards with the other 80 cards placed: every other number,
    modifier and one Second Chance in front of 17 players who stayed, the Freezes and the
    other Flip Threes set aside. The seat alone can only ever draw 9, 5, 4, a Second Chance
    and a Flip Three: reshuffles without end."""
    obs = _partial()
    rest = list(COPIES)
    seen = ["4", "3", "Second Chance", "9", "Flip Three", "4", "5", "9", "Second Chance",
            "Freeze", "Freeze", "Freeze", "Flip Three", "Flip Three"]
    for text in seen:
        rest[NAMES_EN.index(text)] -= 1
    numbers: list = [[] for _ in range(17)]
    for value in sorted(range(13), key=lambda v: -rest[v]):
        for p in sorted(range(17), key=lambda p: len(numbers[p]))[:rest[value]]:
            numbers[p].append(str(value))
    obs["lines"] = [dict(SEAT)] + [
        {"numbers": numbers[p], "modifiers": [NAMES_EN[13 + p]] if p < 6 else [],
         "second_chance": p == 16, "status": "stayed"} for p in range(17)]
    obs["set_aside"] = ["Freeze"] * 3 + ["Flip Three"] * 2
    return obs


def test_flip7_deck_odds_refuse_an_observation_without_all_94_cards():
    obs = _partial()
    with pytest.raises(PositionError, match=r"'deck'.*flip7\.deck.*94"):
        exact_odds(obs, 0)
    whole = _whole()
    whole["lines"][5]["numbers"].pop()
    with pytest.raises(PositionError, match=r"flip7\.deck.*93 cards.*missing 1 ×"):
        exact_odds(whole, 0)


def test_flip7_deck_odds_of_a_run_that_reshuffles_for_ever_end():
    obs = _whole()
    assert sum(len(line["numbers"]) + len(line["modifiers"]) + line["second_chance"]
               for line in obs["lines"]) + 2 + 4 + 5 == 94
    odds = exact_odds(obs, 0)
    # at most four different numbers (3, 4, 5, 9) can ever be in front of the seat
    assert odds.flip7 == 0 and odds.bust == 0 and odds.stay == 7
    assert odds.hit > odds.stay and odds.cards_left == 2
