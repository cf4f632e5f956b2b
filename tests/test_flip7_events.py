"""Flip 7's events come from one table (issue 22): every log entry the transitions write
has its row in ``events.EVENTS`` (a row for each variant of an entry whose rule or words
depend on its values; the end of a round alone is told by a function), every row tells an
entry of its fields in both languages, and the words read as before."""

from __future__ import annotations

import ast
from pathlib import Path

from doublesept.flip7 import events, transitions

NAMES = ("Ann", "Bob", "Cy")
# a value for each field a row may name: seats, a card kind, numbers, flags, a reason
SAMPLES = {"p": 0, "owner": 1, "target": 2, "dealer": 2, "winner": 1, "c": 20, "which": 2,
           "given": False, "why": "faq", "mid_round": True, "size": 3, "numbers": 2,
           "number": 4, "reshuffled": False, "total": 205, "leaders": (0, 2)}


def logged() -> tuple:
    """What transitions.py writes to a log: the entry kinds (every tuple whose first item is
    a word: ``log.append(("stayed", seat))``, ``log = [("stayed", seat)]``) and the reasons
    an action card is discarded (``_discard_entries(w, log, entries, "faq")``)."""
    tree = ast.parse(Path(transitions.__file__).read_text(encoding="utf-8"))
    kinds = {node.elts[0].value for node in ast.walk(tree)
             if isinstance(node, ast.Tuple) and node.elts
             and isinstance(node.elts[0], ast.Constant) and isinstance(node.elts[0].value, str)}
    whys = {node.args[3].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_discard_entries"
            and isinstance(node.args[3], ast.Constant)}
    return kinds, whys


def test_every_logged_entry_has_its_row():
    kinds, whys = logged()
    assert len(kinds) >= 20 and "round-over" in kinds and len(whys) == 5
    told = {key.split("/")[0] for key in events.EVENTS}
    assert kinds - {"round-over"} == told
    assert {f"action-discarded/{why}" for why in whys} == {
        key for key in events.EVENTS if key.startswith("action-discarded/")}
    for key in events.EVENTS:  # a variant's row is reached from its entry kind
        assert "/" not in key or key.split("/")[0] in events._VARIANTS, key


# the values that choose each variant's row (see events._VARIANTS), over SAMPLES
VARIANT_VALUES = {"self": {"owner": 1, "target": 1}, "given": {"given": True},
                  "between-rounds": {"mid_round": False}, "none": {"numbers": 0},
                  "new-deck": {"reshuffled": True}}


def sample_entry(key: str, words) -> tuple:
    """An entry that the row ``key`` tells: its kind, then SAMPLES with its variant's values."""
    kind, *variants = key.split("/")
    values = dict(SAMPLES)
    for variant in variants:
        values.update(VARIANT_VALUES.get(variant, {"why": variant}))
    return (kind, *(values[field] for field in words.fields))


def test_every_row_tells_an_entry_of_its_fields():
    for key, words in events.EVENTS.items():
        assert set(words.seats) <= set(words.fields), key
        entry = sample_entry(key, words)
        variant = events._VARIANTS.get(entry[0])
        assert (entry[0] if variant is None else variant(entry)) == key
        event = events._event(NAMES, entry)
        assert (event.kind, event.rule_id) == (words.kind, words.rule_id), key
        values = dict(zip(words.fields, entry[1:]))
        players = tuple(values[field] for field in words.seats)
        assert event.players == (players[0] if key == "tie" else players), key
        assert event.en and event.fr and "{" not in event.en + event.fr, key


def test_the_words_of_a_few_entries():
    told = events._event
    assert told(NAMES, ("dealt", 0, 8)).en == "Ann is dealt an 8."
    assert told(NAMES, ("flipped", 1, 19, 2)).fr == (
        "Bob retourne la carte Gel (carte 2 sur 3).")
    assert told(NAMES, ("second-chance-used", 0, 5)).fr == (
        "La Seconde Chance d'Ann annule le deuxième 5 : les deux cartes sont défaussées, et "
        "Ann reste en jeu.")
    assert told(NAMES, ("flip-three", 2, 0, True)).en == (
        "Cy gives the Flip Three to Ann, who flips three cards.")
    assert told(NAMES, ("frozen", 1, 1, False)).players == (1,)
    assert told(NAMES, ("action-discarded", 0, 20, "dropped")).fr == (
        "La carte Trois à la Suite d'Ann est défaussée : Ann est hors de la manche.")
    assert told(NAMES, ("endless-reshuffle", 1, 1)).en == (
        "The deck is empty and the discards (1 card) hold no modifier and only one number "
        "card, each a number a player still in already has: Second Chances could cancel "
        "them all, so the same cards could go round for ever; the round ends, and the "
        "players still in keep their points.")
    assert told(NAMES, ("tie", (0, 2), 210)) == (
        "tie", (0, 2), "flip7.tie",
        "Ann and Cy are tied at the top with 210: everyone plays another round.",
        "Ann et Cy sont à égalité en tête avec 210 : tout le monde joue une manche de plus.")
    assert told(NAMES, ("round-over", 3, (0, 12, 40), None, 1)).fr == (
        "La manche 3 est terminée. Points : Ann 0 (a sauté), Bob 12, Cy 40.")
