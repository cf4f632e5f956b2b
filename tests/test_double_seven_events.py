"""Double Seven's events come from one table (issue 22): every log entry the transitions
write has its row in ``events.EVENTS`` (the end of the game alone is told by a function),
every row tells an entry of its fields in both languages, and the words read as before."""

from __future__ import annotations

import ast
from pathlib import Path

from doublesept.double_seven import events, transitions

NAMES = ("Ann", "Bob", "Cy")
# a value for each field a row may name: seats, tile kinds, family indices, families, a rack
SAMPLES = {"p": 0, "q": 1, "owner": 1, "k": 2, "a": 1, "b": 5, "animal": 1, "index": 0,
           "mine": 0, "theirs": 1, "family": (2, 3, 1), "given": (2, 3, 1), "taken": (6, 4, 0),
           "rack": (1, 1, 0, 1, 1, 1, 0, 0, 0)}


def logged_kinds() -> set:
    """The entry kinds transitions.py appends to a log: ``w.events.append(("kind", ...))``."""
    tree = ast.parse(Path(transitions.__file__).read_text(encoding="utf-8"))
    return {node.args[0].elts[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "append"
            and node.args and isinstance(node.args[0], ast.Tuple)
            and isinstance(node.args[0].elts[0], ast.Constant)}


def test_every_logged_entry_has_its_row():
    kinds = logged_kinds()
    assert len(kinds) >= 20 and "game-over" in kinds
    assert kinds - {"game-over"} == set(events.EVENTS)


def test_every_row_tells_an_entry_of_its_fields():
    for entry_kind, words in events.EVENTS.items():
        assert set(words.seats) <= set(words.fields), entry_kind
        entry = (entry_kind, *(SAMPLES[field] for field in words.fields))
        event = events._event(NAMES, entry)
        assert (event.kind, event.rule_id) == (words.kind, words.rule_id)
        assert event.players == tuple(SAMPLES[field] for field in words.seats)
        assert event.en and event.fr and "{" not in event.en + event.fr, entry_kind


def test_the_words_of_a_few_entries():
    told = events._event
    assert told(NAMES, ("retrieved", 0, 0, 1, 1)).en == (
        "Ann puts a squirrel in their own family 2 and takes its clover.")
    assert told(NAMES, ("retrieved", 0, 1, 0, 1)).fr == (
        "Ann met un écureuil dans la famille 1 de Bob et prend son trèfle.")
    assert told(NAMES, ("sept", 0, 1)).fr == (
        "Sept ! La famille d'écureuils d'Ann a 7 tuiles ou plus : un jeton « 7 ».")
    assert told(NAMES, ("exchanged", 1, 0, 2, 1, (2, 3, 1), (6, 4, 0))).en == (
        "Bob gives 4 tiles: 3 foxes and 1 clover (family 1) to Cy for 4 hedgehogs (family 2).")
    assert told(NAMES, ("two-for-one", 2, 1, 7)).fr == (
        "Cy défausse un écureuil et une grenouille face visible (Deux contre Un).")
    assert told(NAMES, ("game-over", (9, 9, 3), (0,), 0)).en == (
        "The game is over. Scores: Ann 9, Bob 9, Cy 3. Ann wins the tie with the '77'.")
