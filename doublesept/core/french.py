"""French elision for the words the engine puts into its sentences: "la famille d'Ann",
"une famille d'écureuils", but "le chevalet de Bob".

French drops the e of "de" before a vowel sound and writes an apostrophe. The engine only
knows the spelling, so it elides before a vowel letter (accented or not, and y), never before
h: an h can be mute ("d'Hugo") or aspirated ("de hérissons"), and keeping "de" is the safer
mistake. Digits are not elided either ("de 11 tuiles").
"""

from __future__ import annotations

VOWELS = frozenset("aeiouyàâäæéèêëîïôöœùûüÿ")


def elides(word: str) -> bool:
    """Whether French elides a "de" (or "le", "que") before ``word``: it begins with a vowel
    letter, upper or lower case, accented or not, or y.

    >>> elides("Ann"), elides("écureuils"), elides("Bob"), elides("hérissons"), elides("11")
    (True, True, False, False, False)
    """
    return bool(word) and word[0].lower() in VOWELS


def de(word: str) -> str:
    """``word`` after the preposition "de", elided before a vowel: "d'Ann", "de Bob".

    >>> de("Ann"), de("oiseaux"), de("Bob"), de("hérissons")
    ("d'Ann", "d'oiseaux", 'de Bob', 'de hérissons')
    """
    return f"d'{word}" if elides(word) else f"de {word}"
