"""Sevens' words: the French and English helpers its decisions, verdicts and events share.

Articles and agreement (« du 7♦ », « de la D♦ », « posées »), chips and ordinals in both
languages, and the texts of a mask's cards for an observation (from a memo, a suit at a
time). No rule is decided here.

Imports only the cards and ``rules.py``.
"""

from __future__ import annotations

from ..cards import Card, cards_in
from .rules import ACE_HIGH, SevensRules, card_at

# the text of the card at each row position, per suit (position 14: the German high ace)
_POSITION_TEXTS = tuple((None, *(str(card_at(p, s)) for p in range(1, ACE_HIGH + 1)))
                        for s in range(4))
_SUIT_TEXTS: tuple = ({}, {}, {}, {})  # per suit: 13-bit part of a mask -> its card texts


def _card_texts(mask: int) -> list:
    """The texts of the cards in ``mask`` ('7♦'), in index order, a suit at a time from a
    memo: an observation writes every hand and the table, and is read at every move by
    the computer players."""
    out = []
    for s in range(4):
        part = mask >> (13 * s) & 0x1FFF
        if part:
            memo = _SUIT_TEXTS[s]
            found = memo.get(part)
            if found is None:
                found = memo[part] = tuple(str(c) for c in cards_in(part << (13 * s)))
            out += found
    return out


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _article_fr(rank: int) -> str:
    return "la " if rank == 12 else "le "


def _of_fr(c: Card) -> str:
    """« du 7♦ », « de la D♦ », « de l'A♦ »."""
    return "de la " + c.text("fr") if c.rank == 12 else "de l'" + c.text("fr") \
        if c.rank == 1 else "du " + c.text("fr")


def _laid_fr(rules: SevensRules) -> str:
    """« posés » after the start cards of the rows, « posées » after the queens (dames)."""
    return "posées" if rules.start_rank == 12 else "posés"


def _free_passes_left_fr(left: int) -> str:
    """« 2 passes libres restantes », « 1 passe libre restante », « plus aucune passe
    libre »."""
    if not left:
        return "plus aucune passe libre"
    plural = "" if left == 1 else "s"
    return f"{left} passe{plural} libre{plural} restante{plural}"


def _above_fr(rank: int) -> str:
    return "de la " if rank == 12 else "du "


def _chips_en(n: int) -> str:
    return "1 chip" if n == 1 else f"{n} chips"


def _chips_fr(n: int) -> str:
    return "1 jeton" if n == 1 else f"{n} jetons"


def _ordinal_en(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def _ordinal_fr(n: int) -> str:
    return {1: "première", 2: "deuxième", 3: "troisième", 4: "quatrième"}.get(n, f"{n}e")
