"""Sevens' moves: the values a player or chance plays, and how they are read and written.

A card is a :class:`doublesept.cards.Card`; the other moves are ``PASS`` (sevens.pass),
``DEAL`` (asks chance for the next round's deal, sevens.deal-rotates), a :class:`Dealt`
outcome (the hands of a deal, stacked or recorded in a save) and a :class:`Run`, several
cards of one suit in one turn (sevens.runs, ruling S6). ``parse_move`` reads any of them
from text, ``move_text`` writes them. Whether a move is legal is decided in ``verdicts.py``.

Imports only the cards, the core's move values, the errors and ``rules.py``.
"""

from __future__ import annotations

from ..cards import SUIT_NAMES_EN, SUIT_NAMES_FR, SUITS, Card, cards_in, parse_card, parse_cards
from ..core.moves import MoveValue, Word
from ..errors import NotationError, shown
from .rules import ACE_HIGH, card_at

PASS = Word("pass", "passe")  # sevens.pass
DEAL = Word("deal", "donne")  # asks chance for the next round's deal (sevens.deal-rotates)
_WORDS = {"pass": PASS, "passe": PASS, "passer": PASS, "deal": DEAL, "donne": DEAL}


class Dealt(MoveValue):
    """The outcome of a deal: the hands dealt, as one 52-bit mask per player.

    A chance outcome and a move value: playing it at a deal stacks the deck (a lesson
    shows the case it is about); a save records it, so loading needs no generator.
    Written "deal", like the move that asks for it.
    """

    __slots__ = ("hand_masks",)

    def __init__(self, hand_masks):
        object.__setattr__(self, "hand_masks", tuple(hand_masks))

    @classmethod
    def of(cls, hands) -> Dealt:
        """The deal of ``hands``: one list of cards (or card texts, or a text) per player."""
        if isinstance(hands, (str, bytes, dict)) or not hasattr(hands, "__iter__"):
            raise NotationError(f"a deal is one hand per player, not {shown(hands)}")
        masks = []
        for hand in hands:
            if not isinstance(hand, str) and (isinstance(hand, (bytes, dict))
                                              or not hasattr(hand, "__iter__")):
                raise NotationError(f"a hand is a list of cards, not {shown(hand)}")
            cards = parse_cards(hand) if isinstance(hand, str) else [parse_card(c) for c in hand]
            mask = 0
            for c in cards:
                mask |= c.bit
            masks.append(mask)
        return cls(masks)

    @property
    def hands(self) -> list[list[Card]]:
        return [cards_in(mask) for mask in self.hand_masks]

    def text(self, lang: str = "en") -> str:
        return DEAL.text(lang)

    def __str__(self) -> str:
        return "deal"

    def __repr__(self) -> str:
        return f"Dealt({[' '.join(map(str, hand)) for hand in self.hands]!r})"

    def __eq__(self, other) -> bool:
        return other.__class__ is Dealt and other.hand_masks == self.hand_masks

    def __hash__(self) -> int:
        return hash(self.hand_masks)

    def sort_key(self) -> tuple:
        return (2, self.hand_masks)

    def __reduce__(self):
        return (Dealt, (self.hand_masks,))


class Run(MoveValue):
    """Several cards of one suit laid in one turn (sevens.runs, ruling S6): consecutive
    ranks, in the order they are laid, from the end where the first one fits, outwards.

    Written with its first and last card: ``8♦-10♦`` (up) or ``6♦-4♦`` (down).
    """

    __slots__ = ("cards",)

    def __init__(self, cards):
        object.__setattr__(self, "cards", tuple(cards))

    @classmethod
    def between(cls, first: Card, last: Card, ace_high: bool | None = None) -> Run:
        """The run from ``first`` to ``last``; NotationError unless they are two different
        cards of one suit. ``ace_high`` reads an ace as above the king (the German deck,
        ruling S7); None reads it so when the other end is an 8 or more (no run from there
        reaches a low ace). A state reads a run by its two ends under its own deck, and two
        runs with the same ends are equal."""
        if first.suit != last.suit or first.rank == last.rank:
            raise NotationError(
                f"a run is written with its first and last card, two cards of one suit such "
                f"as '8♦-10♦'; not {first}-{last}",
                f"une suite s'écrit avec sa première et sa dernière carte, deux cartes d'une "
                f"couleur comme « 8♦-10♦ » ; pas {first}-{last}")
        a, b = first.rank, last.rank
        if ace_high is None:
            ace_high = (a == 1 and b >= 8) or (b == 1 and a >= 8)
        if ace_high:
            a, b = (ACE_HIGH if a == 1 else a), (ACE_HIGH if b == 1 else b)
        step = 1 if b > a else -1
        return cls(card_at(pos, first.suit) for pos in range(a, b + step, step))

    @property
    def bits(self) -> int:
        mask = 0
        for c in self.cards:
            mask |= c.bit
        return mask

    def text(self, style: str = "symbol") -> str:
        return f"{self.cards[0].text(style)}-{self.cards[-1].text(style)}"

    def __repr__(self) -> str:
        return f"Run({self.text()!r})"

    def __eq__(self, other) -> bool:  # a run is named by its ends (its text)
        return other.__class__ is Run and other.cards[0] is self.cards[0] \
            and other.cards[-1] is self.cards[-1]

    def __hash__(self) -> int:
        return hash(("run", self.cards[0], self.cards[-1]))

    def sort_key(self) -> tuple:
        # right after its first card: (0, index) < (0, index, length, last)
        return (0, self.cards[0].index, len(self.cards), self.cards[-1].index)

    def __reduce__(self):
        return (Run, (self.cards,))


def parse_move(move) -> Card | Word | Dealt | Run:
    """Read a move: a card (``8♠``, ``8S``, ``V♦``, ``7 ♦``), ``pass``, ``deal``, or a run
    of cards laid in one turn (``8♦-10♦``, with the ``runs`` option).

    Raises NotationError, saying which notation is expected."""
    if move.__class__ is Card or move.__class__ is Dealt or move.__class__ is Run \
            or (move.__class__ is Word and (move is PASS or move is DEAL)):
        return move  # (another game's word, such as Flip 7's stay, is no Sevens move)
    if isinstance(move, str):
        word = _WORDS.get(move.strip().lower())
        if word is not None:
            return word
        cut = move.find("-", 1)
        if cut > 0 and len(move) < 40:
            return Run.between(parse_card(move[:cut]), parse_card(move[cut + 1:]))
        return parse_card(move)
    raise NotationError(f"a move is a card such as '8♠', or 'pass' or 'deal'; not {_short(move)}",
                        f"un coup est une carte comme « 8♠ », ou « passe » ou « donne » ; "
                        f"pas {_short(move)}")


def move_text(move, style: str = "symbol") -> str:
    """A move as text: a card in ``style`` ("symbol" or "en", "letter", or "fr"), or pass /
    deal (passe / donne in the "fr" style)."""
    return parse_move(move).text(style)


def _suit_index(text: str) -> int:
    token = text.strip().upper()
    for index, names in enumerate(zip(SUITS, "CDHS", SUIT_NAMES_EN, SUIT_NAMES_FR)):
        if token in {n.upper() for n in names}:
            return index
    raise NotationError(f"{_short(text)} is not a suit: use ♣ ♦ ♥ ♠ or C D H S")


_short = shown  # how an error message quotes a bad value: short, and never an error itself
