"""Playing cards of the standard 52-card deck, and their notation.

A card is read from ``7♦``, ``7D``, ``7d``, ``10♥``, ``QS`` or, with French
ranks, ``V♣`` (valet), ``D♠`` (dame), ``R♥`` (roi).  The rank always comes
first and the suit last, so ``DD`` is the queen (dame) of diamonds.
Cards are written with suit symbols and English ranks unless asked otherwise.
"""

from __future__ import annotations

import re

from .catalog import Quote, Rule, register
from .core.moves import MoveValue
from .core.names import join_words
from .errors import NotationError, shown

register(Rule(
    "cards.notation",
    "A card is a rank (A, 2-10, J, Q, K; in French V, D, R) followed by a suit (♣ ♦ ♥ ♠ or C D H S).",
    "Une carte s'écrit avec un rang (A, 2-10, V, D, R ; en anglais J, Q, K) suivi d'une couleur "
    "(♣ ♦ ♥ ♠ ou C D H S).",
    (Quote("002", "Rangs au sein de chaque couleur : As (bas) 2 3 4 5 6 7 8 9 10 Valet Dame Roi (haut)."),
     Quote("002", "Un jeu standard de 52 cartes, sans jokers.")),
))

# Suits in bridge order; a card's index is suit * 13 + (rank - 1), so sorting
# by index sorts by suit, then from ace (low) to king.
SUITS = ("♣", "♦", "♥", "♠")
SUIT_LETTERS = ("C", "D", "H", "S")
SUIT_NAMES_EN = ("clubs", "diamonds", "hearts", "spades")
SUIT_NAMES_FR = ("trèfle", "carreau", "cœur", "pique")
RANK_NAMES_EN = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES_FR = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R")
RANK_WORDS_EN = ("", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
RANK_WORDS_FR = ("", "as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "valet", "dame", "roi")

_RANK_TOKENS = {
    "A": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "T": 10, "J": 11, "Q": 12, "K": 13, "V": 11, "D": 12, "R": 13,
}
_SUIT_TOKENS = {
    "♣": 0, "♧": 0, "C": 0,
    "♦": 1, "♢": 1, "D": 1,
    "♥": 2, "♡": 2, "H": 2,
    "♠": 3, "♤": 3, "S": 3,
}


CARD_STYLES = ("symbol", "en", "letter", "fr")


class Card(MoveValue):
    """One of the 52 cards; there is exactly one object per card, so ``is`` works.

    A move value: immutable, hashable, ordered by suit then rank (before any word
    move such as pass), written with ``text(style)``."""

    __slots__ = ("_text", "bit", "index", "rank", "suit")

    def __init__(self, rank: int, suit: int):
        put = object.__setattr__
        put(self, "rank", rank)
        put(self, "suit", suit)
        put(self, "index", suit * 13 + rank - 1)
        put(self, "bit", 1 << self.index)
        put(self, "_text", RANK_NAMES_EN[rank] + SUITS[suit])

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def sort_key(self) -> tuple:
        return (0, self.index)

    def __lt__(self, other) -> bool:
        if other.__class__ is Card:
            return self.index < other.index
        key = getattr(other, "sort_key", None)
        return NotImplemented if key is None else (0, self.index) < key()

    def __gt__(self, other) -> bool:
        if other.__class__ is Card:
            return self.index > other.index
        key = getattr(other, "sort_key", None)
        return NotImplemented if key is None else (0, self.index) > key()

    def __reduce__(self):
        return (card_at, (self.index,))

    def text(self, style: str = "symbol") -> str:
        """The card as ``7♦`` (symbol, or en), ``7D`` (letter) or ``R♦`` (fr: French ranks)."""
        if style == "symbol" or style == "en":
            return self._text
        if style == "letter":
            return RANK_NAMES_EN[self.rank] + SUIT_LETTERS[self.suit]
        if style == "fr":
            return RANK_NAMES_FR[self.rank] + SUITS[self.suit]
        raise NotationError(f"unknown card style {shown(style, 24)}: use 'symbol', 'letter' "
                            "or 'fr'",
                            f"style de carte inconnu {shown(style, 24)} : 'symbol', 'letter' "
                            "ou 'fr'")

    def words_fr(self) -> str:
        """The French article and card, as in « le 8♠ », « la D♥ » or « l'A♠ »."""
        article = "l'" if self.rank == 1 else "la " if self.rank == 12 else "le "
        return f"{article}{RANK_NAMES_FR[self.rank]}{SUITS[self.suit]}"


DECK = tuple(Card(rank, suit) for suit in range(4) for rank in range(1, 14))
FULL_MASK = (1 << 52) - 1


def card_at(index: int) -> Card:
    return DECK[index]


def card(rank: int, suit: int) -> Card:
    return DECK[suit * 13 + rank - 1]


_PARSED: dict[str, Card] = {}

# Cards written in words ("seven of diamonds", "sept de carreau"): refused, but the
# message gives the card in the notation.
_RANK_WORDS = {
    **{w: r for r, w in enumerate(RANK_WORDS_EN) if r},
    **{w: r for r, w in enumerate(RANK_WORDS_FR) if r},
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8,
    "neuf": 9, "dix": 10, "one": 1, "un": 1,
}
_SUIT_WORDS = {
    **{w: s for s, w in enumerate(SUIT_NAMES_EN)},
    **{w.rstrip("s"): s for s, w in enumerate(SUIT_NAMES_EN)},
    **{w: s for s, w in enumerate(SUIT_NAMES_FR)},
    "coeur": 2, "trefle": 0, "trèfles": 0, "carreaux": 1, "cœurs": 2, "coeurs": 2, "piques": 3,
}
_IN_WORDS = re.compile(r"(?:the |le |la |l')?\s*(\w+)\s+(?:of|de|du)\s+(\w+)", re.IGNORECASE)


def _card_in_words(text: str):
    """The card ``text`` names in English or French words, or None."""
    found = _IN_WORDS.fullmatch(text.strip().lower()) if len(text) <= 40 else None
    if found is None:
        return None
    rank = _RANK_WORDS.get(found[1])
    suit = _SUIT_WORDS.get(found[2])
    return None if rank is None or suit is None else DECK[suit * 13 + rank - 1]


def parse_card(text: str | Card) -> Card:
    """Read one card; raise NotationError saying what is wrong.

    >>> parse_card("7d") is parse_card("7♦") is parse_card("7D")
    True
    >>> str(parse_card("DD")), str(parse_card("R♥")), str(parse_card("10s"))
    ('Q♦', 'K♥', '10♠')
    """
    if text.__class__ is Card:
        return text
    if not isinstance(text, str):
        raise NotationError(f"a card must be written as text such as '7♦', not {shown(text)}",
                            f"une carte s'écrit en texte, comme « 7♦ », pas {shown(text)}")
    found = _PARSED.get(text)
    if found is not None:
        return found
    token = "".join(text.split()).upper().replace("\ufe0f", "")  # "7 ♦" and "7♦️" read
    quoted = shown(text, 24)
    if len(token) < 2:
        raise NotationError(f"{quoted} is not a card: write a rank then a suit, such as '7♦' or '7D'",
                            f"{quoted} n'est pas une carte : écrivez un rang puis une couleur, "
                            "comme « 7♦ » ou « 7D »")
    if len(token) > 3:
        meant = _card_in_words(text)
        if meant is not None:
            raise NotationError(
                f"{quoted} is written {meant} in this notation: a rank then a suit, such as "
                "7♦ or 7D (ranks A 2-10 J Q K, or French V D R; suits ♣ ♦ ♥ ♠ or C D H S)",
                f"{quoted} s'écrit {meant.text('fr')} dans cette notation : un rang puis une "
                "couleur, comme 7♦ ou 7D (rangs A 2-10 V D R ; couleurs ♣ ♦ ♥ ♠ ou C D H S)")
        raise NotationError(
            f"{quoted} is not a card: write a rank then a suit, such as 7♦, 7D or 10♠ "
            "(ranks A 2-10 J Q K, or French V D R; suits ♣ ♦ ♥ ♠ or C D H S), not words",
            f"{quoted} n'est pas une carte : écrivez un rang puis une couleur, comme 7♦, 7D "
            "ou 10♠ (rangs A 2-10 V D R ; couleurs ♣ ♦ ♥ ♠ ou C D H S), pas des mots")
    rank = _RANK_TOKENS.get(token[:-1])
    suit = _SUIT_TOKENS.get(token[-1])
    if suit is None:
        raise NotationError(
            f"{quoted} is not a card: the suit {token[-1]!r} is not one of ♣ ♦ ♥ ♠ (or C D H S)",
            f"{quoted} n'est pas une carte : la couleur {token[-1]!r} n'est pas ♣ ♦ ♥ ♠ (ni C D H S)",
        )
    if rank is None:
        raise NotationError(
            f"{quoted} is not a card: the rank {token[:-1]!r} is not one of "
            "A 2-10 J Q K (or French V D R)",
            f"{quoted} n'est pas une carte : le rang {token[:-1]!r} n'est pas A 2-10 V D R "
            "(ni J Q K)",
        )
    found = DECK[suit * 13 + rank - 1]
    if len(_PARSED) < 4096:
        _PARSED[text] = found
    return found


# a rank, spaces, then a suit symbol: "7 ♦" is one card (also in a run such as "6 ♦-8 ♦")
_SPLIT_CARD = re.compile(r"(?<![^\s,-])(10|[2-9AJQKVDRT1])\s+([♣♧♦♢♥♡♠♤][\ufe0f]?)(?=[\s,-]|$)",
                         re.IGNORECASE)


def join_spaced_cards(text: str) -> str:
    """``text`` with each card written with a space ("7 ♦") closed up ("7♦").

    >>> join_spaced_cards("7 ♦, 10 ♠ 6 ♥-8 ♥")
    '7♦, 10♠ 6♥-8♥'
    """
    return _SPLIT_CARD.sub(r"\1\2", text)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas ("7♦ 8♠", "7 ♦, 8 ♠"), refusing a card
    written twice. Raises NotationError naming the card."""
    if not isinstance(text, str):
        raise NotationError(f"cards are written as text such as '7♦ 8♠', not {type(text).__name__}",
                            f"les cartes s'écrivent en texte, comme « 7♦ 8♠ », pas "
                            f"{type(text).__name__}")
    cards: list[Card] = []
    for token in join_spaced_cards(text).replace(",", " ").split():
        found = parse_card(token)
        if found in cards:
            raise NotationError(f"{found} is written twice in {text.strip()!r}",
                                f"{found} est écrit deux fois dans {text.strip()!r}")
        cards.append(found)
    return cards


def cards_in(mask: int) -> list[Card]:
    """The cards whose bits are set in ``mask``, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out


def mask_of(cards) -> int:
    mask = 0
    for c in cards:
        mask |= c.bit
    return mask


def join_fr(words: list[str]) -> str:
    """« a, b et c » (``core.names.join_words``)."""
    return join_words(words, "fr")


def join_en(words: list[str]) -> str:
    """"a, b and c" (``core.names.join_words``)."""
    return join_words(words, "en")
